/**
 * The evidence score: the mirror's own recomputation of supraScore from the per-benchmark scores it
 * holds, by the method the API describes (api-v1.md, "What the service does" 4-6): a configuration's
 * expected win share against the current top 10 configurations, from pairwise comparisons on the
 * benchmarks both have a counting score on, each weighted by the benchmark's effectiveWeight. What
 * the API leaves open is decided here, once, and written down on /about/#evidence:
 *
 * - a comparison on one benchmark is a logistic of the normalized-score gap, SCALE points wide, so a
 *   near tie is near an even share and a large gap near a whole win (a plain "higher wins"
 *   saturates: most of a field loses every comparison with the top 10 and ties at 0);
 * - several counting submissions on one benchmark are averaged first; a benchmark of zero weight,
 *   or one the snapshot does not list, carries nothing;
 * - a reference is not compared with itself, and only references sharing a weighted benchmark count;
 * - the score is the mean of those win shares, times 100.
 *
 * Pure and browser-safe: the build computes every configuration's score with it, and the comparison
 * script recomputes the same figures for the models it draws.
 */

/** The current top configurations by supraScore that every configuration is compared with. */
export const REFERENCES = 10;

/** The configurations each resample takes its REFERENCES references from: the top ones by the score ranked (moves.ts). */
export const CANDIDATES = 2 * REFERENCES;

/**
 * Width of a comparison on one benchmark, in normalized points: a gap of 10 points is a 73 % win, 20
 * points 88 %, 30 points 95 %. Fixed, not fitted to supraScore: the order it gives moves little between
 * 5 and 40 points (the about page shows the agreement at half and twice this), and below about 5 points
 * the comparison saturates as "higher wins" does.
 */
export const SCALE = 10;

/** A field's benchmarks by id: their weight in a comparison and the key their resampling draws from. */
export interface EvidenceField {
  /** Each benchmark's slug, by id. */
  slugs: readonly string[];
  /** effectiveWeight, or 0 where it is not positive. */
  weight: Float64Array;
  /** benchKey(slug). */
  key: Uint32Array;
  /** The references, best first: each one's mean counting score by benchmark id (NaN where it has none). */
  references: readonly Reference[];
}

export interface Reference {
  slug: string;
  value: Float64Array;
}

/** One configuration's counting scores, averaged per benchmark, by benchmark id. */
export interface ScoreSet {
  bench: Int32Array;
  value: Float64Array;
}

/** A submission as the evidence reads it. */
export interface Submission {
  bench: string;
  normalizedScore: number;
  counts: boolean;
}

/**
 * A configuration's counting submissions, averaged per benchmark (summed in their order, then
 * divided), keyed by benchmark slug in the order of each benchmark's first counting submission: the
 * build and the browser read the same submissions in the same order, so their sums agree to the bit.
 */
export function countingMeans(submissions: Iterable<Submission>): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const s of submissions) {
    if (!s.counts) continue;
    const acc = sums.get(s.bench);
    if (acc) {
      acc.sum += s.normalizedScore;
      acc.n++;
    } else sums.set(s.bench, { sum: s.normalizedScore, n: 1 });
  }
  return new Map([...sums].map(([bench, { sum, n }]) => [bench, sum / n]));
}

/** Benchmark ids by slug, for a field's `slugs`. */
export const benchIds = (slugs: readonly string[]): Map<string, number> => new Map(slugs.map((s, i) => [s, i]));

/**
 * A configuration's means as a ScoreSet of the field's ids, by id: every sum over them runs in the
 * order of the field's benchmarks, however the submissions came, so a reader that walks a
 * reference's benchmarks instead (the /rank/ page) adds the same terms in the same order. Benchmarks
 * the field does not list are left out.
 */
export function scoreSet(means: ReadonlyMap<string, number>, ids: ReadonlyMap<string, number>): ScoreSet {
  const pairs: [number, number][] = [];
  for (const [slug, v] of means) {
    const id = ids.get(slug);
    if (id !== undefined) pairs.push([id, v]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  return { bench: Int32Array.from(pairs, (p) => p[0]), value: Float64Array.from(pairs, (p) => p[1]) };
}

/** A reference's means spread over the field's ids: NaN where it has no counting score. */
export function referenceOf(slug: string, means: ReadonlyMap<string, number>, ids: ReadonlyMap<string, number>): Reference {
  const value = new Float64Array(ids.size).fill(Number.NaN);
  for (const [bench, v] of means) {
    const id = ids.get(bench);
    if (id !== undefined) value[id] = v;
  }
  return { slug, value };
}

/** The share of a comparison on one benchmark won by a score `gap` points above the other. */
export const winShare = (gap: number, scale: number = SCALE): number => 1 / (1 + Math.exp(-gap / scale));

/**
 * A configuration's comparisons with the references, as terms: for each reference it shares a
 * weighted benchmark with, the benchmarks' ids, their weight and weight times win share. Kept for
 * the models' best configurations, so a resample only re-weighs the terms.
 */
export interface Terms {
  /** Per reference compared, [starts[r], starts[r + 1]) in the columns below. */
  starts: Int32Array;
  /** Per reference compared, its place in the field's references. */
  reference: Int32Array;
  bench: Int32Array;
  weight: Float64Array;
  won: Float64Array;
  /** Distinct benchmarks it shares with the first REFERENCES references (the evidence score's). */
  benchmarks: number;
}

/**
 * Where termsOf writes a configuration's terms before copying them out: grown as a field needs, so
 * a pass over thousands of models allocates only their terms (the /rank/ page's worker makes a pass
 * per ranking). `seen` marks the benchmarks counted for one configuration by `stamp`.
 */
const scratch = {
  starts: new Int32Array(0),
  compared: new Int32Array(0),
  bench: new Int32Array(0),
  weight: new Float64Array(0),
  won: new Float64Array(0),
  seen: new Uint32Array(0),
  stamp: 0,
};

function scratchFor(references: number, terms: number, benchmarks: number): typeof scratch {
  if (scratch.starts.length < references + 1) {
    scratch.starts = new Int32Array(references + 1);
    scratch.compared = new Int32Array(references);
  }
  if (scratch.bench.length < terms) {
    scratch.bench = new Int32Array(terms);
    scratch.weight = new Float64Array(terms);
    scratch.won = new Float64Array(terms);
  }
  if (scratch.seen.length < benchmarks || scratch.stamp === 0xffffffff) {
    scratch.seen = new Uint32Array(Math.max(benchmarks, scratch.seen.length));
    scratch.stamp = 0;
  }
  scratch.stamp++;
  return scratch;
}

/**
 * The terms of `scores` against the field's references, `self` (its slug) not compared with itself;
 * undefined when it shares no weighted benchmark. `scale` is SCALE but where the about page shows
 * what another width would give.
 */
export function termsOf(field: EvidenceField, scores: ScoreSet, self: string, scale: number = SCALE): Terms | undefined {
  const { references } = field;
  const own = scores.bench;
  const s = scratchFor(references.length, references.length * own.length, field.weight.length);
  const { starts, compared, bench, weight, won, seen, stamp } = s;
  let n = 0;
  let k = 0;
  let shared = 0;
  let top = false;
  starts[0] = 0;
  for (let r = 0; r < references.length; r++) {
    const reference = references[r]!;
    if (reference.slug === self) continue;
    const at = n;
    for (let i = 0; i < own.length; i++) {
      const id = own[i]!;
      const theirs = reference.value[id]!;
      const w = field.weight[id]!;
      if (Number.isNaN(theirs) || !(w > 0)) continue;
      bench[n] = id;
      weight[n] = w;
      won[n++] = w * winShare(scores.value[i]! - theirs, scale);
      if (r < REFERENCES && seen[id] !== stamp) {
        seen[id] = stamp;
        shared++;
      }
    }
    if (n > at) {
      starts[++k] = n;
      compared[k - 1] = r;
      if (r < REFERENCES) top = true;
    }
  }
  if (n === 0 || !top) return undefined;
  return {
    starts: starts.slice(0, k + 1),
    reference: compared.slice(0, k),
    bench: bench.slice(0, n),
    weight: weight.slice(0, n),
    won: won.slice(0, n),
    benchmarks: shared,
  };
}

/** Which of the field's references a score reads: the first REFERENCES (the evidence score's), or a resample's own. */
export type Active = Uint8Array;

/** References among the first REFERENCES a configuration is compared with. */
export const referencesCompared = (terms: Terms): number => terms.reference.filter((r) => r < REFERENCES).length;

/**
 * The evidence score of the terms: 100 times the mean over the references of the weighted win
 * share; with `counts`, each benchmark's terms weigh that many times (a resample), and a reference
 * none of whose benchmarks were drawn drops out. `active` says which of the field's references count
 * (default: the first REFERENCES). Undefined when no reference is left.
 */
export function scoreOf(terms: Terms, counts?: Uint8Array, active?: Active): number | undefined {
  let total = 0;
  let compared = 0;
  for (let r = 0; r + 1 < terms.starts.length; r++) {
    if (active ? !active[terms.reference[r]!] : terms.reference[r]! >= REFERENCES) continue;
    let won = 0;
    let weight = 0;
    for (let i = terms.starts[r]!; i < terms.starts[r + 1]!; i++) {
      const times = counts ? counts[terms.bench[i]!]! : 1;
      won += times * terms.won[i]!;
      weight += times * terms.weight[i]!;
    }
    if (weight > 0) {
      total += won / weight;
      compared++;
    }
  }
  return compared > 0 ? (100 * total) / compared : undefined;
}
