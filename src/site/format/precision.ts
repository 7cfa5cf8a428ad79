/**
 * Scores shown with the digits that matter: one decimal, and more only where rounding would make
 * two different scores of the same list read alike (85.71 and 85.68, not 85.7 twice). Exactly
 * equal scores read alike on purpose: they share a rank.
 */

/** Decimals a score needs at least, and at most. */
export const MIN_DECIMALS = 1;
export const MAX_DECIMALS = 4;

/** A formatter that shows every value of `values` with as many decimals as it needs to differ from its neighbours. */
export type ScoreText = (n: number) => string;

/**
 * Builds the formatter for one list of scores. Rounding is monotone, so a score can only read like
 * its neighbours in sorted order: comparing each with the next distinct value is enough.
 */
export function scoreFormatter(values: Iterable<number>, minDecimals = MIN_DECIMALS): ScoreText {
  const sorted = [...new Set(values)].filter(Number.isFinite).sort((a, b) => a - b);
  const decimals = new Map<number, number>();
  const need = (a: number, b: number) => {
    let d = minDecimals;
    while (d < MAX_DECIMALS && a.toFixed(d) === b.toFixed(d)) d++;
    return d;
  };
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    const below = i > 0 ? need(sorted[i - 1]!, v) : minDecimals;
    const above = i + 1 < sorted.length ? need(v, sorted[i + 1]!) : minDecimals;
    decimals.set(v, Math.max(below, above));
  }
  return (n) => n.toFixed(decimals.get(n) ?? minDecimals);
}

/** Two scores side by side ("85.71 → 85.68"), each with the digits that tell them apart. */
export function scorePair(a: number, b: number): [string, string] {
  const text = scoreFormatter([a, b]);
  return [text(a), text(b)];
}

/** A signed difference with the digits that make it non-zero when it is ("+0.03", "−1.2", "±0"). */
export function formatDelta(delta: number): string {
  if (delta === 0) return '±0';
  let d = MIN_DECIMALS;
  while (d < MAX_DECIMALS && Number(Math.abs(delta).toFixed(d)) === 0) d++;
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta).toFixed(d)}`;
}
