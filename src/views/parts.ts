/** Small pieces that string-rendered pages and Astro components share: one renderer each. */
import { encodeMovement } from '../site/lists/leaderboard-index.ts';
import { movementView, type MovementView } from '../site/lists/leaderboard-view.ts';
import { formatCount } from '../site/format/format.ts';
import { href, tagHref } from '../site/links/links.ts';
import { publishedName } from '../site/links/output-paths.ts';
import type { Movement, SiteData } from '../site/data/site-data.ts';
import { html, type Markup } from './html.ts';

/** A model's rank movement marker, or nothing when there is no previous snapshot to compare with. */
export function movementHtml(movement: Movement | MovementView | undefined): Markup | undefined {
  const view = movement && 'shown' in movement ? movement : movement && movementView(encodeMovement(movement));
  return (
    view && html`<span class="movement ${view.kind}"><span aria-hidden="true">${view.shown}</span><span class="visually-hidden">${view.said}</span></span>`
  );
}

/**
 * Where a list of results stops at its first page because the deploy target's limits leave the
 * other pages out (the build's plan): what it holds, and where the rest is. Nothing otherwise.
 */
export function moreResultsHtml(data: SiteData, listed: number, total: number): Markup | undefined {
  if (data.plan.deepResults || total <= listed) return undefined;
  const scores = publishedName('scores.csv', data.plan.compressedDownloads);
  return html`<p class="note">
    The best ${formatCount(listed)} of ${formatCount(total)} models are listed here: this site is built for ${data.plan.target ?? 'its host'}, whose limits
    leave out the further pages of results. Every per-benchmark score is in <a href="${href('/data/')}">the downloads</a> (${scores}), and each model on the
    <a href="${href('/')}">leaderboard</a>.
  </p>`;
}

/** The pages of `tags`, found by name. */
export const tagHrefsOf = (data: SiteData, tags: readonly string[]) => tags.map((t) => tagHref(data.tagByName.get(t)!));

/** Tags as links to their pages (their `hrefs` in the same order); at most `max`, then "+N". */
export function tagListHtml(tags: readonly string[], hrefs: readonly string[], max = Infinity): Markup {
  return html`<ul class="tags">
    ${tags.slice(0, max).map((t, i) => html`<li><a class="tag" href="${hrefs[i]}">${t}</a></li>`)}${
      tags.length > max && html`<li class="more">+${tags.length - max}</li>`
    }
  </ul>`;
}
