/**
 * Ranking by a visitor's weights (src/site/evidence/weights.ts, reweigh.ts, rank-file.ts and
 * src/site/lists/rank-list.ts), on hand-made fields: the address's weights read and written, each
 * benchmark's weight in proportion only, the models ranked by the leaderboard's rule for a likely
 * range, the references' rule (always ends, the same every time), the evidence score as the source
 * weighs bit for bit the build's, and the data's index and parts.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildEvidence, type EvidenceInput } from '../../src/site/data/evidence.ts';
import { CANDIDATES, REFERENCES, winShare, type ScoreSet } from '../../src/site/evidence/method.ts';
import { enoughForRange, MIN_BENCHMARKS } from '../../src/site/evidence/ranges.ts';
import { assembleRank, bytesOf, decodeBlock, decodePart, namesOf, partsFor, type RankFile } from '../../src/site/evidence/rank-file.ts';
import { columnsOf, encodePart, truncatePart, type RankInput } from '../../src/site/evidence/rank-encode.ts';
import { MAX_PASSES, rankUnder, ranksAny, type RankField, type Ranking } from '../../src/site/evidence/reweigh.ts';
import {
  isSourceWeights,
  ownWeights,
  readWeights,
  SOURCE_WEIGHTS,
  weighingOf,
  weightParams,
  type Weighing,
  type WeightNames,
  type WeightParams,
} from '../../src/site/evidence/weights.ts';
import { readView, selectRows, viewUrl } from '../../src/site/lists/list-spec.ts';
import { packedBuffers, packRows, publishedRowRanges, RANK, rankHref, rankRows, rowRanges, unpackRows, type RankView } from '../../src/site/lists/rank-list.ts';
import { fitPart, makeRankFiles, rankingFrom, type RankFiles } from '../../src/site/routes/rank.ts';
import { rangesUnder } from '../../src/site/evidence/rank-ranges.ts';

const NAMES: WeightNames = {
  tags: new Set(['coding', 'math', 'law']),
  benches: new Map<string, string[]>([
    ['swe', ['coding']],
    ['proof', ['math', 'coding']],
    ['bar', ['law']],
    ['plain', []],
  ]),
};
const params = (p: Partial<WeightParams>): WeightParams => ({ w: '', b: '', by: '', ...p });
const read = (p: Partial<WeightParams>) => readWeights(params(p), NAMES);
/** The weights an address states, written back in their one form. */
const canonical = (p: Partial<WeightParams>) => weightParams(read(p).weights);

/** A seeded generator of numbers in [0, 1): every run draws the same. */
function seeded(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('the weights an address states', () => {
  it('are the source’s own without w, b or by, and in their one form an address says nothing', () => {
    expect(read({}).weights).toEqual(SOURCE_WEIGHTS);
    expect(isSourceWeights(read({}).weights)).toBe(true);
    // `*:1` and a tag weighing what every other tag weighs say nothing more.
    expect(canonical({ w: '*:1' })).toEqual(params({}));
    expect(canonical({ w: 'coding:1,*:1' })).toEqual(params({}));
    expect(isSourceWeights(read({ w: '*:1' }).weights)).toBe(true);
  });

  it('weigh a tag not listed 0 once w is given, unless * says otherwise', () => {
    expect(read({ w: 'coding:3,math:1' }).weights).toMatchObject({
      rest: 0,
      tags: new Map([
        ['coding', 3],
        ['math', 1],
      ]),
    });
    expect(read({ w: 'coding:3,*:1' }).weights).toMatchObject({ rest: 1, tags: new Map([['coding', 3]]) });
    expect(canonical({ w: 'math:1,coding:3' })).toEqual(params({ w: 'coding:3,math:1' }));
    expect(canonical({ w: '*:1,coding:3.50' })).toEqual(params({ w: 'coding:3.5,*:1' }));
    // Nothing listed but a zero: every benchmark weighs 0, which must still be said.
    expect(canonical({ w: '*:0' })).toEqual(params({ w: '*:0' }));
    expect(canonical({ w: 'coding:0' })).toEqual(params({ w: '*:0' }));
  });

  it('keep a benchmark’s own weight only where it differs from its tags’, and every benchmark alike', () => {
    expect(canonical({ w: 'coding:2', b: 'swe:2,bar:0,plain:5' })).toEqual(params({ w: 'coding:2', b: 'plain:5' }));
    expect(canonical({ b: 'swe:0' })).toEqual(params({ b: 'swe:0' }));
    expect(canonical({ by: 'alike' })).toEqual(params({ by: 'alike' }));
    expect(isSourceWeights(read({ by: 'alike' }).weights)).toBe(false);
  });

  it('leave out what they cannot use, each said in a line, and never throw', () => {
    const { weights, ignored } = read({ w: 'coding:-1,nonsense:3,math:x,law:101,:2,law,math:1e3,math:2', b: 'nope:1,swe:0.0001', by: 'random' });
    expect(weights).toMatchObject({ rest: 0, tags: new Map([['math', 2]]), benches: new Map(), alike: false });
    expect(ignored).toEqual([
      '“coding:-1” in w: a weight is written name:number, the number from 0 to 100.',
      '“math:x” in w: a weight is written name:number, the number from 0 to 100.',
      '“law:101” in w: a weight is written name:number, the number from 0 to 100.',
      '“:2” in w: a weight is written name:number, the number from 0 to 100.',
      '“law” in w: a weight is written name:number, the number from 0 to 100.',
      '“math:1e3” in w: a weight is written name:number, the number from 0 to 100.',
      '“nonsense”: no benchmark carries this tag.',
      '“swe:0.0001” in b: a weight is written name:number, the number from 0 to 100.',
      '“nope”: no such benchmark.',
      '“by=random”: the only choice is by=alike, every benchmark alike.',
    ]);
  });
});

describe('a benchmark’s weight', () => {
  const benchmarks = {
    slug: ['swe', 'proof', 'bar', 'plain', 'dead'],
    tags: [['coding'], ['math', 'coding'], ['law'], [], ['law']],
    effectiveWeight: [40, 20, 10, 5, -3],
  };
  const weigh = (p: Partial<WeightParams>) => weighingOf(read(p).weights, benchmarks);
  const weights = (p: Partial<WeightParams>) => Array.from(weigh(p).weight);

  it('is its effectiveWeight times exactly 1 as the source weighs, 0 where not positive', () => {
    expect(weights({})).toEqual([40, 20, 10, 5, 0]);
    expect(weigh({}).source).toBe(true);
  });

  it('takes the largest weight of its tags, never their sum, and * for a benchmark without tags, over the largest weight', () => {
    expect(weights({ w: 'coding:3,math:1' })).toEqual([40, 20, 0, 0, 0]);
    expect(weights({ w: 'math:4,coding:1' })).toEqual([10, 20, 0, 0, 0]);
    expect(weights({ w: 'coding:2,*:1' })).toEqual([40, 20, 5, 2.5, 0]);
    expect(Array.from(ownWeights(read({ w: 'coding:2,*:0.5' }).weights, benchmarks))).toEqual([2, 2, 0.5, 0.5, 0.5]);
  });

  it('is its own weight where b gives one, in place of its tags’', () => {
    expect(weights({ w: 'coding:3', b: 'swe:0,plain:6' })).toEqual([0, 10, 0, 5, 0]);
  });

  it('has a base of 1 for every benchmark alike, effectiveWeight aside', () => {
    expect(weights({ by: 'alike' })).toEqual([1, 1, 1, 1, 1]);
    expect(weights({ by: 'alike', w: 'law:2' })).toEqual([0, 0, 1, 0, 1]);
    expect(weigh({ by: 'alike' }).source).toBe(false);
  });

  it('depends on the weights’ proportions only, to the bit: *:2, *:0.1 and none are the source’s; one tag at 1 or at 5 the same', () => {
    for (const w of ['*:2', '*:0.1', '*:1', '*:100', 'coding:7,math:7,law:7,*:7']) {
      expect(weigh({ w }), w).toEqual(weigh({}));
      expect(weigh({ w }).source, w).toBe(true);
    }
    expect(weigh({ w: 'coding:5' })).toEqual(weigh({ w: 'coding:1' }));
    expect(weigh({ w: 'coding:3,math:1' })).toEqual(weigh({ w: 'coding:0.3,math:0.1' }));
    expect(weigh({ w: 'coding:3,math:1' })).toEqual(weigh({ w: 'coding:99,math:33' }));
    expect(weigh({ w: 'coding:2', b: 'plain:0.5' })).toEqual(weigh({ w: 'coding:0.02', b: 'plain:0.005' }));
    // A benchmark of no weight weighs nothing whatever its own weight, so it is not the largest: the rest weigh as the source does.
    expect(weigh({ b: 'dead:9' })).toEqual(weigh({}));
  });

  it('is 0 for every benchmark when every weight is 0, which weighs nothing and is not the source’s', () => {
    for (const w of ['*:0', 'coding:0']) expect(weigh({ w })).toEqual({ weight: Float64Array.of(0, 0, 0, 0, 0), source: false });
  });
});

/** A field from models' best configurations' scores by benchmark (undefined: none); the API's references are the best configurations of `references`. */
function fieldOf(scores: (number | undefined)[][], references: number[] = scores.slice(0, REFERENCES).map((_, m) => m)): RankField {
  const benches = Math.max(...scores.map((r) => r.length));
  const rows: ScoreSet[] = scores.map((row) => {
    const ids = row.flatMap((v, b) => (v === undefined ? [] : [b]));
    return { bench: Int32Array.from(ids), value: Float64Array.from(ids, (b) => row[b]!) };
  });
  const slugs = Array.from({ length: benches }, (_, b) => `b${b}`);
  return {
    slugs,
    key: Uint32Array.from(slugs, (_, b) => b),
    rows,
    references: references.map((m) => {
      const value = new Float64Array(benches).fill(Number.NaN);
      rows[m]!.bench.forEach((b, k) => (value[b] = rows[m]!.value[k]!));
      return { reference: { slug: `#${m}`, value }, model: m };
    }),
  };
}
const weighing = (weight: number[], source = false): Weighing => ({ weight: Float64Array.from(weight), source });
/** `n` weights of 1. */
const ones = (n: number) => Array.from({ length: n }, () => 1);

describe('the models ranked', () => {
  it('are those with enough evidence for a likely range; those with less are listed apart, those with none counted', () => {
    // MIN_BENCHMARKS benchmarks; the last three models ran fewer of them: one short, one, none.
    const n = MIN_BENCHMARKS;
    const row = (value: number, ran: number) => Array.from({ length: n }, (_, b) => (b < ran ? value : undefined));
    const f = fieldOf([row(90, n), row(80, n), row(70, n), row(60, n), row(100, n - 1), row(10, 1), row(0, 0)], [0, 1, 2, 3]);
    const r = rankUnder(f, weighing(ones(n), true));
    expect(r.ranked).toEqual([0, 1, 2, 3]);
    // Ahead of everyone on what it ran, and still listed apart: its evidence rests on one benchmark fewer than a rank needs.
    expect(r.apart).toEqual([4, 5]);
    expect(r.scores[4]).toBeGreaterThan(r.scores[0]!);
    expect(Array.from(r.benchmarks)).toEqual([n, n, n, n, n - 1, 1, 0]);
    expect(r.none).toBe(1);
    expect(Array.from(r.coverage)).toEqual([1, 1, 1, 1, (n - 1) / n, 1 / n, 0]);
  });

  it('are none when the weights leave every benchmark out, whatever the field', () => {
    const r = rankUnder(fieldOf([[80], [70]]), weighing([0]));
    expect([r.weighed, r.ranked, r.apart, r.none, r.references]).toEqual([false, [], [], 2, { from: 'api', end: 'empty', rounds: 0, models: [] }]);
    expect(Array.from(r.scores)).toEqual([Number.NaN, Number.NaN]);
  });

  it('weigh each comparison by the benchmark’s weight and never compare a model with itself', () => {
    const f = fieldOf([
      [80, 50],
      [70, 60],
      [90, undefined],
    ]);
    const r = rankUnder(f, weighing([3, 1], true));
    // Model 0 against model 1 (both benchmarks) and model 2 (the first only).
    const against1 = (3 * winShare(10) + 1 * winShare(-10)) / 4;
    expect(r.scores[0]).toBeCloseTo(100 * ((against1 + winShare(-10)) / 2), 12);
    expect(r.scores[2]).toBeCloseTo(100 * ((winShare(10) + winShare(20)) / 2), 12);
  });
});

describe('the references under a visitor’s weights', () => {
  /** Twelve models' scores on MIN_BENCHMARKS benchmarks, in order of skill. */
  const skill = Array.from({ length: 12 }, (_, m) => Array.from({ length: MIN_BENCHMARKS }, (_, b) => 90 - 5 * m - 5 * b));
  /** The API's top 10 are the first ten. */
  const ordered = fieldOf(skill);

  it('are the API’s top 10 as the source weighs, however the weights would rank', () => {
    const f = fieldOf(skill, [0, 1, 2, 3, 4, 5, 6, 7, 8, 11]);
    const r = rankUnder(f, weighing(ones(MIN_BENCHMARKS), true));
    expect(r.references).toEqual({ from: 'api', rounds: 1, end: 'source', models: [0, 1, 2, 3, 4, 5, 6, 7, 8, 11] });
  });

  it('settle in one step when the ten best against the API’s top 10 are the ten best against themselves', () => {
    const r = rankUnder(ordered, weighing(Array.from({ length: MIN_BENCHMARKS }, (_, b) => b + 1)));
    expect(r.references).toEqual({ from: 'api', rounds: 2, end: 'settled', models: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(new Set(r.ranked.slice(0, 10))).toEqual(new Set(r.references.models));
  });

  it('move to the top 10 under the weights, and settle there', () => {
    // Model 11 leads on the one benchmark weighed; the API's top 10 are the first ten.
    const scores = Array.from({ length: 12 }, (_, m) => [90 - 5 * m, m === 11 ? 99 : 40 - m, ...Array.from({ length: MIN_BENCHMARKS - 1 }, () => 50)]);
    const r = rankUnder(fieldOf(scores), weighing([0, ...ones(MIN_BENCHMARKS)]));
    expect(r.references.end).toBe('settled');
    expect(r.references.models).toContain(11);
    expect(r.ranked[0]).toBe(11);
    expect(new Set(r.references.models)).toEqual(new Set(r.ranked.slice(0, 10)));
  });

  it('stop at the one step where no ten are the best against themselves, and never report a cycle', () => {
    // Nine strong models, then two equal ones: the one that is a reference is not compared with its equal (a share of
    // one half that lifts the other's mean), so each in turn ranks 10th, and no ten are the best against themselves.
    const on = (value: number) => Array.from({ length: MIN_BENCHMARKS }, () => value);
    const scores = [...Array.from({ length: 9 }, (_, m) => on(95 - 3 * m)), on(40), on(40)];
    const f = fieldOf(scores, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const r = rankUnder(f, weighing(ones(MIN_BENCHMARKS)));
    expect(r.references.end).toBe('step');
    expect(r.references.rounds).toBe(2);
    // The ten of the step: the ten best against the API's top 10 (here model 10, which is not compared with itself... nor is 9).
    const first = rankUnder(f, weighing(ones(MIN_BENCHMARKS), true)).ranked.slice(0, 10);
    expect(r.references.models).toEqual(first);
  });

  it('start from the 10 best models by model rank with a weighed score when the API’s top 10 share no weighted benchmark with any model', () => {
    // The API's top 10 ran benchmark 0 only; the weights leave it out.
    const scores = [
      ...Array.from({ length: 10 }, (_, m) => [90 - m, ...Array.from({ length: MIN_BENCHMARKS }, () => undefined)]),
      ...Array.from({ length: 14 }, (_, m) => [undefined, ...Array.from({ length: MIN_BENCHMARKS }, (_, b) => 10 + 4 * m + 2 * b)]),
    ];
    const r = rankUnder(fieldOf(scores), weighing([0, ...ones(MIN_BENCHMARKS)]));
    expect(r.references.from).toBe('order');
    expect(r.references.end).toBe('settled');
    expect(r.ranked[0]).toBe(23);
    expect(new Set(r.references.models)).toEqual(new Set(r.ranked.slice(0, 10)));
    // The API's top 10 have no evidence under these weights: counted, not ranked.
    expect(r.none).toBe(10);
  });

  it('are none of the models when no model has enough evidence, and the scores are against where the rule started', () => {
    // One benchmark fewer weighed than a rank needs.
    const r = rankUnder(fieldOf(skill), weighing([...ones(MIN_BENCHMARKS - 1), 0]));
    expect(r.references.end).toBe('empty');
    expect(r.ranked).toEqual([]);
    expect(r.apart.length).toBe(12);
  });

  it('end within MAX_PASSES passes on any field, the same every time: a fixed point is one, a step is the ten best against the start', () => {
    const random = seeded(5);
    const ends = new Map<string, number>();
    for (let t = 0; t < 150; t++) {
      const n = 12 + Math.floor(random() * 60);
      const benches = MIN_BENCHMARKS + Math.floor(random() * 20);
      const density = 0.2 + random() * 0.7;
      const scores = Array.from({ length: n }, (_, m) =>
        Array.from({ length: benches }, () =>
          random() < density ? Math.round(Math.max(0, Math.min(100, 90 - (m * 80) / n + 30 * (random() - 0.5))) * 10) / 10 : undefined,
        ),
      );
      const weight = Array.from({ length: benches }, () => (random() < 0.3 ? 0 : Math.round(random() * 5000) / 1000));
      const r = rankUnder(fieldOf(scores), weighing(weight));
      expect(r.references.rounds).toBeLessThanOrEqual(MAX_PASSES);
      expect(['settled', 'step', 'start', 'empty']).toContain(r.references.end);
      ends.set(r.references.end, (ends.get(r.references.end) ?? 0) + 1);
      // The same weights on the same field, and on a field made again (nothing kept between rankings changes them).
      const again = fieldOf(scores);
      expect(rankUnder(again, weighing(weight))).toEqual(r);
      expect(rankUnder(again, weighing(weight))).toEqual(r);
      const atStart = rankUnder(again, weighing(weight, true));
      if (r.references.end === 'settled') expect(new Set(r.references.models)).toEqual(new Set(r.ranked.slice(0, REFERENCES)));
      if (r.references.end === 'settled' || r.references.end === 'step') expect(r.references.models).toEqual(atStart.ranked.slice(0, REFERENCES));
      if (r.references.end === 'start' || r.references.end === 'empty') expect(r.scores).toEqual(atStart.scores);
      // Whether it ranks anything, told from the start's pass alone.
      expect(ranksAny(again, weighing(weight))).toBe(r.ranked.length > 0);
      for (const m of r.ranked) expect(r.benchmarks[m]).toBeGreaterThanOrEqual(MIN_BENCHMARKS);
      for (const m of r.apart) expect(r.benchmarks[m]).toBeLessThan(MIN_BENCHMARKS);
    }
    // The property covers each way the rule ends on a visitor's weights.
    expect([...ends.keys()].sort()).toEqual(['empty', 'settled', 'start', 'step'].filter((e) => ends.has(e)));
    expect(ends.get('settled')! + ends.get('step')!).toBeGreaterThan(60);
  });
});

describe('proportions', () => {
  it('are all a ranking reads: weights scaled by any factor rank the same, to the bit', () => {
    const random = seeded(11);
    const benchmarks = {
      slug: Array.from({ length: 8 }, (_, b) => `b${b}`),
      tags: Array.from({ length: 8 }, (_, b) => [`t${b % 3}`]),
      effectiveWeight: [9, 3, 40, 1.5, 22, 7, 13, 0],
    };
    const names: WeightNames = { tags: new Set(['t0', 't1', 't2']), benches: new Map(benchmarks.slug.map((s, b) => [s, benchmarks.tags[b]!])) };
    const f = fieldOf(
      Array.from({ length: 30 }, (_, m) => benchmarks.slug.map(() => (random() < 0.7 ? Math.round((95 - 2 * m + 20 * random()) * 100) / 100 : undefined))),
    );
    const rank = (w: string) => rankUnder(f, weighingOf(readWeights(params({ w }), names).weights, benchmarks));
    const same = (a: Ranking, b: Ranking, what: string) => expect(a, what).toEqual(b);
    same(rank('*:2'), rank(''), '*:2');
    same(rank('*:0.1'), rank(''), '*:0.1');
    same(rank('t1:5'), rank('t1:1'), 't1 alone');
    same(rank('t0:3,t2:1'), rank('t0:0.3,t2:0.1'), 't0:3,t2:1 over ten');
    same(rank('t0:3,t2:1,*:0.5'), rank('t0:60,t2:20,*:10'), 'times twenty');
  });
});

/**
 * A hand-made snapshot as the build's evidence reads it: 14 configurations of 10 models, a
 * reference that is not its model's best, configurations without scores, and means of several
 * submissions (thirds, sevenths), on benchmarks of odd weights: three times MIN_BENCHMARKS of them,
 * so that half of them (a tag's) give some models enough evidence for a rank and not others.
 */
function snapshotInput(): EvidenceInput & { tags: Map<string, string[]> } {
  const random = seeded(3);
  const benches = Array.from({ length: 3 * MIN_BENCHMARKS }, (_, b) => ({
    slug: `b${b}`,
    name: `B ${b}`,
    effectiveWeight: b === 2 ? 0 : [37.35, 12.5, 0.35, 81.2, 3.3, 55.55, 19.9, 1.01, 66.6][b % 9]! + 7.77 * Math.floor(b / 9),
  }));
  const families = ['f0', 'f1', 'f2', 'f1', 'f3', 'f4', 'f5', 'f6', 'f2', 'f7', 'f8', 'f9', 'f6', 'f8'];
  const configurations = families.map((familyTag, i) => ({
    slug: `c${i}`,
    name: `C ${i}`,
    familyTag,
    supraScore: 95 - i * 5,
    provider: `P${i % 3}`,
    hasDetail: i !== 6,
    benchCount: 10 + i,
  }));
  const means = configurations.map((c, i) => {
    const m = new Map<string, number>();
    if (!c.hasDetail) return m;
    for (const b of benches) if (random() < 0.7) m.set(b.slug, (100 - 4 * i + 10 * random() + (i % 3 === 0 ? 1 / 3 : i % 3 === 1 ? 2 / 7 : 0)) % 100);
    return m;
  });
  const byFamily = new Map<string, (typeof configurations)[number][]>();
  for (const c of configurations) byFamily.set(c.familyTag, [...(byFamily.get(c.familyTag) ?? []), c]);
  const models = [...byFamily.values()].map((list, index) => ({
    familyTag: list[0]!.familyTag,
    name: list[0]!.name,
    best: list[0]!,
    configurations: list,
    rank: index + 1,
    index,
    segment: list[0]!.familyTag,
  }));
  return {
    configurations: configurations as never,
    models: models as never,
    benches: benches as never,
    countingMeansOf: (slug) => means[Number(slug.slice(1))] ?? new Map(),
    tags: new Map(benches.map((b, i) => [b.slug, i === 4 ? [] : i % 2 ? ['odd'] : ['even', 'all']])),
  };
}

type HandModel = {
  name: string;
  segment: string;
  rank: number;
  index: number;
  best: { slug: string; provider: string; benchCount: number };
  configurations: { slug: string; supraScore: number }[];
};

function rankInputOf(input: ReturnType<typeof snapshotInput>): RankInput {
  const evidence = buildEvidence(input);
  const none = { bench: new Int32Array(), value: new Float64Array() };
  const models = input.models as unknown as HandModel[];
  const configurations = input.configurations as unknown as { slug: string; name: string; familyTag: string }[];
  return {
    benchmarks: (input.benches as unknown as { slug: string; name: string; effectiveWeight: number }[]).map((b) => ({ ...b, tags: input.tags.get(b.slug)! })),
    tagSegment: (tag) => tag,
    models: models.map((m) => ({
      name: m.name,
      segment: m.segment,
      provider: m.best.provider,
      rank: m.rank,
      benchCount: m.best.benchCount,
      configurations: m.configurations.map((c) => ({ supraScore: c.supraScore, means: evidence.means(c.slug) ?? none })),
    })),
    references: configurations.slice(0, CANDIDATES).map((c) => {
      const model = models.find((m) => m.segment === c.familyTag)!;
      return {
        slug: c.slug,
        name: c.name,
        model: model.index,
        place: model.configurations.findIndex((o) => o.slug === c.slug),
        means: evidence.means(c.slug) ?? none,
      };
    }),
    kept: { modelPages: 5, configurationPages: 5 },
    ranges: { shown: evidence.withheld === undefined, withheld: evidence.withheld ?? null },
  };
}

/** The files as a browser reads them: through JSON. */
function published(input: RankInput, hostModels = input.models.length, budget?: number): RankFiles {
  const files = makeRankFiles(input, hostModels, budget === undefined ? {} : { budget });
  const through = <T>(map: Map<string, T>) => new Map([...map].map(([path, file]) => [path, JSON.parse(JSON.stringify(file)) as T]));
  return { index: JSON.parse(JSON.stringify(files.index)) as RankFile, blocks: through(files.blocks), parts: through(files.parts) };
}

/** The field of the index, its first `blocks` blocks and these parts, decoded. */
const fieldOfFiles = (files: RankFiles, blocks: number, paths: string[]) =>
  assembleRank(
    files.index,
    files.index.blocks.slice(0, blocks).map((e) => decodeBlock(files.blocks.get(e.path)!)),
    paths.map((path) => decodePart(files.parts.get(path)!)),
  );

describe('as the source weighs', () => {
  it('gives each model its best configuration’s evidence score, bit for bit, and ranks the models the leaderboard gives a range, from the files as a browser reads them', () => {
    const input = snapshotInput();
    const evidence = buildEvidence(input);
    const files = published(rankInputOf(input));
    const { data, ranking, weighing: w } = rankingFrom(files, { w: '*:2' });
    expect(w.source).toBe(true);
    const models = input.models as unknown as HandModel[];
    const expected = models.map((m) => evidence.configuration(m.best.slug)?.score ?? Number.NaN);
    // The reference c3 is not its model's best (c1 is): its model's best is still compared with it.
    expect(files.index.references[3]).toMatchObject({ slug: 'c3', best: false });
    expect(expected.filter((e) => !Number.isNaN(e)).length).toBeGreaterThan(6);
    // The data holds every model with a counting score (f5's best has none: no details).
    expect(Array.from(data.models.place)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9]);
    const scoreOf = (place: number) => {
      const m = [...data.models.place].indexOf(place);
      return m < 0 ? Number.NaN : ranking.scores[m]!;
    };
    for (let m = 0; m < models.length; m++) expect(Object.is(scoreOf(m), expected[m]), `model ${m}: ${scoreOf(m)} against ${expected[m]}`).toBe(true);
    // The models the leaderboard gives a likely range where the agreement lets it show them (the system test holds the sample's): enough evidence by the build's terms.
    const withRange = models.flatMap((m, i) => ((evidence.configuration(m.best.slug)?.benchmarks ?? 0) >= MIN_BENCHMARKS ? [i] : []));
    expect(withRange.length).toBeGreaterThan(0);
    expect(ranking.ranked.map((m) => data.models.place[m]).sort((a, b) => a! - b!)).toEqual(withRange);
  });
});

describe('the data', () => {
  const input = rankInputOf(snapshotInput());

  it('holds in each tag’s part every configuration with a counting score on its benchmarks, not only the best, exactly, and in the blocks each one’s model and supraScore', () => {
    const files = published(input);
    const { index } = files;
    const odd = index.tags.segment.indexOf('odd');
    expect(index.parts.tags[odd]).toMatchObject({ path: 'rank/tags/odd.json', cut: input.models.length, blocks: 1 });
    const part = decodePart(files.parts.get('rank/tags/odd.json')!);
    const oddIds = input.benchmarks.flatMap((b, id) => (b.tags.includes('odd') ? [id] : []));
    expect(oddIds).toEqual(Array.from({ length: input.benchmarks.length / 2 }, (_, k) => 2 * k + 1));
    expect(Array.from(part.benchmarks)).toEqual(oddIds);
    const block = decodeBlock(files.blocks.get('rank/models/0.json')!);
    // Configurations by number: each model's together, its best first.
    const numbered = input.models.flatMap((m, place) => m.configurations.map((c, at) => ({ place, at, c })));
    expect(Array.from(block.count)).toEqual(input.models.map((m) => m.configurations.length));
    expect(block.supraScore).toEqual(numbered.map((n) => n.c.supraScore));
    const expected = numbered.flatMap(({ place, at, c }) =>
      [...c.means.bench].filter((b) => oddIds.includes(b)).map((b) => `${place}:${at}:${b}:${c.means.value[[...c.means.bench].indexOf(b)]}`),
    );
    const found = [...part.benchmarks].flatMap((b, j) =>
      [...part.columns[j]!.configuration].map((c, k) => `${numbered[c]!.place}:${numbered[c]!.at}:${b}:${part.columns[j]!.value[k]}`),
    );
    expect(found.sort()).toEqual(expected.sort());
    // A configuration that is not its model's best is held too: the candidates a resampled ranking needs.
    expect(found.some((f) => f.split(':')[1] !== '0')).toBe(true);
    // Benchmark b4 carries no tag: the untagged part holds it.
    expect(index.parts.untagged?.path).toBe('rank/untagged.json');
    expect(Array.from(decodePart(files.parts.get('rank/untagged.json')!).benchmarks)).toEqual([4]);
  });

  it('loads the parts that hold the benchmarks weighed at the fewest bytes, with their blocks, or the part of every benchmark where that is smaller', () => {
    const { index } = published(input);
    const { names, benchmarks } = namesOf(index);
    const loads = (w: string) => partsFor(index, weighingOf(readWeights(params({ w }), names).weights, benchmarks).weight);
    expect(loads('odd:1')).toEqual({ blocks: 1, parts: [index.parts.tags[index.tags.segment.indexOf('odd')]] });
    expect(loads('odd:5')).toEqual(loads('odd:1'));
    expect(loads('*:0')).toEqual({ blocks: 0, parts: [] });
    // Everything weighed: every tag's part would weigh more than the part of every benchmark.
    expect(loads('')).toEqual({ blocks: 1, parts: [index.parts.all] });
    expect(bytesOf(index, loads(''))).toBe(index.blocks[0]!.bytes + index.parts.all.bytes);
  });

  it('ranks one tag alike from its part and from the part of every benchmark', () => {
    const files = published(input);
    const fromTag = rankingFrom(files, { w: 'odd:1' });
    const all = fieldOfFiles(files, 1, ['rank/all.json']);
    const fromAll = rankUnder(all.field, fromTag.weighing);
    const placed = (r: Ranking, places: Int32Array) => ({
      ranked: r.ranked.map((m) => places[m]),
      apart: r.apart.map((m) => places[m]),
      scores: [...r.ranked, ...r.apart].map((m) => r.scores[m]),
      references: r.references.models.map((m) => (m < 0 ? m : places[m])),
    });
    expect(placed(fromTag.ranking, fromTag.data.models.place)).toEqual(placed(fromAll, all.models.place));
  });

  it('holds, where a part and its blocks would weigh more than the budget gzipped, the best models that fit, and the field stops at the lowest cut', () => {
    const whole = published(input);
    const allBytes = whole.index.parts.all.bytes + whole.index.blocks[0]!.bytes;
    // A budget that holds the index and about two thirds of the part of every benchmark with its block.
    const indexBytes = gzipSync(JSON.stringify(whole.index), { level: 6 }).length;
    const budget = indexBytes + Math.round((allBytes * 2) / 3);
    const cut = published(input, input.models.length, budget);
    expect(cut.index.parts.all.cut).toBeLessThan(input.models.length);
    expect(bytesOf(cut.index, { blocks: cut.index.parts.all.blocks, parts: [cut.index.parts.all] })).toBeLessThanOrEqual(cut.index.budget);
    // The index lists what the part weighs at hosts' usual level, which gzip -9 never exceeds here.
    const part = JSON.stringify(cut.parts.get('rank/all.json'));
    expect(gzipSync(part, { level: 6 }).length).toBe(cut.index.parts.all.bytes);
    expect(gzipSync(part, { level: 9 }).length).toBeLessThanOrEqual(cut.index.parts.all.bytes);
    const { data, ranking } = rankingFrom(cut);
    expect(data.cut).toBe(cut.index.parts.all.cut);
    expect(Math.max(...data.models.place)).toBeLessThan(data.cut);
    expect(ranking.ranked.length + ranking.apart.length).toBeLessThanOrEqual(data.cut);
    // A host's limits cut every part and the blocks at its models.
    const host = published(input, 4);
    expect([host.index.parts.all, ...host.index.parts.tags.filter((e) => e !== null)].every((e) => e!.cut <= 4)).toBe(true);
    expect(decodeBlock(host.blocks.get('rank/models/0.json')!).name).toHaveLength(4);
    expect(host.index.hostModels).toBe(4);
  });

  it('fits a part whose size grows slower than its models within a few hundredths of the largest cut that fits, never at none', () => {
    // 6,000 models of one configuration each, all with a mean on the one benchmark; a part's size as gzip made the 10,000-configuration bench's part of every benchmark, by its models.
    const n = 6000;
    const measured = [
      [0, 108],
      [1000, 318_434],
      [2000, 553_218],
      [3000, 717_812],
      [4000, 824_393],
      [5684, 916_517],
      [6000, 931_000],
    ];
    const columns = {
      first: Int32Array.from({ length: n + 1 }, (_, i) => i),
      model: Int32Array.from({ length: n }, (_, i) => i),
      configuration: [Int32Array.from({ length: n }, (_, i) => i)],
      value: [new Float64Array(n).fill(50)],
    };
    const whole = encodePart(columns, [0], n);
    const size = (cut: number) => {
      const k = measured.findIndex(([at]) => at! >= cut);
      if (k <= 0) return measured[0]![1]!;
      const [[x0, y0], [x1, y1]] = [measured[k - 1]!, measured[k]!];
      return Math.round(y0! + ((y1! - y0!) * (cut - x0!)) / (x1! - x0!));
    };
    const blocks = (cut: number) => Math.ceil(cut / 1000) * 12_500;
    for (const budget of [614_113, 620_000, 400_000, 900_000]) {
      let largest = 0;
      for (let cut = 0; cut <= n; cut++) if (size(cut) + blocks(cut) <= budget) largest = cut;
      const fitted = fitPart(whole, columns, budget, blocks, (f) => size(f.cut)).file.cut;
      expect(size(fitted) + blocks(fitted), `${budget}`).toBeLessThanOrEqual(budget);
      expect(fitted, `${budget}`).toBeGreaterThan(0.98 * largest);
    }
  });

  it('cuts a part as the encoder would have made it with that cut', () => {
    const columns = columnsOf(input);
    const all = Array.from(input.benchmarks.keys());
    for (const cut of [0, 1, 3, 5, input.models.length]) {
      const whole = encodePart(columns, all, input.models.length);
      const made = encodePart(columns, all, cut);
      expect(decodePart(truncatePart(whole, columns, cut))).toEqual(decodePart(made));
    }
  });

  it('decodes models’ shared ranks from the whole ranking, not from the models the field holds', () => {
    const tied = { ...input, models: input.models.map((m, i) => ({ ...m, rank: i === 2 ? 2 : m.rank })) };
    const { data } = rankingFrom(published(tied));
    expect(data.models.rank.slice(0, 4)).toEqual([
      { rank: 1, tied: false },
      { rank: 2, tied: true },
      { rank: 2, tied: true },
      { rank: 4, tied: false },
    ]);
  });
});

describe('the list of /rank/', () => {
  const files = published(rankInputOf(snapshotInput()));
  // Two benchmarks weighed: every model is listed apart, its evidence resting on two benchmarks at most.
  const { data, ranking } = rankingFrom(files, { w: '*:0', b: 'b0:1,b3:1' });
  const mixed = rankingFrom(files, { w: 'odd:1' });
  const rows = rankRows(mixed.data, mixed.ranking);

  it('lists apart every model whose evidence rests on fewer benchmarks than a rank needs', () => {
    expect(ranking.ranked).toEqual([]);
    expect(ranking.apart.length).toBeGreaterThan(0);
    expect(ranking.references.end).toBe('empty');
    expect(rankRows(data, ranking).every((r) => r.rank === undefined)).toBe(true);
  });

  it('posts its rows from the worker as columns that give back the same rows, ranked and apart', () => {
    const packed = packRows(rows);
    expect(packed.text).toHaveLength(7 * rows.length);
    expect(packedBuffers(packed)).toHaveLength(5);
    const back = unpackRows(structuredClone(packed));
    expect(back).toEqual(rows);
    expect(back.some((r) => r.rank === undefined) && back.some((r) => r.rank !== undefined)).toBe(true);
    // A shared rank, which this field has none of.
    const tied = rows.filter((r) => r.rank).map((r) => ({ ...r, rank: { rank: r.rank!.rank, tied: true } }));
    expect(unpackRows(packRows(tied))).toEqual(tied);
  });

  it('lists the ranked models first, then those apart, whatever the sort', () => {
    expect(mixed.ranking.apart.length).toBeGreaterThan(0);
    expect(mixed.ranking.ranked.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.model)).toEqual([...mixed.ranking.ranked, ...mixed.ranking.apart].map((m) => mixed.data.models.place[m]));
    const view = (part: Partial<RankView>) => ({ ...RANK.plain, page: 1, ...part }) as RankView;
    for (const sort of ['name', 'score', 'coverage', 'provider'] as const)
      for (const dir of ['asc', 'desc'] as const) {
        const shown = selectRows(RANK, rows, view({ sort, dir }));
        const firstApart = shown.findIndex((r) => !r.rank);
        expect(
          shown.slice(firstApart).every((r) => !r.rank),
          `${sort} ${dir}`,
        ).toBe(true);
      }
  });

  it('links a model with a page to it, and one without to the comparison page', () => {
    const withPage = rows.find((r) => r.model < 5)!;
    const without = rows.find((r) => r.model >= 5)!;
    const segmentOf = (place: number) => mixed.data.models.segment[[...mixed.data.models.place].indexOf(place)];
    expect(withPage.href).toBe(`/models/${segmentOf(withPage.model)}/`);
    expect(without.href).toBe(`/compare/?models=${segmentOf(without.model)}`);
  });

  it('keeps its weights in the address as they read, and reads them back', () => {
    expect(rankHref({ w: 'coding:3,math:1' })).toBe('/rank/?w=coding:3,math:1');
    const url = viewUrl(RANK, { ...RANK.plain, w: 'coding:3,*:1', b: 'swe:0', by: 'alike', q: 'a b', page: 2 } as RankView);
    expect(url).toBe('/rank/?w=coding:3,*:1&b=swe:0&by=alike&q=a+b&page=2');
    const back = new URL(url, 'https://example.org');
    expect(readView(RANK, back.pathname, back.search)).toMatchObject({ w: 'coding:3,*:1', b: 'swe:0', by: 'alike', q: 'a b', page: 2 });
  });
});

it('ranks only by the leaderboard’s own rule for enough evidence', () => {
  // The rule is ranges.ts' function, not a copy: a model with exactly MIN_BENCHMARKS shared benchmarks has enough.
  expect(
    enoughForRange({
      starts: Int32Array.of(0, 1),
      reference: Int32Array.of(0),
      bench: Int32Array.of(0),
      weight: Float64Array.of(1),
      won: Float64Array.of(0.5),
      benchmarks: MIN_BENCHMARKS,
    }),
  ).toBe(true);
  expect(
    enoughForRange({
      starts: Int32Array.of(0, 1),
      reference: Int32Array.of(0),
      bench: Int32Array.of(0),
      weight: Float64Array.of(1),
      won: Float64Array.of(0.5),
      benchmarks: MIN_BENCHMARKS - 1,
    }),
  ).toBe(false);
});

describe('the likely ranges', () => {
  const input = snapshotInput();
  // The hand-made field's evidence strays from its supraScore (the gate withholds its ranges): resampled anyway, and published as shown.
  const evidence = buildEvidence(input, { resampleAnyway: true });
  const files = published(rankInputOf(input));
  files.index.ranges = { shown: true, withheld: null };
  const models = input.models as unknown as (HandModel & { familyTag: string })[];
  const rangesOf = (w: string, options = {}) => {
    const { data, ranking, weighing } = rankingFrom(files, { w });
    return { data, ranking, ranges: rangesUnder(data, ranking, weighing, options) };
  };

  it('as the source weighs are the leaderboard’s, to the place, from the files as a browser reads them', () => {
    const { data, ranges } = rangesOf('*:2');
    expect(ranges.of).toBe('model rank');
    let compared = 0;
    models.forEach((model, place) => {
      const m = [...data.models.place].indexOf(place);
      const theirs = evidence.resampled(model as never);
      if (m < 0) return expect(theirs).toBeUndefined();
      if (!theirs) return expect([ranges.low[m], ranges.high[m]]).toEqual([0, 0]);
      compared++;
      expect({ place, low: ranges.low[m], high: ranges.high[m], tied: ranges.tiedAbove[m] === 1 }).toEqual({
        place,
        low: theirs.range.low,
        high: theirs.range.high,
        tied: theirs.tiedAbove,
      });
    });
    expect(compared).toBeGreaterThan(3);
  });

  it('as the source weighs, read by place as published, are for each row what resampling gives, ties and all', () => {
    const { data, ranking, ranges } = rangesOf('*:2');
    const rows = rankRows(data, ranking);
    // As the build publishes them (src/site/routes/rank.ts' sourceRangesFile): by model place, 0 and 0 for none.
    const places = Math.max(...data.models.place) + 1;
    const file = { withheld: null, low: Array<number>(places).fill(0), high: Array<number>(places).fill(0), tied: Array<number>(places).fill(0) };
    data.models.place.forEach((place, m) => {
      file.low[place] = ranges.low[m]!;
      file.high[place] = ranges.high[m]!;
      file.tied[place] = ranges.tiedAbove[m]!;
    });
    const read = publishedRowRanges(rows, file);
    expect(read).toEqual(rowRanges(data, rows, ranges));
    expect(read.cells.some((c) => c > 0)).toBe(true);
    expect(publishedRowRanges(rows, { ...file, withheld: 'none here' }).withheld).toBe('none here');
  });

  it('under other weights are of the rank among the models ranked, the same for the same proportions, and move with the weights', () => {
    const a = rangesOf('even:3,*:1');
    expect(a.ranges.of).toBe('rank');
    const ranked = a.ranking.ranked;
    expect(ranked.length).toBeGreaterThan(3);
    for (const m of ranked) {
      expect(a.ranges.low[m]).toBeGreaterThanOrEqual(1);
      expect(a.ranges.high[m]).toBeGreaterThanOrEqual(a.ranges.low[m]!);
      expect(a.ranges.high[m]).toBeLessThanOrEqual(ranked.length);
    }
    // None for a model listed apart.
    for (const m of a.ranking.apart) expect([a.ranges.low[m], a.ranges.high[m]]).toEqual([0, 0]);
    const same = rangesOf('even:6,*:2');
    expect(same.ranges).toEqual(a.ranges);
    // Made from the weights' own evidence, not read from anywhere: other weights, other ranges for the models both rank.
    const other = rangesOf('odd:3,*:1');
    const both = ranked.filter((m) => other.ranking.ranked.includes(m));
    expect(both.length).toBeGreaterThan(3);
    expect(both.map((m) => [other.ranges.low[m], other.ranges.high[m]])).not.toEqual(both.map((m) => [a.ranges.low[m], a.ranges.high[m]]));
  });

  it('are withheld, with the leaderboard’s reason, where the leaderboard withholds its own', () => {
    const withheld = published(rankInputOf(input));
    const { data, ranking, weighing } = rankingFrom(withheld, { w: 'even:3,*:1' });
    const ranges = rangesUnder(data, ranking, weighing);
    expect(ranges.withheld).toBe(evidence.withheld);
    expect(ranges.high.every((h) => h === 0)).toBe(true);
  });
});
