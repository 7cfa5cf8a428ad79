/** The evidence behind supraScore (src/site/evidence/): the win share, the references, resamples, agreement and likely ranges, on hand-made fields. */
import { describe, expect, it } from 'vitest';
import { agreementOf, MAX_MISMATCH, rangesWithheld, spearman } from '../../src/site/evidence/agreement.ts';
import { benchIds, countingMeans, referenceOf, SCALE, scoreOf, scoreSet, termsOf, winShare, type EvidenceField } from '../../src/site/evidence/method.ts';
import { MIN_BENCHMARKS } from '../../src/site/evidence/ranges.ts';
import { benchKey, resampleCounts } from '../../src/site/evidence/resample.ts';
import { buildEvidence, type EvidenceInput } from '../../src/site/data/evidence.ts';

const s = (bench: string, normalizedScore: number, counts = true) => ({ bench, normalizedScore, counts });

/** A field of benchmarks (slug: weight) and references (slug: submissions), best first. */
function field(weights: Record<string, number>, references: [string, ReturnType<typeof s>[]][]): EvidenceField & { ids: Map<string, number> } {
  const slugs = Object.keys(weights);
  const ids = benchIds(slugs);
  return {
    slugs,
    weight: Float64Array.from(slugs, (b) => weights[b]!),
    key: Uint32Array.from(slugs, benchKey),
    references: references.map(([slug, subs]) => referenceOf(slug, countingMeans(subs), ids)),
    ids,
  };
}
const evidence = (f: ReturnType<typeof field>, subs: ReturnType<typeof s>[], self = 'c') => {
  const terms = termsOf(f, scoreSet(countingMeans(subs), f.ids), self);
  return terms && scoreOf(terms);
};

describe('a comparison on one benchmark', () => {
  it('is an even share at a tie, and moves smoothly with the gap without saturating', () => {
    expect(winShare(0)).toBe(0.5);
    expect(winShare(SCALE)).toBeCloseTo(0.731, 3);
    expect(winShare(-SCALE)).toBeCloseTo(0.269, 3);
    expect(winShare(30)).toBeGreaterThan(winShare(20));
    expect(winShare(30)).toBeLessThan(1);
    expect(winShare(5) + winShare(-5)).toBeCloseTo(1, 12);
  });
});

describe('the evidence score', () => {
  const f = field({ a: 60, b: 30, z: 0 }, [
    ['r1', [s('a', 80), s('b', 50)]],
    ['r2', [s('a', 70)]],
  ]);

  it('weighs each shared benchmark by its effectiveWeight and averages the references', () => {
    const one = (60 * winShare(90 - 80) + 30 * winShare(40 - 50)) / 90;
    const two = winShare(90 - 70);
    expect(evidence(f, [s('a', 90), s('b', 40)])).toBeCloseTo((100 * (one + two)) / 2, 12);
  });

  it('is 50 against a copy of each reference', () => {
    const g = field({ a: 1, b: 1 }, [['r1', [s('a', 60), s('b', 20)]]]);
    expect(evidence(g, [s('a', 60), s('b', 20)])).toBe(50);
  });

  it('leaves out submissions that do not count, and averages several that do', () => {
    expect(evidence(f, [s('a', 90), s('a', 10, false)])).toBe(evidence(f, [s('a', 90)]));
    expect(evidence(f, [s('a', 80), s('a', 100)])).toBe(evidence(f, [s('a', 90)]));
  });

  it('has none without a weighted benchmark shared with a reference', () => {
    expect(evidence(f, [s('elsewhere', 99)])).toBeUndefined();
    expect(evidence(f, [s('z', 99)])).toBeUndefined();
    expect(evidence(f, [s('a', 99, false)])).toBeUndefined();
    expect(evidence(f, [])).toBeUndefined();
  });

  it('counts only the references it shares a benchmark with', () => {
    // Only r1 has b: the mean is over r1 alone.
    expect(evidence(f, [s('b', 50)])).toBe(50);
  });

  it('never compares a reference with itself', () => {
    const terms = termsOf(f, scoreSet(countingMeans([s('a', 80), s('b', 50)]), f.ids), 'r1')!;
    expect(terms.starts.length - 1).toBe(1);
    expect(scoreOf(terms)).toBeCloseTo(100 * winShare(10), 12);
  });

  it('is as good as its benchmarks: a higher score on every shared benchmark scores higher', () => {
    expect(evidence(f, [s('a', 91), s('b', 41)])!).toBeGreaterThan(evidence(f, [s('a', 90), s('b', 40)])!);
  });
});

describe('resamples of the benchmarks', () => {
  const keys = Uint32Array.from(['a', 'b', 'c', 'd'], benchKey);

  it('draw the same counts for the same seed and round, and other counts for another round', () => {
    expect(resampleCounts(keys, 3)).toEqual(resampleCounts(keys, 3));
    const rounds = Array.from({ length: 20 }, (_, r) => Array.from(resampleCounts(keys, r)).join());
    expect(new Set(rounds).size).toBeGreaterThan(10);
  });

  it('depend on a benchmark’s slug only, not on the rest of the field', () => {
    const alone = resampleCounts(Uint32Array.from([benchKey('c')]), 7);
    expect(alone[0]).toBe(resampleCounts(keys, 7)[2]);
  });

  it('weigh a benchmark once on average, leaving it out about a third of the time', () => {
    const many = Uint32Array.from({ length: 2000 }, (_, i) => benchKey(`bench-${i}`));
    const counts = resampleCounts(many, 0);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    const zeros = counts.filter((c) => c === 0).length / counts.length;
    expect(mean).toBeGreaterThan(0.9);
    expect(mean).toBeLessThan(1.1);
    expect(zeros).toBeGreaterThan(0.32);
    expect(zeros).toBeLessThan(0.42);
  });
});

describe('agreement with supraScore', () => {
  it('is Spearman’s rank correlation, ties at their mean rank', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(spearman([1, 2, 3, 4], [40, 30, 20, 10])).toBe(-1);
    expect(spearman([1, 1, 2], [1, 2, 3])).toBeCloseTo(0.866, 3);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it('counts the API’s top configurations among the evidence’s best, and needs ten measured to say anything', () => {
    const supra = Array.from({ length: 12 }, (_, i) => 90 - i);
    const evidence = supra.map((v, i) => (i === 0 ? undefined : v));
    const a = agreementOf(supra, evidence, 10);
    expect(a).toMatchObject({ configurations: 12, withEvidence: 11, topShared: 9, top: 10 });
    expect(a.spearman).toBe(1);
    expect(rangesWithheld(a)).toBeUndefined();
    const few = agreementOf(supra.slice(0, 5), evidence.slice(0, 5), 10);
    expect(few.spearman).toBeNull();
    expect(few.top).toBe(5);
    expect(rangesWithheld(few)).toMatch(/^Only 4 of 5 configurations have an evidence score/);
    expect(
      rangesWithheld(
        agreementOf(
          supra,
          supra.map(() => undefined),
          10,
        ),
      ),
    ).toBe('No configuration has an evidence score yet, so the mirror shows no likely ranges.');
    expect(rangesWithheld(agreementOf(supra, [...supra].reverse(), 10))).toMatch(/too weakly \(rank correlation -1\.00, below 0\.95\)/);
  });

  it('withholds the ranges where the evidence strays from supraScore by more than its own standard errors', () => {
    const supra = Array.from({ length: 12 }, (_, i) => 90 - i);
    const a = agreementOf(supra, supra, 10);
    expect(a.mismatch).toBeNull();
    expect(rangesWithheld({ ...a, mismatch: MAX_MISMATCH })).toBeUndefined();
    expect(rangesWithheld({ ...a, mismatch: 1.5 })).toBe(
      'The mirror’s recomputation strays from supraScore by more than its own uncertainty (a quarter of the models sit 1.50 standard errors or more from where their evidence places them, above 0.90), so its resamples cannot speak for supraScore’s, and it shows no likely ranges.',
    );
  });
});

/**
 * A field of `n` models with one configuration each, scored on `benches` benchmarks by a skill that
 * decreases with the index, plus noise; its supraScore is the weighted mean of those scores (an API
 * whose score comes from the scores the mirror holds), or, `unrelated`, dealt out at random.
 */
function makeInput(n: number, benches: number, options: { noise?: number; unrelated?: boolean; withoutDetails?: Set<number> } = {}): EvidenceInput {
  let seed = 17;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const slugs = Array.from({ length: benches }, (_, b) => `bench-${b}`);
  const weight = (b: number) => 10 + b;
  const drawn = Array.from({ length: n }, (_, i) => {
    const skill = 100 - (i * 100) / n;
    return new Map(slugs.map((b) => [b, Math.min(100, Math.max(0, skill + (options.noise ?? 8) * (random() - 0.5) * 2))]));
  });
  const mean = (m: Map<string, number>) => slugs.reduce((sum, b, i) => sum + weight(i) * m.get(b)!, 0) / slugs.reduce((sum, _, i) => sum + weight(i), 0);
  const supra = drawn.map((m) => (options.unrelated ? random() * 100 : mean(m)));
  // In ranking order: the highest supraScore first.
  const order = drawn.map((_, i) => i).sort((a, b) => supra[b]! - supra[a]! || a - b);
  const configurations = order.map((from, i) => ({
    slug: `c${i}`,
    name: `C ${i}`,
    familyTag: `m${i}`,
    supraScore: Math.round(100 * supra[from]!) / 100,
    hasDetail: !options.withoutDetails?.has(i),
  }));
  const means = order.map((from, i) => (configurations[i]!.hasDetail ? drawn[from]! : new Map<string, number>()));
  const models = configurations.map((c, i) => ({ familyTag: c.familyTag, best: c, rank: i + 1, index: i }));
  return {
    configurations: configurations as never,
    models: models as never,
    benches: slugs.map((slug, b) => ({ slug, effectiveWeight: weight(b) })) as never,
    countingMeansOf: (slug) => means[Number(slug.slice(1))] ?? new Map(),
  };
}

describe('likely ranges', () => {
  it('are identical run to run with the seed', () => {
    const one = buildEvidence(makeInput(40, 12));
    const two = buildEvidence(makeInput(40, 12));
    const ranges = (e: typeof one, input: EvidenceInput) => input.models.map((m) => e.model(m).range);
    const input = makeInput(40, 12);
    expect(ranges(one, input)).toEqual(ranges(two, input));
    expect(one.facts).toEqual(two.facts);
  });

  it('are shown where the evidence is supraScore give or take its noise, and order a clear gap', () => {
    const input = makeInput(40, 12);
    const e = buildEvidence(input);
    expect(e.withheld).toBeUndefined();
    expect(e.agreement.mismatch!).toBeLessThanOrEqual(MAX_MISMATCH);
    for (const m of input.models) {
      const found = e.model(m);
      expect(found.range).toBeDefined();
      expect(found.set!.low).toBeLessThanOrEqual(found.range!.low);
      expect(found.set!.high).toBeGreaterThanOrEqual(found.range!.high);
      expect(found.se!).toBeGreaterThan(0);
    }
    // The best model, far ahead of the last, and never ranked alike.
    expect(e.model(input.models[0]!).range!.high).toBeLessThan(e.model(input.models[39]!).range!.low);
    expect(e.facts.ranges).toMatchObject({ shown: true, models: 40 });
    expect(e.facts.ranges.width!).toBeGreaterThan(0);
  });

  it('are withheld, with the reason, when supraScore is unrelated to the scores', () => {
    const input = makeInput(60, 12, { unrelated: true });
    const e = buildEvidence(input);
    expect(e.agreement.spearman!).toBeLessThan(0.8);
    expect(e.withheld).toMatch(/too weakly/);
    expect(e.model(input.models[3]!)).toEqual({ why: e.withheld });
    expect(e.facts.ranges).toEqual({ shown: false, withheld: e.withheld, models: 0, width: null });
  });

  it('say why a model has none: no details, or a reference without details, and a field smaller than ten', () => {
    const input = makeInput(8, 6, { withoutDetails: new Set([0, 5]) });
    const e = buildEvidence(input);
    // Six configurations with evidence: too few to check the agreement.
    expect(e.agreement).toMatchObject({ configurations: 8, withEvidence: 6, spearman: null, top: 8 });
    expect(e.referencesWithScores).toBe(6);
    expect(e.withheld).toMatch(/^Only 6 of 8/);
    expect(e.configuration('c0')).toBeUndefined();
    expect(e.configuration('c1')!.references).toBe(5);

    const wide = makeInput(30, 12, { withoutDetails: new Set([2, 20]) });
    const w = buildEvidence(wide);
    expect(w.withheld).toBeUndefined();
    // A top-10 member without details: nobody is compared with it.
    expect(w.configuration('c1')!.references).toBe(8);
    expect(w.configuration('c25')!.references).toBe(9);
    expect(w.model(wide.models[20]!).why).toMatch(/no per-benchmark scores for its best configuration/);
  });

  it(`need ${MIN_BENCHMARKS} shared benchmarks, and say so`, () => {
    const input = makeInput(30, MIN_BENCHMARKS - 1);
    const e = buildEvidence(input);
    expect(e.model(input.models[12]!).why).toBe(
      `No likely range: its evidence rests on ${MIN_BENCHMARKS - 1} benchmarks shared with the top 10 configurations; a range needs ${MIN_BENCHMARKS}, because with fewer its own resamples say little of how far it would move.`,
    );
  });

  it('say what each rank rests on: benchmarks whose loss moves it, with the rank without each', () => {
    // Noisy scores: one benchmark in twelve can reorder neighbours.
    const input = makeInput(40, 12, { noise: 40 });
    const e = buildEvidence(input);
    const resting = input.models.filter((m) => e.model(m).restsOn?.length);
    expect(resting.length).toBeGreaterThan(10);
    for (const m of resting) {
      const { restsOn } = e.model(m);
      expect(restsOn!.length).toBeLessThanOrEqual(3);
      for (const r of restsOn!) {
        expect(r.bench.slug).toMatch(/^bench-\d+$/);
        expect(r.rank).not.toBe(m.rank);
      }
      // The furthest move first.
      const moves = restsOn!.map((r) => Math.abs(r.rank - m.rank));
      expect(moves).toEqual([...moves].sort((a, b) => b - a));
    }
  });
});
