/**
 * The body of a page of a list (the leaderboard, the benchmarks list): its heading and lede, then the
 * list itself, as its script finds it (src/browser/list-view.ts): the root with what the page shows
 * in `data-*`, the form of its filters (laid out from the first paint, hidden only without
 * scripting), the "showing" line, the table and the pager.
 */
import { formatCount, formatDate, isoTime } from '../site/format/format.ts';
import { BENCHMARKS, benchmarkViewHref } from '../site/lists/benchmarks.ts';
import { BENCH_THRESHOLDS } from '../site/data/bench-thresholds.ts';
import { LEADERBOARD } from '../site/lists/leaderboard.ts';
import { isPlainView, showingLine, type AnySpec, type BaseView } from '../site/lists/list-spec.ts';
import { dataHref, href } from '../site/links/links.ts';
import type { BenchmarkListPage } from '../site/routes/benchmark-list.ts';
import type { LeaderboardPage } from '../site/routes/leaderboard.ts';
import type { PastLeaderboardPage, PastLinks } from '../site/routes/past.ts';
import { PAST_LEADERBOARD, type PastView } from '../site/lists/past-leaderboard.ts';
import { rankHref } from '../site/lists/rank-list.ts';
import { viewUrl } from '../site/lists/list-spec.ts';
import { historyDayFile } from '../site/lists/past-files.ts';
import { pastLinksHtml, pastWhenHtml } from './parts/past.ts';
import { SITE_TITLE } from '../site/settings/config.ts';
import { movementLegendHtml } from './chrome.ts';
import { likelyLegendHtml } from './parts/likely.ts';
import { html, type Markup } from './parts/html.ts';
import { BENCHMARK_ROWS, LEADERBOARD_ROWS, listTableHtml, PAST_ROWS, type RowCells } from './parts/list-table.ts';
import { pagerHtml } from './parts/pager.ts';
import { VERDICT_WORDS } from './parts/verdict.ts';

/** What a page of a list shows, whichever list it is. */
interface ListPageOf<Row> {
  page: number;
  pages: number;
  first: number;
  rows: Row[];
  total: number;
}

const options = (values: readonly string[]) => values.map((v) => html`<option value="${v}">${v}</option>`);

/** A filter of a list's form that picks one value of `values` (a tag, a provider), or none: `all`. */
export const selectFieldHtml = (id: string, name: string, label: string, all: string, values: readonly string[]) =>
  html`<div class="field">
    <label for="${id}">${label}</label>
    <select id="${id}" name="${name}">
      <option value="">${all}</option>
      ${options(values)}
    </select>
  </div>`;

/**
 * The list from its root down: the fold of its controls (its form, `controls`, with its search field
 * first, and what else it controls), the "showing" line, an optional note, the table and the pager.
 * On a phone the fold is one button, so the first screen shows rows; wider, it is always open.
 */
export function listHtml<Row, V extends BaseView>(
  spec: AnySpec<Row, V>,
  draw: RowCells<Row>,
  { page, pages, first, rows, total }: ListPageOf<Row>,
  parts: {
    label: string;
    table: string;
    search: { id: string; placeholder: string; hint: string };
    fields: Markup;
    /** What the fold's button says, and what it holds besides the form: before it (a date control) and after it (weights). */
    fold: { summary: string; before?: Markup; more?: Markup };
    note?: Markup;
    /** Said after the table and its pager: what the rows' markers mean. */
    after?: Markup;
    caption: string;
    /** More attributes of the root. */
    attributes?: Markup;
    /** In place of the "showing" line of the rows, and of the pager of the list's static pages. */
    status?: string;
    pager?: Markup | undefined;
    /** The sort the page's rows are in, where it is not the static pages' (a pre-rendered view's). */
    sorted?: Pick<V, 'sort' | 'dir'>;
  },
): Markup {
  const { label, search, fold } = parts;
  // prettier-ignore
  return html`<div
    data-${spec.name}
    data-page="${page}"
    data-pages="${pages}"
    data-total="${total}"
    data-page-size="${spec.pageSize}"
    data-index="${href(spec.index.path)}"
    data-site-title="${SITE_TITLE}"${parts.attributes}>
    <details class="fold" data-needs-script>
    <summary class="button">${fold.summary}</summary>
    ${fold.before}
    <form class="controls" role="search" aria-label="Filter the ${label}">
      <div class="field">
        <label for="${search.id}">Search</label>
        <input id="${search.id}" name="q" type="search" placeholder="${search.placeholder}" autocomplete="off" aria-describedby="${search.id}-hint">
      </div>
      ${parts.fields}
      <button class="button" type="reset">Reset</button>
      <p id="${search.id}-hint" class="hint">${search.hint}</p>
      <ul class="chips" aria-label="Active filters" data-chips hidden></ul>
    </form>
    ${fold.more}
    </details>
    <p class="status" aria-live="polite" data-status>${parts.status ?? showingLine(first + 1, rows.length, total, total, spec.noun)}</p>
    ${parts.note}
    <section class="table-wrap" tabindex="0" aria-label="${parts.table}"> ${listTableHtml(spec, draw, rows, parts.caption, parts.sorted)} </section>
    ${'pager' in parts ? parts.pager : pagerHtml(page, pages, spec.pageHref, spec.pagerLabel)}
    ${parts.after}
  </div>`;
}

/**
 * `/leaderboard/as-of/` and a month's end (`/leaderboard/as-of/{date}/`): the leaderboard as it stood,
 * its form with the day to show and the day to say what changed since, then the list as the
 * leaderboard's (src/site/lists/past-leaderboard.ts). A month's end has its first page; the other
 * page is drawn by its script, and without it lists the days with a page of their own.
 */
export function pastLeaderboardPageHtml(route: PastLeaderboardPage): Markup {
  const { links, day } = route;
  const view = { ...PAST_LEADERBOARD.plain, asOf: day?.record.date ?? '', page: 1 } as PastView;
  const dateField = (id: string, name: string, label: string, value = '') =>
    html`<div class="field">
      <label for="${id}">${label}</label>
      <input id="${id}" name="${name}" type="date" min="${links.first ?? ''}" max="${links.last ?? ''}" value="${value}" />
    </div>`;
  const noScript = html`<p>The days with a page of their own, readable without JavaScript:</p>
    ${pastLinksHtml(links.pages)}`;
  // prettier-ignore
  return html`<h1${day && html` data-past-heading`}>${day ? PAST_LEADERBOARD.heading(1, day.pages, view) : 'The leaderboard as it stood'}</h1>
    <p class="lede">
      ${links.keptDays === 1 ? html`The one day this site keeps, ${links.first}` : html`Any day of the ${formatCount(links.keptDays)} this site keeps${links.first && html`, from ${links.first} to ${links.last}`}`}: the models as ranked that day; with
      a second day, what changed. <a href="${href('/')}">Today’s leaderboard</a>${links.pages.length > 0 && html` ·
      <a href="${href('/changes/#as-of')}">the days with a page</a>`}
    </p>
    ${!day && html`<noscript><div class="note">${noScript}</div></noscript>`}
    ${listHtml(PAST_LEADERBOARD, PAST_ROWS, day ? { page: 1, pages: day.pages, first: 0, rows: day.rows, total: day.models } : { page: 1, pages: 1, first: 0, rows: [], total: 0 }, {
      label: 'leaderboard as it stood',
      table: 'The leaderboard as it stood',
      search: { id: 'past-q', placeholder: 'Model, provider or tag', hint: 'Search: every word must match a name, provider or tag; “coding” also finds code tags.' },
      fields: html`${dateField('past-as-of', 'asOf', 'Day', day?.record.date)}
        ${dateField('past-since', 'since', 'What changed since (optional)')}
        ${selectFieldHtml('past-tag', 'tag', 'Tag', 'All tags', day?.tags ?? [])}
        ${selectFieldHtml('past-provider', 'provider', 'Provider', 'All providers', day?.providers ?? [])}`,
      fold: { summary: 'Day, search and filters' },
      note: html`<div class="past-view">
        <div data-when>${day && pastWhenHtml(day.record, { generatedAt: day.today })}</div>
        <div data-notice hidden></div>
        <div data-range hidden></div>
      </div>`,
      caption: 'Models ranked by the supraScore of their best configuration that day',
      attributes: day ? html` data-drawn` : html` data-drawn-only`,
      // Said by the script as it draws; without it, the note above lists the days with a page.
      status: day ? undefined : '',
      // Further pages are drawn by the script; without it, a month's end is its first page.
      pager:
        day && day.pages > 1
          ? html`<div data-needs-script>${pagerHtml(1, day.pages, (n) => viewUrl(PAST_LEADERBOARD, { ...view, page: n }), PAST_LEADERBOARD.pagerLabel)}</div>
              <noscript><p class="meta">The first ${formatCount(day.rows.length)} of ${formatCount(day.models)} models; the others are in <a href="${dataHref(historyDayFile(day.record.date, links.gzipped))}">the day’s file</a>, and drawn here with JavaScript.</p></noscript>`
          : undefined,
    })}`;
}

export function leaderboardPageHtml(route: LeaderboardPage): Markup {
  const { shell, page, pages } = route;
  const pastDays = route.past.first && route.past.first !== route.past.last;
  // prettier-ignore
  return html`<h1 data-leaderboard-heading>${LEADERBOARD.heading(page, pages)}</h1>
    <p class="lede">
      ${formatCount(route.models)} models in ${formatCount(route.configurations)} configurations, ranked by <a href="${href('/about/#supra-score')}">supraScore</a>:
      the expected win rate against the current top 10. Snapshot of <time datetime="${isoTime(shell.generatedAt)}">${formatDate(shell.generatedAt)}</time>.
      <a href="${rankHref()}">Rank them by what you weigh</a>
    </p>
    ${pastDays && asOfNoScriptHtml}
    ${listHtml(LEADERBOARD, LEADERBOARD_ROWS, { ...route, total: route.models }, {
      label: 'leaderboard',
      table: 'Leaderboard table',
      search: { id: 'lb-q', placeholder: 'Model, provider or tag', hint: 'Search: every word must match a name, provider or tag; “coding” also finds code tags.' },
      fields: html`${selectFieldHtml('lb-tag', 'tag', 'Tag', 'All tags', route.tags)}
        ${selectFieldHtml('lb-provider', 'provider', 'Provider', 'All providers', route.providers)}`,
      fold: pastDays ? { summary: 'Search, filters and past days', before: asOfFormHtml(route.past) } : { summary: 'Search and filters' },
      // What the markers under the ranks mean, after the rows: a phone's first screen shows rows.
      after: html`${movementLegendHtml(shell, false)}${likelyLegendHtml(route.ranges)}`,
      caption: 'Models ranked by the supraScore of their best configuration',
    })}`;
}

/** The leaderboard as it stood on another day: a form that opens it (a date within the days kept), in the list's fold. */
function asOfFormHtml(past: PastLinks): Markup {
  // prettier-ignore
  return html`<form class="as-of" action="${past.href}" method="get">
      <label for="lb-as-of">The leaderboard as it stood on</label>
      <input id="lb-as-of" name="asOf" type="date" min="${past.first ?? ''}" max="${past.last ?? ''}" required>
      <button class="button" type="submit">Show</button>
    </form>`;
}

/** Without JavaScript, which draws the leaderboard as it stood, the days with a page of their own instead. */
const asOfNoScriptHtml = html`<noscript
  ><p class="meta as-of">The leaderboard as it stood <a href="${href('/changes/#as-of')}">at each month’s end</a>.</p></noscript
>`;

export function benchmarkListPageHtml(route: BenchmarkListPage): Markup {
  const { page, pages, benchmarks, view, total } = route;
  const own = !isPlainView(BENCHMARKS, view);
  // prettier-ignore
  return html`<h1 data-benchmarks-heading>${BENCHMARKS.heading(page, pages, view)}</h1>
    <p class="lede">
      ${formatCount(benchmarks)} benchmarks, sorted by <strong>effectiveWeight</strong>: the weight of a pairwise comparison on the benchmark in supraScore (quality ×
      difficulty × headroom, adjusted by the community's net upvotes). The number of models that ran a benchmark does not change its weight. <a href="${href('/about/#benchmarks')}">More on benchmarks and their weight</a>
    </p>
    <p class="meta views">
      <strong>Leaders</strong> is the mirror’s verdict on whether a benchmark still separates the top ${BENCH_THRESHOLDS.leaders} models (<a href="${href('/about/#leaders')}">how</a>);
      <strong>Agreement</strong> its mean rank correlation with the benchmarks it shares models with.${route.views.length > 0 && html` Views:
      ${route.views.map((v, i) => html`${i > 0 && ' · '}<a href="${benchmarkViewHref(v.segment)}"${own && v.heading === BENCHMARKS.heading(1, 1, view) && html` aria-current="page"`}>${v.heading}</a> (${formatCount(v.count)})`)}
      · <a href="${href('/data/benchmark-agreement.json')}">agreement by tag</a> (JSON)`}
    </p>
    ${listHtml(BENCHMARKS, BENCHMARK_ROWS, route, {
      label: 'benchmarks',
      table: 'Benchmarks table',
      search: { id: 'bl-q', placeholder: 'Benchmark or tag', hint: 'Search: every word must match a benchmark’s name or one of its tags; “coding” also finds code tags.' },
      fields: html`${selectFieldHtml('bl-tag', 'tag', 'Tag', 'All tags', route.tags)}
        <div class="field">
          <label for="bl-verdict">Leaders</label>
          <select id="bl-verdict" name="verdict">
            <option value="">Any verdict</option>
            ${Object.entries(VERDICT_WORDS).map(([value, words]) => html`<option value="${value}">${words.title}</option>`)}
          </select>
        </div>
        <div class="field check">
          <input id="bl-official" name="official" type="checkbox">
          <label for="bl-official">Official sources only</label>
        </div>`,
      fold: { summary: 'Search and filters' },
      caption: BENCHMARKS.caption(view),
      sorted: view,
      // A pre-rendered view says what it is filtered from, and pages through its own pages.
      ...(own && {
        status: showingLine(route.first + 1, route.rows.length, total, benchmarks, BENCHMARKS.noun),
        pager: pagerHtml(page, pages, (n) => viewUrl(BENCHMARKS, { ...view, page: n }), BENCHMARKS.pagerLabel),
      }),
    })}`;
}
