/**
 * The body of `/models/{model}/`: a model (a `familyTag`) with its configurations side by side,
 * their per-benchmark scores in one table, its supraScore and model rank over time, what changed
 * for it recently, its rank badge and the comparisons with its neighbours. One string per page:
 * there is a page per model.
 */
import { badgeTitle } from '../site/files/badges.ts';
import { badgeEmbed } from './badge-embed.ts';
import { FIELD_MOVED_KEY } from '../site/data/change-reasons.ts';
import { captionValues, describeSeries, type ChartPoint } from '../site/format/charts.ts';
import { formatCount, plural } from '../site/format/format.ts';
import { encodeMovement, movementView } from '../site/lists/movement.ts';
import { badgeHref, benchHref, compareHref, comparisonHref, configurationHref, href, modelFeedHref } from '../site/links/links.ts';
import { scoreFormatter } from '../site/format/precision.ts';
import { formatLikely, RANK_LABEL, rankMove } from '../site/format/ranks.ts';
import { evidenceLineHtml, restsOnHtml } from './parts/likely.ts';
import type { Comparison } from '../site/data/types.ts';
import type { ModelPage } from '../site/routes/model.ts';
import { lineFigureHtml } from './parts/chart.ts';
import { coverageNoteHtml, movementLegendHtml, noScoresInSnapshot, type PageHead } from './chrome.ts';
import { modelPath } from '../site/links/output-paths.ts';
import { html, type Markup } from './parts/html.ts';
import { recentChangeRowHtml, saysFieldMoved } from './model-change.ts';
import { movementHtml } from './parts/movement.ts';
import { tagListHtml } from './parts/tag-list.ts';
import { CONFIGURATION_COLUMNS, tableHtml } from './parts/table.ts';

/** The model's figures: its score, its model rank and its likely rank and set (the mirror's), its configurations and benchmarks. */
function figuresHtml(page: ModelPage): Markup {
  const { model } = page;
  const { configurations, best } = model;
  return html`<dl class="figures">
    <div>
      <dt>supraScore</dt>
      <dd>${best.scoreText} <small>its best configuration’s</small></dd>
    </div>
    <div>
      <dt>Model rank</dt>
      <dd>${model.rankText} <small>of ${formatCount(page.models)} models</small> ${movementHtml(model.movement)}</dd>
    </div>
    ${
      page.evidence.range &&
      html`<div>
        <dt>Likely model rank</dt>
        <dd>${formatLikely(page.evidence.range)} <small>the mirror’s estimate, 9 times in 10</small></dd>
      </div>`
    }${
      page.evidence.set &&
      html`<div>
        <dt>With the whole table</dt>
        <dd>${formatLikely(page.evidence.set)} <small>all models at once${page.evidence.tiedAbove ? ', tied with the one above' : ''}</small></dd>
      </div>`
    }
    <div>
      <dt>Configurations</dt>
      <dd>${configurations.length}</dd>
    </div>
    <div>
      <dt>Benchmarks</dt>
      <dd>${best.benchCount} <small>in its best configuration’s score</small></dd>
    </div>
  </dl>`;
}

/** What a model's page says of itself to the layout: its card, and its feed where the plan gives it one. */
export const modelHead = ({ model, models, card }: ModelPage): PageHead => ({
  path: modelPath(model),
  title: model.name,
  section: 'leaderboard',
  card,
  feed: model.outputs.feed ? { href: modelFeedHref(model), title: `Changes of ${model.name}` } : undefined,
  description: `${model.name} by ${model.best.provider}: ${RANK_LABEL.model} ${model.rankText} of ${models}, supraScore ${model.best.scoreText} (its best configuration's), ${plural(model.configurations.length, 'configuration')}.`,
});

export function modelPageHtml(page: ModelPage): Markup {
  const { shell, model, history } = page;
  const { configurations, best } = model;
  const scorePoints: ChartPoint[] = history.map((p) => ({ t: p.generatedAt, v: p.supraScore }));
  const rankPoints: ChartPoint[] = history.map((p) => ({ t: p.generatedAt, v: p.rank }));

  const configurationRows = configurations.map(
    (c, i) =>
      html`<tr>
        <th scope="row"><a href="${configurationHref(c)}">${c.name}</a>${c === best && html` <span class="sub">best: the model’s score</span>`}</th>
        <td class="num">${c.scoreText}</td>
        <td class="num">${c.rankText} <span class="sub">of ${formatCount(page.configurations)}</span></td>
        <td class="num">${c.benchCount}</td>
        <td class="wide-only">${c.tags.length ? tagListHtml(page.tags[i]!) : html`<span class="meta">none</span>`}</td>
      </tr>`,
  );

  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/')}">Leaderboard</a></li>
        <li><span aria-current="page">${model.name}</span></li>
      </ol>
    </nav>
    <h1>${model.name}</h1>
    <p class="lede">
      A model by <a href="${page.providerHref}">${best.provider}</a>, with ${plural(configurations.length, 'configuration')}. A model is scored by its best
      configuration: <a href="${configurationHref(best)}">${best.name}</a>.
    </p>
    ${figuresHtml(page)}
    ${movementView(encodeMovement(model.movement)) !== undefined && movementLegendHtml(shell, false)}${evidenceLineHtml(page.evidence, 'model')}
    <p class="meta">
      Family tag <code>${model.familyTag}</code>${model.rankTied && ' · “=” marks a model rank shared with another model of exactly the same score'} · Data as
      <a href="${page.dataHref}">JSON</a>
    </p>
    ${restsOnHtml(page.evidence, model.rank)}
    <h2 id="configurations">Its configurations side by side</h2>
    ${tableHtml('configurations', [...CONFIGURATION_COLUMNS, ['Tags', 'wide-only']], configurationRows)}
    <h2 id="scores">Per-benchmark scores</h2>
    ${coverageNoteHtml(shell)}${scoreMatrixHtml(page)}
    <h2>Rank and score over time</h2>
    <div class="two-charts">
      <section>
        <h3 id="chart-score">supraScore (its best configuration’s)</h3>
        ${lineFigureHtml(
          [{ label: model.name, points: scorePoints }],
          'score',
          describeSeries('supraScore', scorePoints, scoreFormatter(captionValues(scorePoints))),
        )}
      </section>
      <section>
        <h3 id="chart-rank">Model rank (1 = best)</h3>
        ${lineFigureHtml([{ label: model.name, points: rankPoints }], 'rank', describeSeries('Model rank', rankPoints, String, 'rank'))}
      </section>
    </div>
    ${history.length === 0 && html`<p class="note">No history yet for this model.</p>`}
    <p class="meta">Past model ranks group configurations by the family tag they had when the mirror last saw them, as the leaderboard does today.</p>
    ${recentHtml(page)}${page.badge && badgeHtml(page, page.badge)}${compareHtml(page)}`;
}

/** One row per benchmark any configuration has a score on, heaviest first; one column per configuration. */
function scoreMatrixHtml({ shell, model, matrix }: ModelPage): Markup | false {
  const { configurations } = model;
  if (matrix.length === 0) {
    return (
      !noScoresInSnapshot(shell) &&
      html`<p class="note">
        The mirror has no per-benchmark scores for this model’s configurations in this snapshot: the bulk export leaves them out, and the mirror fetches them
        within a request budget.
      </p>`
    );
  }
  const withDetail = configurations.filter((c) => c.hasDetail).length;
  const rows = matrix.map(({ bench, name, cells }) => {
    // Configurations are compared within a row: its scores get the digits that tell them apart.
    const text = scoreFormatter(cells.flat().map((s) => s.normalizedScore));
    // The page's largest part, as many cells as a model's configurations have scores: no white space, and no
    // markup but the values where one counting score is all a cell holds (the table's class aligns them).
    // prettier-ignore
    return html`<tr><th scope="row">${bench ? html`<a href="${benchHref(bench)}">${name}</a>` : name}</th><td class="wide-only">${bench ? bench.effectiveWeight.toFixed(1) : '—'}</td>${cells.map((cell, i) =>
      cell.length === 0
        ? html`<td><span class="meta">${configurations[i]!.hasDetail ? 'no score' : 'no data'}</span></td>`
        : cell.length === 1 && cell[0]!.counts
          ? html`<td>${text(cell[0]!.normalizedScore)}</td>`
          : html`<td>${cell.map((s) => html`<span class="cell-score">${text(s.normalizedScore)}${!s.counts && html` <span class="sub">not counted</span>`}</span>`)}</td>`,
    )}</tr>`;
  });
  return html`<p class="meta">
      Normalized scores (0–100), benchmarks by weight (effectiveWeight), one column per configuration; per-benchmark data for ${withDetail} of
      ${plural(configurations.length, 'configuration')}. Raw scores, sources and dates are
      ${model.outputs.configurationPages ? 'on each configuration’s page' : html`in <a href="${href('/data/')}">the downloads</a>`}. “not counted”: the
      submission has no more upvotes than downvotes, so it does not count toward supraScore.
    </p>
    ${tableHtml(
      'scores',
      [['Benchmark'], ['Weight', 'num wide-only'], html`${configurations.map((c) => html`<th scope="col" class="num">${c.name}</th>`)}`],
      rows,
      'matrix',
    )}`;
}

function recentHtml({ shell, model, recent, links, changeSets }: ModelPage): Markup {
  const marked = recent.some((r) => rankMove(r.change) !== 0);
  return html`<h2 id="recent">What changed recently</h2>
    ${marked && movementLegendHtml(shell, true)}
    <p class="meta">
      Each snapshot links to its entry on the changes
      page.${model.outputs.feed && html` Also as an <a href="${modelFeedHref(model)}">Atom feed</a> of this model’s changes.`}
    </p>
    ${
      recent.length === 0
        ? html`<p class="meta">
            Nothing changed for this model in the snapshots the mirror compares (${changeSets <= 1 ? 'there is no earlier snapshot yet' : 'the last few'}).
          </p>`
        : html`<section class="table-wrap" tabindex="0" aria-labelledby="recent">
              <table class="recent-changes sticky-first">
                <thead>
                  <tr>
                    <th scope="col">Snapshot</th>
                    <th scope="col">Model rank</th>
                    <th scope="col" class="num">supraScore</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  ${recent.map((r) => recentChangeRowHtml(links, r))}
                </tbody>
              </table>
            </section>
            ${recent.some((r) => saysFieldMoved(r.change)) && html`<p class="meta">${FIELD_MOVED_KEY}</p>`}`
    }`;
}

function badgeHtml({ model, shell }: ModelPage, { facts, width }: NonNullable<ModelPage['badge']>): Markup {
  const embed = badgeEmbed(model, shell.site.siteUrl);
  const alt = badgeTitle(facts);
  return html`<h2 id="badge">Rank badge</h2>
    <p class="badge-preview"><img src="${badgeHref(model, 'svg')}" alt="${alt}" width="${width}" height="20" /></p>
    <p>
      For a README: the badge shows this model’s rank, its supraScore against the current top 10 and the snapshot’s date, follows every snapshot, and links
      here. Markdown:
    </p>
    <pre class="snippet" tabindex="0"><code>${embed.markdown}</code></pre>
    <p>HTML:</p>
    <pre class="snippet" tabindex="0"><code>${embed.html}</code></pre>
    <p class="meta">Or drawn by shields.io from this model’s <a href="${badgeHref(model, 'json')}">endpoint</a>: <code class="url">${embed.shields}</code></p>`;
}

function compareHtml({ model, neighbours }: ModelPage): Markup {
  const { above, below } = neighbours;
  const other = (pair: Comparison) => (pair.models[0] === model ? pair.models[1] : pair.models[0]);
  const item = (pair: Comparison | undefined, where: string) =>
    pair &&
    html`<li>
      <a href="${comparisonHref(pair)}">${model.name} vs ${other(pair).name}</a>
      <span class="meta">the model just ${where} (${RANK_LABEL.model} ${other(pair).rankText})</span>
    </li>`;
  return html`<h2 id="compare">Compare</h2>
    ${
      above || below
        ? html`<ul class="list-plain">
            ${item(above, 'above')}${item(below, 'below')}
            <li><a href="${compareHref([model])}">Compare with any other models</a> <span class="meta">(needs JavaScript)</span></li>
          </ul>`
        : html`<p class="meta">This is the only model in the snapshot.</p>`
    }`;
}
