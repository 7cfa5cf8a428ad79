/**
 * A likely range for each model's rank, and how often one model leads another, from resamples of
 * the benchmarks. supraScore stays the ranking: in each resample, a model's supraScore moves by as
 * much as its evidence score moved, read on supraScore's scale (agreement.ts, `onScoreScale`), and
 * the models are ranked again. A model's likely range holds its model rank in the middle 90% of the
 * resamples (the 5th to the 95th percentile), widened where needed to hold its rank today. A model
 * whose evidence is missing or too thin keeps its supraScore in every resample, and gets no range.
 */
import { onScoreScale, type ScoreMap } from './agreement.ts';
import { scoreOf, type EvidenceField, type Terms } from './method.ts';
import { resampleCounts, ROUNDS, SEED } from './resample.ts';

/** A model's evidence must rest on at least this many benchmarks shared with the references for a range. */
export const MIN_BENCHMARKS = 3;

/** The share of resamples in which one model must lead another for the evidence to separate them. */
export const SEPARATES = 0.9;

/** The percentiles of a likely range. */
export const LOW = 0.05;
export const HIGH = 0.95;

/** A model as the resamples move it: its supraScore, and its best configuration's terms where they are enough for a range. */
export interface Moving {
  supraScore: number;
  terms: Terms | undefined;
}

/** What the resamples read from: the field, the map onto supraScore's scale, how many rounds and from which seed. */
export interface Resampling {
  field: EvidenceField;
  map: ScoreMap;
  rounds?: number;
  seed?: number;
}

/** Whether a model's terms carry enough evidence for a range. */
export const enoughForRange = (terms: Terms | undefined): terms is Terms => terms !== undefined && terms.benchmarks >= MIN_BENCHMARKS;

/** A model's supraScore in a resample: moved by its evidence's move, on supraScore's scale; unmoved without enough evidence. */
function movedScore(model: Moving, base: number | undefined, counts: Uint8Array, map: ScoreMap): number {
  if (base === undefined || !enoughForRange(model.terms)) return model.supraScore;
  const now = scoreOf(model.terms, counts);
  return now === undefined ? model.supraScore : model.supraScore + onScoreScale(map, now) - base;
}

/** Each model's evidence read on supraScore's scale, before any resample. */
const basesOf = (models: readonly Moving[], map: ScoreMap) =>
  models.map((m) => {
    const e = m.terms && scoreOf(m.terms);
    return e === undefined ? undefined : onScoreScale(map, e);
  });

export interface LikelyRange {
  low: number;
  high: number;
}

/**
 * The likely model rank of every model, in the order given (`ranks` are their model ranks today:
 * competition ranks of their supraScores); undefined for a model without enough evidence.
 */
export function likelyRanges(
  models: readonly Moving[],
  ranks: ArrayLike<number>,
  { field, map, rounds = ROUNDS, seed = SEED }: Resampling,
): (LikelyRange | undefined)[] {
  const n = models.length;
  const bases = basesOf(models, map);
  const seen = new Int32Array(n * rounds);
  const scores = new Float64Array(n);
  const sorted = new Float64Array(n);
  const counts = new Uint8Array(field.key.length);
  for (let round = 0; round < rounds; round++) {
    resampleCounts(field.key, round, seed, counts);
    for (let i = 0; i < n; i++) scores[i] = movedScore(models[i]!, bases[i], counts, map);
    sorted.set(scores);
    sorted.sort();
    // Competition rank: one more than the models strictly above.
    for (let i = 0; i < n; i++) seen[i * rounds + round] = 1 + n - upperBound(sorted, scores[i]!);
  }
  const lowAt = Math.max(0, Math.ceil(LOW * rounds) - 1);
  const highAt = Math.min(rounds - 1, Math.ceil(HIGH * rounds) - 1);
  return models.map((m, i) => {
    if (bases[i] === undefined || !enoughForRange(m.terms)) return undefined;
    const mine = seen.subarray(i * rounds, (i + 1) * rounds).sort();
    const rank = ranks[i]!;
    return { low: Math.min(mine[lowAt]!, rank), high: Math.max(mine[highAt]!, rank) };
  });
}

/** The first index of an ascending array whose value is above `x`. */
function upperBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** In how many resamples each of two models ranks above the other (the rest are ties). */
export interface Leads {
  first: number;
  second: number;
  rounds: number;
}

/** How often `a` and `b` lead each other over the resamples; undefined unless both have enough evidence. */
export function leadsOf(a: Moving, b: Moving, { field, map, rounds = ROUNDS, seed = SEED }: Resampling): Leads | undefined {
  if (!enoughForRange(a.terms) || !enoughForRange(b.terms)) return undefined;
  const [baseA, baseB] = basesOf([a, b], map);
  const counts = new Uint8Array(field.key.length);
  let first = 0;
  let second = 0;
  for (let round = 0; round < rounds; round++) {
    resampleCounts(field.key, round, seed, counts);
    const sa = movedScore(a, baseA, counts, map);
    const sb = movedScore(b, baseB, counts, map);
    if (sa > sb) first++;
    else if (sb > sa) second++;
  }
  return { first, second, rounds };
}
