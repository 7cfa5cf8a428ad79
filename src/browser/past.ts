/**
 * The leaderboard as it stood's script: the list of its page (src/site/lists/past-leaderboard.ts)
 * enhanced, each view drawn from the files of /data/history/ (the index of the days kept, the names
 * table, the day's file), with the page's own cells. A day the site does not keep says so and links
 * the nearest day kept; `since` adds what changed from an earlier day (src/site/lists/past-range.ts).
 */
import { readJson } from '../site/compare/model-data.ts';
import { viewUrl } from '../site/lists/list-spec.ts';
import { familyName } from '../site/lists/model-ranking.ts';
import {
  DAY_TUPLE,
  daysBetween,
  decodeDay,
  decodeNames,
  historyDayFile,
  historyNamesFile,
  parseDay,
  type Day,
  type DayRecord,
  type HistoryDayFile,
  type HistoryIndexFile,
  type HistoryNamesFile,
  type NamesTable,
} from '../site/lists/past-files.ts';
import { PAST_LEADERBOARD, pastRows, type PastRow, type PastView } from '../site/lists/past-leaderboard.ts';
import { rangeChanges } from '../site/lists/past-range.ts';
import { PAST_ROWS } from '../views/parts/list-table.ts';
import { pastNoticeHtml, pastWhenHtml, rangeHtml } from '../views/parts/past.ts';
import { enhanceList, type ListNotice, type ListSource } from './list-view.ts';
import { put } from './markup.ts';

interface Index {
  file: HistoryIndexFile;
  days: DayRecord[];
  byDate: Map<Day, DayRecord>;
  today: DayRecord;
}

/** Days whose rows are kept: the day shown, the day compared with, and a few before. */
const KEPT_DAYS = 4;

const fetched = (url: string) =>
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status} for ${url}`);
    return r;
  });

/** The files of /data/history/ beside the index at `indexUrl`, each fetched once (again after a failure): the index of the days kept, the names table, and the rows of the last few days asked for. */
function historyFiles(indexUrl: string) {
  const folder = indexUrl.slice(0, indexUrl.lastIndexOf('/') + 1);
  let index: Promise<Index> | undefined;
  let names: Promise<NamesTable> | undefined;
  const rows = new Map<Day, Promise<PastRow[]>>();

  const loadIndex = () =>
    (index ??= fetched(indexUrl)
      .then((r) => r.json() as Promise<HistoryIndexFile>)
      .then((file) => {
        const days = file.days.map(DAY_TUPLE.decode);
        if (!days.length) throw new Error('the history index lists no day');
        return { file, days, byDate: new Map(days.map((d) => [d.date, d])), today: days.at(-1)! };
      })).catch((err: unknown) => {
      index = undefined;
      throw err;
    });
  const loadNames = (idx: Index) =>
    (names ??= fetched(`${folder}${historyNamesFile(idx.file.gzipped).slice('history/'.length)}`)
      .then((r) => readJson<HistoryNamesFile>(r))
      .then((file) => decodeNames(file, familyName))).catch((err: unknown) => {
      names = undefined;
      throw err;
    });
  /** A day's rows, ranked as the site ranked them that day, each with its rank today. */
  const rowsOf = (idx: Index, day: DayRecord) => {
    let load = rows.get(day.date);
    if (load) rows.delete(day.date);
    else
      load = Promise.all([
        loadNames(idx),
        fetched(`${folder}${historyDayFile(day.date, idx.file.gzipped).slice('history/'.length)}`).then((r) => readJson<HistoryDayFile>(r)),
      ])
        .then(([table, file]) => pastRows(table, decodeDay(file, day.generatedAt), idx.today))
        .catch((err: unknown) => {
          rows.delete(day.date);
          throw err;
        });
    rows.set(day.date, load);
    while (rows.size > KEPT_DAYS) rows.delete(rows.keys().next().value!);
    return load;
  };
  return { loadIndex, rowsOf };
}

/** The day kept nearest to `day` (the earlier of two as near). */
const nearest = (idx: Index, day: Day) => idx.days.reduce((a, b) => (Math.abs(daysBetween(day, b.date)) < Math.abs(daysBetween(day, a.date)) ? b : a));
const dayHref = (date: Day, view?: PastView) => viewUrl(PAST_LEADERBOARD, { ...(view ?? { ...PAST_LEADERBOARD.plain }), asOf: date, page: 1 } as PastView);

/** The day a view names, or what to say instead: no day, not a date, outside the history, or a day this site does not keep. */
function resolveDay(idx: Index, asked: string, view?: PastView): { day: DayRecord } | ListNotice {
  const { history } = idx.file;
  const range = `this site keeps the days from ${idx.days[0]!.date} to ${idx.today.date}`;
  if (!asked) return { notice: pastNoticeHtml(`Choose a day above: ${range}.`, undefined), status: 'No day chosen.' };
  const day = parseDay(asked);
  if (!day) return { notice: pastNoticeHtml(`“${asked}” is not a day (YYYY-MM-DD): ${range}.`, undefined), status: 'No such day.' };
  const kept = idx.byDate.get(day);
  if (kept) return { day: kept };
  const near = nearest(idx, day);
  const link = { date: near.date, href: dayHref(near.date, view) };
  const said =
    day < history.from
      ? `The mirror’s history starts on ${history.from}: it holds nothing of ${day}.`
      : day > history.to
        ? `${day} is after the newest snapshot, of ${history.to}.`
        : idx.days.length === history.days
          ? `The mirror took no snapshot on ${day}.`
          : `This site keeps no snapshot of ${day}: the mirror took none that day, or this host’s limits leave the day out (every host keeps the last 90 days and each month’s end).`;
  return { notice: pastNoticeHtml(said, link), status: `No leaderboard of ${day} here.` };
}

export function enhancePast(): void {
  const root = document.querySelector<HTMLElement>('[data-past]');
  if (!root) return;
  const { loadIndex, rowsOf } = historyFiles(root.dataset.index!);

  const source: ListSource<PastRow, PastView> = {
    key: (view) => view.asOf,
    load: async (asOf) => {
      const idx = await loadIndex();
      const found = resolveDay(idx, asOf);
      return 'day' in found ? rowsOf(idx, found.day) : found;
    },
  };

  const when = root.querySelector('[data-when]');
  const range = root.querySelector('[data-range]');
  /** The day's line and, with `since`, what changed from that day to the one shown. */
  async function afterDraw(view: PastView, drawn: readonly PastRow[] | undefined, current: () => boolean): Promise<void> {
    try {
      const idx = await loadIndex();
      if (!current()) return;
      const shown = resolveDay(idx, view.asOf);
      put(when, 'day' in shown ? pastWhenHtml(shown.day, idx.today) : undefined);
      if (!view.since || !('day' in shown)) return put(range, undefined);
      const since = resolveDay(idx, view.since, view);
      if (!('day' in since)) return put(range, since.notice);
      if (since.day.date >= shown.day.date)
        return put(
          range,
          pastNoticeHtml(`What changed since ${since.day.date} needs a day before ${shown.day.date}.`, {
            date: since.day.date,
            href: viewUrl(PAST_LEADERBOARD, { ...view, asOf: since.day.date, since: shown.day.date, page: 1 }),
          }),
        );
      const [before, after] = await Promise.all([rowsOf(idx, since.day), drawn ? Promise.resolve(drawn) : rowsOf(idx, shown.day)]);
      if (!current()) return;
      put(range, rangeHtml(rangeChanges({ ...since.day, rows: before }, { ...shown.day, rows: after })));
    } catch {
      if (current()) put(range, pastNoticeHtml('The history files could not be loaded; the days with a page of their own still work.', undefined));
    } finally {
      // The view shows at once, its day, its range and its rows together: nothing on screen moves as its parts arrive.
      if (current()) root!.dataset.drawn = '';
    }
  }

  enhanceList(PAST_LEADERBOARD, source, PAST_ROWS, {
    afterDraw: (view, drawn, current) => void afterDraw(view, drawn, current),
    choices: (all) => ({
      tag: [...new Set(all.flatMap((r) => r.tags.map((t) => t.name)))].sort(),
      provider: [...new Set(all.map((r) => r.provider).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en')),
    }),
  });
}
