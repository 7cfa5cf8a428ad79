/**
 * A statement about the whole leaderboard at once (Klein, Wright and Wieczorek, "A joint confidence
 * region for an overall ranking", 2020; Mogstad, Romano, Shaikh and Wilhelm, "Inference for ranks",
 * 2024): an interval on every model's supraScore that all hold together at the stated level, from the
 * largest standardized move of any model in each resample (a max-|t| over the rounds of moves.ts);
 * then each model's set of model ranks: from one more than the models confidently above it to the
 * field's size less the models confidently below it. When every interval holds, every set holds its
 * model's true rank, so the sets hold together at least as often as the intervals. Two models whose
 * intervals overlap cannot be told apart: a model is tied with the one above when theirs do.
 *
 * Pure and browser-safe, its inputs plain typed arrays.
 */
import type { Moves } from './moves.ts';

/**
 * The multiple of each model's standard error that every model's move stays within in `level` of
 * the rounds (moves of models with a standard error, `s` positive, only).
 */
export function simultaneousWidth(moves: Moves, s: Float64Array, level: number): number {
  const { rounds, deviation } = moves;
  const largest = new Float64Array(rounds);
  for (let m = 0; m < s.length; m++) {
    if (!(s[m]! > 0)) continue;
    for (let r = 0; r < rounds; r++) {
      const d = deviation[m * rounds + r]!;
      if (Number.isNaN(d)) continue;
      const t = Math.abs(d) / s[m]!;
      if (t > largest[r]!) largest[r] = t;
    }
  }
  largest.sort();
  return largest[Math.min(rounds - 1, Math.ceil(level * rounds) - 1)] ?? 0;
}

export interface RankSets {
  /** The best and the worst model rank each model could hold. */
  low: Int32Array;
  high: Int32Array;
}

/** Every model's set of model ranks, from its score `y`, its standard error `s` and the width `c` (the interval y ± c s). */
export function rankSets(y: Float64Array, s: Float64Array, c: number): RankSets {
  const n = y.length;
  const lower = Float64Array.from(y, (v, i) => v - c * s[i]!).sort();
  const upper = Float64Array.from(y, (v, i) => v + c * s[i]!).sort();
  const low = new Int32Array(n);
  const high = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const top = y[i]! + c * s[i]!;
    const bottom = y[i]! - c * s[i]!;
    // Confidently above: their lower end above this one's upper end; confidently below: the reverse.
    low[i] = 1 + n - firstAbove(lower, top);
    high[i] = n - firstAtOrAbove(upper, bottom);
  }
  return { low, high };
}

/** Whether two models cannot be told apart: their intervals y ± c s overlap (or touch). */
export const cannotTell = (ya: number, sa: number, yb: number, sb: number, c: number): boolean => Math.abs(ya - yb) <= c * (sa + sb);

function firstAbove(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function firstAtOrAbove(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
