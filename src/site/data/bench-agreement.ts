/**
 * Which benchmarks order the models alike: for every pair of benchmarks that share at least
 * BENCH_THRESHOLDS.minShared models, Spearman's rank correlation of their scores over those models
 * (src/site/evidence/agreement.ts's `spearman`, computed here on sorted series); for each benchmark the
 * ones it agrees with most and least, and the mean; and the same by tag. The mirror's computation.
 *
 * The pairs are found through the models, never by trying every pair: each model's benchmarks pair
 * up, so the work is the sum over models of their benchmarks squared (linear in the field) plus a
 * count per pair of benchmarks (quadratic in the benchmarks, not in the configurations). Pure.
 */
import { BENCH_THRESHOLDS as T } from './bench-thresholds.ts';

/** A benchmark's scores: its models (by index) and each one's score, in one order. */
export interface BenchScores {
  models: Int32Array;
  scores: Float64Array;
}

/** Another benchmark, by index, with the rank correlation of the two over the models they share. */
export interface AgreementPair {
  other: number;
  rho: number;
  shared: number;
}

export interface BenchAgreement {
  /** Up to `neighbours` agreeing most (highest first), and as many agreeing least (lowest first), never the same benchmark in both. */
  most: AgreementPair[];
  least: AgreementPair[];
  /** Benchmarks it was compared with, and the mean of those rank correlations; null when none. */
  compared: number;
  mean: number | null;
  /** Benchmarks left out: sharing some models, but fewer than minShared; or enough, with either side scoring them all alike. */
  tooFew: number;
  alike: number;
}

/** The mean rank correlation of the compared pairs of benchmarks of two tags (a pair counted once however many of their tags match). */
export interface TagCell {
  a: number;
  b: number;
  mean: number;
  pairs: number;
}

export interface AgreementResult {
  benches: BenchAgreement[];
  /** Cells of the tag matrix with a compared pair, a ≤ b, by a then b. */
  tags: TagCell[];
}

const byRho = (x: AgreementPair, y: AgreementPair) => y.rho - x.rho || y.shared - x.shared || x.other - y.other;

/** Keeps the `size` best of what it is offered by `better`: a short sorted list, as a benchmark meets at most a few thousand others. */
class Kept {
  readonly items: AgreementPair[] = [];
  readonly #size: number;
  readonly #before: (x: AgreementPair, y: AgreementPair) => number;
  constructor(size: number, before: (x: AgreementPair, y: AgreementPair) => number) {
    this.#size = size;
    this.#before = before;
  }
  offer(p: AgreementPair): void {
    if (this.items.length === this.#size && this.#before(p, this.items.at(-1)!) >= 0) return;
    let i = this.items.length;
    while (i > 0 && this.#before(p, this.items[i - 1]!) < 0) i--;
    this.items.splice(i, 0, p);
    if (this.items.length > this.#size) this.items.pop();
  }
}

/** Each model's benchmarks and scores there, benchmark by benchmark ascending: a compressed row per model. */
function byModel(benches: readonly BenchScores[], models: number) {
  const start = new Int32Array(models + 1);
  for (const b of benches) for (const m of b.models) start[m + 1]!++;
  for (let m = 0; m < models; m++) start[m + 1]! += start[m]!;
  const fill = start.slice(0, models);
  const bench = new Int32Array(start[models]!);
  const score = new Float64Array(start[models]!);
  benches.forEach((b, i) => {
    for (let k = 0; k < b.models.length; k++) {
      const at = fill[b.models[k]!]!++;
      bench[at] = i;
      score[at] = b.scores[k]!;
    }
  });
  return { start, bench, score };
}

/** Up to this many shared models, a y's rank is counted against every other y; beyond it, found in them sorted. */
const COUNTED_RANKS = 16;

/** The mean rank (1-based, ascending) of `v` among `ys[from, from + n)`, counted. */
function countedRank(ys: Float64Array, from: number, n: number, v: number): number {
  let less = 0;
  let equal = 0;
  for (let l = from; l < from + n; l++) {
    const w = ys[l]!;
    if (w < v) less++;
    else if (w === v) equal++;
  }
  return less + (equal + 1) / 2;
}

/** The mean rank (1-based, ascending) of `v` among the first `n` of `sorted` (ascending). */
function sortedRank(sorted: Float64Array, n: number, v: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < n && sorted[end] === v) end++;
  return (lo + 1 + end) / 2;
}

/**
 * Spearman's rank correlation of `xs` and `ys` over `[from, from + n)`, `xs` there in descending order
 * (ties at their mean rank), NaN when either is constant: src/site/evidence/agreement.ts's `spearman`,
 * the site's one definition, computed without sorting x again and without an object or a view per
 * pair, since the pairs of a large field are hundreds of thousands (test/unit/bench-measures.test.ts
 * holds the two equal). `scratch` holds at least `n` numbers.
 */
export function rankCorrelationOfSorted(xs: Float64Array, ys: Float64Array, from: number, n: number, scratch: Float64Array): number {
  const mean = (n + 1) / 2;
  const counted = n <= COUNTED_RANKS;
  if (!counted) {
    for (let k = 0; k < n; k++) scratch[k] = ys[from + k]!;
    scratch.subarray(0, n).sort();
  }
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && xs[from + j + 1] === xs[from + i]) j++;
    // Places i..j from the top are ranks n - j .. n - i from the bottom: their mean.
    const dx = n - (i + j) / 2 - mean;
    for (let k = i; k <= j; k++) {
      const v = ys[from + k]!;
      const dy = (counted ? countedRank(ys, from, n, v) : sortedRank(scratch, n, v)) - mean;
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
    i = j + 1;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : Number.NaN;
}

/** The pairs of benchmarks and their tags' cells, summed; then each benchmark's neighbours and each cell's mean. */
class Tally {
  readonly most: Kept[];
  readonly least: Kept[];
  readonly sum: Float64Array;
  readonly compared: Int32Array;
  readonly tooFew: Int32Array;
  readonly alike: Int32Array;
  /** The tag matrix, a ≤ b, as one array each: the sum of the pairs' correlations, how many, and the last pair counted (a pair once per cell). */
  readonly #cellSum: Float64Array;
  readonly #cellPairs: Int32Array;
  readonly #cellStamp: Int32Array;
  #pairs = 0;
  readonly #tagsOf: readonly (readonly number[])[];
  readonly #tagCount: number;
  constructor(count: number, tagsOf: readonly (readonly number[])[], tagCount: number) {
    this.#tagsOf = tagsOf;
    this.#tagCount = tagCount;
    this.most = Array.from({ length: count }, () => new Kept(T.neighbours, byRho));
    this.least = Array.from({ length: count }, () => new Kept(T.neighbours, (x, y) => -byRho(x, y)));
    this.sum = new Float64Array(count);
    this.compared = new Int32Array(count);
    this.tooFew = new Int32Array(count);
    this.alike = new Int32Array(count);
    this.#cellSum = new Float64Array(tagCount * tagCount);
    this.#cellPairs = new Int32Array(tagCount * tagCount);
    this.#cellStamp = new Int32Array(tagCount * tagCount);
  }
  #end(self: number, other: number, rho: number, shared: number): void {
    this.sum[self]! += rho;
    this.compared[self]!++;
    // One object at both ends, so the union of the two finds it once.
    const p = { other, rho, shared };
    this.most[self]!.offer(p);
    this.least[self]!.offer(p);
  }
  pair(a: number, b: number, rho: number, shared: number): void {
    this.#end(a, b, rho, shared);
    this.#end(b, a, rho, shared);
    const stamp = ++this.#pairs;
    for (const x of this.#tagsOf[a] ?? [])
      for (const y of this.#tagsOf[b] ?? []) {
        const key = x <= y ? x * this.#tagCount + y : y * this.#tagCount + x;
        if (this.#cellStamp[key] === stamp) continue;
        this.#cellStamp[key] = stamp;
        this.#cellSum[key]! += rho;
        this.#cellPairs[key]!++;
      }
  }
  result(): AgreementResult {
    const benches = this.most.map((most, i): BenchAgreement => {
      // The union of both ends, best first: most takes the better half (at most `neighbours`), least the rest from the bottom.
      const all = [...most.items, ...this.least[i]!.items.filter((p) => !most.items.includes(p))].sort(byRho);
      const top = Math.min(T.neighbours, Math.ceil(all.length / 2));
      return {
        most: all.slice(0, top),
        least: all.slice(top).reverse().slice(0, T.neighbours),
        compared: this.compared[i]!,
        mean: this.compared[i]! ? this.sum[i]! / this.compared[i]! : null,
        tooFew: this.tooFew[i]!,
        alike: this.alike[i]!,
      };
    });
    const tags: TagCell[] = [];
    for (let key = 0; key < this.#cellPairs.length; key++) {
      const pairs = this.#cellPairs[key]!;
      if (pairs > 0) tags.push({ a: Math.floor(key / this.#tagCount), b: key % this.#tagCount, mean: this.#cellSum[key]! / pairs, pairs });
    }
    return { benches, tags };
  }
}

/** Each benchmark's models in descending order of their scores there: each pair's first series comes sorted. */
const descending = (b: BenchScores) => Array.from(b.models.keys()).sort((i, j) => b.scores[j]! - b.scores[i]! || b.models[i]! - b.models[j]!);

/**
 * The agreement between every pair of `benches` (by index) over the `models` they share; `tagsOf`
 * gives each benchmark's tags as numbers below `tagCount`.
 */
export function benchAgreement(benches: readonly BenchScores[], models: number, tagsOf: readonly (readonly number[])[], tagCount: number): AgreementResult {
  const rows = byModel(benches, models);
  const { start, bench: benchOf, score } = rows;
  // Where each model's row stands: at the benchmark being paired, as they are paired in ascending order.
  const cursor = start.slice(0, models);
  const count = new Int32Array(benches.length);
  const offset = new Int32Array(benches.length);
  // Room for the most pairs one benchmark makes: the rows of its models, together.
  const room = benches.reduce((n, b) => Math.max(n, b.models.reduce((k, m) => k + start[m + 1]! - start[m]!, 0)), 0);
  const xs = new Float64Array(room);
  const ys = new Float64Array(room);
  const sorted = new Float64Array(room);
  const tally = new Tally(benches.length, tagsOf, tagCount);
  const touched = new Int32Array(benches.length);
  for (let a = 0; a < benches.length; a++) {
    const bench = benches[a]!;
    const order = descending(bench);
    // Counts of the models each later benchmark shares with this one, then their scores laid out benchmark by benchmark.
    let touchedCount = 0;
    for (const m of bench.models)
      for (let e = cursor[m]! + 1; e < start[m + 1]!; e++) if (count[benchOf[e]!]!++ === 0) touched[touchedCount++] = benchOf[e]!;
    // Those sharing too few models are counted and left out here: their scores are never laid out.
    let at = 0;
    let kept = 0;
    for (let t = 0; t < touchedCount; t++) {
      const b = touched[t]!;
      if (count[b]! < T.minShared) {
        tally.tooFew[a]!++;
        tally.tooFew[b]!++;
        offset[b] = -1;
      } else {
        offset[b] = at;
        at += count[b]!;
        touched[kept++] = b;
      }
      count[b] = 0;
    }
    // In this benchmark's order, best first: each pair's x comes sorted.
    for (const k of order) {
      const m = bench.models[k]!;
      const x = score[cursor[m]!]!;
      for (let e = cursor[m]! + 1; e < start[m + 1]!; e++) {
        const b = benchOf[e]!;
        if (offset[b]! < 0) continue;
        const slot = offset[b]! + count[b]!++;
        xs[slot] = x;
        ys[slot] = score[e]!;
      }
    }
    for (const m of bench.models) cursor[m]!++;
    for (let t = 0; t < kept; t++) {
      const b = touched[t]!;
      const shared = count[b]!;
      count[b] = 0;
      const rho = rankCorrelationOfSorted(xs, ys, offset[b]!, shared, sorted);
      if (Number.isNaN(rho)) {
        tally.alike[a]!++;
        tally.alike[b]!++;
      } else tally.pair(a, b, rho, shared);
    }
  }
  return tally.result();
}
