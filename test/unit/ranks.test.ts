/** Standard competition ranking: equal scores share a rank, the next distinct score skips the shared places. */
import { describe, expect, it } from 'vitest';
import { competitionRanks, formatRank, labelledRank } from '../../src/site/format/ranks.ts';

describe('competitionRanks', () => {
  it('gives exactly equal scores the same rank and skips the places they share', () => {
    expect(competitionRanks([90, 87.78, 87.78, 80]).map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });

  it('marks only the tied ranks as shared', () => {
    expect(competitionRanks([90, 87.78, 87.78, 80]).map((r) => r.tied)).toEqual([false, true, true, false]);
  });

  it('does not tie scores that differ by less than any shown digit', () => {
    expect(competitionRanks([85.71, 85.7, 85.68]).map((r) => r.rank)).toEqual([1, 2, 3]);
  });
});

describe('formatRank', () => {
  it('writes a shared rank as "=5" and says what it ranks', () => {
    expect(formatRank({ rank: 5, tied: true })).toBe('=5');
    expect(formatRank({ rank: 5, tied: false })).toBe('5');
    expect(labelledRank('model', { rank: 5, tied: true })).toBe('model rank =5');
    expect(labelledRank('configuration', { rank: 12, tied: false })).toBe('configuration rank 12');
  });
});
