/**
 * The history half of the one reader (read-snapshot.ts): the snapshots of history, the names they
 * refer to by id, and each snapshot's points as typed columns, read as they are walked. Store
 * versions 4 and 5 keep a row of packed columns per snapshot; versions 1 to 3 a row per
 * configuration (and benchmark) and snapshot.
 */
import type Database from 'better-sqlite3';
import { unpackFloat64, unpackInt32 } from './packed.ts';

export interface HistorySnapshotRow {
  id: number;
  generatedAt: number;
  fetchedAt: number;
  partial: boolean;
}

/** A configuration or benchmark the history refers to by id. */
export interface HistoryName {
  id: number;
  kind: 'model' | 'bench';
  slug: string;
  name: string;
  /** A configuration's model when last seen; null for benchmarks and in files before store version 3. */
  familyTag: string | null;
  /** A configuration's vendor and tags (sorted) when last seen; null for benchmarks, and where a file before store version 5 did not record them. */
  provider: string | null;
  tags: string[] | null;
  /** The newest snapshot of history holding it; null in files before store version 4. */
  lastSnapshotId: number | null;
}

/**
 * One snapshot of history as columns: its configurations in ranking order (position = index + 1)
 * and its benchmarks, by `HistoryName` id. Typed arrays, so a year of a large field stays compact.
 */
export interface HistoryPoints {
  snapshotId: number;
  configurations: Int32Array;
  supraScores: Float64Array;
  /** -1 when unknown (files before store version 3). */
  benchCounts: Int32Array;
  /** A digest of the configuration's stored per-benchmark scores; NaN without them. */
  scoresDigests: Float64Array;
  benches: Int32Array;
  effectiveWeights: Float64Array;
}

/** What the reader reads of the history. */
export interface HistoryQueries {
  /** Newest first. */
  historySnapshots(): HistorySnapshotRow[];
  /** Every configuration and benchmark the history refers to. */
  historyNames(): HistoryName[];
  /**
   * The snapshots of history with id >= `sinceId`, oldest first, read as they are walked: the
   * connection is busy until the walk ends or is ended (`return()`, as a `for…of` left early does),
   * and the reader must stay open until then.
   */
  eachHistoryPoint(sinceId: number): Iterable<HistoryPoints>;
  /** The snapshots of history with these ids, oldest first (a few days of a year: the month ends a build renders). */
  historyPointsOf(ids: readonly number[]): HistoryPoints[];
}

/**
 * History as store versions 4 and 5 keep it: a row per snapshot of packed columns, read one row at a
 * time: a year of columns held at once (twice that while unpacked) would be the data load's largest
 * allocation.
 */
function* packedPoints(db: Database.Database, sinceId: number, only?: readonly number[]): Generator<HistoryPoints> {
  const columns = 'snapshot_id, bench_ids, effective_weights, model_ids, supra_scores, bench_counts, scores_digests';
  const rows = (
    only
      ? db
          .prepare(`SELECT ${columns} FROM history_points WHERE snapshot_id IN (SELECT value FROM json_each(?)) ORDER BY snapshot_id`)
          .raw()
          .iterate(JSON.stringify(only))
      : db.prepare(`SELECT ${columns} FROM history_points WHERE snapshot_id >= ? ORDER BY snapshot_id`).raw().iterate(sinceId)
  ) as IterableIterator<[number, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer | null]>;
  for (const [snapshotId, benches, weights, models, scores, counts, digests] of rows) {
    const configurations = unpackInt32(models);
    yield {
      snapshotId,
      configurations,
      supraScores: unpackFloat64(scores),
      benchCounts: unpackInt32(counts),
      scoresDigests: digests ? unpackFloat64(digests) : new Float64Array(configurations.length).fill(NaN),
      benches: unpackInt32(benches),
      effectiveWeights: unpackFloat64(weights),
    };
  }
}

/** History as store versions 1 to 3 kept it: a row per configuration (and benchmark) and snapshot. */
function rowPoints(db: Database.Database, sinceId: number, v3: boolean): HistoryPoints[] {
  const byId = new Map<number, { ids: number[]; scores: number[]; counts: number[]; digests: number[]; benches: number[]; weights: number[] }>();
  const at = (id: number) => {
    let p = byId.get(id);
    if (!p) byId.set(id, (p = { ids: [], scores: [], counts: [], digests: [], benches: [], weights: [] }));
    return p;
  };
  const models = db
    .prepare(
      `SELECT snapshot_id, name_id, supra_score, ${v3 ? 'ifnull(bench_count, -1), scores_digest' : '-1, NULL'}
       FROM history_models WHERE snapshot_id >= ? ORDER BY snapshot_id, position`,
    )
    .raw()
    .iterate(sinceId) as IterableIterator<[number, number, number, number, number | null]>;
  for (const [id, name, score, count, digest] of models) {
    const p = at(id);
    p.ids.push(name);
    p.scores.push(score);
    p.counts.push(count);
    p.digests.push(digest ?? NaN);
  }
  const benches = db
    .prepare('SELECT snapshot_id, name_id, effective_weight FROM history_benches WHERE snapshot_id >= ? ORDER BY snapshot_id, name_id')
    .raw()
    .iterate(sinceId) as IterableIterator<[number, number, number]>;
  for (const [id, name, weight] of benches) {
    const p = at(id);
    p.benches.push(name);
    p.weights.push(weight);
  }
  return [...byId]
    .sort(([a], [b]) => a - b)
    .map(([snapshotId, p]) => ({
      snapshotId,
      configurations: Int32Array.from(p.ids),
      supraScores: Float64Array.from(p.scores),
      benchCounts: Int32Array.from(p.counts),
      scoresDigests: Float64Array.from(p.digests),
      benches: Int32Array.from(p.benches),
      effectiveWeights: Float64Array.from(p.weights),
    }));
}

/** The history queries of a file of store version `version`. */
export function historyQueries(db: Database.Database, version: number): HistoryQueries {
  const [v3, v4, v5] = [version >= 3, version >= 4, version >= 5];
  return {
    historySnapshots: () =>
      (
        db.prepare('SELECT id, generated_at AS generatedAt, fetched_at AS fetchedAt, partial FROM history_snapshots ORDER BY id DESC').all() as (Omit<
          HistorySnapshotRow,
          'partial'
        > & { partial: number })[]
      ).map((h) => ({ ...h, partial: h.partial === 1 })),
    historyNames: () =>
      (
        db
          .prepare(
            `SELECT id, kind, slug, name, ${v3 ? 'family_tag' : 'NULL'} AS familyTag, ${v5 ? 'provider, tags' : 'NULL AS provider, NULL AS tags'},
                    ${v4 ? 'last_snapshot_id' : 'NULL'} AS lastSnapshotId FROM history_names`,
          )
          .all() as (Omit<HistoryName, 'tags'> & { tags: string | null })[]
      ).map((n) => ({ ...n, tags: n.tags === null ? null : (JSON.parse(n.tags) as string[]) })),
    eachHistoryPoint: (sinceId) => (v4 ? packedPoints(db, sinceId) : rowPoints(db, sinceId, v3)),
    historyPointsOf: (ids) => {
      if (ids.length === 0) return [];
      if (v4) return [...packedPoints(db, 0, ids)];
      const wanted = new Set(ids);
      return rowPoints(db, Math.min(...ids), v3).filter((p) => wanted.has(p.snapshotId));
    },
  };
}
