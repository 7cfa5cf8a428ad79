/** Scores show the digit that separates them, and only where rounding would make different scores look equal. */
import { describe, expect, it } from 'vitest';
import { formatDelta, scoreFormatter, scorePair } from '../../src/site/format/precision.ts';

describe('scoreFormatter', () => {
  it('shows one decimal where that tells the scores apart', () => {
    const text = scoreFormatter([91.25, 88.1, 40]);
    expect([91.25, 88.1, 40].map(text)).toEqual(['91.3', '88.1', '40.0']);
  });

  it('adds the digit that separates scores that would round alike', () => {
    const text = scoreFormatter([85.71, 85.68, 85.74, 60]);
    expect([85.71, 85.68, 85.74, 60].map(text)).toEqual(['85.71', '85.68', '85.74', '60.0']);
  });

  it('shows exactly equal scores alike, with the digit that separates them from a near neighbour', () => {
    const text = scoreFormatter([87.78, 87.78, 87.76]);
    expect([87.78, 87.78, 87.76].map(text)).toEqual(['87.78', '87.78', '87.76']);
  });

  it('stops at four decimals', () => {
    const text = scoreFormatter([1.000001, 1.000002]);
    expect(text(1.000001)).toBe('1.0000');
  });
});

describe('scorePair and formatDelta', () => {
  it('shows a before and after with the digits that make them differ', () => {
    expect(scorePair(30.04, 30)).toEqual(['30.04', '30.00']);
  });

  it('signs a difference and keeps a tiny one from reading as zero', () => {
    expect(formatDelta(3.04)).toBe('+3.0');
    expect(formatDelta(-0.03)).toBe('−0.03');
    expect(formatDelta(0)).toBe('±0');
  });
});
