/**
 * The leaderboard's view (filters, sort, page) and its URL, both ways. A plain view (no filter,
 * rank order) is its static page, `/` or `/leaderboard/N/`, which reads the same without JavaScript;
 * any other view is the home page with the view in its query, which the script draws. Either way
 * the URL alone reopens the same rows. Pure: the pages and the browser script share it.
 */
import { href, leaderboardHref } from '../links/links.ts';

export type SortKey = 'rank' | 'name' | 'provider' | 'score' | 'benchCount';
export type SortDir = 'asc' | 'desc';

export interface LeaderboardState {
  /** Search words. */
  q: string;
  tag: string;
  provider: string;
  sort: SortKey;
  dir: SortDir;
  /** 1-based page of the filtered, sorted rows. */
  page: number;
}

export const SORT_KEYS: readonly SortKey[] = ['rank', 'name', 'provider', 'score', 'benchCount'];

/** The direction a column sorts in when first chosen: best first, names A to Z. */
export const FIRST_DIR: Record<SortKey, SortDir> = { rank: 'asc', name: 'asc', provider: 'asc', score: 'desc', benchCount: 'desc' };

export const PLAIN_VIEW: LeaderboardState = { q: '', tag: '', provider: '', sort: 'rank', dir: 'asc', page: 1 };

/** No filter and rank order: the static pages show exactly this. */
export const isPlainView = (s: LeaderboardState) => !s.q && !s.tag && !s.provider && s.sort === 'rank' && s.dir === 'asc';

export const sameView = (a: LeaderboardState, b: LeaderboardState) =>
  a.q === b.q && a.tag === b.tag && a.provider === b.provider && a.sort === b.sort && a.dir === b.dir && a.page === b.page;

const positive = (value: string | null | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

/** The page a leaderboard path shows (`/` is 1, `/leaderboard/N/` is N), or undefined for another path. */
export function pageOfPath(pathname: string): number | undefined {
  if (pathname === href('/')) return 1;
  const rest = pathname.startsWith(href('/leaderboard/')) ? pathname.slice(href('/leaderboard/').length) : undefined;
  if (rest === undefined) return undefined;
  if (rest === '') return 1;
  return positive(/^(\d+)\/?$/.exec(rest)?.[1]);
}

/** The view a URL states: the query's filters and sort, its `page`, else the path's page. */
export function readLeaderboardState(pathname: string, search: string): LeaderboardState {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const key = SORT_KEYS.find((k) => k === sort) ?? 'rank';
  const dir = params.get('dir');
  return {
    q: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    provider: params.get('provider') ?? '',
    sort: key,
    dir: dir === 'asc' || dir === 'desc' ? dir : FIRST_DIR[key],
    page: positive(params.get('page')) ?? pageOfPath(pathname) ?? 1,
  };
}

/** The URL that reopens this view. */
export function leaderboardUrl(s: LeaderboardState): string {
  if (isPlainView(s)) return leaderboardHref(s.page);
  const params = new URLSearchParams();
  if (s.q) params.set('q', s.q);
  if (s.tag) params.set('tag', s.tag);
  if (s.provider) params.set('provider', s.provider);
  if (s.sort !== 'rank' || s.dir !== 'asc') {
    params.set('sort', s.sort);
    params.set('dir', s.dir);
  }
  if (s.page > 1) params.set('page', String(s.page));
  return `${href('/')}?${params}`;
}
