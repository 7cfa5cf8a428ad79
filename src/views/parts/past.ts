/**
 * The parts of the leaderboard as it stood that its static pages render and its script draws: what
 * a view shows (the day, today, the method change between them), what it says of a day the site does
 * not keep, what changed between two days, and the links to the days with a page of their own.
 */
import { formatDate, formatDateTime, isoTime, plural } from '../../site/format/format.ts';
import { isComparable, METHOD_CHANGE_AT } from '../../site/format/method-change.ts';
import { formatRank, RANK_LABEL } from '../../site/format/ranks.ts';
import type { Day } from '../../site/lists/past-files.ts';
import type { RangeChanges, RangeEntry, TagLeader } from '../../site/lists/past-range.ts';
import { html, type Markup } from './html.ts';

const time = (ms: number) => html`<time datetime="${isoTime(ms)}">${formatDateTime(ms)}</time>`;

/** The method change between two snapshots, said once; nothing when it is not between them. */
const methodChangeHtml = (older: number, newer: number, what: string) =>
  !isComparable(older, newer, METHOD_CHANGE_AT) &&
  html`<p class="note method-change">
    The supraScore method changed on ${formatDate(METHOD_CHANGE_AT)}, between ${what}: their scores and ranks do not compare, so no move across it is shown.
  </p>`;

/** What a day's view shows: the day's snapshot, and today's, which each row's rank now is from. */
export function pastWhenHtml(day: { date: Day; generatedAt: number }, today: { generatedAt: number }): Markup {
  const incomparable = !isComparable(day.generatedAt, today.generatedAt, METHOD_CHANGE_AT);
  // The method change in the same paragraph: a phone's first screen keeps room for the rows.
  // prettier-ignore
  return html`<p class="meta">
      As ranked on <strong>${day.date}</strong> (its snapshot of ${time(day.generatedAt)}); under each rank, the model’s rank today (${formatDate(today.generatedAt)}) or
      “gone since”.${incomparable && html` <strong class="method-change">The supraScore method changed on ${formatDate(METHOD_CHANGE_AT)}: ranks then and now do not compare.</strong>`}
    </p>`;
}

/** A day a view cannot show: what was asked, why not, and the nearest day kept as a link. */
export function pastNoticeHtml(said: string, nearest: { date: Day; href: string } | undefined): Markup {
  return html`<p class="note" role="status">${said}${nearest && html` The nearest day this site keeps is <a href="${nearest.href}">${nearest.date}</a>.`}</p>`;
}

/** A model of a list of changes: linked to its page, or its row on today's leaderboard, while it is on it. */
const entryHtml = (e: RangeEntry, rank: Markup | string) =>
  html`<li>
    ${e.href ? html`<a href="${e.href}">${e.name}</a>` : html`<span>${e.name}</span> <span class="meta">(not on today’s leaderboard)</span>`}
    <span class="meta">${rank}</span>
  </li>`;

const moveHtml = (e: RangeEntry) =>
  html`<span class="movement ${e.moved > 0 ? 'up' : 'down'}"
      ><span aria-hidden="true">${e.moved > 0 ? `▲${e.moved}` : `▼${-e.moved}`}</span
      ><span class="visually-hidden">${e.moved > 0 ? `up ${e.moved}` : `down ${-e.moved}`}</span></span
    >
    ${RANK_LABEL.model} ${formatRank(e.previousRank!)} → ${formatRank(e.rank)}`;

const leaderHtml = (l: TagLeader) =>
  html`<li>
    ${l.tag.href ? html`<a class="tag" href="${l.tag.href}">${l.tag.name}</a>` : html`<span class="tag">${l.tag.name}</span>`}:
    ${l.leader.href ? html`<a href="${l.leader.href}">${l.leader.name}</a>` : html`<span>${l.leader.name}</span>`}
    <span class="meta"
      >(${RANK_LABEL.model} ${formatRank(l.leader.rank)}${l.previous ? html`; before: ${l.previous.name}` : '; no model carried it before'})</span
    >
  </li>`;

/** What changed from the earlier day to the later one: comers, leavers, the largest moves and each tag's new leader. */
export function rangeHtml(changes: RangeChanges): Markup {
  const { since, asOf, counts } = changes;
  const list = (title: string, count: number, items: Markup[], empty: string) =>
    html`<section>
      <h3>${title} (${count})</h3>
      ${
        count === 0
          ? html`<p class="meta">${empty}</p>`
          : html`<ul class="list-plain changes-list">
              ${items}${count > items.length && html`<li class="meta">and ${count - items.length} more</li>`}
            </ul>`
      }
    </section>`;
  // prettier-ignore
  return html`<section class="range" aria-labelledby="range-h">
    <h2 id="range-h">What changed from ${since.date} to ${asOf.date}</h2>
    ${methodChangeHtml(since.generatedAt, asOf.generatedAt, 'these days')}
    <div class="change-lists">
      ${changes.comparable && list('Largest moves up', counts.up, changes.up.map((e) => entryHtml(e, moveHtml(e))), 'No model moved up.')}
      ${changes.comparable && list('Largest moves down', counts.down, changes.down.map((e) => entryHtml(e, moveHtml(e))), 'No model moved down.')}
      ${list('Came', counts.came, changes.came.map((e) => entryHtml(e, `${RANK_LABEL.model} ${formatRank(e.rank)} on ${asOf.date}`)), 'No model came.')}
      ${list('Went', counts.went, changes.went.map((e) => entryHtml(e, `last ${RANK_LABEL.model} ${formatRank(e.rank)} on ${since.date}`)), 'No model went.')}
      ${list('New leaders of a tag', counts.leaders, changes.leaders.map(leaderHtml), 'Every tag kept its leader.')}
    </div>
    <p class="meta">A tag’s leader is the best model by supraScore (its best configuration’s) among the models carrying the tag that day. ${plural(counts.came + counts.went, 'model')} came or went.</p>
  </section>`;
}

/** The days with a page of their own, newest first: each month's end, and the oldest day kept. */
export function pastLinksHtml(pages: readonly { date: Day; href: string; monthEnd: boolean }[]): Markup {
  const ends = pages.filter((p) => p.monthEnd);
  const oldest = pages.find((p) => !p.monthEnd);
  return html`<ul class="list-inline past-days">
    ${ends.map((p) => html`<li><a href="${p.href}">${p.date}</a></li>`)}${oldest && html`<li><a href="${oldest.href}">${oldest.date}</a> (the oldest day kept)</li>`}
  </ul>`;
}
