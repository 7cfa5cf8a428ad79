/** The one ranking order, and that every place that ranks uses it. */
import { describe, expect, it } from 'vitest';
import { byRanking, byWeight } from '../../src/api/ranking.ts';
import { loadDataset } from '../../src/dev/simulator/dataset.ts';

const rows = [
  { slug: 'b', supraScore: 80 },
  { slug: 'a', supraScore: 80 },
  { slug: 'c', supraScore: 90 },
];

describe('byRanking', () => {
  it('orders by supraScore descending, then slug, so ties have one order', () => {
    expect([...rows].sort(byRanking).map((r) => r.slug)).toEqual(['c', 'a', 'b']);
    expect(
      [...rows]
        .reverse()
        .sort(byRanking)
        .map((r) => r.slug),
    ).toEqual(['c', 'a', 'b']);
  });

  it('orders benchmarks by effectiveWeight descending, then slug', () => {
    const benches = [
      { slug: 'y', effectiveWeight: 5 },
      { slug: 'x', effectiveWeight: 5 },
      { slug: 'z', effectiveWeight: 9 },
    ];
    expect(benches.sort(byWeight).map((b) => b.slug)).toEqual(['z', 'x', 'y']);
  });

  it('is the order the simulator serves', () => {
    const data = loadDataset(JSON.stringify({ generatedAt: 1, models: rows, benches: [], tags: [] }), undefined, new Set(), 0);
    expect(data.models.map((m) => m.slug)).toEqual(['c', 'a', 'b']);
  });
});
