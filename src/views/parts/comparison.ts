/**
 * A comparison of two to four models as markup (src/site/compare/comparison-view.ts says what):
 * standing, whether the gap means anything, supraScore over time, and per-benchmark scores on the
 * benchmarks they share with deltas and sources. The pre-rendered comparisons of neighbours
 * (src/views/comparison.ts) and the comparison page's script (src/browser/compare.ts) both draw it
 * with this one view.
 */
import { NO_WEB_SOURCE, type ComparisonView, type ScoreCellView, type SharedRowView, type StandingRowView } from '../../site/compare/comparison-view.ts';
import { href } from '../../site/links/links.ts';
import { lineChartHtml } from './chart.ts';
import { html, type Markup } from './html.ts';
import { tableHtml, type Column } from './table.ts';

// prettier-ignore
const standingRow = (r: StandingRowView) =>
  html`<tr>
    <th scope="row"><a href="${r.href}">${r.name}</a> <span class="sub"><a class="provider" href="${r.providerHref}">${r.provider}</a></span></th>
    <td class="num">${r.score}</td>
    <td class="num">${r.rank} <span class="sub">${r.of}</span></td>
    <td><a href="${r.configurationHref}">${r.configuration}</a> <span class="sub">its best configuration</span></td>
    <td class="num">${r.counted}</td>
  </tr>`;

// prettier-ignore
const scoreCell = (c: ScoreCellView) =>
  html`<td class="num">${c.value}${c.delta !== undefined && html` <span class="sub">${c.delta}</span>`} <span class="sub">${c.source ? html`<a href="${c.source.href}" rel="external nofollow">${c.source.host}</a>` : NO_WEB_SOURCE}</span> <span class="sub">accessed <time datetime="${c.accessedIso}">${c.accessedDate}</time>${c.more}</span></td>`;

const sharedRow = (r: SharedRowView) =>
  html`<tr>
    <th scope="row">${r.href === undefined ? r.name : html`<a href="${r.href}">${r.name}</a>`} <span class="sub">${r.weight}</span></th>
    ${r.cells.map(scoreCell)}
    <td>${r.higher}</td>
  </tr>`;

/** The standing of the compared models: each one's score, model rank, best configuration and benchmarks. */
const STANDING_COLUMNS: readonly Column[] = [
  ['Model'],
  ['supraScore', 'num'],
  ['Model rank', 'num'],
  ['Scored by'],
  ['Benchmarks with a counting score', 'num'],
];

/** The comparison section, `<div data-comparison>`: whatever parts `view` holds (the page's template holds them all). */
export function comparisonHtml(view: ComparisonView): Markup {
  const { chart, shared } = view;
  return html`<div data-comparison>
    <h2 id="standing">Standing</h2>
    ${tableHtml('standing', STANDING_COLUMNS, view.standing.map(standingRow))}
    <h2 id="gap">Is the gap meaningful?</h2>
    <ul class="gap">
      ${view.gap.map((s) => html`<li>${s}</li>`)}
    </ul>
    <p class="meta">
      Resamples of the benchmarks and evidence scores are the mirror’s computation, not the API’s: <a href="${href('/about/#evidence')}">how they are made</a>.
    </p>
    <h2 id="over-time">supraScore over time</h2>
    ${
      chart &&
      lineChartHtml(
        chart.chart,
        chart.kind,
        chart.labels.map((label) => ({ label })),
        chart.summary,
      )
    }
    <h2 id="shared">Shared benchmarks</h2>
    ${view.noShared !== undefined && html`<p class="note">${view.noShared}</p>`}
    ${
      shared &&
      html`<p class="meta">${shared.intro}</p>
        <section class="table-wrap" tabindex="0" aria-labelledby="shared">
          <table class="sticky-first">
            <thead>
              <tr>
                <th scope="col">Benchmark</th>
                ${shared.models.map((name) => html`<th scope="col" class="num">${name}</th>`)}
                <th scope="col">Higher</th>
              </tr>
            </thead>
            <tbody>
              ${shared.rows.map(sharedRow)}
            </tbody>
          </table>
        </section>`
    }
  </div>`;
}

/** The models of the comparison tool, each with its button that takes it out (in the order given). */
export const chosenHtml = (models: readonly { name: string; href: string }[]): Markup =>
  html`${models.map(
    (m) =>
      html`<li>
        <a href="${m.href}">${m.name}</a> <button type="button" class="button">Remove <span class="visually-hidden">${m.name}</span></button>
      </li>`,
  )}`;
