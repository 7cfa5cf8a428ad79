/**
 * The ranges' parts (src/site/evidence/): moves read by place with no ends to clip at, references
 * chosen again in each resample, a model with no draw in a round, the spread a model is moderated
 * towards, the posterior’s ranks (also within a crowd on one point), the
 * whole-table sets, Holm's correction over a page's comparisons, and ends that stay put under other
 * seeds. Hand-made fields, small enough to reason about.
 */
import { describe, expect, it } from 'vitest';
import { errorSpread, fieldRanges, NEIGHBOURS, PRIOR_BENCHMARKS, SE_FLOOR, typicalSpread } from '../../src/site/evidence/field-ranges.ts';
import {
  benchIds,
  countingMeans,
  REFERENCES,
  referenceOf,
  scoreOf,
  scoreSet,
  termsOf,
  type EvidenceField,
  type Terms,
} from '../../src/site/evidence/method.ts';
import { movesOf, roundReferences, spreadsOf, type MovesInput } from '../../src/site/evidence/moves.ts';
import { fitPrior, moderate, posteriorMeans, rankIntervals, type SpreadAtTruth } from '../../src/site/evidence/posterior.ts';
import { cannotTell, rankSets, setWidth } from '../../src/site/evidence/rank-sets.ts';
import { benchKey, resampleCounts } from '../../src/site/evidence/resample.ts';
import { separations, upperTail } from '../../src/site/evidence/separation.ts';

/** A field of configurations (one per model, best first) with their scores by benchmark; every configuration a candidate reference. */
function world(scores: Record<string, number>[], weights: Record<string, number>, supraScore: number[]) {
  const slugs = Object.keys(weights);
  const ids = benchIds(slugs);
  const means = scores.map((s) => countingMeans(Object.entries(s).map(([bench, normalizedScore]) => ({ bench, normalizedScore, counts: true }))));
  const field: EvidenceField = {
    slugs,
    weight: Float64Array.from(slugs, (b) => weights[b]!),
    key: Uint32Array.from(slugs, benchKey),
    references: means.map((m, i) => referenceOf(`c${i}`, m, ids)),
  };
  const terms: (Terms | undefined)[] = means.map((m, i) => termsOf(field, scoreSet(m, ids), `c${i}`));
  const n = scores.length;
  const input: MovesInput = {
    keys: field.key,
    terms,
    supraScore: Float64Array.from(supraScore),
    model: Int32Array.from({ length: n }, (_, i) => i),
    best: Int32Array.from({ length: n }, (_, i) => i),
    candidates: Int32Array.from({ length: n }, (_, i) => i),
    rounds: 200,
    seed: 7,
  };
  return { field, terms, input };
}

/** A round of `seed` in which `pick(counts)` holds, with its counts. */
function roundWhere(keys: Uint32Array, seed: number, pick: (counts: Uint8Array) => boolean): { round: number; counts: Uint8Array } {
  for (let round = 0; round < 5000; round++) {
    const counts = resampleCounts(keys, round, seed);
    if (pick(counts)) return { round, counts };
  }
  throw new Error('no such round');
}

/**
 * Sixty models on twenty benchmarks, scored by a falling skill plus noise (or, `growing`, a noise as
 * wide as the skill, so the spread grows with the score as at the foot of a large field); supraScore
 * the mean of their scores.
 */
function sixty(growing = false): Parameters<typeof fieldRanges>[0] {
  let seed = 5;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const benches = Array.from({ length: 20 }, (_, b) => `b${b}`);
  const score = (i: number) => (growing ? 1.5 * (60 - i) * random() : 90 - i + 30 * (random() - 0.5));
  const raw = Array.from({ length: 60 }, (_, i) => Object.fromEntries(benches.map((b) => [b, Math.max(0, Math.min(100, score(i)))])));
  const mean = (s: Record<string, number>) => benches.reduce((a, b) => a + s[b]!, 0) / benches.length;
  const sorted = [...raw].sort((a, b) => mean(b) - mean(a));
  const { input, terms } = world(sorted, Object.fromEntries(benches.map((b) => [b, 1])), sorted.map(mean));
  return {
    ...input,
    candidates: Int32Array.from({ length: 2 * REFERENCES }, (_, i) => i),
    rounds: 200,
    benchmarks: Float64Array.from(terms, (t) => t!.benchmarks),
    enough: new Uint8Array(60).fill(1),
  };
}

describe('moves read by place', () => {
  // Two close leaders on a and b, and a field far below them.
  const scores = [{ a: 90, b: 70 }, { a: 70, b: 88 }, ...Array.from({ length: 6 }, (_, i) => ({ a: 40 - 3 * i, b: 40 - 3 * i }))];
  const supra = [60, 58, ...Array.from({ length: 6 }, (_, i) => 30 - 3 * i)];
  const { input, field } = world(scores, { a: 1, b: 1 }, supra);

  it('let the second overtake the first: no end of the field holds a model in place', () => {
    const moves = movesOf(input);
    // A round without a: the first falls to second place and the second rises above where the first stood.
    const { round } = roundWhere(field.key, input.seed, (c) => c[0] === 0 && c[1]! > 0);
    expect(moves.deviation[0 * moves.rounds + round]).toBeCloseTo(58 - 60, 9);
    expect(moves.deviation[1 * moves.rounds + round]).toBeCloseTo(60 - 58, 9);
    // And a round without b keeps them as they are.
    const kept = roundWhere(field.key, input.seed, (c) => c[1] === 0 && c[0]! > 0).round;
    expect(moves.deviation[0 * moves.rounds + kept]).toBe(0);
  });

  it('are the gap in supraScore between a model’s places, whatever the evidence’s own scale', () => {
    const moves = movesOf(input);
    for (let r = 0; r < moves.rounds; r++) {
      const d = moves.deviation[2 * moves.rounds + r]!;
      if (!Number.isNaN(d)) expect(supra.map((s) => s - supra[2]!)).toContainEqual(expect.closeTo(d, 9));
    }
  });
});

describe('references chosen again in each resample', () => {
  // Twelve candidates: the first ten strong on a, the eleventh far ahead on b.
  const scores = [...Array.from({ length: 10 }, (_, i) => ({ a: 90 - i, b: 20 })), { a: 10, b: 99 }, { a: 30, b: 30 }];
  const supra = [...Array.from({ length: 10 }, (_, i) => 80 - i), 70.9, 40];
  const { input, field, terms } = world(scores, { a: 1, b: 1 }, supra);

  it('take the eleventh candidate in a round that draws only its benchmark', () => {
    const { counts } = roundWhere(field.key, input.seed, (c) => c[0] === 0 && c[1]! > 0);
    const full = Float64Array.from(terms, (t) => scoreOf(t!)!);
    const descending = Float64Array.from(full).sort((a, b) => b - a);
    const order = [...full.keys()].sort((a, b) => full[b]! - full[a]!);
    const place = new Float64Array(full.length);
    order.forEach((c, p) => (place[c] = p));
    const scale = Float64Array.from(supra).sort((a, b) => b - a);
    const active = roundReferences(input, counts, descending, scale, place, new Uint8Array(input.candidates.length));
    expect(active[10]).toBe(1);
    expect(active.reduce((n, x) => n + x, 0)).toBe(REFERENCES);
    // On all the benchmarks, the first ten.
    const all = roundReferences(input, new Uint8Array(2).fill(1), descending, scale, place, new Uint8Array(input.candidates.length));
    expect(Array.from(all)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('keep the evidence score’s own top 10 on all the benchmarks', () => {
    expect(terms[11]!.reference.filter((r) => r < REFERENCES)).toHaveLength(10);
    expect(scoreOf(terms[11]!)).toBe(
      scoreOf(
        { ...terms[11]! },
        undefined,
        Uint8Array.from({ length: 12 }, (_, r) => (r < REFERENCES ? 1 : 0)),
      ),
    );
  });
});

describe('a model with no draw in a round', () => {
  // The last model has a score on one benchmark only, c.
  const scores: Record<string, number>[] = [{ a: 90, b: 85, c: 80 }, { a: 70, b: 75, c: 70 }, { a: 60, b: 50, c: 65 }, { c: 40 }];
  const { input, field } = world(scores, { a: 1, b: 1, c: 1 }, [70, 60, 50, 30]);

  it('has no value in that round, not its own', () => {
    const moves = movesOf(input);
    const { round } = roundWhere(field.key, input.seed, (c) => c[2] === 0);
    expect(moves.deviation[3 * moves.rounds + round]).toBeNaN();
    // In a round that draws c it has one.
    const drawn = roundWhere(field.key, input.seed, (c) => c[2]! > 0).round;
    expect(moves.deviation[3 * moves.rounds + drawn]).not.toBeNaN();
  });

  it('gets its spread from the rounds that drew it', () => {
    const moves = movesOf(input);
    const spreads = spreadsOf(moves);
    const values = Array.from(moves.deviation.subarray(3 * moves.rounds, 4 * moves.rounds)).filter((d) => !Number.isNaN(d));
    expect(values.length).toBeLessThan(moves.rounds);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
    expect(spreads.se[3]).toBeCloseTo(sd, 9);
  });
});

describe('the spread a model is moderated towards', () => {
  it('is its neighbours’ mean spread per benchmark, not their median: a few that drew a near-win carry what the others lack', () => {
    // 2 NEIGHBOURS + 1 models, one in five of them with a variance per benchmark of 1 and the rest 0.01 (as at the foot of a large field).
    const models = 2 * NEIGHBOURS + 1;
    const perBenchmark = Float64Array.from({ length: models }, (_, m) => (m % 5 === 0 ? 1 : 0.01));
    const typical = typicalSpread(perBenchmark, new Uint8Array(models).fill(1));
    const mean = perBenchmark.reduce((a, b) => a + b, 0) / models;
    for (const t of typical) expect(t).toBeCloseTo(mean, 12);
    // The median would be 0.01, a twentieth of it.
    expect(mean).toBeGreaterThan(0.2);
  });
});

describe('a model’s spread read at each true score it could have', () => {
  it('is its own variance per benchmark moderated towards that of the model whose score is nearest that truth', () => {
    // Sixty models, their variance per benchmark growing with the score (as at the foot of a large field), 25 benchmarks each; one with none of its own spread.
    const models = 60;
    const y = Float64Array.from({ length: models }, (_, m) => 6 - 0.1 * m);
    const k = new Float64Array(models).fill(25);
    const own = Float64Array.from(y, (v) => Math.sqrt((20 * v) / 25));
    own[50] = 0;
    const measured = new Uint8Array(models).fill(1);
    const spread = errorSpread({ up: own, down: own }, k, measured, y);
    const typical = typicalSpread(
      Float64Array.from(own, (s) => 25 * s * s),
      measured,
    );
    const t = spread.atTruth!;
    expect(Array.from(t.scores)).toEqual(Array.from(y).reverse());
    expect(Array.from(t.typicalDown)).toEqual(Array.from(typical).reverse());
    // At its own score, the moderated spread as before; model 50's own variance is 0, its neighbours' is not.
    expect(spread.down[50]).toBeCloseTo(moderate(0, typical[50]!, 25, PRIOR_BENCHMARKS, SE_FLOOR), 12);
    expect(spread.down[50]!).toBeGreaterThan(SE_FLOOR);
    expect(t.ownDown[50]).toBe(0);
    expect(t.ownDown[10]).toBeCloseTo(25 * own[10]! ** 2, 12);
  });

  it('is what a field’s likely ranges are made with', () => {
    const input = sixty(true);
    const spreads = spreadsOf(movesOf(input));
    const y = Float64Array.from(input.best, (c) => input.supraScore[c]!);
    const spread = errorSpread(spreads, input.benchmarks, input.enough, y);
    const atTruth = rankIntervals(y, spread, fitPrior(y, spread), 0.05, 0.95);
    const own = { up: spread.up, down: spread.down };
    const atOwn = rankIntervals(y, own, fitPrior(y, own), 0.05, 0.95);
    const ranges = fieldRanges(input);
    expect(Array.from(ranges.likelyLow)).toEqual(Array.from(atTruth.low));
    expect(Array.from(ranges.likelyHigh)).toEqual(Array.from(atTruth.high));
    // And the spreads read at the models' own scores alone give other ranges.
    expect(Array.from(ranges.likelyLow).concat(Array.from(ranges.likelyHigh))).not.toEqual(Array.from(atOwn.low).concat(Array.from(atOwn.high)));
  });

  it('weighs each true score by the density of the score there, with the spreads of that truth', () => {
    // A model at 0.5 with little spread of its own, in a field whose variance per benchmark is 20 times the score; an even prior on 0, 0.5, ..., 10.
    const scores = Float64Array.from({ length: 21 }, (_, g) => g * 0.5);
    const typical = scores.map((v) => 20 * v);
    const atTruth: SpreadAtTruth = {
      benchmarks: Float64Array.of(25),
      ownUp: Float64Array.of(0.2),
      ownDown: Float64Array.of(0.2),
      scores,
      typicalUp: typical,
      typicalDown: typical,
      priorBenchmarks: PRIOR_BENCHMARKS,
      floor: SE_FLOOR,
    };
    const at = (theta: number) => moderate(0.2, 20 * theta, 25, PRIOR_BENCHMARKS, SE_FLOOR);
    const y = Float64Array.of(0.5);
    const prior = { grid: scores, weight: new Float64Array(21).fill(1 / 21) };
    // The posterior mean on the grid, the likelihood a normal density whose spread is read at each truth (with its 1/spread), or not.
    const mean = (spreadAt: (theta: number) => number, density: boolean) => {
      let sum = 0;
      let total = 0;
      for (const theta of scores) {
        const s = spreadAt(theta);
        const f = (density ? 1 / s : 1) * Math.exp(-0.5 * ((0.5 - theta) / s) ** 2);
        sum += theta * f;
        total += f;
      }
      return sum / total;
    };
    const computed = posteriorMeans(y, { up: Float64Array.of(at(0.5)), down: Float64Array.of(at(0.5)), atTruth }, prior)[0]!;
    expect(computed).toBeCloseTo(mean(at, true), 4);
    // Not the spread at its own score (which leaves it near 0.5), nor a likelihood without the density's 1/spread (which leans further up).
    expect(computed - mean(() => at(0.5), true)).toBeGreaterThan(0.2);
    expect(mean(at, false) - computed).toBeGreaterThan(0.05);
  });

  it('is not read at each truth for a model without a spread of its own: the typical one alone over its few benchmarks is kept at its score', () => {
    // As above, but the model has too little evidence for a range (no own variance) and 3 benchmarks.
    const scores = Float64Array.from({ length: 21 }, (_, g) => g * 0.5);
    const typical = scores.map((v) => 20 * v);
    const atTruth: SpreadAtTruth = {
      benchmarks: Float64Array.of(3),
      ownUp: Float64Array.of(Number.NaN),
      ownDown: Float64Array.of(Number.NaN),
      scores,
      typicalUp: typical,
      typicalDown: typical,
      priorBenchmarks: PRIOR_BENCHMARKS,
      floor: SE_FLOOR,
    };
    const here = moderate(Number.NaN, 20 * 0.5, 3, PRIOR_BENCHMARKS, SE_FLOOR);
    const y = Float64Array.of(0.5);
    const prior = { grid: scores, weight: new Float64Array(21).fill(1 / 21) };
    const spread = { up: Float64Array.of(here), down: Float64Array.of(here) };
    const kept = posteriorMeans(y, spread, prior)[0]!;
    expect(posteriorMeans(y, { ...spread, atTruth }, prior)[0]).toBeCloseTo(kept, 12);
  });
});

describe('the posterior’s ranks', () => {
  // Ten models: two far ahead, eight close together.
  const y = Float64Array.from([90, 80, 50, 49.5, 49, 48.5, 48, 47.5, 47, 46.5]);
  const s = { up: new Float64Array(10).fill(1), down: new Float64Array(10).fill(1) };

  it('rank a clear leader first, a clear second second, and a model in a crowd anywhere in it', () => {
    const prior = fitPrior(y, s);
    expect(prior.weight.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    const ranks = rankIntervals(y, s, prior, 0.05, 0.95);
    expect([ranks.low[0], ranks.high[0], ranks.low[1], ranks.high[1]]).toEqual([1, 1, 2, 2]);
    expect(ranks.low[5]!).toBeLessThanOrEqual(4);
    expect(ranks.high[5]!).toBeGreaterThanOrEqual(8);
    for (let i = 0; i < 10; i++) expect(ranks.low[i]!).toBeLessThanOrEqual(ranks.high[i]!);
  });

  /** Forty models a standard error apart, and 4,000 joint draws of their ranks from the posteriors. */
  function forty() {
    const field = Float64Array.from({ length: 40 }, (_, i) => 80 - i);
    const spread = { up: new Float64Array(40).fill(1.5), down: new Float64Array(40).fill(1.5) };
    const prior = fitPrior(field, spread);
    const computed = rankIntervals(field, spread, prior, 0.05, 0.95);
    const grid = prior.grid;
    let state = 9;
    // In 32-bit integers: in doubles the product loses its low bits and the draws repeat every few.
    const random = () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) / 2147483648;
    const ranks: number[][] = Array.from(field, () => [] as number[]);
    for (let d = 0; d < 4000; d++) {
      const theta = Array.from(field, (yi) => {
        // A draw from the posterior on the grid, by its weights times the likelihood.
        const w = Array.from(grid, (t, k) => prior.weight[k]! * Math.exp(-0.5 * ((yi - t) / 1.5) ** 2));
        let u = random() * w.reduce((a, b) => a + b, 0);
        let k = 0;
        while (k < w.length - 1 && (u -= w[k]!) > 0) k++;
        return grid[k]! + (random() - 0.5) * 1e-6;
      });
      theta.forEach((t, i) => ranks[i]!.push(1 + theta.filter((o) => o > t).length));
    }
    for (const r of ranks) r.sort((a, b) => a - b);
    return { computed, ranks };
  }
  const drawn = forty();

  it('match the ranks of joint draws from the posteriors', () => {
    // The computed middle 90% against the draws' 5th and 95th percentiles.
    const { computed, ranks } = drawn;
    const gaps: number[] = [];
    for (let i = 0; i < 40; i++) gaps.push(computed.low[i]! - ranks[i]![199]!, computed.high[i]! - ranks[i]![3799]!);
    // Within the draws' own noise (a 5% point of 4,000 draws moves by a rank or so), and not to one side.
    expect(Math.max(...gaps.map(Math.abs))).toBeLessThanOrEqual(3);
    expect(gaps.reduce((a, b) => a + Math.abs(b), 0) / gaps.length).toBeLessThan(1.2);
    expect(Math.abs(gaps.reduce((a, b) => a + b, 0) / gaps.length)).toBeLessThan(0.3);
  });

  it('hold the level of the draws, and no more than a whole rank makes them: a leader that cannot rank above 1st leaves its tenth out below', () => {
    const { computed, ranks } = drawn;
    const held = (i: number) => ranks[i]!.filter((r) => r >= computed.low[i]! && r <= computed.high[i]!).length / ranks[i]!.length;
    // Every range holds 90% of its model's draws, give or take their noise (half a point at 4,000).
    for (let i = 0; i < 40; i++) expect(held(i)).toBeGreaterThan(0.885);
    // The leader's ends, each leaving out under 5%, were 1–5, 98.5% of its computed ranks: its range now ends where a tenth is left out.
    expect(computed.low[0]).toBe(1);
    expect(held(0)).toBeLessThan(0.95);
    expect(computed.high[0]).toBe(ranks[0]![3599]!);
  });

  it('spread a model over the whole of a crowd the fitted spread puts on one point, not the middle of it', () => {
    // Five leaders and 100 models of one score: the fit puts the hundred on one point, so their order among themselves is anyone's.
    const field = Float64Array.from([...Array.from({ length: 5 }, () => 20), ...Array.from({ length: 100 }, () => 10)]);
    const tight = { up: new Float64Array(105).fill(0.01), down: new Float64Array(105).fill(0.01) };
    const prior = fitPrior(field, tight);
    const ranks = rankIntervals(field, tight, prior, 0.05, 0.95);
    for (let i = 5; i < 105; i++) {
      // The middle 90% of ranks 6 to 105, each as likely: about 11 to 100 (independent even chances within the point gave from 47, the middle of the crowd).
      expect(ranks.low[i]!).toBeGreaterThanOrEqual(9);
      expect(ranks.low[i]!).toBeLessThanOrEqual(13);
      expect(ranks.high[i]!).toBeGreaterThanOrEqual(98);
      expect(ranks.high[i]!).toBeLessThanOrEqual(102);
    }
    for (let i = 0; i < 5; i++) {
      expect(ranks.low[i]!).toBeGreaterThanOrEqual(1);
      expect(ranks.high[i]!).toBeLessThanOrEqual(5);
    }
  });

  it('lean a lone high score towards the field', () => {
    const lone = Float64Array.from([...Array.from({ length: 30 }, (_, i) => 50 + (i % 5)), 70]);
    const wide = { up: new Float64Array(31).fill(5), down: new Float64Array(31).fill(5) };
    const means = posteriorMeans(lone, wide, fitPrior(lone, wide));
    expect(means[30]!).toBeLessThan(70);
    expect(means[30]!).toBeGreaterThan(52);
  });

  it('read the two sides of a model’s error apart: a score more often a little low leans up', () => {
    const field = Float64Array.from(Array.from({ length: 40 }, (_, i) => 40 + i * 0.5));
    const even = { up: new Float64Array(40).fill(2), down: new Float64Array(40).fill(2) };
    const skewed = { up: new Float64Array(40).fill(2), down: new Float64Array(40).fill(2) };
    skewed.down[20] = 6;
    const prior = fitPrior(field, even);
    expect(posteriorMeans(field, skewed, prior)[20]!).toBeGreaterThan(posteriorMeans(field, even, prior)[20]!);
  });
});

describe('the whole table at once', () => {
  it('gives each model the ranks between those confidently above and below it', () => {
    const y = Float64Array.from([90, 80, 79, 60]);
    const se = Float64Array.from([1, 1, 1, 1]);
    const sets = rankSets(y, se, 2);
    expect(Array.from(sets.low)).toEqual([1, 2, 2, 4]);
    expect(Array.from(sets.high)).toEqual([1, 3, 3, 4]);
    expect(cannotTell(80, 1, 79, 1, 2)).toBe(true);
    expect(cannotTell(90, 1, 80, 1, 2)).toBe(false);
  });

  it('is as wide as keeps every "confidently above" right in the level’s share of the rounds, and no wider than every interval', () => {
    // Two models a standard error apart, moving one standard error either way in alternate rounds: a width of about 0.5 orders them wrongly half the time.
    const rounds = 100;
    const deviation = new Float32Array(2 * rounds);
    for (let r = 0; r < rounds; r++) {
      deviation[r] = r % 2 ? 1 : -1;
      deviation[rounds + r] = r % 2 ? -1 : 1;
    }
    const width = setWidth({ rounds, deviation }, Float64Array.from([51, 50]), Float64Array.from([1, 1]), 0.9, 4);
    // Rounds where the second moves up by 1 and the first down by 1 invert them by 1: 2c must cover that.
    expect(width).toBeGreaterThan(0.49);
    expect(width).toBeLessThan(0.51);
    expect(setWidth({ rounds, deviation }, Float64Array.from([51, 50]), Float64Array.from([1, 1]), 0.9, 0.3)).toBe(0.3);
  });
});

describe('“separates” on a page of comparisons', () => {
  /** Two models whose gap gives the one-sided p-value `p`. */
  const pair = (p: number) => {
    let lo = 0;
    let hi = 10;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (upperTail(mid) > p) lo = mid;
      else hi = mid;
    }
    return [
      { supraScore: 50 + hi * Math.SQRT2, se: 1 },
      { supraScore: 50, se: 1 },
    ] as const;
  };

  it('tests one comparison at the level', () => {
    expect(separations([pair(0.04)])[0]).toMatchObject({ ahead: 0, separates: true });
    expect(separations([pair(0.06)])[0]!.separates).toBe(false);
  });

  it('holds a page of three together by Holm’s step-down correction', () => {
    // 0.01 <= 0.05/3, 0.02 <= 0.05/2, 0.04 <= 0.05: all three.
    expect(separations([pair(0.04), pair(0.01), pair(0.02)]).map((v) => v.separates)).toEqual([true, true, true]);
    // 0.02 > 0.05/3: the smallest fails, so none does, though each alone would.
    expect(separations([pair(0.04), pair(0.03), pair(0.02)]).map((v) => v.separates)).toEqual([false, false, false]);
    // 0.01 passes, 0.03 > 0.05/2 stops the rest.
    expect(separations([pair(0.01), pair(0.03), pair(0.04)]).map((v) => v.separates)).toEqual([true, false, false]);
  });

  it('never separates a model without a standard error, or two of the same supraScore', () => {
    expect(
      separations([
        [
          { supraScore: 90, se: undefined },
          { supraScore: 10, se: 1 },
        ],
      ])[0],
    ).toMatchObject({ p: undefined, separates: false });
    expect(
      separations([
        [
          { supraScore: 50, se: 1 },
          { supraScore: 50, se: 1 },
        ],
      ])[0],
    ).toMatchObject({ ahead: undefined, separates: false });
    // The untestable one still counts among the page's comparisons.
    expect(
      separations([
        pair(0.03),
        [
          { supraScore: 90, se: undefined },
          { supraScore: 10, se: 1 },
        ],
      ])[0]!.separates,
    ).toBe(false);
  });
});

describe('the ends of a likely range under other seeds', () => {
  it('move by at most a couple of places, and a fraction of one on average', () => {
    const input = sixty();
    const one = fieldRanges(input);
    const other = fieldRanges({ ...input, seed: 99 });
    const moves = Array.from(one.likelyLow, (low, i) => [Math.abs(low - other.likelyLow[i]!), Math.abs(one.likelyHigh[i]! - other.likelyHigh[i]!)]).flat();
    expect(Math.max(...moves)).toBeLessThanOrEqual(3);
    expect(moves.reduce((a, b) => a + b, 0) / moves.length).toBeLessThan(0.6);
  });
});
