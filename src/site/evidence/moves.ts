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
import { firstAbove } from './sorted.ts';

export interface MovesInput {
  /** Each benchmark's resampling key (benchKey), by benchmark id. */
  keys: Uint32Array;
  /** Each configuration's terms against the references, undefined without an evidence score. */
  terms: readonly (Terms | undefined)[];
  /** Each configuration's supraScore. */
  supraScore: Float64Array;
  /** The model of each configuration (0 .. models - 1), or -1 for one that is only a candidate reference (moving no model). */
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

/** The models' scale: their best configurations with evidence, their evidence on all the benchmarks and their supraScores, each in its own order. */
export interface ModelScale {
  /** supraScores, highest first: where a place is read. */
  scale: Float64Array;
  /** Evidence scores, ascending and descending. */
  ascending: Float64Array;
  descending: Float64Array;
}

export function modelScale(full: Float64Array, supraScore: Float64Array, best: Int32Array): ModelScale {
  const bests = Array.from(best).filter((c) => !Number.isNaN(full[c]!));
  const ascending = Float64Array.from(bests, (c) => full[c]!).sort();
  return { scale: Float64Array.from(bests, (c) => supraScore[c]!).sort((a, b) => b - a), ascending, descending: Float64Array.from(ascending).reverse() };
}

/** How many models' best configurations have evidence above `e` (equal ones share a place). */
export const placeAmong = (s: ModelScale, e: number): number => s.ascending.length - firstAbove(s.ascending, e);

/**
 * Each model's evidence read on supraScore's scale: the supraScore at the place its best
 * configuration's evidence holds among the models' on all the benchmarks (NaN without evidence).
 * Where the evidence reproduces supraScore, it is the model's own supraScore, give or take its noise.
 */
export function placedScores(terms: readonly (Terms | undefined)[], supraScore: Float64Array, best: Int32Array): Float64Array {
  const full = Float64Array.from(terms, (t) => (t ? (scoreOf(t) ?? Number.NaN) : Number.NaN));
  const s = modelScale(full, supraScore, best);
  return Float64Array.from(best, (c) => (Number.isNaN(full[c]!) ? Number.NaN : scoreAtPlace(s.scale, placeAmong(s, full[c]!))));
}

/** Every configuration's terms in flat columns, so a round's scores are one tight loop over typed arrays. */
interface Packed {
  /** Per configuration, [blocks[c], blocks[c + 1]) in the block columns; none for one without evidence. */
  blocks: Int32Array;
  /** Per block: its reference's place among the field's references, and [starts[k], starts[k + 1]) in the term columns. */
  reference: Int32Array;
  starts: Int32Array;
  bench: Int32Array;
  weight: Float64Array;
  won: Float64Array;
}

function pack(terms: readonly (Terms | undefined)[]): Packed {
  let blockCount = 0;
  let termCount = 0;
  for (const t of terms) {
    if (!t) continue;
    blockCount += t.reference.length;
    termCount += t.bench.length;
  }
  const packed: Packed = {
    blocks: new Int32Array(terms.length + 1),
    reference: new Int32Array(blockCount),
    starts: new Int32Array(blockCount + 1),
    bench: new Int32Array(termCount),
    weight: new Float64Array(termCount),
    won: new Float64Array(termCount),
  };
  let k = 0;
  let at = 0;
  terms.forEach((t, c) => {
    if (t) {
      packed.bench.set(t.bench, at);
      packed.weight.set(t.weight, at);
      packed.won.set(t.won, at);
      for (let r = 0; r < t.reference.length; r++) {
        packed.reference[k] = t.reference[r]!;
        packed.starts[k] = at + t.starts[r]!;
        k++;
      }
      at += t.bench.length;
    }
    packed.blocks[c + 1] = k;
  });
  packed.starts[k] = at;
  return packed;
}

/** Every configuration's evidence score in a round (scoreOf over the packed terms), NaN where none of its references is left. */
function roundScores(p: Packed, counts: Uint8Array, active: Uint8Array, into: Float64Array): void {
  const { blocks, reference, starts, bench, weight, won } = p;
  for (let c = 0; c + 1 < blocks.length; c++) {
    let total = 0;
    let compared = 0;
    for (let k = blocks[c]!; k < blocks[c + 1]!; k++) {
      if (!active[reference[k]!]) continue;
      let w = 0;
      let x = 0;
      // No branch on a count of 0: it multiplies to nothing, and a third of the counts are 0, in no order.
      for (let i = starts[k]!; i < starts[k + 1]!; i++) {
        const times = counts[bench[i]!]!;
        x += times * won[i]!;
        w += times * weight[i]!;
      }
      if (w > 0) {
        total += x / w;
        compared++;
      }
    }
    into[c] = compared > 0 ? (100 * total) / compared : Number.NaN;
  }
}

/** How many places among the models a configuration other than a model's best may trail its model's best by and still be moved, as a share of the models (at least CONTENDING_PLACES). */
export const CONTENDING_SHARE = 0.05;
export const CONTENDING_PLACES = 10;

/**
 * The configurations a round moves: each model's best, and any other of a model whose supraScore
 * places it, among the models' best, within a few places of its model's best (one further down can
 * not become the model's best in a resample, and need not be scored in each).
 */
function contenders(input: MovesInput, full: Float64Array): (Terms | undefined)[] {
  const { terms, supraScore, model, best } = input;
  const bestScores = Float64Array.from(best, (c) => supraScore[c]!).sort();
  const within = Math.max(CONTENDING_PLACES, Math.round(CONTENDING_SHARE * best.length));
  const placeOf = (x: number) => best.length - firstAbove(bestScores, x);
  return terms.map((t, c) => {
    if (!t || Number.isNaN(full[c]!) || model[c]! < 0) return undefined;
    const b = best[model[c]!]!;
    return c === b || placeOf(supraScore[c]!) - placeOf(supraScore[b]!) <= within ? t : undefined;
  });
}

/** Every model's moves over `rounds` resamples of the benchmarks. */
export function movesOf(input: MovesInput): Moves {
  const { terms, supraScore, model, best, rounds, seed, keys } = input;
  const n = terms.length;
  const models = best.length;
  const full = Float64Array.from(terms, (t) => (t ? (scoreOf(t) ?? Number.NaN) : Number.NaN));
  const moving = contenders(input, full);
  const packed = pack(moving);
  // The scale a place is read on: the models' best configurations with evidence, their supraScores highest first.
  const bests = Array.from(best).filter((c) => !Number.isNaN(full[c]!));
  const withEvidence = bests.length;
  const models_ = modelScale(full, supraScore, best);
  const { scale, descending: fullDescending } = models_;
  // A configuration's place: how many models' best configurations have more evidence than it (equal ones share it).
  const place = Float64Array.from(full, (e) => (Number.isNaN(e) ? Number.NaN : placeAmong(models_, e)));
  const isBest = new Uint8Array(n);
  for (const c of bests) isBest[c] = 1;
  const active = new Uint8Array(input.candidates.length);

  const deviation = new Float32Array(models * rounds).fill(Number.NaN);
  const counts = new Uint8Array(keys.length);
  const now = new Float64Array(n);
  const ascending = new Float64Array(withEvidence);
  const moved = new Float64Array(models);
  for (let round = 0; round < rounds; round++) {
    resampleCounts(keys, round, seed, counts);
    roundReferences(input, counts, fullDescending, scale, place, active);
    roundScores(packed, counts, active, now);
    let drawn = 0;
    for (const c of bests) if (!Number.isNaN(now[c]!)) ascending[drawn++] = now[c]!;
    const order = ascending.subarray(0, drawn).sort();
    // A place among `drawn` read as the same share of the way down the full order.
    const stretch = drawn > 1 ? (withEvidence - 1) / (drawn - 1) : 0;
    moved.fill(Number.NEGATIVE_INFINITY);
    for (let c = 0; c < n; c++) {
      const m = model[c]!;
      if (m < 0) continue;
      const e = now[c]!;
      // A configuration without evidence keeps its supraScore: it can still be its model's best in a round.
      let score: number;
      if (Number.isNaN(full[c]!)) score = supraScore[c]!;
      else if (!moving[c] || Number.isNaN(e)) continue;
      else score = supraScore[c]! + scoreAtPlace(scale, (drawn - firstAbove(order, e)) * stretch) - scoreAtPlace(scale, place[c]!);
      if (score > moved[m]!) moved[m] = score;
    }
    for (let m = 0; m < models; m++) {
      const b = best[m]!;
      // No value where the best configuration's evidence drew nothing this round.
      if (isBest[b] && Number.isNaN(now[b]!)) continue;
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
