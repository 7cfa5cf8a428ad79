/**
 * The site's history, read in one pass over the newest snapshots: the series the charts draw
 * (configurations, models, benchmark weights), the model ranks of every snapshot, and the change
 * sets of the newest snapshots with the reason for each change. The store hands over each snapshot
 * as typed columns in ranking order; ranks and series go into typed matrices (history-series.ts),
 * the snapshots the change sets compare stay typed columns (change-sets.ts), objects are built only
 * for the changes pages list, and a page's series only when the page asks.
 */
import type { HistoryName, HistoryPoints, HistorySnapshotRow } from '../../store/read-snapshot.ts';
import type { Ranked } from '../format/ranks.ts';
import { isComparable } from '../format/method-change.ts';
import {
  compareColumns,
  diff,
  emptySet,
  rankCache,
  snapshotAnchor,
  type ChangeSet,
  type ComparedSnapshot,
  type ConfigurationNames,
  type ModelChange,
  type PassContext,
  type SnapshotRanks,
} from './change-sets.ts';
import {
  modelRanksInto,
  seriesMatrices,
  seriesReaders,
  type HistoryPoint,
  type ModelHistoryPoint,
  type SeriesColumns,
  type SeriesMatrices,
  type WeightPoint,
} from './history-series.ts';

export type { Change, ChangeSet, ModelChange } from './change-sets.ts';
export type { HistoryPoint, ModelHistoryPoint, WeightPoint } from './history-series.ts';

/** A model's recent change, for its own page. */
export interface RecentModelChange {
  generatedAt: number;
  anchor: string;
  comparable: boolean;
  change: ModelChange;
}

export interface HistoryOptions {
  /** Snapshots each chart shows, newest last. */
  chartPoints: number;
  /** Snapshots that get a change set, newest first. */
  feedEntries: number;
  /** Entries kept per list of a change set. */
  listed: number;
  /** Recent changes kept per model. */
  recentPerModel: number;
  /** The 2026-09-17 method change. */
  methodChangeAt: number;
  /** The display name of a model from its configurations' names. */
  familyName: (names: string[]) => string;
  /** Keep each configuration's series (false: `configurationHistory` throws): the extras worker draws none, and they are the largest of the series. */
  configurationSeries?: boolean;
}

/** What the current snapshot holds: series are kept for these only. */
export interface CurrentSnapshot {
  familyOf: ReadonlyMap<string, string>;
  families: ReadonlySet<string>;
}

export interface HistoryResult {
  /** Snapshots read, oldest first. */
  snapshots: HistorySnapshotRow[];
  /** Oldest first, the newest `chartPoints` snapshots; empty for anything the current snapshot lacks. */
  configurationHistory(slug: string): HistoryPoint[];
  modelHistory(familyTag: string): ModelHistoryPoint[];
  weightHistory(benchSlug: string): WeightPoint[];
  /** Newest first. */
  changes: ChangeSet[];
  recentByModel: Map<string, RecentModelChange[]>;
  /** The snapshot before the latest, when it is comparable: for movement markers. */
  previous:
    | {
        positions: Map<string, number>;
        scores: Map<string, number>;
        modelRanks: Map<string, Ranked>;
      }
    | undefined;
  /** True when the latest snapshot has a predecessor at all. */
  hasPrevious: boolean;
}

/** A key for a configuration whose model the history never recorded: it cannot equal a familyTag (no control characters there). */
const loneFamily = (slug: string) => `\u0000${slug}`;

/**
 * The model a configuration of the history belongs to: its familyTag when last seen, else today's
 * (files before store version 3 did not record it), else it stands for itself.
 */
export const historyFamilyKey = (name: Pick<HistoryName, 'slug' | 'familyTag'>, familyOf: ReadonlyMap<string, string>) =>
  name.familyTag ?? familyOf.get(name.slug) ?? loneFamily(name.slug);

/** The snapshots the pass reads, newest first: the charts' window, or the feed's and one more. */
const windowOf = (history: readonly HistorySnapshotRow[], options: Pick<HistoryOptions, 'chartPoints' | 'feedEntries'>) =>
  history.slice(0, Math.max(options.chartPoints, options.feedEntries + 1));

/** The oldest snapshot id the pass needs: the charts' window, or the feed's and one more. */
export function windowStart(history: readonly HistorySnapshotRow[], options: Pick<HistoryOptions, 'chartPoints' | 'feedEntries'>): number {
  return windowOf(history, options).at(-1)?.id ?? 0;
}

/** The snapshots the pass reads, oldest first, and which of them each output needs. */
interface HistoryWindow {
  snapshots: HistorySnapshotRow[];
  /** A snapshot's place in `snapshots`, by its id. */
  indexOf: Map<number, number>;
  /** The first place the charts show. */
  seriesFrom: number;
  /** The snapshots that get a change set. */
  feedIds: Set<number>;
  /** The snapshots whose changes model pages and feeds list by model. */
  recentIds: Set<number>;
  /** The first snapshot of all history (it has no predecessor), and the latest. */
  firstId: number | undefined;
  latestId: number | undefined;
}

function historyWindow(history: readonly HistorySnapshotRow[], options: HistoryOptions): HistoryWindow {
  const window = windowOf(history, options);
  const snapshots = [...window].reverse();
  const indexOf = new Map(snapshots.map((s, k) => [s.id, k]));
  const chartFrom = window.slice(0, options.chartPoints).at(-1)?.id ?? 0;
  return {
    snapshots,
    indexOf,
    seriesFrom: indexOf.get(chartFrom) ?? 0,
    feedIds: new Set(history.slice(0, options.feedEntries).map((s) => s.id)),
    recentIds: new Set(history.slice(0, options.recentPerModel).map((s) => s.id)),
    firstId: history.at(-1)?.id,
    latestId: history[0]?.id,
  };
}

/**
 * The points of each place of the window in turn. They are taken one snapshot at a time, as the
 * store reads them (oldest first), and dropped once walked: a year of history is never in memory at
 * once. One that comes out of order waits until its turn. `end` ends the store's walk.
 */
function pointsInOrder(points: Iterable<HistoryPoints>, indexOf: ReadonlyMap<number, number>) {
  const source = points[Symbol.iterator]();
  const early = new Map<number, HistoryPoints>();
  const at = (k: number): HistoryPoints | undefined => {
    const waiting = early.get(k);
    if (waiting) {
      early.delete(k);
      return waiting;
    }
    for (let next = source.next(); !next.done; next = source.next()) {
      const place = indexOf.get(next.value.snapshotId);
      if (place === k) return next.value;
      if (place !== undefined && place > k) early.set(place, next.value);
    }
    return undefined;
  };
  return { at, end: () => source.return?.() };
}

/** Integer ids, so the walk allocates little: a row per configuration name, a family per row, and the series' columns. */
interface HistoryIds {
  names: ConfigurationNames;
  familyKeys: string[];
  /** The family id of each name row. */
  familyOfRow: Int32Array;
  /** The series column of each name row; -1 when it has none. */
  slotOfRow: Int32Array;
  /** The series column of each family id; -1 when it has none. */
  modelSlot: Int32Array;
  /** The weight column of a history name id; -1 when it is not a benchmark's. */
  benchOf: (id: number) => number;
  columns: SeriesColumns;
}

/**
 * A family per configuration name (its recorded familyTag, else today's, else itself), and series
 * columns only for what the current snapshot holds: a year of history holds several times as many
 * families as the current snapshot, and pages draw only today's.
 */
function historyIds(names: readonly HistoryName[], current: CurrentSnapshot, seriesKept: boolean): HistoryIds {
  const configurations = names.filter((n) => n.kind === 'model');
  const maxId = names.reduce((m, n) => Math.max(m, n.id), 0);
  const rowOfId = new Int32Array(maxId + 1).fill(-1);
  configurations.forEach((n, i) => (rowOfId[n.id] = i));
  const familyIds = new Map<string, number>();
  const familyKeys: string[] = [];
  const familyOfRow = new Int32Array(configurations.length);
  const slotOfRow = new Int32Array(configurations.length).fill(-1);
  const slotOfSlug = new Map<string, number>();
  configurations.forEach((c, i) => {
    const key = historyFamilyKey(c, current.familyOf);
    let id = familyIds.get(key);
    if (id === undefined) familyIds.set(key, (id = familyKeys.push(key) - 1));
    familyOfRow[i] = id;
    if (current.familyOf.has(c.slug)) {
      slotOfRow[i] = slotOfSlug.size;
      slotOfSlug.set(c.slug, slotOfSlug.size);
    }
  });
  if (!seriesKept) slotOfRow.fill(-1);
  const modelSlot = new Int32Array(familyKeys.length).fill(-1);
  let models = 0;
  familyKeys.forEach((key, f) => {
    if (current.families.has(key)) modelSlot[f] = models++;
  });
  const modelOf = (familyTag: string) => {
    const id = familyIds.get(familyTag);
    return id === undefined ? -1 : modelSlot[id]!;
  };
  const benches = benchColumns(names, maxId);
  return {
    names: { indexOf: (id) => (id >= 0 && id <= maxId ? rowOfId[id]! : -1), rows: configurations },
    familyKeys,
    familyOfRow,
    slotOfRow,
    modelSlot,
    benchOf: benches.of,
    columns: { configurations: slotOfSlug, modelOf, models, benches: benches.bySlug, configurationsKept: seriesKept },
  };
}

/** A column per benchmark of the history, by its name id and by its slug. */
function benchColumns(names: readonly HistoryName[], maxId: number) {
  const bySlug = new Map<string, number>();
  const byId = new Int32Array(maxId + 1).fill(-1);
  for (const n of names) {
    if (n.kind !== 'bench') continue;
    byId[n.id] = bySlug.size;
    bySlug.set(n.slug, bySlug.size);
  }
  return { bySlug, of: (id: number) => (id >= 0 && id <= maxId ? byId[id]! : -1) };
}

/** What every step of the pass reads. */
interface Pass {
  window: HistoryWindow;
  ids: HistoryIds;
  series: SeriesMatrices;
  context: PassContext;
  current: CurrentSnapshot;
  options: HistoryOptions;
}

/** The benchmark weights of the snapshot at place `k`. */
function writeWeights({ ids, series }: Pass, k: number, p: HistoryPoints): void {
  for (let j = 0; j < p.benches.length; j++) {
    const b = ids.benchOf(p.benches[j]!);
    if (b >= 0) series.weights[k * series.B + b] = p.effectiveWeights[j]!;
  }
}

/**
 * The ranks of the snapshot at place `k` (its points come best first; equal scores share a
 * configuration rank), each point's family, the families in the order of their best point with
 * that point's score, and the configurations' series. `firstSeen` holds, by family id, the last
 * place it was seen at.
 */
function rankSnapshot({ ids, series }: Pass, k: number, p: HistoryPoints, firstSeen: Int32Array): SnapshotRanks & { bestScore: number[] } {
  const n = p.configurations.length;
  const ranks = new Int32Array(n);
  const family = new Int32Array(n);
  const bestOrder: number[] = [];
  const bestScore: number[] = [];
  const C = series.C;
  for (let j = 0; j < n; j++) {
    const score = p.supraScores[j]!;
    const tiedBefore = j > 0 && p.supraScores[j - 1] === score;
    const tiedAfter = j + 1 < n && p.supraScores[j + 1] === score;
    const rank = tiedBefore ? Math.abs(ranks[j - 1]!) : j + 1;
    ranks[j] = tiedBefore || tiedAfter ? -rank : rank;
    const row = ids.names.indexOf(p.configurations[j]!);
    if (row < 0) continue;
    const f = ids.familyOfRow[row]!;
    family[j] = f;
    if (firstSeen[f] !== k) {
      firstSeen[f] = k;
      bestOrder.push(f);
      bestScore.push(score);
    }
    const slot = ids.slotOfRow[row]!;
    if (slot >= 0) {
      series.cScore[k * C + slot] = score;
      series.cPosition[k * C + slot] = j + 1;
      series.cRank[k * C + slot] = ranks[j]!;
    }
  }
  return { ranks, family, bestOrder, bestScore };
}

/** The change sets made so far, oldest first, and the snapshots they compare. */
interface ChangeLog {
  changes: ChangeSet[];
  recentByModel: Map<string, RecentModelChange[]>;
  /** The snapshot compared last. */
  prev: ComparedSnapshot | undefined;
  /** The latest snapshot and the one before it. */
  latestPair: { prev: ComparedSnapshot; cur: ComparedSnapshot } | undefined;
}

/** Takes one of the newest snapshots into the log: its change set when the feed lists it, and it as the next one's predecessor. */
function logSnapshot(pass: Pass, log: ChangeLog, snapshot: HistorySnapshotRow, state: ComparedSnapshot): void {
  const { window, options } = pass;
  if (window.feedIds.has(snapshot.id)) {
    const anchor = snapshotAnchor(snapshot.generatedAt);
    // Only the very first snapshot of history has no predecessor; any other's is in the window.
    if (log.prev && snapshot.id !== window.firstId) {
      const comparable = isComparable(log.prev.generatedAt, snapshot.generatedAt, options.methodChangeAt);
      // Model pages and feeds list each model's changes in the newest few snapshots only.
      const { set, models } = diff(log.prev, state, comparable, window.recentIds.has(snapshot.id), pass.context);
      log.changes.push({ id: snapshot.id, generatedAt: snapshot.generatedAt, anchor, ...set });
      for (const change of models) {
        if (!pass.current.families.has(change.familyTag)) continue;
        const list = log.recentByModel.get(change.familyTag) ?? [];
        list.unshift({ generatedAt: snapshot.generatedAt, anchor, comparable, change });
        log.recentByModel.set(change.familyTag, list.slice(0, options.recentPerModel));
      }
    } else if (snapshot.id === window.firstId) {
      log.changes.push(emptySet(snapshot, anchor));
    }
  }
  if (log.prev && snapshot.id === window.latestId) log.latestPair = { prev: log.prev, cur: state };
  log.prev = state;
}

/**
 * Reads the history once. `history` is every snapshot, newest first; `names` every name the
 * history refers to, and `points` the snapshots from `windowStart(history, options)` on.
 */
export function readHistory(
  history: readonly HistorySnapshotRow[],
  names: readonly HistoryName[],
  points: Iterable<HistoryPoints>,
  current: CurrentSnapshot,
  options: HistoryOptions,
): HistoryResult {
  const window = historyWindow(history, options);
  const ids = historyIds(names, current, options.configurationSeries ?? true);
  const series = seriesMatrices(window.snapshots, window.seriesFrom, ids.columns);
  const context: PassContext = { names: ids.names, familyKeys: ids.familyKeys, ranked: rankCache(), listed: options.listed, familyName: options.familyName };
  const pass: Pass = { window, ids, series, context, current, options };
  const log: ChangeLog = { changes: [], recentByModel: new Map(), prev: undefined, latestPair: undefined };
  const W = window.snapshots.length;
  const firstSeen = new Int32Array(ids.familyKeys.length).fill(-1);
  const walk = pointsInOrder(points, window.indexOf);
  try {
    for (let k = 0; k < W; k++) {
      const p = walk.at(k);
      if (!p) continue;
      if (k >= window.seriesFrom) writeWeights(pass, k, p);
      if (p.configurations.length === 0) continue;
      const ranked = rankSnapshot(pass, k, p, firstSeen);
      modelRanksInto(ranked.bestOrder, ranked.bestScore, ids.modelSlot, k * series.M, series.mScore, series.mRank);
      // Change sets compare only the newest snapshots: the feed's and the one before them.
      if (k >= W - (options.feedEntries + 1)) logSnapshot(pass, log, window.snapshots[k]!, compareColumns(window.snapshots[k]!, p, ranked, ids.names, ids.familyKeys.length));
    }
  } finally {
    // The store's walk ends here, even where the window's newest snapshot was its last row or the
    // pass failed: its connection is free for the next query.
    walk.end();
  }

  const { latestPair } = log;
  const comparableLatest = latestPair !== undefined && isComparable(latestPair.prev.generatedAt, latestPair.cur.generatedAt, options.methodChangeAt);
  return {
    snapshots: window.snapshots,
    ...seriesReaders(series, ids.columns),
    changes: log.changes.reverse(),
    recentByModel: log.recentByModel,
    previous: latestPair && comparableLatest ? previousOf(latestPair.prev, context) : undefined,
    hasPrevious: latestPair !== undefined,
  };
}

/** The snapshot before the latest, by slug and familyTag, for movement markers. */
function previousOf(s: ComparedSnapshot, { names, familyKeys, ranked }: PassContext): NonNullable<HistoryResult['previous']> {
  const positions = new Map<string, number>();
  const scores = new Map<string, number>();
  for (let j = 0; j < s.row.length; j++) {
    if (s.row[j]! < 0) continue;
    const { slug } = names.rows[s.row[j]!]!;
    positions.set(slug, j + 1);
    scores.set(slug, s.points.supraScores[j]!);
  }
  return { positions, scores, modelRanks: new Map(s.order.map((f) => [familyKeys[f]!, ranked(s.modelRank[f]!)])) };
}
