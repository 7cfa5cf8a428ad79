/**
 * The whole snapshot as an SQLite file under /data/, for the data page: which parts this build
 * published (the build hands them to the render through a file the render input names),
 * and what each table and column of the file holds. The file's layout is the store's
 * (src/store/schema.ts); test/unit/snapshot-db.test.ts holds this description to it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PublishedStateSchema, type PublishedState } from '../../store/published-state.ts';

export type { PublishedState };

/** How long the data page waits for it: the build stops the render at once if making the file fails, so this only bounds a hung build. */
const WAIT_MS = 15 * 60_000;

/**
 * The published file this build made, read from `path`, the file the build hands it over in
 * (RenderInput.handover), once the build has made it: the render may start before the file is made (a
 * build without a deploy target makes it beside the render), so the build writes that file, whole, once
 * it is. Undefined outside a build (astro check, a page test without one). `signal` ends the wait early
 * (a render stopped in this process).
 */
export async function readPublishedState(path: string | undefined, waitMs = WAIT_MS, signal?: AbortSignal): Promise<PublishedState | undefined> {
  if (!path) return undefined;
  const until = Date.now() + waitMs;
  for (;;) {
    let raw: string | undefined;
    try {
      raw = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (raw !== undefined) {
      const parsed = PublishedStateSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    }
    if (Date.now() >= until)
      throw new Error(`the build did not say within ${Math.round(waitMs / 1000)} s which snapshot file it published (${path} is missing)`);
    await sleep(50, undefined, { signal });
  }
}

/** Hands the render the published file's figures (see readPublishedState): written whole, then renamed into place. */
export function handOverPublishedState(path: string, state: PublishedState): void {
  writeFileSync(`${path}.part`, JSON.stringify(state));
  renameSync(`${path}.part`, path);
}

export interface TableDoc {
  table: string;
  meaning: string;
  columns: Record<string, string>;
}

const MS = '(Unix time in milliseconds)';

/** Every table of the published file, in the order a reader needs them. */
export const SNAPSHOT_TABLES: TableDoc[] = [
  {
    table: 'attribution',
    meaning: 'Whom to credit: keep this with any data you take from the file.',
    columns: {
      source: 'Name of the data source.',
      source_url: 'Its address: link to it when you republish the data.',
      attribution: 'The attribution sentence to keep with the data.',
      site_url: 'The mirror that published the file.',
    },
  },
  {
    table: 'snapshot',
    meaning: 'One row: the snapshot the file holds.',
    columns: {
      id: 'Always 1.',
      generated_at: `When the API assembled the snapshot ${MS}.`,
      fetched_at: `When the mirror took it ${MS}.`,
      source: '`api`, `file` or `sample` (the fictional sample).',
      api_origin: 'The API’s origin, for a snapshot taken from it.',
      computed_at: `The API’s X-Computed-At ${MS}, when it sent one.`,
      last_modified: 'The answer’s Last-Modified header, when it had one.',
      schema_version: 'The API’s X-Schema-Version, when it sent one.',
      cache_max_age: 'The answer’s cache lifetime in seconds.',
      body_sha256: 'sha256 of the export’s body.',
      partial: '1 when assembled from the list endpoints (at most 500 rows each), not the full export.',
      sample: '1 when the data is fictional.',
      history_limit: 'Snapshots of history the mirror keeps.',
    },
  },
  {
    table: 'models',
    meaning: 'One row per configuration of the snapshot (a row of /v1/models), in ranking order.',
    columns: {
      slug: 'The configuration’s identifier in the API.',
      name: 'Display name.',
      provider: 'Vendor name.',
      family_tag: 'The model (one release) it belongs to.',
      supra_score: 'Its supraScore (0–100, relative to the current top 10).',
      bench_count: 'Benchmarks it has scores on.',
      updated_at: `When its ranking was last refreshed ${MS}.`,
      position: '1 = first by supraScore descending, then slug (ties share a configuration rank on the site).',
    },
  },
  { table: 'model_tags', meaning: 'Which configuration carries which capability tag.', columns: { slug: 'The configuration.', tag: 'The tag.' } },
  {
    table: 'benches',
    meaning: 'One row per benchmark, by effectiveWeight.',
    columns: {
      slug: 'The benchmark’s identifier.',
      name: 'Display name.',
      description: 'What it measures, as the API describes it.',
      url: 'Its source, as submitted (only an http(s) address is a link on the site).',
      is_official: '1 when the URL is the benchmark’s official source.',
      scale_min: 'Lowest raw score on its native scale.',
      scale_max: 'Highest raw score on its native scale.',
      quality_score: 'The community’s rating of the benchmark (0–100).',
      dimensions: 'Its quality dimensions (1–5 each) as JSON: an array of [name, value] pairs.',
      model_count: 'Configurations with a score on it.',
      rater_count: 'People who rated it.',
      effective_weight: 'Its weight in supraScore.',
      position: '1 = the heaviest.',
    },
  },
  { table: 'bench_tags', meaning: 'Which benchmark carries which tag.', columns: { slug: 'The benchmark.', tag: 'The tag.' } },
  { table: 'tags', meaning: 'The taxonomy.', columns: { tag: 'The tag.', models: 'Configurations carrying it.', benches: 'Benchmarks carrying it.' } },
  {
    table: 'model_details',
    meaning: 'The configurations whose per-benchmark scores the mirror fetched (/v1/models/{slug}), kept until the configuration leaves the export.',
    columns: {
      slug: 'The configuration.',
      updated_at: `Its updatedAt when the detail was fetched ${MS}.`,
      fetched_at: `When the mirror fetched it ${MS}.`,
      bench_count: 'Its benchCount then.',
    },
  },
  {
    table: 'scores',
    meaning: 'Per-benchmark score submissions of the configurations in model_details.',
    columns: {
      slug: 'The configuration.',
      position: 'Order among its submissions, as the API lists them.',
      bench: 'The benchmark’s slug.',
      bench_name: 'The benchmark’s name.',
      raw_score: 'The score on the benchmark’s native scale (scale_min to scale_max).',
      normalized_score: 'The score on the 0–100 scale.',
      source_url: 'Where the score was taken from, as submitted.',
      accessed_at: `When the submitter accessed the source ${MS}.`,
      upvotes: 'Community upvotes.',
      downvotes: 'Community downvotes; a submission counts toward supraScore with more upvotes than downvotes.',
    },
  },
  {
    table: 'details_crawl',
    meaning: 'One row: how many configurations have per-benchmark scores, how old they are, and the mirror’s spend of its API quota.',
    columns: {
      id: 'Always 1.',
      as_of: `The moment the ages are counted from ${MS}.`,
      configurations: 'Configurations in the snapshot.',
      with_details: 'Of them, those with per-benchmark scores.',
      older_7d: 'Details fetched more than 7 days before as_of.',
      older_30d: 'Details fetched more than 30 days before as_of.',
      oldest_fetched_at: `The oldest detail’s fetch ${MS}.`,
      newest_fetched_at: `The newest detail’s fetch ${MS}.`,
      quota_period_reset: `When the API’s monthly quota resets ${MS}.`,
      quota_period_requests: 'Requests the mirror sent in that quota period.',
      run_detail_requests: 'Detail requests of the run that wrote the file.',
      run_allowance: 'The detail requests that run was allowed.',
    },
  },
  {
    table: 'warnings',
    meaning: 'What validation dropped or questioned in the export, by JSON path.',
    columns: { id: 'Order.', path: 'The JSON path of the value.', problem: 'What was wrong with it.' },
  },
  {
    table: 'history_snapshots',
    meaning: 'One row per snapshot of history, this one included (up to history_limit, the oldest dropped first).',
    columns: {
      id: 'The snapshot’s id in history_points.',
      generated_at: `When the API assembled it ${MS}.`,
      fetched_at: `When the mirror took it ${MS}.`,
      body_sha256: 'sha256 of its export’s body.',
      partial: '1 when it was partial.',
    },
  },
  {
    table: 'history_names',
    meaning: 'Every configuration and benchmark the history refers to, by a small integer id.',
    columns: {
      id: 'The id history_points uses.',
      kind: '`model` (a configuration) or `bench` (a benchmark).',
      slug: 'Its slug.',
      name: 'Its name when last seen.',
      family_tag: 'A configuration’s model when last seen.',
      last_snapshot_id: 'The newest snapshot holding it.',
      provider: 'A configuration’s vendor when last seen (empty where an older file did not record it).',
      tags: 'A configuration’s tags when last seen, as a sorted JSON array (empty where an older file did not record them).',
    },
  },
  {
    table: 'history_points',
    meaning:
      'One row per snapshot of history, as little-endian arrays of equal length (numpy.frombuffer(blob, "<i4") or "<f8"): its configurations in ranking order, then its benchmarks.',
    columns: {
      snapshot_id: 'The snapshot (history_snapshots.id).',
      model_ids: 'int32 history_names ids of its configurations, by position (the first is rank 1).',
      supra_scores: 'float64 supraScore of each.',
      bench_counts: 'int32 benchCount of each (-1 unknown).',
      scores_digests: 'float64 digest of each one’s stored per-benchmark scores (NaN without them), so a change can say whether its evidence changed.',
      bench_ids: 'int32 history_names ids of its benchmarks.',
      effective_weights: 'float64 effectiveWeight of each.',
    },
  },
];
