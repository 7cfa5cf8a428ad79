/**
 * The body of `/tags/{tag}/` and of its further pages: the models carrying the tag (the API's
 * ranking), the models measured on its benchmarks (the mirror's own), a page of each, and the
 * benchmarks tagged with it.
 */
import { MIN_COVERAGE } from '../site/data/tag-measurement.ts';
import { formatCount, formatScore, formatShare, plural } from '../site/format/format.ts';
import { formatRank, RANK_LABEL, type Ranked } from '../site/format/ranks.ts';
import { benchHref, href, modelHref, tagFeedHref, tagHref } from '../site/links/links.ts';
import { rankHref } from '../site/lists/rank-list.ts';
import type { TagPage } from '../site/routes/tag.ts';
import { html, type Markup } from './parts/html.ts';
import type { PageHead } from './chrome.ts';
import { tagPagePath } from '../site/links/output-paths.ts';
import { moreResultsHtml } from './parts/more-results.ts';
import { pagerHtml } from './parts/pager.ts';
import { tableHtml } from './parts/table.ts';
import { listRowHtml, modelCellHtml, rankCellHtml, type RowCells } from './parts/list-table.ts';
import type { TagModel } from '../site/data/types.ts';

/** The heading of the column a table is sorted by, highest first. */
const sortedHead = (label: string) => html`<th scope="col" class="num" aria-sort="descending">${label}</th>`;

/** "101–177 of 177", or nothing when a page shows none. */
const showing = (shown: number, total: number, start: number) =>
  shown === 0 ? '' : `${formatCount(start + 1)}–${formatCount(start + shown)} of ${formatCount(total)}`;

/** What a page of a tag says of itself to the layout: its card and its feed. */
export const tagHead = ({ tag, page, card }: TagPage): PageHead => ({
  path: tagPagePath(tag, page),
  title: page === 1 ? `Best at ${tag.tag}` : `Best at ${tag.tag}, page ${page}`,
  section: 'tags',
  card,
  feed: { href: tagFeedHref(tag), title: `Changes of the models tagged ${tag.tag}` },
  description: `The models carrying the tag ${tag.tag}, ranked by supraScore, and the models measured on its ${plural(tag.benchList.length, 'benchmark')}.`,
});

export function tagPageHtml(route: TagPage): Markup {
  const { tag, page, pages, measured } = route;
  // prettier-ignore
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/tags/')}">Tags</a></li>
        ${page === 1
          ? html`<li> <span aria-current="page">${tag.tag}</span> </li>`
          : html`<li> <a href="${tagHref(tag)}">${tag.tag}</a> </li> <li> <span aria-current="page">page ${page}</span> </li>`}
      </ol>
    </nav>
    <h1> Best at <span class="tag-title">${tag.tag}</span>${page > 1 && html`<span class="sub"> Page ${page} of ${pages} </span>`} </h1>
    <p class="lede">
      In this snapshot ${plural(tag.modelList.length, 'model')} (${plural(tag.configurations.length, 'configuration')}) carry this tag, and
      ${plural(tag.benchList.length, 'benchmark')}
      ${tag.benchList.length === 1 ? 'is' : 'are'} tagged with it.${!tag.inTaxonomy && ' Rows carry it; the taxonomy does not list it.'}
      ${tag.inTaxonomy && tag.models !== tag.modelList.length && ` (The API’s taxonomy reports ${formatCount(tag.models)} for this tag, counted its own way after vote thresholding.)`}
    </p>
    <div class="rankings">
      <section>
        <h2 id="carrying">Models carrying the tag</h2>
        <p class="meta">
          As the API’s <code>/v1/best</code> ranks them: by supraScore, one row per model (its best configuration carrying the tag). “Among these” ranks them against
          each other; the model rank is the leaderboard’s.
        </p>
        ${carryingHtml(route)}
      </section>
      <section>
        <h2 id="measured">Measured on this tag’s benchmarks</h2>
        <p class="meta">
          <strong>The mirror’s own computation, not an API score:</strong> the effectiveWeight-weighted mean of each model’s counting normalized scores on the
          ${plural(tag.benchList.length, 'benchmark')} tagged ${tag.tag}, from one configuration per model. Coverage is the share of the benchmarks’ weight its scores cover; below
          ${formatShare(MIN_COVERAGE)} a model is listed apart, not ranked. <a href="${href('/about/#measured')}">How it is computed</a>
          ${measured.weights.equalWeights && ' These benchmarks all carry zero weight, so each counts the same here.'}
          ${route.rankWeights !== undefined &&
          html`· <a href="${rankHref({ w: route.rankWeights })}"
              >${route.rankWeights.includes('*') ? 'Rank with this capability weighed three times the others' : 'Rank by this capability'} with the evidence
              method, or weigh it with others</a
            >`}
        </p>
        ${measuredHtml(route)}
      </section>
    </div>
    ${pagerHtml(page, pages, (n) => tagHref(tag, n), `Pages of ${tag.tag}`)}
    ${moreResultsHtml(
      route.plan,
      Math.max(route.carrying.length, route.ranked.length + route.apart.length),
      Math.max(tag.modelList.length, measured.ranked.length + measured.apart.length),
    )}
    <h2 id="benchmarks">Benchmarks tagged ${tag.tag}</h2>
    ${tag.benchList.length === 0
      ? html`<p class="note">No benchmark carries this tag in this snapshot.</p>`
      : html`<ul class="list-plain">
          ${tag.benchList.map((b) => html`<li>
              <a href="${benchHref(b)}">${b.name}</a>
              <span class="meta">
                weight ${formatScore(b.effectiveWeight)} (${formatShare((measured.weights.weights.get(b.slug) ?? 0) / measured.weights.total)} of this tag’s),
                quality ${formatScore(b.qualityScore)}
              </span>
            </li>`)}
        </ul>`}`;
}

/** A column of a tag page's ranking: the key of its cell (list-table.ts' cells of a ranked model), its heading and its class; `sorted`, the one its rows are in, highest first. */
interface TagColumn {
  key: string;
  label: string;
  class?: string;
  sorted?: true;
}
const headsOf = (columns: readonly TagColumn[]) => columns.map((c) => (c.sorted ? sortedHead(c.label) : ([c.label, c.class] as const)));

const CARRYING_COLUMNS: readonly TagColumn[] = [
  { key: 'rank', label: ' Among these ' },
  { key: 'name', label: 'Model' },
  { key: 'score', label: ' supraScore ', sorted: true },
  { key: 'modelRank', label: ' Model rank ', class: 'num' },
];
const RANKED_COLUMNS: readonly TagColumn[] = [
  { key: 'rank', label: ' Measured rank ' },
  { key: 'name', label: 'Model' },
  { key: 'score', label: ' Measured ', sorted: true },
  { key: 'coverage', label: ' Coverage ', class: 'num' },
];
const APART_COLUMNS: readonly TagColumn[] = [
  { key: 'name', label: 'Model' },
  { key: 'score', label: ' Measured ', class: 'num' },
  { key: 'coverage', label: ' Coverage ', class: 'num' },
];

/** This page's part of the models carrying the tag, as the API ranks them. */
function carryingHtml({ tag, from, carrying, providerHref }: TagPage): Markup {
  const providerLink = (name: string) => {
    const page = providerHref(name);
    return page ? html`<a class="provider" href="${page}">${name}</a>` : name;
  };
  if (tag.modelList.length === 0) return html`<p class="note">No configuration carries this tag in this snapshot.</p>`;
  if (carrying.length === 0) return html`<p class="meta">All ${plural(tag.modelList.length, 'model')} carrying this tag are on earlier pages.</p>`;
  const shown = showing(carrying.length, tag.modelList.length, from);
  // Its place and name as every ranked list draws them (the configuration that carries the tag and its vendor under the name); its score
  // without the lists' bar, which would add a third to a tag page's bytes.
  const rows: RowCells<TagModel> = {
    cells: {
      rank: (m) => rankCellHtml(formatRank({ rank: m.rank, tied: m.rankTied })),
      name: (m) =>
        modelCellHtml(
          { name: m.model.name, href: modelHref(m.model) },
          html`<span class="sub">
            ${m.configuration.name !== m.model.name && html`${m.configuration.name} · `} ${providerLink(m.configuration.provider)}
          </span>`,
        ),
      score: (m) => html`<td class="num">${m.configuration.scoreText}</td>`,
      modelRank: (m) => html`<td class="num">${m.model.rankText}</td>`,
    },
  };
  const columns = { columns: CARRYING_COLUMNS };
  // prettier-ignore
  return html`${tableHtml('carrying', headsOf(CARRYING_COLUMNS), carrying.map((m) => listRowHtml(columns, rows, m)), undefined, html` Models ${shown} carrying ${tag.tag}, by supraScore `)}
    <p class="meta">Models ${shown}.</p>`;
}

/** A model measured on the tag's benchmarks: ranked (with its measured rank), or listed apart. */
type MeasuredEntry = TagPage['apart'][number] & { rank?: Ranked };

/** This page's part of the models measured on the tag's benchmarks: the ranked ones, then those listed apart. */
function measuredHtml({ tag, from, measured, ranked, apart, apartFrom, scoredBenches }: TagPage): Markup {
  if (tag.benchList.length === 0) return html`<p class="note">No benchmark carries this tag, so nothing can be measured on it.</p>`;
  if (scoredBenches === 0) return html`<p class="note">The mirror has no per-benchmark scores on this tag’s benchmarks in this snapshot.</p>`;
  if (measured.ranked.length === 0 && measured.apart.length === 0)
    return html`<p class="note">No configuration has a counting score on this tag’s benchmarks.</p>`;
  // Its place and name as every ranked list draws them (under the name the configuration measured, and a ranked model's model rank); its
  // score without the lists' bar.
  const rows: RowCells<MeasuredEntry> = {
    cells: {
      rank: (e) => rankCellHtml(formatRank(e.rank!)),
      name: (e) =>
        modelCellHtml(
          { name: e.item.model.name, href: modelHref(e.item.model) },
          e.rank
            ? html`<span class="sub"> by ${e.item.configuration.name} · ${RANK_LABEL.model} ${e.item.model.rankText} </span>`
            : html`<span class="sub">by ${e.item.configuration.name}</span>`,
        ),
      score: (e) => html`<td class="num">${measured.valueText(e.measurement.value)}</td>`,
      coverage: (e) =>
        html`<td class="num">${formatShare(e.measurement.coverage)} <span class="sub"> ${e.measurement.benchmarks} of ${tag.benchList.length} </span></td>`,
    },
  };
  const [rankedColumns, apartColumns] = [{ columns: RANKED_COLUMNS }, { columns: APART_COLUMNS }];
  // prettier-ignore
  return html`${ranked.length > 0 && tableHtml({ label: `Models measured on the benchmarks tagged ${tag.tag}` }, headsOf(RANKED_COLUMNS), ranked.map((e) => listRowHtml(rankedColumns, rows, e)), undefined, html` Models ${showing(ranked.length, measured.ranked.length, from)} by their measured score on the benchmarks tagged ${tag.tag} `)}
    ${ranked.length > 0 && html`<p class="meta">Ranked models ${showing(ranked.length, measured.ranked.length, from)}.</p>`}
    ${apart.length > 0 && html`<h3 id="apart">Covering less than ${formatShare(MIN_COVERAGE)} of the weight: listed, not ranked</h3>
      ${tableHtml('apart', headsOf(APART_COLUMNS), apart.map((e) => listRowHtml(apartColumns, rows, e)))}
      <p class="meta">Listed apart: ${showing(apart.length, measured.apart.length, apartFrom)}.</p>`}
    ${ranked.length === 0 && apart.length === 0 && html`<p class="meta">All measured models are on earlier pages.</p>`}`;
}
