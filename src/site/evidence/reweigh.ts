/**
 * The evidence score under a visitor's own weights (weights.ts), for `/rank/`: the method of
 * method.ts, each benchmark's effectiveWeight multiplied by the visitor's weight, computed for every
 * model's best configuration at once from a field laid out by benchmark (rank-file.ts).
 *
 * A pass walks each reference's benchmarks in ascending id and, for each, the models with a counting
 * score on it: a model's terms against a reference are added in the order method.ts adds them, so as
 * the source weighs (every weight the effectiveWeight times exactly 1) a model's score is its best
 * configuration's evidence score to the bit.
 *
 * What the method leaves open under other weights is decided here, once, and written down on /rank/:
 *
 * - the references: as the source weighs, the API's top 10 configurations (supraScore's own); under
 *   other weights, the top 10 by those weights: from the API's top 10, rank, take the best
 *   configurations of the 10 best ranked models, and again until the ten stop changing, at most
 *   MAX_ROUNDS passes. A model is not compared with itself, so being a reference moves its own
 *   score, and the ten can go round a cycle of sets instead: then every model of the cycle is a
 *   reference, for one last pass. Where the API's top 10 give no model any evidence (a tag none of
 *   them ran), the first ten are instead the ranked models with the highest weighted mean normalized score;
 * - coverage: the share of the visitor's whole weight carried by the benchmarks a model's best
 *   configuration has counting scores on. A model is ranked when its coverage is at least
 *   COVERAGE_SHARE of the median coverage of the BEST_COVERED best-covered models, and listed apart
 *   otherwise: a model that ran a sliver of what is weighed would otherwise rank on that sliver.
 */
import { competitionRanks, type Ranked } from '../format/ranks.ts';
import { REFERENCES, winShare } from './method.ts';

/** Models (in a column) or benchmarks (in a row) by index, ascending, and the counting means at each. */
export interface Sparse {
  ids: Int32Array;
  scores: Float64Array;
}

/** A reference configuration: its means by benchmark id, and the model whose best configuration it is (-1: no model's best). */
export interface WeighedReference extends Sparse {
  self: number;
}

/** What the passes read: each benchmark's column of models, each model's row of benchmarks, and the API's top 10 configurations. */
export interface RankField {
  models: number;
  /** By benchmark id: the models with a counting score on it. */
  columns: readonly Sparse[];
  /** By model (model rank order): its best configuration's benchmarks. */
  rows: readonly Sparse[];
  /** The API's top configurations by supraScore, best first. */
  references: readonly WeighedReference[];
}

/** A model's coverage must reach this share of the median coverage of the best-covered models to be ranked. */
export const COVERAGE_SHARE = 0.5;
/** How many of the best-covered models set the median the coverage rule reads. */
export const BEST_COVERED = 10;
/** At most this many passes find the references under the visitor's weights. */
export const MAX_ROUNDS = 8;

/** How many references' win shares are kept: those of the last few rankings' passes. */
const SHARES_KEPT = 24;
const sharesKept = new WeakMap<RankField, Map<WeighedReference, (Float64Array | undefined)[]>>();

/**
 * A reference's win shares on each of its benchmarks against the models of that benchmark's column,
 * filled as a pass needs them: they do not depend on the weights, so the next pass and the next
 * weights reuse them, and a pass is then a sum of products.
 */
function sharesOf(field: RankField, r: WeighedReference): (Float64Array | undefined)[] {
  let kept = sharesKept.get(field);
  if (!kept) sharesKept.set(field, (kept = new Map()));
  let shares = kept.get(r);
  if (shares) kept.delete(r);
  else shares = new Array<Float64Array | undefined>(r.ids.length);
  kept.set(r, shares);
  if (kept.size > SHARES_KEPT) kept.delete(kept.keys().next().value!);
  return shares;
}

/**
 * Every model's evidence score against `references` with benchmark weights `weight` (by id), NaN
 * where it shares no weighted benchmark with any of them; a reference is not compared with its own model.
 */
export function evidenceUnder(field: RankField, weight: Float64Array, references: readonly WeighedReference[]): Float64Array {
  const n = field.models;
  const total = new Float64Array(n);
  const compared = new Int32Array(n);
  const won = new Float64Array(n);
  const weighed = new Float64Array(n);
  const touched = new Int32Array(n);
  const seen = new Uint8Array(n);
  for (const r of references) {
    let count = 0;
    const shares = sharesOf(field, r);
    for (let k = 0; k < r.ids.length; k++) {
      const b = r.ids[k]!;
      const w = weight[b]!;
      if (!(w > 0)) continue;
      const theirs = r.scores[k]!;
      const { ids, scores } = field.columns[b]!;
      let share = shares[k];
      if (!share) {
        share = shares[k] = new Float64Array(scores.length);
        for (let j = 0; j < scores.length; j++) share[j] = winShare(scores[j]! - theirs);
      }
      for (let j = 0; j < ids.length; j++) {
        const m = ids[j]!;
        if (m === r.self) continue;
        won[m] = won[m]! + w * share[j]!;
        weighed[m] = weighed[m]! + w;
        if (!seen[m]) {
          seen[m] = 1;
          touched[count++] = m;
        }
      }
    }
    for (let t = 0; t < count; t++) {
      const m = touched[t]!;
      if (weighed[m]! > 0) {
        total[m] = total[m]! + won[m]! / weighed[m]!;
        compared[m] = compared[m]! + 1;
      }
      won[m] = 0;
      weighed[m] = 0;
      seen[m] = 0;
    }
  }
  return Float64Array.from(total, (t, m) => (compared[m]! > 0 ? (100 * t) / compared[m]! : Number.NaN));
}

/** Each model's coverage: the share of the whole weight on the benchmarks its best configuration has counting scores on (0 when nothing is weighed). */
export function coverageUnder(field: RankField, weight: Float64Array): Float64Array {
  let whole = 0;
  for (const w of weight) whole += w;
  return Float64Array.from(field.rows, ({ ids }) => {
    if (!(whole > 0)) return 0;
    let mine = 0;
    for (const b of ids) mine += weight[b]!;
    return mine / whole;
  });
}

/** The coverage a model needs to be ranked: COVERAGE_SHARE of the median of the BEST_COVERED highest coverages. */
export function coverageNeeded(coverage: ArrayLike<number>): number {
  const best = Array.from(coverage)
    .sort((a, b) => b - a)
    .slice(0, BEST_COVERED);
  if (best.length === 0) return 0;
  const mid = best.length >> 1;
  const median = best.length % 2 ? best[mid]! : (best[mid - 1]! + best[mid]!) / 2;
  return COVERAGE_SHARE * median;
}

/** Each model's weighted mean normalized score over its best configuration's benchmarks (NaN where none is weighed). */
function weightedMeans(field: RankField, weight: Float64Array): Float64Array {
  return Float64Array.from(field.rows, ({ ids, scores }) => {
    let sum = 0;
    let weighed = 0;
    for (let k = 0; k < ids.length; k++) {
      sum += weight[ids[k]!]! * scores[k]!;
      weighed += weight[ids[k]!]!;
    }
    return weighed > 0 ? sum / weighed : Number.NaN;
  });
}

/** The best `k` of the models that may be ranked by `value`, best first (ties in model rank order), as byValue's first `k`, without sorting them all. */
function topOf(value: Float64Array, eligible: (m: number) => boolean, k: number): number[] {
  const top: number[] = [];
  for (let m = 0; m < value.length; m++) {
    const v = value[m]!;
    if (Number.isNaN(v) || !eligible(m) || (top.length === k && !(v > value[top[k - 1]!]!))) continue;
    let at = top.length;
    while (at > 0 && value[top[at - 1]!]! < v) at--;
    top.splice(at, 0, m);
    if (top.length > k) top.pop();
  }
  return top;
}

/** The models that may be ranked, best first by `value` (ties in model rank order). */
const byValue = (value: Float64Array, eligible: (m: number) => boolean) =>
  Array.from(value.keys())
    .filter((m) => eligible(m) && !Number.isNaN(value[m]!))
    .sort((a, b) => value[b]! - value[a]! || a - b);

/**
 * How the references under the visitor's weights were found: from where, in how many passes, and how
 * the search ended: `source` (the API's top 10, as the source weighs), `settled` (the ten stopped
 * changing), `cycle` (the ten went round a cycle of sets, and the references are every model of the
 * cycle), `bound` (MAX_ROUNDS passes, the last pass's), `empty` (no model to compare with).
 */
export interface ReferencesFound {
  /** `api`: the API's top 10; `mean`: the models with the highest weighted mean, where the API's gave no evidence. */
  from: 'api' | 'mean';
  rounds: number;
  end: 'source' | 'settled' | 'cycle' | 'bound' | 'empty';
  /** The references of the last pass: model indexes, or -1 for an API configuration that is no model's best. */
  models: number[];
}

export interface Ranking {
  /** False when the weights leave every benchmark out. */
  weighed: boolean;
  /** By model: the evidence score (NaN: none) and the coverage. */
  scores: Float64Array;
  coverage: Float64Array;
  /** The coverage a model needs to be ranked. */
  needed: number;
  /** The ranked models, best first, and their ranks (equal scores share one). */
  ranked: number[];
  ranks: Ranked[];
  /** Models with evidence below the coverage needed, best score first. */
  apart: number[];
  /** Models with no evidence under these weights. */
  none: number;
  references: ReferencesFound;
}

/** A model's best configuration as a reference: the same object each time, so its win shares are kept. */
const modelReferences = new WeakMap<RankField, Map<number, WeighedReference>>();
const fromModel = (field: RankField) => (m: number) => {
  let made = modelReferences.get(field);
  if (!made) modelReferences.set(field, (made = new Map()));
  let reference = made.get(m);
  if (!reference) made.set(m, (reference = { ...field.rows[m]!, self: m }));
  return reference;
};
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((m) => b.includes(m));

/**
 * The models ranked by the evidence under benchmark weights `weight` (weights.ts' benchWeights).
 * `source`: the weights are the source's own, so the references are the API's top 10 and stay.
 */
export function rankUnder(field: RankField, weight: Float64Array, source: boolean): Ranking {
  const coverage = coverageUnder(field, weight);
  const needed = coverageNeeded(coverage);
  const covered = (m: number) => coverage[m]! > 0 && coverage[m]! >= needed;
  let references: readonly WeighedReference[] = field.references;
  // A reference that is no model's best configuration is told apart from every model by its place.
  let used = references.map((r, i) => (r.self >= 0 ? r.self : -1 - i));
  let scores = evidenceUnder(field, weight, references);
  let start: 'api' | 'mean' = 'api';
  let rounds = 1;
  const pass = (models: number[]) => {
    references = models.map(fromModel(field));
    used = models;
    scores = evidenceUnder(field, weight, references);
    rounds++;
  };
  if (!source && scores.every(Number.isNaN)) {
    start = 'mean';
    const first = topOf(weightedMeans(field, weight), covered, REFERENCES);
    if (first.length > 0) pass(first);
  }
  let end: ReferencesFound['end'] = source ? 'source' : 'bound';
  const seen = [used];
  while (end === 'bound') {
    const next = topOf(scores, covered, REFERENCES);
    const at = seen.findIndex((set) => sameSet(set, next));
    if (next.length === 0) end = 'empty';
    else if (at === seen.length - 1) end = 'settled';
    else if (rounds >= MAX_ROUNDS) break;
    else if (at >= 0) {
      // Being a reference moves a model's own score (it is not compared with itself), so the ten can go round a cycle: every model of it is a reference.
      pass([...new Set(seen.slice(at).flat())].sort((a, b) => a - b));
      end = 'cycle';
    } else {
      pass(next);
      seen.push(next);
    }
  }
  const ranked = byValue(scores, covered);
  const apart = byValue(scores, (m) => !covered(m));
  return {
    weighed: weight.some((w) => w > 0),
    scores,
    coverage,
    needed,
    ranked,
    ranks: competitionRanks(ranked.map((m) => scores[m]!)),
    apart,
    none: scores.filter(Number.isNaN).length,
    references: { from: start, rounds, end, models: used.map((m) => Math.max(m, -1)) },
  };
}
