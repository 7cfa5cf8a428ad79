/** Tags as links to their pages: on leaderboard and benchmark rows, and on model, configuration and benchmark pages. */
import type { NamedLink } from '../../site/lists/leaderboard.ts';
import { html, type Markup } from './html.ts';

/** Tags as links to their pages; at most `max`, then "+N". */
export function tagListHtml(tags: readonly NamedLink[], max = Infinity): Markup {
  return html`<ul class="tags">
    ${tags.slice(0, max).map((t) => html`<li><a class="tag" href="${t.href}">${t.name}</a></li>`)}${
      tags.length > max && html`<li class="more">+${tags.length - max}</li>`
    }
  </ul>`;
}
