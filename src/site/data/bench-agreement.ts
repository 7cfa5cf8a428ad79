/**
 * Which benchmarks order the models alike: for every pair of benchmarks that share at least
 * BENCH_THRESHOLDS.minShared models, Spearman's rank correlation of their scores over those models
 * (src/site/evidence/agreement.ts's, the one rank correlation of the site); for each benchmark the
 * ones it agrees with most and least, and the mean; and the same by tag. The mirror's computation.
 *
 * The pairs are found through the models, never by trying every pair: each model's benchmarks pair
 * up, so the work is the sum over models of their benchmarks squared (linear in the field) plus a
 * count per pair of benchmarks (quadratic in the benchmarks, not in the configurations). Pure.
 */
import { spearman } from '../evidence/agreement.ts';
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

/** The pairs of benchmarks and their tags' cells, summed; then each benchmark's neighbours and each cell's mean. */
class Tally {
  readonly most: Kept[];
  readonly least: Kept[];
  readonly sum: Float64Array;
  readonly compared: Int32Array;
  readonly tooFew: Int32Array;
  readonly alike: Int32Array;
  readonly cells = new Map<number, { sum: number; pairs: number }>();
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
  }
  pair(a: number, b: number, rho: number, shared: number): void {
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      this.sum[self]! += rho;
      this.compared[self]!++;
      // One object at both ends, so the union of the two finds it once.
      const p = { other, rho, shared };
      this.most[self]!.offer(p);
      this.least[self]!.offer(p);
    }
    const keys = new Set<number>();
    for (const x of this.#tagsOf[a] ?? []) for (const y of this.#tagsOf[b] ?? []) keys.add(Math.min(x, y) * this.#tagCount + Math.max(x, y));
    for (const key of keys) {
      const cell = this.cells.get(key);
      if (cell) {
        cell.sum += rho;
        cell.pairs++;
      } else this.cells.set(key, { sum: rho, pairs: 1 });
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
    const tags = [...this.cells]
      .map(([key, c]) => ({ a: Math.floor(key / this.#tagCount), b: key % this.#tagCount, mean: c.sum / c.pairs, pairs: c.pairs }))
      .sort((x, y) => x.a - y.a || x.b - y.b);
    return { benches, tags };
  }
}

/**
 * The agreement between every pair of `benches` (by index) over the `models` they share; `tagsOf`
 * gives each benchmark's tags as numbers below `tagCount`.
 */
export function benchAgreement(benches: readonly BenchScores[], models: number, tagsOf: readonly (readonly number[])[], tagCount: number): AgreementResult {
  const rows = byModel(benches, models);
  // Where each model's row stands: at the benchmark being paired, as they are paired in ascending order.
  const cursor = rows.start.slice(0, models);
  const count = new Int32Array(benches.length);
  const offset = new Int32Array(benches.length);
  // Room for the most pairs one benchmark makes: the rows of its models, together.
  const room = benches.reduce((n, b) => Math.max(n, b.models.reduce((k, m) => k + rows.start[m + 1]! - rows.start[m]!, 0)), 0);
  const xs = new Float64Array(room);
  const ys = new Float64Array(room);
  const tally = new Tally(benches.length, tagsOf, tagCount);
  const touched: number[] = [];
  benches.forEach((bench, a) => {
    const later = (m: number) => [cursor[m]! + 1, rows.start[m + 1]!] as const;
    // Counts of the models each later benchmark shares with this one, then their scores laid out benchmark by benchmark.
    for (const m of bench.models) {
      const [from, to] = later(m);
      for (let e = from; e < to; e++) if (count[rows.bench[e]!]!++ === 0) touched.push(rows.bench[e]!);
    }
    let at = 0;
    for (const b of touched) {
      offset[b] = at;
      at += count[b]!;
      count[b] = 0;
    }
    for (const m of bench.models) {
      const [from, to] = later(m);
      const x = rows.score[cursor[m]!]!;
      for (let e = from; e < to; e++) {
        const b = rows.bench[e]!;
        const slot = offset[b]! + count[b]!++;
        xs[slot] = x;
        ys[slot] = rows.score[e]!;
      }
      cursor[m]!++;
    }
    for (const b of touched) {
      const shared = count[b]!;
      count[b] = 0;
      if (shared < T.minShared) {
        tally.tooFew[a]!++;
        tally.tooFew[b]!++;
        continue;
      }
      const rho = spearman(xs.subarray(offset[b]!, offset[b]! + shared), ys.subarray(offset[b]!, offset[b]! + shared));
      if (Number.isNaN(rho)) {
        tally.alike[a]!++;
        tally.alike[b]!++;
      } else tally.pair(a, b, rho, shared);
    }
    touched.length = 0;
  });
  return tally.result();
}
