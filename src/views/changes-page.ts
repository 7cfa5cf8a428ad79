/**
 * The body of `/changes/`: each snapshot's changes against the one before, newest first, model by
 * model (moved up, moved down, new, removed), each with why (src/views/model-change.ts).
 */
import type { ChangeSet, ModelChange } from '../site/data/history-pass.ts';
import { formatDate, formatDateTime, isoTime, plural } from '../site/format/format.ts';
import { href } from '../site/links/links.ts';
import type { ChangeLinks, ChangesPage } from '../site/routes/changes.ts';
import { modelChangeHtml } from './model-change.ts';
import { html, type Markup } from './parts/html.ts';
import { pastLinksHtml } from './parts/past.ts';
import type { EntryRanges } from '../site/routes/changes.ts';

/** The newest snapshot's entry lists more of each kind than the older ones. */
const LATEST_LISTED = 25;
const EARLIER_LISTED = 5;

const summaryOf = (c: ChangeSet) =>
  `${c.comparable ? `${plural(c.models.movedCount, 'model')} moved in model rank, ` : ''}${c.models.addedCount} new and ${c.models.removedCount} removed; ` +
  `by configuration, ${c.addedCount} new, ${c.removedCount} removed${c.comparable ? `, ${plural(c.movedCount, 'configuration')} moved in configuration rank` : ''}.`;

/** One snapshot's lists, each showing at most `limit` entries (the lists hold at most 25). */
function changeListsHtml(links: ChangeLinks, change: ChangeSet, limit: number): Markup {
  const { models } = change;
  const lists: { title: string; items: ModelChange[]; count: number }[] = [
    ...(change.comparable
      ? [
          { title: 'Models up', items: models.movedUp, count: models.movedUpCount },
          { title: 'Models down', items: models.movedDown, count: models.movedDownCount },
        ]
      : []),
    { title: 'New models', items: models.added, count: models.addedCount },
    { title: 'Removed models, kept here as a record', items: models.removed, count: models.removedCount },
  ];
  // prettier-ignore
  return html`${!change.comparable && html`<p class="note">
        The supraScore method changed between these snapshots (2026-09-17): their scores and ranks are not comparable, so no moves are listed, only what came and
        went.
      </p>`}
    <div class="change-lists">
      ${lists.map((list) => html`<section>
          <h3> ${list.title} (${list.count}) </h3>
          ${list.count === 0
            ? html`<p class="meta">None.</p>`
            : html`<ul class="list-plain changes-list">
                ${list.items.slice(0, limit).map((m) => html`<li> ${modelChangeHtml(links, m)} </li>`)}
                ${list.count > Math.min(limit, list.items.length) && html`<li class="meta">and ${list.count - Math.min(limit, list.items.length)} more</li>`}
              </ul>`}
        </section>`)}
    </div>`;
}

/** An entry's day on the leaderboard as it stood, and what changed over ranges ending that day. */
const entryRangesHtml = (r: EntryRanges | undefined) =>
  r &&
  html`<p class="meta">
    On the leaderboard as it stood: <a href="${r.href}">that day</a>${r.ranges.map((x) => html` · <a href="${x.href}">what changed ${x.label}</a>`)}
  </p>`;

export function changesPageHtml({ entries, links, past, rangesOf }: ChangesPage): Markup {
  // prettier-ignore
  return html`<h1>What changed</h1>
    <p class="lede">
      Models that moved in the model rank, came or went between consecutive snapshots, each with its configurations beneath and the reason. Also as an
      <a href="${href('/changes/feed.xml')}">Atom feed</a>.
    </p>
    <p class="meta legend">
      <span class="movement up" aria-hidden="true">▲2</span> and <span class="movement down" aria-hidden="true">▼2</span>: places gained or lost in the model rank
      (or the configuration rank, where it says so) since the previous snapshot. Why: <em>its own evidence changed</em> when its benchCount or its stored per-benchmark
      scores changed; <em>the field moved</em> when they did not (supraScore is relative to the other models). <a href="${href('/about/#changes')}">More on why a rank changes</a>
    </p>
    <section id="as-of" aria-labelledby="as-of-h">
      <h2 id="as-of-h">The leaderboard as it stood</h2>
      <p>
        <a href="${past.href}">Any day this site keeps</a>${past.first && ` (from ${past.first} to ${past.last})`}, with filters, search and sort, and what changed
        between two days. Without JavaScript, the first page of each month’s end:
      </p>
      ${pastLinksHtml(past.pages)}
    </section>
    ${entries.length === 0
      ? html`<p class="note">Only one snapshot so far: changes appear once the mirror has taken a second one.</p>`
      : entries.map((c, i) => html`<section id="${c.anchor}" aria-labelledby="${c.anchor}-h" class="snapshot-entry">
            <h2 id="${c.anchor}-h"> Snapshot of <time datetime="${isoTime(c.generatedAt)}">${formatDateTime(c.generatedAt)}</time> </h2>
            <p class="meta">
              Compared with the snapshot of <time datetime="${isoTime(c.previousGeneratedAt!)}">${formatDate(c.previousGeneratedAt!)}</time>: ${summaryOf(c)}
            </p>
            ${entryRangesHtml(rangesOf(c))}
            ${changeListsHtml(links, c, i === 0 ? LATEST_LISTED : EARLIER_LISTED)}
          </section>`)}`;
}
