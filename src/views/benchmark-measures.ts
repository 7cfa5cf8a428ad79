/**
 * What a benchmark's first page says of the mirror's own measures of it (src/site/data/bench-measures.ts):
 * whether it still separates the leaders, beside the community's discriminability and difficulty and
 * where they disagree; the best score over time as a step chart; and the benchmarks that order the
 * models most and least like it. Every figure is the mirror's computation and says so.
 */
import type { AgreementNeighbour, BenchMeasures, BestStep } from '../site/data/types.ts';
import { BENCH_THRESHOLDS, SCALE_MAXIMUM } from '../site/data/bench-thresholds.ts';
import type { BenchVerdict, Disagreement } from '../site/data/bench-verdict.ts';
import { formatCount, formatDate, formatScore, plural } from '../site/format/format.ts';
import { benchHref, configurationHref, href, modelHref } from '../site/links/links.ts';
import type { BenchmarkPage } from '../site/routes/benchmark.ts';
import { stepFigureHtml } from './parts/chart.ts';
import { html, type Markup } from './parts/html.ts';
import { pointsText, rhoText, VERDICT_WORDS } from './parts/verdict.ts';

/** "the top 20", or "the 17 top-20 models that scored here" where not all did. */
const whoScored = (v: BenchVerdict) =>
  v.scored === v.leaders ? `the top ${v.leaders}` : `the ${formatCount(v.scored)} top-${v.leaders} models that scored here`;

/** The figures behind the verdict, in a sentence or two. */
function figuresHtml(v: BenchVerdict): Markup {
  const gap = pointsText(v.noise);
  if (v.scored === 0) return html`<p>None of the top ${v.leaders} models by model rank has a counting score here.</p>`;
  const ceiling = v.atCeiling > 0 && html`, and ${formatCount(v.atCeiling)} within ${gap} of the scale’s maximum`;
  // prettier-ignore
  return html`<p data-verdict-figures>
    Of the top ${v.leaders} models by model rank, ${formatCount(v.scored)} ${v.scored === 1 ? 'has' : 'have'} a counting score here (each model by its best
    configuration’s). ${formatCount(v.atTop)} of them ${v.atTop === 1 ? 'is' : 'are'} within ${gap} of the best, ${formatScore(v.best!)}${ceiling};
    ${formatCount(v.separated)} of the ${plural(v.pairs, 'adjacent pair')} of them, in this benchmark’s order, ${v.separated === 1 ? 'is' : 'are'} more than ${gap} apart.
  </p>`;
}

/** Where the gap comes from, in a line: the method is on the about page. */
function noiseHtml(v: BenchVerdict): Markup {
  const why =
    v.noiseFrom === 'repeats'
      ? `${BENCH_THRESHOLDS.repeatFactor} times the median spread of ${plural(v.repeats, 'configuration')}’ repeated submissions here`
      : 'the API gives no standard error';
  return html`<p class="meta">
    Scores ${pointsText(v.noise)} apart or less are not told apart (${why}). The mirror’s measure, not the API’s: <a href="${href('/about/#leaders')}">how</a>.
  </p>`;
}

/** A rating the measure contradicts, as the issue of it says: "rated 4.4/5 for discriminability; measured: …". */
function disagreementText(d: Disagreement, v: BenchVerdict): string {
  const gap = pointsText(v.noise);
  const measured =
    d.dimension === 'difficulty'
      ? `the leaders’ median score is ${formatScore(v.median!)}, ${pointsText(Number(formatScore(SCALE_MAXIMUM - v.median!)))} from the maximum`
      : d.rated === 'high'
        ? `${formatCount(v.atTop)} of ${whoScored(v)} within ${gap} of the top, ${formatCount(v.separated)} of ${formatCount(v.pairs)} adjacent pairs more than ${gap} apart`
        : `${formatCount(v.separated)} of ${formatCount(v.pairs)} adjacent pairs of ${whoScored(v)} more than ${gap} apart`;
  return `Rated ${d.rating.toFixed(1)}/5 for ${d.dimension}; measured: ${measured}.`;
}

/** The community's two ratings the verdict stands beside, and where they disagree with it. */
function ratingsHtml(bench: BenchmarkPage['bench'], m: BenchMeasures): Markup {
  const rated = (key: string) => bench.dimensions.find(([k]) => k === key)?.[1];
  const shown = (['discriminability', 'difficulty'] as const).flatMap((key) => {
    const r = rated(key);
    return r === undefined ? [] : [html`${key} ${r.toFixed(1)} of 5`];
  });
  const said = shown.length > 0 && html`<p>The community rates it: ${shown.map((s, i) => html`${i > 0 && ', '}${s}`)}.</p>`;
  if (m.disagreements.length === 0) return html`${said}`;
  return html`${said}
    <div class="note disagree" data-disagree>
      <p><strong>The rating and the measure disagree.</strong></p>
      <ul>
        ${m.disagreements.map((d) => html`<li>${disagreementText(d, m.verdict)}</li>`)}
      </ul>
    </div>`;
}

/** A new best's label: its date, score, and the model and configuration that set it. */
function stepHtml(s: BestStep): Markup {
  const model = html`<a href="${modelHref(s.model)}">${s.model.name}</a>`;
  const configuration =
    s.configuration.name !== s.model.name && html` <span class="sub"><a href="${configurationHref(s.configuration)}">${s.configuration.name}</a></span>`;
  return html`<li>
    <time datetime="${formatDate(s.at)}">${formatDate(s.at)}</time> <span class="num">${formatScore(s.score)}</span> ${model}${configuration}
  </li>`;
}

/** The step chart of the best counting score, its new bests listed (the newest first), and its text alternative. */
function bestHtml(m: BenchMeasures, until: number): Markup {
  const { steps } = m;
  if (steps.length === 0) return html`<p class="note">No counting score here yet: no best to chart.</p>`;
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const by = (s: BestStep) => `${formatScore(s.score)} by ${s.model.name}`;
  const summary =
    steps.length === 1
      ? `The best counting normalized score here, ${by(last)}, accessed ${formatDate(last.at)}, is the only new best: no submission accessed later beat it.`
      : `The best counting normalized score here, a step at each of its ${steps.length} new bests: first ${by(first)}, accessed ${formatDate(first.at)}; the latest ${by(last)}, accessed ${formatDate(last.at)}.`;
  const listed = steps.slice(-BENCH_THRESHOLDS.stepsListed).reverse();
  const earlier = steps.length - listed.length;
  const labels = html`<ol class="steps" reversed>
      ${listed.map(stepHtml)}
    </ol>
    ${earlier > 0 && html`<p class="meta">And ${plural(earlier, 'earlier new best')}, all in <a href="${href('/data/benchmarks.json')}">benchmarks.json</a>.</p>`}`;
  return html`${stepFigureHtml(
      steps.map((s) => ({ t: s.at, v: s.score })),
      until,
      labels,
      summary,
    )}
    <p class="meta">
      Dated by when each submitter accessed the source (accessedAt), from the submissions the mirror holds now: <a href="${href('/about/#leaders')}">why</a>.
    </p>`;
}

/** One neighbour: its link, its rank correlation and the models it is over. */
const neighbourHtml = (n: AgreementNeighbour) =>
  html`<li>
    <a href="${benchHref(n.bench)}">${n.bench.name}</a> <span class="num">ρ ${rhoText(n.rho)}</span> <span class="sub">over ${plural(n.shared, 'model')}</span>
  </li>`;

/** The benchmarks that order the models most and least like this one, and those left out. */
function agreementHtml(m: BenchMeasures): Markup {
  const a = m.agreement;
  const min = BENCH_THRESHOLDS.minShared;
  const leftOut = [
    a.tooFew > 0 && `${plural(a.tooFew, 'benchmark')} ${a.tooFew === 1 ? 'shares' : 'share'} fewer than ${min} models with it`,
    a.alike > 0 && `${plural(a.alike, 'benchmark')} ${a.alike === 1 ? 'shares' : 'share'} enough, but one of the two scores them all alike`,
  ].filter((s): s is string => typeof s === 'string');
  const left = leftOut.length > 0 && html` Left out: ${leftOut.join('; ')}.`;
  if (a.compared === 0)
    return html`<p class="note">No other benchmark shares ${min} models with a counting score with this one: nothing to compare.${left}</p>`;
  // prettier-ignore
  return html`<div class="two-col agreement">
      <section aria-labelledby="agree-most"><h3 id="agree-most">Orders the models most alike</h3><ol>${a.most.map(neighbourHtml)}</ol></section>
      ${a.least.length > 0 && html`<section aria-labelledby="agree-least"><h3 id="agree-least">Least alike</h3><ol>${a.least.map(neighbourHtml)}</ol></section>`}
    </div>
    <p class="meta">
      Compared with ${plural(a.compared, 'benchmark')}, a mean ρ of ${rhoText(a.mean!)}.${left} ρ: Spearman’s rank correlation over the models both scored, 1 for the
      same order, −1 for the reverse (<a href="${href('/about/#agreement')}">how</a>).
    </p>`;
}

/** Whether it still separates the leaders, with the community's ratings beside: on its first page, before its results. */
export function benchmarkVerdictHtml({ bench, measures: m }: BenchmarkPage): Markup | undefined {
  if (!m) return undefined;
  const v = m.verdict;
  // prettier-ignore
  return html`<h2 id="leaders">Does it still separate the leaders?</h2>
    <p class="verdict-line"><strong class="verdict ${v.verdict}" data-verdict="${v.verdict}">${VERDICT_WORDS[v.verdict].title}</strong></p>
    ${figuresHtml(v)}
    ${noiseHtml(v)}
    ${ratingsHtml(bench, m)}`;
}

/** Its best score over time and its agreement with the other benchmarks: on its first page, after its results. */
export function benchmarkProgressHtml({ measures: m, shell }: BenchmarkPage): Markup | undefined {
  if (!m) return undefined;
  return html`<h2 id="best">The best score over time</h2>
    ${bestHtml(m, shell.generatedAt)}
    <h2 id="agreement">Agreement with other benchmarks</h2>
    ${agreementHtml(m)}`;
}
