/**
 * The one reader of a snapshot file: opens it read-only, checks its store version, and returns
 * typed rows with named columns. The snapshot step, the build, the demo and the site's data module
 * all read through here; nothing else reads a snapshot's rows (snapshot-file-kind.ts only looks at
 * a file's header and schema, to say whose it is).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { MirrorError } from '../core/errors.ts';
import { isSafeSegment } from '../api/segment.ts';
import type { BenchSummary, ModelSummary, ScoreEntry, TagInfo } from '../api/schema.ts';
import { READABLE_VERSIONS, STORE_VERSION, type SnapshotSource } from './schema.ts';
import { coverageAsOf, measureCoverage, type DetailsCoverage } from './coverage.ts';
import { historyQueries, type HistoryQueries } from './read-history.ts';

export type { SnapshotSource } from './schema.ts';
export type { DetailsCoverage } from './coverage.ts';
export type { HistoryName, HistoryPoints, HistorySnapshotRow } from './read-history.ts';

/** The mirror's spend as recorded with the snapshot (store version 3; null in older files). */
export interface CrawlLedger {
  /** X-Quota-Reset (Unix ms) of the quota period counted; null when the API did not say. */
  periodReset: number | null;
  /** The mirror's requests in that period, up to and including the run that wrote this file. */
  periodRequests: number;
  runDetailRequests: number;
  runAllowance: number | null;
}

/** The `snapshot` row: what was taken, when, from where. */
export interface SnapshotInfo {
  generatedAt: number;
  fetchedAt: number;
  source: SnapshotSource;
  /** Origin of the API (never a path, query or key), for a snapshot taken from it. */
  apiOrigin: string | null;
  computedAt: number | null;
  cacheMaxAge: number | null;
  bodySha256: string;
  /** Built from list endpoints instead of the bulk export (a Starter key). */
  partial: boolean;
  /** Fictional data, as labelled by whatever made it (the bundled sample, the demo, the simulator). */
  sample: boolean;
  /** Snapshots of history the writer keeps (its SNAPSHOT_HISTORY_LIMIT); null in files of version 1. */
  historyLimit: number | null;
  /** The answer's Last-Modified as stored (unparsed text); null when it had none. */
  lastModified: string | null;
  /** How many configurations have per-benchmark details, and how old they are (computed for files before version 3). */
  coverage: DetailsCoverage;
  /** The details crawl's spend; null in files before version 3. */
  crawl: CrawlLedger | null;
}

/**
 * A row of `models`: one configuration as validation accepted it (src/api/schema.ts describes its
 * fields), its tags apart (`model_tags`), at its position in the ranking order.
 */
export type ConfigurationRow = Pick<ModelSummary, 'slug' | 'name' | 'provider' | 'familyTag' | 'supraScore' | 'benchCount' | 'updatedAt'> & {
  /** 1 = first in the ranking order (supraScore descending, then slug). */
  position: number;
};

/** A row of `benches`: one benchmark as validation accepted it, its tags apart (`bench_tags`), at its position by effectiveWeight. */
export type BenchRow = Pick<
  BenchSummary,
  'slug' | 'name' | 'description' | 'url' | 'isOfficial' | 'scaleMin' | 'scaleMax' | 'qualityScore' | 'modelCount' | 'raterCount' | 'effectiveWeight'
> & {
  /** As entries, so a key such as `__proto__` survives; known keys in the API's order. */
  dimensions: [string, number][];
  position: number;
};

/** A row of `tags`: an element of the taxonomy. */
export type TagRow = Pick<TagInfo, 'tag' | 'models' | 'benches'>;

/** Which slug carries which tag (`model_tags` or `bench_tags`). */
export interface TagLink {
  slug: string;
  tag: string;
}

export interface DetailRow {
  slug: string;
  /** The configuration's `updatedAt` when its detail was fetched. */
  updatedAt: number;
  fetchedAt: number;
  /** The configuration's `benchCount` when its detail was fetched; null when unknown (files before version 3). */
  benchCount: number | null;
}

/** A row of `scores`: a per-benchmark score of a configuration, as validation accepted it. */
export type ScoreRow = Pick<ScoreEntry, 'bench' | 'benchName' | 'rawScore' | 'normalizedScore' | 'sourceUrl' | 'accessedAt' | 'upvotes' | 'downvotes'> & {
  /** The configuration's. */
  slug: string;
};

/** A ScoreRow's fields in its order: slug, bench, benchName, rawScore, normalizedScore, sourceUrl, accessedAt, upvotes, downvotes. */
export type ScoreTuple = [string, string, string, number, number, string, number, number, number];

export interface SnapshotCounts {
  configurations: number;
  benches: number;
  tags: number;
  details: number;
  warnings: number;
  historySnapshots: number;
  /** Configurations the history names. */
  historyConfigurations: number;
}

/** The one reader of a snapshot: the current snapshot's rows here, its history's in read-history.ts. */
export interface SnapshotReader extends HistoryQueries {
  readonly path: string;
  readonly version: number;
  info(): SnapshotInfo;
  counts(): SnapshotCounts;
  /** In ranking order. Rows whose slug is not a safe path segment (a tampered file) are left out and counted in `skipped()`. */
  configurations(): ConfigurationRow[];
  configurationSlugs(): string[];
  configurationTags(): TagLink[];
  /** By effectiveWeight, as stored. */
  benches(): BenchRow[];
  benchTags(): TagLink[];
  tags(): TagRow[];
  details(): DetailRow[];
  /** Per configuration in stored order. */
  scores(): ScoreRow[];
  /**
   * The same rows, as many as there are and then each as a tuple read as it is walked (the site's
   * compact index): a large field's rows as objects do not fit in the render's heap.
   */
  eachScore(): { count: number; rows: IterableIterator<ScoreTuple> };
  /**
   * How many per-benchmark submissions there are, then each one's configuration, benchmark and whether
   * it counts toward supraScore (more upvotes than downvotes), a configuration's together, read as
   * they are walked: what a build plans its outputs with (3.5 million at 50,000 configurations with
   * details, walked in about a second).
   */
  scoreBenches(): { count: number; rows: IterableIterator<[slug: string, bench: string, counts: 0 | 1]> };
  /** Rows left out because a slug or tag is not a safe path segment. */
  skipped(): number;
  /** SQLite's `quick_check` of the tables that describe the current snapshot: 'ok', or what is damaged. */
  quickCheck(): string;
  close(): void;
}

const mirrorFailure = (path: string, what: string, hint: string) => new MirrorError('internal', `${path}: ${what}`, { hint });

/**
 * Opens a snapshot file for reading. Throws a MirrorError of kind `internal` (exit 1) with one line
 * when the file is missing, is not a snapshot, or has a store version this tool cannot read.
 */
export function openSnapshot(path: string): SnapshotReader {
  if (!existsSync(path)) throw mirrorFailure(path, 'no such snapshot file', 'run npm run snapshot (or npm run build, which loads the bundled sample)');
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw mirrorFailure(path, `cannot open the snapshot file (${(err as Error).message})`, 'check the path and its permissions');
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (!READABLE_VERSIONS.includes(version)) {
      throw mirrorFailure(
        path,
        version === 0
          ? 'not a snapshot file of this tool (store version 0)'
          : `store version ${version}; this tool reads versions ${READABLE_VERSIONS.join(', ')} (writes ${STORE_VERSION})`,
        version > STORE_VERSION ? 'a newer version of the mirror wrote it: update this checkout' : 'take a new snapshot with npm run snapshot',
      );
    }
    return createReader(db, path, version);
  } catch (err) {
    db.close();
    if (err instanceof MirrorError) throw err;
    throw mirrorFailure(path, `cannot read the snapshot file (${(err as Error).message})`, 'take a new snapshot with npm run snapshot');
  }
}

/** Every per-benchmark score, by configuration in stored order (ScoreRow's fields, in ScoreTuple's order). */
const SCORES_SQL = `SELECT slug, bench, bench_name AS benchName, raw_score AS rawScore, normalized_score AS normalizedScore, source_url AS sourceUrl,
                           accessed_at AS accessedAt, upvotes, downvotes
                    FROM scores ORDER BY slug, position`;

/** The tables that describe the current snapshot, as opposed to its history: what `quickCheck` checks. */
const CURRENT_TABLES = ['snapshot', 'models', 'model_tags', 'benches', 'bench_tags', 'tags', 'model_details', 'scores', 'details_crawl'];

/** The `snapshot` row with the details' coverage and the crawl's ledger (measured where a file before version 3 did not record them). */
function readInfo(db: Database.Database, path: string, version: number): SnapshotInfo {
  const [v2, v3] = [version >= 2, version >= 3];
  const infoRow = db
    .prepare(
      `SELECT generated_at AS generatedAt, fetched_at AS fetchedAt, source, api_origin AS apiOrigin, computed_at AS computedAt,
              cache_max_age AS cacheMaxAge, body_sha256 AS bodySha256, partial, last_modified AS lastModified,
              ${v2 ? 'sample' : '0'} AS sample, ${v2 ? 'history_limit' : 'NULL'} AS historyLimit
       FROM snapshot WHERE id = 1`,
    )
    .get() as (Omit<SnapshotInfo, 'partial' | 'sample' | 'coverage' | 'crawl'> & { partial: number; sample: number }) | undefined;
  if (!infoRow) throw mirrorFailure(path, 'the snapshot file holds no snapshot', 'take a new snapshot with npm run snapshot');
  const crawlRow = v3
    ? (db
        .prepare(
          `SELECT as_of AS asOf, configurations, with_details AS withDetails, older_7d AS olderThan7Days, older_30d AS olderThan30Days,
                  oldest_fetched_at AS oldestFetchedAt, newest_fetched_at AS newestFetchedAt, quota_period_reset AS periodReset,
                  quota_period_requests AS periodRequests, run_detail_requests AS runDetailRequests, run_allowance AS runAllowance
           FROM details_crawl WHERE id = 1`,
        )
        .get() as (DetailsCoverage & CrawlLedger) | undefined)
    : undefined;
  const coverage: DetailsCoverage = crawlRow
    ? {
        asOf: crawlRow.asOf,
        configurations: crawlRow.configurations,
        withDetails: crawlRow.withDetails,
        olderThan7Days: crawlRow.olderThan7Days,
        olderThan30Days: crawlRow.olderThan30Days,
        oldestFetchedAt: crawlRow.oldestFetchedAt,
        newestFetchedAt: crawlRow.newestFetchedAt,
      }
    : measureCoverage(db, coverageAsOf(infoRow.source, infoRow.fetchedAt, infoRow.generatedAt));
  const crawl: CrawlLedger | null = crawlRow
    ? {
        periodReset: crawlRow.periodReset,
        periodRequests: crawlRow.periodRequests,
        runDetailRequests: crawlRow.runDetailRequests,
        runAllowance: crawlRow.runAllowance,
      }
    : null;
  return { ...infoRow, partial: infoRow.partial === 1, sample: infoRow.sample === 1, coverage, crawl };
}

function createReader(db: Database.Database, path: string, version: number): SnapshotReader {
  let skipped = 0;
  const v3 = version >= 3;
  const info = readInfo(db, path, version);
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const safe = <T>(rows: T[], ...keys: (keyof T)[]) =>
    rows.filter((row) => {
      const ok = keys.every((k) => isSafeSegment(row[k]));
      if (!ok) skipped++;
      return ok;
    });

  return {
    path,
    version,
    info: () => info,
    counts: () => ({
      configurations: count('models'),
      benches: count('benches'),
      tags: count('tags'),
      details: count('model_details'),
      warnings: count('warnings'),
      historySnapshots: count('history_snapshots'),
      historyConfigurations: db.prepare("SELECT COUNT(*) FROM history_names WHERE kind = 'model'").pluck().get() as number,
    }),
    configurations: () =>
      safe(
        db
          .prepare(
            `SELECT slug, name, provider, family_tag AS familyTag, supra_score AS supraScore, bench_count AS benchCount, updated_at AS updatedAt, position
             FROM models ORDER BY position`,
          )
          .all() as ConfigurationRow[],
        'slug',
      ),
    configurationSlugs: () => db.prepare('SELECT slug FROM models').pluck().all() as string[],
    configurationTags: () => safe(db.prepare('SELECT slug, tag FROM model_tags ORDER BY slug, tag').all() as TagLink[], 'slug', 'tag'),
    benches: () =>
      safe(
        (
          db
            .prepare(
              `SELECT slug, name, description, url, is_official AS isOfficial, scale_min AS scaleMin, scale_max AS scaleMax, quality_score AS qualityScore,
                      dimensions, model_count AS modelCount, rater_count AS raterCount, effective_weight AS effectiveWeight, position
               FROM benches ORDER BY position`,
            )
            .all() as (Omit<BenchRow, 'isOfficial' | 'dimensions'> & { isOfficial: number; dimensions: string })[]
        ).map((b) => ({ ...b, isOfficial: b.isOfficial === 1, dimensions: JSON.parse(b.dimensions) as [string, number][] })),
        'slug',
      ),
    benchTags: () => safe(db.prepare('SELECT slug, tag FROM bench_tags ORDER BY slug, tag').all() as TagLink[], 'slug', 'tag'),
    tags: () => safe(db.prepare('SELECT tag, models, benches FROM tags ORDER BY tag').all() as TagRow[], 'tag'),
    details: () =>
      db
        .prepare(`SELECT slug, updated_at AS updatedAt, fetched_at AS fetchedAt, ${v3 ? 'bench_count' : 'NULL'} AS benchCount FROM model_details`)
        .all() as DetailRow[],
    scores: () => db.prepare(SCORES_SQL).all() as ScoreRow[],
    eachScore: () => ({
      count: (db.prepare('SELECT COUNT(*) FROM scores').pluck().get() as number) ?? 0,
      rows: db.prepare(SCORES_SQL).raw().iterate() as IterableIterator<ScoreTuple>,
    }),
    scoreBenches: () => ({
      count: count('scores'),
      rows: db.prepare('SELECT slug, bench, upvotes > downvotes FROM scores ORDER BY slug, position').raw().iterate() as IterableIterator<
        [string, string, 0 | 1]
      >,
    }),
    ...historyQueries(db, version),
    skipped: () => skipped,
    // The tables a run plans with: checking a year of history too would read the whole file every run.
    quickCheck: () =>
      CURRENT_TABLES.filter((t) => t !== 'details_crawl' || v3)
        .map((t) => String(db.pragma(`quick_check(${t})`, { simple: true })))
        .find((r) => r !== 'ok') ?? 'ok',
    close: () => db.close(),
  };
}

/** Opens, reads and always closes. */
export function withSnapshot<T>(path: string, read: (reader: SnapshotReader) => T): T {
  const reader = openSnapshot(path);
  try {
    return read(reader);
  } finally {
    reader.close();
  }
}

/** What a build prints and stamps: the snapshot and its counts. */
export interface SnapshotSummary extends SnapshotInfo {
  configurations: number;
  benches: number;
  tags: number;
}

export function summarizeSnapshot(path: string): SnapshotSummary {
  return withSnapshot(path, (r) => {
    const { configurations, benches, tags } = r.counts();
    return { ...r.info(), configurations, benches, tags };
  });
}

/** A stored detail as the crawl plans with it: when it was fetched, and the summary's fields then. */
export interface StoredDetail {
  updatedAt: number;
  fetchedAt: number;
  benchCount: number | null;
}

/** What the snapshot step needs to know about the file it may replace. */
export interface PreviousSnapshot {
  generatedAt: number;
  fetchedAt: number;
  source: SnapshotSource;
  partial: boolean;
  bodySha256: string;
  apiOrigin: string | null;
  /** The stored answer's Last-Modified, unparsed (parse it before sending it anywhere). */
  lastModified: string | null;
  modelSlugs: Set<string>;
  /** slug -> its stored detail. */
  details: Map<string, StoredDetail>;
  crawl: CrawlLedger | null;
  /** The store version of the file, for carrying its history over. */
  version: number;
}

export type Inspection = { state: 'missing' } | { state: 'unreadable'; reason: string } | { state: 'ok'; snapshot: PreviousSnapshot };

/** Like `openSnapshot`, but anything it cannot read is `unreadable`, never an exception. */
export function inspectSnapshot(path: string): Inspection {
  if (!existsSync(path)) return { state: 'missing' };
  let reader: SnapshotReader | undefined;
  try {
    reader = openSnapshot(path);
    const check = reader.quickCheck();
    if (check !== 'ok') return { state: 'unreadable', reason: `quick_check: ${check}` };
    const info = reader.info();
    return {
      state: 'ok',
      snapshot: {
        generatedAt: info.generatedAt,
        fetchedAt: info.fetchedAt,
        source: info.source,
        partial: info.partial,
        bodySha256: info.bodySha256,
        apiOrigin: info.apiOrigin,
        lastModified: info.lastModified,
        modelSlugs: new Set(reader.configurationSlugs()),
        details: new Map(reader.details().map(({ slug, ...d }) => [slug, d])),
        crawl: info.crawl,
        version: reader.version,
      },
    };
  } catch (err) {
    return { state: 'unreadable', reason: err instanceof MirrorError ? err.message.replace(`${path}: `, '') : (err as Error).message };
  } finally {
    reader?.close();
  }
}
