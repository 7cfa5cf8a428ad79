/**
 * Every model's likely model rank (marginal, posterior.ts), its set of model ranks with the whole
 * table at once (rank-sets.ts) and whether it is tied with the one above, from the moves of its
 * supraScore over resamples of the benchmarks (moves.ts). The one entry point: the build calls it on
 * the snapshot, and a page can call it in the browser on the same plain arrays.
 *
 * Every model takes part in every other's ranks, also one whose own evidence is too thin for a range
 * of its own: its standard error is then read from the fit of the measured ones against the number
 * of benchmarks behind supraScore (benchCount), so no model is held still while the others move.
 */
import { movesOf, placedScores, spreadsOf, type MovesInput } from './moves.ts';
import { fitPrior, moderate, posteriorMeans, rankIntervals, type ErrorSpread, type SpreadAtTruth } from './posterior.ts';
import { cannotTell, rankSets, setWidth, simultaneousWidth } from './rank-sets.ts';
import { LEVEL } from './ranges.ts';

export { LEVEL } from './ranges.ts';

/** The smallest standard error read, in supraScore points: the API's rounding, two decimals. */
export const SE_FLOOR = 0.01;

export interface FieldRangesInput extends MovesInput {
  /** By model: the benchmarks its evidence rests on (its best configuration's shared with the references), or, without evidence, its benchCount (the API's). */
  benchmarks: Float64Array;
  /** By model: 1 where its evidence is enough for a range of its own. */
  enough: Uint8Array;
}

export interface FieldRanges {
  /** By model, in the order of `best` (the model ranking): its standard error on supraScore's scale. */
  se: Float64Array;
  /** 1 where that standard error is measured from its own moves, 0 where read from the fit. */
  measured: Uint8Array;
  /** Its likely model rank, the middle LEVEL of its posterior ranks; 0 and 0 without enough evidence. */
  likelyLow: Int32Array;
  likelyHigh: Int32Array;
  /** Its set of model ranks with the whole table at once. */
  setLow: Int32Array;
  setHigh: Int32Array;
  /** 1 where it cannot be told apart from the model just above it. */
  tiedAbove: Uint8Array;
  /** The multiple of a standard error that every interval spans at once. */
  width: number;
  /**
   * How far the evidence strays from supraScore, in standard errors: the 75th percentile, over the
   * models with a range, of the gap between a model's supraScore and the supraScore at the place its
   * evidence holds, over its standard error. NaN without a model with a range.
   */
  mismatch: number;
}

/** The 75th percentile over the measured models of |supraScore - its evidence's place on supraScore's scale| / its standard error. */
function mismatchOf(input: FieldRangesInput, measured: Uint8Array, se: Float64Array): number {
  const placed = placedScores(input.terms, input.supraScore, input.best);
  const ratios = Float64Array.from(input.best, (c, m) =>
    measured[m] && !Number.isNaN(placed[m]!) ? Math.abs(input.supraScore[c]! - placed[m]!) / se[m]! : Number.NaN,
  )
    .filter((r) => !Number.isNaN(r))
    .sort();
  return ratios.length ? ratios[Math.min(ratios.length - 1, Math.floor(0.75 * ratios.length))]! : Number.NaN;
}

/** Neighbours either side, by supraScore, whose spread per benchmark a model's is moderated towards. */
export const NEIGHBOURS = 25;
/** How many benchmarks' worth of evidence the neighbours' spread counts for, beside a model's own. */
export const PRIOR_BENCHMARKS = 8;

/**
 * The spread per benchmark typical of the measured models near each model by supraScore: the mean
 * of k s² (k benchmarks, s the standard error of its moves) over the NEIGHBOURS measured models on
 * either side of it in the model ranking.
 *
 * The mean, not the median: what the prior's benchmarks stand for is the variance a benchmark adds
 * near this model on average, E[σ²], and the mean of the neighbours' variances estimates it whatever
 * their distribution. The median estimates it only where that distribution is symmetric. At the foot
 * of a large field it is far from symmetric: a model's win shares against the references are mostly
 * near 0, and its variance comes from the few benchmarks where it comes close to them. A neighbour
 * that drew one of those has a large k s², and most have none, so the median of k s² is a fifth of
 * the mean in the last sixth of a 10,000-configuration field with 90 % of its scores missing (and
 * 0.99 of it in the top third). A model that drew no near-win then got a range too narrow for the
 * near-wins the benchmarks it lacks would bring (the bottom third held 70 % there, 83 % with the mean).
 */
export function typicalSpread(perBenchmark: Float64Array, measured: Uint8Array): Float64Array {
  const models = perBenchmark.length;
  const ids = Int32Array.from({ length: models }, (_, m) => m).filter((m) => measured[m] === 1);
  const out = new Float64Array(models).fill(Number.NaN);
  if (ids.length === 0) return out;
  let at = 0;
  for (let m = 0; m < models; m++) {
    while (at + 1 < ids.length && ids[at + 1]! <= m) at++;
    const from = Math.max(0, Math.min(at - NEIGHBOURS, ids.length - 1 - 2 * NEIGHBOURS));
    const to = Math.min(ids.length - 1, from + 2 * NEIGHBOURS);
    let sum = 0;
    for (let j = from; j <= to; j++) sum += perBenchmark[ids[j]!]!;
    out[m] = sum / (to - from + 1);
  }
  return out;
}

/** A model's own variance per benchmark (k s²) and its neighbours' typical one (0 where none is measured). */
function perBenchmark(own: Float64Array, k: Float64Array, measured: Uint8Array): { own: Float64Array; typical: Float64Array } {
  const mine = Float64Array.from(own, (s, m) => (measured[m] ? k[m]! * s * s : Number.NaN));
  return { own: mine, typical: typicalSpread(mine, measured).map((t) => (Number.isNaN(t) ? 0 : t)) };
}

/** A spread moderated towards its neighbours' (limma's moderated variance, posterior.ts `moderate`): few benchmarks say little of their own spread. */
function moderated(own: Float64Array, k: Float64Array, measured: Uint8Array): Float64Array {
  const v = perBenchmark(own, k, measured);
  return Float64Array.from(own, (_, m) => moderate(v.own[m]!, v.typical[m]!, k[m]!, PRIOR_BENCHMARKS, SE_FLOOR));
}

/**
 * Each side's spread at the model's own score, and read at every true score (posterior.ts
 * `SpreadAtTruth`): the typical variance per benchmark there is that of the model whose supraScore
 * is nearest it.
 */
export function errorSpread(own: { up: Float64Array; down: Float64Array }, k: Float64Array, measured: Uint8Array, y: Float64Array): ErrorSpread {
  const up = perBenchmark(own.up, k, measured);
  const down = perBenchmark(own.down, k, measured);
  const ascending = Int32Array.from(y.keys()).sort((a, b) => y[a]! - y[b]! || b - a);
  const atTruth: SpreadAtTruth = {
    benchmarks: k,
    ownUp: up.own,
    ownDown: down.own,
    scores: Float64Array.from(ascending, (m) => y[m]!),
    typicalUp: Float64Array.from(ascending, (m) => up.typical[m]!),
    typicalDown: Float64Array.from(ascending, (m) => down.typical[m]!),
    priorBenchmarks: PRIOR_BENCHMARKS,
    floor: SE_FLOOR,
  };
  const at = (v: { own: Float64Array; typical: Float64Array }) =>
    Float64Array.from(y, (_, m) => moderate(v.own[m]!, v.typical[m]!, k[m]!, PRIOR_BENCHMARKS, SE_FLOOR));
  return { up: at(up), down: at(down), atTruth };
}

export function fieldRanges(input: FieldRangesInput): FieldRanges {
  const models = input.best.length;
  const moves = movesOf(input);
  const own = spreadsOf(moves);
  const measured = Uint8Array.from(own.se, (s, m) => (input.enough[m] && Number.isFinite(s) ? 1 : 0));
  const k = input.benchmarks;
  const se = moderated(own.se, k, measured);
  const y = Float64Array.from(input.best, (c) => input.supraScore[c]!);
  const spread = errorSpread(own, k, measured, y);
  const prior = fitPrior(y, spread);
  const half = (1 - LEVEL) / 2;
  const intervals = rankIntervals(y, spread, prior, half, 1 - half);
  const likelyLow = intervals.low.map((v, m) => (measured[m] ? v : 0));
  const likelyHigh = intervals.high.map((v, m) => (measured[m] ? v : 0));
  const largest = simultaneousWidth(
    moves,
    Float64Array.from(se, (s, m) => (measured[m] ? s : 0)),
    LEVEL,
  );
  const means = posteriorMeans(y, spread, prior).map((v, m) => (Number.isNaN(v) ? y[m]! : v));
  const width = setWidth(moves, means, se, LEVEL, largest);
  const sets = rankSets(y, se, width);
  const tiedAbove = Uint8Array.from({ length: models }, (_, m) => (m > 0 && cannotTell(y[m - 1]!, se[m - 1]!, y[m]!, se[m]!, width) ? 1 : 0));
  return { se, measured, likelyLow, likelyHigh, setLow: sets.low, setHigh: sets.high, tiedAbove, width, mismatch: mismatchOf(input, measured, se) };
}
