/**
 * The history as days, for the leaderboard as it stood on a past day: which days the history holds
 * (the newest snapshot of each UTC date), which of them a build keeps (every target: the last 90 days,
 * each month's end and the oldest day; then as many of the others as its plan allows, the newest
 * first), the names table of the days kept, and each day's ranking as its file encodes it
 * (src/site/lists/past-files.ts). The build's month-end pages read their day the way the browser
 * reads it: encoded, then decoded.
 */
import { providerSegments } from './paths.ts';
import { openSnapshot, withSnapshot, type HistoryName, type HistoryPoints, type HistorySnapshotRow } from '../../store/read-snapshot.ts';
import { HISTORY_DAYS } from '../links/output-paths.ts';
import type { PagesKept } from '../links/links.ts';
import { familyName } from '../lists/model-ranking.ts';
import { StringTable } from '../format/compact.ts';
import {
  dayOf,
  daysBetween,
  decodeDay,
  decodeNames,
  encodeDay,
  encodeNames,
  type Day,
  type DayRecord,
  type HistoryDayFile,
  type HistoryNamesFile,
  type NamesTable,
} from '../lists/past-files.ts';
import { pastRows, type PastRow } from '../lists/past-leaderboard.ts';
import { LEADERBOARD_PAGE_SIZE } from '../lists/pagination.ts';
import { historyFamilyKey } from './history-pass.ts';
import { cleanStrings } from '../format/text.ts';

/** A day of the history: the newest snapshot of its UTC date. */
export interface HistoryDay {
  date: Day;
  snapshotId: number;
  generatedAt: number;
  fetchedAt: number;
  partial: boolean;
  /** The last day with a snapshot of a month before the newest day's. */
  monthEnd: boolean;
  /** The newest day, or one of the HISTORY_DAYS before it. */
  recent: boolean;
  oldest: boolean;
  newest: boolean;
}

/** What every target keeps: the last 90 days, each month's end and the oldest day. */
export const alwaysKept = (d: HistoryDay) => d.recent || d.monthEnd || d.oldest;

/** A day with a static page of its own: a month's end, or the oldest day (today is the leaderboard itself). */
export const hasPage = (d: HistoryDay) => !d.newest && (d.monthEnd || d.oldest);

/** The days of a history (the reader's rows, newest first), oldest first. */
export function historyDaysOf(history: readonly HistorySnapshotRow[]): HistoryDay[] {
  const byDate = new Map<Day, HistorySnapshotRow>();
  // Oldest first: a later snapshot of the same date replaces an earlier one.
  for (const h of [...history].sort((a, b) => a.generatedAt - b.generatedAt || a.id - b.id)) byDate.set(dayOf(h.generatedAt), h);
  const dates = [...byDate.keys()];
  const newest = dates.at(-1);
  return dates.map((date, i) => {
    const h = byDate.get(date)!;
    const next = dates[i + 1];
    return {
      date,
      snapshotId: h.id,
      generatedAt: h.generatedAt,
      fetchedAt: h.fetchedAt,
      partial: h.partial,
      monthEnd: next !== undefined && next.slice(0, 7) !== date.slice(0, 7) && date.slice(0, 7) !== newest!.slice(0, 7),
      recent: daysBetween(date, newest!) <= HISTORY_DAYS,
      oldest: i === 0,
      newest: date === newest,
    };
  });
}

/** The days a build keeps, oldest first: every target's, and the newest `optional` of the others. */
export function keptDays(days: readonly HistoryDay[], optional: number): HistoryDay[] {
  const others = days.filter((d) => !alwaysKept(d));
  const dropped = new Set(others.slice(0, Math.max(0, others.length - Math.max(0, optional))));
  return days.filter((d) => !dropped.has(d));
}

export const dayRecord = (d: HistoryDay): DayRecord => ({ date: d.date, generatedAt: d.generatedAt, page: hasPage(d) });

/** Today's site as the names table needs it: the models in model rank order, each tag's page, and the pages the plan keeps. */
export interface TodaySite {
  models: readonly {
    familyTag: string;
    segment: string;
    rank: number;
    rankTied: boolean;
    best: { provider: string };
    configurations: readonly { slug: string; segment: string }[];
  }[];
  tagSegment: (tag: string) => string | undefined;
  kept: PagesKept;
}

/**
 * The names table of a history: each model's configurations together, today's models first in
 * model rank order (their configurations of today first, in ranking order), then the others, the
 * most recently seen first. `indexOf` maps a history name id to its place in the table.
 */
export function buildNamesTable(names: readonly HistoryName[], today: TodaySite): { table: NamesTable; indexOf: Map<number, number> } {
  const familyOf = new Map<string, string>();
  const modelPlace = new Map<string, number>();
  const configurationPlace = new Map<string, number>();
  today.models.forEach((m, i) => {
    modelPlace.set(m.familyTag, i);
    m.configurations.forEach((c, j) => {
      familyOf.set(c.slug, m.familyTag);
      configurationPlace.set(c.slug, j);
    });
  });
  const segmentOf = new Map(today.models.flatMap((m) => m.configurations.map((c) => [c.slug, c.segment] as const)));
  const recent = (a: HistoryName, b: HistoryName) => (b.lastSnapshotId ?? 0) - (a.lastSnapshotId ?? 0) || b.id - a.id;
  const groups = new Map<string, HistoryName[]>();
  for (const n of names) {
    if (n.kind !== 'model') continue;
    const key = historyFamilyKey(n, familyOf);
    const list = groups.get(key);
    if (list) list.push(n);
    else groups.set(key, [n]);
  }
  const order = [...groups.entries()].map(([key, list]) => {
    const sorted = list.sort((a, b) => (configurationPlace.get(a.slug) ?? Infinity) - (configurationPlace.get(b.slug) ?? Infinity) || recent(a, b));
    return { key, list: sorted, place: modelPlace.get(key) ?? -1 };
  });
  order.sort((a, b) => {
    if (a.place >= 0 || b.place >= 0) return (a.place < 0 ? Infinity : a.place) - (b.place < 0 ? Infinity : b.place);
    return recent(a.list[0]!, b.list[0]!);
  });
  const providers = new StringTable();
  const tags = new StringTable();
  const indexOf = new Map<number, number>();
  const table: NamesTable = {
    providers: providers.list,
    providerSegments: [],
    tags: tags.list,
    tagSegments: [],
    kept: today.kept,
    models: [],
    configurations: [],
  };
  for (const { key, list, place } of order) {
    const model = place >= 0 ? today.models[place]! : undefined;
    const k = table.models.length;
    table.models.push({
      // A configuration that stands for itself (no model recorded) has none.
      familyTag: list[0]!.familyTag ?? (familyOf.has(list[0]!.slug) ? key : null),
      place,
      rank: model ? (model.rankTied ? -model.rank : model.rank) : 0,
      segment: model?.segment,
    });
    for (const n of list) {
      indexOf.set(n.id, table.configurations.length);
      table.configurations.push({
        name: n.name,
        slug: n.slug,
        model: k,
        provider: n.provider === null ? -1 : providers.id(n.provider),
        tags: n.tags === null ? null : n.tags.map(tags.id),
        segment: model ? segmentOf.get(n.slug) : undefined,
      });
    }
  }
  table.tagSegments = tags.list.map((t) => today.tagSegment(t) ?? null);
  // A vendor of the history has a page when it makes one of today's models.
  const providerPages = providerSegments(today.models);
  table.providerSegments = providers.list.map((p) => providerPages.get(p) ?? null);
  return { table, indexOf };
}

/** A snapshot's points as its day's file: its configurations as indexes of the names table (names the table lacks are left out). */
export function dayFileOf(date: Day, points: HistoryPoints, indexOf: ReadonlyMap<number, number>): HistoryDayFile {
  const kept: number[] = [];
  for (let j = 0; j < points.configurations.length; j++) if (indexOf.has(points.configurations[j]!)) kept.push(j);
  return encodeDay(
    date,
    kept.map((j) => indexOf.get(points.configurations[j]!)!),
    kept.map((j) => points.supraScores[j]!),
  );
}

/** The first page of a day with a static page, as the browser would draw it from the day's file. */
export interface PastPage {
  day: DayRecord;
  rows: PastRow[];
  /** Models and configurations that day. */
  models: number;
  configurations: number;
  /** The filters' choices: the tags and vendors of that day's models, A to Z. */
  tags: string[];
  providers: string[];
}

/** The history's days and what a build keeps of them, for the site's data. */
export interface PastHistory {
  /** The days kept, oldest first; the last is the current snapshot's. */
  days: DayRecord[];
  /** The days the history holds, kept or not. */
  history: { from: Day; to: Day; days: number };
  /** Of those, the days every target keeps (the last 90, month ends, the oldest). */
  alwaysKept: number;
  /** The days with a static page (month ends, the oldest day), oldest first. */
  pages: (DayRecord & { monthEnd: boolean })[];
  /** A static page's first page (read from the snapshot on first use, for every page at once). */
  page(day: Day): PastPage | undefined;
  /**
   * The names table's file, then each day kept with its file, oldest first, read from the snapshot a
   * day at a time (a year of 50,000 configurations is never in memory at once); the walk holds the
   * snapshot open until it ends or is ended.
   */
  files(): { names: HistoryNamesFile; days: Generator<{ day: HistoryDay; file: HistoryDayFile }> };
}

/** The names table of a history, encoded as its file, and read back as the browser reads it. */
function namesOf(rows: readonly HistoryName[], today: TodaySite) {
  const built = buildNamesTable(rows, today);
  const file = encodeNames(built.table, familyName);
  return { indexOf: built.indexOf, file, table: decodeNames(file, familyName) };
}

/**
 * What the site shows of its history's days: `history` the reader's snapshots (newest first), `path`
 * the snapshot file, read again on first use, `optional` how many days besides every target's the
 * plan keeps, `today` the current site (its models once the plan is applied).
 */
export function pastHistoryOf(path: string, history: readonly HistorySnapshotRow[], optional: number, today: () => TodaySite): PastHistory {
  const all = historyDaysOf(history);
  const kept = keptDays(all, optional);
  const withPage = kept.filter(hasPage);
  const newest = kept.at(-1);
  let pages: Map<Day, PastPage> | undefined;
  const readPages = () => {
    const made = new Map<Day, PastPage>();
    if (!withPage.length || !newest) return made;
    const { names, points } = withSnapshot(path, (reader) => ({
      names: namesOf(reader.historyNames().map(cleanStrings), today()),
      points: reader.historyPointsOf(withPage.map((d) => d.snapshotId)),
    }));
    for (const day of withPage) {
      const p = points.find((x) => x.snapshotId === day.snapshotId);
      if (!p) continue;
      const decoded = decodeDay(dayFileOf(day.date, p, names.indexOf), day.generatedAt);
      const rows = pastRows(names.table, decoded, newest);
      made.set(day.date, {
        day: dayRecord(day),
        rows: rows.slice(0, LEADERBOARD_PAGE_SIZE),
        models: rows.length,
        configurations: decoded.configurations.length,
        tags: [...new Set(rows.flatMap((r) => r.tags.map((t) => t.name)))].sort(),
        providers: [...new Set(rows.map((r) => r.provider).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en')),
      });
    }
    return made;
  };
  return {
    days: kept.map(dayRecord),
    history: { from: all[0]?.date ?? '', to: all.at(-1)?.date ?? '', days: all.length },
    alwaysKept: all.filter(alwaysKept).length,
    pages: withPage.map((d) => ({ ...dayRecord(d), monthEnd: d.monthEnd })),
    page: (date) => (pages ??= readPages()).get(date),
    files: () => {
      const reader = openSnapshot(path);
      let names: ReturnType<typeof namesOf>;
      try {
        names = namesOf(reader.historyNames().map(cleanStrings), today());
      } catch (err) {
        reader.close();
        throw err;
      }
      const byId = new Map(kept.map((d) => [d.snapshotId, d]));
      function* days(): Generator<{ day: HistoryDay; file: HistoryDayFile }> {
        try {
          if (!kept.length) return;
          for (const p of reader.eachHistoryPoint(kept[0]!.snapshotId)) {
            const day = byId.get(p.snapshotId);
            if (day) yield { day, file: dayFileOf(day.date, p, names.indexOf) };
          }
        } finally {
          reader.close();
        }
      }
      return { names: names.file, days: days() };
    },
  };
}
