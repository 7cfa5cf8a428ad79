/**
 * The body of `/configurations/{slug}/`: what the configuration is, its standing, its tags and
 * siblings, its supraScore over time (its configuration rank over the same snapshots in words; the
 * model page charts the model rank), and every per-benchmark score with its source, date, votes and
 * standing. Rendered as one string per page: there is a page per configuration.
 */
import { captionValues, describeSeries, type ChartPoint } from '../site/format/charts.ts';
import { formatAge, formatCount, formatDate, formatNative, isoTime, plural } from '../site/format/format.ts';
import { encodeMovement, movementView } from '../site/lists/movement.ts';
import { benchHref, configurationHref, hostOf, href, modelHref, safeExternalUrl } from '../site/links/links.ts';
import { scoreFormatter } from '../site/format/precision.ts';
import type { ConfigurationPage, ScoreLine } from '../site/routes/configuration.ts';
import { lineFigureHtml } from './parts/chart.ts';
import { coverageNoteHtml, movementLegendHtml, noScoresInSnapshot, type PageHead } from './chrome.ts';
import { RANK_LABEL } from '../site/format/ranks.ts';
import { configurationPath } from '../site/links/output-paths.ts';
import { html, type Markup } from './parts/html.ts';
import { evidenceLineHtml } from './parts/likely.ts';
import { movementHtml } from './parts/movement.ts';
import { CONFIGURATION_COLUMNS, tableHtml, type Column } from './parts/table.ts';
import { tagListHtml } from './parts/tag-list.ts';

const NO_SCORES =
  'This snapshot has no per-benchmark scores for this configuration: the bulk export leaves them out, and the mirror fetches them within a request budget.';

/** A configuration's scores: on each benchmark, raw and normalized, its standing, its source and votes, and whether it counts. */
const SCORE_COLUMNS: readonly Column[] = [
  ['Benchmark'],
  ['Raw score', 'num'],
  ['Normalized', 'num'],
  ['Standing', 'num'],
  ['Source'],
  ['Accessed'],
  ['Votes', 'num'],
  ['Counts'],
];

/** What a configuration's page says of itself to the layout. */
export const configurationHead = ({ configuration: config, configurations }: ConfigurationPage): PageHead => ({
  path: configurationPath(config),
  title: config.name,
  section: 'leaderboard',
  description: `${config.name} by ${config.provider}: supraScore ${config.scoreText}, ${RANK_LABEL.configuration} ${config.rankText} of ${configurations}.`,
});

export function configurationPageHtml(page: ConfigurationPage): Markup {
  const { shell, configuration: config, model, history } = page;
  const siblings = model.configurations;
  const scorePoints: ChartPoint[] = history.map((p) => ({ t: p.generatedAt, v: p.supraScore }));
  const rankPoints: ChartPoint[] = history.map((p) => ({ t: p.generatedAt, v: p.rank }));
  const summary = `${describeSeries('supraScore', scorePoints, scoreFormatter(captionValues(scorePoints)))} ${
    rankPoints.length > 1 ? describeSeries('Configuration rank', rankPoints, String, 'rank') : ''
  }`.trim();

  const lede = html`<p class="lede">
    A configuration by ${page.providerHref ? html`<a href="${page.providerHref}">${config.provider}</a>` : config.provider}.
    ${
      siblings.length > 1
        ? html`One of ${siblings.length} configurations of the model <a href="${modelHref(model)}">${model.name}</a>${
              model.best === config
                ? html` — its best, so the model’s score is this one’s.`
                : html` — not its best, which is <a href="${configurationHref(model.best)}">${model.best.name}</a>.`
            }`
        : html`The only configuration of its model, so <a href="${modelHref(model)}">the model’s page</a> shows the same score with its model rank over time.`
    }
  </p>`;

  const siblingTable =
    siblings.length > 1 &&
    html`<h2 id="siblings">Configurations of ${model.name}</h2>
      ${tableHtml(
        'siblings',
        CONFIGURATION_COLUMNS,
        siblings.map(
          (c) =>
            html`<tr>
              <th scope="row">
                ${c === config ? html`<span aria-current="page">${c.name} (this page)</span>` : html`<a href="${configurationHref(c)}">${c.name}</a>`}
              </th>
              <td class="num">${c.scoreText}</td>
              <td class="num">${c.rankText}</td>
              <td class="num">${c.benchCount}</td>
            </tr>`,
        ),
      )}`;

  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/')}">Leaderboard</a></li>
        <li><a href="${modelHref(model)}">${model.name}</a></li>
        <li><span aria-current="page">${config.name}</span></li>
      </ol>
    </nav>
    <h1>${config.name}</h1>
    ${lede} ${figuresHtml(page)}
    ${movementView(encodeMovement(model.movement)) !== undefined && movementLegendHtml(shell, false)}${evidenceLineHtml(page.evidence, 'configuration')}
    <p class="meta">
      Family tag <code>${config.familyTag}</code> · Ranking refreshed <time datetime="${isoTime(config.updatedAt)}">${formatDate(config.updatedAt)}</time>
    </p>
    ${
      config.tags.length > 0 &&
      html`<h2>Tags</h2>
        ${tagListHtml(page.tags)}`
    }${siblingTable}
    <h2 id="history">Score over time</h2>
    ${lineFigureHtml([{ label: config.name, points: scorePoints }], 'score', summary)}${
      history.length === 0 && html`<p class="note">No history yet for this configuration.</p>`
    }
    <h2 id="scores">Per-benchmark scores</h2>
    ${coverageNoteHtml(shell)}${scoresHtml(page)}`;
}

/** The configuration's figures: its score, its two ranks, its benchmarks and, where there is one, the mirror's evidence score. */
function figuresHtml({ configuration: config, model, configurations, models, evidence }: ConfigurationPage): Markup {
  return html`<dl class="figures">
    <div>
      <dt>supraScore</dt>
      <dd>${config.scoreText}</dd>
    </div>
    <div>
      <dt>Configuration rank</dt>
      <dd>${config.rankText} <small>of ${formatCount(configurations)} configurations</small></dd>
    </div>
    <div>
      <dt>Model rank</dt>
      <dd>${model.rankText} <small>of ${formatCount(models)} models</small> ${movementHtml(model.movement)}</dd>
    </div>
    <div>
      <dt>Benchmarks</dt>
      <dd>${config.benchCount}</dd>
    </div>
    ${
      evidence.score &&
      html`<div>
        <dt>Evidence score</dt>
        <dd>${evidence.score.text} <small>the mirror’s</small></dd>
      </div>`
    }
  </dl>`;
}

function scoresHtml({ shell, configuration: config, scores: lines }: ConfigurationPage): Markup | false {
  if (lines.length === 0) return !noScoresInSnapshot(shell) && html`<p class="note">${NO_SCORES}</p>`;
  const counted = lines.filter((l) => l.score.counts).length;
  const normalizedText = scoreFormatter(lines.map((l) => l.score.normalizedScore));
  const { generatedAt } = shell;
  const row = ({ score: s, bench, standing }: ScoreLine) => {
    const source = safeExternalUrl(s.sourceUrl);
    // A row per submission, the page's largest part: no white space between cells, the votes said once.
    // prettier-ignore
    return html`<tr><th scope="row">${bench ? html`<a href="${benchHref(bench)}">${s.benchName}</a>` : s.benchName} <span class="sub">${bench ? `weight ${bench.effectiveWeight.toFixed(1)}` : 'not in this snapshot'}</span></th><td class="num">${formatNative(s.rawScore)}${bench && html` <span class="sub">of ${formatNative(bench.scaleMin)}–${formatNative(bench.scaleMax)}</span>`}</td><td class="num">${normalizedText(s.normalizedScore)}</td><td class="num">${standing ? html`${standing.rank} <span class="sub">of ${standing.of}</span>` : html`<span class="meta">—</span>`}</td><td>${
      source ? html`<a href="${source}" rel="external nofollow">${hostOf(source)}</a>` : html`<span class="sub">${s.sourceUrl || 'none'} (not a web link)</span>`
    }</td><td><time datetime="${formatDate(s.accessedAt)}">${formatDate(s.accessedAt)}</time> <span class="sub">${formatAge(s.accessedAt, generatedAt)}</span></td><td class="num">${s.upvotes} up, ${s.downvotes} down</td><td>${s.counts ? 'Yes' : 'No'}</td></tr>`;
  };
  return html`<p class="note">
      Only submissions with more upvotes than downvotes count toward supraScore: ${counted} of ${plural(lines.length, 'submission')} here count. Benchmarks by
      weight (effectiveWeight); “standing” is this score’s place among the counting scores of every configuration on that
      benchmark.${
        config.detail &&
        html` Fetched <time datetime="${isoTime(config.detail.fetchedAt)}">${formatDate(config.detail.fetchedAt)}</time>.${
            config.detail.stale && html` <strong>Stale: fetched over a week before this snapshot.</strong>`
          }`
      }
    </p>
    ${tableHtml('scores', SCORE_COLUMNS, lines.map(row))}`;
}
