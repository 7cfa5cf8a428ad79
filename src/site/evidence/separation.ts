/**
 * Whether the evidence separates two models: a one-sided test that the model with the higher
 * supraScore is truly above the other, from the gap and the two models' standard errors (moves.ts),
 * with Holm's correction over all the comparisons one page shows, so a page of several comparisons
 * is wrong somewhere no more often than a page of one. "Does not separate" is the default: a model
 * without a standard error is never separated from anyone.
 *
 * Pure and browser-safe: the build's pre-rendered comparisons and the comparison script decide with it.
 */

/** The chance a page's "separates" is wrong somewhere, when the two models are in fact level. */
export const SEPARATION_LEVEL = 0.05;

/** The standard normal's upper tail, P(Z > z) (Abramowitz and Stegun 26.2.17, error below 1e-7). */
export function upperTail(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z > 0 ? p : 1 - p;
}

/** A model as a comparison reads it: its supraScore and its standard error on that scale (undefined without one). */
export interface Compared {
  supraScore: number;
  se: number | undefined;
}

export interface Separation {
  /** 0 when the first model is the higher, 1 when the second is; undefined on equal supraScores. */
  ahead: 0 | 1 | undefined;
  /** The one-sided p-value that the higher is truly above; undefined when either has no standard error. */
  p: number | undefined;
  /** Whether the evidence separates them, after the correction over the page's comparisons. */
  separates: boolean;
}

/** The p-value that the higher of two models is truly the higher. */
function pValue(a: Compared, b: Compared): number | undefined {
  if (a.se === undefined || b.se === undefined) return undefined;
  const spread = Math.hypot(a.se, b.se);
  const gap = Math.abs(a.supraScore - b.supraScore);
  if (!(spread > 0)) return gap > 0 ? 0 : 1;
  return upperTail(gap / spread);
}

/**
 * The verdicts on the pairs one page compares, with Holm's step-down correction at `level`: the
 * smallest p-value is held to level / m, the next to level / (m - 1), and so on, stopping at the
 * first that fails.
 */
export function separations(pairs: readonly (readonly [Compared, Compared])[], level: number = SEPARATION_LEVEL): Separation[] {
  const out: Separation[] = pairs.map(([a, b]) => ({
    ahead: a.supraScore > b.supraScore ? 0 : b.supraScore > a.supraScore ? 1 : undefined,
    p: pValue(a, b),
    separates: false,
  }));
  const tested = out.flatMap((s, i) => (s.p === undefined || s.ahead === undefined ? [] : [i])).sort((i, j) => out[i]!.p! - out[j]!.p! || i - j);
  const m = pairs.length;
  for (const [k, i] of tested.entries()) {
    if (out[i]!.p! > level / (m - k)) break;
    out[i]!.separates = true;
  }
  return out;
}
