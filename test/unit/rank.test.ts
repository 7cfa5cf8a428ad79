/**
 * Ranking by a visitor's weights (src/site/evidence/weights.ts, reweigh.ts, rank-file.ts and
 * src/site/lists/rank-list.ts), on hand-made fields: the address's weights read and written, each
 * benchmark's weight from its tags, coverage and the models listed apart, the references found under
 * the weights, and the evidence score as the source weighs, bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { buildEvidence, type EvidenceInput } from '../../src/site/data/evidence.ts';
import { REFERENCES, winShare } from '../../src/site/evidence/method.ts';
import { decodeRank, encodeRank, type RankFile, type RankInput } from '../../src/site/evidence/rank-file.ts';
import { BEST_COVERED, coverageNeeded, evidenceUnder, MAX_ROUNDS, rankUnder, type RankField, type Sparse } from '../../src/site/evidence/reweigh.ts';
import {
  benchWeights,
  isSourceWeights,
  ownWeights,
  readWeights,
  SOURCE_WEIGHTS,
  weightParams,
  type WeightNames,
  type WeightParams,
} from '../../src/site/evidence/weights.ts';
import { readView, selectRows, viewUrl } from '../../src/site/lists/list-spec.ts';
import { RANK, rankHref, rankRows, type RankView } from '../../src/site/lists/rank-list.ts';

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
  const weigh = (p: Partial<WeightParams>) => Array.from(benchWeights(read(p).weights, benchmarks));

  it('is its effectiveWeight times exactly 1 as the source weighs, 0 where not positive', () => {
    expect(weigh({})).toEqual([40, 20, 10, 5, 0]);
  });

  it('takes the largest weight of its tags, never their sum, and * for a benchmark without tags', () => {
    expect(weigh({ w: 'coding:3,math:1' })).toEqual([120, 60, 0, 0, 0]);
    expect(weigh({ w: 'math:4,coding:1' })).toEqual([40, 80, 0, 0, 0]);
    expect(weigh({ w: 'coding:2,*:1' })).toEqual([80, 40, 10, 5, 0]);
    expect(Array.from(ownWeights(read({ w: 'coding:2,*:0.5' }).weights, benchmarks))).toEqual([2, 2, 0.5, 0.5, 0.5]);
  });

  it('is its own weight where b gives one, in place of its tags’', () => {
    expect(weigh({ w: 'coding:3', b: 'swe:0,plain:2' })).toEqual([0, 60, 0, 10, 0]);
  });

  it('has a base of 1 for every benchmark alike, effectiveWeight aside', () => {
    expect(weigh({ by: 'alike' })).toEqual([1, 1, 1, 1, 1]);
    expect(weigh({ by: 'alike', w: 'law:2' })).toEqual([0, 0, 2, 0, 2]);
  });
});

/** A field from models' scores by benchmark (undefined: none); the API's references are the best configurations of `references`. */
function fieldOf(scores: (number | undefined)[][], references: number[] = scores.slice(0, REFERENCES).map((_, m) => m)): RankField {
  const sparse = (entries: [number, number][]): Sparse => ({ ids: Int32Array.from(entries, (e) => e[0]), scores: Float64Array.from(entries, (e) => e[1]) });
  const rows = scores.map((row) => sparse(row.flatMap((v, b) => (v === undefined ? [] : [[b, v] as [number, number]]))));
  const benches = Math.max(...scores.map((r) => r.length));
  const columns = Array.from({ length: benches }, (_, b) =>
    sparse(scores.flatMap((row, m) => (row[b] === undefined ? [] : [[m, row[b]!] as [number, number]]))),
  );
  return { models: scores.length, rows, columns, references: references.map((m) => ({ ...rows[m]!, self: m })) };
}

describe('coverage', () => {
  it('is the share of the whole weight a model’s benchmarks carry', () => {
    const f = fieldOf([
      [80, 70, 60],
      [70, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
    const r = rankUnder(f, Float64Array.of(2, 1, 1), true);
    expect(Array.from(r.coverage)).toEqual([1, 0.5, 0]);
    expect(r.weighed).toBe(true);
  });

  it('must reach half the median coverage of the 10 best-covered models, or the model is listed apart', () => {
    expect(coverageNeeded([1, 1, 1])).toBe(0.5);
    expect(coverageNeeded([0.2, 0.4])).toBeCloseTo(0.15, 12);
    // The median of the best 10 of 12 (the 5th and 6th best), halved.
    expect(coverageNeeded([0.9, 0.9, 0.8, 0.8, 0.6, 0.4, 0.4, 0.4, 0.4, 0.4, 0.01, 0])).toBeCloseTo(0.25, 12);
    expect(BEST_COVERED).toBe(10);
    // Six models on three benchmarks; the last two ran one of them only.
    const f = fieldOf(
      [
        [90, 90, 90],
        [80, 80, 80],
        [70, 70, 70],
        [60, 60, 60],
        [100, undefined, undefined],
        [10, undefined, undefined],
        [undefined, undefined, undefined],
      ],
      [0, 1, 2],
    );
    const r = rankUnder(f, Float64Array.of(1, 1, 1), true);
    expect(r.needed).toBeCloseTo(0.5, 12);
    expect(r.ranked).toEqual([0, 1, 2, 3]);
    // Ahead of everyone on its one benchmark, and still listed apart: it covers a third of the weight.
    expect(r.apart).toEqual([4, 5]);
    expect(r.scores[4]).toBeGreaterThan(r.scores[0]!);
    expect(r.none).toBe(1);
  });

  it('leaves nothing to rank when the weights leave every benchmark out', () => {
    const r = rankUnder(fieldOf([[80], [70]]), Float64Array.of(0), false);
    expect([r.weighed, r.ranked, r.apart, r.none, r.references.end]).toEqual([false, [], [], 2, 'empty']);
  });
});

describe('the references under a visitor’s weights', () => {
  /** Twelve models on three benchmarks, in order of skill; the API's top 10 are the first ten. */
  const ordered = fieldOf(Array.from({ length: 12 }, (_, m) => [90 - 5 * m, 85 - 5 * m, 80 - 5 * m]));

  it('are the API’s top 10 as the source weighs, however the weights would rank', () => {
    const f = fieldOf(
      Array.from({ length: 12 }, (_, m) => [90 - 5 * m, 85 - 5 * m]),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 11],
    );
    const r = rankUnder(f, Float64Array.of(1, 1), true);
    expect(r.references).toEqual({ from: 'api', rounds: 1, end: 'source', models: [0, 1, 2, 3, 4, 5, 6, 7, 8, 11] });
  });

  it('settle at once when the API’s top 10 are the top 10 under the weights', () => {
    const r = rankUnder(ordered, Float64Array.of(1, 2, 3), false);
    expect(r.references).toEqual({ from: 'api', rounds: 1, end: 'settled', models: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(r.ranked.slice(0, 10).sort((a, b) => a - b)).toEqual(r.references.models);
  });

  it('move to the top 10 under the weights, and settle there', () => {
    // Model 11 leads on the one benchmark weighed; the API's top 10 are the first ten.
    const scores = Array.from({ length: 12 }, (_, m) => [90 - 5 * m, m === 11 ? 99 : 40 - m]);
    const r = rankUnder(fieldOf(scores), Float64Array.of(0, 1), false);
    expect(r.references.end).toBe('settled');
    expect(r.references.models).toContain(11);
    expect(r.ranked[0]).toBe(11);
    expect(new Set(r.references.models)).toEqual(new Set(r.ranked.slice(0, 10)));
  });

  it('take every model of a cycle when being a reference moves a model’s own score', () => {
    // Nine strong models, then two equal ones: the one that is a reference is not compared with its equal (a share of
    // one half that lifts the other's mean), so each in turn ranks 10th, and the ten go round.
    const scores = [...Array.from({ length: 9 }, (_, m) => [95 - 3 * m]), [40], [40]];
    const r = rankUnder(fieldOf(scores, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), Float64Array.of(1), false);
    expect(r.references).toEqual({ from: 'api', rounds: 3, end: 'cycle', models: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    // Against all eleven the two are equal again.
    expect(r.scores[9]).toBe(r.scores[10]);
  });

  it('start from the best weighted means when the API’s top 10 share no weighted benchmark with any model', () => {
    // The API's top 10 ran benchmark 0 only; the weights leave it out.
    const scores = [...Array.from({ length: 10 }, (_, m) => [90 - m, undefined]), ...Array.from({ length: 14 }, (_, m) => [undefined, 30 + 4 * m])];
    const r = rankUnder(fieldOf(scores), Float64Array.of(0, 1), false);
    expect(r.references).toMatchObject({ from: 'mean', end: 'settled', models: Array.from({ length: 10 }, (_, k) => 23 - k) });
    expect(r.ranked[0]).toBe(23);
    // The API's top 10 have no evidence under these weights: counted, not ranked.
    expect(r.none).toBe(10);
  });

  it('are found in at most MAX_ROUNDS passes on any field, and say how the search ended', () => {
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const ends = new Map<string, number>();
    for (let t = 0; t < 400; t++) {
      const n = 12 + Math.floor(random() * 60);
      const benches = 3 + Math.floor(random() * 20);
      const density = 0.2 + random() * 0.7;
      const scores = Array.from({ length: n }, (_, m) =>
        Array.from({ length: benches }, () =>
          random() < density ? Math.round(Math.max(0, Math.min(100, 90 - (m * 80) / n + 30 * (random() - 0.5))) * 10) / 10 : undefined,
        ),
      );
      const weight = Float64Array.from({ length: benches }, () => (random() < 0.3 ? 0 : random() * 5));
      const r = rankUnder(fieldOf(scores), weight, false);
      expect(r.references.rounds).toBeLessThanOrEqual(MAX_ROUNDS);
      ends.set(r.references.end, (ends.get(r.references.end) ?? 0) + 1);
      if (r.references.end === 'settled') expect(new Set(r.references.models)).toEqual(new Set(r.ranked.slice(0, REFERENCES)));
      if (r.references.end === 'bound') expect(r.references.rounds).toBe(MAX_ROUNDS);
    }
    expect([...ends.keys()].sort()).toEqual(['bound', 'cycle', 'empty', 'settled']);
  });
});

describe('the evidence under the weights', () => {
  it('weighs each comparison by the benchmark’s weight and never compares a model with itself', () => {
    const f = fieldOf([
      [80, 50],
      [70, 60],
      [90, undefined],
    ]);
    const scores = evidenceUnder(f, Float64Array.of(3, 1), f.references);
    // Model 0 against model 1 (both benchmarks) and model 2 (the first only).
    const against1 = (3 * winShare(10) + 1 * winShare(-10)) / 4;
    expect(scores[0]).toBeCloseTo(100 * ((against1 + winShare(-10)) / 2), 12);
    expect(scores[2]).toBeCloseTo(100 * ((winShare(10) + winShare(20)) / 2), 12);
  });
});

/**
 * A hand-made snapshot as the build's evidence reads it: 14 configurations of 10 models, a
 * reference that is not its model's best, configurations without scores, and means of several
 * submissions (thirds, sevenths), on benchmarks of odd weights.
 */
function snapshotInput(): EvidenceInput & { tags: Map<string, string[]> } {
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const benches = Array.from({ length: 9 }, (_, b) => ({
    slug: `b${b}`,
    name: `B ${b}`,
    effectiveWeight: [37.35, 12.5, 0, 81.2, 3.3, 55.55, 19.9, 1.01, 66.6][b]!,
  }));
  const families = ['f0', 'f1', 'f2', 'f1', 'f3', 'f4', 'f5', 'f6', 'f2', 'f7', 'f8', 'f9', 'f6', 'f8'];
  const configurations = families.map((familyTag, i) => ({
    slug: `c${i}`,
    name: `C ${i}`,
    familyTag,
    supraScore: 95 - i * 5,
    provider: `P${i % 3}`,
    hasDetail: i !== 6,
  }));
  const means = configurations.map((c, i) => {
    const m = new Map<string, number>();
    if (!c.hasDetail) return m;
    for (const b of benches) if (random() < 0.7) m.set(b.slug, (100 - 4 * i + 10 * random() + (i % 3 === 0 ? 1 / 3 : i % 3 === 1 ? 2 / 7 : 0)) % 100);
    return m;
  });
  const seen = new Map<string, (typeof configurations)[number]>();
  for (const c of configurations) if (!seen.has(c.familyTag)) seen.set(c.familyTag, c);
  const models = [...seen.values()].map((best, index) => ({
    familyTag: best.familyTag,
    name: best.name,
    best,
    rank: index + 1,
    index,
    segment: best.familyTag,
  }));
  return {
    configurations: configurations as never,
    models: models as never,
    benches: benches as never,
    countingMeansOf: (slug) => means[Number(slug.slice(1))] ?? new Map(),
    tags: new Map(benches.map((b, i) => [b.slug, i % 2 ? ['odd'] : ['even', 'all']])),
  };
}

function rankInputOf(input: ReturnType<typeof snapshotInput>): RankInput {
  const evidence = buildEvidence(input);
  const none = { bench: new Int32Array(), value: new Float64Array() };
  const models = input.models as unknown as { name: string; segment: string; rank: number; index: number; best: { slug: string; provider: string } }[];
  const bySlug = new Map(models.map((m) => [m.best.slug, m]));
  const configurations = input.configurations as unknown as { slug: string; name: string; familyTag: string }[];
  return {
    benchmarks: (input.benches as unknown as { slug: string; name: string; effectiveWeight: number }[]).map((b) => ({ ...b, tags: input.tags.get(b.slug)! })),
    tagSegment: (tag) => tag,
    models: models.map((m) => ({ name: m.name, segment: m.segment, provider: m.best.provider, rank: m.rank, means: evidence.means(m.best.slug) ?? none })),
    references: configurations.slice(0, REFERENCES).map((c) => {
      const model = models.find((m) => m.segment === c.familyTag)!;
      return { slug: c.slug, name: c.name, model: model.index, best: bySlug.get(c.slug) === model, means: evidence.means(c.slug) ?? none };
    }),
    kept: { modelPages: 5, configurationPages: 5 },
  };
}

describe('as the source weighs', () => {
  it('gives each model its best configuration’s evidence score, bit for bit, from the file as a browser reads it', () => {
    const input = snapshotInput();
    const evidence = buildEvidence(input);
    const file = JSON.parse(JSON.stringify(encodeRank(rankInputOf(input)))) as RankFile;
    const data = decodeRank(file);
    const r = rankUnder(data.field, benchWeights(SOURCE_WEIGHTS, data.benchmarks), true);
    const models = input.models as unknown as { best: { slug: string } }[];
    const expected = models.map((m) => evidence.configuration(m.best.slug)?.score ?? Number.NaN);
    // The reference c3 is not its model's best (c1 is): its model's best is still compared with it.
    expect(file.references[3]).toMatchObject({ slug: 'c3', best: false });
    expect(expected.filter((e) => !Number.isNaN(e)).length).toBeGreaterThan(6);
    for (let m = 0; m < models.length; m++) expect(Object.is(r.scores[m], expected[m]), `model ${m}: ${r.scores[m]} against ${expected[m]}`).toBe(true);
  });
});

describe('rank.json', () => {
  it('decodes to the scores, weights, tags, names and model ranks it was made from', () => {
    const input = rankInputOf(snapshotInput());
    input.models[2]!.rank = 2; // two models share model rank 2
    const file = encodeRank(input);
    expect(file.decimals).toBeNull();
    const data = decodeRank(JSON.parse(JSON.stringify(file)) as RankFile);
    for (const [m, model] of input.models.entries()) {
      expect(Array.from(data.field.rows[m]!.ids)).toEqual(Array.from(model.means.bench));
      expect(Array.from(data.field.rows[m]!.scores)).toEqual(Array.from(model.means.value));
    }
    expect(data.models.rank.slice(0, 4)).toEqual([
      { rank: 1, tied: false },
      { rank: 2, tied: true },
      { rank: 2, tied: true },
      { rank: 4, tied: false },
    ]);
    expect(data.benchmarks.tags[1]).toEqual(['odd']);
    expect(data.names.benches.get('b0')).toEqual(['even', 'all']);
    expect(data.models.segment[0]).toBe('f0');
  });

  it('writes scores of few decimals as whole steps, and reads them back exactly', () => {
    const means = (values: number[]) => ({ bench: Int32Array.from(values, (_, b) => b), value: Float64Array.from(values) });
    const input: RankInput = {
      benchmarks: [0, 1].map((b) => ({ slug: `b${b}`, name: `B ${b}`, effectiveWeight: 10, tags: [] })),
      tagSegment: (t) => t,
      models: [
        { name: 'Alpha One', segment: 'alpha-one', provider: 'P', rank: 1, means: means([72.5, 0.1]) },
        { name: 'Beta', segment: 'beta-x', provider: 'Q', rank: 2, means: means([70.25, 100]) },
      ],
      references: [],
      kept: { modelPages: 2, configurationPages: 2 },
    };
    const file = encodeRank(input);
    expect(file.decimals).toBe(2);
    expect(file.scores[0]).toEqual([
      [1, 1],
      [7250, -225],
    ]);
    // A segment that is its name's slug is written as ''.
    expect(file.models.segment).toEqual(['', 'beta-x']);
    const data = decodeRank(file);
    expect(Array.from(data.field.columns[0]!.scores)).toEqual([72.5, 70.25]);
    expect(Array.from(data.field.columns[1]!.scores)).toEqual([0.1, 100]);
    expect(data.models.segment).toEqual(['alpha-one', 'beta-x']);
  });
});

describe('the list of /rank/', () => {
  const input = rankInputOf(snapshotInput());
  const data = decodeRank(encodeRank(input));
  // Two benchmarks weighed: a model that ran one of them only is listed apart.
  const { weights } = readWeights(params({ w: '*:0', b: 'b0:1,b3:1' }), data.names);
  const ranking = rankUnder(data.field, benchWeights(weights, data.benchmarks), false);
  const rows = rankRows(data, ranking);

  it('lists the ranked models first, then those apart, whatever the sort', () => {
    expect(ranking.apart.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.model)).toEqual([...ranking.ranked, ...ranking.apart]);
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
    expect(withPage.href).toBe(`/models/${data.models.segment[withPage.model]}/`);
    expect(without.href).toBe(`/compare/?models=${data.models.segment[without.model]}`);
  });

  it('keeps its weights in the address as they read, and reads them back', () => {
    expect(rankHref({ w: 'coding:3,math:1' })).toBe('/rank/?w=coding:3,math:1');
    const url = viewUrl(RANK, { ...RANK.plain, w: 'coding:3,*:1', b: 'swe:0', by: 'alike', q: 'a b', page: 2 } as RankView);
    expect(url).toBe('/rank/?w=coding:3,*:1&b=swe:0&by=alike&q=a+b&page=2');
    const back = new URL(url, 'https://example.org');
    expect(readView(RANK, back.pathname, back.search)).toMatchObject({ w: 'coding:3,*:1', b: 'swe:0', by: 'alike', q: 'a b', page: 2 });
  });
});
