/**
 * A list that visitors filter, sort and page (the leaderboard, the benchmarks list), described once by
 * its spec: its static pages, its table's columns and how each sorts, its filters, where a search
 * looks and what its heading says. From a spec follow the view's URL both ways, which rows a view
 * shows and the "showing" line; its index file's layout is its records' `tupleLayout` (index-tuples.ts), and
 * its table's markup the views of src/views/parts/list-table.ts. Pure: the pages and the browser
 * script share it.
 */
import { formatCount, plural } from '../format/format.ts';
import { href } from '../links/links.ts';
import { matchesWords } from './search-words.ts';

export type SortDir = 'asc' | 'desc';

/** What every view of a list has: search words, a sort and the page it shows (1-based, of the filtered rows). */
export interface BaseView {
  q: string;
  sort: string;
  dir: SortDir;
  page: number;
}

/** The names of a view's fields beside the search, the sort and the page: its filters and its sources. */
export type FilterName<V extends BaseView> = Exclude<keyof V, keyof BaseView> & string;

/** A filter of the list's form, by its field: a select of one value (a tag, a provider), or a checkbox. */
export type Filter<Row, Value> = Value extends boolean
  ? { label: string; matches: (row: Row) => boolean }
  : { label: string; matches: (row: Row, value: string) => boolean };

/** A column of the list's table: its header, and how it sorts when it does. */
export type Column<Row, Sort extends string> = {
  label: string;
  /** The header's class. */
  class?: string;
} & (
  | {
      /** Its name: in the URL (`?sort=score`), on its header (`data-sort`) and among the row view's cells. */
      key: Sort;
      /** How two rows compare by it, ascending, and the way it sorts when first chosen. */
      sort: { dir: SortDir; compare: (a: Row, b: Row) => number };
    }
  | { key: string; sort?: undefined }
);

/**
 * A list's spec. `S` names the view's sources: fields that pick which rows the view is drawn from
 * rather than which of them it shows (the day of the leaderboard as it stood), none for most lists.
 */
export interface ListSpec<Row, V extends BaseView, S extends FilterName<V> = never> {
  /** Its name on its page's markup (`data-leaderboard`, `data-leaderboard-heading`). */
  name: string;
  /** What a row is, as in "Showing 1–100 of 177 models". */
  noun: string;
  /** The address of its static page n: the first is the list's own address, the others are under it or beside it. */
  pageHref: (page: number) => string;
  /** The folder the pages after the first are in (`/leaderboard/`, `/benchmarks/page/`); none where every page but the first is drawn from the query. */
  pagesUnder?: string;
  pageSize: number;
  /** Its compact index under the site (`/data/leaderboard.json`), which the browser script draws other views from, and what it is called when it cannot be loaded. */
  index: { path: string; label: string };
  /** What its pager's links are called. */
  pagerLabel: string;
  columns: readonly Column<Row, V['sort']>[];
  /** The view its static pages show (page aside): no filter, and their sort in its first direction. */
  plain: Omit<V, 'page'>;
  /** The order of rows that sort alike: the static pages' order. */
  tiebreak: (a: Row, b: Row) => number;
  /** Where the rows come in groups whatever the sort (the ranked models, then those listed apart): each row's group, lowest first. */
  group?: (row: Row) => number;
  /** In the order the URL states them. */
  filters: { [F in Exclude<FilterName<V>, S>]: Filter<Row, V[F]> };
  /** The view's sources, in the order the URL states them (before the filters): each is a field of the list's form, a reset keeps it, and it is never an active filter. */
  sources?: readonly S[];
  /**
   * What a static page's path states of its view, where the query does not: a day's source
   * (`/leaderboard/as-of/2026-06-30/`), or a pre-rendered view's filters, sort and page
   * (`/benchmarks/view/separates/2/`); undefined for any other path.
   */
  pathView?: (pathname: string) => Partial<V> | undefined;
  /** The static page of a view that is pre-rendered though not plain, where it has one (`viewUrl` writes it). */
  viewHref?: (view: V) => string | undefined;
  /** Where a search looks: the row's texts, and its tags (which a word may also name by its stem). */
  searched: (row: Row) => { texts: readonly string[]; tags: readonly string[] };
  heading: (page: number, pages: number, view: V) => string;
  /** The page title before the site's name (none on the home page). */
  title: (page: number, view: V) => string | undefined;
  /** The table's caption, where it says how the view is sorted (else the page writes its own). */
  caption?: (view: Pick<V, 'sort' | 'dir'>) => string;
}

/** Any spec of a list of these rows and views, whatever its sources. */
export type AnySpec<Row, V extends BaseView> = ListSpec<Row, V, any>;

const filterNames = <Row, V extends BaseView>(spec: AnySpec<Row, V>) => Object.keys(spec.filters) as FilterName<V>[];
/** The view's sources, in the URL's order. */
export const sourceNames = <Row, V extends BaseView>(spec: AnySpec<Row, V>): FilterName<V>[] => [...(spec.sources ?? [])];
const isFlag = <Row, V extends BaseView>(spec: AnySpec<Row, V>, name: FilterName<V>) => typeof (spec.plain as Record<string, unknown>)[name] === 'boolean';
const sortOf = <Row, V extends BaseView>(spec: AnySpec<Row, V>, key: string) => spec.columns.find((c) => c.sort && c.key === key)?.sort;

/** The sort keys of a list, in its columns' order. */
export const sortKeys = <Row, V extends BaseView>(spec: AnySpec<Row, V>): V['sort'][] => spec.columns.flatMap((c) => (c.sort ? [c.key] : []));

/** The direction a column sorts in when first chosen. */
export const firstDir = <Row, V extends BaseView>(spec: AnySpec<Row, V>, key: V['sort']): SortDir => sortOf(spec, key)?.dir ?? 'asc';

/** No filter and the static pages' sort: a static page shows exactly this. */
export const isPlainView = <Row, V extends BaseView>(spec: AnySpec<Row, V>, view: V) =>
  (Object.keys(spec.plain) as (keyof V)[]).every((k) => view[k] === spec.plain[k as keyof Omit<V, 'page'>]);

export const sameView = <V extends BaseView>(a: V, b: V) => (Object.keys(a) as (keyof V)[]).every((k) => a[k] === b[k]);

const positive = (value: string | null | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

/** The page a path of the list shows (its own address is page 1, `…/N/` under `pagesUnder` page N), or undefined for another path. */
export function pageOfPath<Row, V extends BaseView>(spec: AnySpec<Row, V>, pathname: string): number | undefined {
  if (pathname === spec.pageHref(1)) return 1;
  if (spec.pagesUnder === undefined) return spec.pathView?.(pathname) ? 1 : undefined;
  const under = href(spec.pagesUnder);
  if (!pathname.startsWith(under)) return undefined;
  const rest = pathname.slice(under.length);
  return rest === '' ? 1 : positive(/^(\d+)\/?$/.exec(rest)?.[1]);
}

/** The view a URL states: the query's filters and sort, else what its path states (a static view's), its `page`, else the path's page. */
export function readView<Row, V extends BaseView>(spec: AnySpec<Row, V>, pathname: string, search: string): V {
  const params = new URLSearchParams(search);
  const fromPath = (spec.pathView?.(pathname) ?? {}) as Partial<BaseView> & Record<string, string | boolean | number | undefined>;
  const asked = sortKeys(spec).find((k) => k === params.get('sort'));
  const sort = asked ?? fromPath.sort ?? spec.plain.sort;
  const dir = params.get('dir');
  const filters = filterNames(spec).map((name) => {
    const value = params.get(name);
    if (value === null && fromPath[name] !== undefined) return [name, fromPath[name]];
    return [name, isFlag(spec, name) ? value !== null && value !== '0' && value !== 'false' : (value ?? '')];
  });
  const sources = sourceNames(spec).map((name) => [name, params.get(name) ?? fromPath[name] ?? '']);
  return {
    q: params.get('q') ?? '',
    ...Object.fromEntries(sources),
    ...Object.fromEntries(filters),
    sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : !asked && fromPath.dir ? fromPath.dir : firstDir(spec, sort),
    page: positive(params.get('page')) ?? fromPath.page ?? pageOfPath(spec, pathname) ?? 1,
  } as V;
}

/** The URL that reopens this view: its static page for a plain or pre-rendered view, else the list's address with the view in its query. */
export function viewUrl<Row, V extends BaseView>(spec: AnySpec<Row, V>, view: V): string {
  if (isPlainView(spec, view)) return spec.pageHref(view.page);
  const own = spec.viewHref?.(view);
  if (own !== undefined) return own;
  const params = new URLSearchParams();
  for (const name of sourceNames(spec)) if (view[name]) params.set(name, String(view[name]));
  if (view.q) params.set('q', view.q);
  for (const name of filterNames(spec)) {
    const value = view[name] as string | boolean;
    if (value) params.set(name, value === true ? '1' : value);
  }
  if (view.sort !== spec.plain.sort || view.dir !== spec.plain.dir) {
    params.set('sort', view.sort);
    params.set('dir', view.dir);
  }
  if (view.page > 1) params.set('page', String(view.page));
  // A list of `name:weight` reads as it is written: a query may hold both characters as they are.
  return `${spec.pageHref(1)}?${String(params).replace(/%3A/gi, ':').replace(/%2C/gi, ',')}`;
}

/** The rows of a view, filtered and sorted (rows that sort alike in the static pages' order); the page is cut by the caller. */
export function selectRows<Row, V extends BaseView>(spec: AnySpec<Row, V>, rows: readonly Row[], view: V): Row[] {
  const active = filterNames(spec).filter((name) => view[name]);
  // Without words every row matches: not a row's texts read (a ranking by weights is thousands of rows).
  const searching = view.q.trim() !== '';
  const kept = rows.filter((row) => {
    for (const name of active) if (!(spec.filters[name].matches as (row: Row, value: unknown) => boolean)(row, view[name])) return false;
    if (!searching) return true;
    const { texts, tags } = spec.searched(row);
    return matchesWords(view.q, texts, tags);
  });
  const sign = view.dir === 'asc' ? 1 : -1;
  const by = sortOf(spec, view.sort)?.compare ?? (() => 0);
  const group = spec.group ?? (() => 0);
  return kept.sort((a, b) => group(a) - group(b) || sign * by(a, b) || spec.tiebreak(a, b));
}

/** "Showing 101–177 of 177 models", with "(filtered from N)" when filters hide some. */
export function showingLine(first: number, shown: number, total: number, all: number, noun: string): string {
  if (total === 0) return `No ${noun} matches these filters.`;
  const filtered = total < all ? ` (filtered from ${formatCount(all)})` : '';
  return `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${plural(total, noun)}${filtered}`;
}

/** Text columns sort by their text, A to Z as English reads it. */
export const byText =
  <Row>(text: (row: Row) => string) =>
  (a: Row, b: Row) =>
    text(a).localeCompare(text(b), 'en');

/** Number columns sort by their number. */
export const byNumber =
  <Row>(value: (row: Row) => number) =>
  (a: Row, b: Row) =>
    value(a) - value(b);
