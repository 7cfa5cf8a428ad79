/** Geometry of the build-time charts: round ticks around the data, no line across the method change. */
import { describe, expect, it } from 'vitest';
import { barChart, historyChart } from '../src/site/charts.ts';
import { METHOD_CHANGE_AT } from '../src/site/config.ts';

const DAY = 86_400_000;
const point = (days: number, supraScore: number, position = 1) => ({ generatedAt: METHOD_CHANGE_AT + days * DAY, supraScore, position });

describe('historyChart', () => {
  it('puts round ticks around the data', () => {
    const chart = historyChart([point(1, 16.9), point(2, 17.2)])!;
    const values = chart.yTicks.map((t) => t.value);
    expect(values).toEqual([15, 16, 17, 18, 19]);
    const wide = historyChart([point(1, 12), point(2, 81)])!.yTicks.map((t) => t.value);
    expect(wide).toEqual([0, 20, 40, 60, 80]);
    expect(historyChart([point(1, 99.5), point(2, 99.9)])!.yTicks.at(-1)!.value).toBe(100);
  });

  it('never joins a point before the method change to a later one', () => {
    const chart = historyChart([point(-3, 50), point(-2, 52), point(1, 70), point(2, 71), point(3, 69)])!;
    expect(chart.segments).toHaveLength(2);
    expect(chart.segments[0]!.match(/[ML]/g)).toHaveLength(2);
    expect(chart.segments[1]!.match(/[ML]/g)).toHaveLength(3);
    expect(chart.methodChangeX).toBeGreaterThan(chart.points[1]!.x);
    expect(chart.methodChangeX).toBeLessThan(chart.points[2]!.x);
  });

  it('draws a lone point without a line', () => {
    const chart = historyChart([point(1, 40)])!;
    expect(chart.segments).toEqual([]);
    expect(chart.points).toHaveLength(1);
    expect(historyChart([])).toBeUndefined();
  });
});

describe('barChart', () => {
  it('scales bars to the fixed maximum and clamps out-of-range values', () => {
    const chart = barChart(
      [
        ['relevance', 5],
        ['difficulty', 2.5],
        ['odd', 9],
      ],
      5,
    );
    expect(chart.rows.map((r) => r.length)).toEqual([chart.track, chart.track / 2, chart.track]);
    expect(chart.height).toBe(3 * chart.rowHeight);
  });
});
