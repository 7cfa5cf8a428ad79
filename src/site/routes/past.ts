/**
 * `/leaderboard/as-of/` (the leaderboard as it stood on any day kept, drawn by its script from
 * /data/history/) and `/leaderboard/as-of/{date}/` (the first page of a month's end, or of the oldest
 * day kept, readable without JavaScript); and what the leaderboard, the changes page and the about
 * page link of them.
 */
import type { SiteData } from '../data/types.ts';
import { dataHref, href } from '../links/links.ts';
import { historyIndexFile, type Day, type DayRecord } from '../lists/past-files.ts';
import { PAST_LEADERBOARD, PAST_PATH, pastDayHref, type PastRow } from '../lists/past-leaderboard.ts';
import { pageCount } from '../lists/pagination.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

/** A day with a static page, as a link. */
export interface PastDayLink {
  date: Day;
  href: string;
  /** A month's end (else the oldest day kept). */
  monthEnd: boolean;
}

/** What every page that offers a past day shows of the history: the range of days kept (the date control's bounds) and the static pages. */
export interface PastLinks {
  /** The oldest and the newest day kept (the newest: today's snapshot); undefined without history. */
  first: Day | undefined;
  last: Day | undefined;
  /** Days the mirror's history holds, and how many this site keeps. */
  historyDays: number;
  keptDays: number;
  /** The days with a page of their own, newest first. */
  pages: PastDayLink[];
  /** The page drawn from the files, and its data. */
  href: string;
  index: string;
  /** The days' files are gzipped (`.json.gz`) on this host. */
  gzipped: boolean;
}

const made = new WeakMap<SiteData, PastLinks>();

export function pastLinksOf(data: SiteData): PastLinks {
  let links = made.get(data);
  if (!links) {
    const { days, pages, history } = data.past;
    links = {
      first: days[0]?.date,
      last: days.at(-1)?.date,
      historyDays: history.days,
      keptDays: days.length,
      pages: pages.map((d) => ({ date: d.date, href: pastDayHref(d.date), monthEnd: d.monthEnd })).reverse(),
      href: href(PAST_PATH),
      index: dataHref(historyIndexFile()),
      gzipped: data.plan.compressedDownloads,
    };
    made.set(data, links);
  }
  return links;
}

/** The page of the leaderboard as it stood: the day its view names, or (a static page) its own day. */
export interface PastLeaderboardPage {
  shell: SiteShell;
  links: PastLinks;
  /** The static page's day and first page; undefined for the page every view is drawn on. */
  day:
    | {
        record: DayRecord;
        rows: PastRow[];
        page: number;
        pages: number;
        models: number;
        configurations: number;
        tags: string[];
        providers: string[];
        /** The newest snapshot: today. */
        today: number;
      }
    | undefined;
}

/** `/leaderboard/as-of/`: every view drawn from the files. */
export const pastLeaderboardPage = (data: SiteData): PastLeaderboardPage => ({ shell: siteShellOf(data), links: pastLinksOf(data), day: undefined });

/** The static pages: each month's end and the oldest day kept. */
export const pastDayPaths = (data: SiteData) => data.past.pages.map((d) => ({ params: { day: d.date }, props: { day: d.date } }));

/** `/leaderboard/as-of/{date}/`: that day's first page. */
export function pastDayPage(data: SiteData, day: Day): PastLeaderboardPage {
  const page = data.past.page(day);
  if (!page) throw new Error(`no page of the leaderboard as it stood on ${day}: the build keeps no such day`);
  return {
    shell: siteShellOf(data),
    links: pastLinksOf(data),
    day: {
      record: page.day,
      rows: page.rows,
      page: 1,
      pages: pageCount(page.models, PAST_LEADERBOARD.pageSize),
      models: page.models,
      configurations: page.configurations,
      tags: page.tags,
      providers: page.providers,
      today: data.snapshot.generatedAt,
    },
  };
}
