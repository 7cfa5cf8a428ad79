/** The body of `/tags/{tag}/with/{tag}/`: the benchmarks two tags share, each with its weight, and the way to each tag's page. */
import { plural } from '../site/format/format.ts';
import { benchHref, href, tagHref } from '../site/links/links.ts';
import type { TagPairPage } from '../site/routes/tag-pair.ts';
import { html, type Markup } from './parts/html.ts';
import type { PageHead } from './chrome.ts';
import { tagPairPath } from '../site/links/output-paths.ts';
import { tableHtml } from './parts/table.ts';

/** What a pair of tags' page says of itself to the layout. */
export const tagPairHead = ({ first, second }: TagPairPage): PageHead => ({
  path: tagPairPath(first, second),
  title: `${first.tag} and ${second.tag}`,
  section: 'tags',
  description: `The benchmarks tagged both ${first.tag} and ${second.tag}, with their weights.`,
});

export function tagPairPageHtml({ first, second, benches }: TagPairPage): Markup {
  // prettier-ignore
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/tags/')}">Tags</a></li>
        <li><a href="${tagHref(first)}">${first.tag}</a></li>
        <li><span aria-current="page">${first.tag} and ${second.tag}</span></li>
      </ol>
    </nav>
    <h1>${first.tag} and ${second.tag}</h1>
    <p class="lede">
      ${plural(benches.length, 'benchmark')} carry both tags. Each tag’s page ranks the models on all of its own benchmarks:
      <a href="${tagHref(first)}">${first.tag}</a>, <a href="${tagHref(second)}">${second.tag}</a>.
    </p>
    <h2 id="shared">Benchmarks tagged with both</h2>
    ${tableHtml('shared', [['Benchmark'], ['effectiveWeight', 'num'], ['Models', 'num']], benches.map((b) => html`<tr>
        <th scope="row"><a href="${benchHref(b)}">${b.name}</a></th>
        <td class="num">${b.effectiveWeight.toFixed(1)}</td>
        <td class="num">${b.modelCount}</td>
      </tr>`))}`;
}
