/**
 * The tables that describe the current snapshot (its `snapshot` row, warnings, configurations,
 * benchmarks, tags, details and the crawl's record), as every write fills them.
 */
import type Database from 'better-sqlite3';
import type { ScoreEntry } from '../api/schema.ts';
import type { ValidatedExport } from '../api/validate.ts';
import { byRanking, byWeight } from '../api/ranking.ts';
import type { SnapshotSource } from './schema.ts';
import { coverageAsOf, measureCoverage, type DetailsCoverage } from './coverage.ts';

export interface SnapshotMeta {
  fetchedAt: number;
  source: SnapshotSource;
  /** Fictional data: the bundled sample, or an export its maker labelled `fictional`. */
  sample: boolean;
  /** Origin of the API (never a path, query or key). */
  apiOrigin?: string | undefined;
  computedAt?: number | undefined;
  lastModified?: string | undefined;
  schemaVersion?: string | undefined;
  cacheMaxAge?: number | undefined;
  bodySha256: string;
  /** True when built from list endpoints instead of the bulk export. */
  partial: boolean;
}

export interface ModelDetailRecord {
  /** The summary's `updatedAt` when the detail was fetched (the last ranking refresh then; kept for the record). */
  updatedAt: number;
  fetchedAt: number;
  /** The summary's `benchCount` when the detail was fetched: a different one now asks for a refresh. */
  benchCount?: number | undefined;
  scores: ScoreEntry[];
}

/** The mirror's spend, recorded so the next run can spread the month's allowance (see src/snapshot/details-plan.ts). */
export interface CrawlRecord {
  /** X-Quota-Reset of the period counted, in Unix ms; undefined when the API did not say. */
  periodReset?: number | undefined;
  /** The mirror's requests in that period, this run's included. */
  periodRequests: number;
  runDetailRequests: number;
  /** The detail requests this run was allowed; undefined when it did not crawl. */
  runAllowance?: number | undefined;
}

/** The current snapshot as a write is given it. */
export interface CurrentSnapshot {
  data: ValidatedExport;
  meta: SnapshotMeta;
  /** Details fetched in this run; the previous file's details are carried over while their configuration is in the export. */
  details?: ReadonlyMap<string, ModelDetailRecord> | undefined;
  crawl?: CrawlRecord | undefined;
  /** Snapshots of history to keep, this one included. */
  historyLimit: number;
}

/** Code unit order: close to the byte order SQLite keeps text keys in, which is all an insert order needs. */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Inserts the current snapshot into empty current tables; details only for configurations in the export. */
export function insertCurrent(db: Database.Database, { data, meta, details, historyLimit }: CurrentSnapshot): void {
  db.prepare(
    `INSERT INTO snapshot (id, generated_at, fetched_at, source, api_origin, computed_at, last_modified, schema_version, cache_max_age, body_sha256, partial, sample, history_limit)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    data.generatedAt,
    meta.fetchedAt,
    meta.source,
    meta.apiOrigin ?? null,
    meta.computedAt ?? null,
    meta.lastModified ?? null,
    meta.schemaVersion ?? null,
    meta.cacheMaxAge ?? null,
    meta.bodySha256,
    meta.partial ? 1 : 0,
    meta.sample ? 1 : 0,
    Math.max(1, Math.floor(historyLimit)),
  );

  const warning = db.prepare('INSERT INTO warnings (path, problem) VALUES (?, ?)');
  for (const w of data.warnings) warning.run(w.path, w.problem);

  const model = db.prepare(
    'INSERT INTO models (slug, name, provider, family_tag, supra_score, bench_count, updated_at, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const modelTag = db.prepare('INSERT INTO model_tags (slug, tag) VALUES (?, ?)');
  // Rows go in in key order (a B-tree appends them), each with its place in the ranking.
  const ranked = [...data.models].sort(byRanking).map((m, i) => ({ m, position: i + 1 }));
  for (const { m, position } of ranked.sort((a, b) => byKey(a.m.slug, b.m.slug))) {
    model.run(m.slug, m.name, m.provider, m.familyTag, m.supraScore, m.benchCount, m.updatedAt, position);
    for (const tag of [...m.tags].sort(byKey)) modelTag.run(m.slug, tag);
  }

  const bench = db.prepare(
    `INSERT INTO benches (slug, name, description, url, is_official, scale_min, scale_max, quality_score, dimensions, model_count, rater_count, effective_weight, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const benchTag = db.prepare('INSERT INTO bench_tags (slug, tag) VALUES (?, ?)');
  [...data.benches].sort(byWeight).forEach((b, i) => {
    bench.run(
      b.slug,
      b.name,
      b.description,
      b.url,
      b.isOfficial ? 1 : 0,
      b.scaleMin,
      b.scaleMax,
      b.qualityScore,
      // Entries, not an object: a key such as "__proto__" survives the round trip.
      JSON.stringify(Object.entries(b.dimensions)),
      b.modelCount,
      b.raterCount,
      b.effectiveWeight,
      i + 1,
    );
    for (const tag of b.tags) benchTag.run(b.slug, tag);
  });

  const tag = db.prepare('INSERT INTO tags (tag, models, benches) VALUES (?, ?, ?)');
  for (const t of data.tags) tag.run(t.tag, t.models, t.benches);

  const detail = db.prepare('INSERT INTO model_details (slug, updated_at, fetched_at, bench_count) VALUES (?, ?, ?, ?)');
  const score = db.prepare(
    `INSERT INTO scores (slug, position, bench, bench_name, raw_score, normalized_score, source_url, accessed_at, upvotes, downvotes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const present = new Set(data.models.map((m) => m.slug));
  for (const [slug, d] of details ?? []) {
    if (!present.has(slug)) continue;
    detail.run(slug, d.updatedAt, d.fetchedAt, d.benchCount ?? null);
    d.scores.forEach((s, i) => score.run(slug, i, s.bench, s.benchName, s.rawScore, s.normalizedScore, s.sourceUrl, s.accessedAt, s.upvotes, s.downvotes));
  }
}

/** Records coverage (once every detail the file keeps is in) and the crawl's spend. */
export function recordCrawl(db: Database.Database, { data, meta, crawl }: CurrentSnapshot): DetailsCoverage {
  const c = measureCoverage(db, coverageAsOf(meta.source, meta.fetchedAt, data.generatedAt));
  db.prepare(
    `INSERT INTO details_crawl (id, as_of, configurations, with_details, older_7d, older_30d, oldest_fetched_at, newest_fetched_at,
                                quota_period_reset, quota_period_requests, run_detail_requests, run_allowance)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    c.asOf,
    c.configurations,
    c.withDetails,
    c.olderThan7Days,
    c.olderThan30Days,
    c.oldestFetchedAt,
    c.newestFetchedAt,
    crawl?.periodReset ?? null,
    crawl?.periodRequests ?? 0,
    crawl?.runDetailRequests ?? 0,
    crawl?.runAllowance ?? null,
  );
  return c;
}
