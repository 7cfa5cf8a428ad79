/** A model's likely rank under its rank (the mirror's computation, src/site/evidence/ranges.ts): on the leaderboard, which its script redraws, and the model's page. */
import type { LikelyRange } from '../../site/evidence/ranges.ts';
import type { EvidenceLine, RangesNote } from '../../site/routes/evidence.ts';
import { plural } from '../../site/format/format.ts';
import { formatLikely } from '../../site/format/ranks.ts';
import { href } from '../../site/links/links.ts';
import { html, type Markup } from './html.ts';

/** The range, said whole to a screen reader ("likely model rank 2–7"), shown as "2–7" beside the legend that says what it is. */
export const likelyHtml = (range: LikelyRange): Markup =>
  html`<span class="likely"><span class="visually-hidden">likely model rank </span>${formatLikely(range)}</span>`;

/** The legend of the ranges under the ranks, or why there are none; both link the method. */
export const likelyLegendHtml = ({ withheld, rounds }: RangesNote): Markup =>
  withheld === undefined
    ? html`<p class="legend">
        In grey under each rank, its <a href="${href('/about/#evidence')}">likely range</a>: the model rank in 90% of ${rounds} resamples of the benchmarks, the
        mirror’s computation, not the API’s.
      </p>`
    : html`<p class="legend">${withheld} <a href="${href('/about/#evidence')}">How the mirror checks</a></p>`;

const against = (score: NonNullable<EvidenceLine['score']>) =>
  `its win share against ${score.references} of the top 10 configurations on ${plural(score.benchmarks, 'benchmark')} they share`;

/** What a model's or a configuration's page says of its evidence, with the link to how it is made. */
export function evidenceLineHtml(line: EvidenceLine, kind: 'model' | 'configuration'): Markup {
  if (line.none)
    return html`<p class="meta evidence">
      Evidence scores and likely ranks, the mirror’s own computation, need per-benchmark scores: <a href="${href('/about/#evidence')}">how they are made</a>.
    </p>`;
  const whose = kind === 'model' ? 'Its best configuration’s evidence score' : 'Its evidence score';
  const score = line.score
    ? html`${whose} is <strong>${line.score.text}</strong>: ${against(line.score)}.`
    : html`${kind === 'model' ? 'Its best configuration has' : 'It has'} no evidence score: ${line.noScore}.`;
  const range =
    kind === 'model' &&
    (line.range
      ? html`Likely model rank <strong>${formatLikely(line.range)}</strong>: where it ranks in 90% of ${line.rounds} resamples of the benchmarks.`
      : line.why);
  // prettier-ignore
  return html`<p class="meta evidence">${range && html`${range} `}${score} ${kind === 'model' && line.range ? 'Both are' : 'It is'} the mirror’s computation, not the API’s: <a href="${href('/about/#evidence')}">how it is made</a>.</p>`;
}
