/**
 * Deterministic randomness for the sample generator: a keyed 32-bit hash for draws that belong to
 * one entity (a family, a bench, a revision), and mulberry32 streams for sequences. Nothing here
 * reads the clock or Math.random, so the same keys give the same numbers on every run.
 */

/** Mixes integers into one unsigned 32-bit hash (murmur3 steps). */
export function hash(...parts: number[]): number {
  let h = 0x9e3779b9 | 0;
  for (const part of parts) {
    let v = Math.imul(part | 0, 0xcc9e2d51);
    v = (v << 15) | (v >>> 17);
    v = Math.imul(v, 0x1b873593);
    h ^= v;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= parts.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units: lets a name (not its position in a list) key its own draws. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) from a 32-bit hash. */
export function unit(h: number): number {
  return h / 4_294_967_296;
}

/** A mulberry32 stream with the helpers the generator needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** Index drawn with the given relative weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let u = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i]!;
      if (u < 0) return i;
    }
    return weights.length - 1;
  }

  /**
   * About N(0, 1): the Irwin-Hall sum of four uniforms, rescaled. Bounded (|x| < 3.5) and free of
   * transcendental functions, so it is bit-identical everywhere.
   */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508075688772;
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }
}

/** A stream keyed by integers, e.g. `rngFor(seed, CHANNEL.family, familyId)`. */
export function rngFor(...parts: number[]): Rng {
  return new Rng(hash(...parts));
}

/** About N(0, 1) for one keyed draw. */
export function normalAt(...parts: number[]): number {
  return rngFor(...parts).normal();
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function clamp(x: number, min: number, max: number): number {
  return x < min ? min : x > max ? max : x;
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
