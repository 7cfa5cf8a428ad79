/**
 * One model's change between two snapshots, with why: an item of the changes page, with its
 * configurations that changed beneath it, and a row of the table of recent changes on the model's own page.
 */
import { describeReason, shortReason } from '../site/data/change-reasons.ts';
import { formatDate, isoTime } from '../site/format/format.ts';
import { changesHref } from '../site/links/links.ts';
import { scorePair } from '../site/format/precision.ts';
import { formatRank, rankMove, RANK_LABEL } from '../site/format/ranks.ts';
import type { Change, ModelChange, RecentModelChange } from '../site/data/history-pass.ts';
import type { ChangeLinks } from '../site/routes/changes.ts';
import { html, type Markup } from './parts/html.ts';

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

/**
 * The model's rank and supraScore in the newer snapshot (its last for a removed one), each with where
 * it came from when the two snapshots compare; `unchangedScore` when they compare and the score did not move.
 */
function standing(links: ChangeLinks, change: ModelChange): { rank: string; score: string; unchangedScore?: true } {
  const score = links.scoreText(change.supraScore);
  // Across the 2026-09-17 method change ranks are not comparable: no move is shown.
  if (change.status === 'removed' || change.reason.kind === 'method' || !change.previousRank) return { rank: formatRank(change.rank), score };
  const [before, after] = change.previousScore === undefined ? [undefined, undefined] : scorePair(change.previousScore, change.supraScore);
  const rank = `${formatRank(change.previousRank)} → ${formatRank(change.rank)}`;
  return before !== after ? { rank, score: `${before} → ${after}` } : { rank, score, unchangedScore: true };
}

function standingLine(links: ChangeLinks, change: ModelChange): string {
  const { rank, score, unchangedScore } = standing(links, change);
  return `${change.status === 'removed' ? 'last ' : ''}${RANK_LABEL.model} ${rank}${unchangedScore ? '' : `, supraScore ${score}`}`;
}

/** The ▲▼ marker of a move, said in words to a screen reader; nothing for no move. */
const moveHtml = (moved: number) =>
  moved !== 0 &&
  html`<span class="movement ${moved > 0 ? 'up' : 'down'}"
    ><span aria-hidden="true">${moved > 0 ? `▲${moved}` : `▼${-moved}`}</span>
    <span class="visually-hidden">${moved > 0 ? `up ${moved}` : `down ${-moved}`}</span></span
  > `;

const configurationName = (links: ChangeLinks, c: Change) => {
  const href = links.configurationHref(c.slug);
  return href ? html`<a href="${href}">${c.name}</a>` : c.name;
};

/** The item's markup on the changes page: the model named with a link to its page while it has one. */
export function modelChangeHtml(links: ChangeLinks, change: ModelChange): Markup {
  const modelHref = links.modelHref(change.familyTag);
  const moved = rankMove(change);
  const modelReason = change.reason.kind !== 'none' && change.reason.kind !== 'new' ? reasonText(change.reason) : '';
  const why = `${change.bestChanged ? `Its best configuration is now ${change.bestChanged.to} (was ${change.bestChanged.from}). ` : ''}${modelReason && `Why: ${modelReason}`}`;
  // A model of one configuration that says the same twice needs no list beneath; a configuration
  // whose reason is the model's shown one (the field moved, most days) says so in two words, not again in full.
  const beneath =
    (change.configurationCount > 1 || change.configurations.length > 1) &&
    html`<ul class="beneath">
      ${change.configurations.map((c) => {
        const why = reasonText(c.reason);
        return html`<li>
          ${configurationName(links, c)} <span class="meta">${configurationLine(c)}</span>
          <span class="why">${why && why === modelReason ? 'Same reason.' : why}</span>
        </li>`;
      })}
    </ul>`;
  return html`<div class="change">
    ${modelHref ? html`<a href="${modelHref}">${change.name}</a> ` : html`<span>${change.name}</span> `}${moveHtml(moved)}<span class="meta"
      >${standingLine(links, change)}</span
    >
    <span class="why">${why}</span>${beneath}
  </div>`;
}

/**
 * Its row says "The field moved." (and the table needs the key): for the model, or for a
 * configuration whose reason, the field, is not the model's and so is named.
 */
export const saysFieldMoved = (change: ModelChange) => change.reason.kind === 'field' || change.configurations.some((c) => c.reason?.kind === 'field');

/**
 * The change as a row of its model's table of recent changes: the snapshot (linked to its entry on
 * the changes page), the model rank, supraScore and why, short ("The field moved.", which the table's
 * key explains). A configuration is named only where its reason is not the model's: most days every
 * configuration moved with the field, and each one's rank over time is on its own page.
 */
export function recentChangeRowHtml(links: ChangeLinks, recent: RecentModelChange): Markup {
  const { change, anchor, generatedAt } = recent;
  const { rank, score } = standing(links, change);
  const reason = change.reason.kind === 'none' ? '' : shortReason(change.reason, formatDate);
  const own = change.configurations.filter((c) => c.reason && c.reason.kind !== 'none' && shortReason(c.reason, formatDate) !== reason);
  return html`<tr id="${anchor}">
    <th scope="row">
      <a href="${changesHref(anchor)}"><time datetime="${isoTime(generatedAt)}">${formatDate(generatedAt)}</time></a>
    </th>
    <td>${moveHtml(rankMove(change))}${change.status === 'removed' ? 'last ' : ''}${rank}</td>
    <td class="num">${score}</td>
    <td>
      ${change.bestChanged && `Its best configuration is now ${change.bestChanged.to} (was ${change.bestChanged.from}). `}${reason}${
        own.length > 0 &&
        html`<ul class="beneath">
          ${own.map((c) => html`<li>${configurationName(links, c)}: ${shortReason(c.reason!, formatDate)}</li>`)}
        </ul>`
      }
    </td>
  </tr>`;
}
