/**
 * Two to four models side by side, from their data files (src/site/model-file.ts): standing, whether
 * the gap means anything, supraScore over time, and per-benchmark scores on the benchmarks they
 * share with deltas and sources. The pre-rendered comparisons of neighbours are this string; the
 * comparison script draws the same from the same files.
 */
import { compareModels, gapSentences } from '../site/compare.ts';
import { describeSeries, type ChartPoint } from '../site/charts.ts';
import { formatDate, isoTime } from '../site/format.ts';
import { benchHref, compareHref, configurationHref, hostOf, href, modelHref, safeExternalUrl } from '../site/links.ts';
import type { ModelFile } from '../site/model-file.ts';
import { formatDelta, scoreFormatter } from '../site/precision.ts';
import { formatRank, RANK_LABEL } from '../site/ranks.ts';
import type { Comparison, Model } from '../site/site-data.ts';
import { lineFigureHtml } from './chart-html.ts';
import { html, type Markup } from './html.ts';

/** The page of a pre-rendered comparison of two neighbours, `a` the better ranked; `files` are theirs, in that order. */
export function comparisonPageHtml(comparison: Comparison, [a, b]: readonly [Model, Model], files: readonly ModelFile[]): string {
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/')}">Leaderboard</a></li>
        <li><a href="${href('/compare/')}">Compare</a></li>
        <li><span aria-current="page">${a.name} vs ${b.name}</span></li>
      </ol>
    </nav>
    <h1>${a.name} vs ${b.name}</h1>
    <p class="lede">
      Neighbours in the ranking: <a href="${modelHref(a)}">${a.name}</a> (${RANK_LABEL.model} ${a.rankText}) and
      <a href="${modelHref(b)}">${b.name}</a> (${RANK_LABEL.model} ${b.rankText}), each represented by its best configuration.
    </p>
    ${comparisonHtml(files)}
    <p class="meta">
      <a href="${compareHref(comparison.models)}">Open this comparison in the comparison tool</a> to see model rank over time too and add up to two more models
      (needs JavaScript).
    </p>`.html;
}

export function comparisonHtml(files: readonly ModelFile[]): Markup {
  const result = compareModels(files);
  const scoreText = scoreFormatter(files.map((f) => f.model.supraScore));
  const seriesOf = (pick: 'supraScore' | 'rank') =>
    files.map((f) => ({ label: f.model.name, points: f.history.generatedAt.map((t, i): ChartPoint => ({ t, v: f.history[pick][i]! })) }));
  const scores = seriesOf('supraScore');
  const ranks = seriesOf('rank');
  // At each snapshot the higher supraScore is the better model rank, so one chart shows who led when; the ranks are in its caption.
  const summary = files
    .map(
      (f, i) =>
        `${describeSeries(`${f.model.name}: supraScore`, scores[i]!.points, (v) => v.toFixed(1))} ${describeSeries(`${f.model.name}: model rank`, ranks[i]!.points, String, 'rank')}`,
    )
    .join(' ');

  const standing = files.map(
    (f, i) =>
      html`<tr>
        <th scope="row"><a href="${modelHref(f.model)}">${f.model.name}</a> <span class="sub">${f.model.provider}</span></th>
        <td class="num">${scoreText(f.model.supraScore)}</td>
        <td class="num">${formatRank({ rank: f.model.rank, tied: f.model.rankTied })} <span class="sub">of ${f.model.of}</span></td>
        <td><a href="${configurationHref(f.configurations[0]!)}">${f.configurations[0]!.name}</a> <span class="sub">its best configuration</span></td>
        <td class="num">${result.counted[i]!}</td>
      </tr>`,
  );

  return html`<h2 id="standing">Standing</h2>
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
          ${standing}
        </tbody>
      </table>
    </section>
    <h2 id="gap">Is the gap meaningful?</h2>
    <ul class="gap">
      ${gapSentences(result, scoreText).map((s) => html`<li>${s}</li>`)}
    </ul>
    <h2 id="over-time">supraScore over time</h2>
    ${lineFigureHtml(scores, 'score', summary)}
    <h2 id="shared">Shared benchmarks</h2>
    ${sharedHtml(files, result)}`;
}

function sharedHtml(files: readonly ModelFile[], result: ReturnType<typeof compareModels>): Markup {
  if (result.shared.length === 0) {
    return html`<p class="note">There is no benchmark on which each of these models’ best configurations has a counting score in this snapshot.</p>`;
  }
  const normalizedText = scoreFormatter(result.shared.flatMap((s) => s.entries.map((e) => e.value)));
  const rows = result.shared.map(
    (s) =>
      html`<tr>
        <th scope="row">
          ${s.benchSegment ? html`<a href="${benchHref({ segment: s.benchSegment })}">${s.benchName}</a>` : s.benchName}
          <span class="sub">weight ${s.effectiveWeight.toFixed(1)}</span>
        </th>
        ${s.entries.map((e, i) => {
          const submission = e.submissions[0]!;
          const source = safeExternalUrl(submission.sourceUrl);
          return html`<td class="num">
            ${normalizedText(e.value)}${i > 0 && html` <span class="sub">${formatDelta(s.deltas[i]!)}</span>`}
            <span class="sub">${source ? html`<a href="${source}" rel="external nofollow">${hostOf(source)}</a>` : 'source not a web link'}</span>
            <span class="sub"
              >accessed <time datetime="${isoTime(submission.accessedAt)}">${formatDate(submission.accessedAt)}</time>${
                e.submissions.length > 1 && ` (+${e.submissions.length - 1} more)`
              }</span
            >
          </td>`;
        })}
        <td>${s.winner === undefined ? 'tied' : files[s.winner]!.model.name}</td>
      </tr>`,
  );
  return html`<p class="meta">
      Benchmarks on which each model’s best configuration has a counting score, heaviest first: normalized score (0–100; the mean when several submissions
      count), its difference from ${files[0]!.model.name}’s, and the source.
    </p>
    <section class="table-wrap" tabindex="0" aria-labelledby="shared">
      <table class="sticky-first">
        <thead>
          <tr>
            <th scope="col">Benchmark</th>
            ${files.map((f) => html`<th scope="col" class="num">${f.model.name}</th>`)}
            <th scope="col">Higher</th>
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>
    </section>`;
}
