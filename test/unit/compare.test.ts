/** Comparing models from their data files: shared benchmarks, deltas, wins, and an honest word on the gap. */
import { describe, expect, it } from 'vitest';
import { compareModels, gapSentences, parseModelsParam, type ComparisonEvidence } from '../../src/site/compare/compare-models.ts';
import type { ModelFile, ModelFileScore } from '../../src/site/files/model-file.ts';
import { scoreFormatter } from '../../src/site/format/precision.ts';
import type { EvidenceFacts } from '../../src/site/evidence/evidence-file.ts';

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
  model: {
    familyTag: name,
    segment: name,
    href: `/models/${name}/`,
    name,
    provider: 'P',
    providerHref: '/providers/p/',
    supraScore,
    rank: 1,
    rankTied: false,
    of: 2,
  },
  configurations: [
    { slug: name, segment: name, href: `/configurations/${name}/`, name, supraScore, rank: 1, rankTied: false, benchCount: 3, tags: [], detailFetchedAt: null },
  ],
  scores,
  history: { generatedAt: [], supraScore: [], rank: [] },
  restsOn: [],
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

/** The evidence file's facts, and each model's standard error as model-list.json gives it (null: no range of its own). */
const facts = (withheld: string | null = null): EvidenceFacts => ({
  method: {
    references: 10,
    candidates: 20,
    scale: 10,
    rounds: 200,
    seed: 1,
    grid: 400,
    fitSteps: 150,
    level: 0.9,
    minBenchmarks: 8,
    separationLevel: 0.05,
    minAgreement: 0.8,
    maxMismatch: 0.9,
  },
  agreement: { configurations: 30, withEvidence: 30, spearman: 0.95, topShared: 9, top: 10, mismatch: 0.3 },
  sensitivity: [],
  ranges: { shown: withheld === null, withheld, models: withheld === null ? 30 : 0, width: withheld === null ? 3 : null },
  benchmarks: { slug: ['s1', 's2', 's3', 's4'], effectiveWeight: [40, 30, 20, 10] },
  references: [{ slug: 'reference', name: 'Reference', supraScore: 95, scores: [50, 50, 50, 50] }],
});
const evidence = (se: Record<string, number | null>, withheld: string | null = null): ComparisonEvidence => ({
  facts: facts(withheld),
  se: new Map(Object.entries(se)),
});
const on = (values: number[]) => values.map((v, i) => score(`s${i + 1}`, v));

describe('gapSentences', () => {
  it('states the gap, whether the evidence separates the models, and what the shared benchmarks say', () => {
    const text = gapSentences(compareModels([a, b]), (n) => n.toFixed(1), evidence({ a: 1, b: 1 })).join(' ');
    expect(text).toContain('a is 2.0 points of supraScore ahead of b');
    expect(text).toContain('On the 2 benchmarks where each has a counting score');
    expect(text).toContain('too few benchmarks');
  });

  it('gives a small gap with the digits its scores are shown with, never as zero', () => {
    const close = [file('p', 90.92, []), file('q', 90.87, [])];
    const shown = scoreFormatter(close.map((f) => f.model.supraScore));
    expect(gapSentences(compareModels(close), shown, evidence({ p: 1, q: 1 }))[0]).toBe('p is 0.05 points of supraScore ahead of q (90.92 against 90.87).');
  });

  it('says the evidence separates two models when the gap is beyond their standard errors at the level', () => {
    const strong = file('strong', 80, on([90, 85, 88, 92]));
    const weak = file('weak', 30, on([20, 25, 15, 10]));
    expect(gapSentences(compareModels([strong, weak]), String, evidence({ strong: 2, weak: 2 }))[1]).toBe(
      'The evidence separates them: strong is above weak by more than other draws of the benchmarks would move them (a one-sided test at 5%).',
    );
  });

  it('says the evidence does not separate two close models', () => {
    const p = file('p', 60.1, on([70, 40, 60, 55]));
    const q = file('q', 60, on([40, 70, 58, 50]));
    expect(gapSentences(compareModels([p, q]), String, evidence({ p: 1, q: 1 }))[1]).toBe(
      'The evidence does not separate them: other draws of the benchmarks could put q above p (a one-sided test at 5%).',
    );
  });

  it('corrects a page of several comparisons together, and says so', () => {
    const first = file('first', 60, on([70, 60, 60, 60]));
    // Each gap alone would separate at 5% (z = 2.0, p = 0.023), but not three of them at once (0.023 > 0.05 / 3).
    const others = ['x', 'y', 'z'].map((n) => file(n, 60 - 2 * Math.SQRT2, on([50, 50, 50, 50])));
    const said = gapSentences(compareModels([first, ...others]), String, evidence({ first: 1, x: 1, y: 1, z: 1 }));
    expect(said.filter((t) => t.startsWith('The evidence'))).toEqual(
      ['x', 'y', 'z'].map(
        (n) =>
          `The evidence does not separate them: other draws of the benchmarks could put ${n} above first (a one-sided test at 5%, with Holm’s correction over the 3 comparisons on this page).`,
      ),
    );
    expect(gapSentences(compareModels([first, others[0]!]), String, evidence({ first: 1, x: 1 }))[1]).toMatch(/^The evidence separates them/);
  });

  it('cannot say with too little evidence, with the ranges withheld, or without the evidence file, and says which', () => {
    const thin = file('thin', 70, on([90, 90]));
    const wide = file('wide', 60, on([50, 50, 50, 50]));
    expect(gapSentences(compareModels([thin, wide]), String, evidence({ thin: null, wide: 1 }))[1]).toBe(
      'The mirror cannot say whether the gap between thin and wide is meaningful: thin has too little evidence (a best configuration with counting scores on at least 8 benchmarks shared with the top 10 configurations).',
    );
    expect(gapSentences(compareModels([thin, wide]), String, evidence({ thin: 1, wide: 1 }, 'Withheld, and why.'))[1]).toBe('Withheld, and why.');
    expect(gapSentences(compareModels([thin, wide]), String, undefined)[1]).toBe(
      'The mirror’s evidence file could not be loaded, so this page cannot say whether the gap is meaningful.',
    );
  });
});

describe('parseModelsParam', () => {
  it('takes up to four distinct, safe model segments', () => {
    expect(parseModelsParam('a,b,a,../x,c,d,e')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseModelsParam(null)).toEqual([]);
  });
});
