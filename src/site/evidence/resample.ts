/**
 * Resamples of the benchmark set, for how far the evidence moves when the benchmarks do: a
 * Poisson bootstrap, where each benchmark weighs k times in a resample with probability e^-1 / k!
 * (k = 0 leaves it out), drawn independently from the benchmark's slug, the round and a fixed seed.
 * It approximates drawing the benchmarks with replacement, and needs no list of the whole field:
 * the build and the browser draw the same counts for a benchmark from its slug alone, and every
 * build of a snapshot draws the same resamples.
 */

/** Resamples per range: the 5th and 95th percentiles of 200 are the 10th and 190th values. */
export const ROUNDS = 200;

/** The seed of every build's resamples. */
export const SEED = 0x2f6a_91c3;

/** A 32-bit mix (murmur3's finalizer): nearby inputs give unrelated outputs. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A benchmark's key: FNV-1a over its slug's UTF-16 code units, mixed. */
export function benchKey(slug: string): number {
  let h = 0x811c_9dc5;
  for (let i = 0; i < slug.length; i++) h = Math.imul(h ^ slug.charCodeAt(i), 0x0100_0193);
  return mix(h);
}

/** P(k <= n) for a Poisson distribution of mean 1, n = 0, 1, ...; the last count takes the rest. */
const CUMULATIVE = (() => {
  const out: number[] = [];
  let p = Math.exp(-1);
  let sum = 0;
  for (let k = 0; k < 12; k++) {
    sum += p;
    out.push(sum);
    p /= k + 1;
  }
  return out;
})();

/** How many times each benchmark (by its key) weighs in resample `round` of `seed`, into `out`. */
export function resampleCounts(keys: Uint32Array, round: number, seed: number = SEED, out: Uint8Array = new Uint8Array(keys.length)): Uint8Array {
  const salt = mix(Math.imul(seed ^ 0x9e37_79b9, 0x27d4_eb2f) ^ mix(round + 1));
  for (let i = 0; i < keys.length; i++) {
    const u = mix(keys[i]! ^ salt) / 4_294_967_296;
    let k = 0;
    while (k < CUMULATIVE.length && u >= CUMULATIVE[k]!) k++;
    out[i] = k;
  }
  return out;
}
