/**
 * How well the evidence score reproduces the API's own order, and the map that reads a move of the
 * evidence on supraScore's scale. The agreement decides whether the site shows likely ranges at all:
 * a recomputation that does not reproduce the source's order cannot speak for its uncertainty.
 */

/** Below this rank correlation with supraScore the site shows no likely ranges. */
export const MIN_AGREEMENT = 0.8;

/** Fewer configurations with an evidence score than this, and the agreement is not measured. */
export const MIN_MEASURED = 10;

/** Ranks 1..n of `values`, ascending, tied values sharing the mean of their places. */
function averageRanks(values: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: values.length }, (_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]!] === values[order[i]!]) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/** Spearman's rank correlation of two equally long series (ties at their mean rank); NaN when either is constant. */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const n = rx.length;
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i]! - mean;
    const dy = ry[i]! - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : Number.NaN;
}

export interface Agreement {
  /** Configurations in the snapshot, and those with an evidence score. */
  configurations: number;
  withEvidence: number;
  /** Spearman's rank correlation of evidence score and supraScore over those with one; null when fewer than MIN_MEASURED. */
  spearman: number | null;
  /** How many of the API's top `top` configurations are among the `top` best by evidence score. */
  topShared: number;
  top: number;
}

/**
 * The agreement of `evidence` (undefined where a configuration has none) with the API's order;
 * `supraScores` in ranking order, so the API's top `top` are the first ones. Ties in the evidence at
 * the edge of its top are broken by the API's order.
 */
export function agreementOf(supraScores: readonly number[], evidence: readonly (number | undefined)[], top: number): Agreement {
  const measured = evidence.flatMap((e, i) => (e === undefined ? [] : [i]));
  const rho =
    measured.length >= MIN_MEASURED
      ? spearman(
          measured.map((i) => evidence[i]!),
          measured.map((i) => supraScores[i]!),
        )
      : Number.NaN;
  const apiTop = Math.min(top, supraScores.length);
  const byEvidence = [...measured].sort((a, b) => evidence[b]! - evidence[a]! || a - b).slice(0, apiTop);
  return {
    configurations: supraScores.length,
    withEvidence: measured.length,
    spearman: Number.isNaN(rho) ? null : rho,
    topShared: byEvidence.filter((i) => i < apiTop).length,
    top: apiTop,
  };
}

/** Why the site shows no likely ranges, or undefined when it shows them. */
export function rangesWithheld(a: Agreement): string | undefined {
  if (a.spearman === null)
    return a.withEvidence === 0
      ? 'No configuration has an evidence score yet, so the mirror shows no likely ranges.'
      : a.withEvidence < MIN_MEASURED
        ? `Only ${a.withEvidence} of ${a.configurations} configurations have an evidence score, too few to check the mirror’s recomputation against supraScore, so it shows no likely ranges.`
        : 'The evidence scores do not vary, so the mirror’s recomputation cannot be checked against supraScore, and it shows no likely ranges.';
  if (a.spearman < MIN_AGREEMENT)
    return `The mirror’s recomputation reproduces supraScore’s order too weakly (rank correlation ${a.spearman.toFixed(2)}, below ${MIN_AGREEMENT.toFixed(2)}) to speak for its uncertainty, so it shows no likely ranges.`;
  return undefined;
}

/** Points at which the evidence score is read on supraScore's scale: equal quantiles of the two. */
export interface ScoreMap {
  evidence: number[];
  supraScore: number[];
}

/** Knots of the map: the quantiles 0, 1 %, ..., 100 % of each (all values where there are fewer). */
export const KNOTS = 101;

/**
 * The quantile map from evidence score to supraScore, over the configurations with both: the
 * supraScore found at the same place in the field's order. It is monotone, so it keeps the evidence's
 * order, and steep where the evidence crowds together, so a small move there reads as a large one.
 */
export function scoreMap(evidence: readonly number[], supraScores: readonly number[]): ScoreMap {
  const e = Float64Array.from(evidence).sort();
  const s = Float64Array.from(supraScores).sort();
  const n = Math.min(e.length, s.length);
  if (n === 0) return { evidence: [], supraScore: [] };
  const knots = Math.min(KNOTS, n);
  const at = (sorted: Float64Array, k: number) => sorted[knots === 1 ? 0 : Math.round((k * (n - 1)) / (knots - 1))]!;
  return { evidence: Array.from({ length: knots }, (_, k) => at(e, k)), supraScore: Array.from({ length: knots }, (_, k) => at(s, k)) };
}

/** An evidence score on supraScore's scale: linear between the map's knots, flat beyond its ends. */
export function onScoreScale(map: ScoreMap, x: number): number {
  const { evidence: e, supraScore: s } = map;
  const last = e.length - 1;
  if (last < 0) return x;
  if (x <= e[0]!) return s[0]!;
  if (x >= e[last]!) return s[last]!;
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (e[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const span = e[hi]! - e[lo]!;
  return span > 0 ? s[lo]! + ((x - e[lo]!) / span) * (s[hi]! - s[lo]!) : s[lo]!;
}
