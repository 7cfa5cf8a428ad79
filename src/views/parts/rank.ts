/**
 * The parts of `/rank/` that its static page renders and its script redraws for other weights: what
 * a ranking says of itself (how many models it ranks, lists apart and cannot rank, and against which
 * references), the values an address gave that the page could not use, and the weight of each
 * benchmark, which the script draws when a visitor opens it.
 */
import { formatCount, plural } from '../../site/format/format.ts';
import { href } from '../../site/links/links.ts';
import type { RankSummary, RowRanges } from '../../site/lists/rank-list.ts';
import { LEVEL } from '../../site/evidence/ranges.ts';
import { likelyPromise } from './likely.ts';
import { MIN_BENCHMARKS } from '../../site/evidence/ranges.ts';
import { ALIKE, MAX_WEIGHT } from '../../site/evidence/weights.ts';
import { html, type Markup } from './html.ts';

/** The presets' values in their select: as the source weighs, every benchmark alike, your own weights, one capability (`tag:{segment}`). */
export const PRESETS = { source: 'source', alike: ALIKE, own: 'own', tag: 'tag:' } as const;

/** Against which references a ranking's scores are, in a sentence. */
function referencesHtml({ references: r }: RankSummary): string {
  if (r.end === 'source')
    return 'Each score is the evidence score its page gives its best configuration, to the last digit: its win share against the API’s top 10 configurations, as supraScore’s, on the benchmarks they share.';
  const from =
    r.from === 'api'
      ? 'the API’s top 10 configurations'
      : 'the 10 best models by model rank with a score on a benchmark weighed (none of the API’s top 10 shares one with any model)';
  if (r.end === 'empty') return `No model has enough evidence against ${from} under these weights for a rank, so the scores are against them.`;
  if (r.end === 'start')
    return `Each score is the model’s win share against ${from}: the 10 best models against them under your weights would leave no model with enough evidence for a rank as references, so they stay.`;
  const step = `Each score is the model’s win share against your top 10: the 10 best models with enough evidence against ${from} under your weights`;
  return r.end === 'settled'
    ? `${step}, who are also the 10 best against themselves.`
    : `${step}. The 10 best against those are not quite the same ten; the rule takes that one step and no more.`;
}

/** What a ranking says of itself above its rows: how many models it ranks, lists apart and cannot rank, and which models its data holds. */
export function rankSummaryHtml(s: RankSummary): Markup {
  if (!s.weighed)
    return html`<p class="note" role="status">
      These weights leave every benchmark out: nothing is ranked. Pick a weight above 0 for a capability or a benchmark.
    </p>`;
  const parts = [
    html`<strong>${plural(s.ranked, 'model')}</strong> ranked ${s.source ? 'as the source weighs' : 'by your weights'}`,
    s.apart > 0 && html`${formatCount(s.apart)} listed apart (too little evidence for a rank)`,
    s.none > 0 && html`${formatCount(s.none)} without evidence under these weights`,
  ].filter((p) => p !== false);
  const cut =
    s.cutBy &&
    html` ${s.cutBy === 'host' ? 'This host’s limits keep' : 'To keep what this page loads under 700 KB, the mirror keeps'} this ranking to the
    ${formatCount(s.cut)} best models by supraScore; the other ${formatCount(s.total - s.cut)} are left out of it.`;
  return html`<p class="meta">${parts.map((p, i) => html`${i > 0 && ', '}${p}`)}.${cut}</p>`;
}

/** What a ranking says of itself under its rows: against which references, and why some models are listed apart. */
export function rankAboutHtml(s: RankSummary): Markup {
  // prettier-ignore
  return html`<p class="meta">${s.weighed && referencesHtml(s)} A model is ranked when its evidence rests on at least ${MIN_BENCHMARKS} of the weighed benchmarks it
    shares with the references: the leaderboard’s rule for evidence enough for a likely range, so that as the source weighs this page ranks the models that rule
    admits there, whether or not the leaderboard shows their ranges (it withholds them all where its evidence strays too far from supraScore). The others with evidence are listed apart, after the ranked ones. Coverage is the share of your weight on the benchmarks a model’s best configuration has counting
    scores on. ${s.none > 0 && `${plural(s.none, 'model has', 'models have')} no evidence under these weights: none of the benchmarks weighed is one it shares with the references.`}
    Only your weights’ proportions count: every weight doubled ranks the same. The mirror’s computation, not the source’s: <a href="${href('/about/#rank')}">how it ranks</a>.</p>`;
}

/** What the likely ranges under the ranks are: of the model rank (the leaderboard's, as the source weighs) or of the rank here; why there are none; or that they are being made. */
export function rankLegendHtml(ranges: Pick<RowRanges, 'of' | 'withheld'> | 'making'): Markup {
  if (ranges === 'making') return html`<p class="legend" role="status">Likely ranges: the mirror is resampling the benchmarks for these weights…</p>`;
  if (ranges.withheld !== undefined) return html`<p class="legend">${ranges.withheld} <a href="${href('/about/#evidence')}">How the mirror checks</a></p>`;
  const promise = likelyPromise(LEVEL);
  return ranges.of === 'model rank'
    ? html`<p class="legend">
        In grey under each rank, the model’s <a href="${href('/about/#evidence-ranges')}">likely model rank</a>, the leaderboard’s own, from the same data:
        ${promise}. ≈ marks a model the evidence cannot tell from the row above, where that is the model ranked just above it by supraScore.
      </p>`
    : html`<p class="legend">
        In grey under each rank, its <a href="${href('/about/#rank-ranges')}">likely range</a> under these weights, by the leaderboard’s method: meant to hold,
        9 times in 10, the rank here it would have with every benchmark scored. ≈ marks a model the evidence cannot tell from the one ranked just above it, with
        the whole table at once. The mirror’s computation.
      </p>`;
}

/** What an address gave that the page left out, each in a line; a long list cut. */
export function weightNotesHtml(ignored: readonly string[]): Markup | undefined {
  if (ignored.length === 0) return undefined;
  const SHOWN = 5;
  const more = ignored.length - SHOWN;
  return html`<div class="note" role="status">
    <p>Left out of these weights:</p>
    <ul>
      ${ignored.slice(0, SHOWN).map((line) => html`<li>${line}</li>`)}${more > 0 && html`<li>and ${plural(more, 'other')}</li>`}
    </ul>
  </div>`;
}

/** A weight's field: a number from 0 to MAX_WEIGHT, named by its label. */
export const weightInputHtml = (id: string, label: string, value: number, data: Markup) =>
  html`<li>
    <label for="${id}">${label}</label>
    <input id="${id}" type="number" min="0" max="${MAX_WEIGHT}" step="any" inputmode="decimal" value="${value}" ${data} />
  </li>`;

/** Each benchmark's weight under the current weights, by its slug: drawn when a visitor opens the list. */
export function benchWeightsHtml(benchmarks: { slug: readonly string[]; name: readonly string[] }, weightOf: (b: number) => number): Markup {
  return html`<ul class="weight-list">
    ${benchmarks.slug.map((slug, b) => weightInputHtml(`wb-${slug}`, benchmarks.name[b]!, weightOf(b), html`data-bench="${slug}"`))}
  </ul>`;
}
