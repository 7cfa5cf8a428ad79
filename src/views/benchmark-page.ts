/**
 * The body of `/benchmarks/{slug}/` and of its further pages of results: what the benchmark is and
 * where it comes from, its weight and quality, a page of its results by model, and on its first
 * page its weight over time, its quality dimensions and its tags.
 */
import { describeSeries } from '../site/format/charts.ts';
import { directionText } from '../site/data/dimensions.ts';
import { formatCount, formatDate, formatNative, formatScore, plural } from '../site/format/format.ts';
import { benchHref, href } from '../site/links/links.ts';
import type { BenchmarkPage } from '../site/routes/benchmark.ts';
import { benchmarkResultsHtml } from './benchmark-results.ts';
import { benchmarkProgressHtml, benchmarkVerdictHtml } from './benchmark-measures.ts';
import { lineFigureHtml } from './parts/chart.ts';
import { html, type Markup } from './parts/html.ts';
import type { PageHead } from './chrome.ts';
import { benchPagePath } from '../site/links/output-paths.ts';
import { moreResultsHtml } from './parts/more-results.ts';
import { pagerHtml } from './parts/pager.ts';
import { tagListHtml } from './parts/tag-list.ts';
import { tableHtml } from './parts/table.ts';

/** When the stored per-benchmark scores were fetched, if the mirror holds any. */
function fetchedWhen({ oldestFetch, newestFetch }: BenchmarkPage['coverage']): string {
  if (oldestFetch === undefined || newestFetch === undefined) return '';
  return formatDate(oldestFetch) === formatDate(newestFetch)
    ? `, fetched on ${formatDate(newestFetch)}`
    : `, fetched between ${formatDate(oldestFetch)} and ${formatDate(newestFetch)}`;
}

/** What a page of a benchmark says of itself to the layout. */
export const benchmarkHead = ({ bench, page }: BenchmarkPage): PageHead => ({
  path: benchPagePath(bench, page),
  title: page === 1 ? bench.name : `${bench.name}: results, page ${page}`,
  section: 'benchmarks',
  description: bench.description.trim() || `${bench.name}: a benchmark with its weight, quality and results.`,
});

export function benchmarkPageHtml(route: BenchmarkPage): Markup {
  const { bench, page, pages, link, results, groups, coverage } = route;
  const scale = `${formatNative(bench.scaleMin)}–${formatNative(bench.scaleMax)}`;
  // prettier-ignore
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/benchmarks/')}">Benchmarks</a></li>
        ${page === 1
          ? html`<li> <span aria-current="page">${bench.name}</span> </li>`
          : html`<li> <a href="${benchHref(bench)}">${bench.name}</a> </li> <li> <span aria-current="page">Results, page ${page}</span> </li>`}
      </ol>
    </nav>
    <h1> ${bench.name}${page > 1 && html`<span class="sub"> Results, page ${page} of ${pages} </span>`} </h1>
    <p class="lede">${bench.description}</p>
    <p>
      ${bench.isOfficial ? html`<span class="provenance official">Official source</span>` : html`<span class="provenance unofficial">Unofficial source</span>`}
      ${link ? html`<a href="${link}" rel="external nofollow"> ${bench.url} </a>` : html`<span class="meta">Canonical page (not a web link): ${bench.url || 'none'}</span>`}
    </p>
    <p class="meta">
      ${bench.isOfficial
        ? 'The API reviewed this URL as a first-party or original source domain or exact project repository.'
        : 'The API has not reviewed this URL as a first-party or original source.'}
      Provenance only: it is not an endorsement of quality or weight.
    </p>
    <dl class="figures">
      <div><dt>Weight</dt><dd>${formatScore(bench.effectiveWeight)} <small>#${bench.position} of ${route.benchmarks} by weight</small></dd></div>
      <div><dt>Quality</dt><dd>${formatScore(bench.qualityScore)} <small>of 100</small></dd></div>
      <div><dt>Models scored</dt><dd>${formatCount(bench.modelCount)} <small>the API’s count</small></dd></div>
      <div><dt>Raters</dt><dd>${formatCount(bench.raterCount)}</dd></div>
    </dl>
    <p class="meta">Native scale: ${formatNative(bench.scaleMin)} to ${formatNative(bench.scaleMax)}</p>
    ${benchmarkVerdictHtml(route)}
    <h2 id="results">Results</h2>
    <p class="note">
      The API counts ${plural(bench.modelCount, 'model')} with a valid score here. The mirror has per-benchmark scores for ${formatCount(coverage.withDetail)} of
      ${formatCount(coverage.configurations)} configurations in this snapshot${fetchedWhen(coverage)}; of those, ${plural(results.configurations, 'configuration')}
      of ${plural(results.groups.length, 'model')} have a score on this benchmark (${formatCount(route.counting)} of ${plural(results.submissions, 'submission')} count
      toward supraScore: only one with more upvotes than downvotes counts). Listed by model, best counting normalized score first.
    </p>
    ${groups.length > 0 && html`<section class="table-wrap" tabindex="0" aria-labelledby="results">
        <table class="results sticky-first">
          <thead>
            <tr>
              <th scope="col">Configuration</th>
              <th scope="col" class="num"> Raw score <span class="sub"> of ${scale} </span> </th>
              <th scope="col" class="num"> Normalized </th>
              <th scope="col">Source</th>
              <th scope="col">Accessed</th>
              <th scope="col" class="num"> Votes </th>
              <th scope="col">Counts toward supraScore</th>
            </tr>
          </thead>
          ${benchmarkResultsHtml(groups, results)}
        </table>
      </section>`}
    ${pagerHtml(page, pages, (n) => benchHref(bench, n), `Pages of results for ${bench.name}`)}
    ${moreResultsHtml(route.plan, groups.length, results.groups.length)}
    ${page === 1 && aboutHtml(route)}`;
}

/** What the first page adds: the best score and the weight over time, the agreement with other benchmarks, the quality dimensions and the tags. */
function aboutHtml(route: BenchmarkPage): Markup {
  const { bench, weights, dimensions, tags } = route;
  const assumptions = dimensions.filter((d) => d.assumption);
  // prettier-ignore
  return html`${benchmarkProgressHtml(route)}
    <h2 id="weight">Weight over time</h2>
    ${lineFigureHtml([{ label: bench.name, points: weights }], 'score', describeSeries('effectiveWeight', weights, (v) => v.toFixed(1)))}
    ${weights.length === 0 && html`<p class="note">No history of this benchmark’s weight yet.</p>`}
    <h2 id="dimensions">Quality dimensions</h2>
    <p class="meta">
      Community averages on a 1–5 scale; qualityScore is their mean × 20. What each means and which way is better are the mirror’s reading: the API lists
      the keys, not their meaning.
    </p>
    ${tableHtml('dimensions', [['Dimension'], [' Rating ', 'num'], ['What it means'], ['Better']], dimensions.map((d) => html`<tr>
              <th scope="row">${d.key}</th>
              <td class="num">
                <span class="score">
                  <span>${d.value.toFixed(1)}</span>
                  <span class="bar" style="--w:${((Math.min(Math.max(d.value, 1), 5) - 1) / 4) * 100}%" aria-hidden="true"></span>
                </span>
                <span class="sub">of 5</span>
              </td>
              <td>${d.meaning}</td>
              <td>${directionText[d.better]}</td>
            </tr>`))}
    ${assumptions.length > 0 && html`<ul class="meta assumptions">
        ${assumptions.map((d) => html`<li> <strong>${d.key}</strong>: ${d.assumption} </li>`)}
      </ul>`}
    <h2>Tags</h2>
    ${bench.tags.length ? tagListHtml(tags) : html`<p class="meta">No tags.</p>`}`;
}
