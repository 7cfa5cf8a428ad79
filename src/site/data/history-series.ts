/**
 * The series the charts draw, kept by the history pass (history-pass.ts) as typed matrices, a row
 * per snapshot of the window and a column per configuration, model or benchmark the current
 * snapshot holds, and read into points only when a page asks.
 */
import type { HistorySnapshotRow } from '../../store/read-snapshot.ts';
import { competitionRanks } from '../format/ranks.ts';

export interface HistoryPoint {
  generatedAt: number;
  supraScore: number;
  position: number;
  /** Configuration rank then (equal scores share it). */
  rank: number;
  tied: boolean;
}

/** A model in one snapshot: its best configuration's score, and its model rank then. */
export interface ModelHistoryPoint {
  generatedAt: number;
  supraScore: number;
  rank: number;
  tied: boolean;
}

export interface WeightPoint {
  generatedAt: number;
  effectiveWeight: number;
}

/** Which column of the matrices each configuration, model and benchmark has. */
export interface SeriesColumns {
  /** A configuration's column by its slug; empty when its series are not kept. */
  configurations: ReadonlyMap<string, number>;
  /** A model's column by its familyTag; -1 when it has none. */
  modelOf: (familyTag: string) => number;
  models: number;
  /** A benchmark's column by its slug. */
  benches: ReadonlyMap<string, number>;
  /** False: `configurationHistory` throws (the pass was told not to keep them). */
  configurationsKept: boolean;
}

/**
 * The series as W x C, W x M and W x B matrices (snapshots by configurations, models and
 * benchmarks): NaN where absent; a negative rank is a shared one.
 */
export interface SeriesMatrices {
  /** The snapshots of the window, oldest first: a row each. */
  snapshots: readonly HistorySnapshotRow[];
  /** The first row the charts show. */
  from: number;
  C: number;
  M: number;
  B: number;
  cScore: Float64Array;
  cPosition: Int32Array;
  cRank: Int32Array;
  mScore: Float64Array;
  mRank: Int32Array;
  weights: Float64Array;
}

export function seriesMatrices(snapshots: readonly HistorySnapshotRow[], from: number, columns: SeriesColumns): SeriesMatrices {
  const W = snapshots.length;
  const C = columns.configurationsKept ? columns.configurations.size : 0;
  const [M, B] = [columns.models, columns.benches.size];
  return {
    snapshots,
    from,
    C,
    M,
    B,
    cScore: new Float64Array(W * C).fill(NaN),
    cPosition: new Int32Array(W * C),
    cRank: new Int32Array(W * C),
    mScore: new Float64Array(W * M).fill(NaN),
    mRank: new Int32Array(W * M),
    weights: new Float64Array(W * B).fill(NaN),
  };
}

/** Model ranks of one snapshot from its families in ranking order, each scored by its first (best) point. */
export function modelRanksInto(
  bestOrder: readonly number[],
  bestScore: readonly number[],
  modelSlot: Int32Array,
  offset: number,
  mScore: Float64Array,
  mRank: Int32Array,
): void {
  competitionRanks(bestScore).forEach((r, i) => {
    const m = modelSlot[bestOrder[i]!]!;
    if (m < 0) return;
    mScore[offset + m] = bestScore[i]!;
    mRank[offset + m] = r.tied ? -r.rank : r.rank;
  });
}

/** The readers of the series, each from the first row the charts show, oldest first; empty for anything the columns lack. */
export function seriesReaders(
  s: SeriesMatrices,
  columns: SeriesColumns,
): {
  configurationHistory: (slug: string) => HistoryPoint[];
  modelHistory: (familyTag: string) => ModelHistoryPoint[];
  weightHistory: (benchSlug: string) => WeightPoint[];
} {
  const { snapshots, from, C, M, B } = s;
  const W = snapshots.length;
  return {
    configurationHistory: (slug) => {
      if (!columns.configurationsKept) throw new Error('configuration series were not kept by this history pass (configurationSeries: false)');
      const slot = columns.configurations.get(slug);
      const out: HistoryPoint[] = [];
      if (slot === undefined) return out;
      for (let k = from; k < W; k++) {
        const score = s.cScore[k * C + slot]!;
        if (Number.isNaN(score)) continue;
        const rank = s.cRank[k * C + slot]!;
        out.push({ generatedAt: snapshots[k]!.generatedAt, supraScore: score, position: s.cPosition[k * C + slot]!, rank: Math.abs(rank), tied: rank < 0 });
      }
      return out;
    },
    modelHistory: (familyTag) => {
      const m = columns.modelOf(familyTag);
      const out: ModelHistoryPoint[] = [];
      if (m < 0) return out;
      for (let k = from; k < W; k++) {
        const score = s.mScore[k * M + m]!;
        if (Number.isNaN(score)) continue;
        const rank = s.mRank[k * M + m]!;
        out.push({ generatedAt: snapshots[k]!.generatedAt, supraScore: score, rank: Math.abs(rank), tied: rank < 0 });
      }
      return out;
    },
    weightHistory: (slug) => {
      const b = columns.benches.get(slug);
      const out: WeightPoint[] = [];
      if (b === undefined) return out;
      for (let k = from; k < W; k++) {
        const weight = s.weights[k * B + b]!;
        if (!Number.isNaN(weight)) out.push({ generatedAt: snapshots[k]!.generatedAt, effectiveWeight: weight });
      }
      return out;
    },
  };
}
