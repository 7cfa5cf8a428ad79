/**
 * Enhances the static leaderboard: filter by tag, provider and search words, sort by a column, and
 * page, each change a history entry that Back undoes. Without this script every row is still on a
 * static page. With it, other views are drawn from the compact index (`/data/leaderboard.json`,
 * fetched on the first change) into clones of the `<template>` markup the page's own components
 * rendered, with the site's own helpers: the script never builds markup from strings.
 */
import type { LeaderboardIndex } from '../site/lists/leaderboard-index.ts';
import { selectModels } from '../site/lists/leaderboard-select.ts';
import { FIRST_DIR, PLAIN_VIEW, leaderboardUrl, readLeaderboardState, sameView, type LeaderboardState } from '../site/lists/leaderboard-state.ts';
import { TAGS_SHOWN, leaderboardHeading, leaderboardRow, leaderboardTitle, showingLine, type LeaderboardRowView } from '../site/lists/leaderboard-view.ts';
import { enhanceList, need, selectFilter } from './list-view.ts';

/** A clone of the template row, filled with one model. */
function fillRow(proto: Element, row: LeaderboardRowView): Element {
  const tr = proto.cloneNode(true) as Element;
  tr.id = row.id;
  need(tr, '.rank strong').textContent = row.rank;
  const movement = need(tr, '.movement');
  if (row.movement) {
    movement.className = `movement ${row.movement.kind}`;
    movement.children[0]!.textContent = row.movement.shown;
    movement.children[1]!.textContent = row.movement.said;
  } else movement.remove();
  const link = need(tr, '.model-name > a');
  link.setAttribute('href', row.href);
  link.textContent = row.name;
  need(tr, '.model-name > .narrow-only').textContent = row.provider;
  const details = need(tr, 'details.configs');
  if (row.configurations.length) {
    need(details, 'summary').textContent = row.configurationsLabel;
    const list = need(details, 'ul');
    const item = need(list, 'li');
    list.replaceChildren(
      ...row.configurations.map((c) => {
        const li = item.cloneNode(true) as Element;
        const a = need(li, 'a');
        a.setAttribute('href', c.href);
        a.textContent = c.name;
        need(li, '.s').textContent = c.score;
        return li;
      }),
    );
  } else details.remove();
  const sub = need(tr, '.model-name > .sub:not(.narrow-only)');
  if (row.configurationName !== undefined) sub.textContent = row.configurationName;
  else sub.remove();
  need(tr, 'td.provider').textContent = row.provider;
  need(tr, '.score > span:first-child').textContent = row.score;
  need(tr, '.score > .bar').setAttribute('style', row.bar);
  need(tr, 'td.num.wide-only').textContent = row.benchCount;
  const tags = need(tr, 'ul.tags');
  const tagItem = tags.querySelector('li:not(.more)');
  const moreItem = tags.querySelector('li.more');
  const items: Node[] = [];
  for (const [i, t] of tagItem ? row.tags.slice(0, TAGS_SHOWN).entries() : []) {
    const li = tagItem!.cloneNode(true) as Element;
    const a = need(li, 'a');
    a.setAttribute('href', row.tagHrefs[i]!);
    a.textContent = t;
    items.push(li);
  }
  if (moreItem && row.tags.length > TAGS_SHOWN) {
    const li = moreItem.cloneNode(true) as Element;
    li.textContent = `+${row.tags.length - TAGS_SHOWN}`;
    items.push(li);
  }
  tags.replaceChildren(...items);
  return tr;
}

export function enhanceLeaderboard(): void {
  const root = document.querySelector<HTMLElement>('[data-leaderboard]');
  if (!root?.querySelector('template[data-row-template]')) return;
  const form = need<HTMLFormElement>(root, 'form');
  const tag = form.elements.namedItem('tag') as HTMLSelectElement;
  const provider = form.elements.namedItem('provider') as HTMLSelectElement;

  enhanceList<LeaderboardState, LeaderboardIndex, LeaderboardIndex['models'][number]>(
    {
      root,
      what: 'leaderboard index',
      plain: PLAIN_VIEW,
      read: readLeaderboardState,
      url: leaderboardUrl,
      same: sameView,
      select: selectModels,
      size: (data) => data.models.length,
      fill: (proto, data, m) => fillRow(proto, leaderboardRow(data, m)),
      heading: leaderboardHeading,
      title: leaderboardTitle,
      showing: showingLine,
      firstDir: FIRST_DIR,
      fields: [
        [tag, () => ({ tag: tag.value })],
        [provider, () => ({ provider: provider.value })],
      ],
      sync: (s) => [...selectFilter(tag, s.tag, 'Tag', { tag: '' }), ...selectFilter(provider, s.provider, 'Provider', { provider: '' })],
    },
    document.querySelector('[data-leaderboard-heading]'),
  );
}
