/**
 * The thresholds of the mirror's own measures of a benchmark, each written down once with its reason:
 * whether it still separates the leaders (bench-verdict.ts), where a community rating and that measure
 * disagree, and which benchmarks order the models alike (bench-agreement.ts). The pages, the about
 * page, docs/site.md and benchmarks.json read them from here. Scores are normalized scores (0–100);
 * the API publishes no standard error, so every choice here is the mirror's.
 */
export const BENCH_THRESHOLDS = {
  /** The leaders: the top models by model rank. Twenty: about the first screen of the leaderboard, the models a visitor weighs against each other. */
  leaders: 20,
  /**
   * Fewer of the leaders with a counting score than this, and no verdict: four scores give three
   * adjacent pairs, and a share of three cannot tell a benchmark that separates from chance.
   */
  minScored: 5,
  /**
   * The gap below which two scores are not told apart, where no configuration repeats its counting
   * submissions on the benchmark (most benchmarks): 1 point of the 0–100 scale. Lenient on purpose:
   * the standard error of an accuracy of 80 % on 1,600 items is already 1 point, so almost every real
   * benchmark is noisier, and "saturated" is said only where the leaders are bunched even then.
   */
  noiseFloor: 1,
  /**
   * Where configurations repeat their counting submissions, the gap is this many times the median
   * spread between a configuration's own submissions, if that is more than the floor: the spread of two
   * submissions of one thing is about 0.95 standard deviations of the difference of two, so three
   * times it is about two of those, a gap truly equal scores pass about once in twenty.
   */
  repeatFactor: 3,
  /** Configurations that repeat a submission on the benchmark, at least, for their median spread to be read as its noise. */
  minRepeats: 3,
  /** Saturated when at least this share of the scored leaders sit within the gap of the best of them: half the leaders cannot be told from the top. */
  tiedAtTop: 0.5,
  /** Saturated, too, when fewer than this share of the adjacent pairs of the scored leaders (by their score here) are further apart than the gap. */
  minSeparated: 0.5,
  /** A community rating (1–5) at or above this reads as high, at or below `ratedLow` as low; between them it says nothing either way. */
  ratedHigh: 3.5,
  ratedLow: 2.5,
  /** Rated difficult while the leaders' median score is closer than this to the scale's maximum: the measure says they have no room left. */
  nearMaximum: 10,
  /** Rated easy while the leaders' median score is at least this far below the scale's maximum: the measure says they have much room left. */
  farFromMaximum: 50,
  /** Two benchmarks whose orders are compared must share at least this many models: a rank correlation over fewer swings by chance (its standard error is about 1/√(n − 1), a third at 10). */
  minShared: 10,
  /** Benchmarks listed as agreeing most, and as many least, with each benchmark. */
  neighbours: 5,
  /**
   * New bests a benchmark's page labels under its chart, the newest first; benchmarks.json holds them all. Every one in practice
   * (at most 16 on the bench's field of 10,000 configurations, 8 on the sample): a bound on the page's bytes, not a choice of steps.
   */
  stepsListed: 20,
} as const;

/** The top of the normalized scale every score is on. */
export const SCALE_MAXIMUM = 100;
