/**
 * Writes a snapshot file the only safe way: build it complete in a temporary file beside the
 * target, check it, close it, then rename it over the old one. A failure at any point leaves the
 * previous file exactly as it was.
 */
import Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { dirname } from 'node:path';
import type { ScoreEntry } from '../api/schema.ts';
import type { ValidatedExport } from '../api/validate.ts';
import { MirrorError } from '../api/errors.ts';
import { byRanking, byWeight } from '../api/ranking.ts';
import { DDL, READABLE_VERSIONS, STORE_VERSION, type SnapshotSource } from './schema.ts';
import { pauseForTest } from '../cli/test-pause.ts';
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

export interface WriteInput {
  data: ValidatedExport;
  meta: SnapshotMeta;
  /** Details fetched in this run; the previous file's details are carried over while their configuration is in the export. */
  details?: ReadonlyMap<string, ModelDetailRecord>;
  crawl?: CrawlRecord | undefined;
  /** Snapshots of history to keep, this one included. */
  historyLimit: number;
  /** A readable snapshot file of this store version to carry history and details over from. */
  carryFrom?: string | undefined;
  /** False when `carryFrom` already holds this export as its newest history (details added to it): default true. */
  appendHistory?: boolean | undefined;
}

export interface WriteResult {
  historySnapshots: number;
  detailsKept: number;
  coverage: DetailsCoverage;
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function insertRows(db: Database.Database, { data, meta, details, historyLimit }: WriteInput): void {
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
  [...data.models].sort(byRanking).forEach((m, i) => {
    model.run(m.slug, m.name, m.provider, m.familyTag, m.supraScore, m.benchCount, m.updatedAt, i + 1);
    for (const tag of m.tags) modelTag.run(m.slug, tag);
  });

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

/**
 * Carries history, and every detail whose configuration is still in the export (and was not
 * fetched again in this run), over from the attached previous file. Every readable version has the
 * same history tables; versions 1 and 2 lack `bench_count`, taken then from their own summaries.
 */
function carryOver(db: Database.Database): void {
  const version = db.prepare('PRAGMA prev.user_version').pluck().get() as number;
  if (!READABLE_VERSIONS.includes(version)) return;
  const benchCount = version >= 3 ? 'd.bench_count' : '(SELECT pm.bench_count FROM prev.models pm WHERE pm.slug = d.slug)';
  // Columns by name: files before version 3 lack the evidence columns, which stay unknown (NULL).
  const v3 = version >= 3;
  db.exec(`
    INSERT INTO history_snapshots (id, generated_at, fetched_at, body_sha256, partial)
      SELECT id, generated_at, fetched_at, body_sha256, partial FROM prev.history_snapshots;
    INSERT INTO history_names (id, kind, slug, name, family_tag)
      SELECT id, kind, slug, name, ${v3 ? 'family_tag' : 'NULL'} FROM prev.history_names;
    INSERT INTO history_models (name_id, snapshot_id, supra_score, position, bench_count, scores_digest)
      SELECT name_id, snapshot_id, supra_score, position, ${v3 ? 'bench_count, scores_digest' : 'NULL, NULL'} FROM prev.history_models;
    INSERT INTO history_benches (name_id, snapshot_id, effective_weight)
      SELECT name_id, snapshot_id, effective_weight FROM prev.history_benches;
    CREATE TEMP TABLE carried AS
      SELECT d.slug FROM prev.model_details d JOIN main.models m ON m.slug = d.slug
      WHERE d.slug NOT IN (SELECT slug FROM main.model_details);
    INSERT INTO main.model_details (slug, updated_at, fetched_at, bench_count)
      SELECT d.slug, d.updated_at, d.fetched_at, ${benchCount} FROM prev.model_details d WHERE d.slug IN (SELECT slug FROM carried);
    INSERT INTO main.scores SELECT * FROM prev.scores WHERE slug IN (SELECT slug FROM carried);
    DROP TABLE carried;
  `);
}

/** Records coverage (after the carry-over) and the crawl's spend. */
function recordCrawl(db: Database.Database, { data, meta, crawl }: WriteInput): DetailsCoverage {
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

/**
 * Per configuration with stored per-benchmark scores: a 48-bit digest of what could change its
 * evidence (which benchmarks, the scores, their sources, whether each counts), not of vote tallies.
 */
function scoresDigests(db: Database.Database): Map<string, number> {
  const hashes = new Map<string, Hash>();
  const rows = db
    .prepare('SELECT slug, bench, raw_score, normalized_score, source_url, upvotes > downvotes FROM scores ORDER BY slug, position')
    .raw()
    .iterate() as IterableIterator<[string, string, number, number, string, number]>;
  for (const [slug, ...fields] of rows) {
    let hash = hashes.get(slug);
    if (!hash) hashes.set(slug, (hash = createHash('sha256')));
    hash.update(JSON.stringify(fields));
  }
  return new Map([...hashes].map(([slug, hash]) => [slug, parseInt(hash.digest('hex').slice(0, 12), 16)]));
}

/** The evidence digests of history snapshot `id`, from the per-benchmark scores the file now holds. */
function recordDigests(db: Database.Database, id: number): void {
  const digest = db.prepare(
    `UPDATE history_models SET scores_digest = ? WHERE snapshot_id = ? AND name_id = (SELECT id FROM history_names WHERE kind = 'model' AND slug = ?)`,
  );
  for (const [slug, value] of scoresDigests(db)) digest.run(value, id, slug);
}

/** Appends this snapshot to the history and drops the oldest beyond the limit. */
function appendHistory(db: Database.Database, { data, meta, historyLimit }: WriteInput): void {
  const id = db
    .prepare('INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, ?, ?)')
    .run(data.generatedAt, meta.fetchedAt, meta.bodySha256, meta.partial ? 1 : 0).lastInsertRowid;
  db.exec(`
    INSERT INTO history_names (kind, slug, name, family_tag) SELECT 'model', slug, name, family_tag FROM models WHERE true
      ON CONFLICT (kind, slug) DO UPDATE SET name = excluded.name, family_tag = excluded.family_tag;
    INSERT INTO history_names (kind, slug, name) SELECT 'bench', slug, name FROM benches WHERE true
      ON CONFLICT (kind, slug) DO UPDATE SET name = excluded.name;
  `);
  db.prepare(
    `INSERT INTO history_models (name_id, snapshot_id, supra_score, position, bench_count)
     SELECT n.id, ?, m.supra_score, m.position, m.bench_count FROM models m JOIN history_names n ON n.kind = 'model' AND n.slug = m.slug`,
  ).run(id);
  recordDigests(db, Number(id));
  db.prepare(
    `INSERT INTO history_benches (name_id, snapshot_id, effective_weight)
     SELECT n.id, ?, b.effective_weight FROM benches b JOIN history_names n ON n.kind = 'bench' AND n.slug = b.slug`,
  ).run(id);
  trimHistory(db, historyLimit);
}

/** Drops the oldest snapshots of history beyond the limit, and the names no snapshot left uses. */
function trimHistory(db: Database.Database, historyLimit: number): void {
  const keep = Math.max(1, Math.floor(historyLimit));
  db.prepare('DELETE FROM history_snapshots WHERE id NOT IN (SELECT id FROM history_snapshots ORDER BY id DESC LIMIT ?)').run(keep);
  db.exec(`
    DELETE FROM history_models WHERE snapshot_id NOT IN (SELECT id FROM history_snapshots);
    DELETE FROM history_benches WHERE snapshot_id NOT IN (SELECT id FROM history_snapshots);
    DELETE FROM history_names WHERE id NOT IN (SELECT name_id FROM history_models UNION SELECT name_id FROM history_benches);
  `);
}

/**
 * Builds the snapshot at `target` atomically. Throws (leaving `target` untouched) when anything
 * fails, the integrity check included.
 */
export function writeSnapshot(target: string, input: WriteInput): WriteResult {
  const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const removeTmp = () => rmSync(tmp, { force: true });
  process.once('exit', removeTmp);
  try {
    const db = new Database(tmp);
    let result: WriteResult;
    let coverage: DetailsCoverage | undefined;
    try {
      // A temporary file needs no journal: on any failure it is thrown away whole.
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      db.exec(DDL);
      db.pragma(`user_version = ${STORE_VERSION}`);
      // ATTACH is not allowed inside a transaction, so the previous file is attached around it.
      const hasPrevious = input.carryFrom !== undefined;
      if (hasPrevious) db.prepare('ATTACH DATABASE ? AS prev').run(input.carryFrom);
      db.transaction(() => {
        insertRows(db, input);
        if (hasPrevious) carryOver(db);
        coverage = recordCrawl(db, input);
        if (input.appendHistory !== false) appendHistory(db, input);
        else {
          // The same export again, with newly crawled details: its history entry gets their digests.
          const latest = db.prepare('SELECT max(id) FROM history_snapshots').pluck().get() as number | null;
          if (latest !== null) recordDigests(db, latest);
        }
      })();
      if (hasPrevious) db.exec('DETACH DATABASE prev');
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok')
        throw new MirrorError('internal', `the new snapshot failed its integrity check: ${String(check)}`, {
          hint: 'a disk or SQLite problem; the previous snapshot is kept',
        });
      db.exec('ANALYZE');
      result = {
        historySnapshots: db.prepare('SELECT count(*) FROM history_snapshots').pluck().get() as number,
        detailsKept: db.prepare('SELECT count(*) FROM model_details').pluck().get() as number,
        coverage: coverage!,
      };
    } finally {
      db.close();
    }
    fsyncPath(tmp);
    pauseForTest('store');
    renameSync(tmp, target);
    fsyncPath(dirname(target));
    return result;
  } finally {
    process.off('exit', removeTmp);
    removeTmp();
  }
}

/** One snapshot of a bulk history import: what a run of the writer would have been given. */
export type ImportedSnapshot = Pick<WriteInput, 'data' | 'meta' | 'details' | 'crawl'>;

/**
 * Writes a snapshot file holding `snapshots` (oldest first) as its history, the last one also as
 * its current snapshot, in one pass: the file a daily writer would leave after as many runs, without
 * copying the history once per day. For the benchmark and tests that need a deep history fast.
 */
export function importHistory(target: string, snapshots: Iterable<ImportedSnapshot>, historyLimit: number): WriteResult {
  const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const removeTmp = () => rmSync(tmp, { force: true });
  process.once('exit', removeTmp);
  try {
    const db = new Database(tmp);
    let result: WriteResult;
    let coverage: DetailsCoverage | undefined;
    try {
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      db.pragma('cache_size = -262144');
      db.exec(DDL);
      db.pragma(`user_version = ${STORE_VERSION}`);
      db.transaction(() => {
        const names = new Map<string, { id: number; kind: 'model' | 'bench'; slug: string; name: string; familyTag: string | null }>();
        const nameId = (kind: 'model' | 'bench', slug: string, name: string, familyTag: string | null) => {
          const key = `${kind}\u0000${slug}`;
          let entry = names.get(key);
          if (!entry) names.set(key, (entry = { id: names.size + 1, kind, slug, name, familyTag }));
          // The latest name and model win, as the writer's upsert does.
          entry.name = name;
          entry.familyTag = familyTag;
          return entry.id;
        };
        const snapshot = db.prepare('INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, ?, ?)');
        const model = db.prepare(
          'INSERT INTO history_models (name_id, snapshot_id, supra_score, position, bench_count, scores_digest) VALUES (?, ?, ?, ?, ?, NULL)',
        );
        const bench = db.prepare('INSERT INTO history_benches (name_id, snapshot_id, effective_weight) VALUES (?, ?, ?)');
        let last: ImportedSnapshot | undefined;
        for (const s of snapshots) {
          const id = Number(snapshot.run(s.data.generatedAt, s.meta.fetchedAt, s.meta.bodySha256, s.meta.partial ? 1 : 0).lastInsertRowid);
          [...s.data.models].sort(byRanking).forEach((m, i) => model.run(nameId('model', m.slug, m.name, m.familyTag), id, m.supraScore, i + 1, m.benchCount));
          for (const b of s.data.benches) bench.run(nameId('bench', b.slug, b.name, null), id, b.effectiveWeight);
          last = s;
        }
        if (!last) throw new RangeError('importHistory needs at least one snapshot');
        const name = db.prepare('INSERT INTO history_names (id, kind, slug, name, family_tag) VALUES (?, ?, ?, ?, ?)');
        for (const n of names.values()) name.run(n.id, n.kind, n.slug, n.name, n.familyTag);
        const input: WriteInput = { ...last, historyLimit };
        insertRows(db, input);
        coverage = recordCrawl(db, input);
        recordDigests(db, db.prepare('SELECT max(id) FROM history_snapshots').pluck().get() as number);
        trimHistory(db, historyLimit);
      })();
      db.exec('ANALYZE');
      result = {
        historySnapshots: db.prepare('SELECT count(*) FROM history_snapshots').pluck().get() as number,
        detailsKept: db.prepare('SELECT count(*) FROM model_details').pluck().get() as number,
        coverage: coverage!,
      };
    } finally {
      db.close();
    }
    fsyncPath(tmp);
    renameSync(tmp, target);
    fsyncPath(dirname(target));
    return result;
  } finally {
    process.off('exit', removeTmp);
    removeTmp();
  }
}
