/**
 * How well the evidence score reproduces the API's own order. The agreement decides whether the site
 * shows likely ranges at all: a recomputation that does not reproduce the source's order cannot speak
 * for its uncertainty.
 */

/**
 * Below this rank correlation with supraScore the site shows no likely ranges. Chosen on calibration
 * fields (`npm run calibrate`, docs/site.md): where the simulated API compares by a hard margin ("the
 * higher score wins"), the correlation was 0.75 to 0.95 on every field, and when the rule was chosen
 * the ranges such fields got held the true rank about half the time; every field of 300
 * configurations of the source the method agrees with has 0.993 or more. The method has changed
 * since, and such fields' ranges would now hold (88.4 % on 48 fields, `npm run calibrate --
 * --ungated`): the rule keeps a different method's ranges off the site.
 */
export const MIN_AGREEMENT = 0.95;

/**
 * Above this mismatch (Agreement.mismatch) the site shows no likely ranges: a quarter of the models
 * sit further from where their evidence places them than this share of their standard error, and the
 * evidence's resamples no longer speak for supraScore's. Chosen on calibration fields where the
 * source's method and the mirror's disagree (`npm run calibrate`, docs/site.md). Measured again with
 * the gate set aside (`npm run calibrate -- --ungated`, 240 fields of five sources on seeds 1, 3, 7
 * and 11): the fields at 0.90 or less held 92.3 %, those from 0.90 to 1.8 87.5 %, those above 1.8
 * (all of a source that weighs one capability almost alone) 80.4 %.
 */
export const MAX_MISMATCH = 0.9;

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
  /**
   * How far the evidence strays from supraScore in standard errors where it matters for a range: the
   * 75th percentile over the models with one (field-ranges.ts); null until resampled.
   */
  mismatch: number | null;
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
    mismatch: null,
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
  if (a.mismatch !== null && !(a.mismatch <= MAX_MISMATCH))
    return `The mirror’s recomputation strays from supraScore by more than its own uncertainty (a quarter of the models sit ${a.mismatch.toFixed(2)} standard errors or more from where their evidence places them, above ${MAX_MISMATCH.toFixed(2)}), so its resamples cannot speak for supraScore’s, and it shows no likely ranges.`;
  return undefined;
}
