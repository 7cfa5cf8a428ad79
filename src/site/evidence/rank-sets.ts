/**
 * A statement about the whole leaderboard at once (Klein, Wright and Wieczorek, "A joint confidence
 * region for an overall ranking", 2020; Mogstad, Romano, Shaikh and Wilhelm, "Inference for ranks",
 * 2024): an interval on every model's supraScore, its score ± c of its standard errors, and each
 * model's set of model ranks from them: from one more than the models confidently above it (their
 * interval wholly above its) to the field's size less the models confidently below it. The sets hold
 * together whenever no "confidently above" is wrong, so c is the smallest width that keeps every
 * such claim right in the stated share of the resamples: each round's moves (moves.ts) are added to
 * the models' posterior means (posterior.ts), a field whose near-ties are as close as the truth's
 * or closer, and the round's claims are held against that field's order. The width at which every
 * interval itself holds (a max-|t| over the rounds) bounds it. Two models whose intervals overlap
 * cannot be told apart: a model is tied with the one above when theirs do.
 *
 * Pure and browser-safe, its inputs plain typed arrays.
 */
import type { Moves } from './moves.ts';
import { firstAbove, firstAtOrAbove } from './sorted.ts';

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

/**
 * The smallest width at which no "confidently above" claim is wrong in `level` of the rounds: each
 * round's field is `truth` plus its moves (a model without a move that round keeps its truth).
 */
export function setWidth(moves: Moves, truth: Float64Array, s: Float64Array, level: number, largest: number): number {
  const { rounds, deviation } = moves;
  const n = truth.length;
  const ascending = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => truth[a]! - truth[b]! || a - b);
  const value = new Float64Array(n);
  // Whether some model truly below another is claimed wholly above it at width c.
  const wrong = (c: number) => {
    let highestLower = Number.NEGATIVE_INFINITY;
    for (let g = 0; g < n;) {
      let h = g + 1;
      while (h < n && truth[ascending[h]!] === truth[ascending[g]!]) h++;
      for (let k = g; k < h; k++) {
        const i = ascending[k]!;
        if (highestLower > value[i]! + c * s[i]!) return true;
      }
      for (let k = g; k < h; k++) {
        const i = ascending[k]!;
        highestLower = Math.max(highestLower, value[i]! - c * s[i]!);
      }
      g = h;
    }
    return false;
  };
  const needed = new Float64Array(rounds);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n; i++) {
      const d = deviation[i * rounds + r]!;
      value[i] = truth[i]! + (Number.isNaN(d) ? 0 : d);
    }
    if (!wrong(largest)) {
      let lo = 0;
      let hi = largest;
      for (let step = 0; step < 14; step++) {
        const mid = (lo + hi) / 2;
        if (wrong(mid)) lo = mid;
        else hi = mid;
      }
      needed[r] = hi;
    } else needed[r] = largest;
  }
  needed.sort();
  return needed[Math.min(rounds - 1, Math.ceil(level * rounds) - 1)] ?? 0;
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
