/**
 * The benchmarks list's view (filters, sort, page) and its URL, both ways. A plain view (no filter,
 * by weight, highest first) is its static page, `/benchmarks/` or `/benchmarks/page/N/`, which reads
 * the same without JavaScript; any other view is `/benchmarks/` with the view in its query, which
 * the script draws. Pure: the pages and the browser script share it.
 */
import { benchmarksHref, href } from '../links/links.ts';
import type { SortDir } from './leaderboard-state.ts';

export type BenchSortKey = 'weight' | 'quality' | 'models' | 'raters' | 'name';

export interface BenchmarkListState {
  /** Search words. */
  q: string;
  /** Only benchmarks whose URL the API marks as an official source. */
  official: boolean;
  tag: string;
  sort: BenchSortKey;
  dir: SortDir;
  /** 1-based page of the filtered, sorted rows. */
  page: number;
}

export const BENCH_SORT_KEYS: readonly BenchSortKey[] = ['weight', 'quality', 'models', 'raters', 'name'];

/** The direction a column sorts in when first chosen: highest first, names A to Z. */
export const BENCH_FIRST_DIR: Record<BenchSortKey, SortDir> = { weight: 'desc', quality: 'desc', models: 'desc', raters: 'desc', name: 'asc' };

export const PLAIN_BENCH_VIEW: BenchmarkListState = { q: '', official: false, tag: '', sort: 'weight', dir: 'desc', page: 1 };

/** No filter and weight order: the static pages show exactly this. */
export const isPlainBenchView = (s: BenchmarkListState) => !s.q && !s.official && !s.tag && s.sort === 'weight' && s.dir === 'desc';

export const sameBenchView = (a: BenchmarkListState, b: BenchmarkListState) =>
  a.q === b.q && a.official === b.official && a.tag === b.tag && a.sort === b.sort && a.dir === b.dir && a.page === b.page;

const positive = (value: string | null | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

/** The page a benchmarks-list path shows (`/benchmarks/` is 1, `/benchmarks/page/N/` is N), or undefined for another path. */
export function benchmarksPageOfPath(pathname: string): number | undefined {
  const list = href('/benchmarks/');
  if (pathname === list) return 1;
  return pathname.startsWith(`${list}page/`) ? positive(/^(\d+)\/?$/.exec(pathname.slice(`${list}page/`.length))?.[1]) : undefined;
}

/** The view a URL states: the query's filters and sort, its `page`, else the path's page. */
export function readBenchmarkListState(pathname: string, search: string): BenchmarkListState {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const key = BENCH_SORT_KEYS.find((k) => k === sort) ?? 'weight';
  const dir = params.get('dir');
  const official = params.get('official');
  return {
    q: params.get('q') ?? '',
    official: official !== null && official !== '0' && official !== 'false',
    tag: params.get('tag') ?? '',
    sort: key,
    dir: dir === 'asc' || dir === 'desc' ? dir : BENCH_FIRST_DIR[key],
    page: positive(params.get('page')) ?? benchmarksPageOfPath(pathname) ?? 1,
  };
}

/** The URL that reopens this view. */
export function benchmarkListUrl(s: BenchmarkListState): string {
  if (isPlainBenchView(s)) return benchmarksHref(s.page);
  const params = new URLSearchParams();
  if (s.q) params.set('q', s.q);
  if (s.official) params.set('official', '1');
  if (s.tag) params.set('tag', s.tag);
  if (s.sort !== 'weight' || s.dir !== 'desc') {
    params.set('sort', s.sort);
    params.set('dir', s.dir);
  }
  if (s.page > 1) params.set('page', String(s.page));
  return `${href('/benchmarks/')}?${params}`;
}
