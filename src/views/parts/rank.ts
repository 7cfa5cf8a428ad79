/**
 * The parts of `/rank/` that its static page renders and its script redraws for other weights: what
 * a ranking says of itself (how many models it ranks, lists apart and cannot rank, and against which
 * references), the values an address gave that the page could not use, and the weight of each
 * benchmark, which the script draws when a visitor opens it.
 */
import { formatCount, plural } from '../../site/format/format.ts';
import { href } from '../../site/links/links.ts';
import type { RankSummary } from '../../site/lists/rank-list.ts';
import { MAX_ROUNDS } from '../../site/evidence/reweigh.ts';
import { ALIKE, MAX_WEIGHT } from '../../site/evidence/weights.ts';
import { html, type Markup } from './html.ts';

/** The presets' values in their select: as the source weighs, every benchmark alike, your own weights, one capability (`tag:{segment}`). */
export const PRESETS = { source: 'source', alike: ALIKE, own: 'own', tag: 'tag:' } as const;

/** Against which references a ranking's scores are, in a sentence. */
function referencesHtml({ references: r }: RankSummary): string {
  if (r.end === 'source')
    return 'Each score is the evidence score its page gives its best configuration, to the last digit: its win share against the API’s top 10 configurations, as supraScore’s, on the benchmarks they share.';
  if (r.end === 'empty') return 'No model is ranked, so there is no top 10 to compare with.';
  const from =
    r.from === 'api'
      ? 'from the API’s top 10'
      : 'from the 10 models with the highest weighted mean score (none shares a weighted benchmark with the API’s top 10)';
  const found = {
    settled: `found ${from} in ${plural(r.rounds, 'round')}`,
    cycle: `found ${from}: they went round a cycle, so all ${r.models.length} models of it are references`,
    bound: `searched ${from}; they had not settled after ${MAX_ROUNDS} rounds, so these are the last round’s`,
  }[r.end];
  return `Each score is the model’s win share against the top 10 models under your weights, ${found}.`;
}

/** What a ranking says of itself above its rows: how many models it ranks, lists apart and cannot rank. */
export function rankSummaryHtml(s: RankSummary): Markup {
  if (!s.weighed)
    return html`<p class="note" role="status">
      These weights leave every benchmark out: there is nothing to rank. Give a capability or a benchmark a weight above 0.
    </p>`;
  const parts = [
    html`<strong>${plural(s.ranked, 'model')}</strong> ranked ${s.source ? 'as the source weighs' : 'by your weights'}`,
    s.apart > 0 && html`${formatCount(s.apart)} listed apart (under ${s.needed} of the weight covered)`,
    s.none > 0 && html`${formatCount(s.none)} without evidence under these weights`,
  ].filter((p) => p !== false);
  return html`<p class="meta">${parts.map((p, i) => html`${i > 0 && ', '}${p}`)}.</p>`;
}

/** What a ranking says of itself under its rows: against which references, and why some models are listed apart. */
export function rankAboutHtml(s: RankSummary): Markup {
  // prettier-ignore
  return html`<p class="meta">${referencesHtml(s)} Coverage is the share of the weight on the benchmarks a model’s best configuration has counting scores on; a model
    covering less than half what the 10 best-covered models cover (${s.needed}) is listed apart, after the ranked ones, since it would rank on a sliver of what
    is weighed. ${s.none > 0 && `${plural(s.none, 'model has', 'models have')} no evidence under these weights: none of the benchmarks weighed is one it shares with the references.`}
    The mirror’s computation, not the source’s: <a href="${href('/about/#rank')}">how it ranks</a>.</p>`;
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
