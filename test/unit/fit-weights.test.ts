/**
 * The least squares `npm run fit-weights` fits the plan's weights with (src/dev/weights/least-squares.ts):
 * it finds the weights that made the bytes, keeps a weight measured apart where it is told to, and
 * keeps a feature it cannot tell from the others at the value it had.
 */
import { describe, expect, it } from 'vitest';
import { leastSquares, type Sample } from '../../src/dev/weights/least-squares.ts';

/** Pages of `rows` rows and `cells` cells: 3,000 bytes, 200 a row, 40 a cell, give or take a byte. */
const pages: Sample[] = Array.from({ length: 50 }, (_, i) => {
  const rows = 5 + ((i * 7) % 23);
  const cells = rows * (1 + (i % 4));
  return { bytes: 3_000 + 200 * rows + 40 * cells + (i % 3) - 1, x: [1, rows, cells] };
});

describe('the least squares of the plan’s weights', () => {
  it('finds the weights that made the bytes', () => {
    const c = leastSquares(pages, ['base', 'perRow', 'perCell'], {});
    expect(c.base).toBeCloseTo(3_000, 0);
    expect(c.perRow).toBeCloseTo(200, 1);
    expect(c.perCell).toBeCloseTo(40, 1);
  });

  it('keeps a weight measured apart, and fits the others to what is left', () => {
    const c = leastSquares(pages, ['base', 'perRow', 'perCell'], { perCell: 40 }, ['perCell']);
    expect(c.perCell).toBe(40);
    expect(c.perRow).toBeCloseTo(200, 1);
    const wrong = leastSquares(pages, ['base', 'perRow', 'perCell'], { perCell: 0 }, ['perCell']);
    expect(wrong.perCell).toBe(0);
    expect(wrong.perRow).toBeGreaterThan(240);
  });

  it('keeps a feature it cannot tell from the others (every page has a badge) at the value it had', () => {
    const badged = pages.map((p) => ({ bytes: p.bytes + 1_200, x: [...p.x, 1] }));
    const c = leastSquares(badged, ['base', 'perRow', 'perCell', 'badge'], { badge: 1_200 });
    expect(c.badge).toBe(1_200);
    expect(c.base).toBeCloseTo(3_000, 0);
  });
});
