/**
 * Writes a snapshot file the only safe way: build it complete in a temporary file beside the
 * target, check it, close it, then rename it over the old one. A failure at any point leaves the
 * previous file exactly as it was.
 */
import Database from 'better-sqlite3';
import { closeSync, constants, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { dirname } from 'node:path';
import type { ScoreEntry } from '../api/schema.ts';
import type { ValidatedExport } from '../api/validate.ts';
import { MirrorError } from '../core/errors.ts';
import { byRanking, byWeight } from '../api/ranking.ts';
import { DDL, READABLE_VERSIONS, STORE_VERSION, type SnapshotSource } from './schema.ts';
import { pauseForTest } from '../core/test-pause.ts';
import { coverageAsOf, measureCoverage, type DetailsCoverage } from './coverage.ts';
import { packFloat64, packInt32, unpackInt32 } from './packed.ts';

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

/** Code unit order: close to the byte order SQLite keeps text keys in, which is all an insert order needs. */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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

/**
 * Carries history, and every detail whose configuration is still in the export (and was not
 * fetched again in this run), over from the attached previous file. Every readable version has the
 * same history tables; versions 1 and 2 lack `bench_count`, taken then from their own summaries.
 */
/** One snapshot of history as `history_points` stores it. */
interface Points {
  modelIds: ArrayLike<number>;
  supraScores: ArrayLike<number>;
  benchCounts: ArrayLike<number>;
  /** Undefined when no configuration has stored per-benchmark scores. */
  scoresDigests: ArrayLike<number> | undefined;
  benchIds: ArrayLike<number>;
  effectiveWeights: ArrayLike<number>;
}

function insertPoints(db: Database.Database, snapshotId: number, p: Points): void {
  db.prepare(
    `INSERT INTO history_points (snapshot_id, bench_ids, effective_weights, model_ids, supra_scores, bench_counts, scores_digests)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    snapshotId,
    packInt32(p.benchIds),
    packFloat64(p.effectiveWeights),
    packInt32(p.modelIds),
    packFloat64(p.supraScores),
    packInt32(p.benchCounts),
    p.scoresDigests ? packFloat64(p.scoresDigests) : null,
  );
}

/**
 * Carries history, and every detail whose configuration is still in the export (and was not
 * fetched again in this run), over from the attached previous file of an older store version,
 * into this version's layout: versions 1 to 3 kept a row per configuration and snapshot; 1 and 2
 * lack `bench_count` (taken then from their own summaries) and the history's evidence columns.
 */
function carryOver(db: Database.Database): void {
  const version = db.prepare('PRAGMA prev.user_version').pluck().get() as number;
  if (!READABLE_VERSIONS.includes(version) || version >= STORE_VERSION) return;
  const v3 = version >= 3;
  const benchCount = v3 ? 'd.bench_count' : '(SELECT pm.bench_count FROM prev.models pm WHERE pm.slug = d.slug)';
  db.exec(`
    INSERT INTO history_snapshots (id, generated_at, fetched_at, body_sha256, partial)
      SELECT id, generated_at, fetched_at, body_sha256, partial FROM prev.history_snapshots;
    INSERT INTO history_names (id, kind, slug, name, family_tag, last_snapshot_id)
      SELECT n.id, n.kind, n.slug, n.name, ${v3 ? 'n.family_tag' : 'NULL'},
             coalesce((SELECT max(h.snapshot_id) FROM prev.history_models h WHERE h.name_id = n.id),
                      (SELECT max(h.snapshot_id) FROM prev.history_benches h WHERE h.name_id = n.id), 0)
      FROM prev.history_names n;
    CREATE TEMP TABLE carried AS
      SELECT d.slug FROM prev.model_details d JOIN main.models m ON m.slug = d.slug
      WHERE d.slug NOT IN (SELECT slug FROM main.model_details);
    INSERT INTO main.model_details (slug, updated_at, fetched_at, bench_count)
      SELECT d.slug, d.updated_at, d.fetched_at, ${benchCount} FROM prev.model_details d WHERE d.slug IN (SELECT slug FROM carried);
    INSERT INTO main.scores SELECT * FROM prev.scores WHERE slug IN (SELECT slug FROM carried);
    DROP TABLE carried;
  `);
  // A row per configuration and snapshot becomes a row per snapshot, once: the next write copies the file instead.
  const models = db
    .prepare(
      `SELECT snapshot_id, name_id, supra_score, ${v3 ? 'ifnull(bench_count, -1), scores_digest' : '-1, NULL'}
       FROM prev.history_models ORDER BY snapshot_id, position`,
    )
    .raw()
    .iterate() as IterableIterator<[number, number, number, number, number | null]>;
  const benches = new Map<number, { ids: number[]; weights: number[] }>();
  for (const [id, nameId, weight] of db
    .prepare('SELECT snapshot_id, name_id, effective_weight FROM prev.history_benches ORDER BY snapshot_id, name_id')
    .raw()
    .iterate() as IterableIterator<[number, number, number]>) {
    let b = benches.get(id);
    if (!b) benches.set(id, (b = { ids: [], weights: [] }));
    b.ids.push(nameId);
    b.weights.push(weight);
  }
  let current: { id: number; ids: number[]; scores: number[]; counts: number[]; digests: number[]; anyDigest: boolean } | undefined;
  // The connection cannot write while it reads the old rows: each snapshot is kept as typed arrays
  // (a few bytes per configuration) and inserted once the reading is done.
  const pending: [number, Points][] = [];
  const flush = () => {
    if (!current) return;
    const b = benches.get(current.id) ?? { ids: [], weights: [] };
    benches.delete(current.id);
    pending.push([
      current.id,
      {
        modelIds: Int32Array.from(current.ids),
        supraScores: Float64Array.from(current.scores),
        benchCounts: Int32Array.from(current.counts),
        scoresDigests: current.anyDigest ? Float64Array.from(current.digests) : undefined,
        benchIds: Int32Array.from(b.ids),
        effectiveWeights: Float64Array.from(b.weights),
      },
    ]);
  };
  for (const [id, nameId, score, count, digest] of models) {
    if (current?.id !== id) {
      flush();
      current = { id, ids: [], scores: [], counts: [], digests: [], anyDigest: false };
    }
    current.ids.push(nameId);
    current.scores.push(score);
    current.counts.push(count);
    current.digests.push(digest ?? NaN);
    if (digest !== null) current.anyDigest = true;
  }
  flush();
  for (const [id, points] of pending) insertPoints(db, id, points);
  // Snapshots that held benchmarks and no configuration.
  for (const [id, b] of benches)
    insertPoints(db, id, { modelIds: [], supraScores: [], benchCounts: [], scoresDigests: undefined, benchIds: b.ids, effectiveWeights: b.weights });
}

/**
 * In a copy of the previous file: empties what describes the current snapshot, and drops the
 * details this run replaces; history and the other details stay where they are.
 */
function clearCurrent(db: Database.Database, { details }: WriteInput): void {
  db.exec(`
    DELETE FROM snapshot; DELETE FROM warnings; DELETE FROM models; DELETE FROM model_tags;
    DELETE FROM benches; DELETE FROM bench_tags; DELETE FROM tags; DELETE FROM details_crawl;
  `);
  const detail = db.prepare('DELETE FROM model_details WHERE slug = ?');
  const scores = db.prepare('DELETE FROM scores WHERE slug = ?');
  for (const slug of details?.keys() ?? []) {
    detail.run(slug);
    scores.run(slug);
  }
}

/** After the export is in: a detail is kept only while its configuration is in the export. */
function dropDepartedDetails(db: Database.Database): void {
  db.exec(`
    DELETE FROM model_details WHERE slug NOT IN (SELECT slug FROM models);
    DELETE FROM scores WHERE slug NOT IN (SELECT slug FROM models);
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

/** The digests of the configurations `slugs` (NaN without stored scores), or undefined when none has any. */
function digestsOf(db: Database.Database, slugs: readonly string[]): Float64Array | undefined {
  const digests = scoresDigests(db);
  if (digests.size === 0) return undefined;
  return Float64Array.from(slugs, (slug) => digests.get(slug) ?? NaN);
}

/** The evidence digests of the newest history snapshot, from the per-benchmark scores the file now holds. */
function recordDigests(db: Database.Database): void {
  const row = db.prepare('SELECT snapshot_id, model_ids FROM history_points ORDER BY snapshot_id DESC LIMIT 1').raw().get() as [number, Buffer] | undefined;
  if (!row) return;
  const slugOf = new Map(db.prepare("SELECT id, slug FROM history_names WHERE kind = 'model'").raw().all() as [number, string][]);
  const digests = digestsOf(
    db,
    Array.from(unpackInt32(row[1]), (id) => slugOf.get(id) ?? ''),
  );
  db.prepare('UPDATE history_points SET scores_digests = ? WHERE snapshot_id = ?').run(digests ? packFloat64(digests) : null, row[0]);
}

/** Appends this snapshot to the history and drops the oldest beyond the limit. */
function appendHistory(db: Database.Database, { data, meta, historyLimit }: WriteInput): void {
  const id = Number(
    db
      .prepare('INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, ?, ?)')
      .run(data.generatedAt, meta.fetchedAt, meta.bodySha256, meta.partial ? 1 : 0).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO history_names (kind, slug, name, family_tag, last_snapshot_id) SELECT 'model', slug, name, family_tag, ? FROM models WHERE true
       ON CONFLICT (kind, slug) DO UPDATE SET name = excluded.name, family_tag = excluded.family_tag, last_snapshot_id = excluded.last_snapshot_id`,
  ).run(id);
  db.prepare(
    `INSERT INTO history_names (kind, slug, name, last_snapshot_id) SELECT 'bench', slug, name, ? FROM benches WHERE true
       ON CONFLICT (kind, slug) DO UPDATE SET name = excluded.name, last_snapshot_id = excluded.last_snapshot_id`,
  ).run(id);
  const models = db
    .prepare(`SELECT n.id, m.slug, m.supra_score, m.bench_count FROM models m JOIN history_names n ON n.kind = 'model' AND n.slug = m.slug ORDER BY m.position`)
    .raw()
    .all() as [number, string, number, number][];
  const benches = db
    .prepare(`SELECT n.id, b.effective_weight FROM benches b JOIN history_names n ON n.kind = 'bench' AND n.slug = b.slug ORDER BY b.position`)
    .raw()
    .all() as [number, number][];
  insertPoints(db, id, {
    modelIds: models.map((m) => m[0]),
    supraScores: models.map((m) => m[2]),
    benchCounts: models.map((m) => m[3]),
    scoresDigests: digestsOf(
      db,
      models.map((m) => m[1]),
    ),
    benchIds: benches.map((b) => b[0]),
    effectiveWeights: benches.map((b) => b[1]),
  });
  trimHistory(db, historyLimit);
}

/** Drops the oldest snapshots of history beyond the limit, and the names no snapshot left holds. */
function trimHistory(db: Database.Database, historyLimit: number): void {
  const keep = Math.max(1, Math.floor(historyLimit));
  const oldest = db
    .prepare('SELECT id FROM history_snapshots ORDER BY id DESC LIMIT 1 OFFSET ?')
    .pluck()
    .get(keep - 1) as number | undefined;
  if (oldest === undefined) return;
  db.prepare('DELETE FROM history_snapshots WHERE id < ?').run(oldest);
  db.prepare('DELETE FROM history_points WHERE snapshot_id < ?').run(oldest);
  db.prepare('DELETE FROM history_names WHERE last_snapshot_id < ?').run(oldest);
}

/**
 * The page cache of a write (KB; SQLite's default is 2 MB): the current tables' secondary indexes
 * (by model, provider, tag, position) take rows out of key order, and at 50,000 configurations
 * outgrow 2 MB, so each insert read and wrote back pages; 64 MB holds them, and is only used as far
 * as it is needed.
 */
const WRITE_CACHE_KB = 64 * 1024;

/** Tables a write rewrites; `history_points` only gains a row, so a copy of a checked file is checked by these. */
const REWRITTEN_TABLES = [
  'snapshot',
  'warnings',
  'models',
  'model_tags',
  'benches',
  'bench_tags',
  'tags',
  'model_details',
  'details_crawl',
  'scores',
  'history_snapshots',
  'history_names',
];

/**
 * SQLite's integrity check of a new file: all of it when it was built from nothing, the tables
 * rewritten when it is a copy of the previous file (checking a year of untouched history would
 * cost the whole file's reading on every run).
 */
function checkIntegrity(db: Database.Database, copied: boolean): void {
  const problems: string[] = [];
  for (const table of copied ? REWRITTEN_TABLES : [undefined]) {
    const check = db.pragma(table ? `integrity_check(${table})` : 'integrity_check', { simple: true });
    if (check !== 'ok') problems.push(String(check));
  }
  if (copied) {
    // The appended row reads back whole: its packed columns agree in length.
    const row = db.prepare('SELECT model_ids, supra_scores, bench_counts FROM history_points ORDER BY snapshot_id DESC LIMIT 1').raw().get() as
      [Buffer, Buffer, Buffer] | undefined;
    if (row && (row[0].length * 2 !== row[1].length || row[0].length !== row[2].length)) problems.push('the newest history row is cut short');
  }
  if (problems.length)
    throw new MirrorError('internal', `the new snapshot failed its integrity check: ${problems.join('; ')}`, {
      hint: 'a disk or SQLite problem; the previous snapshot is kept',
    });
}

/** The store version of the file a write carries over from (it throws for a file that is no SQLite database). */
function versionOf(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/**
 * Builds the snapshot at `target` atomically. Throws (leaving `target` untouched) when anything
 * fails, the integrity check included. A previous file of this store version is copied and
 * changed in the copy, so its history is never rewritten row by row; an older one is converted.
 */
export function writeSnapshot(target: string, input: WriteInput): WriteResult {
  const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const removeTmp = () => rmSync(tmp, { force: true });
  process.once('exit', removeTmp);
  try {
    const copied = input.carryFrom !== undefined && versionOf(input.carryFrom) === STORE_VERSION;
    // A copy-on-write clone where the file system has them, else a plain copy.
    if (copied) copyFileSync(input.carryFrom!, tmp, constants.COPYFILE_FICLONE);
    const db = new Database(tmp);
    let result: WriteResult;
    let coverage: DetailsCoverage | undefined;
    try {
      // A temporary file needs no journal: on any failure it is thrown away whole.
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      db.pragma(`cache_size = -${WRITE_CACHE_KB}`);
      if (!copied) {
        db.exec(DDL);
        db.pragma(`user_version = ${STORE_VERSION}`);
      }
      // ATTACH is not allowed inside a transaction, so an older previous file is attached around it.
      const attached = input.carryFrom !== undefined && !copied;
      if (attached) db.prepare('ATTACH DATABASE ? AS prev').run(input.carryFrom);
      db.transaction(() => {
        if (copied) clearCurrent(db, input);
        insertRows(db, input);
        if (attached) carryOver(db);
        if (copied) dropDepartedDetails(db);
        coverage = recordCrawl(db, input);
        // The same export again, with newly crawled details: its history entry gets their digests.
        if (input.appendHistory !== false) appendHistory(db, input);
        else recordDigests(db);
      })();
      if (attached) db.exec('DETACH DATABASE prev');
      checkIntegrity(db, copied);
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
 * its current snapshot, in one pass: the file a daily writer would leave after as many runs. For
 * the benchmark and tests that need a deep history fast; snapshots before the last have no details.
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
      db.pragma(`cache_size = -${WRITE_CACHE_KB}`);
      db.exec(DDL);
      db.pragma(`user_version = ${STORE_VERSION}`);
      db.transaction(() => {
        const names = new Map<string, { id: number; kind: 'model' | 'bench'; slug: string; name: string; familyTag: string | null; last: number }>();
        const nameId = (kind: 'model' | 'bench', slug: string, name: string, familyTag: string | null, snapshot: number) => {
          const key = `${kind}\u0000${slug}`;
          let entry = names.get(key);
          if (!entry) names.set(key, (entry = { id: names.size + 1, kind, slug, name, familyTag, last: snapshot }));
          // The latest name and model win, as the writer's upsert does.
          Object.assign(entry, { name, familyTag, last: snapshot });
          return entry.id;
        };
        const snapshot = db.prepare('INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, ?, ?)');
        let last: ImportedSnapshot | undefined;
        let lastId = 0;
        for (const s of snapshots) {
          const id = Number(snapshot.run(s.data.generatedAt, s.meta.fetchedAt, s.meta.bodySha256, s.meta.partial ? 1 : 0).lastInsertRowid);
          const models = [...s.data.models].sort(byRanking);
          const benches = [...s.data.benches].sort(byWeight);
          insertPoints(db, id, {
            modelIds: models.map((m) => nameId('model', m.slug, m.name, m.familyTag, id)),
            supraScores: models.map((m) => m.supraScore),
            benchCounts: models.map((m) => m.benchCount),
            scoresDigests: undefined,
            benchIds: benches.map((b) => nameId('bench', b.slug, b.name, null, id)),
            effectiveWeights: benches.map((b) => b.effectiveWeight),
          });
          last = s;
          lastId = id;
        }
        if (!last) throw new RangeError('importHistory needs at least one snapshot');
        const name = db.prepare('INSERT INTO history_names (id, kind, slug, name, family_tag, last_snapshot_id) VALUES (?, ?, ?, ?, ?, ?)');
        for (const n of names.values()) name.run(n.id, n.kind, n.slug, n.name, n.familyTag, n.last);
        const input: WriteInput = { ...last, historyLimit };
        insertRows(db, input);
        coverage = recordCrawl(db, input);
        if (lastId) recordDigests(db);
        trimHistory(db, historyLimit);
      })();
      checkIntegrity(db, false);
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
