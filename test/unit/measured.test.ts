/** "Measured on this tag's benchmarks": weighted mean of counting scores, coverage, one configuration per model, the half-weight rule. */
import { describe, expect, it } from 'vitest';
import { measure, pickMeasurement, rankMeasured, tagWeights, type Measurement } from '../../src/site/data/tag-measurement.ts';

const tag = tagWeights([
  { slug: 'a', effectiveWeight: 60 },
  { slug: 'b', effectiveWeight: 30 },
  { slug: 'c', effectiveWeight: 10 },
]);
const s = (bench: string, normalizedScore: number, counts = true) => ({ bench, normalizedScore, counts });
const m = (value: number, coverage: number): Measurement => ({ value, coverage, benchmarks: 1 });

describe('measure', () => {
  it('weights each benchmark by its effectiveWeight', () => {
    const result = measure(tag, [s('a', 80), s('b', 50)])!;
    expect(result.value).toBeCloseTo((60 * 80 + 30 * 50) / 90);
    expect(result.coverage).toBeCloseTo(0.9);
    expect(result.benchmarks).toBe(2);
  });

  it('leaves out submissions that do not count and benchmarks outside the tag', () => {
    const result = measure(tag, [s('a', 80), s('b', 10, false), s('elsewhere', 100)])!;
    expect(result.value).toBe(80);
    expect(result.coverage).toBeCloseTo(0.6);
  });

  it('averages several counting submissions on one benchmark before weighting', () => {
    expect(measure(tag, [s('c', 40), s('c', 60)])!.value).toBe(50);
  });

  it('measures nothing without a counting score on the tag', () => {
    expect(measure(tag, [s('a', 90, false)])).toBeUndefined();
  });

  it('counts every benchmark the same when all weigh nothing', () => {
    const zero = tagWeights([
      { slug: 'a', effectiveWeight: 0 },
      { slug: 'b', effectiveWeight: 0 },
    ]);
    expect(zero.equalWeights).toBe(true);
    expect(measure(zero, [s('a', 20)])!.coverage).toBe(0.5);
    expect(tagWeights([]).equalWeights).toBe(false);
  });
});

describe('pickMeasurement', () => {
  it('measures a model by its best configuration among those covering half the weight', () => {
    const picked = pickMeasurement([
      { item: 'narrow-but-high', measurement: m(95, 0.3) },
      { item: 'wide', measurement: m(70, 0.9) },
      { item: 'wide-better', measurement: m(75, 0.6) },
    ]);
    expect(picked!.item).toBe('wide-better');
  });

  it('falls back to the configuration covering most when none covers half', () => {
    expect(
      pickMeasurement([
        { item: 'a', measurement: m(90, 0.1) },
        { item: 'b', measurement: m(20, 0.4) },
      ])!.item,
    ).toBe('b');
  });
});

describe('rankMeasured', () => {
  it('ranks models covering at least half the weight and lists the others apart', () => {
    const ranking = rankMeasured(
      [
        { item: 'x', measurement: m(60, 0.5) },
        { item: 'y', measurement: m(80, 1) },
        { item: 'z', measurement: m(99, 0.49) },
      ],
      () => 0,
    );
    expect(ranking.ranked.map((e) => [e.item, e.rank.rank])).toEqual([
      ['y', 1],
      ['x', 2],
    ]);
    expect(ranking.apart.map((e) => e.item)).toEqual(['z']);
  });

  it('shares a measured rank between equal values', () => {
    const ranking = rankMeasured(
      [
        { item: 'a', measurement: m(70, 1) },
        { item: 'b', measurement: m(70, 0.8) },
        { item: 'c', measurement: m(60, 1) },
      ],
      (a, b) => (a < b ? -1 : 1),
    );
    expect(ranking.ranked.map((e) => e.rank)).toEqual([
      { rank: 1, tied: true },
      { rank: 1, tied: true },
      { rank: 3, tied: false },
    ]);
  });
});
