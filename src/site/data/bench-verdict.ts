/**
 * Does a benchmark still separate the leaders? The mirror's measure, from the counting scores of the
 * top models by model rank (BENCH_THRESHOLDS.leaders) on it: how many sit within the gap it can tell
 * apart of the best of them and of the scale's maximum, and how many adjacent pairs of them (in the
 * benchmark's own order) are further apart than that gap. Pure: facts, numbers and codes; the views
 * make the sentences.
 */
import { BENCH_THRESHOLDS as T, SCALE_MAXIMUM } from './bench-thresholds.ts';

export type Verdict = 'saturated' | 'separates' | 'too-few';

export interface BenchVerdict {
  verdict: Verdict;
  /** The leaders looked at: the top models by model rank (fewer in a smaller field). */
  leaders: number;
  /** Of them, those with a counting score here. */
  scored: number;
  /** The best of their scores, and their median; null when none scored. */
  best: number | null;
  median: number | null;
  /** The gap below which two scores are not told apart (normalized points), and where it comes from. */
  noise: number;
  noiseFrom: 'floor' | 'repeats';
  /** Configurations with more than one counting submission here (of any model): what `repeats` noise is read from. */
  repeats: number;
  /** Scored leaders within `noise` of the best of them (the best included), and of the scale's maximum. */
  atTop: number;
  atCeiling: number;
  /** Adjacent pairs of the scored leaders by their score here, and those further apart than `noise`. */
  pairs: number;
  separated: number;
}

/** A rating the measure contradicts: the dimension, its rating, and which way it was rated. */
export interface Disagreement {
  dimension: 'discriminability' | 'difficulty';
  rating: number;
  rated: 'high' | 'low';
}

/** Float sums land a hair off: 96.4 − 95.4 is not quite 1. A gap within this of the noise is within it. */
const EPSILON = 1e-9;

function median(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) >> 1]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** The gap two scores must be apart to be told apart: the floor, or the repeats' median spread times repeatFactor where enough configurations repeat. */
export function noiseOf(spreads: ArrayLike<number>): { noise: number; noiseFrom: 'floor' | 'repeats' } {
  if (spreads.length < T.minRepeats) return { noise: T.noiseFloor, noiseFrom: 'floor' };
  const measured = T.repeatFactor * median(Float64Array.from(spreads).sort());
  return measured > T.noiseFloor ? { noise: measured, noiseFrom: 'repeats' } : { noise: T.noiseFloor, noiseFrom: 'floor' };
}

/**
 * The verdict on a benchmark from the scores of its scored leaders (a model's score: its best
 * configuration's counting mean here), of `leaders` looked at, and the spreads between the counting
 * submissions of each configuration that repeats them here.
 */
export function verdictOf(leaders: number, scores: ArrayLike<number>, spreads: ArrayLike<number>): BenchVerdict {
  const sorted = Float64Array.from(scores).sort().reverse();
  const scored = sorted.length;
  const { noise, noiseFrom } = noiseOf(spreads);
  const best = scored ? sorted[0]! : null;
  let atTop = 0;
  let atCeiling = 0;
  let separated = 0;
  for (let i = 0; i < scored; i++) {
    if (best! - sorted[i]! <= noise + EPSILON) atTop++;
    if (SCALE_MAXIMUM - sorted[i]! <= noise + EPSILON) atCeiling++;
    if (i > 0 && sorted[i - 1]! - sorted[i]! > noise + EPSILON) separated++;
  }
  const pairs = Math.max(0, scored - 1);
  const verdict: Verdict =
    scored < T.minScored ? 'too-few' : atTop >= T.tiedAtTop * scored || separated < T.minSeparated * pairs ? 'saturated' : 'separates';
  return {
    verdict,
    leaders,
    scored,
    best,
    median: scored ? median(sorted) : null,
    noise,
    noiseFrom,
    repeats: spreads.length,
    atTop,
    atCeiling,
    pairs,
    separated,
  };
}

/**
 * Where the community's discriminability or difficulty rating (1–5) and the measure disagree: rated
 * high for discriminability on a saturated benchmark, or low on one that still separates; rated
 * difficult while the leaders' median sits near the maximum, or easy while it sits far below it.
 */
export function disagreementsOf(v: BenchVerdict, dimensions: readonly (readonly [string, number])[]): Disagreement[] {
  if (v.verdict === 'too-few' || v.median === null) return [];
  const rating = (key: string) => dimensions.find(([k]) => k === key)?.[1];
  const out: Disagreement[] = [];
  const discriminability = rating('discriminability');
  if (discriminability !== undefined) {
    if (discriminability >= T.ratedHigh && v.verdict === 'saturated') out.push({ dimension: 'discriminability', rating: discriminability, rated: 'high' });
    if (discriminability <= T.ratedLow && v.verdict === 'separates') out.push({ dimension: 'discriminability', rating: discriminability, rated: 'low' });
  }
  const difficulty = rating('difficulty');
  const headroom = SCALE_MAXIMUM - v.median;
  if (difficulty !== undefined) {
    if (difficulty >= T.ratedHigh && headroom < T.nearMaximum) out.push({ dimension: 'difficulty', rating: difficulty, rated: 'high' });
    if (difficulty <= T.ratedLow && headroom >= T.farFromMaximum) out.push({ dimension: 'difficulty', rating: difficulty, rated: 'low' });
  }
  return out;
}
