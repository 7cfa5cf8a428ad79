/**
 * Geometry of the build-time SVG charts. Only numbers leave here; labels are rendered (and
 * escaped) by the pages.
 */
import { METHOD_CHANGE_AT } from './config.ts';
import type { HistoryPoint } from './site-data.ts';

export interface HistoryChart {
  width: number;
  height: number;
  /** One path per run of comparable points: never a line across the 2026-09-17 method change. */
  segments: string[];
  points: { x: number; y: number; point: HistoryPoint }[];
  yTicks: { y: number; value: number }[];
  xLabels: { x: number; at: number; anchor: 'start' | 'end' }[];
  /** Where the method change falls inside the chart, if it does. */
  methodChangeX: number | undefined;
}

const round = (n: number) => Math.round(n * 10) / 10;

export function historyChart(points: readonly HistoryPoint[], width = 640, height = 180): HistoryChart | undefined {
  if (points.length === 0) return undefined;
  const pad = { left: 36, right: 12, top: 12, bottom: 26 };
  const times = points.map((p) => p.generatedAt);
  const scores = points.map((p) => p.supraScore);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  // Scores are relative to the field: a padded window around the data shows movement better than 0-100,
  // on round ticks (a step of 1, 2, 5, 10 or 20 points).
  const spread = Math.max(...scores) - Math.min(...scores);
  const step = [1, 2, 5, 10, 20].find((s) => s * 4 >= spread + 2) ?? 25;
  let lo = Math.max(0, Math.floor((Math.min(...scores) - 1) / step) * step);
  let hi = lo + 4 * step;
  if (hi > 100) [lo, hi] = [100 - 4 * step, 100];
  const x = (t: number) => round(t1 === t0 ? (pad.left + width - pad.right) / 2 : pad.left + ((t - t0) / (t1 - t0)) * (width - pad.left - pad.right));
  const y = (v: number) => round(pad.top + (1 - (v - lo) / (hi - lo)) * (height - pad.top - pad.bottom));

  const placed = points.map((point) => ({ x: x(point.generatedAt), y: y(point.supraScore), point }));
  const segments: string[] = [];
  let run: typeof placed = [];
  const flush = () => {
    if (run.length > 1) segments.push(run.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' '));
    run = [];
  };
  for (const p of placed) {
    const last = run[run.length - 1];
    if (last && last.point.generatedAt < METHOD_CHANGE_AT && p.point.generatedAt >= METHOD_CHANGE_AT) flush();
    run.push(p);
  }
  flush();

  const yTicks = [0, 1, 2, 3, 4].map((i) => ({ y: y(lo + i * step), value: lo + i * step }));
  const xLabels: HistoryChart['xLabels'] =
    t0 === t1
      ? [{ x: x(t0), at: t0, anchor: 'start' }]
      : [
          { x: pad.left, at: t0, anchor: 'start' },
          { x: width - pad.right, at: t1, anchor: 'end' },
        ];
  const methodChangeX = t0 < METHOD_CHANGE_AT && t1 >= METHOD_CHANGE_AT ? x(METHOD_CHANGE_AT) : undefined;
  return { width, height, segments, points: placed, yTicks, xLabels, methodChangeX };
}

export interface BarRow {
  label: string;
  value: number;
  /** Bar length in the chart's units. */
  length: number;
  y: number;
}

/** Horizontal bars for values on a fixed scale (benchmark dimensions, 1-5). */
export function barChart(rows: readonly [string, number][], max: number, width = 320, rowHeight = 24) {
  const labelWidth = 132;
  const valueWidth = 36;
  const track = width - labelWidth - valueWidth;
  return {
    width,
    height: rows.length * rowHeight,
    labelWidth,
    track,
    rowHeight,
    rows: rows.map(([label, value], i): BarRow => ({ label, value, length: round((Math.max(0, Math.min(value, max)) / max) * track), y: i * rowHeight })),
  };
}
