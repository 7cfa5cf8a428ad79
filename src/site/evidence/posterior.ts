/**
 * Likely model ranks by empirical Bayes (Gu and Koenker, "Invidious comparisons", Econometrica 2023;
 * Efron's g-modelling): each model's supraScore is read as its true score plus an error of its own
 * spread (moves.ts), wider on the side its moves stray further to (a two-piece normal: with few
 * benchmarks, a score is more often a little low than a little high), that spread read at each true
 * score it could have (`SpreadAtTruth`); the spread of the true scores over the field, G, is fitted to all the
 * models at once (a nonparametric maximum likelihood fit on a grid, by EM, with each model's own
 * error); each model's true score then has a posterior, and the distribution of its rank among
 * every model's posterior is computed (below), not drawn. A likely range is the middle of that distribution. Unlike a percentile bootstrap of the
 * ranks, it does not add the noise twice, and a model at the top is not taken at its luckiest: its
 * posterior leans towards the field, as the truth does on average.
 *
 * Pure and browser-safe, its inputs plain typed arrays, deterministic from its seed.
 */
import { firstAtOrAbove } from './sorted.ts';

/**
 * Points of the grid the spread of true scores is fitted on: at equal shares of the models' scores,
 * so the grid is as fine where models crowd together (the bottom of a large field, a few hundredths
 * of a point apart) as their standard errors are.
 */
export const GRID = 400;
/** Points beyond the lowest and the highest score, evenly spaced to three of the largest spread. */
const PADDING = 12;
/** EM steps of the fit: the posteriors hardly move after the first hundred. */
export const FIT_STEPS = 150;
/** The most models the spread of true scores is fitted on. */
export const FITTED = 2000;

export interface Prior {
  /** Equally spaced true scores. */
  grid: Float64Array;
  /** Their fitted shares, summing to 1. */
  weight: Float64Array;
}

/** How far from a score, in its standard errors, the likelihood is still read (beyond it, nothing). */
const REACH = 5;

/** Each model's band of grid points within REACH of its spreads, and the likelihood at each. */
interface Bands {
  from: Int32Array;
  start: Int32Array;
  like: Float64Array;
}

/** Each model's error spread: below its score (a true score above it) and above it (a true score below). */
export interface ErrorSpread {
  /** The spread of a score above its true score (the side `y - θ > 0`), at the model's own score. */
  up: Float64Array;
  /** The spread of a score below its true score, at the model's own score. */
  down: Float64Array;
  /** Where given, each model's spreads are read at every true score it is weighed at instead (below). */
  atTruth?: SpreadAtTruth;
}

/**
 * A model's spread read at each true score θ it could have, not only at its own score: its own
 * variance per benchmark moderated (`moderate`) towards the variance per benchmark typical of the
 * models whose score is θ, over its benchmarks. It is the score interval's idea (Wilson's, not
 * Wald's, for a share): each candidate truth is judged by the noise a model with that truth would
 * itself show. At the foot of a large field the noise grows with the score, because a model's score
 * there comes from the few benchmarks where it comes close to the references; one that drew none of
 * those has a low score and a small spread of its own, and a spread read at its own score alone
 * makes a truth a little higher look impossible, when missing its near-wins is just what a model
 * of that truth would do now and then.
 */
export interface SpreadAtTruth {
  /** By model: the benchmarks behind its score. */
  benchmarks: Float64Array;
  /**
   * By model: its own variance per benchmark (k s²) on each side; NaN where it has none of its own
   * (too little evidence for a range), and then its spread is the one at its own score, `up` and
   * `down`: read at each truth, the typical variance alone over its few benchmarks (1 to 7) gave a
   * truth far above its score room that the calibration's truths did not bear out (on the fields of
   * 300 configurations with 70 % missing of seeds 1 and 7, such models' own ranks, had they ranges,
   * would have held 87.8 % instead of 88.5 % though a tenth wider, 90 of their misses too high against
   * 65), and pushed the models with ranges down (their misses with the true rank better 241 against
   * 132 worse; 206 and 164 without it, 213 and 150 with no spread read at the truth).
   */
  ownUp: Float64Array;
  ownDown: Float64Array;
  /** Scores ascending, and the variance per benchmark typical of the models there, each side. */
  scores: Float64Array;
  typicalUp: Float64Array;
  typicalDown: Float64Array;
  /** How many benchmarks' worth the typical variance counts for beside a model's own. */
  priorBenchmarks: number;
  /** The smallest spread read. */
  floor: number;
}

/**
 * A spread per benchmark moderated towards a typical one (limma's moderated variance: few benchmarks
 * say little of their own spread), as the standard error over `benchmarks` benchmarks. Without an own
 * variance (NaN), the typical one alone.
 */
export function moderate(own: number, typical: number, benchmarks: number, priorBenchmarks: number, floor: number): number {
  const count = Math.max(1, benchmarks);
  const v = Number.isNaN(own) ? typical : (priorBenchmarks * typical + (count - 1) * own) / (priorBenchmarks + count - 1);
  return Math.max(floor, Math.sqrt(v / count));
}

/** The density of a score `y` given a true score `theta`: a two-piece normal (up to a factor the same for every model and theta). */
const likelihood = (y: number, theta: number, up: number, down: number) => {
  const z = (y - theta) / (y > theta ? up : down);
  return (2 / (up + down)) * Math.exp(-0.5 * z * z);
};

/** The typical variances per benchmark at each grid point: those of the score nearest it. */
function typicalOnGrid(t: SpreadAtTruth, grid: Float64Array): { up: Float64Array; down: Float64Array } {
  const up = new Float64Array(grid.length);
  const down = new Float64Array(grid.length);
  const last = t.scores.length - 1;
  for (let g = 0; g < grid.length; g++) {
    let j = Math.min(last, firstAtOrAbove(t.scores, grid[g]!));
    if (j > 0 && grid[g]! - t.scores[j - 1]! < t.scores[j]! - grid[g]!) j--;
    up[g] = t.typicalUp[j]!;
    down[g] = t.typicalDown[j]!;
  }
  return { up, down };
}

function bandsOf(y: Float64Array, s: ErrorSpread, grid: Float64Array): Bands {
  const n = y.length;
  const from = new Int32Array(n);
  const start = new Int32Array(n + 1);
  const ranges: [number, number][] = [];
  const t = s.atTruth;
  const typical = t && typicalOnGrid(t, grid);
  // Whether model i's spreads are read at each true score: where it has a spread of its own.
  const reads = (i: number) => t !== undefined && !Number.isNaN(t.ownUp[i]!) && !Number.isNaN(t.ownDown[i]!);
  // Model i's spreads at grid point g: at its own score, or read at that true score.
  const upAt = (i: number, g: number) => (reads(i) ? moderate(t!.ownUp[i]!, typical!.up[g]!, t!.benchmarks[i]!, t!.priorBenchmarks, t!.floor) : s.up[i]!);
  const downAt = (i: number, g: number) =>
    reads(i) ? moderate(t!.ownDown[i]!, typical!.down[g]!, t!.benchmarks[i]!, t!.priorBenchmarks, t!.floor) : s.down[i]!;
  for (let i = 0; i < n; i++) {
    // A true score below y reads the upper spread; above y, the lower; the band keeps a grid point either side.
    let lo: number;
    let hi: number;
    if (reads(i)) {
      const at = Math.min(grid.length - 1, firstAtOrAbove(grid, y[i]!));
      for (lo = at; lo > 0 && y[i]! - grid[lo]! <= REACH * upAt(i, lo);) lo--;
      for (hi = at; hi < grid.length - 1 && grid[hi]! - y[i]! <= REACH * downAt(i, hi);) hi++;
    } else {
      lo = Math.max(0, firstAtOrAbove(grid, y[i]! - REACH * s.up[i]!) - 1);
      hi = Math.min(grid.length - 1, firstAtOrAbove(grid, y[i]! + REACH * s.down[i]!));
    }
    ranges.push([lo, Math.max(lo, hi)]);
    from[i] = lo;
    start[i + 1] = start[i]! + Math.max(lo, hi) - lo + 1;
  }
  const like = new Float64Array(start[n]!);
  for (let i = 0; i < n; i++) {
    const [lo, hi] = ranges[i]!;
    for (let k = lo; k <= hi; k++) like[start[i]! + k - lo] = likelihood(y[i]!, grid[k]!, upAt(i, k), downAt(i, k));
  }
  return { from, start, like };
}

/** The grid: the scores at equal shares of the models, and PADDING points either side out to three of the largest spread. */
function gridOf(y: Float64Array, s: ErrorSpread, points: number): Float64Array {
  const sorted = Float64Array.from(y).sort();
  const n = sorted.length;
  let spread = 0;
  for (let i = 0; i < n; i++) spread = Math.max(spread, s.up[i]!, s.down[i]!);
  const inner = Array.from({ length: Math.min(points, n) }, (_, k) => sorted[Math.round((k * (n - 1)) / Math.max(1, Math.min(points, n) - 1))]!);
  const lowest = sorted[0]!;
  const highest = sorted[n - 1]!;
  const reach = Math.max(3 * spread, 1e-6);
  const below = Array.from({ length: PADDING }, (_, k) => lowest - (reach * (PADDING - k)) / PADDING);
  const above = Array.from({ length: PADDING }, (_, k) => highest + (reach * (k + 1)) / PADDING);
  return Float64Array.from(new Set([...below, ...inner, ...above])).sort();
}

/** The spread of true scores that makes the scores `y`, each with its error spread `s` (all positive), likeliest. */
export function fitPrior(y: Float64Array, s: ErrorSpread, points: number = GRID, steps: number = FIT_STEPS): Prior {
  const grid = gridOf(y, s, points);
  // A large field is fitted on FITTED models evenly spread over its order: the spread of true scores needs no more, and the fit's cost stays flat.
  const every = Math.max(1, Math.ceil(y.length / FITTED));
  const pick = <T extends Float64Array>(a: T) => a.filter((_, i) => i % every === 0);
  const t = s.atTruth;
  const bands = bandsOf(
    pick(y),
    { up: pick(s.up), down: pick(s.down), atTruth: t && { ...t, benchmarks: pick(t.benchmarks), ownUp: pick(t.ownUp), ownDown: pick(t.ownDown) } },
    grid,
  );
  const fitted = bands.start.length - 1;
  let weight = new Float64Array(grid.length).fill(1 / grid.length);
  const next = new Float64Array(grid.length);
  for (let step = 0; step < steps; step++) {
    next.fill(0);
    for (let i = 0; i < fitted; i++) {
      const lo = bands.from[i]!;
      const at = bands.start[i]!;
      const len = bands.start[i + 1]! - at;
      let total = 0;
      for (let k = 0; k < len; k++) total += weight[lo + k]! * bands.like[at + k]!;
      if (!(total > 0)) continue;
      for (let k = 0; k < len; k++) next[lo + k] = next[lo + k]! + (weight[lo + k]! * bands.like[at + k]!) / total;
    }
    let sum = 0;
    for (let k = 0; k < next.length; k++) sum += next[k]!;
    weight = Float64Array.from(next, (w) => w / sum);
  }
  return { grid, weight };
}

/** Each model's posterior as a cumulative distribution over its band of the grid. */
function posteriors(y: Float64Array, s: ErrorSpread, prior: Prior): Bands {
  const bands = bandsOf(y, s, prior.grid);
  for (let i = 0; i < y.length; i++) {
    const lo = bands.from[i]!;
    const at = bands.start[i]!;
    const len = bands.start[i + 1]! - at;
    let total = 0;
    for (let k = 0; k < len; k++) total += prior.weight[lo + k]! * bands.like[at + k]!;
    // Where the prior gives the band nothing (a score far from every other), the likelihood alone.
    if (total > 0) for (let k = 0; k < len; k++) bands.like[at + k] = prior.weight[lo + k]! * bands.like[at + k]!;
    else for (let k = 0; k < len; k++) total += bands.like[at + k]!;
    let sum = 0;
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

/** The standard normal's density and distribution function (Abramowitz and Stegun 26.2.17). */
const density = (x: number) => 0.3989422804014327 * Math.exp((-x * x) / 2);
/** Φ(x) from x and its density d, already at hand. */
function normalCdf(x: number, d: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x > 0 ? 1 - p : p;
}

/**
 * How many models are above a true score at each grid point, as the posteriors have it. A grid point
 * stands for its cell of true scores, and models in the same cell are ordered among themselves by
 * where each lies within it: given a model at a share `v` of the way down its cell (0 at the cell's
 * top), another model j is above it with chance A_j + v C_j, A_j its chance of a cell above and C_j
 * of the same cell. So the count above, given v, is a sum of independent chances whose mean, spread
 * and skew follow from the sums over the models of the powers of A and C kept here: `a`, `c` (the
 * count above and in the cell) and `aa`, `ac`, `cc`, `aaa`, `aac`, `acc`, `ccc`.
 */
interface Above {
  a: Float64Array;
  c: Float64Array;
  aa: Float64Array;
  ac: Float64Array;
  cc: Float64Array;
  aaa: Float64Array;
  aac: Float64Array;
  acc: Float64Array;
  ccc: Float64Array;
}

/** A model's chance of a cell above its band's point k (0 = the band's first), and of that cell, from its cumulative posterior. */
const chanceOfCellAbove = (cdf: Float64Array, at: number, k: number) => 1 - cdf[at + k]!;
const chanceOfCell = (cdf: Float64Array, at: number, k: number) => cdf[at + k]! - (k > 0 ? cdf[at + k - 1]! : 0);

function aboveEachPoint(cdf: Bands, points: number): Above {
  const sums = () => new Float64Array(points);
  const out: Above = { a: sums(), c: sums(), aa: sums(), ac: sums(), cc: sums(), aaa: sums(), aac: sums(), acc: sums(), ccc: sums() };
  // Below a model's band it is surely above (A = 1, C = 0): counted once per model with a running sum.
  const surely = new Float64Array(points + 1);
  for (let j = 0; j + 1 < cdf.start.length; j++) {
    const lo = cdf.from[j]!;
    const at = cdf.start[j]!;
    const len = cdf.start[j + 1]! - at;
    surely[0] = surely[0]! + 1;
    surely[lo] = surely[lo]! - 1;
    for (let k = 0; k < len; k++) {
      const a = chanceOfCellAbove(cdf.like, at, k);
      const c = chanceOfCell(cdf.like, at, k);
      const i = lo + k;
      out.a[i] = out.a[i]! + a;
      out.c[i] = out.c[i]! + c;
      out.aa[i] = out.aa[i]! + a * a;
      out.ac[i] = out.ac[i]! + a * c;
      out.cc[i] = out.cc[i]! + c * c;
      out.aaa[i] = out.aaa[i]! + a * a * a;
      out.aac[i] = out.aac[i]! + a * a * c;
      out.acc[i] = out.acc[i]! + a * c * c;
      out.ccc[i] = out.ccc[i]! + c * c * c;
    }
  }
  let running = 0;
  for (let k = 0; k < points; k++) {
    running += surely[k]!;
    out.a[k] = out.a[k]! + running;
    out.aa[k] = out.aa[k]! + running;
    out.aaa[k] = out.aaa[k]! + running;
  }
  return out;
}

/**
 * P(the count above is under `x` more than its mean at the cell's top), averaged over the model's
 * place in the cell (uniform): the refined normal approximation, its mean moving linearly by `c`
 * from the cell's top to its foot, its spread `sd` and skew taken at the middle. With G(z) = zΦ(z) +
 * φ(z), the integral of Φ, and zφ(z), the integral of (1 - z²)φ(z), the average is closed-form.
 */
function chanceAtMost(x: number, c: number, sd: number, skew: number): number {
  if (sd < 1e-9) return c > 0 ? Math.min(1, Math.max(0, x / c)) : x >= 0 ? 1 : 0;
  // A cell whose others move the mean by under a thousandth of a spread: read at its middle (the difference is of the order of its square).
  if (c < 1e-3 * sd) {
    const z = (x - c / 2) / sd;
    const d = density(z);
    return Math.min(1, Math.max(0, normalCdf(z, d) + (skew * (1 - z * z) * d) / 6));
  }
  const z0 = x / sd;
  const z1 = (x - c) / sd;
  const d0 = density(z0);
  const d1 = density(z1);
  const g = z0 * normalCdf(z0, d0) + d0 - (z1 * normalCdf(z1, d1) + d1);
  return Math.min(1, Math.max(0, (sd / c) * (g + (skew * (z0 * d0 - z1 * d1)) / 6)));
}

/**
 * Every model's model ranks between the `low` and `high` shares of its posterior (0.05 and 0.95: the
 * middle 90%), computed, not drawn: given its true score at a grid point and where within that
 * point's cell it lies, how many models are above it is a sum of independent chances (a Poisson
 * binomial), read by its normal approximation with a skewness correction (the refined normal
 * approximation); its ranks are the mixture of those over its posterior and over its place in the
 * cell. The place matters where the fitted spread of true scores puts much of its weight on one point
 * (at the foot of a large field, hundreds of models within hundredths of a point): the models there
 * are in some order among themselves, so a model's count above spreads evenly over them, where
 * taking each as above it by an even chance, independently, spread it by only about half the square
 * root of their number (on the fields of 10,000 configurations with 90 % of the scores missing of
 * seeds 1 and 7, the bottom third's ranges held 82.5 % and 77.7 % with the neighbours' mean spread
 * alone, 83.9 % and 83.1 % with this too). Ranks are whole, so the two ends, each leaving out less
 * than its share, can hold far more than the level between them (at the top of the table a model
 * that cannot rank above 1st leaves nothing out above it): the range is narrowed an end at a time
 * while it still holds the level (on the fields of 300 configurations of seeds 1 and 7, the ranges
 * of the three leaders held 97.3 % of their own posteriors and 98.4 % of the truths, those of ranks 4
 * to 20 93-95 % and 92-95 %). The same inputs give the same ranges, with no draws to move their ends.
 */
export function rankIntervals(y: Float64Array, s: ErrorSpread, prior: Prior, low: number, high: number): { low: Int32Array; high: Int32Array } {
  const n = y.length;
  const cdf = posteriors(y, s, prior);
  const above = aboveEachPoint(cdf, prior.grid.length);
  // A model's band points that weigh anything (the fitted spread sits on few), each with the count
  // above's mean at the cell's top and how far it grows to the cell's foot, and its spread and skew.
  const weight: number[] = [];
  const mean: number[] = [];
  const slope: number[] = [];
  const spread: number[] = [];
  const skew: number[] = [];
  const pointsOf = (i: number) => {
    weight.length = mean.length = slope.length = spread.length = skew.length = 0;
    const lo = cdf.from[i]!;
    const at = cdf.start[i]!;
    const len = cdf.start[i + 1]! - at;
    for (let k = 0; k < len; k++) {
      const w = chanceOfCell(cdf.like, at, k);
      // Points weighing under a millionth change no probability the ranges are read at.
      if (w < 1e-6) continue;
      // The sums over the others: the model's own terms taken out.
      const g = lo + k;
      const a0 = chanceOfCellAbove(cdf.like, at, k);
      const c0 = w;
      const sa = above.a[g]! - a0;
      const sc = above.c[g]! - c0;
      const saa = above.aa[g]! - a0 * a0;
      const sac = above.ac[g]! - a0 * c0;
      const scc = above.cc[g]! - c0 * c0;
      const saaa = above.aaa[g]! - a0 * a0 * a0;
      const saac = above.aac[g]! - a0 * a0 * c0;
      const sacc = above.acc[g]! - a0 * c0 * c0;
      const sccc = above.ccc[g]! - c0 * c0 * c0;
      // Σp, Σp², Σp³ over the others at the middle of the cell (v = 1/2), p = A + v C; the mean runs from sa at the cell's top to sa + sc at its foot.
      const s1 = sa + sc / 2;
      const s2 = saa + sac + scc / 4;
      const s3 = saaa + 1.5 * saac + 0.75 * sacc + sccc / 8;
      const variance = Math.max(0, s1 - s2);
      weight.push(w);
      mean.push(sa);
      slope.push(Math.max(0, sc));
      spread.push(Math.sqrt(variance));
      skew.push(variance > 0 ? (s1 - 3 * s2 + 2 * s3) / (variance * Math.sqrt(variance)) : 0);
    }
  };
  // P(at most r models above the model whose points are at hand).
  const atMost = (r: number) => {
    let total = 0;
    for (let k = 0; k < weight.length; k++) total += weight[k]! * chanceAtMost(r + 0.5 - mean[k]!, slope[k]!, spread[k]!, skew[k]!);
    return total;
  };
  // The count above lies within six spreads of the means over the points at hand.
  const quantile = (q: number) => {
    let lo = n - 1;
    let hi = 0;
    for (let k = 0; k < weight.length; k++) {
      lo = Math.min(lo, Math.floor(mean[k]! - 6 * spread[k]! - 2));
      hi = Math.max(hi, Math.ceil(mean[k]! + slope[k]! + 6 * spread[k]! + 2));
    }
    lo = Math.max(0, lo);
    hi = Math.min(n - 1, Math.max(lo, hi));
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (atMost(mid) >= q) hi = mid;
      else lo = mid + 1;
    }
    return lo + 1;
  };
  // P(rank at most r), rank 0 and below holding nothing.
  const rankAtMost = (r: number) => (r >= 1 ? atMost(r - 1) : 0);
  const lows = new Int32Array(n);
  const highs = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    pointsOf(i);
    let top = quantile(low);
    let foot = quantile(high);
    // Ranks are whole, so ends that each leave out less than their share can hold far more than the
    // level between them: a model that cannot rank above 1st leaves nothing out above it. What they
    // leave unused narrows the range an end at a time, the end whose rank weighs less first, while
    // it still holds the level.
    let spare = low + (1 - high) - rankAtMost(top - 1) - (1 - rankAtMost(foot));
    while (top < foot) {
      const first = Math.max(0, rankAtMost(top) - rankAtMost(top - 1));
      const last = Math.max(0, rankAtMost(foot) - rankAtMost(foot - 1));
      if (Math.min(first, last) > spare) break;
      spare -= Math.min(first, last);
      if (first <= last) top++;
      else foot--;
    }
    lows[i] = top;
    highs[i] = foot;
  }
  return { low: lows, high: highs };
}
