/**
 * The leaderboard as it stood on a past day, as a list (list-spec.ts): the leaderboard's own
 * columns, filters and search over the rows of a day of history, drawn from that day's file and the
 * shared names table (past-files.ts). Its rows are ranked with the site's own model ranking
 * (model-ranking.ts) and scores shown with its digits (precision.ts), so a past day reads as the site
 * read that day; each row also says where the model stands today. The day is the view's source
 * (`?asOf=2026-06-30`); `since` adds what changed from an earlier day (past-range.ts). Pure.
 */
import { isComparable, METHOD_CHANGE_AT } from '../format/method-change.ts';
import { scoreFormatter } from '../format/precision.ts';
import { formatRank, type Ranked } from '../format/ranks.ts';
import { configurationAddress, href, modelAddress, providerHref, tagHref } from '../links/links.ts';
import { byNumber, byText, type BaseView, type ListSpec } from './list-spec.ts';
import { familyName, modelRanks, modelsInOrder } from './model-ranking.ts';
import { LEADERBOARD_PAGE_SIZE } from './pagination.ts';
import { parseDay, type Day, type DayRanking, type NamesTable } from './past-files.ts';

/** A tag of a row: a link to its page while the site has one. */
export interface TagChip {
  name: string;
  href: string | undefined;
}

/** A model as a row of the leaderboard as it stood. */
export interface PastRow {
  /** Its index in the names table's models. */
  model: number;
  rank: number;
  rankTied: boolean;
  rankText: string;
  /** Its model rank today, and whether the two compare (not across the 2026-09-17 method change); undefined when it is not on today's leaderboard. */
  now: { rank: Ranked; comparable: boolean } | undefined;
  name: string;
  /** '' where the history did not record one. */
  familyTag: string;
  /** Its page, or its row on today's leaderboard; undefined when it is not on today's leaderboard. */
  href: string | undefined;
  /** Its best configuration's vendor; '' where the history did not record it. */
  provider: string;
  /** That vendor's page, where it makes one of today's models. */
  providerHref: string | undefined;
  supraScore: number;
  scoreText: string;
  configurations: { name: string; href: string | undefined; scoreText: string }[];
  tags: TagChip[];
}

/** A signed model rank (negative when shared) as a rank; undefined for 0 (none). */
export const rankedOf = (signed: number): Ranked | undefined => (signed === 0 ? undefined : { rank: Math.abs(signed), tied: signed < 0 });

/** The models of a day in model rank order, each with its configurations' positions (points) in the day's ranking, best first. */
export function dayModels(names: NamesTable, day: DayRanking): { model: number; points: number[]; rank: Ranked }[] {
  const points = Array.from(day.configurations, (_, j) => j);
  const models = modelsInOrder(points, (j) => names.configurations[day.configurations[j]!]!.model);
  const ranks = modelRanks(models, (j) => day.supraScores[j]!);
  return [...models].map(([model, list], i) => ({ model, points: list, rank: ranks[i]! }));
}

/** The rows of a day, in model rank order: what its static page shows and the script draws every view of it from. */
export function pastRows(names: NamesTable, day: DayRanking, today: { generatedAt: number }): PastRow[] {
  const scoreText = scoreFormatter(day.supraScores);
  const comparable = isComparable(day.generatedAt, today.generatedAt, METHOD_CHANGE_AT);
  const tagChips = names.tags.map((name, i) => {
    const segment = names.tagSegments[i];
    return { name, href: segment ? tagHref({ segment }) : undefined };
  });
  const providerPageOf = (provider: number) => {
    const segment = names.providerSegments[provider];
    return segment ? providerHref({ segment }) : undefined;
  };
  return dayModels(names, day).map(({ model, points, rank }) => {
    const m = names.models[model]!;
    const configurations = points.map((j) => names.configurations[day.configurations[j]!]!);
    const best = configurations[0]!;
    const onToday = m.place >= 0 && m.segment !== undefined;
    const address = onToday ? { segment: m.segment!, index: m.place } : undefined;
    const now = rankedOf(m.rank);
    const tags = [...new Set(configurations.flatMap((c) => c.tags ?? []))];
    return {
      model,
      rank: rank.rank,
      rankTied: rank.tied,
      rankText: formatRank(rank),
      now: now && { rank: now, comparable },
      name: familyName(configurations.map((c) => c.name)),
      familyTag: m.familyTag ?? '',
      href: address && modelAddress(address, names.kept),
      provider: names.providers[best.provider] ?? '',
      providerHref: providerPageOf(best.provider),
      supraScore: day.supraScores[points[0]!]!,
      scoreText: scoreText(day.supraScores[points[0]!]!),
      configurations: configurations.map((c, k) => ({
        name: c.name,
        href: address && c.segment !== undefined ? configurationAddress({ segment: c.segment }, address, names.kept) : undefined,
        scoreText: scoreText(day.supraScores[points[k]!]!),
      })),
      tags: tags.map((t) => tagChips[t] ?? { name: '', href: undefined }),
    };
  });
}

/** Places a model gained (positive) or lost from its day to today; undefined when it is gone or the two do not compare. */
export const placesSince = (row: Pick<PastRow, 'rank' | 'now'>) => (row.now?.comparable ? row.rank - row.now.rank.rank : undefined);

export interface PastView extends BaseView {
  /** The day shown. */
  asOf: string;
  /** An earlier day to say what changed since (past-range.ts); '' for none. */
  since: string;
  tag: string;
  provider: string;
  sort: 'rank' | 'name' | 'provider' | 'score';
}

/** The address of the leaderboard as it stood, drawn by its script from the query. */
export const PAST_PATH = '/leaderboard/as-of/';
/** The static page of a month's end (or the oldest day kept): its first page, readable without JavaScript. */
export const pastDayHref = (day: Day) => href(`${PAST_PATH}${day}/`);

export const PAST_LEADERBOARD = {
  name: 'past',
  noun: 'model',
  pageHref: () => href(PAST_PATH),
  pageSize: LEADERBOARD_PAGE_SIZE,
  index: { path: '/data/history/index.json', label: 'history of the leaderboard' },
  pagerLabel: 'Pages of the leaderboard as it stood',
  columns: [
    { key: 'rank', label: 'Rank then', sort: { dir: 'asc', compare: byNumber((r) => r.rank) } },
    { key: 'name', label: 'Model', sort: { dir: 'asc', compare: byText((r) => r.name) } },
    { key: 'provider', label: 'Provider', class: 'wide-only', sort: { dir: 'asc', compare: byText((r) => r.provider) } },
    { key: 'score', label: 'supraScore', class: 'num', sort: { dir: 'desc', compare: byNumber((r) => r.supraScore) } },
    { key: 'tags', label: 'Tags', class: 'wide-only' },
  ],
  plain: { q: '', asOf: '', since: '', tag: '', provider: '', sort: 'rank', dir: 'asc' },
  sources: ['asOf', 'since'],
  pathView: (pathname) => {
    const m = /\/leaderboard\/as-of\/(\d{4}-\d{2}-\d{2})\/$/.exec(pathname);
    return m && parseDay(m[1]) ? { asOf: m[1]! } : undefined;
  },
  tiebreak: byNumber((r) => r.rank),
  filters: {
    tag: { label: 'Tag', matches: (r, tag) => r.tags.some((t) => t.name === tag) },
    // A vendor the history did not record matches no vendor.
    provider: { label: 'Provider', matches: (r, provider) => r.provider !== '' && r.provider === provider },
  },
  searched: (r) => ({ texts: [r.name, r.familyTag, r.provider, ...r.configurations.map((c) => c.name)], tags: r.tags.map((t) => t.name) }),
  heading: (page, pages, view) => `The leaderboard as it stood on ${view.asOf}${page > 1 ? `, page ${page} of ${pages}` : ''}`,
  title: (page, view) => `The leaderboard on ${view.asOf}${page > 1 ? `, page ${page}` : ''}`,
} as const satisfies ListSpec<PastRow, PastView, 'asOf' | 'since'>;
