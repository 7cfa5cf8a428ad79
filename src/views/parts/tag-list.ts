/** Tags as links to their pages: on leaderboard and benchmark rows, and on model, configuration and benchmark pages. */
import type { SiteData } from '../../site/data/types.ts';
import type { NamedLink } from '../../site/lists/leaderboard.ts';
import { tagHref } from '../../site/links/links.ts';
import { html, type Markup } from './html.ts';

/** `tags` with their pages, found by name. */
export const tagLinksOf = (data: Pick<SiteData, 'tagByName'>, tags: readonly string[]): NamedLink[] =>
  tags.map((name) => ({ name, href: tagHref(data.tagByName.get(name)!) }));

/** Tags as links to their pages; at most `max`, then "+N". */
export function tagListHtml(tags: readonly NamedLink[], max = Infinity): Markup {
  return html`<ul class="tags">
    ${tags.slice(0, max).map((t) => html`<li><a class="tag" href="${t.href}">${t.name}</a></li>`)}${
      tags.length > max && html`<li class="more">+${tags.length - max}</li>`
    }
  </ul>`;
}
