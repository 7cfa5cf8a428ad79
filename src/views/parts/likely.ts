/**
 * A model's likely rank and its place in the whole table (the mirror's computation,
 * src/site/evidence/field-ranges.ts): under its rank on the leaderboard, which its script redraws, and
 * on the model's page, with what its rank rests on.
 */
import type { LikelyRange } from '../../site/evidence/ranges.ts';
import type { EvidenceLine, RangesNote } from '../../site/routes/evidence.ts';
import { formatShare, plural } from '../../site/format/format.ts';
import { formatLikely } from '../../site/format/ranks.ts';
import { benchHref, href } from '../../site/links/links.ts';
import { html, type Markup } from './html.ts';

/** What a likely range promises, in one sentence's words: the calibration measures exactly this. */
export const likelyPromise = (level: number) =>
  `meant to hold, ${level === 0.9 ? '9 times in 10' : formatShare(level)}, the model rank it would have with every benchmark scored`;

/** The range, said whole to a screen reader ("likely model rank 2–7"), shown as "2–7" beside the legend that says what it is. */
export const likelyHtml = (range: LikelyRange, what = 'likely model rank'): Markup =>
  html`<span class="likely"><span class="visually-hidden">${what} </span>${formatLikely(range)}</span>`;

/** The mark of a model the evidence cannot tell from the one ranked just above it. */
export const tiedHtml = (): Markup =>
  html`<span class="tied" title="The evidence cannot tell it from the model ranked just above it"
    ><span aria-hidden="true">≈</span><span class="visually-hidden">tied with the model above</span></span
  >`;

/** The legend of the ranges under the ranks, or why there are none; both link the method. */
export const likelyLegendHtml = ({ withheld, level }: RangesNote): Markup =>
  withheld === undefined
    ? html`<p class="legend">
        In grey under each rank, its <a href="${href('/about/#evidence-ranges')}">likely range</a>: ${likelyPromise(level)}. ≈ marks a model the evidence cannot
        tell from the one ranked just above it, <a href="${href('/about/#evidence-table')}">with the whole table at once</a>. Both are the mirror’s computation,
        not the API’s, checked on simulated fields.
      </p>`
    : html`<p class="legend">${withheld} <a href="${href('/about/#evidence')}">How the mirror checks</a></p>`;

const against = (score: NonNullable<EvidenceLine['score']>) =>
  `its win share against ${score.references} of the top 10 configurations on ${plural(score.benchmarks, 'benchmark')} they share`;

/** The model's ranges in words: its likely range, its set with the whole table, and whether it is tied with the model above. */
function rangesSentence(line: EvidenceLine): Markup | string | undefined {
  if (!line.range || !line.set) return line.why;
  const set = formatLikely(line.set);
  return html`Likely model rank <strong>${formatLikely(line.range)}</strong>: ${likelyPromise(line.level)}. With the whole table at once it ranks
    ${line.set.low === line.set.high ? html`<strong>${set}</strong>` : html`between <strong>${line.set.low}</strong> and <strong>${line.set.high}</strong>`}${
      line.tiedAbove ? ', and the evidence cannot tell it from the model ranked just above it.' : '.'
    }`;
}

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
  const range = kind === 'model' && rangesSentence(line);
  // prettier-ignore
  return html`<p class="meta evidence">${range && html`${range} `}${score} ${kind === 'model' && line.range ? 'They are' : 'It is'} the mirror’s computation, not the API’s: <a href="${href('/about/#evidence')}">how it is made</a>.</p>`;
}

/** What a model's rank rests on: the benchmarks whose loss moves it furthest, and its model rank without each. */
export function restsOnHtml(line: EvidenceLine, rank: number): Markup | undefined {
  if (!line.restsOn?.length) return undefined;
  return html`<h2 id="rests-on">What its rank rests on</h2>
    <p>
      Leave one benchmark out of the evidence and its model rank moves: the
      ${line.restsOn.length === 1 ? 'benchmark that moves' : `${line.restsOn.length} benchmarks that move`} it furthest,
      <a href="${href('/about/#evidence-rests-on')}">by the mirror’s computation</a>.
    </p>
    <section class="table-wrap" tabindex="0" aria-labelledby="rests-on">
      <table>
        <thead>
          <tr>
            <th scope="col">Without</th>
            <th scope="col" class="num">Model rank</th>
          </tr>
        </thead>
        <tbody>
          ${line.restsOn.map(
            (r) =>
              html`<tr>
                <th scope="row"><a href="${benchHref(r.bench)}">${r.bench.name}</a></th>
                <td class="num">${r.rank} <span class="sub">${r.rank < rank ? 'up' : 'down'} from ${rank}</span></td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
}
