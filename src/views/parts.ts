/** Small pieces the string-rendered pages share, each the same markup as the Astro component of that name. */
import { encodeMovement } from '../site/leaderboard-index.ts';
import { movementView, type MovementView } from '../site/leaderboard-view.ts';
import { tagHref } from '../site/links.ts';
import type { Movement, SiteData } from '../site/site-data.ts';
import { html, type Markup } from './html.ts';

/** A model's rank movement marker (Movement.astro), or nothing when there is no previous snapshot to compare with. */
export function movementHtml(movement: Movement | MovementView | undefined): Markup | undefined {
  const view = movement && 'shown' in movement ? movement : movement && movementView(encodeMovement(movement));
  return (
    view && html`<span class="movement ${view.kind}"><span aria-hidden="true">${view.shown}</span><span class="visually-hidden">${view.said}</span></span>`
  );
}

/** Tags as links to their pages (their `hrefs` in the same order, or found by name); at most `max`, then "+N". */
export function tagListHtml(data: SiteData, tags: readonly string[], hrefs?: readonly string[], max = Infinity): Markup {
  return html`<ul class="tags">
    ${tags.slice(0, max).map((t, i) => html`<li><a class="tag" href="${hrefs?.[i] ?? tagHref(data.tagByName.get(t)!)}">${t}</a></li>`)}${
      tags.length > max && html`<li class="more">+${tags.length - max}</li>`
    }
  </ul>`;
}
