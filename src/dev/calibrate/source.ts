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
 * The harness (src/dev/calibrate/) gives it a dense matrix (`sourceScores`); the sample generator (src/dev/sample/) gives it each
 * configuration's counted scores (`sourceScoresOfRows`), so the bundled sample's supraScore comes from the scores it publishes.
 * Both run the same code, in the same order of sums. Only src/dev uses it; the architecture test keeps src/ outside src/dev from importing it.
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

/**
 * Each row's scores on the columns it has one: `cols` ascending, `values` in the same order. What a
 * pass reads costs the scores that exist, not rows x columns: the sample's bench walks 10,000
 * configurations over 800 benchmarks each day of a year.
 */
export interface ScoreRows {
  cols: number;
  rows: readonly ScoreRow[];
  /** effectiveWeight by column. */
  weight: Float64Array;
  /** The capability of each column (0 = the first), for the `focus` and `narrow` variants; all 0 when absent. */
  capability?: Uint8Array;
}

/** One row's scores: the columns it has one on, ascending, and the scores (never NaN) in the same order. */
export interface ScoreRow {
  cols: Int32Array;
  values: Float64Array;
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

function weightsOf(m: ScoreRows, kind: SourceKind): Float64Array {
  const first = (b: number) => (m.capability?.[b] ?? 0) === 0;
  if (kind === 'unweighted') return new Float64Array(m.cols).fill(1);
  if (kind === 'focus') return Float64Array.from(m.weight, (w, b) => (first(b) ? FOCUS * w : w));
  if (kind === 'narrow') return Float64Array.from(m.weight, (w, b) => (first(b) ? w : w / NARROW));
  return m.weight;
}

/**
 * The `count` best rows by `score`, ties by row: what sorting every row and keeping the first
 * `count` gives, in one pass that keeps them sorted (a year of daily revisions sorts no field).
 */
function topRows(score: Float64Array, count: number): number[] {
  const top: number[] = [];
  for (let c = 0; c < score.length; c++) {
    const s = score[c]!;
    // Rows come in ascending order, so a row ties with none before it: it goes after every equal score.
    if (top.length === count && !(s > score[top[count - 1]!]!)) continue;
    let at = top.length;
    while (at > 0 && s > score[top[at - 1]!]!) at--;
    top.splice(at, 0, c);
    if (top.length > count) top.pop();
  }
  return top;
}

/** The references' scores by column (compressed: column b's are at `at[b]` to `at[b + 1]`), references in ascending row order. */
function byColumn(m: ScoreRows, references: readonly number[]): { at: Int32Array; row: Int32Array; value: Float64Array } {
  const sorted = [...references].sort((a, b) => a - b);
  const at = new Int32Array(m.cols + 1);
  for (const r of sorted) for (const b of m.rows[r]!.cols) at[b + 1]!++;
  for (let b = 0; b < m.cols; b++) at[b + 1]! += at[b]!;
  const next = at.slice(0, m.cols);
  const row = new Int32Array(at[m.cols]!);
  const value = new Float64Array(at[m.cols]!);
  for (const r of sorted) {
    const { cols, values } = m.rows[r]!;
    for (let k = 0; k < cols.length; k++) {
      const j = next[cols[k]!]!++;
      row[j] = r;
      value[j] = values[k]!;
    }
  }
  return { at, row, value };
}

/**
 * Every row's pooled win share against `references` (a row is not compared with itself); 0 where it
 * shares no weighted benchmark. The sum runs over the row's columns ascending, each column's
 * comparisons summed first, so a pass costs the pairs that exist.
 */
function scoresAgainst(
  m: ScoreRows,
  weight: Float64Array,
  references: readonly number[],
  compare: (gap: number) => number,
  rows: Iterable<number> = m.rows.keys(),
): Float64Array {
  const out = new Float64Array(m.rows.length);
  const theirs = byColumn(m, references);
  const smooth = compare === probit;
  for (const c of rows) {
    const { cols, values } = m.rows[c]!;
    let won = 0;
    let weighed = 0;
    for (let k = 0; k < cols.length; k++) {
      const b = cols[k]!;
      const w = weight[b]!;
      const a = values[k]!;
      // A weight of 0 (or none): no comparison.
      if (!(w > 0)) continue;
      let sum = 0;
      let pairs = 0;
      for (let j = theirs.at[b]!, end = theirs.at[b + 1]!; j < end; j++) {
        if (theirs.row[j] === c) continue;
        const gap = a - theirs.value[j]!;
        if (smooth) {
          // probit(gap), written out: a year of the bench's daily revisions makes billions of these.
          const x = (gap + 100) / STEP;
          const i = x < 0 ? 0 : x >= 3999 ? 3999 : Math.floor(x);
          const lo = PROBIT[i]!;
          sum += lo + (x - i) * (PROBIT[i + 1]! - lo);
        } else sum += compare(gap);
        pairs++;
      }
      won += w * sum;
      weighed += w * pairs;
    }
    out[c] = weighed > 0 ? (100 * won) / weighed : 0;
  }
  return out;
}

/** The source's supraScore of every row of a dense matrix, 0-100, unrounded. */
export function sourceScores(m: ScoreMatrix, kind: SourceKind = 'probit'): Float64Array {
  return sourceScoresOfRows(rowsOf(m), kind);
}

/** A dense matrix's rows: its scores that are not NaN, columns ascending. */
export function rowsOf(m: ScoreMatrix): ScoreRows {
  const rows: ScoreRow[] = [];
  for (let c = 0; c < m.rows; c++) {
    const cols: number[] = [];
    for (let b = 0; b < m.cols; b++) if (!Number.isNaN(m.value[c * m.cols + b]!)) cols.push(b);
    rows.push({ cols: Int32Array.from(cols), values: Float64Array.from(cols, (b) => m.value[c * m.cols + b]!) });
  }
  return { cols: m.cols, rows, weight: m.weight, capability: m.capability };
}

/** The source's supraScore of every row, 0-100, unrounded. */
export function sourceScoresOfRows(m: ScoreRows, kind: SourceKind = 'probit'): Float64Array {
  const weight = weightsOf(m, kind);
  const compare = comparisonOf(kind);
  // The first references: the best weighted mean normalized scores.
  const start = new Float64Array(m.rows.length);
  for (let c = 0; c < m.rows.length; c++) {
    const { cols, values } = m.rows[c]!;
    let sum = 0;
    let w = 0;
    for (let k = 0; k < cols.length; k++) {
      const wb = weight[cols[k]!]!;
      if (!(wb > 0)) continue;
      sum += wb * values[k]!;
      w += wb;
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
