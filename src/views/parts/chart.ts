/**
 * A line chart's figure as HTML: the SVG paths of src/site/format/charts.ts, tick labels and dates as HTML
 * beside them (so text keeps its CSS size on any screen), a legend when there are several series,
 * and the caption that says it all in words. Made with the `html` tag: labels and the caption are
 * escaped there like every other value.
 */
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  chartCaption,
  lineChart,
  methodChangePath,
  stepChart,
  SWATCH_PATH,
  type ChartPoint,
  type LineChart,
} from '../../site/format/charts.ts';
import { formatDate } from '../../site/format/format.ts';
import { html, type Markup } from './html.ts';

export function lineChartHtml(chart: LineChart, kind: 'score' | 'rank', series: readonly { label: string }[], summary: string): Markup {
  const method = methodChangePath(chart);
  const svg = html`<svg viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" preserveAspectRatio="none" aria-hidden="true" focusable="false">
    <path class="grid" d="${chart.grid}"></path>
    ${method !== undefined && html`<path class="method" d="${method}"></path>`}${chart.paths.map((d, i) => html`<path class="line s${i}" d="${d}"></path>`)}
  </svg>`;
  const yAxis = html`<ul class="yaxis" aria-hidden="true">
    ${chart.yTicks.map((t) => html`<li style="top:${t.top}%">${t.value}</li>`)}
  </ul>`;
  const xAxis = html`<div class="xaxis" aria-hidden="true">
    <span>${formatDate(chart.from)}</span>${chart.to !== chart.from && html`<span>${formatDate(chart.to)}</span>`}
  </div>`;
  const legend =
    series.length > 1 &&
    html`<ul class="legend">
      ${series.map(
        (s, i) =>
          html`<li>
            <svg class="swatch" viewBox="0 0 24 8" aria-hidden="true" focusable="false"><path class="line s${i}" d="${SWATCH_PATH}"></path></svg>${s.label}
          </li>`,
      )}
    </ul>`;
  const caption = html`<figcaption class="meta">${chartCaption(summary, chart)}</figcaption>`;
  return html`<figure class="linechart">
    <div class="plot" data-kind="${kind}">${svg}${yAxis}</div>
    ${xAxis}${legend}${caption}
  </figure>`;
}

/** The figure of `series` (each oldest first; several get a legend), or nothing when there is no point to draw. */
export function lineFigureHtml(
  series: readonly { label: string; points: readonly ChartPoint[] }[],
  kind: 'score' | 'rank',
  summary: string,
): Markup | undefined {
  const chart = lineChart(
    series.map((s) => s.points),
    kind,
  );
  return chart && lineChartHtml(chart, kind, series, summary);
}

/**
 * A step chart's figure: the best so far as one path with a dot at each new best, its ticks and dates
 * as HTML, `labels` (what set each step, as markup) and the caption that says it all in words; nothing
 * when there is no step.
 */
export function stepFigureHtml(steps: readonly ChartPoint[], until: number, labels: Markup, summary: string): Markup | undefined {
  const chart = stepChart(steps, until);
  if (!chart) return undefined;
  // prettier-ignore
  return html`<figure class="linechart stepchart">
    <div class="plot" data-kind="score"><svg viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path class="grid" d="${chart.grid}"></path><path class="line s0" d="${chart.path}"></path><path class="line s0 dots" d="${chart.dots}"></path>
    </svg><ul class="yaxis" aria-hidden="true">
      ${chart.yTicks.map((t) => html`<li style="top:${t.top}%">${t.value}</li>`)}
    </ul></div>
    <div class="xaxis" aria-hidden="true"><span>${formatDate(chart.from)}</span>${chart.to !== chart.from && html`<span>${formatDate(chart.to)}</span>`}</div>
    ${labels}
    <figcaption class="meta">${summary}</figcaption>
  </figure>`;
}
