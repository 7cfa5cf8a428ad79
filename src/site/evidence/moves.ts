/**
 * How far each model's supraScore moves when the benchmarks are drawn again (resample.ts): in each
 * round every configuration's evidence score is computed again, and the configurations are put in
 * order by it. A configuration's supraScore moves by the gap, in supraScore, between the place its
 * evidence holds in that round and the place it holds on all the benchmarks: the map from evidence to
 * supraScore's scale is made again in every round from the round's own order, so it has no ends to
 * clip at and nothing common to every model moves anyone. A model's supraScore in a round is its
 * best configuration's in that round, whichever that is. A model whose best configuration drew none
 * of its benchmarks in a round has no value in it (NaN), rather than keeping its own.
 *
 * Pure and browser-safe, its inputs plain typed arrays: the build makes every model's moves with it.
 */
import { REFERENCES, scoreOf, type Active, type Terms } from './method.ts';
import { resampleCounts } from './resample.ts';

export interface MovesInput {
  /** Each benchmark's resampling key (benchKey), by benchmark id. */
  keys: Uint32Array;
  /** Each configuration's terms against the references, undefined without an evidence score. */
  terms: readonly (Terms | undefined)[];
  /** Each configuration's supraScore. */
  supraScore: Float64Array;
  /** The model of each configuration (0 .. models - 1). */
  model: Int32Array;
  /** Each model's best configuration (its supraScore's), by model. */
  best: Int32Array;
  /**
   * The configuration each of the field's references is (their places in `terms`' references): the
   * top configurations by supraScore, more of them than REFERENCES, from which each round takes its own.
   */
  candidates: Int32Array;
  rounds: number;
  seed: number;
}

export interface Moves {
  rounds: number;
  /** Model-major: model m's move in round r at m * rounds + r, in supraScore points; NaN where it had no value. */
  deviation: Float32Array;
}

/** Indices of the finite values of `score`, best (highest) first, ties by index. */
export function order(score: Float64Array, into: Int32Array): number {
  let n = 0;
  for (let i = 0; i < score.length; i++) if (!Number.isNaN(score[i]!)) into[n++] = i;
  into.subarray(0, n).sort((a, b) => score[b]! - score[a]! || a - b);
  return n;
}

/** The supraScores of the configurations with evidence, highest first, read at a fractional place (0 = the highest). */
export function scoreAtPlace(sorted: Float64Array, place: number): number {
  const i = Math.floor(place);
  if (i >= sorted.length - 1) return sorted[sorted.length - 1]!;
  return sorted[i]! + (place - i) * (sorted[i + 1]! - sorted[i]!);
}

/** How many of `descending` are above `x`. */
export function above(descending: Float64Array, x: number): number {
  let lo = 0;
  let hi = descending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (descending[mid]! > x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A round's own references: the REFERENCES candidates with the highest supraScore once each is moved
 * by its evidence against the evidence score's references, its place read among every other
 * configuration's evidence on all the benchmarks.
 */
export function roundReferences(
  input: MovesInput,
  counts: Uint8Array,
  fullDescending: Float64Array,
  scale: Float64Array,
  place: Float64Array,
  into: Active,
): Active {
  const { candidates, terms, supraScore } = input;
  const moved = Float64Array.from(candidates, (c) => {
    const t = terms[c];
    const now = t && scoreOf(t, counts);
    if (now === undefined || Number.isNaN(place[c]!)) return supraScore[c]!;
    return supraScore[c]! + scoreAtPlace(scale, above(fullDescending, now)) - scoreAtPlace(scale, place[c]!);
  });
  const chosen = Array.from(candidates.keys())
    .sort((a, b) => moved[b]! - moved[a]! || a - b)
    .slice(0, REFERENCES);
  into.fill(0);
  for (const r of chosen) into[r] = 1;
  return into;
}

/**
 * Each configuration's evidence read on supraScore's scale: the supraScore at the place its evidence
 * holds on all the benchmarks (NaN without evidence). Where the evidence reproduces supraScore, it is
 * the configuration's own supraScore, give or take its noise.
 */
export function placedScores(terms: readonly (Terms | undefined)[], supraScore: Float64Array): Float64Array {
  const full = Float64Array.from(terms, (t) => (t ? (scoreOf(t) ?? Number.NaN) : Number.NaN));
  const ids = new Int32Array(terms.length);
  const withEvidence = order(full, ids);
  const scale = Float64Array.from(ids.subarray(0, withEvidence), (c) => supraScore[c]!).sort((a, b) => b - a);
  const out = new Float64Array(terms.length).fill(Number.NaN);
  for (let p = 0; p < withEvidence; p++) out[ids[p]!] = scale[p]!;
  return out;
}

/** Every model's moves over `rounds` resamples of the benchmarks. */
export function movesOf(input: MovesInput): Moves {
  const { terms, supraScore, model, best, rounds, seed, keys } = input;
  const n = terms.length;
  const models = best.length;
  const full = Float64Array.from(terms, (t) => (t ? (scoreOf(t) ?? Number.NaN) : Number.NaN));
  const ids = new Int32Array(n);
  const withEvidence = order(full, ids);
  // The supraScores of the configurations with evidence, highest first: the scale a place is read on.
  const scale = Float64Array.from(ids.subarray(0, withEvidence), (c) => supraScore[c]!).sort((a, b) => b - a);
  const fullDescending = Float64Array.from(ids.subarray(0, withEvidence), (c) => full[c]!);
  const place = new Float64Array(n).fill(Number.NaN);
  for (let p = 0; p < withEvidence; p++) place[ids[p]!] = p;
  const active = new Uint8Array(input.candidates.length);

  const deviation = new Float32Array(models * rounds).fill(Number.NaN);
  const counts = new Uint8Array(keys.length);
  const now = new Float64Array(n);
  const moved = new Float64Array(models);
  for (let round = 0; round < rounds; round++) {
    resampleCounts(keys, round, seed, counts);
    roundReferences(input, counts, fullDescending, scale, place, active);
    for (let c = 0; c < n; c++) now[c] = terms[c] ? (scoreOf(terms[c]!, counts, active) ?? Number.NaN) : Number.NaN;
    const drawn = order(now, ids);
    // A place among `drawn` read as the same share of the way down the full order.
    const stretch = drawn > 1 ? (withEvidence - 1) / (drawn - 1) : 0;
    moved.fill(Number.NEGATIVE_INFINITY);
    for (let p = 0; p < drawn; p++) {
      const c = ids[p]!;
      const score = supraScore[c]! + scoreAtPlace(scale, p * stretch) - scoreAtPlace(scale, place[c]!);
      if (score > moved[model[c]!]!) moved[model[c]!] = score;
    }
    // A configuration without evidence keeps its supraScore: it can still be its model's best in a round.
    for (let c = 0; c < n; c++) if (Number.isNaN(full[c]!) && supraScore[c]! > moved[model[c]!]!) moved[model[c]!] = supraScore[c]!;
    for (let m = 0; m < models; m++) {
      const b = best[m]!;
      // No value where the best configuration's evidence drew nothing this round.
      if (!Number.isNaN(full[b]!) && Number.isNaN(now[b]!)) continue;
      deviation[m * rounds + round] = moved[m]! - supraScore[b]!;
    }
  }
  return { rounds, deviation };
}

/** A model's spread on supraScore's scale from its moves: their standard deviation, and each side's (semi-deviations about their mean, NaN with fewer than two moves). */
export interface Spreads {
  se: Float64Array;
  /** The spread of moves below their mean, and above it: equal for a symmetric spread. */
  down: Float64Array;
  up: Float64Array;
}

export function spreadsOf(moves: Moves): Spreads {
  const models = moves.deviation.length / moves.rounds;
  const se = new Float64Array(models).fill(Number.NaN);
  const down = new Float64Array(models).fill(Number.NaN);
  const up = new Float64Array(models).fill(Number.NaN);
  for (let m = 0; m < models; m++) {
    const mine = moves.deviation.subarray(m * moves.rounds, (m + 1) * moves.rounds);
    let sum = 0;
    let k = 0;
    for (const d of mine) {
      if (Number.isNaN(d)) continue;
      sum += d;
      k++;
    }
    if (k < 2) continue;
    const mean = sum / k;
    let below = 0;
    let above = 0;
    for (const d of mine) {
      if (Number.isNaN(d)) continue;
      if (d < mean) below += (d - mean) ** 2;
      else above += (d - mean) ** 2;
    }
    se[m] = Math.sqrt((below + above) / (k - 1));
    down[m] = Math.sqrt((2 * below) / k);
    up[m] = Math.sqrt((2 * above) / k);
  }
  return { se, down, up };
}
