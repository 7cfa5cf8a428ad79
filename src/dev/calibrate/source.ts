/**
 * The calibration's source: how its simulated API computes supraScore from per-benchmark scores.
 * It is deliberately not the mirror's method (src/site/evidence/method.ts), so the harness measures
 * the mirror against a source it does not copy:
 *
 * - one comparison is a probit of the normalized-score gap, WIDTH points wide (the mirror: a logistic
 *   10 points wide), or, in the variants, a hard margin (`hard`), or a weighting the export does not
 *   show: every benchmark alike (`unweighted`), the first capability's four times (`focus`), nearly
 *   only the first capability's (`narrow`);
 * - the win shares are pooled over every (reference, benchmark) pair, weighted by effectiveWeight
 *   (the mirror: a mean over the references of each one's weighted share);
 * - the references are its own fixed point: the top 10 configurations by the score they give,
 *   found by starting from the best weighted mean score and iterating (the mirror: the API's top 10).
 *
 * Used only by the harness (src/dev/calibrate/); the architecture test keeps src/ outside src/dev from importing it.
 */

/** How the source compares: the default probit, or a variant that disagrees with the mirror more. */
export const SOURCE_KINDS = ['probit', 'hard', 'unweighted', 'focus', 'narrow'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Width of the probit comparison, in normalized points. */
export const WIDTH = 25;
/** References of the source's supraScore. */
export const SOURCE_REFERENCES = 10;
/** At most this many passes find the references' fixed point. */
const PASSES = 8;
/** The rows a pass of the fixed point scores: the best by the first pass. */
const CONTENDERS = 100;
/** In the `focus` variant, benchmarks of the first capability weigh this many times their effectiveWeight. */
const FOCUS = 4;
/** In the `narrow` variant, every other benchmark weighs this many times less: supraScore is nearly one capability's. */
const NARROW = 20;

/** Scores of configurations (rows) on benchmarks (columns), row-major, NaN where a row has none. */
export interface ScoreMatrix {
  rows: number;
  cols: number;
  value: Float32Array;
  /** effectiveWeight by column. */
  weight: Float64Array;
  /** The capability of each column (0 = the first), for the `focus` variant. */
  capability: Uint8Array;
}

/** The standard normal CDF (Abramowitz and Stegun 26.2.17, error below 1e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989422804014327 * Math.exp((-x * x) / 2);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x > 0 ? 1 - p : p;
}

/** The probit at every 0.05 points of gap from -100 to 100: the universe's hundreds of millions of comparisons read it, linearly between steps. */
const STEP = 0.05;
const PROBIT = Float64Array.from({ length: 4001 }, (_, i) => normalCdf((i * STEP - 100) / WIDTH));

function probit(gap: number): number {
  const x = (gap + 100) / STEP;
  const i = Math.min(3999, Math.max(0, Math.floor(x)));
  return PROBIT[i]! + (x - i) * (PROBIT[i + 1]! - PROBIT[i]!);
}

function comparisonOf(kind: SourceKind): (gap: number) => number {
  if (kind === 'hard') return (gap) => (gap > 0 ? 1 : gap < 0 ? 0 : 0.5);
  return probit;
}

function weightsOf(m: ScoreMatrix, kind: SourceKind): Float64Array {
  if (kind === 'unweighted') return new Float64Array(m.cols).fill(1);
  if (kind === 'focus') return Float64Array.from(m.weight, (w, b) => (m.capability[b] === 0 ? FOCUS * w : w));
  if (kind === 'narrow') return Float64Array.from(m.weight, (w, b) => (m.capability[b] === 0 ? w : w / NARROW));
  return m.weight;
}

/** The `count` best rows by `score`, ties by row. */
function topRows(score: Float64Array, count: number): number[] {
  return Array.from(score.keys())
    .sort((a, b) => score[b]! - score[a]! || a - b)
    .slice(0, count);
}

/** Every row's pooled win share against `references` (a row is not compared with itself); 0 where it shares no weighted benchmark. */
function scoresAgainst(
  m: ScoreMatrix,
  weight: Float64Array,
  references: readonly number[],
  compare: (gap: number) => number,
  rows: Iterable<number> = Array.from({ length: m.rows }, (_, c) => c),
): Float64Array {
  const out = new Float64Array(m.rows);
  const { cols, value } = m;
  for (const c of rows) {
    let won = 0;
    let weighed = 0;
    const mine = c * cols;
    for (const r of references) {
      if (r === c) continue;
      const theirs = r * cols;
      for (let b = 0; b < cols; b++) {
        const w = weight[b]!;
        const a = value[mine + b]!;
        const t = value[theirs + b]!;
        // NaN on either side (no score) fails the test, as does a weight of 0.
        if (!(w > 0 && a === a && t === t)) continue;
        won += w * compare(a - t);
        weighed += w;
      }
    }
    out[c] = weighed > 0 ? (100 * won) / weighed : 0;
  }
  return out;
}

/** The source's supraScore of every row, 0-100, unrounded. */
export function sourceScores(m: ScoreMatrix, kind: SourceKind = 'probit'): Float64Array {
  const weight = weightsOf(m, kind);
  const compare = comparisonOf(kind);
  // The first references: the best weighted mean normalized scores.
  const start = new Float64Array(m.rows);
  for (let c = 0; c < m.rows; c++) {
    let sum = 0;
    let w = 0;
    for (let b = 0; b < m.cols; b++) {
      const v = m.value[c * m.cols + b]!;
      if (Number.isNaN(v) || !(weight[b]! > 0)) continue;
      sum += weight[b]! * v;
      w += weight[b]!;
    }
    start[c] = w > 0 ? sum / w : 0;
  }
  let references = topRows(start, SOURCE_REFERENCES);
  const first = scoresAgainst(m, weight, references, compare);
  // The fixed point moves only the top of the field: its passes score the rows that could be references, then every row once.
  const contenders = topRows(first, CONTENDERS);
  let scores = first;
  for (let pass = 1; pass < PASSES; pass++) {
    const next = topRows(scores, SOURCE_REFERENCES);
    if (next.every((r) => references.includes(r))) break;
    references = next;
    scores = scoresAgainst(m, weight, references, compare, contenders);
  }
  return scores === first ? first : scoresAgainst(m, weight, references, compare);
}
