/**
 * A benchmark's results as markup: a `<tbody>` per model, a row per configuration with a score, up to
 * a page of models on each of the benchmark's pages (800 benchmarks at 10,000 configurations). As
 * Astro expressions they were most of a benchmark page's time.
 */
import type { BenchResultGroup, BenchResults } from '../site/data/site-data.ts';
import { formatDate, formatNative } from '../site/format/format.ts';
import { configurationHref, hostOf, modelHref, safeExternalUrl } from '../site/links/links.ts';
import { RANK_LABEL } from '../site/format/ranks.ts';
import { html, type Markup } from './parts/html.ts';

export function benchmarkResultsHtml(groups: readonly BenchResultGroup[], results: BenchResults): Markup {
  return html`${groups.map(
    (g) =>
      html`<tbody>
        <tr class="group">
          <th scope="colgroup" colspan="7">
            <a href="${modelHref(g.model)}">${g.model.name}</a>
            <span class="meta">${RANK_LABEL.model} ${g.model.rankText}, supraScore ${g.model.best.scoreText}</span>
          </th>
        </tr>
        ${g.rows.map(({ configuration: c, score: s }) => {
          const source = safeExternalUrl(s.sourceUrl);
          const date = formatDate(s.accessedAt);
          return html`<tr>
            <th scope="row"><a href="${configurationHref(c)}">${c.name}</a></th>
            <td class="num">${formatNative(s.rawScore)}</td>
            <td class="num">${results.normalizedText(s.normalizedScore)}</td>
            <td>
              ${source ? html`<a href="${source}" rel="external nofollow">${hostOf(source)}</a>` : html`<span class="sub">${s.sourceUrl || 'none'} (not a web link)</span>`}
            </td>
            <td><time datetime="${date}">${date}</time></td>
            <td class="num">${s.upvotes} up, ${s.downvotes} down</td>
            <td>${s.counts ? 'Yes' : 'No'}</td>
          </tr>`;
        })}
      </tbody>`,
  )}`;
}
