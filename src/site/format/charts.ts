/**
 * Geometry of the line charts, for the build and for the browser alike. A chart is one SVG path per
 * series in a 1000 × 400 box that stretches to its container, drawn compactly: whole units and
 * relative steps (`M12 80l8-3 8 2`), about 6 bytes a point, with its labels as HTML beside it
 * (so text keeps its CSS size on any screen). Only numbers leave here; labels are escaped by
 * whoever renders them.
 */
import { formatDate } from './format.ts';
import { METHOD_CHANGE_AT } from './method-change.ts';

export interface ChartPoint {
  t: number;
  v: number;
}

export interface LineChart {
  /** One `d` per series: a subpath per run of comparable points, a zero-length one for a lone point. */
  paths: string[];
  /** Horizontal grid lines as one path. */
  grid: string;
  /** Tick labels at `top` percent of the plot's height. */
  yTicks: { value: number; top: number }[];
  /** First and last time, for the labels under the plot. */
  from: number;
  to: number;
  /** Where the 2026-09-17 method change falls, in percent of the width, if inside the chart. */
  methodChange: number | undefined;
}

export const CHART_WIDTH = 1000;
export const CHART_HEIGHT = 400;
/** Room at the top and bottom so a stroke on the first or last tick is not cut. */
const PAD = 20;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Lowest and highest of `values` (not `Math.min(...values)`: a long series would be as many arguments). */
function extent(values: readonly number[]): [number, number] {
  let [min, max] = [Infinity, -Infinity];
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}

/** Five round ticks (a step of 1, 2, 5, 10, 20 or 25) around values on a 0-100 scale. */
function scoreTicks(values: number[]): number[] {
  const [min, max] = extent(values);
  const spread = max - min;
  const step = [1, 2, 5, 10, 20].find((s) => s * 4 >= spread + 2) ?? 25;
  let lo = Math.max(0, Math.floor((min - 1) / step) * step);
  if (lo + 4 * step > 100) lo = 100 - 4 * step;
  return [0, 1, 2, 3, 4].map((i) => lo + i * step);
}

/** Ticks for ranks, best (1) on top: whole numbers from 1 to a round number at or above the worst. */
function rankTicks(values: number[]): number[] {
  const worst = Math.max(2, extent(values)[1]);
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000].find((s) => s * 4 >= worst - 1) ?? Math.ceil((worst - 1) / 4);
  return [0, 1, 2, 3, 4].map((i) => 1 + i * step);
}

const [M, L, H, SPACE, ZERO, MINUS] = ['M', 'l', 'h', ' ', '0', '-'].map((c) => c.charCodeAt(0)) as [number, number, number, number, number, number];

/**
 * A path's characters as codes, made into one string at its end: written as strings, each step
 * of a path was a few strings (its numbers' and their joins), and charts are drawn on tens of
 * thousands of pages. Numbers are written as `String(n)` writes them.
 */
const path = {
  codes: [] as number[],
  start(): number[] {
    this.codes.length = 0;
    return this.codes;
  },
  number(n: number): void {
    const codes = this.codes;
    if (!Number.isSafeInteger(n)) {
      for (const c of String(n)) codes.push(c.charCodeAt(0));
      return;
    }
    if (n < 0) {
      codes.push(MINUS);
      n = -n;
    }
    const first = codes.length;
    do {
      codes.push(ZERO + (n % 10));
      n = Math.floor(n / 10);
    } while (n > 0);
    for (let i = first, j = codes.length - 1; i < j; i++, j--) {
      const digit = codes[i]!;
      codes[i] = codes[j]!;
      codes[j] = digit;
    }
  },
  text(): string {
    const { codes } = this;
    // fromCharCode takes the codes as arguments: a few thousand at a time.
    if (codes.length <= 4096) return String.fromCharCode.apply(null, codes);
    let out = '';
    for (let i = 0; i < codes.length; i += 4096) out += String.fromCharCode.apply(null, codes.slice(i, i + 4096));
    return out;
  },
};

/**
 * Lays out `series` (each oldest first) on one time axis. `kind: 'rank'` puts 1 on top; `'score'`
 * fits round ticks around the data. Points before 2026-09-17 are never joined to later ones.
 */
export function lineChart(series: readonly (readonly ChartPoint[])[], kind: 'score' | 'rank' = 'score'): LineChart | undefined {
  // One pass for the extent: a year of history is hundreds of points a series, on tens of thousands of pages.
  let [t0, t1] = [Infinity, -Infinity];
  const values: number[] = [];
  for (const points of series) {
    for (const p of points) {
      if (p.t < t0) t0 = p.t;
      if (p.t > t1) t1 = p.t;
      values.push(p.v);
    }
  }
  if (values.length === 0) return undefined;
  const ticks = kind === 'rank' ? rankTicks(values) : scoreTicks(values);
  const lo = ticks[0]!;
  const hi = ticks[4]!;
  // Whole units: a 1000 × 400 box is finer than any screen draws it.
  const x = (t: number) => Math.round(t1 === t0 ? CHART_WIDTH / 2 : ((t - t0) / (t1 - t0)) * CHART_WIDTH);
  const share = (v: number) => (kind === 'rank' ? (v - lo) / (hi - lo) : 1 - (v - lo) / (hi - lo));
  const y = (v: number) => Math.round(PAD + share(v) * (CHART_HEIGHT - 2 * PAD));

  const paths = series.map((points) => {
    const d = path.start();
    let run = 0;
    let px = 0;
    let py = 0;
    let previous: number | undefined;
    for (const p of points) {
      const nx = x(p.t);
      const ny = y(p.v);
      // A point before the method change is never joined to a later one: a new subpath starts.
      if (previous !== undefined && previous < METHOD_CHANGE_AT && p.t >= METHOD_CHANGE_AT) {
        if (run === 1) d.push(H, ZERO);
        run = 0;
      }
      if (run === 0) {
        d.push(M);
        path.number(nx);
        d.push(SPACE);
        path.number(ny);
      } else {
        const dy = ny - py;
        d.push(run === 1 ? L : SPACE);
        path.number(nx - px);
        if (!(dy < 0)) d.push(SPACE);
        path.number(dy);
      }
      px = nx;
      py = ny;
      previous = p.t;
      run++;
    }
    // A lone point is a zero-length stroke, which a round cap draws as a dot.
    if (run === 1) d.push(H, ZERO);
    return path.text();
  });
  const yTicks = ticks.map((value) => ({ value, top: round1((y(value) / CHART_HEIGHT) * 100) }));
  return {
    paths,
    grid: yTicks.map((t) => `M0 ${y(t.value)}H${CHART_WIDTH}`).join(''),
    yTicks,
    from: t0,
    to: t1,
    methodChange: t0 < METHOD_CHANGE_AT && t1 >= METHOD_CHANGE_AT ? round1((x(METHOD_CHANGE_AT) / CHART_WIDTH) * 100) : undefined,
  };
}

export interface StepChart {
  /** The best so far as one path: level until the next best, then up to it. */
  path: string;
  /** A dot at each new best: zero-length subpaths, which a round cap draws. */
  dots: string;
  grid: string;
  yTicks: { value: number; top: number }[];
  from: number;
  to: number;
}

/**
 * A step chart of `steps` (each a new best, oldest first, on a 0–100 scale), held level from the last
 * to `until` (the snapshot's time, where it is later): a path of a few segments a step.
 */
export function stepChart(steps: readonly ChartPoint[], until: number): StepChart | undefined {
  if (steps.length === 0) return undefined;
  const t0 = steps[0]!.t;
  const t1 = Math.max(until, steps.at(-1)!.t);
  const ticks = scoreTicks(steps.map((p) => p.v));
  const [lo, hi] = [ticks[0]!, ticks[4]!];
  const x = (t: number) => Math.round(t1 === t0 ? CHART_WIDTH / 2 : ((t - t0) / (t1 - t0)) * CHART_WIDTH);
  const y = (v: number) => Math.round(PAD + (1 - (v - lo) / (hi - lo)) * (CHART_HEIGHT - 2 * PAD));
  let path = `M${x(t0)} ${y(steps[0]!.v)}`;
  for (const p of steps.slice(1)) path += `H${x(p.t)}V${y(p.v)}`;
  path += `H${t1 === t0 ? CHART_WIDTH : x(t1)}`;
  const yTicks = ticks.map((value) => ({ value, top: round1((y(value) / CHART_HEIGHT) * 100) }));
  return {
    path,
    dots: steps.map((p) => `M${x(p.t)} ${y(p.v)}h0`).join(''),
    grid: yTicks.map((t) => `M0 ${y(t.value)}H${CHART_WIDTH}`).join(''),
    yTicks,
    from: t0,
    to: t1,
  };
}

/** The dashed line at the 2026-09-17 method change, when the chart spans it. */
export const methodChangePath = (chart: LineChart) =>
  chart.methodChange === undefined ? undefined : `M${(chart.methodChange / 100) * CHART_WIDTH} 0V${CHART_HEIGHT}`;

/** A legend entry's stroke: the series' own line class on this path. */
export const SWATCH_PATH = 'M2 4H22';

const METHOD_NOTE = ' Dashed line: the 2026-09-17 change of the supraScore method; values on either side are not comparable and are not joined.';

/** A chart's caption: what it shows in words, and what its dashed line means when it has one. */
export const chartCaption = (summary: string, chart: LineChart) => (chart.methodChange === undefined ? summary : summary + METHOD_NOTE);

/** The values a caption (describeSeries) prints: first, last, lowest and highest; a formatter needs to tell only these apart. */
export function captionValues(points: readonly ChartPoint[]): number[] {
  if (points.length === 0) return [];
  let [low, high] = [points[0]!.v, points[0]!.v];
  for (const { v } of points) [low, high] = [Math.min(low, v), Math.max(high, v)];
  return [points[0]!.v, points.at(-1)!.v, low, high];
}

/**
 * A chart in words, for its caption: "supraScore in 3 snapshots, from 84.1 on 2026-09-10 to 91.3
 * on 2026-11-16; lowest 80.2, highest 91.3." For ranks, lower is better and says so.
 */
export function describeSeries(what: string, points: readonly ChartPoint[], text: (v: number) => string, kind: 'score' | 'rank' = 'score'): string {
  if (points.length === 0) return `No history of the ${what} yet.`;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (points.length === 1) return `${what} ${text(last.v)} on ${formatDate(last.t)}: one snapshot so far; the line grows with each new one.`;
  const [low, high] = extent(points.map((p) => p.v));
  const range = kind === 'rank' ? `best ${text(low)}, worst ${text(high)}` : `lowest ${text(low)}, highest ${text(high)}`;
  return `${what} in ${points.length} snapshots, from ${text(first.v)} on ${formatDate(first.t)} to ${text(last.v)} on ${formatDate(last.t)}; ${range}.`;
}
