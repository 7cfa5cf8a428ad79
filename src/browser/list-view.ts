/**
 * Enhances a list's static pages (the leaderboard, the benchmarks list; src/site/lists/list-spec.ts
 * describes each): its search field, its filters, the sort buttons in its headers and its pager change
 * the view, each change a history entry that Back undoes, with the rows, pager, heading, title,
 * "showing" line and URL in agreement. Without this script every row is still on a static page. With
 * it, other views are drawn from the list's compact index (fetched on the first change) with the views
 * the pages themselves are rendered with (src/views/parts/), so a row reads the same whoever draws it.
 */
import { pageTitle } from '../site/format/page-title.ts';
import {
  firstDir,
  readView,
  sameView,
  selectRows,
  showingLine,
  sourceNames,
  viewUrl,
  type BaseView,
  type AnySpec,
  type FilterName,
} from '../site/lists/list-spec.ts';
import { FIRST_ROWS, pageCount } from '../site/lists/pagination.ts';
import { html, type Markup } from '../views/parts/html.ts';
import { chipHtml } from '../views/parts/chip.ts';
import { listRowHtml, type RowCells } from '../views/parts/list-row.ts';
import { pagerHtml } from '../views/parts/pager.ts';
import { chooseOption, searchAsYouType, sortHeaders } from './list-controls.ts';
import { nodesOf, put } from './markup.ts';

const need = <E extends Element>(parent: ParentNode, selector: string): E => {
  const found = parent.querySelector<E>(selector);
  if (!found) throw new Error(`the list has no ${selector}`);
  return found;
};

/** What a list says instead of rows, for a view it cannot draw (a day the site does not keep): markup above the table, and its "showing" line. */
export interface ListNotice {
  notice: Markup;
  status: string;
}

/**
 * Where a list's views get their rows: one index file for most lists; for the leaderboard as it
 * stood, the files of the day its view names. Views with the same key are drawn from the same rows.
 */
export interface ListSource<Row, V> {
  key(view: V): string;
  load(key: string): Promise<Row[] | ListNotice>;
  /** Whether the rows loaded for `key` may be drawn again as they are (without it, always): false loads them again. */
  fresh?(key: string): boolean;
}

/** The rows of the list's index file (the root's `data-index`), read by `rowsOf`, for every view alike. */
export const indexSource = <Row, V, I>(url: string, rowsOf: (index: I) => Row[]): ListSource<Row, V> => ({
  key: () => '',
  load: () =>
    fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return (r.json() as Promise<I>).then(rowsOf);
    }),
});

export interface ListOptions<Row, V> {
  /** After a view is drawn (its rows, or undefined for a notice or the static rows), what else a page says of it; `current` turns false once another view is asked for. */
  afterDraw?: (view: V, rows: readonly Row[] | undefined, current: () => boolean) => void;
  /** The choices of a select filter, from the rows a view is drawn from (the tags of a past day), where the page could not list them. */
  choices?: (rows: readonly Row[]) => Partial<Record<string, string[]>>;
  /** Draw a view's rows in steps (drawRows): a page whose every frame is costly (/rank/'s). */
  stepped?: boolean;
}

/** What a page's own controls (beside the list's form) change the view with: the change, from page 1, as a new history entry; and the view last asked for. */
export interface ListHandle<V> {
  change(part: Partial<V>): void;
  view(): V;
  /** Draws the view asked for again from its rows (which the page has changed since: /rank/'s ranges). */
  redraw(): void;
}

/** Views whose rows are kept, the most recent first: a day of 50,000 configurations is 35,000 rows. */
const KEPT_SOURCES = 3;

/** The parts of a list's page its script reads and draws in (enhanceList says which each is). */
interface ListParts<V extends BaseView> {
  root: HTMLElement;
  heading: Element | null;
  form: HTMLFormElement;
  q: HTMLInputElement;
  sources: { name: FilterName<V>; field: HTMLInputElement | null }[];
  notice: HTMLElement | null;
  fields: { name: FilterName<V>; field: HTMLInputElement | HTMLSelectElement; label: string }[];
  chips: HTMLElement;
  caption: Element | null;
  tbody: Element;
  status: Element;
  tableWrap: HTMLElement;
}

/** Finds the list's parts; a part the script cannot do without missing is an error. */
function partsOf<Row, V extends BaseView>(root: HTMLElement, spec: AnySpec<Row, V>): ListParts<V> {
  const heading = document.querySelector(`[data-${spec.name}-heading]`);
  const form = need<HTMLFormElement>(root, 'form.controls');
  const q = form.elements.namedItem('q') as HTMLInputElement;
  const sources = sourceNames(spec).map((name) => ({ name, field: form.elements.namedItem(name) as HTMLInputElement | null }));
  const notice = root.querySelector<HTMLElement>('[data-notice]');
  const fields = (Object.keys(spec.filters) as FilterName<V>[]).map((name) => ({
    name,
    field: form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement,
    label: spec.filters[name].label,
  }));
  const chips = need<HTMLElement>(root, '[data-chips]');
  const caption = root.querySelector('[data-caption]');
  const tbody = need(root, 'tbody');
  const status = need(root, '[data-status]');
  const tableWrap = need<HTMLElement>(root, '.table-wrap');
  return { root, heading, form, q, sources, notice, fields, chips, caption, tbody, status, tableWrap };
}

/** The page as the server rendered it: its view, its own address (a static page's path), what it showed, and its settings. */
interface AsRendered<V extends BaseView> {
  server: V;
  serverUrl: string;
  serverPages: number;
  serverTotal: number;
  /** The page has no rows of its own: every view is drawn. */
  drawnOnly: boolean;
  original: { rows: Element[]; pager: Element | null };
  siteTitle: string;
  pageSize: number;
}

/** Reads the page as rendered, before the script changes anything. */
function asRendered<Row, V extends BaseView>(root: HTMLElement, spec: AnySpec<Row, V>, tbody: Element): AsRendered<V> {
  const siteTitle = root.dataset.siteTitle ?? document.title;
  const pageSize = Number(root.dataset.pageSize) || spec.pageSize;
  const server = { ...spec.plain, ...spec.pathView?.(location.pathname), page: Number(root.dataset.page) || 1 } as V;
  const serverUrl = location.pathname;
  const serverPages = Number(root.dataset.pages) || 1;
  const serverTotal = Number(root.dataset.total) || 0;
  const drawnOnly = root.dataset.drawnOnly !== undefined;
  const original = { rows: [...tbody.children], pager: root.querySelector('[data-pager]') };
  return { server, serverUrl, serverPages, serverTotal, drawnOnly, original, siteTitle, pageSize };
}

/** What changes as views are drawn. */
interface ListState<Row, V extends BaseView> {
  /** The view last asked for. */
  wanted: V;
  /** The pager on screen. */
  pager: Element | null;
  /** Counts the views asked for: a draw that is no longer the last asked for gives way. */
  ticket: number;
  /** The rows of the last few sources asked for, the most recent last. */
  loads: Map<string, Promise<Row[] | ListNotice>>;
  /** The sources loaded once: asking for them again says no "Loading…". */
  loaded: Set<string>;
}

/** A list as its script draws it: its spec, where its rows come from and their cells, its parts, the page as rendered, its state, and what puts a view in its controls. */
interface EnhancedList<Row, V extends BaseView> {
  spec: AnySpec<Row, V>;
  rowsOf: ListSource<Row, V>;
  draw: RowCells<Row>;
  options: ListOptions<Row, V>;
  parts: ListParts<V>;
  rendered: AsRendered<V>;
  state: ListState<Row, V>;
  sync: (view: V) => void;
}

/** The rows of a source, kept among the last few asked for (the most recent last), loaded again where the source says they are no longer fresh. */
export function loadRows<Row, V>(loads: Map<string, Promise<Row[] | ListNotice>>, rowsOf: ListSource<Row, V>, key: string) {
  let load = loads.get(key);
  if (load) loads.delete(key);
  if (!load || rowsOf.fresh?.(key) === false) load = rowsOf.load(key);
  loads.set(key, load);
  while (loads.size > KEPT_SOURCES) loads.delete(loads.keys().next().value!);
  return load;
}

/**
 * How many a frame: 10 to start with, then half as many after a frame that took longer than
 * FRAME_MS (from one frame's start to the next: the rows' drawing, layout and paint), twice as many
 * after one that took less than half, between 4 and 50: a slow phone gets short tasks, a fast
 * computer the whole page in a few frames.
 */
const ROWS_A_FRAME = { start: 10, least: 4, most: 50 };
const FRAME_MS = 50;

/**
 * Puts `rows` in the table in place of the rows there; in steps where the list's options say so: the
 * first FIRST_ROWS at once, the others a few a frame (ROWS_A_FRAME), while the list's root says
 * `data-drawing` (and its table `aria-busy`). A page of rows laid out in one frame blocks a phone's input for a few hundred ms;
 * a few rows a frame do not. Other rows (another ranking's) are taken out at once, the table's box
 * keeping its height until the last row is in, so nothing below it moves meanwhile; the same rows
 * drawn again (`again`: with their ranges) replace the rows there one for one (those a draw still
 * under way has put in, then the rest after them). A newer draw (`mine`
 * no longer the ticket) takes over where this one is.
 */
function drawRows<Row, V extends BaseView>(list: EnhancedList<Row, V>, mine: number, rows: readonly Row[], again: boolean): void {
  const { spec, draw, state } = list;
  const { root, tbody, tableWrap } = list.parts;
  const made = (from: number, to: number) => nodesOf(html`${rows.slice(from, to).map((row) => listRowHtml(spec, draw, row))}`);
  if (!list.options.stepped || rows.length <= FIRST_ROWS) {
    tbody.replaceChildren(...made(0, rows.length));
    return drawnAll(list);
  }
  // The same rows again (with their ranges) replace those drawn, also while a draw of them is still under way: it goes on from there, not from the first row.
  const old = again ? [...tbody.children] : [];
  if (old.length === 0) {
    // Read before anything is written, where the page is laid out already.
    if (root.dataset.drawing === undefined) tableWrap.style.minHeight = `${tableWrap.offsetHeight}px`;
    tbody.replaceChildren();
  }
  let at = 0;
  const step = (n: number) => {
    const next = made(at, at + n);
    const replaced = old.splice(0, n);
    if (replaced[0]) replaced[0].before(...next);
    else tbody.append(...next);
    removeRows(replaced);
    at += next.length;
  };
  step(FIRST_ROWS);
  root.dataset.drawing = '';
  // The rows still coming, said to assistive technology as well.
  tableWrap.setAttribute('aria-busy', 'true');
  let n = ROWS_A_FRAME.start;
  // When the last frame began (a frame's time, as requestAnimationFrame gives it): none before the first step's.
  let last: number | undefined;
  const more = (now: number) => {
    if (mine !== state.ticket) return;
    const took = last === undefined ? FRAME_MS : now - last;
    last = now;
    if (took > FRAME_MS) n = Math.max(ROWS_A_FRAME.least, n >> 1);
    else if (took < FRAME_MS / 2) n = Math.min(ROWS_A_FRAME.most, n * 2);
    step(n);
    if (at < rows.length) return void requestAnimationFrame(more);
    removeRows(old.splice(0));
    drawnAll(list);
  };
  // The next rows in the frame after the one that shows the first: a callback asked for now would run in that frame, before
  // its paint, and make it the change's longest (100-140 ms with the CPU slowed 4x on /rank/ at 10,000 configurations).
  requestAnimationFrame(() => requestAnimationFrame(more));
}

/** Rows that follow each other taken out of the table at once. */
function removeRows(rows: readonly Element[]): void {
  if (rows.length === 0) return;
  const range = document.createRange();
  range.setStartBefore(rows[0]!);
  range.setEndAfter(rows.at(-1)!);
  range.deleteContents();
}

/** Every row of the view drawn: the table's box takes its own height again. */
function drawnAll<Row, V extends BaseView>(list: EnhancedList<Row, V>): void {
  list.parts.tableWrap.style.minHeight = '';
  list.parts.tableWrap.removeAttribute('aria-busy');
  delete list.parts.root.dataset.drawing;
}

/** The rows of the page as rendered back in the table. */
function drawnAsRendered<Row, V extends BaseView>(list: EnhancedList<Row, V>): void {
  const { root, tbody } = list.parts;
  const { rows } = list.rendered.original;
  if (tbody.firstElementChild !== rows[0] || tbody.childElementCount !== rows.length || root.dataset.drawing !== undefined) tbody.replaceChildren(...rows);
  drawnAll(list);
}

/** Puts `next` in place of the pager on screen (after the table when there is none), or takes the pager away. */
function replacePager<Row, V extends BaseView>(state: ListState<Row, V>, tableWrap: HTMLElement, next: Element | null) {
  const { pager } = state;
  if (pager && next) pager.replaceWith(next);
  else if (pager) pager.remove();
  else if (next) tableWrap.after(next);
  state.pager = next;
}

/** The view in the form, the chips (each clears its filter with `change`), the caption and the sorted header. */
function syncControls<Row, V extends BaseView>(
  spec: AnySpec<Row, V>,
  { q, sources, fields, chips, caption }: ListParts<V>,
  view: V,
  change: (part: Partial<V>) => void,
  markSorted: (sort: string, dir: 'asc' | 'desc') => void,
): void {
  if (document.activeElement !== q) q.value = view.q;
  for (const { name, field } of sources) if (field && document.activeElement !== field) field.value = String(view[name] ?? '');
  const active: { label: string; field: HTMLElement; clear: Partial<V> }[] = view.q
    ? [{ label: `Search: “${view.q}”`, field: q, clear: { q: '' } as Partial<V> }]
    : [];
  for (const { name, field, label } of fields) {
    const value = view[name] as string | boolean;
    if (field instanceof HTMLInputElement) {
      field.checked = value === true;
      if (value) active.push({ label, field, clear: { [name]: false } as Partial<V> });
    } else {
      const known = chooseOption(field, value as string);
      if (value) active.push({ label: `${label}: ${value}${known ? '' : ' (not in this snapshot)'}`, field, clear: { [name]: '' } as Partial<V> });
    }
  }
  chips.replaceChildren(...nodesOf(html`${active.map((f) => chipHtml(f.label))}`));
  chips.querySelectorAll('button').forEach((button, i) =>
    button.addEventListener('click', () => {
      const { field, clear } = active[i]!;
      if (field === q) q.value = '';
      change(clear);
      field.focus();
    }),
  );
  chips.hidden = active.length === 0;
  if (caption && spec.caption) caption.textContent = spec.caption(view);
  markSorted(view.sort, view.dir);
}

/** Draws a view and writes its URL: a new history entry, or in place of the current one; `again`: the view on screen, from its rows changed since. */
async function showView<Row, V extends BaseView>(list: EnhancedList<Row, V>, next: V, entry: 'push' | 'replace', again = false): Promise<void> {
  const { spec, rowsOf, state } = list;
  const { afterDraw, choices } = list.options;
  const { heading, notice, fields, tbody, status, tableWrap } = list.parts;
  const { server, serverUrl, serverPages, serverTotal, drawnOnly, original, siteTitle, pageSize } = list.rendered;
  const mine = ++state.ticket;
  state.wanted = next;
  list.sync(next);
  let view = next;
  let pages = serverPages;
  let drawn: Row[] | undefined;
  if (!drawnOnly && sameView(next, server)) {
    address(next);
    // On arrival the static rows are in place: putting them back would lay out the whole table again.
    drawnAsRendered(list);
    if (state.pager !== original.pager) replacePager(state, tableWrap, original.pager);
    put(notice, undefined);
    status.textContent = showingLine((server.page - 1) * pageSize + 1, original.rows.length, serverTotal, serverTotal, spec.noun);
  } else {
    const key = rowsOf.key(next);
    if (!state.loaded.has(key)) status.textContent = 'Loading…';
    let all: Row[] | ListNotice;
    try {
      all = await loadRows(state.loads, rowsOf, key);
      state.loaded.add(key);
    } catch {
      state.loads.delete(key);
      if (mine !== state.ticket) return;
      // Rows left half drawn by a draw that gave way to this one: the page's own rows instead.
      if (list.parts.root.dataset.drawing !== undefined) drawnAsRendered(list);
      status.textContent = `The ${spec.index.label} could not be loaded; the static pages below still work.`;
      return;
    }
    if (mine !== state.ticket) return; // a newer change is drawing
    if (!Array.isArray(all)) {
      address(next);
      tbody.replaceChildren();
      drawnAll(list);
      replacePager(state, tableWrap, null);
      put(notice, all.notice);
      status.textContent = all.status;
      finish(next, 1);
      return;
    }
    const selected = selectRows(spec, all, next);
    pages = pageCount(selected.length, pageSize);
    view = { ...next, page: Math.min(next.page, pages) };
    state.wanted = view;
    address(view);
    put(notice, undefined);
    drawn = all;
    if (choices) {
      // The filters' choices of these rows, then the form and the chips again with them.
      const made = choices(all);
      for (const { name, field } of fields) {
        const values = made[name];
        if (!values || !(field instanceof HTMLSelectElement)) continue;
        const first = field.options[0];
        field.replaceChildren(...(first ? [first] : []), ...values.map((v) => new Option(v, v)));
      }
      list.sync(next);
    }
    const start = (view.page - 1) * pageSize;
    const slice = selected.slice(start, start + pageSize);
    drawRows(list, mine, slice, again);
    replacePager(state, tableWrap, nodesOf(pagerHtml(view.page, pages, (p) => viewUrl(spec, { ...view, page: p }), spec.pagerLabel))[0] ?? null);
    status.textContent = showingLine(start + 1, slice.length, selected.length, all.length, spec.noun);
  }
  finish(view, pages, drawn);

  /**
   * The address of the view about to be drawn, written before anything is: writing one lays out
   * whatever the page has changed since its last frame (Chromium keeps the scroll position with it),
   * which after a page of rows is most of a frame's work in the middle of a task.
   */
  function address(shown: V) {
    // A static page's view keeps the page's own address.
    const url = !drawnOnly && sameView(shown, server) ? serverUrl : viewUrl(spec, shown);
    if (url === location.pathname + location.search) return;
    if (entry === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }

  /** The heading and title of the view drawn, and what the page says more of it. */
  function finish(shown: V, pages: number, rows?: Row[]) {
    if (heading) heading.textContent = spec.heading(shown.page, pages, shown);
    document.title = pageTitle(spec.title(shown.page, shown), siteTitle);
    afterDraw?.(shown, rows, () => mine === state.ticket);
  }
}

/**
 * Wires the list the page rendered (`data-{name}` on its root, with `data-page`, `data-pages`,
 * `data-total`, `data-page-size`, `data-index` and `data-site-title`, and `data-drawn-only` where the
 * page has no rows of its own; its form, `form.controls`, with a `q` field and a field per filter and
 * source of the spec; a `tbody`, `[data-status]`, `.table-wrap`, `[data-chips]`, `[data-notice]`,
 * `[data-{name}-heading]`), then draws the view the address names. `source` gives each view's rows
 * (`indexSource`: the index at `data-index`); `draw` is their cells; `options` say more of each view
 * drawn, and fill its filters' choices. Returns what the page's other controls change the view with.
 */
export function enhanceList<Row, V extends BaseView>(
  spec: AnySpec<Row, V>,
  source: ListSource<Row, V> | ((url: string) => ListSource<Row, V>),
  draw: RowCells<Row>,
  options: ListOptions<Row, V> = {},
): ListHandle<V> | undefined {
  const root = document.querySelector<HTMLElement>(`[data-${spec.name}]`);
  if (!root) return undefined;
  const rowsOf = typeof source === 'function' ? source(root.dataset.index!) : source;
  const parts = partsOf(root, spec);
  const { form, q, sources, fields, tableWrap } = parts;
  const rendered = asRendered(root, spec, parts.tbody);
  const state: ListState<Row, V> = { wanted: rendered.server, pager: rendered.original.pager, ticket: 0, loads: new Map(), loaded: new Set() };
  const sync = (view: V) => syncControls(spec, parts, view, change, markSorted);
  const list: EnhancedList<Row, V> = { spec, rowsOf, draw, options, parts, rendered, state, sync };
  const show = (next: V, entry: 'push' | 'replace', again = false) => showView(list, next, entry, again);

  /** The current view with this change, from its first page, as a new history entry. */
  const change = (part: Partial<V>) => void show({ ...state.wanted, ...part, page: 1 }, 'push');
  const markSorted = sortHeaders(root, (sort) => {
    const dir = state.wanted.sort === sort ? (state.wanted.dir === 'asc' ? 'desc' : 'asc') : firstDir(spec, sort);
    change({ sort, dir } as Partial<V>);
  });
  const search = searchAsYouType(
    q,
    () => state.wanted.q,
    (words, entry) => void show({ ...state.wanted, q: words, page: 1 }, entry),
  );
  for (const { name, field } of fields)
    field.addEventListener('change', () => change({ [name]: field instanceof HTMLInputElement ? field.checked : field.value } as Partial<V>));
  for (const { name, field } of sources) field?.addEventListener('change', () => field.validity.valid && change({ [name]: field.value } as Partial<V>));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    search();
  });
  form.addEventListener('reset', (e) => {
    e.preventDefault();
    q.value = '';
    // A reset clears the filters, not the sources (the day shown).
    const kept = Object.fromEntries(sources.map(({ name }) => [name, state.wanted[name]]));
    void show({ ...spec.plain, ...kept, page: 1 } as V, 'push');
  });
  // Page links work as links (a new tab, a copied address); a plain click draws the page in place.
  root.addEventListener('click', (e) => {
    const a = (e.target as Element).closest<HTMLAnchorElement>('[data-pager] a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const url = new URL(a.href);
    void show(readView(spec, url.pathname, url.search), 'push').then(() => tableWrap.focus());
  });
  window.addEventListener('popstate', () => void show(readView(spec, location.pathname, location.search), 'replace'));

  void show(readView(spec, location.pathname, location.search), 'replace');
  return { change, view: () => state.wanted, redraw: () => void show(state.wanted, 'replace', true) };
}
