/**
 * The history tables: a row of packed columns per snapshot (`history_points`), the names its
 * integers stand for, and the evidence digests of the per-benchmark scores.
 */
import type Database from 'better-sqlite3';
import { createHash, type Hash } from 'node:crypto';
import type { CurrentSnapshot } from './current-rows.ts';
import { packFloat64, packInt32, unpackFloat64, unpackInt32 } from './packed.ts';
import { brokenForTest } from '../core/test-pause.ts';

/** One snapshot of history as `history_points` stores it. */
export interface Points {
  modelIds: ArrayLike<number>;
  supraScores: ArrayLike<number>;
  benchCounts: ArrayLike<number>;
  /** Undefined when no configuration has stored per-benchmark scores. */
  scoresDigests: ArrayLike<number> | undefined;
  benchIds: ArrayLike<number>;
  effectiveWeights: ArrayLike<number>;
}

export function insertPoints(db: Database.Database, snapshotId: number, p: Points): void {
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

/** The columns of a score that make up its evidence (which benchmark, the scores, the source, whether it counts), not its vote tallies. */
const EVIDENCE = 'bench, raw_score, normalized_score, source_url, upvotes > downvotes';

/** A 48-bit digest of one configuration's evidence rows, in their order. */
const digestOf = (hash: Hash) => parseInt(hash.digest('hex').slice(0, 12), 16);

/** Per configuration with stored per-benchmark scores: the digest of its evidence. */
function scoresDigests(db: Database.Database): Map<string, number> {
  const hashes = new Map<string, Hash>();
  const rows = db.prepare(`SELECT slug, ${EVIDENCE} FROM scores ORDER BY slug, position`).raw().iterate() as IterableIterator<
    [string, string, number, number, string, number]
  >;
  for (const [slug, ...fields] of rows) {
    let hash = hashes.get(slug);
    if (!hash) hashes.set(slug, (hash = createHash('sha256')));
    hash.update(JSON.stringify(fields));
  }
  return new Map([...hashes].map(([slug, hash]) => [slug, digestOf(hash)]));
}

/** The digest of one configuration's evidence; NaN when it has no stored scores. */
function scoresDigestOf(db: Database.Database, slug: string): number {
  const rows = db.prepare(`SELECT ${EVIDENCE} FROM scores WHERE slug = ? ORDER BY position`).raw().all(slug) as unknown[][];
  if (rows.length === 0) return NaN;
  const hash = createHash('sha256');
  for (const fields of rows) hash.update(JSON.stringify(fields));
  return digestOf(hash);
}

/** The digests of the configurations `slugs` (NaN without stored scores), or undefined when none has any. */
function digestsOf(db: Database.Database, slugs: readonly string[]): Float64Array | undefined {
  const digests = scoresDigests(db);
  if (digests.size === 0) return undefined;
  return Float64Array.from(slugs, (slug) => digests.get(slug) ?? NaN);
}

/**
 * The evidence digests of the newest history snapshot, from the per-benchmark scores the file now
 * holds. With `changed`, only those configurations' scores changed since the digests were last
 * recorded: only theirs are computed again (a crawl's checkpoint must not hash every stored score).
 */
export function recordDigests(db: Database.Database, changed?: ReadonlySet<string>): void {
  const row = db.prepare('SELECT snapshot_id, model_ids, scores_digests FROM history_points ORDER BY snapshot_id DESC LIMIT 1').raw().get() as
    [number, Buffer, Buffer | null] | undefined;
  if (!row) return;
  const [snapshotId, modelIds, stored] = row;
  const slugOf = new Map(db.prepare("SELECT id, slug FROM history_names WHERE kind = 'model'").raw().all() as [number, string][]);
  const slugs = Array.from(unpackInt32(modelIds), (id) => slugOf.get(id) ?? '');
  let digests: Float64Array | undefined;
  if (changed && stored) {
    digests = Float64Array.from(unpackFloat64(stored));
    slugs.forEach((slug, i) => {
      if (changed.has(slug)) digests![i] = scoresDigestOf(db, slug);
    });
  } else {
    digests = digestsOf(db, slugs);
  }
  db.prepare('UPDATE history_points SET scores_digests = ? WHERE snapshot_id = ?').run(digests ? packFloat64(digests) : null, snapshotId);
}

/** Appends the current snapshot (already in the current tables) to the history and drops the oldest beyond the limit. */
export function appendHistory(db: Database.Database, { data, meta, historyLimit }: CurrentSnapshot): void {
  const id = Number(
    db
      .prepare('INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, ?, ?)')
      .run(data.generatedAt, meta.fetchedAt, meta.bodySha256, meta.partial ? 1 : 0).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO history_names (kind, slug, name, family_tag, provider, tags, last_snapshot_id)
       SELECT 'model', m.slug, m.name, m.family_tag, m.provider,
              (SELECT json_group_array(tag) FROM (SELECT tag FROM model_tags t WHERE t.slug = m.slug ORDER BY tag)), ?
       FROM models m WHERE true
       ON CONFLICT (kind, slug) DO UPDATE SET name = excluded.name, family_tag = excluded.family_tag, provider = excluded.provider,
         tags = excluded.tags, last_snapshot_id = excluded.last_snapshot_id`,
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
  // Test-only (MIRROR_TEST_BREAK): the day before this one goes missing, as a broken write would lose it.
  if (brokenForTest('history-drops-day')) {
    const dropped = db.prepare('SELECT max(id) FROM history_snapshots WHERE id < ?').pluck().get(id);
    db.prepare('DELETE FROM history_snapshots WHERE id = ?').run(dropped);
    db.prepare('DELETE FROM history_points WHERE snapshot_id = ?').run(dropped);
  }
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
export function trimHistory(db: Database.Database, historyLimit: number): void {
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
