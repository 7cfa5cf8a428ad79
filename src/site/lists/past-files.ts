/**
 * The files the leaderboard as it stood on a past day is drawn from (`/data/history/`): one shared
 * table of names (every configuration of the days kept: its name, slug, model, vendor and tags, and
 * its model's place on today's leaderboard), a small index of the days kept, and one file per day
 * with that day's ranking. Each is laid out in columns of small integers, so gzip takes a year of
 * 10,000 configurations to about 14 MB; the build encodes them here and the browser (and the build's
 * own month-end pages) decode them here, so every reader of a day reads the same ranking. Pure.
 */
import { tupleLayout, type TupleOf } from './index-tuples.ts';
import { decimalsOf, slugOf } from '../format/compact.ts';
import type { PagesKept } from '../links/links.ts';

/** A day of history: its UTC date, `2026-06-30`. */
export type Day = string;

export const DAY_MS = 86_400_000;

/** The UTC date of a time. */
export const dayOf = (ms: number): Day => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** A well-formed day (`2026-06-30`, a real date), or undefined. */
export function parseDay(text: string | null | undefined): Day | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isNaN(ms) || dayOf(ms) !== text ? undefined : text;
}

/** Whole days from `a` to `b`. */
export const daysBetween = (a: Day, b: Day) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** A day the site keeps, as the index lists it. */
export interface DayRecord {
  date: Day;
  /** When the API assembled that day's snapshot (the newest of its date), Unix ms. */
  generatedAt: number;
  /** True when the day has a static page of its own (`/leaderboard/as-of/{date}/`): a month's end, or the oldest day kept. */
  page: boolean;
}
export const DAY_TUPLE = tupleLayout<DayRecord>()(['date', 'generatedAt', 'page']);

/** `index.json`, beside its attribution. */
export interface HistoryIndexFile {
  /** The day the supraScore method changed (Unix ms): ranks and scores before it do not compare with later ones. */
  methodChangeAt: number;
  /** The days the mirror's history holds, kept here or not. */
  history: { from: Day; to: Day; days: number };
  /** The names and day files end in `.json.gz` (gzipped) on this host. */
  gzipped: boolean;
  /** The days kept, oldest first; the last is today's snapshot. */
  days: TupleOf<typeof DAY_TUPLE>[];
}

/** `names.json`, beside its attribution: every configuration of the days kept, each model's configurations together. */
export interface HistoryNamesFile {
  providers: string[];
  /** The path segment of each provider's page (`/providers/{segment}/`), same order; null for a vendor without a page on this site today. */
  providerSegments: (string | null)[];
  tags: string[];
  /** The path segment of each tag's page (`/tags/{segment}/`), same order; null for a tag without a page on this site today. */
  tagSegments: (string | null)[];
  /** How many of today's best models have pages (the build's plan): a model's place on today's leaderboard says whether it has one. */
  kept: PagesKept;
  /** How many models are on today's leaderboard: the first ones of `models`, in model rank order (the first's place is 0). */
  today: number;
  /** Their model ranks today, each as the step from the one before (the first: its rank); a step of 0 is a shared rank. */
  todayRanks: number[];
  /** One entry per model (a familyTag), in each list. */
  models: {
    /** '' when it is the slug of the model's name; null when the history did not record one (the configuration stands for itself). */
    familyTag: (string | null)[];
    /** Index into `providers`; -1 when the history did not record it. Its first configuration's. */
    provider: number[];
    /** Indexes into `tags`; null when the history did not record them. Its first configuration's. */
    tags: (number[] | null)[];
    /** How many of `configurations`, in order, are this model's. */
    configurations: number[];
    /** Its page's path segment today; '' when it is its familyTag; null when it is not on today's leaderboard. */
    segment: (string | null)[];
  };
  configurations: {
    /** How many characters of its name are the previous configuration's first ones. */
    shared: number[];
    /** The rest of its name. */
    name: string[];
    /** '' when it is the slug of its name. */
    slug: string[];
    /** Its page's path segment today; '' when it is its slug; null when it is not in today's snapshot. */
    segment: (string | null)[];
  };
  /** Configurations whose vendor or tags differ from their model's: [configuration, provider, tags], as in `models`; each configuration as the step from the one before (the first: its position). */
  differing: [number, number, number[] | null][];
}

/** A day's file, beside its attribution (whose generatedAt is that day's snapshot's). */
export interface HistoryDayFile {
  date: Day;
  /** The scores are whole numbers of 10^-decimals, the first the best, each next the drop from the one before; null: the scores as they are. */
  decimals: number | null;
  /** Indexes into the names' configurations, in the day's ranking order. */
  configurations: number[];
  supraScores: number[];
}

/** A configuration of the names table. */
export interface NamedConfiguration {
  name: string;
  slug: string;
  /** Index into the table's models. */
  model: number;
  /** Index into `providers`; -1: not recorded. */
  provider: number;
  tags: readonly number[] | null;
  /** Its page's path segment today; undefined when it is not in today's snapshot. */
  segment: string | undefined;
}

/** A model of the names table. */
export interface NamedModel {
  /** Null when not recorded. */
  familyTag: string | null;
  /** Its place (from 0) on today's leaderboard, -1 when not on it; its model rank today (negative when shared), 0 when not on it. */
  place: number;
  rank: number;
  segment: string | undefined;
}

/** The names table, decoded: what a day's indexes name. */
export interface NamesTable {
  providers: readonly string[];
  providerSegments: readonly (string | null)[];
  tags: readonly string[];
  tagSegments: readonly (string | null)[];
  kept: PagesKept;
  models: NamedModel[];
  /** Each model's configurations together, the models in order. */
  configurations: NamedConfiguration[];
}

/** A day's ranking, decoded. */
export interface DayRanking {
  date: Day;
  generatedAt: number;
  /** Indexes into the names' configurations, in ranking order. */
  configurations: Int32Array;
  supraScores: Float64Array;
}

const sameTags = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((t, i) => t === b[i]));

/** The names file of a table whose models' configurations are together, in the models' order. */
export function encodeNames(table: NamesTable, familyName: (names: readonly string[]) => string): HistoryNamesFile {
  const models: HistoryNamesFile['models'] = { familyTag: [], provider: [], tags: [], configurations: [], segment: [] };
  const today = table.models.findIndex((m) => m.place < 0);
  const onToday = today < 0 ? table.models.length : today;
  if (table.models.some((m, k) => (k < onToday ? m.place !== k || m.rank === 0 : m.place !== -1)))
    throw new Error('the names table must hold today’s models first, in model rank order');
  const todayRanks = table.models.slice(0, onToday).map((m, k) => Math.abs(m.rank) - (k === 0 ? 0 : Math.abs(table.models[k - 1]!.rank)));
  const configurations: HistoryNamesFile['configurations'] = { shared: [], name: [], slug: [], segment: [] };
  const differing: HistoryNamesFile['differing'] = [];
  const members = table.models.map(() => [] as number[]);
  let previousDiffering = 0;
  table.configurations.forEach((c, i) => {
    if (i > 0 && c.model < table.configurations[i - 1]!.model)
      throw new Error('the names table must hold each model’s configurations together, in the models’ order');
    members[c.model]!.push(i);
  });
  table.models.forEach((m, k) => {
    const own = members[k]!;
    const first = table.configurations[own[0]!];
    if (!first) throw new Error(`model ${k} of the names table has no configuration`);
    const derived = m.familyTag !== null && m.familyTag === slugOf(familyName(own.map((i) => table.configurations[i]!.name)));
    models.familyTag.push(derived ? '' : m.familyTag);
    models.provider.push(first.provider);
    models.tags.push(first.tags === null ? null : [...first.tags]);
    models.configurations.push(own.length);
    models.segment.push(m.segment === undefined ? null : m.segment === m.familyTag ? '' : m.segment);
    for (const i of own) {
      const c = table.configurations[i]!;
      if (c.provider !== first.provider || !sameTags(c.tags, first.tags)) {
        differing.push([i - previousDiffering, c.provider, c.tags === null ? null : [...c.tags]]);
        previousDiffering = i;
      }
    }
  });
  let previous = '';
  for (const c of table.configurations) {
    let shared = 0;
    while (shared < c.name.length && shared < previous.length && c.name[shared] === previous[shared]) shared++;
    configurations.shared.push(shared);
    configurations.name.push(c.name.slice(shared));
    configurations.slug.push(c.slug === slugOf(c.name) ? '' : c.slug);
    configurations.segment.push(c.segment === undefined ? null : c.segment === c.slug ? '' : c.segment);
    previous = c.name;
  }
  return {
    providers: [...table.providers],
    providerSegments: [...table.providerSegments],
    tags: [...table.tags],
    tagSegments: [...table.tagSegments],
    kept: table.kept,
    today: onToday,
    todayRanks,
    models,
    configurations,
    differing,
  };
}

/** The names table a names file holds. */
export function decodeNames(file: HistoryNamesFile, familyName: (names: readonly string[]) => string): NamesTable {
  const configurations: NamedConfiguration[] = [];
  let previous = '';
  const { shared, name, slug, segment } = file.configurations;
  for (let i = 0; i < name.length; i++) {
    const full = previous.slice(0, shared[i]) + name[i]!;
    const ownSlug = slug[i] || slugOf(full);
    const page = segment[i];
    configurations.push({
      name: full,
      slug: ownSlug,
      model: -1,
      provider: -1,
      tags: null,
      segment: page === null || page === undefined ? undefined : page || ownSlug,
    });
    previous = full;
  }
  const models: NamedModel[] = [];
  let next = 0;
  // Today's ranks from their steps; a rank shared with a neighbour is a tied one.
  const ranks: number[] = [];
  file.todayRanks.forEach((step, k) => ranks.push((k === 0 ? 0 : ranks[k - 1]!) + step));
  const signed = (k: number) => {
    const rank = ranks[k];
    if (rank === undefined) return 0;
    return ranks[k - 1] === rank || ranks[k + 1] === rank ? -rank : rank;
  };
  file.models.configurations.forEach((count, k) => {
    const own = configurations.slice(next, next + count);
    next += count;
    for (const c of own) Object.assign(c, { model: k, provider: file.models.provider[k]!, tags: file.models.tags[k] ?? null });
    const recorded = file.models.familyTag[k];
    const familyTag = recorded === '' ? slugOf(familyName(own.map((c) => c.name))) : (recorded ?? null);
    const page = file.models.segment[k];
    models.push({
      familyTag,
      place: k < file.today ? k : -1,
      rank: k < file.today ? signed(k) : 0,
      segment: page === null || page === undefined ? undefined : page || (familyTag ?? undefined),
    });
  });
  let at = 0;
  for (const [step, provider, tags] of file.differing) Object.assign(configurations[(at += step)]!, { provider, tags });
  return {
    providers: file.providers,
    providerSegments: file.providerSegments,
    tags: file.tags,
    tagSegments: file.tagSegments,
    kept: file.kept,
    models,
    configurations,
  };
}

/** A day's file: its configurations as indexes of the names table, in ranking order, and their scores. */
export function encodeDay(date: Day, configurations: ArrayLike<number>, supraScores: ArrayLike<number>): HistoryDayFile {
  const decimals = decimalsOf(supraScores);
  const scale = decimals === null ? 1 : 10 ** decimals;
  const scores: number[] = [];
  let previous = 0;
  for (let j = 0; j < configurations.length; j++) {
    const score = supraScores[j]!;
    if (j > 0 && score > supraScores[j - 1]!) throw new Error(`the scores of ${date} are not in ranking order`);
    if (decimals === null) scores.push(score);
    else {
      const units = Math.round(score * scale);
      scores.push(j === 0 ? units : previous - units);
      previous = units;
    }
  }
  return { date, decimals, configurations: Array.from(configurations), supraScores: scores };
}

/** A day's ranking from its file (the time of its snapshot from the index). */
export function decodeDay(file: HistoryDayFile, generatedAt: number): DayRanking {
  const n = file.configurations.length;
  const scores = new Float64Array(n);
  if (file.decimals === null) scores.set(file.supraScores);
  else {
    const scale = 10 ** file.decimals;
    let units = 0;
    for (let j = 0; j < n; j++) {
      units = j === 0 ? file.supraScores[0]! : units - file.supraScores[j]!;
      scores[j] = units / scale;
    }
  }
  return {
    date: file.date,
    generatedAt,
    configurations: Int32Array.from(file.configurations),
    supraScores: scores,
  };
}

/** Where the history files are under `/data/`. */
export const HISTORY_DIR = 'history';
export const historyIndexFile = () => `${HISTORY_DIR}/index.json`;
export const historyNamesFile = (gzipped: boolean) => `${HISTORY_DIR}/names.json${gzipped ? '.gz' : ''}`;
export const historyDayFile = (date: Day, gzipped: boolean) => `${HISTORY_DIR}/days/${date}.json${gzipped ? '.gz' : ''}`;

/** The name a history file (`history/names.json`, `history/days/{date}.json`) is published under: gzipped where the plan gzips them, the index never. */
export const publishedHistoryFile = (file: string, gzipped: boolean) => (gzipped && file !== historyIndexFile() ? `${file}.gz` : file);
