/** The mirror's measures of a benchmark on hand-made fields: its verdict on the leaders, where a rating disagrees, its new bests over time, its agreement with the others. */
import { describe, expect, it } from 'vitest';
import { benchAgreement, rankCorrelationOfSorted, type BenchScores } from '../../src/site/data/bench-agreement.ts';
import { spearman } from '../../src/site/evidence/agreement.ts';
import { buildBenchMeasures } from '../../src/site/data/bench-measures.ts';
import { BENCH_THRESHOLDS } from '../../src/site/data/bench-thresholds.ts';
import { disagreementsOf, noiseOf, verdictOf } from '../../src/site/data/bench-verdict.ts';
import { bestSteps } from '../../src/site/data/best-steps.ts';
import type { CountingRows } from '../../src/site/data/types.ts';
import type { Bench, Configuration, Model } from '../../src/site/data/types.ts';

const DAY = 86_400_000;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the verdict on the leaders', () => {
  it('calls a benchmark every leader aces saturated', () => {
    const v = verdictOf(20, [99.8, 99.6, 99.9, 99.5, 99.7, 100, 99.4, 99.2, 99.9, 99.3, 99.1, 99.6, 99.8, 99.5, 99, 99.2, 99.7, 99.4, 99.9, 100], []);
    expect(v).toMatchObject({
      verdict: 'saturated',
      leaders: 20,
      scored: 20,
      best: 100,
      noise: 1,
      noiseFrom: 'floor',
      atTop: 20,
      atCeiling: 20,
      pairs: 19,
      separated: 0,
    });
  });

  it('says one that spreads the leaders still separates them', () => {
    const v = verdictOf(
      20,
      range(20).map((i) => 95 - 3 * i),
      [],
    );
    expect(v).toMatchObject({ verdict: 'separates', scored: 20, best: 95, atTop: 1, atCeiling: 0, pairs: 19, separated: 19 });
  });

  it('gives no verdict where only three of the leaders scored', () => {
    const v = verdictOf(20, [90, 70, 50], []);
    expect(v).toMatchObject({ verdict: 'too-few', scored: 3, pairs: 2, separated: 2 });
    expect(verdictOf(20, [], [])).toMatchObject({ verdict: 'too-few', scored: 0, best: null, median: null, pairs: 0 });
  });

  it('calls saturated a benchmark where half the leaders tie for the top, however spread the rest', () => {
    // Six of twelve within a point of 80, the other six three points apart each: 6 of 11 pairs told apart.
    const v = verdictOf(12, [80, 79.9, 79.5, 79.4, 79.2, 79.1, 75, 72, 69, 66, 63, 60], []);
    expect(v).toMatchObject({ atTop: 6, separated: 6, pairs: 11, verdict: 'saturated' });
  });

  it('calls saturated a benchmark that tells fewer than half the adjacent pairs apart, though the top is alone', () => {
    const v = verdictOf(8, [90, 80, 79.5, 79, 78.5, 78, 77.5, 77], []);
    expect(v).toMatchObject({ atTop: 1, separated: 1, pairs: 7, verdict: 'saturated' });
  });

  it('counts a gap of exactly the noise as within it, whatever the float sum makes of it', () => {
    expect(verdictOf(5, [96.4, 95.4, 90, 80, 70], []).atTop).toBe(2);
  });

  it('reads the noise from repeated submissions where enough configurations repeat, never below the floor', () => {
    expect(noiseOf([2, 2])).toEqual({ noise: 1, noiseFrom: 'floor' });
    expect(noiseOf([1, 2, 4])).toEqual({ noise: 6, noiseFrom: 'repeats' });
    expect(noiseOf([0.1, 0.2, 0.3])).toEqual({ noise: 1, noiseFrom: 'floor' });
    // A spread that 1 point would separate, 6 points cannot: the same scores, saturated with the repeats' noise.
    const scores = [90, 87, 84, 81, 78, 75];
    expect(verdictOf(6, scores, []).verdict).toBe('separates');
    expect(verdictOf(6, scores, [1, 2, 4])).toMatchObject({ verdict: 'saturated', noise: 6, repeats: 3, separated: 0 });
  });

  it('says where the community’s ratings and the measure disagree, and is silent between high and low', () => {
    const saturated = verdictOf(20, Array(20).fill(97), []);
    const spread = verdictOf(
      20,
      range(20).map((i) => 60 - 2 * i),
      [],
    );
    const dims = (discriminability: number, difficulty: number) => [
      ['relevance', 3] as const,
      ['discriminability', discriminability] as const,
      ['difficulty', difficulty] as const,
    ];
    expect(disagreementsOf(saturated, dims(4.2, 4.4))).toEqual([
      { dimension: 'discriminability', rating: 4.2, rated: 'high' },
      { dimension: 'difficulty', rating: 4.4, rated: 'high' },
    ]);
    expect(disagreementsOf(spread, dims(2.1, 2))).toEqual([
      { dimension: 'discriminability', rating: 2.1, rated: 'low' },
      { dimension: 'difficulty', rating: 2, rated: 'low' },
    ]);
    expect(disagreementsOf(saturated, dims(3, 3))).toEqual([]);
    expect(disagreementsOf(spread, dims(4.5, 4.5))).toEqual([]);
    expect(disagreementsOf(verdictOf(20, [50], []), dims(5, 5))).toEqual([]);
  });
});

describe('the state of the art over time', () => {
  /** New bests of submissions given as [day accessed, score], as [day, score, index]. */
  const steps = (list: [number, number][]) =>
    bestSteps(
      list.map(([d]) => d * DAY),
      list.map(([, s]) => s),
    ).map((i) => [list[i]![0], list[i]![1], i]);

  it('has one step per new best and none for ties, dated by when each source was accessed', () => {
    expect(
      steps([
        [5, 70],
        [1, 60],
        [3, 60], // ties the best so far: no step
        [4, 55], // below it: no step
        [6, 70], // ties the new best: no step
        [7, 82.5],
      ]),
    ).toEqual([
      [1, 60, 1],
      [5, 70, 0],
      [7, 82.5, 5],
    ]);
  });

  it('takes the highest of submissions accessed at the same moment, once', () => {
    expect(
      steps([
        [1, 50],
        [1, 58],
        [1, 58],
      ]),
    ).toEqual([[1, 58, 1]]);
    expect(steps([])).toEqual([]);
  });
});

/** A benchmark's scores as the agreement reads them, models 0..n-1 by default. */
const bench = (scores: number[], models = range(scores.length)): BenchScores => ({ models: Int32Array.from(models), scores: Float64Array.from(scores) });

describe('the agreement between benchmarks', () => {
  it('computes Spearman’s rank correlation as the site’s one definition does, ties at their mean rank, on short and long series', () => {
    // A seeded field: scores on a coarse grid, so ties come often.
    let seed = 7;
    const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    for (const n of [2, 3, 10, 16, 17, 40, 200]) {
      const x = Float64Array.from({ length: n }, () => Math.round(next() * 20))
        .sort()
        .reverse();
      const y = Float64Array.from({ length: n }, (_, i) => Math.round((x[i]! + next() * 30) / 3));
      // Laid out at an offset inside longer arrays, as a benchmark's pairs are.
      const [xs, ys] = [new Float64Array(n + 5), new Float64Array(n + 5)];
      xs.set(x, 3);
      ys.set(y, 3);
      expect(rankCorrelationOfSorted(xs, ys, 3, n, new Float64Array(n)), `n = ${n}`).toBeCloseTo(spearman(x, y), 12);
    }
    expect(rankCorrelationOfSorted(Float64Array.of(5, 5, 5), Float64Array.of(1, 2, 3), 0, 3, new Float64Array(3))).toBeNaN();
  });

  it('finds a benchmark agrees with a copy of itself and disagrees with a reversed copy', () => {
    const base = range(15).map((i) => 40 + 3 * i + (i % 3));
    const r = benchAgreement([bench(base), bench(base.map((v) => v / 2 + 10)), bench(base.map((v) => 100 - v))], 15, [[], [], []], 0);
    expect(r.benches[0]!.most.map((p) => [p.other, p.rho, p.shared])).toEqual([[1, 1, 15]]);
    expect(r.benches[0]!.least.map((p) => [p.other, p.rho, p.shared])).toEqual([[2, -1, 15]]);
    expect(r.benches[2]!.mean).toBe(-1);
    expect(r.benches[2]!.least[0]!.rho).toBeLessThan(0);
  });

  it('leaves out, and counts, benchmarks that share too few models or order them all alike', () => {
    const n = BENCH_THRESHOLDS.minShared;
    const r = benchAgreement(
      [
        bench(range(n + 5).map((i) => i)),
        bench(range(n - 1).map((i) => i)),
        bench(Array(n).fill(50)),
        bench(
          range(n).map((i) => i),
          range(n).map((i) => 100 + i),
        ),
      ],
      n + 100,
      [[], [], [], []],
      0,
    );
    expect(r.benches[0]).toMatchObject({ compared: 0, mean: null, tooFew: 1, alike: 1, most: [], least: [] });
    expect(r.benches[1]).toMatchObject({ compared: 0, tooFew: 2, alike: 0 });
    expect(r.benches[2]).toMatchObject({ compared: 0, tooFew: 1, alike: 1 });
    // Sharing no model at all is not "too few": they were never candidates.
    expect(r.benches[3]).toMatchObject({ compared: 0, tooFew: 0, alike: 0 });
  });

  it('lists at most the set number each way, the best agreeing first and the least agreeing first, never one benchmark in both', () => {
    const base = range(12).map((i) => i * 5);
    // Benchmark k swaps the first k pairs of the base order: the more swaps, the less it agrees with the base.
    const swapped = (k: number) => base.map((v, i) => (i < 2 * k ? base[i % 2 ? i - 1 : i + 1]! : v));
    const many = [bench(base), ...range(6).map((k) => bench(swapped(k + 1))), bench(base.map((v) => -v))];
    const r = benchAgreement(
      many,
      12,
      many.map(() => []),
      0,
    );
    const first = r.benches[0]!;
    expect(first.compared).toBe(7);
    expect(first.most.map((p) => p.other)).toEqual([1, 2, 3, 4]);
    expect(first.least.map((p) => p.other)).toEqual([7, 6, 5]);
    const all = benchAgreement(
      [...many, ...many.slice(1).map((b) => bench([...b.scores]))],
      12,
      range(15).map(() => []),
      0,
    ).benches[0]!;
    expect([all.most.length, all.least.length]).toEqual([BENCH_THRESHOLDS.neighbours, BENCH_THRESHOLDS.neighbours]);
    expect(all.most.filter((p) => all.least.includes(p))).toEqual([]);
  });

  it('averages the pairs by tag, a pair once however many of their tags match', () => {
    const base = range(10).map((i) => i);
    const r = benchAgreement([bench(base), bench(base), bench(base.map((v) => -v))], 10, [[0, 1], [0, 1], [1]], 2);
    // 0–1 agree (+1), 0–2 and 1–2 disagree (−1). Tag 0 with tag 0: the pair 0–1; tag 0 with tag 1: all three pairs; tag 1 with 1: all three.
    expect(r.tags).toEqual([
      { a: 0, b: 0, mean: 1, pairs: 1 },
      { a: 0, b: 1, mean: -1 / 3, pairs: 3 },
      { a: 1, b: 1, mean: -1 / 3, pairs: 3 },
    ]);
  });
});

describe('the measures of a snapshot’s benchmarks', () => {
  // Twenty-five models of one configuration each, ranked by index; a hand-made benchmark's counting rows.
  const models = range(25).map((i) => ({ familyTag: `m${i}`, index: i, name: `Model ${i}` }) as Model);
  const configurations = models.map((m) => ({ slug: `c${m.index}`, familyTag: m.familyTag }) as Configuration);
  const modelByFamily = new Map(models.map((m) => [m.familyTag, m]));
  const benchOf = (slug: string, dimensions: [string, number][] = []) => ({ slug, name: slug, tags: ['t'], dimensions }) as unknown as Bench;
  const rows = (list: [configuration: number, score: number, day: number][]): CountingRows => ({
    configurations: list.map(([c]) => configurations[c]!),
    scores: Float64Array.from(list, ([, s]) => s),
    accessedAt: Float64Array.from(list, ([, , d]) => d * DAY),
  });

  it('looks at the top 20 models only, each by its configuration’s mean, and dates the new bests by the models that set them', () => {
    const counting = new Map<string, CountingRows>([
      // Models 0–19 at 99 and above; model 20 and below far lower, and not among the leaders.
      ['aced', rows(range(25).map((i) => [i, i < 20 ? 99 + (i % 2) / 2 : 40 - i, i]))],
      // Models 0–19 spread 4 points apart, each accessed a day after the next better one; model 3 submits twice (87 and 89: mean 88).
      [
        'spread',
        rows(
          range(20).flatMap((i): [number, number, number][] =>
            i === 3
              ? [
                  [3, 87, 10],
                  [3, 89, 30],
                ]
              : [[i, 100 - 4 * i, 20 - i]],
          ),
        ),
      ],
    ]);
    const measures = buildBenchMeasures({
      benches: [benchOf('aced', [['discriminability', 4.5]]), benchOf('spread')],
      models,
      modelByFamily,
      countingOn: (slug) => counting.get(slug)!,
    });
    const aced = measures.of('aced');
    expect(aced.verdict).toMatchObject({ verdict: 'saturated', leaders: 20, scored: 20, atTop: 20 });
    expect(aced.disagreements).toEqual([{ dimension: 'discriminability', rating: 4.5, rated: 'high' }]);
    const spread = measures.of('spread');
    expect(spread.verdict).toMatchObject({ verdict: 'separates', scored: 20, best: 100, separated: 19, repeats: 1 });
    // Model 19's 24 on day 1, each better model's a day later, until model 3's 87 on day 10 holds past models 10–4; then models 2, 1 and 0.
    expect(spread.steps.map((s) => [s.at / DAY, s.score, s.model.familyTag, s.configuration.slug])).toEqual([
      ...range(9).map((k) => [1 + k, 24 + 4 * k, `m${19 - k}`, `c${19 - k}`]),
      [10, 87, 'm3', 'c3'],
      [18, 92, 'm2', 'c2'],
      [19, 96, 'm1', 'c1'],
      [20, 100, 'm0', 'c0'],
    ]);
    // The two share models 0–19: compared once, the one neighbour listed as agreeing most.
    expect(spread.agreement).toMatchObject({ compared: 1, tooFew: 0, most: [{ bench: { slug: 'aced' }, shared: 20 }], least: [] });
    expect(measures.tags).toMatchObject({ tags: ['t'], cells: [{ a: 0, b: 0, pairs: 1 }] });
  });
});
