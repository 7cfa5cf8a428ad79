/** Tags as links to their pages: on leaderboard and benchmark rows, and on model, configuration and benchmark pages. */
import { html, type Markup } from './html.ts';

/** Tags as links to their pages (as text, a tag without a page of its own: one of a past day); at most `max`, then "+N". */
export function tagListHtml(tags: readonly { name: string; href: string | undefined }[], max = Infinity): Markup {
  return html`<ul class="tags">
    ${tags.slice(0, max).map((t) => html`<li>${t.href ? html`<a class="tag" href="${t.href}">${t.name}</a>` : html`<span class="tag">${t.name}</span>`}</li>`)}${
      tags.length > max && html`<li class="more">+${tags.length - max}</li>`
    }
  </ul>`;
}
