/** Chart geometry: one path per series, never a line across the method change, rank charts with 1 on top. */
import { describe, expect, it } from 'vitest';
import { captionValues, describeSeries, lineChart } from '../../src/site/format/charts.ts';
import { scoreFormatter } from '../../src/site/format/precision.ts';
import { METHOD_CHANGE_AT } from '../../src/site/format/method-change.ts';

const DAY = 86_400_000;
const p = (days: number, v: number) => ({ t: METHOD_CHANGE_AT + days * DAY, v });

/** A path's subpaths as absolute points, read as an SVG renderer reads `M`, `l` (with its implicit repeats) and `h`. */
function subpaths(d: string): [number, number][][] {
  const out: [number, number][][] = [];
  for (const [, command, args] of d.matchAll(/([MlhH])([^MlhH]*)/g)) {
    const n = (args!.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
    const current = out.at(-1)!;
    if (command === 'M') out.push([[n[0]!, n[1]!]]);
    else if (command === 'h') current.push([current.at(-1)![0] + n[0]!, current.at(-1)![1]]);
    else for (let i = 0; i < n.length; i += 2) current.push([current.at(-1)![0] + n[i]!, current.at(-1)![1] + n[i + 1]!]);
  }
  return out;
}

describe('lineChart', () => {
  it('draws a long series whole, every step in place, however long its path', () => {
    // 3,000 points of 1 to 3 places' steps up and down: a path of well over the 4,096 characters made into a string at a time.
    const points = Array.from({ length: 3000 }, (_, i) => p(i + 1, i % 2 ? 10 + (i % 7) : 90 - (i % 11)));
    const chart = lineChart([points])!;
    expect(chart.paths[0]!.length).toBeGreaterThan(3 * 4096);
    const [line] = subpaths(chart.paths[0]!);
    expect(line!.length).toBe(3000);
    // Whole units in x, from the left edge to the right one; odd points low on the plot, even ones high.
    expect(line![0]![0]).toBe(0);
    expect(line!.at(-1)![0]).toBe(1000);
    const y = (v: number) => Math.round(20 + (1 - v / 100) * 360);
    expect(line!.map(([, py]) => py)).toEqual(points.map((q) => y(q.v)));
  });

  it('puts round ticks around the scores', () => {
    expect(lineChart([[p(1, 16.9), p(2, 17.2)]])!.yTicks.map((t) => t.value)).toEqual([15, 16, 17, 18, 19]);
    expect(lineChart([[p(1, 12), p(2, 81)]])!.yTicks.map((t) => t.value)).toEqual([0, 20, 40, 60, 80]);
    expect(lineChart([[p(1, 99.5), p(2, 99.9)]])!.yTicks.at(-1)!.value).toBe(100);
  });

  it('draws each series as one path and never joins a point before the method change to a later one', () => {
    const chart = lineChart([
      [p(-3, 50), p(-2, 52), p(1, 70), p(2, 71), p(3, 69)],
      [p(1, 40), p(2, 41)],
    ])!;
    expect(chart.paths).toHaveLength(2);
    const runs = subpaths(chart.paths[0]!);
    expect(runs.map((r) => r.length)).toEqual([2, 3]);
    // Time runs left to right across the whole box, and the second run starts right of the first.
    expect(runs[0]![0]![0]).toBe(0);
    expect(runs[1]!.at(-1)![0]).toBe(1000);
    expect(runs[1]![0]![0]).toBeGreaterThan(runs[0]![1]![0]);
    expect(subpaths(chart.paths[1]!)).toHaveLength(1);
    expect(chart.methodChange).toBeGreaterThan(0);
    expect(chart.methodChange).toBeLessThan(100);
  });

  it('draws in whole units with relative steps, a few bytes a point, and lands on every point', () => {
    const values = Array.from({ length: 120 }, (_, i) => 40 + ((i * 37) % 23) / 3);
    const chart = lineChart([values.map((v, i) => p(i + 1, v))])!;
    const d = chart.paths[0]!;
    expect(d).toMatch(/^M\d+ \d+l[-\d ]+$/);
    expect(d.length / values.length).toBeLessThan(8);
    const [run] = subpaths(d);
    expect(run).toHaveLength(120);
    const [lo, , , , hi] = chart.yTicks.map((t) => t.value) as [number, number, number, number, number];
    // Each point is where the scale puts it, to the unit.
    run!.forEach(([, y], i) => expect(Math.abs(y - (20 + (1 - (values[i]! - lo) / (hi - lo)) * 360))).toBeLessThanOrEqual(0.5));
  });

  it('draws a lone point as a zero-length stroke, not a line', () => {
    expect(lineChart([[p(1, 40)]])!.paths[0]).toMatch(/^M\d+ \d+h0$/);
    expect(lineChart([[]])).toBeUndefined();
  });

  it('puts rank 1 at the top of a rank chart', () => {
    const chart = lineChart([[p(1, 1), p(2, 7)]], 'rank')!;
    expect(chart.yTicks[0]!.value).toBe(1);
    expect(chart.yTicks[0]!.top).toBeLessThan(chart.yTicks[4]!.top);
    const [[[, y1], [, y2]]] = subpaths(chart.paths[0]!) as [[[number, number], [number, number]]];
    expect(y1).toBeLessThan(y2);
  });
});

describe('describeSeries', () => {
  it('tells apart the values its caption prints, with the digits they need and no more', () => {
    const points = [p(1, 40.01), p(2, 45), p(3, 44.99), p(4, 40.02)];
    expect(captionValues(points)).toEqual([40.01, 40.02, 40.01, 45]);
    // 44.99 is not in the caption, so 45 needs no second decimal to stand apart from it.
    expect(describeSeries('supraScore', points, scoreFormatter(captionValues(points)))).toBe(
      'supraScore in 4 snapshots, from 40.01 on 2026-09-18 to 40.02 on 2026-09-21; lowest 40.01, highest 45.0.',
    );
    expect(captionValues([])).toEqual([]);
  });

  it('says in words what the chart shows', () => {
    expect(describeSeries('supraScore', [p(1, 40), p(2, 45), p(3, 42)], (v) => v.toFixed(1))).toBe(
      'supraScore in 3 snapshots, from 40.0 on 2026-09-18 to 42.0 on 2026-09-20; lowest 40.0, highest 45.0.',
    );
    expect(describeSeries('Model rank', [p(1, 3), p(2, 1)], String, 'rank')).toContain('best 1, worst 3');
  });
});
