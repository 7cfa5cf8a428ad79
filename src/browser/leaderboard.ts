/**
 * Enhances the static leaderboard: filter by tag, provider and search words, sort by a column, and
 * page, each change a history entry that Back undoes. Without this script every row is still on a
 * static page. With it, other views are drawn from the compact index (`/data/leaderboard.json`,
 * fetched on the first change) into clones of the `<template>` markup the page's own components
 * rendered, with the site's own helpers: the script never builds markup from strings.
 */
import type { LeaderboardIndex } from '../site/leaderboard-index.ts';
import { selectModels } from '../site/leaderboard-select.ts';
import { FIRST_DIR, PLAIN_VIEW, leaderboardUrl, readLeaderboardState, sameView, type LeaderboardState, type SortKey } from '../site/leaderboard-state.ts';
import { TAGS_SHOWN, leaderboardHeading, leaderboardRow, leaderboardTitle, showingLine, type LeaderboardRowView } from '../site/leaderboard-view.ts';
import { pageCount, pagerItems } from '../site/pagination.ts';

const need = <E extends Element>(parent: ParentNode, selector: string): E => {
  const found = parent.querySelector<E>(selector);
  if (!found) throw new Error(`the leaderboard has no ${selector}`);
  return found;
};

/** A clone of the template row, filled with one model. */
function fillRow(proto: Element, row: LeaderboardRowView): Element {
  const tr = proto.cloneNode(true) as Element;
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

/** A clone of the template pager with this view's pages, or null when there is one page. */
function fillPager(proto: Element, page: number, pages: number, hrefFor: (n: number) => string): Element | null {
  const items = pagerItems(page, pages);
  if (!items.length) return null;
  const nav = proto.cloneNode(false) as Element;
  const link = need(proto, 'a');
  const gap = need(proto, '.gap');
  for (const item of items) {
    if (item.kind === 'gap') {
      nav.append(gap.cloneNode(true));
      continue;
    }
    const a = link.cloneNode(false) as Element;
    a.removeAttribute('rel');
    a.removeAttribute('aria-current');
    a.setAttribute('href', hrefFor(item.page));
    if (item.kind !== 'page') a.setAttribute('rel', item.kind);
    if (item.current) a.setAttribute('aria-current', 'page');
    a.textContent = item.label;
    nav.append(a);
  }
  return nav;
}

export function enhanceLeaderboard(): void {
  const root = document.querySelector<HTMLElement>('[data-leaderboard]');
  const rowTemplate = root?.querySelector<HTMLTemplateElement>('template[data-row-template]');
  if (!root || !rowTemplate) return;
  const form = need<HTMLFormElement>(root, 'form');
  const tbody = need(root, 'tbody');
  const status = need(root, '[data-status]');
  const chips = need<HTMLElement>(root, '[data-chips]');
  const tableWrap = need<HTMLElement>(root, '.table-wrap');
  const heading = document.querySelector('[data-leaderboard-heading]');
  const rowProto = need(rowTemplate.content, 'tr');
  const pagerProto = need(need<HTMLTemplateElement>(root, 'template[data-pager-template]').content, 'nav');
  const chipProto = need(need<HTMLTemplateElement>(root, 'template[data-chip-template]').content, 'li');
  const pageSize = Number(root.dataset.pageSize) || 100;
  const siteTitle = root.dataset.siteTitle ?? document.title;
  const fields = {
    q: form.elements.namedItem('q') as HTMLInputElement,
    tag: form.elements.namedItem('tag') as HTMLSelectElement,
    provider: form.elements.namedItem('provider') as HTMLSelectElement,
  };
  const headers = [...root.querySelectorAll<HTMLTableCellElement>('th[data-sort]')];

  // The view this page was rendered with, and what it showed.
  const server: LeaderboardState = { ...PLAIN_VIEW, page: Number(root.dataset.page) || 1 };
  const serverPages = Number(root.dataset.pages) || 1;
  const serverTotal = Number(root.dataset.total) || 0;
  const original = { rows: [...tbody.children], pager: root.querySelector('[data-pager]') };
  let pager = original.pager;
  let wanted = server;
  let index: Promise<LeaderboardIndex> | undefined;
  let loaded = false;
  let ticket = 0;

  const loadIndex = () =>
    (index ??= fetch(root.dataset.index!).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json() as Promise<LeaderboardIndex>;
    }));

  const replacePager = (next: Element | null) => {
    if (pager && next) pager.replaceWith(next);
    else if (pager) pager.remove();
    else if (next) tableWrap.after(next);
    pager = next;
  };

  /** A select shows a value from the URL even when its list does not hold it. */
  const choose = (select: HTMLSelectElement, value: string): boolean => {
    for (const extra of select.querySelectorAll('option[data-extra]')) extra.remove();
    const known = !value || [...select.options].some((o) => o.value === value);
    if (!known) {
      const option = new Option(`${value} (not in this snapshot)`, value);
      option.dataset.extra = '';
      select.append(option);
    }
    select.value = value;
    return known;
  };

  function syncControls(s: LeaderboardState): void {
    if (document.activeElement !== fields.q) fields.q.value = s.q;
    const known = { tag: choose(fields.tag, s.tag), provider: choose(fields.provider, s.provider) };
    const active: [keyof LeaderboardState, string][] = [];
    if (s.q) active.push(['q', `Search: “${s.q}”`]);
    if (s.tag) active.push(['tag', `Tag: ${s.tag}${known.tag ? '' : ' (not in this snapshot)'}`]);
    if (s.provider) active.push(['provider', `Provider: ${s.provider}${known.provider ? '' : ' (not in this snapshot)'}`]);
    chips.replaceChildren(
      ...active.map(([key, label]) => {
        const chip = chipProto.cloneNode(true) as Element;
        need(chip, 'span').textContent = label;
        const remove = need(chip, 'button');
        remove.setAttribute('aria-label', `Remove the filter ${label}`);
        remove.addEventListener('click', () => {
          if (key === 'q') fields.q.value = '';
          void show({ ...wanted, [key]: '', page: 1 }, 'push');
          fields[key as 'q' | 'tag' | 'provider'].focus();
        });
        return chip;
      }),
    );
    chips.hidden = active.length === 0;
    for (const th of headers) {
      if (th.dataset.sort === s.sort) th.setAttribute('aria-sort', s.dir === 'asc' ? 'ascending' : 'descending');
      else th.removeAttribute('aria-sort');
    }
  }

  /** Draws a view, then writes its URL: a new history entry, or in place of the current one. */
  async function show(next: LeaderboardState, entry: 'push' | 'replace'): Promise<void> {
    const mine = ++ticket;
    wanted = next;
    syncControls(next);
    let view = next;
    let pages = serverPages;
    if (sameView(next, server)) {
      tbody.replaceChildren(...original.rows);
      replacePager(original.pager);
      status.textContent = showingLine((server.page - 1) * pageSize + 1, original.rows.length, serverTotal, serverTotal);
    } else {
      if (!loaded) status.textContent = 'Loading…';
      let data: LeaderboardIndex;
      try {
        data = await loadIndex();
        loaded = true;
      } catch {
        index = undefined;
        if (mine === ticket) status.textContent = 'The leaderboard index could not be loaded; the static pages below still work.';
        return;
      }
      if (mine !== ticket) return; // a newer change is drawing
      const rows = selectModels(data, next);
      pages = pageCount(rows.length, pageSize);
      view = { ...next, page: Math.min(next.page, pages) };
      wanted = view;
      const start = (view.page - 1) * pageSize;
      const slice = rows.slice(start, start + pageSize);
      tbody.replaceChildren(...slice.map((m) => fillRow(rowProto, leaderboardRow(data, m))));
      replacePager(fillPager(pagerProto, view.page, pages, (p) => leaderboardUrl({ ...view, page: p })));
      status.textContent = showingLine(start + 1, slice.length, rows.length, data.models.length);
    }
    if (heading) heading.textContent = leaderboardHeading(view.page, pages);
    const title = leaderboardTitle(view.page);
    document.title = title ? `${title} · ${siteTitle}` : siteTitle;
    const url = leaderboardUrl(view);
    if (url !== location.pathname + location.search) {
      if (entry === 'push') history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
  }

  for (const th of headers) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort';
    button.append(...th.childNodes);
    button.addEventListener('click', () => {
      const key = th.dataset.sort as SortKey;
      const dir = wanted.sort === key ? (wanted.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[key];
      void show({ ...wanted, sort: key, dir, page: 1 }, 'push');
    });
    th.append(button);
  }

  // Typing adds one history entry per visit to the field, not one per pause.
  let typing: ReturnType<typeof setTimeout> | undefined;
  let typedEntry = false;
  const search = () => {
    clearTimeout(typing);
    if (fields.q.value === wanted.q) return;
    void show({ ...wanted, q: fields.q.value, page: 1 }, typedEntry ? 'replace' : 'push');
    typedEntry = true;
  };
  fields.q.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(search, 250);
  });
  fields.q.addEventListener('blur', () => {
    search();
    typedEntry = false;
  });
  fields.tag.addEventListener('change', () => void show({ ...wanted, tag: fields.tag.value, page: 1 }, 'push'));
  fields.provider.addEventListener('change', () => void show({ ...wanted, provider: fields.provider.value, page: 1 }, 'push'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    search();
  });
  form.addEventListener('reset', (e) => {
    e.preventDefault();
    fields.q.value = '';
    void show(PLAIN_VIEW, 'push');
  });

  // Page links work as links (a new tab, a copied address); a plain click draws the page in place.
  root.addEventListener('click', (e) => {
    const a = (e.target as Element).closest<HTMLAnchorElement>('[data-pager] a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const url = new URL(a.href);
    void show(readLeaderboardState(url.pathname, url.search), 'push').then(() => tableWrap.focus());
  });
  window.addEventListener('popstate', () => void show(readLeaderboardState(location.pathname, location.search), 'replace'));

  form.hidden = false;
  void show(readLeaderboardState(location.pathname, location.search), 'replace');
}
