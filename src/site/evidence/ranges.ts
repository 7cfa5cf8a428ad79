/**
 * What a model needs for ranges of its own, and the shape of a range. The ranges themselves are
 * made in field-ranges.ts.
 */
import type { Terms } from './method.ts';

/**
 * A model's evidence must rest on at least this many benchmarks shared with the references for a
 * range of its own. Below it, its own resamples say little of its spread: its range would lean on
 * its neighbours' spread rather than on its own evidence (the calibration, `npm run calibrate`,
 * reports coverage by the benchmarks a model rests on).
 */
export const MIN_BENCHMARKS = 8;

/** The stated level of a likely range (marginal) and of the rank sets (the whole table at once): field-ranges.ts makes them at it. */
export const LEVEL = 0.9;

/** A range of model ranks, low (the best) to high. */
export interface LikelyRange {
  low: number;
  high: number;
}

/** Whether a model's terms carry enough evidence for a range. */
export const enoughForRange = (terms: Terms | undefined): terms is Terms => terms !== undefined && terms.benchmarks >= MIN_BENCHMARKS;
