/**
 * The format upgrade: a snapshot file of an older store version, attached as `prev`, carried over
 * into a new file of this version. History, and every detail whose configuration is still in the
 * export (and was not fetched again in this run), come across in this version's layout.
 */
import type Database from 'better-sqlite3';
import { READABLE_VERSIONS, STORE_VERSION } from './schema.ts';
import { insertPoints, type Points } from './history-rows.ts';

/**
 * Run inside the write's transaction, after the current tables are filled. Versions 1 to 3 kept a
 * row per configuration and snapshot; 1 and 2 lack `bench_count` (taken then from their own
 * summaries) and the history's evidence columns. A file of this version or an unreadable one is
 * left alone.
 */
export function carryOverOlderVersion(db: Database.Database): void {
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
