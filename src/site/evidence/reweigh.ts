/**
 * The evidence score under a visitor's own weights (weights.ts), for `/rank/`: the build's own method,
 * run as the build runs it (method.ts' termsOf and scoreOf, ranges.ts' enoughForRange), with each
 * benchmark's effectiveWeight times the visitor's weight, for every model's best configuration the
 * data holds (rank-file.ts). As the source weighs, a model's score is its best configuration's
 * evidence score to the bit, and the models ranked are those the leaderboard's rule gives enough
 * evidence for a likely range (the ones it shows a range for, where its gate lets it show them).
 *
 * What the method leaves open under other weights is decided here, once, and written down on /rank/
 * and /about/#rank: the references. supraScore's are "the current top 10", and under other weights
 * the top 10 depend on the references they are scored against, so the rule takes one step from the
 * source's order:
 *
 * 1. start from the API's top 10 configurations (where none of them shares a weighed benchmark
 *    with any model: from the best configurations of the 10 best models by model rank that have a
 *    weighed score);
 * 2. the references are the best configurations of the 10 best models with enough evidence against
 *    those (`enoughForRange`), and every model is scored against them. Where the 10 best against
 *    them are the same ten, they are a fixed point (`settled`); else they are the ten of that step
 *    (`step`). Where no model has enough evidence against the start, or none would against the
 *    step's ten, the references stay where the rule started.
 *
 * It takes at most three passes, each the build's termsOf for every model, and is a pure function of
 * the weights' numbers, so the same weights give the same references; equal proportions are equal
 * numbers (weights.ts' weighingOf), so they give the same references too. Why not search on for a
 * fixed point: a model is not compared with itself, so being a reference moves its own score and a
 * fixed point need not exist; on the sample's 219 weightings the search up to 8 passes found one
 * beyond the first step once, at three times the cost of a ranking, and the resampled ranges will
 * run the rule once per resample.
 */
import { competitionRanks, type Ranked } from '../format/ranks.ts';
import { REFERENCES, scoreOf, termsOf, type EvidenceField, type Reference, type ScoreSet, type Terms } from './method.ts';
import { enoughForRange } from './ranges.ts';
import type { Weighing } from './weights.ts';

/** The most passes the references' rule takes: the start (twice where the API's top 10 give no model evidence) and one step. */
export const MAX_PASSES = 3;

/** One of the API's top configurations by supraScore, and the model (its index in the field) whose best configuration it is; -1 for none. */
export interface ApiReference {
  reference: Reference;
  model: number;
}

/** What a ranking reads: the snapshot's benchmarks, each model's best configuration's means, and the API's top 10. */
export interface RankField {
  /** The snapshot's benchmarks by id (the build's evidence numbers them so), and their resampling keys. */
  slugs: readonly string[];
  key: Uint32Array;
  /** By model, in model rank order (those the data holds): its best configuration's counting means on the benchmarks the data holds. */
  rows: readonly ScoreSet[];
  references: readonly ApiReference[];
}

/**
 * How the references were found: from the API's top 10 (`api`) or, where they gave no model any
 * evidence, the 10 best models by model rank with a weighed score (`order`); how the rule ended:
 * `source` (the source's own weights: the API's top 10), `settled` (the step's ten are a fixed
 * point), `step` (the ten of the step, which are not), `start` (the step's ten would leave no model
 * with enough evidence: the references stay where the rule started), `empty` (no model has enough
 * evidence against the start); in how many passes; and the references, as models (-1 for an API
 * configuration that is no model's best).
 */
export interface ReferencesFound {
  from: 'api' | 'order';
  end: 'source' | 'settled' | 'step' | 'start' | 'empty';
  rounds: number;
  models: number[];
}

export interface Ranking {
  /** False when the weights leave every benchmark out: nothing is ranked. */
  weighed: boolean;
  /** By model: the evidence score (NaN: none), the benchmarks it rests on (shared with the references, weighed), and the coverage. */
  scores: Float64Array;
  benchmarks: Int32Array;
  coverage: Float64Array;
  /** The models with enough evidence for a rank (ranges.ts' enoughForRange), best first, and their ranks (equal scores share one). */
  ranked: number[];
  ranks: Ranked[];
  /** Models with evidence, but not enough for a rank, best score first. */
  apart: number[];
  /** Models the field holds with no evidence under these weights. */
  none: number;
  references: ReferencesFound;
  /** The references the scores are against, in their order (a model's best configuration named `#` and its index in the field). */
  used: readonly Reference[];
}

/** A model as termsOf names it, so that a reference which is its best configuration is not compared with it. */
export const selfOf = (m: number) => `#${m}`;

/** A model's best configuration as a reference: made once per field, so a later ranking finds it made. */
const modelReferences = new WeakMap<RankField, Map<number, Reference>>();
export function referenceOfModel(field: RankField, m: number): Reference {
  let made = modelReferences.get(field);
  if (!made) modelReferences.set(field, (made = new Map()));
  let reference = made.get(m);
  if (!reference) {
    const value = new Float64Array(field.slugs.length).fill(Number.NaN);
    const row = field.rows[m]!;
    for (let k = 0; k < row.bench.length; k++) value[row.bench[k]!] = row.value[k]!;
    made.set(m, (reference = { slug: selfOf(m), value }));
  }
  return reference;
}

/** A score set's weighed benchmarks only, in their order: termsOf passes over the others, so its terms are the same. */
function weighedOnly(set: ScoreSet, weight: Float64Array): ScoreSet {
  let n = 0;
  for (let k = 0; k < set.bench.length; k++) if (weight[set.bench[k]!]! > 0) n++;
  if (n === set.bench.length) return set;
  const bench = new Int32Array(n);
  const value = new Float64Array(n);
  for (let k = 0, j = 0; k < set.bench.length; k++)
    if (weight[set.bench[k]!]! > 0) {
      bench[j] = set.bench[k]!;
      value[j++] = set.value[k]!;
    }
  return { bench, value };
}

/** One pass: every model's terms against `references`, by the build's termsOf. */
interface Pass {
  terms: (Terms | undefined)[];
  scores: Float64Array;
  references: readonly Reference[];
}

/** The best `k` models with enough evidence by score, best first (equal scores in model rank order), without sorting them all. */
function topOf({ terms, scores }: Pass, k: number): number[] {
  const top: number[] = [];
  for (let m = 0; m < scores.length; m++) {
    const v = scores[m]!;
    if (!enoughForRange(terms[m]) || (top.length === k && !(v > scores[top[k - 1]!]!))) continue;
    let at = top.length;
    while (at > 0 && scores[top[at - 1]!]! < v) at--;
    top.splice(at, 0, m);
    if (top.length > k) top.pop();
  }
  return top;
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((m) => b.includes(m));

/** A pass of the build's termsOf over every model, counted and heard of by `onPass`. */
function passer(field: RankField, weight: Float64Array, onPass: (passes: number) => void) {
  const rows = field.rows.map((set) => weighedOnly(set, weight));
  const selves = Array.from({ length: rows.length }, (_, m) => selfOf(m));
  let passes = 0;
  const pass = (references: readonly Reference[]): Pass => {
    onPass(++passes);
    const evidence: EvidenceField = { slugs: field.slugs, weight, key: field.key, references };
    const terms = rows.map((set, m) => (set.bench.length > 0 ? termsOf(evidence, set, selves[m]!) : undefined));
    return { terms, scores: Float64Array.from(terms, (t) => (t && scoreOf(t)) ?? Number.NaN), references };
  };
  return { rows, pass, passes: () => passes };
}

/** Where the rule starts: the API's top 10, or where they give no model evidence the 10 best models by model rank with a weighed score. */
function startOf(field: RankField, rows: readonly ScoreSet[], pass: (references: readonly Reference[]) => Pass) {
  const api = pass(field.references.map((r) => r.reference));
  if (api.terms.some((t) => t !== undefined)) return { from: 'api' as const, models: field.references.map((r) => r.model), found: api };
  const order = rows.flatMap((set, m) => (set.bench.length > 0 ? [m] : [])).slice(0, REFERENCES);
  if (order.length === 0) return { from: 'api' as const, models: field.references.map((r) => r.model), found: api };
  return { from: 'order' as const, models: order, found: pass(order.map((m) => referenceOfModel(field, m))) };
}

/**
 * Whether weights that are not the source's rank any model: they do exactly when some model has
 * enough evidence against where the rule starts (its step, or its start where the step would leave
 * none, ranks it then), so the start's pass tells, without the step's.
 */
export function ranksAny(field: RankField, { weight }: Weighing): boolean {
  if (!weight.some((w) => w > 0)) return false;
  const { rows, pass } = passer(field, weight, () => {});
  return startOf(field, rows, pass).found.terms.some(enoughForRange);
}

/** The models ranked by the evidence under `weighing` (weights.ts' weighingOf); `onPass` hears of each pass as it starts. */
export function rankUnder(field: RankField, { weight, source }: Weighing, onPass: (passes: number) => void = () => {}): Ranking {
  const { rows, pass, passes } = passer(field, weight, onPass);
  if (!weight.some((w) => w > 0)) {
    const nothing = { terms: rows.map(() => undefined), scores: new Float64Array(rows.length).fill(Number.NaN), references: [] };
    return rankingOf(field, rows, weight, nothing, { from: 'api', end: 'empty', rounds: 0, models: [] }, false);
  }
  if (source) {
    const found = pass(field.references.map((r) => r.reference));
    return rankingOf(field, rows, weight, found, { from: 'api', end: 'source', rounds: passes(), models: field.references.map((r) => r.model) }, true);
  }
  const start = startOf(field, rows, pass);
  let [used, found] = [start.models, start.found];
  let end: ReferencesFound['end'];
  const first = topOf(found, REFERENCES);
  if (first.length === 0) end = 'empty';
  else {
    const step = pass(first.map((m) => referenceOfModel(field, m)));
    const next = topOf(step, REFERENCES);
    if (next.length === 0) end = 'start';
    else [used, found, end] = [first, step, sameSet(next, first) ? 'settled' : 'step'];
  }
  return rankingOf(field, rows, weight, found, { from: start.from, end, rounds: passes(), models: used }, true);
}

function rankingOf(field: RankField, rows: readonly ScoreSet[], weight: Float64Array, found: Pass, references: ReferencesFound, weighed: boolean): Ranking {
  const { terms, scores } = found;
  let whole = 0;
  for (const w of weight) whole += w;
  const coverage = Float64Array.from(rows, ({ bench }) => {
    let mine = 0;
    for (const b of bench) mine += weight[b]!;
    return whole > 0 ? mine / whole : 0;
  });
  const byScore = (keep: (m: number) => boolean) =>
    Array.from(scores.keys())
      .filter((m) => keep(m) && !Number.isNaN(scores[m]!))
      .sort((a, b) => scores[b]! - scores[a]! || a - b);
  const ranked = byScore((m) => enoughForRange(terms[m]));
  const apart = byScore((m) => !enoughForRange(terms[m]));
  return {
    weighed,
    scores,
    benchmarks: Int32Array.from(terms, (t) => t?.benchmarks ?? 0),
    coverage,
    ranked,
    ranks: competitionRanks(ranked.map((m) => scores[m]!)),
    apart,
    none: field.rows.length - ranked.length - apart.length,
    references,
    used: found.references,
  };
}
