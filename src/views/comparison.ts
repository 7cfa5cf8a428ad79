/**
 * Two to four models side by side (src/site/compare/comparison-view.ts says what): standing, whether the gap
 * means anything, supraScore over time, and per-benchmark scores on the benchmarks they share with
 * deltas and sources. The pre-rendered comparisons of neighbours are this string, and the comparison
 * page holds it in a `<template>` for its script to fill (src/browser/compare.ts): one renderer.
 */
import {
  comparisonView,
  NO_WEB_SOURCE,
  type ComparisonView,
  type ScoreCellView,
  type SharedRowView,
  type StandingRowView,
} from '../site/compare/comparison-view.ts';
import { compareHref, href, modelHref } from '../site/links/links.ts';
import type { ModelFile } from '../site/files/model-file.ts';
import type { EvidenceFacts } from '../site/evidence/evidence-file.ts';
import { RANK_LABEL } from '../site/format/ranks.ts';
import type { Comparison, Model } from '../site/data/site-data.ts';
import { lineChartHtml } from './chart-html.ts';
import { html, type Markup } from './parts/html.ts';

/** The page of a pre-rendered comparison of two neighbours, `a` the better ranked; `files` are theirs, in that order. */
export function comparisonPageHtml(comparison: Comparison, [a, b]: readonly [Model, Model], files: readonly ModelFile[], evidence: EvidenceFacts): Markup {
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/')}">Leaderboard</a></li>
        <li><a href="${href('/compare/')}">Compare</a></li>
        <li><span aria-current="page">${a.name} vs ${b.name}</span></li>
      </ol>
    </nav>
    <h1>${a.name} vs ${b.name}</h1>
    <p class="lede">
      Neighbours in the ranking: <a href="${a.href}">${a.name}</a> (${RANK_LABEL.model} ${a.rankText}) and
      <a href="${b.href}">${b.name}</a> (${RANK_LABEL.model} ${b.rankText}), each represented by its best configuration.
    </p>
    ${comparisonHtml(comparisonView(files, evidence))}
    <p class="meta">
      <a href="${compareHref(comparison.models)}">Open this comparison in the comparison tool</a> to add up to two more models (needs JavaScript).
    </p>`;
}

// Each filled value starts its element or follows a tag directly, so the script sets exactly the text the server wrote.
const standingRow = (r: StandingRowView) =>
  html`<tr>
    <th scope="row"><a href="${r.href}">${r.name}</a> <span class="sub">${r.provider}</span></th>
    <td class="num">${r.score}</td>
    <td class="num">${r.rank} <span class="sub">${r.of}</span></td>
    <td><a href="${r.configurationHref}">${r.configuration}</a> <span class="sub">its best configuration</span></td>
    <td class="num">${r.counted}</td>
  </tr>`;

// On one line: a line break before the value would be a space that the script does not write.
// prettier-ignore
const scoreCell = (c: ScoreCellView) =>
  html`<td class="num">${c.value}${c.delta !== undefined && html` <span class="sub">${c.delta}</span>`} <span class="sub">${c.source ? html`<a href="${c.source.href}" rel="external nofollow">${c.source.host}</a>` : NO_WEB_SOURCE}</span> <span class="sub">accessed <time datetime="${c.accessedIso}">${c.accessedDate}</time>${c.more}</span></td>`;

const sharedRow = (r: SharedRowView) =>
  html`<tr>
    <th scope="row">${r.href === undefined ? r.name : html`<a href="${r.href}">${r.name}</a>`} <span class="sub">${r.weight}</span></th>
    ${r.cells.map(scoreCell)}
    <td>${r.higher}</td>
  </tr>`;

/** The comparison section, `<div data-comparison>`: whatever parts `view` holds (the page's template holds them all). */
export function comparisonHtml(view: ComparisonView): Markup {
  const { chart, shared } = view;
  return html`<div data-comparison>
    <h2 id="standing">Standing</h2>
    <section class="table-wrap" tabindex="0" aria-labelledby="standing">
      <table class="sticky-first">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col" class="num">supraScore</th>
            <th scope="col" class="num">Model rank</th>
            <th scope="col">Scored by</th>
            <th scope="col" class="num">Benchmarks with a counting score</th>
          </tr>
        </thead>
        <tbody>
          ${view.standing.map(standingRow)}
        </tbody>
      </table>
    </section>
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
