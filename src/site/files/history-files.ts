/**
 * The files of `/data/history/` (laid out in src/site/lists/past-files.ts), each beside the
 * attribution every download carries: the index of the days kept, the shared names table, and a file
 * per day, whose generatedAt, fetchedAt and partial are that day's snapshot's.
 */
import type { HistoryDay } from '../data/past-history.ts';
import type { SiteData } from '../data/types.ts';
import { METHOD_CHANGE_AT } from '../format/method-change.ts';
import { DAY_TUPLE, type Day, type HistoryDayFile, type HistoryIndexFile, type HistoryNamesFile } from '../lists/past-files.ts';
import { attribution } from './records.ts';

/** A day of the history, as its file's attribution names it. */
type DayOf = Pick<HistoryDay, 'generatedAt' | 'fetchedAt' | 'partial'>;

/** `index.json`: the days kept (those in `written`, whose files are there), oldest first. */
export function historyIndexBody(data: SiteData, written: ReadonlySet<Day>): ReturnType<typeof attribution> & HistoryIndexFile {
  const { past } = data;
  return {
    ...attribution(data),
    methodChangeAt: METHOD_CHANGE_AT,
    history: past.history,
    gzipped: data.plan.compressedDownloads,
    days: past.days.filter((d) => written.has(d.date)).map(DAY_TUPLE.encode),
  };
}

/** `names.json`. */
export const historyNamesBody = (data: SiteData, names: HistoryNamesFile) => ({ ...attribution(data), ...names });

/** `days/{date}.json`: the attribution with that day's snapshot's times. */
export const historyDayBody = (data: SiteData, day: DayOf, file: HistoryDayFile) => ({
  ...attribution(data),
  generatedAt: new Date(day.generatedAt).toISOString(),
  fetchedAt: new Date(day.fetchedAt).toISOString(),
  partial: day.partial,
  ...file,
});
