/** The body of `/tags/{tag}/with/{tag}/`: the benchmarks two tags share, each with its weight, and the way to each tag's page. */
import { plural } from '../site/format/format.ts';
import { benchHref, href, tagHref } from '../site/links/links.ts';
import type { TagPairPage } from '../site/routes/tag-pair.ts';
import { html, type Markup } from './parts/html.ts';
import { tableHtml } from './parts/table.ts';

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
