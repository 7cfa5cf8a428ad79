/** The per-benchmark scores as columns (src/site/data/scores.ts): read from rows walked once, made into objects on demand. */
import { describe, expect, it } from 'vitest';
import { buildScores } from '../../src/site/data/scores.ts';
import type { ScoreTuple } from '../../src/store/read-snapshot.ts';
import type { Configuration, Model } from '../../src/site/data/site-data.ts';

const configuration = (slug: string, familyTag: string, position: number) => ({ slug, familyTag, position }) as Configuration;
const configurations = [configuration('a-1', 'a', 1), configuration('b-1', 'b', 2), configuration('a-2', 'a', 3)];
const configurationBySlug = new Map(configurations.map((c) => [c.slug, c]));
const modelByFamily = new Map(['a', 'b'].map((familyTag, index) => [familyTag, { familyTag, index } as Model]));

const AT = Date.UTC(2026, 10, 1);
/** slug, bench, normalized score, upvotes, downvotes; the rest follows from them. */
const tuple = (slug: string, bench: string, normalized: number, up = 1, down = 0): ScoreTuple => [
  slug,
  bench,
  `Bench ${bench}`,
  normalized / 10,
  normalized,
  `https://example.com/${bench}`,
  AT,
  up,
  down,
];
const ROWS: ScoreTuple[] = [
  tuple('a-1', 'x', 90),
  tuple('a-1', 'y', 40, 0, 2),
  tuple('a-2', 'x', 95),
  tuple('b-1', 'x', 80),
  tuple('b-1', 'y', 70),
  // A configuration that is not in the ranking: its scores are its own, in no benchmark's results.
  tuple('gone', 'x', 99),
];

/** The rows as the reader gives them: walked once, then done. */
function* once(rows: ScoreTuple[]) {
  yield* rows;
}

describe('buildScores', () => {
  const index = buildScores(ROWS.length, once(ROWS), configurationBySlug, modelByFamily);

  it('gives each configuration its scores in stored order, as fresh objects with the counting flag', () => {
    const scores = index.scoresFor('a-1');
    expect(scores).toEqual([
      {
        bench: 'x',
        benchName: 'Bench x',
        rawScore: 9,
        normalizedScore: 90,
        sourceUrl: 'https://example.com/x',
        accessedAt: AT,
        upvotes: 1,
        downvotes: 0,
        counts: true,
      },
      {
        bench: 'y',
        benchName: 'Bench y',
        rawScore: 4,
        normalizedScore: 40,
        sourceUrl: 'https://example.com/y',
        accessedAt: AT,
        upvotes: 0,
        downvotes: 2,
        counts: false,
      },
    ]);
    // A page that sorts or changes its list changes nobody else's.
    scores.reverse();
    expect(index.scoresFor('a-1')[0]!.bench).toBe('x');
    expect(index.scoresFor('gone')).toHaveLength(1);
    expect(index.scoresFor('nobody')).toEqual([]);
    expect(['a-1', 'a-2', 'gone', 'nobody'].map(index.scoreCountFor)).toEqual([2, 1, 1, 0]);
  });

  it('counts a benchmark’s submissions and models without making its results, leaving out configurations not in the ranking', () => {
    expect([index.submissionsOn('x'), index.modelsOn('x')]).toEqual([3, 2]);
    expect([index.submissionsOn('y'), index.modelsOn('y')]).toEqual([2, 2]);
    expect([index.submissionsOn('z'), index.modelsOn('z')]).toEqual([0, 0]);
    expect(index.configurationsOn('x').map((c) => c.slug)).toEqual(['a-1', 'a-2', 'b-1']);
  });

  it('sums a tag’s benchmarks’ counting scores by configuration and benchmark, in stored order, from those benchmarks’ rows alone', () => {
    const rows = [...ROWS.slice(0, 4), tuple('b-1', 'x', 60), tuple('b-1', 'x', 50, 0, 1), tuple('b-1', 'y', 70)];
    const sums = buildScores(rows.length, once(rows), configurationBySlug, modelByFamily).sumsByConfiguration(['y', 'x', 'y']);
    // Configurations as they first come on y, then on x: a-1's score on y does not count, but a-1 has a score there.
    expect([...sums].map(([c, list]) => [c.slug, list.map(({ bench, sum, n }) => ({ bench, sum, n }))])).toEqual([
      ['a-1', [{ bench: 'x', sum: 90, n: 1 }]],
      // b-1's x scores (two counting) come before its y score among its rows.
      [
        'b-1',
        [
          { bench: 'x', sum: 140, n: 2 },
          { bench: 'y', sum: 70, n: 1 },
        ],
      ],
      ['a-2', [{ bench: 'x', sum: 95, n: 1 }]],
    ]);
    expect(index.sumsByConfiguration(['z']).size).toBe(0);
  });

  it('groups a benchmark’s results by model, best counting score first, and ranks a score among the counting ones', () => {
    const x = index.resultsFor('x');
    expect(x.groups.map((g) => [g.model.familyTag, g.best, g.rows.map((r) => r.configuration.slug)])).toEqual([
      ['a', 95, ['a-2', 'a-1']],
      ['b', 80, ['b-1']],
    ]);
    expect([x.configurations, x.submissions]).toEqual([3, 3]);
    // On y, a's only score does not count: b comes first.
    expect(index.resultsFor('y').groups.map((g) => [g.model.familyTag, g.best])).toEqual([
      ['b', 70],
      ['a', undefined],
    ]);
    expect([95, 90, 80, 85].map((v) => index.standingOn('x', v))).toEqual([
      { rank: 1, of: 3 },
      { rank: 2, of: 3 },
      { rank: 3, of: 3 },
      { rank: 3, of: 3 },
    ]);
    expect(index.standingOn('y', 70)).toEqual({ rank: 1, of: 1 });
  });

  it('makes a benchmark’s results again, the same, once many others have been made since', () => {
    const first = index.resultsFor('x');
    for (let i = 0; i < 20; i++) index.resultsFor(`other-${i}`);
    const again = index.resultsFor('x');
    expect(again).not.toBe(first);
    expect(again.groups.map((g) => g.rows.map((r) => r.score.normalizedScore))).toEqual(first.groups.map((g) => g.rows.map((r) => r.score.normalizedScore)));
    // Made within the last few, the same object: a benchmark's pages share it.
    expect(index.resultsFor('x')).toBe(again);
  });

  it('cleans third-party text once per distinct string, and keeps a slug’s first run of rows if the file repeats it out of order', () => {
    const dirty: ScoreTuple = ['a-1', 'x', 'Bench\u0000 x\u202e', 1, 10, 'https://example.com/\u0007x', AT, 1, 0];
    const repeated: ScoreTuple = ['b-1', 'x', 'late', 1, 11, 'https://example.com/late', AT, 1, 0];
    const rows = [dirty, dirty, tuple('b-1', 'x', 12), tuple('c-1', 'x', 13), repeated];
    const cleaned = buildScores(rows.length, once(rows), configurationBySlug, modelByFamily);
    const [first, second] = cleaned.scoresFor('a-1');
    expect(first!.benchName).toBe('\u2068Bench x\u202e\u2069');
    expect(first!.sourceUrl).toBe('https://example.com/x');
    expect(second!.benchName).toBe(first!.benchName);
    expect(cleaned.scoresFor('b-1').map((s) => s.normalizedScore)).toEqual([12]);
  });
});
