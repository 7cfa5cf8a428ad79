/**
 * "Measured on this tag's benchmarks": the mirror's own computation, not an API score. A
 * configuration's measured value is the effectiveWeight-weighted mean of its counting normalized
 * scores on the tag's benchmarks (several counting submissions on one benchmark are averaged
 * first); its coverage is the share of the tag's benchmark weight those scores cover. A model is
 * measured by one of its configurations, never by mixing them: the best-measured one among those
 * covering at least half the weight, else the one covering most. Models covering less than half
 * are listed apart, not ranked.
 */
import { competitionRanks, type Ranked } from '../format/ranks.ts';

/** Below this share of the tag's benchmark weight a model is listed apart, not ranked. */
export const MIN_COVERAGE = 0.5;

/** True when a measurement covers enough weight to be ranked (with room for floating-point sums). */
export const coversEnough = (m: Measurement) => m.coverage >= MIN_COVERAGE - 1e-9;

export interface ScoreLike {
  bench: string;
  normalizedScore: number;
  counts: boolean;
}

export interface Measurement {
  /** Weighted mean of counting normalized scores, 0-100. */
  value: number;
  /** Share of the tag's benchmark weight covered, 0-1. */
  coverage: number;
  /** Benchmarks with a counting score. */
  benchmarks: number;
}

/** The tag's benchmark weights; when all are zero, each counts the same (and `equalWeights` says so). */
export interface TagWeights {
  weights: ReadonlyMap<string, number>;
  total: number;
  equalWeights: boolean;
}

export function tagWeights(benches: readonly { slug: string; effectiveWeight: number }[]): TagWeights {
  const total = benches.reduce((sum, b) => sum + Math.max(0, b.effectiveWeight), 0);
  if (total > 0 || benches.length === 0) return { weights: new Map(benches.map((b) => [b.slug, Math.max(0, b.effectiveWeight)])), total, equalWeights: false };
  return { weights: new Map(benches.map((b) => [b.slug, 1])), total: benches.length, equalWeights: true };
}

/** A configuration's counting scores on one benchmark of a tag, summed: several submissions there are averaged first. */
export interface BenchSum {
  bench: string;
  sum: number;
  n: number;
}

/** One configuration's measurement, or undefined when it has no counting score on these benchmarks. */
export function measure(tag: TagWeights, scores: readonly ScoreLike[]): Measurement | undefined {
  const sums = new Map<string, BenchSum>();
  for (const s of scores) {
    if (!s.counts || !tag.weights.has(s.bench)) continue;
    const acc = sums.get(s.bench) ?? { bench: s.bench, sum: 0, n: 0 };
    acc.sum += s.normalizedScore;
    acc.n++;
    sums.set(s.bench, acc);
  }
  return measureSums(tag, [...sums.values()]);
}

/**
 * The measurement of a configuration's counting scores on the tag's benchmarks, summed by benchmark
 * (in the order of each benchmark's first counting score among its scores: the order the sums are
 * added in, so every way of reading the scores gives the same figure to the last digit).
 */
export function measureSums(tag: TagWeights, sums: readonly BenchSum[]): Measurement | undefined {
  if (sums.length === 0 || tag.total <= 0) return undefined;
  let weighted = 0;
  let weight = 0;
  for (const { bench, sum, n } of sums) {
    const w = tag.weights.get(bench)!;
    weighted += w * (sum / n);
    weight += w;
  }
  // A benchmark of zero weight covers nothing: its score cannot move the mean either.
  const value = weight > 0 ? weighted / weight : sums.reduce((a, { sum, n }) => a + sum / n, 0) / sums.length;
  return { value, coverage: weight / tag.total, benchmarks: sums.length };
}

/** The configuration a model is measured by: the best measured among those covering enough, else the widest. */
export function pickMeasurement<T>(candidates: readonly { item: T; measurement: Measurement }[]): { item: T; measurement: Measurement } | undefined {
  let best: { item: T; measurement: Measurement } | undefined;
  const better = (a: Measurement, b: Measurement) => {
    const aOk = coversEnough(a);
    const bOk = coversEnough(b);
    if (aOk !== bOk) return aOk;
    if (aOk) return a.value > b.value || (a.value === b.value && a.coverage > b.coverage);
    return a.coverage > b.coverage || (a.coverage === b.coverage && a.value > b.value);
  };
  for (const c of candidates) if (!best || better(c.measurement, best.measurement)) best = c;
  return best;
}

export interface MeasuredRanking<T> {
  /** Coverage at least MIN_COVERAGE, by value (equal values share a rank). */
  ranked: { item: T; measurement: Measurement; rank: Ranked }[];
  /** Coverage below MIN_COVERAGE, by coverage then value: listed, not ranked. */
  apart: { item: T; measurement: Measurement }[];
}

/** Ranks measured models; `tiebreak` orders equal values (the model ranking, say). */
export function rankMeasured<T>(entries: readonly { item: T; measurement: Measurement }[], tiebreak: (a: T, b: T) => number): MeasuredRanking<T> {
  const ranked = entries.filter((e) => coversEnough(e.measurement)).sort((a, b) => b.measurement.value - a.measurement.value || tiebreak(a.item, b.item));
  const ranks = competitionRanks(ranked.map((e) => e.measurement.value));
  const apart = entries
    .filter((e) => !coversEnough(e.measurement))
    .sort((a, b) => b.measurement.coverage - a.measurement.coverage || b.measurement.value - a.measurement.value || tiebreak(a.item, b.item));
  return { ranked: ranked.map((e, i) => ({ ...e, rank: ranks[i]! })), apart };
}
