/**
 * Likely model ranks by empirical Bayes (Gu and Koenker, "Invidious comparisons", Econometrica 2023;
 * Efron's g-modelling): each model's supraScore is read as its true score plus an error of its own
 * spread (moves.ts), wider on the side its moves stray further to (a two-piece normal: with few
 * benchmarks, a score is more often a little low than a little high); the spread of the true scores over the field, G, is fitted to all the
 * models at once (a nonparametric maximum likelihood fit on a grid, by EM, with each model's own
 * error); a model's true score is then drawn from its posterior, every model at once, and ranked,
 * many times. A likely range is the middle of those ranks. Unlike a percentile bootstrap of the
 * ranks, it does not add the noise twice, and a model at the top is not taken at its luckiest: its
 * posterior leans towards the field, as the truth does on average.
 *
 * Pure and browser-safe, its inputs plain typed arrays, deterministic from its seed.
 */

/** Points of the grid the spread of true scores is fitted on. */
export const GRID = 240;
/** EM steps of the fit. */
export const FIT_STEPS = 300;
/** Posterior draws of the whole field. */
export const DRAWS = 1000;
/** The seed of the draws. */
export const DRAW_SEED = 0x51ed_270b;

export interface Prior {
  /** Equally spaced true scores. */
  grid: Float64Array;
  /** Their fitted shares, summing to 1. */
  weight: Float64Array;
}

/** How far from a score, in its standard errors, the likelihood is still read (beyond it, nothing). */
const REACH = 7;

/** Each model's band of grid points within REACH of its spreads, and the likelihood at each. */
interface Bands {
  from: Int32Array;
  start: Int32Array;
  like: Float64Array;
}

/** Each model's error spread: below its score (a true score above it) and above it (a true score below). */
export interface ErrorSpread {
  /** The spread of a score above its true score (the side `y - θ > 0`). */
  up: Float64Array;
  /** The spread of a score below its true score. */
  down: Float64Array;
}

/** The likelihood of a score `y` given a true score `theta`: a two-piece normal, up to a factor the same for every theta. */
const likelihood = (y: number, theta: number, up: number, down: number) => {
  const z = (y - theta) / (y > theta ? up : down);
  return Math.exp(-0.5 * z * z);
};

function bandsOf(y: Float64Array, s: ErrorSpread, grid: Float64Array): Bands {
  const n = y.length;
  const step = grid.length > 1 ? grid[1]! - grid[0]! : 1;
  const from = new Int32Array(n);
  const start = new Int32Array(n + 1);
  const ranges: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    // A true score below y reads the upper spread; above y, the lower.
    const lo = Math.max(0, Math.floor((y[i]! - REACH * s.up[i]! - grid[0]!) / step));
    const hi = Math.min(grid.length - 1, Math.ceil((y[i]! + REACH * s.down[i]! - grid[0]!) / step));
    ranges.push([lo, Math.max(lo, hi)]);
    from[i] = lo;
    start[i + 1] = start[i]! + Math.max(lo, hi) - lo + 1;
  }
  const like = new Float64Array(start[n]!);
  for (let i = 0; i < n; i++) {
    const [lo, hi] = ranges[i]!;
    for (let k = lo; k <= hi; k++) like[start[i]! + k - lo] = likelihood(y[i]!, grid[k]!, s.up[i]!, s.down[i]!);
  }
  return { from, start, like };
}

/** The grid: from the lowest score less three of its spreads to the highest plus three of its. */
function gridOf(y: Float64Array, s: ErrorSpread, points: number): Float64Array {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < y.length; i++) {
    lo = Math.min(lo, y[i]! - 3 * s.up[i]!);
    hi = Math.max(hi, y[i]! + 3 * s.down[i]!);
  }
  if (!(hi > lo)) hi = lo + 1;
  return Float64Array.from({ length: points }, (_, k) => lo + ((hi - lo) * k) / (points - 1));
}

/** The spread of true scores that makes the scores `y`, each with its error spread `s` (all positive), likeliest. */
export function fitPrior(y: Float64Array, s: ErrorSpread, points: number = GRID, steps: number = FIT_STEPS): Prior {
  const grid = gridOf(y, s, points);
  const bands = bandsOf(y, s, grid);
  let weight = new Float64Array(points).fill(1 / points);
  const next = new Float64Array(points);
  for (let step = 0; step < steps; step++) {
    next.fill(0);
    for (let i = 0; i < y.length; i++) {
      const lo = bands.from[i]!;
      const at = bands.start[i]!;
      const len = bands.start[i + 1]! - at;
      let total = 0;
      for (let k = 0; k < len; k++) total += weight[lo + k]! * bands.like[at + k]!;
      if (!(total > 0)) continue;
      for (let k = 0; k < len; k++) next[lo + k] = next[lo + k]! + (weight[lo + k]! * bands.like[at + k]!) / total;
    }
    let sum = 0;
    for (let k = 0; k < points; k++) sum += next[k]!;
    weight = Float64Array.from(next, (w) => w / sum);
  }
  return { grid, weight };
}

/** A small seeded stream (mulberry32): the same draws in the build and the browser. */
export function stream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Each model's posterior as a cumulative distribution over its band of the grid. */
function posteriors(y: Float64Array, s: ErrorSpread, prior: Prior): Bands {
  const bands = bandsOf(y, s, prior.grid);
  for (let i = 0; i < y.length; i++) {
    const lo = bands.from[i]!;
    const at = bands.start[i]!;
    const len = bands.start[i + 1]! - at;
    let total = 0;
    for (let k = 0; k < len; k++) total += bands.like[at + k] = prior.weight[lo + k]! * bands.like[at + k]!;
    let sum = 0;
    // Where the prior gives the band nothing (a score far from every other), the likelihood alone.
    if (!(total > 0)) {
      for (let k = 0; k < len; k++) total += bands.like[at + k] = likelihood(y[i]!, prior.grid[lo + k]!, s.up[i]!, s.down[i]!);
    }
    for (let k = 0; k < len; k++) bands.like[at + k] = sum += bands.like[at + k]! / total;
  }
  return bands;
}

/** Each model's posterior mean true score. */
export function posteriorMeans(y: Float64Array, s: ErrorSpread, prior: Prior): Float64Array {
  const cdf = posteriors(y, s, prior);
  return Float64Array.from(y, (_, i) => {
    const lo = cdf.from[i]!;
    const at = cdf.start[i]!;
    const len = cdf.start[i + 1]! - at;
    let mean = 0;
    let before = 0;
    for (let k = 0; k < len; k++) {
      mean += (cdf.like[at + k]! - before) * prior.grid[lo + k]!;
      before = cdf.like[at + k]!;
    }
    return mean;
  });
}

export interface RankDraws {
  draws: number;
  /** Model-major: model i's model rank in draw d at i * draws + d, each model's sorted ascending. */
  rank: Int32Array;
}

/**
 * Model ranks of every model in `draws` joint draws from the posteriors: each draw gives every model a
 * true score from its posterior (a grid point, spread evenly over its cell, so no two tie) and ranks
 * them, 1 = the highest.
 */
export function rankDraws(y: Float64Array, s: ErrorSpread, prior: Prior, draws: number = DRAWS, seed: number = DRAW_SEED): RankDraws {
  const n = y.length;
  const cdf = posteriors(y, s, prior);
  const step = prior.grid.length > 1 ? prior.grid[1]! - prior.grid[0]! : 1;
  const next = stream(seed);
  const theta = new Float64Array(n);
  const sorted = new Float64Array(n);
  const rank = new Int32Array(n * draws);
  for (let d = 0; d < draws; d++) {
    for (let i = 0; i < n; i++) {
      const at = cdf.start[i]!;
      const len = cdf.start[i + 1]! - at;
      const u = next();
      let lo = 0;
      let hi = len - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cdf.like[at + mid]! < u) lo = mid + 1;
        else hi = mid;
      }
      theta[i] = prior.grid[cdf.from[i]! + lo]! + (next() - 0.5) * step;
    }
    sorted.set(theta);
    sorted.sort();
    for (let i = 0; i < n; i++) rank[i * draws + d] = 1 + n - upperBound(sorted, theta[i]!);
  }
  for (let i = 0; i < n; i++) rank.subarray(i * draws, (i + 1) * draws).sort();
  return { draws, rank };
}

/** The first index of an ascending array whose value is above `x`. */
export function upperBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Model i's ranks between the `low` and `high` shares of its draws (0.05 and 0.95: the middle 90%). */
export function rankInterval(draws: RankDraws, i: number, low: number, high: number): [number, number] {
  const mine = draws.rank.subarray(i * draws.draws, (i + 1) * draws.draws);
  const lowAt = Math.max(0, Math.ceil(low * draws.draws) - 1);
  const highAt = Math.min(draws.draws - 1, Math.ceil(high * draws.draws) - 1);
  return [mine[lowAt]!, mine[highAt]!];
}
