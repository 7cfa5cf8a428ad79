/**
 * The body of a page of a list (the leaderboard, the benchmarks list): its heading and lede, then the
 * list itself, as its script finds it (src/browser/list-view.ts): the root with what the page shows
 * in `data-*`, the form of its filters (laid out from the first paint, hidden only without
 * scripting), the "showing" line, the table and the pager.
 */
import { formatCount, formatDate, isoTime } from '../site/format/format.ts';
import { BENCHMARKS } from '../site/lists/benchmarks.ts';
import { LEADERBOARD } from '../site/lists/leaderboard.ts';
import { showingLine, type AnySpec, type BaseView } from '../site/lists/list-spec.ts';
import { href } from '../site/links/links.ts';
import type { BenchmarkListPage } from '../site/routes/benchmark-list.ts';
import type { LeaderboardPage } from '../site/routes/leaderboard.ts';
import { SITE_TITLE } from '../site/settings/config.ts';
import { movementLegendHtml } from './chrome.ts';
import { html, type Markup } from './parts/html.ts';
import { BENCHMARK_ROWS, LEADERBOARD_ROWS, listTableHtml, type RowCells } from './parts/list-table.ts';
import { pagerHtml } from './parts/pager.ts';

/** What a page of a list shows, whichever list it is. */
interface ListPageOf<Row> {
  page: number;
  pages: number;
  first: number;
  rows: Row[];
  total: number;
}

const options = (values: readonly string[]) => values.map((v) => html`<option value="${v}">${v}</option>`);

/** The list from its root down: the form (`controls`, its search field first), the "showing" line, an optional note, the table and the pager. */
function listHtml<Row, V extends BaseView>(
  spec: AnySpec<Row, V>,
  draw: RowCells<Row>,
  { page, pages, first, rows, total }: ListPageOf<Row>,
  parts: { label: string; table: string; search: { id: string; placeholder: string; hint: string }; fields: Markup; note?: Markup; caption: string },
): Markup {
  const { label, search } = parts;
  // prettier-ignore
  return html`<div
    data-${spec.name}
    data-page="${page}"
    data-pages="${pages}"
    data-total="${total}"
    data-page-size="${spec.pageSize}"
    data-index="${href(spec.index.path)}"
    data-site-title="${SITE_TITLE}">
    <form class="controls" data-needs-script role="search" aria-label="Filter the ${label}">
      <div class="field">
        <label for="${search.id}">Search</label>
        <input id="${search.id}" name="q" type="search" placeholder="${search.placeholder}" autocomplete="off" aria-describedby="${search.id}-hint">
      </div>
      ${parts.fields}
      <button class="button" type="reset">Reset</button>
      <p id="${search.id}-hint" class="hint">${search.hint}</p>
      <ul class="chips" aria-label="Active filters" data-chips hidden></ul>
    </form>
    <p class="status" aria-live="polite" data-status>${showingLine(first + 1, rows.length, total, total, spec.noun)}</p>
    ${parts.note}
    <section class="table-wrap" tabindex="0" aria-label="${parts.table}"> ${listTableHtml(spec, draw, rows, parts.caption)} </section>
    ${pagerHtml(page, pages, spec.pageHref, spec.pagerLabel)}
  </div>`;
}

export function leaderboardPageHtml(route: LeaderboardPage): Markup {
  const { shell, page, pages } = route;
  // prettier-ignore
  return html`<h1 data-leaderboard-heading>${LEADERBOARD.heading(page, pages)}</h1>
    <p class="lede">
      ${formatCount(route.models)} models in ${formatCount(route.configurations)} configurations, ranked by <a href="${href('/about/#supra-score')}">supraScore</a>:
      the expected win rate against the current top 10. Snapshot of <time datetime="${isoTime(shell.generatedAt)}">${formatDate(shell.generatedAt)}</time>.
    </p>
    ${listHtml(LEADERBOARD, LEADERBOARD_ROWS, { ...route, total: route.models }, {
      label: 'leaderboard',
      table: 'Leaderboard table',
      search: { id: 'lb-q', placeholder: 'Model, provider or tag', hint: 'Search: every word must match a name, provider or tag; “coding” also finds code tags.' },
      fields: html`<div class="field">
          <label for="lb-tag">Tag</label>
          <select id="lb-tag" name="tag">
            <option value="">All tags</option>
            ${options(route.tags)}
          </select>
        </div>
        <div class="field">
          <label for="lb-provider">Provider</label>
          <select id="lb-provider" name="provider">
            <option value="">All providers</option>
            ${options(route.providers)}
          </select>
        </div>`,
      note: movementLegendHtml(shell, false),
      caption: 'Models ranked by the supraScore of their best configuration',
    })}`;
}

export function benchmarkListPageHtml(route: BenchmarkListPage): Markup {
  const { page, pages, benchmarks } = route;
  // prettier-ignore
  return html`<h1 data-benchmarks-heading>${BENCHMARKS.heading(page, pages)}</h1>
    <p class="lede">
      ${formatCount(benchmarks)} benchmarks, sorted by <strong>effectiveWeight</strong>: the weight of a pairwise comparison on the benchmark in supraScore (quality ×
      difficulty × headroom, adjusted by the community's net upvotes). The number of models that ran a benchmark does not change its weight. <a href="${href('/about/#benchmarks')}">More on benchmarks and their weight</a>
    </p>
    ${listHtml(BENCHMARKS, BENCHMARK_ROWS, { ...route, total: benchmarks }, {
      label: 'benchmarks',
      table: 'Benchmarks table',
      search: { id: 'bl-q', placeholder: 'Benchmark or tag', hint: 'Search: every word must match a benchmark’s name or one of its tags; “coding” also finds code tags.' },
      fields: html`<div class="field">
          <label for="bl-tag">Tag</label>
          <select id="bl-tag" name="tag">
            <option value="">All tags</option>
            ${options(route.tags)}
          </select>
        </div>
        <div class="field check">
          <input id="bl-official" name="official" type="checkbox">
          <label for="bl-official">Official sources only</label>
        </div>`,
      caption: BENCHMARKS.caption(BENCHMARKS.plain),
    })}`;
}
