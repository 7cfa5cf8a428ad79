/** `/` and `/leaderboard/N/`: a page of the leaderboard, by model rank. */
import type { SiteData } from '../data/types.ts';
import { leaderboardCard, type Card } from '../files/cards.ts';
import { buildLeaderboardIndex, LEADERBOARD, leaderboardRows, type LeaderboardIndex, type LeaderboardRow } from '../lists/leaderboard.ts';
import { providersOf } from '../data/providers.ts';
import { pageCount } from '../lists/pagination.ts';
import { siteShellOf, type SiteShell } from './shell.ts';
import { pastLinksOf, type PastLinks } from './past.ts';
import { rangesNoteOf, type RangesNote } from './evidence.ts';

export interface LeaderboardPage {
  shell: SiteShell;
  card: Card;
  page: number;
  pages: number;
  /** The rows of this page, the first of them the `first`-th model (from 0). */
  first: number;
  rows: LeaderboardRow[];
  models: number;
  configurations: number;
  /** The filters' choices: every tag a model carries, A to Z, and every provider. */
  tags: string[];
  providers: string[];
  /** The days of the leaderboard as it stood. */
  past: PastLinks;
  /** Whether the rows show likely ranges. */
  ranges: RangesNote;
}

const built = new WeakMap<SiteData, LeaderboardIndex>();

/** The index of this build's models (`/data/leaderboard.json`), made once: every leaderboard page, a provider's page and the download share it. */
export function leaderboardIndexOf(data: SiteData): LeaderboardIndex {
  let index = built.get(data);
  if (!index) {
    const { modelPages, configurationPages } = data.plan.keep;
    const evidence = data.evidence();
    const { providerByName } = providersOf(data);
    index = buildLeaderboardIndex(
      data.models,
      { tag: (tag) => data.tagByName.get(tag)!.segment, provider: (provider) => providerByName.get(provider)!.segment },
      { modelPages, configurationPages },
      (m) => evidence.model(m),
    );
    built.set(data, index);
  }
  return index;
}

/** How many pages the leaderboard has. */
export const leaderboardPages = (data: SiteData) => pageCount(data.models.length, LEADERBOARD.pageSize);

/** The pages after the first, which is the home page. */
export const leaderboardPaths = (data: SiteData) =>
  Array.from({ length: leaderboardPages(data) - 1 }, (_, i) => ({ params: { page: String(i + 2) }, props: { page: i + 2 } }));

export function leaderboardPage(data: SiteData, page: number): LeaderboardPage {
  const index = leaderboardIndexOf(data);
  const first = (page - 1) * LEADERBOARD.pageSize;
  return {
    shell: siteShellOf(data),
    card: leaderboardCard(data),
    page,
    pages: leaderboardPages(data),
    first,
    rows: leaderboardRows(index, first, first + LEADERBOARD.pageSize),
    models: data.models.length,
    configurations: data.configurations.length,
    tags: index.tags.toSorted(),
    providers: data.providers,
    past: pastLinksOf(data),
    ranges: rangesNoteOf(data),
  };
}
