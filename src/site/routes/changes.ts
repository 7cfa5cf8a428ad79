/** `/changes/`: what changed between consecutive snapshots, model by model, and why. */
import type { ChangeSet } from '../data/history-pass.ts';
import type { SiteData } from '../data/types.ts';
import type { ScoreText } from '../format/precision.ts';
import { siteShellOf, type SiteShell } from './shell.ts';
import { pastLinksOf, type PastLinks } from './past.ts';
import { dayOf, daysBetween, type Day } from '../lists/past-files.ts';
import { PAST_LEADERBOARD, type PastView } from '../lists/past-leaderboard.ts';
import { viewUrl } from '../lists/list-spec.ts';

/** What a change's entry links and shows beyond the change itself, wherever it is listed (the changes page, a model's page). */
export interface ChangeLinks {
  /** The page of a model or a configuration while the site has one. */
  modelHref(familyTag: string): string | undefined;
  configurationHref(slug: string): string | undefined;
  /** supraScore with the digits that tell it apart in this snapshot. */
  scoreText: ScoreText;
}

const made = new WeakMap<SiteData, ChangeLinks>();

export function changeLinksOf(data: SiteData): ChangeLinks {
  let links = made.get(data);
  if (!links) {
    links = {
      modelHref: (familyTag) => data.modelByFamily.get(familyTag)?.href,
      configurationHref: (slug) => data.configurationBySlug.get(slug)?.href,
      scoreText: data.scoreText,
    };
    made.set(data, links);
  }
  return links;
}

/** An entry's day on the leaderboard as it stood, and ranges ending that day: since the snapshot before, and over the month before. */
export interface EntryRanges {
  day: Day;
  href: string;
  ranges: { since: Day; href: string; label: string }[];
}

export interface ChangesPage {
  shell: SiteShell;
  /** Newest first: every change set with a snapshot before it. */
  entries: ChangeSet[];
  links: ChangeLinks;
  past: PastLinks;
  /** An entry's day and ranges, where the site keeps its day. */
  rangesOf(entry: ChangeSet): EntryRanges | undefined;
}

/** Days back of an entry's longer range. */
const MONTH = 30;

export function changesPage(data: SiteData): ChangesPage {
  const kept = data.past.days.map((d) => d.date);
  const keptSet = new Set(kept);
  const url = (asOf: Day, since = '') => viewUrl(PAST_LEADERBOARD, { ...PAST_LEADERBOARD.plain, asOf, since, page: 1 } as PastView);
  return {
    shell: siteShellOf(data),
    entries: data.changes.filter((c) => c.previousGeneratedAt !== undefined),
    links: changeLinksOf(data),
    past: pastLinksOf(data),
    rangesOf: (entry) => {
      const day = dayOf(entry.generatedAt);
      if (!keptSet.has(day)) return undefined;
      const ranges: EntryRanges['ranges'] = [];
      const before = entry.previousGeneratedAt === undefined ? undefined : dayOf(entry.previousGeneratedAt);
      if (before && before < day && keptSet.has(before)) ranges.push({ since: before, href: url(day, before), label: 'since the snapshot before' });
      // The newest day kept at least a month before: nothing links to a day the site left out.
      const month = kept.filter((d) => daysBetween(d, day) >= MONTH).at(-1);
      if (month) ranges.push({ since: month, href: url(day, month), label: `since ${month}` });
      return { day, href: url(day), ranges };
    },
  };
}
