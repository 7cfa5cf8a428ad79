/**
 * What the enhanced lists (the leaderboard, the benchmarks list) share: a view drawn from a static
 * index into clones of server-rendered `<template>` markup, with the page, heading, title, "showing"
 * line and URL kept in agreement, each change a history entry, and page links that stay links; the
 * search field, sort buttons, active-filter chips and reset work the same on both. Each list's own
 * script says what its view is, how to select and fill its rows, and what its other fields change.
 */
import { pageTitle } from '../site/format/page-title.ts';
import { pageCount, pagerItems } from '../site/lists/pagination.ts';

export const need = <E extends Element>(parent: ParentNode, selector: string): E => {
  const found = parent.querySelector<E>(selector);
  if (!found) throw new Error(`the list has no ${selector}`);
  return found;
};

/**
 * A clone of the page's own pager (`shell`, emptied) holding this view's pages, made of the template's
 * link and gap; null when there is one page. A list whose static page has no pager has a single page,
 * and so has every view of it.
 */
export function fillPager(shell: Element | null, parts: ParentNode, page: number, pages: number, hrefFor: (n: number) => string): Element | null {
  const items = pagerItems(page, pages);
  if (!items.length || !shell) return null;
  const nav = shell.cloneNode(false) as Element;
  const link = need(parts, 'a');
  const gap = need(parts, '.gap');
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

/** A select shows a value from the URL even when its list does not hold it; true when the list holds it. */
function chooseOption(select: HTMLSelectElement, value: string): boolean {
  for (const extra of select.querySelectorAll('option[data-extra]')) extra.remove();
  const known = !value || [...select.options].some((o) => o.value === value);
  if (!known) {
    const option = new Option(`${value} (not in this snapshot)`, value);
    option.dataset.extra = '';
    select.append(option);
  }
  select.value = value;
  return known;
}

/** One chip per active filter, each with a button that removes it; the list hides when there is none. */
function fillChips(list: HTMLElement, proto: Element, filters: readonly { label: string; remove: () => void }[]): void {
  list.replaceChildren(
    ...filters.map(({ label, remove }) => {
      const chip = proto.cloneNode(true) as Element;
      need(chip, 'span').textContent = label;
      const button = need(chip, 'button');
      button.setAttribute('aria-label', `Remove the filter ${label}`);
      button.addEventListener('click', remove);
      return chip;
    }),
  );
  list.hidden = filters.length === 0;
}

/** Puts a sort button in each header with a `data-sort` key, and marks the one the view is sorted by. */
function sortHeaders(root: ParentNode, onSort: (key: string) => void) {
  const headers = [...root.querySelectorAll<HTMLTableCellElement>('th[data-sort]')];
  for (const th of headers) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort';
    button.append(...th.childNodes);
    button.addEventListener('click', () => onSort(th.dataset.sort!));
    th.append(button);
  }
  return (sort: string, dir: 'asc' | 'desc') => {
    for (const th of headers) {
      if (th.dataset.sort === sort) th.setAttribute('aria-sort', dir === 'asc' ? 'ascending' : 'descending');
      else th.removeAttribute('aria-sort');
    }
  };
}

/** Searches as the visitor types: one history entry per visit to the field, not one per pause. */
function searchAsYouType(input: HTMLInputElement, current: () => string, apply: (q: string, entry: 'push' | 'replace') => void): () => void {
  let typing: ReturnType<typeof setTimeout> | undefined;
  let typedEntry = false;
  const search = () => {
    clearTimeout(typing);
    if (input.value === current()) return;
    apply(input.value, typedEntry ? 'replace' : 'push');
    typedEntry = true;
  };
  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(search, 250);
  });
  input.addEventListener('blur', () => {
    search();
    typedEntry = false;
  });
  return search;
}

/** A list's view: at least the page it shows. */
export interface PagedView {
  page: number;
}

export interface ListSpec<S extends PagedView, I, R> {
  root: HTMLElement;
  /** Names what failed to load, in "The … could not be loaded". */
  what: string;
  /** The view the static pages show (their page aside). */
  plain: S;
  read: (pathname: string, search: string) => S;
  url: (view: S) => string;
  same: (a: S, b: S) => boolean;
  /** The view's rows, filtered and sorted. */
  select: (index: I, view: S) => R[];
  /** How many rows the index holds in all. */
  size: (index: I) => number;
  /** A clone of the row template, filled with one row. */
  fill: (proto: Element, index: I, row: R) => Element;
  heading: (page: number, pages: number) => string;
  title: (page: number) => string | undefined;
  showing: (first: number, shown: number, total: number, all: number) => string;
  /** Shows a view in the list's own controls (fields, chips, sorted header). */
  sync: (view: S) => void;
}

/**
 * Wires a list rendered by the server (`data-page`, `data-pages`, `data-total`, `data-page-size`,
 * `data-index`, `data-site-title` on the root; `tbody`, `[data-status]`, `.table-wrap`, `[data-pager]`
 * and a `[data-…-heading]` heading; row and pager `<template>`s) and returns `show`, which draws a
 * view and writes its URL. A plain click on a page link draws it in place; Back redraws.
 */
function listView<S extends PagedView, I, R>(spec: ListSpec<S, I, R>, heading: Element | null) {
  const { root } = spec;
  const tbody = need(root, 'tbody');
  const status = need(root, '[data-status]');
  const tableWrap = need<HTMLElement>(root, '.table-wrap');
  const rowProto = need(need<HTMLTemplateElement>(root, 'template[data-row-template]').content, 'tr');
  const pagerParts = need<HTMLTemplateElement>(root, 'template[data-pager-template]').content;
  const pageSize = Number(root.dataset.pageSize) || 100;
  const siteTitle = root.dataset.siteTitle ?? document.title;

  // The view this page was rendered with, and what it showed.
  const server: S = { ...spec.plain, page: Number(root.dataset.page) || 1 };
  const serverPages = Number(root.dataset.pages) || 1;
  const serverTotal = Number(root.dataset.total) || 0;
  const original = { rows: [...tbody.children], pager: root.querySelector('[data-pager]') };
  let pager = original.pager;
  let wanted = server;
  let index: Promise<I> | undefined;
  let loaded = false;
  let ticket = 0;

  const loadIndex = () =>
    (index ??= fetch(root.dataset.index!).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json() as Promise<I>;
    }));

  const replacePager = (next: Element | null) => {
    if (pager && next) pager.replaceWith(next);
    else if (pager) pager.remove();
    else if (next) tableWrap.after(next);
    pager = next;
  };

  /** Draws a view, then writes its URL: a new history entry, or in place of the current one. */
  async function show(next: S, entry: 'push' | 'replace'): Promise<void> {
    const mine = ++ticket;
    wanted = next;
    spec.sync(next);
    let view = next;
    let pages = serverPages;
    if (spec.same(next, server)) {
      // On arrival the static rows are in place: putting them back would lay out the whole table again.
      if (tbody.firstElementChild !== original.rows[0] || tbody.childElementCount !== original.rows.length) tbody.replaceChildren(...original.rows);
      if (pager !== original.pager) replacePager(original.pager);
      status.textContent = spec.showing((server.page - 1) * pageSize + 1, original.rows.length, serverTotal, serverTotal);
    } else {
      if (!loaded) status.textContent = 'Loading…';
      let data: I;
      try {
        data = await loadIndex();
        loaded = true;
      } catch {
        index = undefined;
        if (mine === ticket) status.textContent = `The ${spec.what} could not be loaded; the static pages below still work.`;
        return;
      }
      if (mine !== ticket) return; // a newer change is drawing
      const rows = spec.select(data, next);
      pages = pageCount(rows.length, pageSize);
      view = { ...next, page: Math.min(next.page, pages) };
      wanted = view;
      const start = (view.page - 1) * pageSize;
      const slice = rows.slice(start, start + pageSize);
      tbody.replaceChildren(...slice.map((r) => spec.fill(rowProto, data, r)));
      replacePager(fillPager(original.pager, pagerParts, view.page, pages, (p) => spec.url({ ...view, page: p })));
      status.textContent = spec.showing(start + 1, slice.length, rows.length, spec.size(data));
    }
    if (heading) heading.textContent = spec.heading(view.page, pages);
    document.title = pageTitle(spec.title(view.page), siteTitle);
    const url = spec.url(view);
    if (url !== location.pathname + location.search) {
      if (entry === 'push') history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
  }

  // Page links work as links (a new tab, a copied address); a plain click draws the page in place.
  root.addEventListener('click', (e) => {
    const a = (e.target as Element).closest<HTMLAnchorElement>('[data-pager] a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const url = new URL(a.href);
    void show(spec.read(url.pathname, url.search), 'push').then(() => tableWrap.focus());
  });
  window.addEventListener('popstate', () => void show(spec.read(location.pathname, location.search), 'replace'));

  return {
    show,
    /** The view last asked for, with its page as drawn. */
    wanted: () => wanted,
    /** Draws the view the address names, in place of the current history entry. */
    start: () => void show(spec.read(location.pathname, location.search), 'replace'),
  };
}

/** A view with search words and a sort, as every enhanced list has. */
export interface FilteredView extends PagedView {
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
}

/** A filter the view has: what its chip says, what removing it changes, and the field that then takes focus. */
export interface ActiveFilter<S> {
  label: string;
  clear: Partial<S>;
  field: HTMLElement;
}

/** Shows a view's value in a select, and returns its filter when it has one ("Tag: x", marked when the list does not hold it). */
export function selectFilter<S>(select: HTMLSelectElement, value: string, name: string, clear: Partial<S>): ActiveFilter<S>[] {
  const known = chooseOption(select, value);
  return value ? [{ label: `${name}: ${value}${known ? '' : ' (not in this snapshot)'}`, clear, field: select }] : [];
}

export interface EnhancedListSpec<S extends FilteredView, I, R> extends Omit<ListSpec<S, I, R>, 'sync'> {
  /** The direction each column sorts in when first chosen. */
  firstDir: Record<S['sort'], 'asc' | 'desc'>;
  /** The form's fields beside the search: each changes the view by the part it reads. */
  fields: [field: HTMLElement, part: () => Partial<S>][];
  /** Shows a view in the list's own controls (the search field and sort aside) and lists its filters other than the search words. */
  sync: (view: S) => ActiveFilter<S>[];
}

/**
 * Makes a server-rendered list sortable and filterable in place: its form (a `q` search field, the
 * spec's other fields, a reset button), the sort buttons in its `th[data-sort]` headers and its
 * active-filter chips (`[data-chips]`, filled from `template[data-chip-template]`) change the view,
 * each change a history entry; then the view the address names is drawn. The form is laid out from
 * the first paint (hidden only without scripting), so nothing moves when this starts.
 */
export function enhanceList<S extends FilteredView, I, R>(spec: EnhancedListSpec<S, I, R>, heading: Element | null): void {
  const { root } = spec;
  const form = need<HTMLFormElement>(root, 'form');
  const q = form.elements.namedItem('q') as HTMLInputElement;
  const chips = need<HTMLElement>(root, '[data-chips]');
  const chipProto = need(need<HTMLTemplateElement>(root, 'template[data-chip-template]').content, 'li');
  /** The current view with this change, from its first page, as a new history entry. */
  const change = (part: Partial<S>) => void list.show({ ...list.wanted(), ...part, page: 1 }, 'push');
  const markSorted = sortHeaders(root, (sort) => {
    const now = list.wanted();
    const dir = now.sort === sort ? (now.dir === 'asc' ? 'desc' : 'asc') : spec.firstDir[sort as S['sort']];
    change({ sort, dir } as Partial<S>);
  });

  const list = listView<S, I, R>(
    {
      ...spec,
      sync: (view) => {
        if (document.activeElement !== q) q.value = view.q;
        const search: ActiveFilter<S>[] = view.q ? [{ label: `Search: “${view.q}”`, clear: { q: '' } as Partial<S>, field: q }] : [];
        const filters = [...search, ...spec.sync(view)].map(({ label, clear, field }) => ({
          label,
          remove: () => {
            if (field === q) q.value = '';
            change(clear);
            field.focus();
          },
        }));
        fillChips(chips, chipProto, filters);
        markSorted(view.sort, view.dir);
      },
    },
    heading,
  );

  const search = searchAsYouType(
    q,
    () => list.wanted().q,
    (words, entry) => void list.show({ ...list.wanted(), q: words, page: 1 }, entry),
  );
  for (const [field, part] of spec.fields) field.addEventListener('change', () => change(part()));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    search();
  });
  form.addEventListener('reset', (e) => {
    e.preventDefault();
    q.value = '';
    void list.show(spec.plain, 'push');
  });

  list.start();
}
