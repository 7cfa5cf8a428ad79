/** Comparing models from their data files: shared benchmarks, deltas, wins, and an honest word on the gap. */
import { describe, expect, it } from 'vitest';
import { compareModels, gapSentences, parseModelsParam } from '../../src/site/compare/compare-models.ts';
import type { ModelFile, ModelFileScore } from '../../src/site/files/model-file.ts';
import { scoreFormatter } from '../../src/site/format/precision.ts';

const score = (bench: string, normalizedScore: number, counts = true, effectiveWeight = 50): ModelFileScore => ({
  bench,
  benchName: bench.toUpperCase(),
  benchSegment: bench,
  effectiveWeight,
  scaleMin: 0,
  scaleMax: 100,
  rawScore: normalizedScore,
  normalizedScore,
  sourceUrl: `https://example.org/${bench}`,
  accessedAt: 0,
  upvotes: counts ? 2 : 0,
  downvotes: counts ? 0 : 2,
  counts,
});

const file = (name: string, supraScore: number, scores: ModelFileScore[]): ModelFile => ({
  source: 'API',
  sourceUrl: 'https://ranking.example.org/',
  attribution: 'Data from API',
  generatedAt: '2026-11-16T06:00:00.000Z',
  fetchedAt: '2026-11-16T06:00:00.000Z',
  sample: false,
  partial: false,
  model: { familyTag: name, segment: name, href: `/models/${name}/`, name, provider: 'P', supraScore, rank: 1, rankTied: false, of: 2 },
  configurations: [
    { slug: name, segment: name, href: `/configurations/${name}/`, name, supraScore, rank: 1, rankTied: false, benchCount: 3, tags: [], detailFetchedAt: null },
  ],
  scores,
  history: { generatedAt: [], supraScore: [], rank: [] },
});

const a = file('a', 90, [score('x', 80, true, 70), score('y', 60, true, 20), score('z', 50), score('only-a', 99)]);
const b = file('b', 88, [score('x', 70, true, 70), score('y', 65, true, 20), score('z', 40, false)]);

describe('compareModels', () => {
  it('keeps only benchmarks on which every model has a counting score, heaviest first, with deltas', () => {
    const result = compareModels([a, b]);
    expect(result.shared.map((s) => s.bench)).toEqual(['x', 'y']);
    expect(result.shared[0]!.deltas).toEqual([0, -10]);
  });

  it('counts per-benchmark wins and the weight won', () => {
    const result = compareModels([a, b]);
    expect(result.wins).toEqual([1, 1]);
    expect(result.weightWon).toEqual([70, 20]);
  });

  it('calls an equal top score a tie, not a win', () => {
    const result = compareModels([file('p', 1, [score('x', 50)]), file('q', 1, [score('x', 50)])]);
    expect(result.shared[0]!.winner).toBeUndefined();
    expect(result.tiedBenches).toBe(1);
  });
});

describe('gapSentences', () => {
  it('states the gap, that supraScore has no published error bars, and what the shared benchmarks say', () => {
    const text = gapSentences(compareModels([a, b]), (n) => n.toFixed(1)).join(' ');
    expect(text).toContain('a is 2.0 points of supraScore ahead of b');
    expect(text).toContain('no error bars');
    expect(text).toContain('On the 2 benchmarks where each has a counting score');
    expect(text).toContain('too few benchmarks');
  });

  it('gives a small gap with the digits its scores are shown with, never as zero', () => {
    const close = [file('p', 90.92, []), file('q', 90.87, [])];
    const shown = scoreFormatter(close.map((f) => f.model.supraScore));
    expect(gapSentences(compareModels(close), shown)[0]).toBe('p is 0.05 points of supraScore ahead of q (90.92 against 90.87).');
  });
});

describe('parseModelsParam', () => {
  it('takes up to four distinct, safe model segments', () => {
    expect(parseModelsParam('a,b,a,../x,c,d,e')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseModelsParam(null)).toEqual([]);
  });
});
