/**
 * `/rank/`'s likely ranges: the leaderboard's method (field-ranges.ts: the same resamples, rounds,
 * seed, level and rule for enough evidence) run on the data `/rank/` loads, for the ranking a
 * visitor's weights give (reweigh.ts). What it ranks, decided here and written on /rank/ and
 * /about/#rank:
 *
 * - as the source weighs, the score ranked is the API's own, supraScore, over every configuration
 *   of every model the data holds, against the API's top configurations: exactly what the build
 *   ranks for the leaderboard, so the ranges are the leaderboard's likely model ranks, to the place,
 *   wherever the data holds the whole field;
 * - under other weights there is no supraScore: the score ranked is the evidence score under those
 *   weights, one per model (its best configuration's, as the ranking scores it), over the models the
 *   ranking ranks, against the references its rule found; each resample draws the benchmarks again
 *   and takes its own references from those and the next best models (CANDIDATES in all), as the
 *   leaderboard's does from the API's top configurations. A range is then of the model's rank among
 *   the ranked models, the rank the page shows, with every benchmark scored.
 *
 * Where the leaderboard's gate withholds its ranges (agreement.ts), /rank/ withholds them too, with
 * its reason: the method's ranges are checked (`npm run calibrate`) only where the evidence agrees
 * with the API's order. Pure and browser-safe: the page's worker runs it after the rows, and the build
 * runs it for the page's first rows.
 */
import { fieldRanges } from './field-ranges.ts';
import { CANDIDATES, REFERENCES, scoreOf, termsOf, type EvidenceField, type Reference, type ScoreSet, type Terms } from './method.ts';
import type { RankData } from './rank-file.ts';
import { enoughForRange } from './ranges.ts';
import { ROUNDS, SEED } from './resample.ts';
import { referenceOfModel, selfOf, type Ranking } from './reweigh.ts';
import type { Weighing } from './weights.ts';

/** The ranges of a ranking's models, by model of the field (RankData.models). */
export interface RankRanges {
  /** Why there are none, where there are none: the leaderboard's gate, or nothing ranked. */
  withheld: string | undefined;
  /** What a range is of: the model rank by supraScore (the source's weights) or the rank among the models ranked. */
  of: 'model rank' | 'rank';
  /** Its likely range (0 and 0: none) and, 1 where the evidence cannot tell it from the model just above it in that order. */
  low: Int32Array;
  high: Int32Array;
  tiedAbove: Uint8Array;
}

export interface RangeOptions {
  rounds?: number;
  seed?: number;
}

/** A reference's means as a score set (the benchmarks it has a mean on, ascending). */
function setOf(value: Float64Array): ScoreSet {
  const bench: number[] = [];
  const values: number[] = [];
  value.forEach((v, b) => {
    if (!Number.isNaN(v)) {
      bench.push(b);
      values.push(v);
    }
  });
  return { bench: Int32Array.from(bench), value: Float64Array.from(values) };
}

const none = (models: number, of: RankRanges['of'], withheld: string): RankRanges => ({
  withheld,
  of,
  low: new Int32Array(models),
  high: new Int32Array(models),
  tiedAbove: new Uint8Array(models),
});

/** The ranges `found` made, by model of the field: model m's are those of `at(m)` among the models ranged (-1: none). */
function madeRanges(models: number, of: RankRanges['of'], found: ReturnType<typeof fieldRanges>, at: (m: number) => number): RankRanges {
  const out: RankRanges = { ...none(models, of, ''), withheld: undefined };
  for (let m = 0; m < models; m++) {
    const i = at(m);
    if (i < 0 || !found.measured[i]) continue;
    out.low[m] = found.likelyLow[i]!;
    out.high[m] = found.likelyHigh[i]!;
    out.tiedAbove[m] = found.tiedAbove[i]!;
  }
  return out;
}

/** The likely ranges of `ranking` (made from `data` under `weighing`). */
export function rangesUnder(data: RankData, ranking: Ranking, weighing: Weighing, options: RangeOptions = {}): RankRanges {
  const models = data.models.place.length;
  const of = weighing.source ? 'model rank' : 'rank';
  if (!data.ranges.shown) return none(models, of, data.ranges.withheld ?? 'The leaderboard withholds its likely ranges.');
  if (ranking.ranked.length === 0) return none(models, of, 'No model is ranked by these weights.');
  return weighing.source ? asTheSourceWeighs(data, weighing, options) : underOtherWeights(data, ranking, weighing, options);
}

/** As the source weighs: supraScore over every configuration the data holds, as the build ranks it for the leaderboard. */
function asTheSourceWeighs(data: RankData, { weight }: Weighing, { rounds = ROUNDS, seed = SEED }: RangeOptions): RankRanges {
  const models = data.models.place.length;
  const all = data.configurations();
  const n = all.sets.length;
  if (data.candidates.some((c) => c.configuration < 0 || c.configuration >= n))
    return none(models, 'model rank', 'No likely ranges here: the data this site holds stops above some of the API’s top configurations.');
  const field: EvidenceField = {
    slugs: data.field.slugs,
    weight,
    key: data.field.key,
    references: data.candidates.map((c) => ({ slug: `@${c.configuration}`, value: c.value })),
  };
  const terms = all.sets.map((set, c) => (set.bench.length > 0 ? termsOf(field, set, `@${c}`) : undefined));
  const cut = all.benchCount.length;
  const best = all.first.subarray(0, cut);
  const found = fieldRanges({
    keys: data.field.key,
    terms,
    supraScore: all.supraScore,
    model: all.model,
    best,
    benchmarks: Float64Array.from(best, (c, m) => terms[c]?.benchmarks ?? all.benchCount[m]!),
    enough: Uint8Array.from(best, (c) => (enoughForRange(terms[c]) ? 1 : 0)),
    candidates: Int32Array.from(data.candidates, (c) => c.configuration),
    rounds,
    seed,
  });
  return madeRanges(models, 'model rank', found, (m) => data.models.place[m]!);
}

/** Under other weights: the evidence score of each ranked model, against the references the ranking found and the next best models. */
function underOtherWeights(data: RankData, ranking: Ranking, { weight }: Weighing, { rounds = ROUNDS, seed = SEED }: RangeOptions): RankRanges {
  const models = data.models.place.length;
  const { ranked, scores } = ranking;
  const row = new Int32Array(models).fill(-1);
  ranked.forEach((m, i) => (row[m] = i));
  // The configurations: the ranked models' (in rank order), then any reference that is none of them.
  const sets: ScoreSet[] = ranked.map((m) => data.field.rows[m]!);
  const selves = ranked.map(selfOf);
  const owner: number[] = ranked.map((_, i) => i);
  const candidates: number[] = [];
  const references: Reference[] = [];
  const add = (reference: Reference) => {
    const m = reference.slug.startsWith('#') ? Number(reference.slug.slice(1)) : -1;
    if (m >= 0 && row[m]! >= 0) candidates.push(row[m]!);
    else {
      candidates.push(sets.length);
      sets.push(m >= 0 ? data.field.rows[m]! : setOf(reference.value));
      selves.push(reference.slug);
      owner.push(-1);
    }
    references.push(reference);
  };
  ranking.used.forEach(add);
  // The next best ranked models, up to CANDIDATES, where the references are a whole ten.
  if (ranking.used.length === REFERENCES) {
    const taken = new Set(ranking.used.map((r) => r.slug));
    for (const m of ranked) {
      if (references.length >= CANDIDATES) break;
      if (!taken.has(selfOf(m))) add(referenceOfModel(data.field, m));
    }
  }
  const field: EvidenceField = { slugs: data.field.slugs, weight, key: data.field.key, references };
  const terms: (Terms | undefined)[] = sets.map((set, c) => termsOf(field, set, selves[c]!));
  // A model's score, and a reference's that ranks no model its own (below every other where it has none).
  const score = Float64Array.from(sets, (_, c) => (c < ranked.length ? scores[ranked[c]!]! : ((terms[c] && scoreOf(terms[c])) ?? Number.NEGATIVE_INFINITY)));
  const best = Int32Array.from(ranked, (_, i) => i);
  const found = fieldRanges({
    keys: data.field.key,
    terms,
    supraScore: score,
    model: Int32Array.from(owner),
    best,
    benchmarks: Float64Array.from(best, (c) => terms[c]!.benchmarks),
    enough: Uint8Array.from(best, (c) => (enoughForRange(terms[c]) ? 1 : 0)),
    candidates: Int32Array.from(candidates),
    rounds,
    seed,
  });
  return madeRanges(models, 'rank', found, (m) => row[m]!);
}
