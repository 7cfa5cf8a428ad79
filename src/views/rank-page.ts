/**
 * The body of `/rank/`: what it does, the weights (presets, a weight per capability, and per
 * benchmark behind a fold the script fills), then the list as the leaderboard's (list-page.ts) with
 * the ranking as the source weighs as its first, static rows. Without JavaScript it says so and
 * links each capability's page, which ranks the models measured on its benchmarks.
 */
import { formatCount } from '../site/format/format.ts';
import { href } from '../site/links/links.ts';
import { RANK, type RankView } from '../site/lists/rank-list.ts';
import type { RankPage } from '../site/routes/rank.ts';
import { MAX_WEIGHT } from '../site/evidence/weights.ts';
import { html, type Markup } from './parts/html.ts';
import { RANK_ROWS } from './parts/rank-rows.ts';
import { PRESETS, rankAboutHtml, rankLegendHtml, rankSummaryHtml, weightInputHtml } from './parts/rank.ts';
import { pagerHtml } from './parts/pager.ts';
import { viewUrl } from '../site/lists/list-spec.ts';
import { listHtml, selectFieldHtml } from './list-page.ts';

function weightsHtml(route: RankPage): Markup {
  // prettier-ignore
  return html`<form class="weights" data-weights aria-label="Weights">
    <div class="field">
      <label for="rank-preset">Weigh</label>
      <select id="rank-preset" data-preset>
        <option value="${PRESETS.source}" selected>as the source weighs</option>
        <option value="${PRESETS.alike}">every benchmark alike</option>
        <option value="${PRESETS.own}" disabled>by your own weights</option>
        <optgroup label="one capability only">
          ${route.tags.map((t) => html`<option value="${PRESETS.tag}${t.segment}">${t.name}</option>`)}
        </optgroup>
      </select>
    </div>
    <div class="field check">
      <input id="rank-alike" type="checkbox" data-alike>
      <label for="rank-alike">Every benchmark alike (1, not its effectiveWeight)</label>
    </div>
    <fieldset class="tag-weights">
      <legend>Weight of each capability, 0 to ${MAX_WEIGHT}</legend>
      <p class="hint">A benchmark with several capabilities takes the largest of their weights; 0 leaves it out.</p>
      <ul class="weight-list">
        ${route.tags.map((t) => weightInputHtml(`wt-${t.segment}`, `${t.name} (${t.benchmarks})`, 1, html`data-tag="${t.segment}"`))}
        ${weightInputHtml('rank-rest', 'any other benchmark', 1, html`data-rest`)}
      </ul>
    </fieldset>
    <details class="bench-weights" data-bench-weights>
      <summary>Weight of each benchmark (${formatCount(route.benchmarks)})</summary>
      <p class="hint">In place of its capabilities’ weight.</p>
      <div data-bench-list></div>
    </details>
  </form>`;
}

export function rankPageHtml(route: RankPage): Markup {
  // prettier-ignore
  return html`<h1 data-rank-heading>${RANK.heading(1, route.pages)}</h1>
    <p class="lede">
      Weigh capabilities and benchmarks your way: the models re-rank in your browser by <a href="${href('/about/#rank')}">the evidence behind supraScore</a>,
      each benchmark’s effectiveWeight times your weight (only their proportions count). The mirror’s computation, not the source’s; a link keeps your weights.
    </p>
    <noscript><div class="note">
      <p>
        Ranking by your own weights runs in your browser, which needs JavaScript. Below is the ranking as the source weighs; each capability’s page ranks
        the models measured on its benchmarks, without JavaScript:
      </p>
      <ul class="tag-links">${route.tags.map((t) => html` <li><a href="${t.href}">${t.name}</a></li>`)}</ul>
    </div></noscript>
    ${listHtml(RANK, RANK_ROWS, { page: 1, pages: route.pages, first: 0, rows: route.rows, total: route.total }, {
      label: 'ranking',
      attributes: html` data-source-ranges="${href(route.sourceRanges)}"`,
      table: 'The models ranked by the weights chosen',
      search: { id: 'rank-q', placeholder: 'Model or provider', hint: 'Search: every word must match a model’s name or provider.' },
      fields: html`${selectFieldHtml('rank-provider', 'provider', 'Provider', 'All providers', route.providers)}`,
      fold: { summary: 'Weights, search and filters', more: weightsHtml(route) },
      note: html`<div class="rank-view">
        <div data-rank-summary>${rankSummaryHtml(route.summary)}</div>
        <div data-rank-notes hidden></div>
      </div>`,
      // What the ranges under the ranks are, after the rows: a phone's first screen shows rows.
      after: html`<div data-rank-legend>${rankLegendHtml(route.ranges)}</div>`,
      caption: RANK.caption(),
      // Further pages are drawn by the script from the data; without it, the note above links each capability's page.
      pager: route.pages > 1 ? html`<div data-needs-script>${pagerHtml(1, route.pages, (n) => viewUrl(RANK, { ...RANK.plain, page: n } as RankView), RANK.pagerLabel)}</div>` : undefined,
    })}
    <div class="rank-about" data-rank-about>${rankAboutHtml(route.summary)}</div>`;
}
