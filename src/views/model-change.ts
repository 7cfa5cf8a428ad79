/**
 * One model's change between two snapshots, with why, and its configurations that changed beneath
 * it: the same item on the changes page (the model named with a link) and on the model's own page.
 */
import { describeReason } from '../site/change-reasons.ts';
import { formatDate } from '../site/format.ts';
import { configurationHref, modelHref } from '../site/links.ts';
import { scorePair } from '../site/precision.ts';
import { formatRank, rankMove, RANK_LABEL } from '../site/ranks.ts';
import type { Change, ModelChange, SiteData } from '../site/site-data.ts';
import { html, type Markup } from './html.ts';

const reasonText = (r: Change['reason']) => (r ? describeReason(r, formatDate) : '');

function configurationLine(c: Change): string {
  const parts: string[] = [];
  if (c.previousRank && c.rank) parts.push(`${RANK_LABEL.configuration} ${formatRank(c.previousRank)} → ${formatRank(c.rank)}`);
  else if (c.rank) parts.push(`${c.reason?.kind === 'removed' ? 'last ' : ''}${RANK_LABEL.configuration} ${formatRank(c.rank)}`);
  if (c.previousScore !== undefined && c.previousScore !== c.supraScore) {
    const [a, b] = scorePair(c.previousScore, c.supraScore);
    parts.push(`supraScore ${a} → ${b}`);
  }
  return parts.join(', ');
}

function standingLine(data: SiteData, change: ModelChange): string {
  const score = data.scoreText(change.supraScore);
  if (change.status === 'removed') return `last ${RANK_LABEL.model} ${formatRank(change.rank)}, supraScore ${score}`;
  // Across the 2026-09-17 method change ranks are not comparable: no move is shown.
  if (change.reason.kind === 'method' || !change.previousRank) return `${RANK_LABEL.model} ${formatRank(change.rank)}, supraScore ${score}`;
  const [before, after] = change.previousScore === undefined ? [undefined, undefined] : scorePair(change.previousScore, change.supraScore);
  return `${RANK_LABEL.model} ${formatRank(change.previousRank)} → ${formatRank(change.rank)}${before !== after ? `, supraScore ${before} → ${after}` : ''}`;
}

/** The item's markup; `linkModel` names the model with a link to its page (on the changes page), or not (on its own page). */
export function modelChangeHtml(data: SiteData, change: ModelChange, linkModel: boolean): Markup {
  const model = linkModel ? data.modelByFamily.get(change.familyTag) : undefined;
  const moved = rankMove(change);
  const modelReason = change.reason.kind !== 'none' && change.reason.kind !== 'new' ? reasonText(change.reason) : '';
  const why = `${change.bestChanged ? `Its best configuration is now ${change.bestChanged.to} (was ${change.bestChanged.from}). ` : ''}${modelReason && `Why: ${modelReason}`}`;
  // A model of one configuration that says the same twice needs no list beneath; a configuration
  // whose reason is the model's shown one (the field moved, most days) says so in two words, not again in full.
  const beneath =
    (change.configurationCount > 1 || change.configurations.length > 1) &&
    html`<ul class="beneath">
      ${change.configurations.map((c) => {
        const current = data.configurationBySlug.get(c.slug);
        const why = reasonText(c.reason);
        return html`<li>
          ${current ? html`<a href="${configurationHref(current)}">${c.name}</a>` : c.name} <span class="meta">${configurationLine(c)}</span>
          <span class="why">${why && why === modelReason ? 'Same reason.' : why}</span>
        </li>`;
      })}
    </ul>`;
  return html`<div class="change">
    ${linkModel && (model ? html`<a href="${modelHref(model)}">${change.name}</a> ` : html`<span>${change.name}</span> `)}${
      moved !== 0 &&
      html`<span class="movement ${moved > 0 ? 'up' : 'down'}"
        ><span aria-hidden="true">${moved > 0 ? `▲${moved}` : `▼${-moved}`}</span>
        <span class="visually-hidden">${moved > 0 ? `up ${moved}` : `down ${-moved}`}</span></span
      > `
    }<span class="meta">${standingLine(data, change)}</span> <span class="why">${why}</span>${beneath}
  </div>`;
}
