/**
 * A list's table (src/site/lists/list-spec.ts): its caption, its header from the spec's columns and a
 * row per item, each row a cell per column. The static pages render it, and a list's script redraws
 * its rows with the same cells for any other view. A new column is one line of a spec and its cell here
 * (/rank/'s in rank-rows.ts; a row and a ranked model's cells in list-row.ts).
 */
import { BENCHMARKS, type BenchmarkRow } from '../../site/lists/benchmarks.ts';
import { LEADERBOARD, TAGS_SHOWN, type LeaderboardRow } from '../../site/lists/leaderboard.ts';
import { PAST_LEADERBOARD, placesSince, type PastRow } from '../../site/lists/past-leaderboard.ts';
import { formatDate } from '../../site/format/format.ts';
import { formatRank } from '../../site/format/ranks.ts';
import { METHOD_CHANGE_AT } from '../../site/format/method-change.ts';
import type { AnySpec, BaseView } from '../../site/lists/list-spec.ts';
import { formatCount, formatScore, plural } from '../../site/format/format.ts';
import { html, type Markup } from './html.ts';
import { listRowHtml, modelCellHtml, rankCellHtml, scoreCellHtml, type CellsOf, type RowCells } from './list-row.ts';
import { movementHtml } from './movement.ts';
import { likelyHtml, tiedHtml } from './likely.ts';
import { tagListHtml } from './tag-list.ts';
import { rhoText, verdictHtml } from './verdict.ts';

// A row and a ranked model's cells, which other tables draw too.
export { listRowHtml, modelCellHtml, rankCellHtml, scoreCellHtml, type Columns, type RowCells } from './list-row.ts';

/** The table of a page of the list: its caption, the header (the page's sort marked: the static pages', or a pre-rendered view's), the rows. */
export function listTableHtml<Row, V extends BaseView>(
  spec: AnySpec<Row, V>,
  draw: RowCells<Row>,
  rows: readonly Row[],
  caption: string,
  { sort, dir }: Pick<V, 'sort' | 'dir'> = spec.plain,
): Markup {
  const head = spec.columns.map(
    (c, i) =>
      // prettier-ignore
      html`${i > 0 && ' '}<th scope="col"${c.sort && html` data-sort="${c.key}"`}${c.class && html` class="${c.class}"`}${
        c.sort && c.key === sort && html` aria-sort="${dir === 'asc' ? 'ascending' : 'descending'}"`
      }>${c.label}</th>`,
  );
  // A caption that says the sort changes with the view: the script rewrites it. White space as the pages had it, which prettier would change.
  // prettier-ignore
  return html`<table> <caption class="visually-hidden"${spec.caption && html` data-caption`}>${caption}</caption> <thead> <tr> ${head} </tr> </thead> <tbody> ${rows.map((row) => listRowHtml(spec, draw, row))} </tbody> </table>`;
}

/** A model's configurations beneath its name: the list of them, or the one whose name is not the model's. */
function configurationsHtml(row: {
  name: string;
  configurations: readonly { name: string; href: string | undefined; scoreText: string }[];
}): Markup | undefined {
  const several = row.configurations.length > 1;
  const only = row.configurations[0]?.name;
  const named = (c: { name: string; href: string | undefined }) => (c.href ? html`<a href="${c.href}">${c.name}</a>` : c.name);
  if (several)
    return html`<details class="configs">
      <summary>${plural(row.configurations.length, 'configuration')}</summary>
      <ul>
        ${row.configurations.map((c) => html`<li>${named(c)} <span class="s">${c.scoreText}</span></li>`)}
      </ul>
    </details>`;
  return only !== undefined && only !== row.name ? html`<span class="sub">${only}</span>` : undefined;
}

export const LEADERBOARD_ROWS: RowCells<LeaderboardRow> & { cells: CellsOf<typeof LEADERBOARD, LeaderboardRow> } = {
  id: (row) => row.id,
  cells: {
    rank: (row) => rankCellHtml(row.rankText, [html`${movementHtml(row.movement)}${row.tiedAbove && tiedHtml()}${row.likely && likelyHtml(row.likely)}`]),
    name: (row) =>
      modelCellHtml(
        row,
        html`<span class="sub narrow-only"><a class="provider" href="${row.providerHref}">${row.provider}</a></span> ${configurationsHtml(row)}`,
      ),
    provider: (row) => html`<td class="wide-only provider"><a href="${row.providerHref}">${row.provider}</a></td>`,
    score: (row) => scoreCellHtml(row.scoreText, row.supraScore),
    benchCount: (row) => html`<td class="num wide-only">${formatCount(row.benchCount)}</td>`,
    tags: (row) => html`<td class="wide-only">${tagListHtml(row.tags, TAGS_SHOWN)}</td>`,
  },
};

/** A past day's vendor: its page where it makes one of today's models, else its name, or that the history did not record it (under the name, already small print). */
const pastProviderHtml = (row: PastRow, underName = false) =>
  row.providerHref
    ? html`<a${underName && html` class="provider"`} href="${row.providerHref}">${row.provider}</a>`
    : row.provider || (underName ? 'vendor unknown' : html`<span class="sub">vendor unknown</span>`);

/** Where a model of a past day stands today: its model rank now and its move since, "gone since", or no move across the method change. */
function sinceThenHtml(row: PastRow): Markup {
  if (!row.now) return html`<span class="sub now">gone since</span>`;
  const moved = placesSince(row);
  const marker =
    moved === undefined
      ? html`<span class="visually-hidden">(not comparable: the supraScore method changed on ${formatDate(METHOD_CHANGE_AT)})</span>`
      : moved === 0
        ? html`<span class="movement same"><span aria-hidden="true">–</span><span class="visually-hidden">unchanged since</span></span>`
        : html`<span class="movement ${moved > 0 ? 'up' : 'down'}"
            ><span aria-hidden="true">${moved > 0 ? `▲${moved}` : `▼${-moved}`}</span
            ><span class="visually-hidden">${moved > 0 ? `up ${moved}` : `down ${-moved}`} since</span></span
          >`;
  return html`<span class="sub now">now ${formatRank(row.now.rank)} ${marker}</span>`;
}

/** The leaderboard as it stood on a past day: the leaderboard's cells, with its rank then and now, and what the history did not record said so. */
export const PAST_ROWS: RowCells<PastRow> & { cells: CellsOf<typeof PAST_LEADERBOARD, PastRow> } = {
  cells: {
    rank: (row) => rankCellHtml(row.rankText, [sinceThenHtml(row)]),
    name: (row) => modelCellHtml(row, html`<span class="sub narrow-only">${pastProviderHtml(row, true)}</span> ${configurationsHtml(row)}`),
    provider: (row) => html`<td class="wide-only provider">${pastProviderHtml(row)}</td>`,
    score: (row) => scoreCellHtml(row.scoreText, row.supraScore),
    tags: (row) => html`<td class="wide-only">${tagListHtml(row.tags, TAGS_SHOWN)}</td>`,
  },
};

/** Weight changes smaller than this read as no change at one decimal. */
const SHOWN_CHANGE = 0.05;

export const BENCHMARK_ROWS: RowCells<BenchmarkRow> & { cells: CellsOf<typeof BENCHMARKS, BenchmarkRow> } = {
  cells: {
    position: (row) => html`<td class="num rank">${row.position}</td>`,
    // prettier-ignore
    name: (row) => html`<th scope="row"> <a href="${row.href}">${row.name}</a> ${row.isOfficial && html`<span class="official">official source</span>`} </th>`,
    weight: (row) => {
      const delta = row.previousWeight === null ? 0 : row.effectiveWeight - row.previousWeight;
      const change =
        Math.abs(delta) >= SHOWN_CHANGE &&
        html`<span class="sub ${delta > 0 ? 'up' : 'down'}">${delta > 0 ? '+' : '−'}${formatScore(Math.abs(delta))} since the previous snapshot</span>`;
      // prettier-ignore
      return html`<td class="num"> <span class="score"><span>${formatScore(row.effectiveWeight)}</span><span class="bar" style="--w:${row.effectiveWeight.toFixed(1)}%" aria-hidden="true"></span></span> ${change} </td>`;
    },
    quality: (row) => html`<td class="num quality">${formatScore(row.qualityScore)}</td>`,
    verdict: (row) => html`<td class="verdict-cell">${verdictHtml(row.verdict, row.separated, row.pairs)}</td>`,
    agreement: (row) => html`<td class="num wide-only agreement">${row.agreement === null ? '–' : rhoText(row.agreement)}</td>`,
    models: (row) => html`<td class="num wide-only models">${formatCount(row.modelCount)}</td>`,
    raters: (row) => html`<td class="num wide-only raters">${formatCount(row.raterCount)}</td>`,
    tags: (row) => html`<td class="wide-only">${tagListHtml(row.tags)}</td>`,
  },
};
