/** The body of `/tags/`: every tag, A to Z, with how many models, configurations and benchmarks carry it. */
import type { Tag } from '../site/data/types.ts';
import { formatCount } from '../site/format/format.ts';
import { tagHref } from '../site/links/links.ts';
import { html, type Markup } from './parts/html.ts';

export function tagsPageHtml({ tags }: { tags: readonly Tag[] }): Markup {
  // prettier-ignore
  return html`<h1>Who is best at what</h1>
    <p class="lede">
      ${formatCount(tags.length)} capability tags, proposed and voted on by the community. A tag applies to models and benchmarks alike; pick one to see the models carrying
      it, how models measure on its benchmarks, and its benchmarks.
    </p>
    <p class="meta">
      Counted in this snapshot, as each tag’s page counts them: a <strong>model</strong> is a family tag (a release) with at least one configuration carrying the tag;
      a <strong>configuration</strong> is one row of the API’s ranking.
    </p>
    <section class="table-wrap" tabindex="0" aria-label="Tags table">
      <table>
        <caption class="visually-hidden">Tags in alphabetical order, with the number of models, configurations and benchmarks carrying each</caption>
        <thead>
          <tr>
            <th scope="col" aria-sort="ascending">Tag</th>
            <th scope="col" class="num">Models</th>
            <th scope="col" class="num">Configurations</th>
            <th scope="col" class="num">Benchmarks</th>
          </tr>
        </thead>
        <tbody>
          ${tags.map((t) => html`<tr>
              <th scope="row"> <a href="${tagHref(t)}">${t.tag}</a> </th>
              <td class="num">${formatCount(t.modelList.length)}</td>
              <td class="num">${formatCount(t.configurations.length)}</td>
              <td class="num">${formatCount(t.benchList.length)}</td>
            </tr>`)}
        </tbody>
      </table>
    </section>`;
}
