/**
 * What a model's rank rests on: leave one benchmark out of the evidence, for every model at once,
 * and see how far each model's rank moves. A model's supraScore moves as its evidence's place moves
 * (moves.ts, the same reading as a resample's), and its model rank is counted again against every
 * other model, those that ran the benchmark moved too. Kept: each model's few benchmarks whose loss
 * moves it furthest.
 *
 * Pure and browser-safe, its inputs plain typed arrays.
 */
import { REFERENCES, scoreOf, type Terms } from './method.ts';
import { above, modelScale, scoreAtPlace } from './moves.ts';
import { firstAbove } from './sorted.ts';

/** The benchmarks kept per model: those that move its rank furthest. */
export const RESTS_ON = 3;

export interface RestsOnInput {
  /** Each configuration's terms against the references, undefined without an evidence score. */
  terms: readonly (Terms | undefined)[];
  /** Each configuration's supraScore. */
  supraScore: Float64Array;
  /** Each model's best configuration, by model (the model ranking's order). */
  best: Int32Array;
  /** By model: 1 where its evidence is enough for a range. */
  enough: Uint8Array;
  /** Benchmarks in the field (ids 0 .. benchmarks - 1). */
  benchmarks: number;
}

export interface RestsOn {
  /** Model-major, RESTS_ON a model: the benchmark's id, -1 where there is none. */
  bench: Int32Array;
  /** The model rank it would have without that benchmark. */
  rank: Int32Array;
}

/** How many of an ascending array are above `x`. */
const countAbove = (ascending: Float64Array, x: number): number => ascending.length - firstAbove(ascending, x);

/** Scratch columns by benchmark id, cleared after each configuration: the change in its sum of shares, and the references a benchmark alone carried. */
interface Scratch {
  sum: Float64Array;
  dropped: Int32Array;
  touched: Int32Array;
}

/**
 * A configuration's evidence score without each of its benchmarks, handed to `found` by benchmark id:
 * each reference's share less that benchmark's terms, a reference left with none dropped. One walk
 * of its terms.
 */
function withoutEach(t: Terms, scratch: Scratch, found: (bench: number, score: number) => void): void {
  const { sum, dropped, touched } = scratch;
  let total = 0;
  let shares = 0;
  const blockWon: number[] = [];
  const blockWeight: number[] = [];
  for (let r = 0; r + 1 < t.starts.length; r++) {
    let x = 0;
    let w = 0;
    if (t.reference[r]! < REFERENCES) for (let i = t.starts[r]!; i < t.starts[r + 1]!; i++) ((x += t.won[i]!), (w += t.weight[i]!));
    blockWon.push(x);
    blockWeight.push(w);
    if (w > 0) {
      total += x / w;
      shares++;
    }
  }
  let count = 0;
  for (let r = 0; r + 1 < t.starts.length; r++) {
    const W = blockWeight[r]!;
    if (!(W > 0)) continue;
    const X = blockWon[r]!;
    for (let i = t.starts[r]!; i < t.starts[r + 1]!; i++) {
      const b = t.bench[i]!;
      if (sum[b] === 0 && dropped[b] === 0) touched[count++] = b;
      const w = W - t.weight[i]!;
      if (w > 1e-12) sum[b] = sum[b]! + (X - t.won[i]!) / w - X / W;
      else {
        sum[b] = sum[b]! - X / W;
        dropped[b] = dropped[b]! + 1;
      }
    }
  }
  for (let k = 0; k < count; k++) {
    const b = touched[k]!;
    const left = shares - dropped[b]!;
    found(b, left > 0 ? (100 * (total + sum[b]!)) / left : Number.NEGATIVE_INFINITY);
    sum[b] = 0;
    dropped[b] = 0;
  }
}

/** Every model's benchmarks (shared with the evidence score's references) whose loss moves its model rank furthest. */
export function restsOn(input: RestsOnInput): RestsOn {
  const { terms, supraScore, best, enough } = input;
  const models = best.length;
  const full = Float64Array.from(terms, (t) => (t ? (scoreOf(t) ?? Number.NaN) : Number.NaN));
  // Places are read among the models, as a resample reads them (moves.ts).
  const { scale, descending } = modelScale(full, supraScore, best);
  const y = Float64Array.from(best, (c) => supraScore[c]!);
  const ascending = Float64Array.from(y).sort();

  // Each benchmark's models: those with enough evidence whose best configuration shares it with the references, and their score without it.
  const onBench: number[][] = Array.from({ length: input.benchmarks }, () => []);
  const scoreWithout: number[][] = Array.from({ length: input.benchmarks }, () => []);
  const scratch: Scratch = { sum: new Float64Array(input.benchmarks), dropped: new Int32Array(input.benchmarks), touched: new Int32Array(input.benchmarks) };
  for (let m = 0; m < models; m++) {
    const t = terms[best[m]!];
    if (!enough[m] || !t) continue;
    withoutEach(t, scratch, (b, e) => {
      onBench[b]!.push(m);
      scoreWithout[b]!.push(e);
    });
  }

  const bench = new Int32Array(models * RESTS_ON).fill(-1);
  const rank = new Int32Array(models * RESTS_ON);
  const moved = new Float64Array(models * RESTS_ON).fill(-1);
  for (let b = 0; b < input.benchmarks; b++) {
    const list = onBench[b]!;
    if (list.length === 0) continue;
    const now = Float64Array.from(scoreWithout[b]!);
    // Each one's place among every configuration's evidence: theirs without the benchmark, the others' as they stand.
    const oldDescending = Float64Array.from(list, (m) => full[best[m]!]!).sort((p, q) => q - p);
    const newDescending = Float64Array.from(now).sort((p, q) => q - p);
    const without = Float64Array.from(list, (m, i) => {
      const e = now[i]!;
      if (e === Number.NEGATIVE_INFINITY) return e;
      const place = above(descending, e) - above(oldDescending, e) + above(newDescending, e);
      return y[m]! + scoreAtPlace(scale, place) - scoreAtPlace(scale, above(descending, full[best[m]!]!));
    });
    const before = Float64Array.from(list, (m) => y[m]!).sort();
    const after = Float64Array.from(without).sort();
    list.forEach((m, i) => {
      const mine = without[i]!;
      // Models above it: all of them as they stand, those that ran the benchmark as they stand without it.
      const above_ = countAbove(ascending, mine) - countAbove(before, mine) + countAbove(after, mine);
      const next = 1 + above_;
      const today = 1 + countAbove(ascending, y[m]!);
      const move = Math.abs(next - today);
      // Kept when it moves the rank further than the least kept so far.
      let slot = -1;
      for (let k = 0; k < RESTS_ON; k++) if (moved[m * RESTS_ON + k]! < move && (slot < 0 || moved[m * RESTS_ON + k]! < moved[m * RESTS_ON + slot]!)) slot = k;
      if (slot < 0 || move === 0) return;
      moved[m * RESTS_ON + slot] = move;
      bench[m * RESTS_ON + slot] = b;
      rank[m * RESTS_ON + slot] = next;
    });
  }
  // Each model's kept benchmarks, the furthest move first.
  for (let m = 0; m < models; m++) {
    const at = m * RESTS_ON;
    const kept = Array.from({ length: RESTS_ON }, (_, k) => at + k)
      .filter((i) => bench[i]! >= 0)
      .sort((i, j) => moved[j]! - moved[i]! || bench[i]! - bench[j]!);
    const benches = kept.map((i) => bench[i]!);
    const ranks = kept.map((i) => rank[i]!);
    for (let k = 0; k < RESTS_ON; k++) {
      bench[at + k] = benches[k] ?? -1;
      rank[at + k] = ranks[k] ?? 0;
    }
  }
  return { bench, rank };
}
