/**
 * Ranks as the site shows them: standard competition ranking ("1224"), where exactly equal scores
 * share a rank and the next distinct score skips the tied places; a shared rank reads "=5". Every
 * rank on the site says what it ranks, in these words.
 */

/** What a rank ranks: the API's words. */
export const RANK_LABEL = {
  model: 'model rank',
  configuration: 'configuration rank',
} as const;
export type RankKind = keyof typeof RANK_LABEL;

export interface Ranked {
  /** 1 = best; equal scores share a rank. */
  rank: number;
  /** True when another item has exactly the same score. */
  tied: boolean;
}

/**
 * Competition ranks of `scores`, which must already be in descending order (the ranking order).
 * Only exactly equal numbers tie: a difference too small to show is still a difference.
 */
export function competitionRanks(scores: readonly number[]): Ranked[] {
  const out: Ranked[] = [];
  for (let i = 0; i < scores.length; i++) {
    const rank = i > 0 && scores[i] === scores[i - 1] ? out[i - 1]!.rank : i + 1;
    out.push({ rank, tied: (i > 0 && scores[i] === scores[i - 1]) || (i + 1 < scores.length && scores[i] === scores[i + 1]) });
  }
  return out;
}

/** "5", or "=5" for a shared rank. */
export const formatRank = ({ rank, tied }: Ranked) => `${tied ? '=' : ''}${rank}`;

/** A likely model rank as the site writes it: "2–7", or "3" where the resamples never moved it. */
export const formatLikely = ({ low, high }: { low: number; high: number }) => (low === high ? String(low) : `${low}–${high}`);

/** "model rank =5", "configuration rank 12": a rank that says what it ranks. */
export const labelledRank = (kind: RankKind, ranked: Ranked) => `${RANK_LABEL[kind]} ${formatRank(ranked)}`;

/**
 * Places a model gained (positive) or lost (negative) between two snapshots, as its ▲▼ marker shows
 * it; 0 without an earlier rank, and across the 2026-09-17 method change, where ranks do not compare.
 */
export const rankMove = (change: { rank: Ranked; previousRank?: Ranked | undefined; reason: { kind: string } }) =>
  change.reason.kind !== 'method' && change.previousRank ? change.previousRank.rank - change.rank.rank : 0;
