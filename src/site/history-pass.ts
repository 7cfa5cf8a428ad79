/**
 * The site's history, read in one streamed pass over the newest snapshots: the series the charts
 * draw (configurations, models, benchmark weights), the model ranks of every snapshot, and the
 * change sets of the newest snapshots with the reason for each change. Only two snapshots are held
 * whole at a time, and series are kept only for what the current snapshot still holds.
 */
import type { BenchHistoryRow, HistoryRow, HistorySnapshotRow } from '../store/read-snapshot.ts';
import { explainChange, type ChangeReason } from './change-reasons.ts';
import { competitionRanks, type Ranked } from './ranks.ts';

export interface HistoryPoint {
  generatedAt: number;
  supraScore: number;
  position: number;
  /** Configuration rank then (equal scores share it). */
  rank: number;
  tied: boolean;
}

/** A model in one snapshot: its best configuration's score, and its model rank then. */
export interface ModelHistoryPoint {
  generatedAt: number;
  supraScore: number;
  rank: number;
  tied: boolean;
}

export interface WeightPoint {
  generatedAt: number;
  effectiveWeight: number;
}

/** A configuration's change between two snapshots. For a removed one, its last score and position. */
export interface Change {
  slug: string;
  name: string;
  supraScore: number;
  position: number;
  previousPosition?: number;
  previousScore?: number;
  /** Its configuration rank in the newer snapshot (in the older one for a removed configuration). */
  rank?: Ranked;
  previousRank?: Ranked;
  reason?: ChangeReason;
}

/** A model's change between two snapshots, with its configurations that changed beneath it. */
export interface ModelChange {
  /** The model's familyTag; a configuration whose model was never recorded stands for itself. */
  familyTag: string;
  name: string;
  /** `new`: no configuration of it was in the older snapshot; `removed`: none is in the newer one. */
  status: 'new' | 'removed' | 'present';
  supraScore: number;
  rank: Ranked;
  previousScore?: number;
  previousRank?: Ranked;
  /** Why its standing changed: the reason of its best configuration. */
  reason: ChangeReason;
  /** When another configuration became its best. */
  bestChanged?: { from: string; to: string };
  /** Its configurations in the newer snapshot (in the older one when removed). */
  configurationCount: number;
  configurations: Change[];
}

/** The difference between two consecutive snapshots of the history. */
export interface ChangeSet {
  id: number;
  generatedAt: number;
  /** The id of its entry on the changes page, and the fragment the feed links to. */
  anchor: string;
  previousGeneratedAt: number | undefined;
  comparable: boolean;
  addedCount: number;
  removedCount: number;
  /** Configurations whose rank changed (0 when the two are not comparable). */
  movedCount: number;
  /** The first few of each list, by position: the counts say how many there are. */
  added: Change[];
  removed: Change[];
  movedUp: Change[];
  movedDown: Change[];
  /** The same by model, ranked by model rank, each with its configurations that changed. */
  models: {
    addedCount: number;
    removedCount: number;
    movedCount: number;
    movedUpCount: number;
    movedDownCount: number;
    added: ModelChange[];
    removed: ModelChange[];
    movedUp: ModelChange[];
    movedDown: ModelChange[];
  };
}

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
}

/** What the current snapshot holds: series are kept for these only. */
export interface CurrentSnapshot {
  familyOf: ReadonlyMap<string, string>;
  families: ReadonlySet<string>;
}

export interface HistoryResult {
  /** Snapshots read, oldest first. */
  snapshots: HistorySnapshotRow[];
  configurationSeries: Map<string, HistoryPoint[]>;
  modelSeries: Map<string, ModelHistoryPoint[]>;
  weightSeries: Map<string, WeightPoint[]>;
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

interface Entry {
  slug: string;
  name: string;
  family: string;
  supraScore: number;
  position: number;
  benchCount: number | null;
  scoresDigest: number | null;
  rank: Ranked;
}

interface Family {
  key: string;
  best: Entry;
  members: Entry[];
  rank: Ranked;
}

interface State {
  id: number;
  generatedAt: number;
  entries: Map<string, Entry>;
  families: Map<string, Family>;
}

export const snapshotAnchor = (generatedAt: number) => `snapshot-${generatedAt}`;

/** A key for a configuration whose model the history never recorded: it cannot equal a familyTag (no control characters there). */
const loneFamily = (slug: string) => `\u0000${slug}`;

export function isComparable(older: number, newer: number, methodChangeAt: number): boolean {
  return older >= methodChangeAt || newer < methodChangeAt;
}

function buildState(snapshot: HistorySnapshotRow, rows: HistoryRow[], current: CurrentSnapshot): State {
  rows.sort((a, b) => a.position - b.position);
  const ranks = competitionRanks(rows.map((r) => r.supraScore));
  const entries = new Map<string, Entry>();
  const families = new Map<string, Family>();
  const order: Family[] = [];
  rows.forEach((r, i) => {
    const family = r.familyTag ?? current.familyOf.get(r.slug) ?? loneFamily(r.slug);
    const entry: Entry = { ...r, family, rank: ranks[i]! };
    entries.set(r.slug, entry);
    const f = families.get(family);
    if (f) f.members.push(entry);
    else {
      const created: Family = { key: family, best: entry, members: [entry], rank: { rank: 0, tied: false } };
      families.set(family, created);
      order.push(created);
    }
  });
  // Rows come by position, so families come in the order of their best configuration: the model ranking.
  competitionRanks(order.map((f) => f.best.supraScore)).forEach((r, i) => (order[i]!.rank = r));
  return { id: snapshot.id, generatedAt: snapshot.generatedAt, entries, families };
}

function changeOf(before: Entry | undefined, after: Entry | undefined, reason: ChangeReason): Change {
  const e = (after ?? before)!;
  return {
    slug: e.slug,
    name: e.name,
    supraScore: e.supraScore,
    position: e.position,
    rank: e.rank,
    ...(before && after ? { previousPosition: before.position, previousScore: before.supraScore, previousRank: before.rank } : {}),
    reason,
  };
}

function diff(
  prev: State,
  cur: State,
  comparable: boolean,
  options: HistoryOptions,
): { set: Omit<ChangeSet, 'id' | 'generatedAt' | 'anchor'>; models: ModelChange[] } {
  const explain = (slug: string) => explainChange(prev.entries.get(slug), cur.entries.get(slug), comparable, prev.generatedAt);
  const added: Change[] = [];
  const removed: Change[] = [];
  const moved: Change[] = [];
  for (const [slug, e] of cur.entries) {
    const p = prev.entries.get(slug);
    if (!p) added.push(changeOf(undefined, e, { kind: 'new' }));
    else if (comparable && p.position !== e.position) moved.push(changeOf(p, e, explain(slug)));
  }
  for (const [slug, p] of prev.entries) if (!cur.entries.has(slug)) removed.push(changeOf(p, undefined, { kind: 'removed', lastSeen: prev.generatedAt }));

  const modelChanges: ModelChange[] = [];
  const configurationsOf = (key: string) => {
    const slugs = new Set([...(cur.families.get(key)?.members ?? []), ...(prev.families.get(key)?.members ?? [])].map((e) => e.slug));
    const out: Change[] = [];
    for (const slug of slugs) {
      const reason = explain(slug);
      if (reason.kind !== 'none' && reason.kind !== 'method') out.push(changeOf(prev.entries.get(slug), cur.entries.get(slug), reason));
    }
    return out.sort((a, b) => a.position - b.position);
  };
  const nameOf = (f: Family) => options.familyName(f.members.map((m) => m.name));
  for (const [key, f] of cur.families) {
    const p = prev.families.get(key);
    if (!p) {
      modelChanges.push({
        familyTag: key,
        name: nameOf(f),
        status: 'new',
        supraScore: f.best.supraScore,
        rank: f.rank,
        reason: { kind: 'new' },
        configurationCount: f.members.length,
        configurations: configurationsOf(key),
      });
      continue;
    }
    const configurations = configurationsOf(key);
    const bestChanged = p.best.slug !== f.best.slug ? { from: p.best.name, to: f.best.name } : undefined;
    const unchanged = p.rank.rank === f.rank.rank && p.best.supraScore === f.best.supraScore && !bestChanged && configurations.length === 0;
    if (comparable && unchanged) continue;
    let reason: ChangeReason = comparable ? explainChange(prev.entries.get(f.best.slug), f.best, true, prev.generatedAt) : { kind: 'method' };
    // Its best configuration stood still while other models moved past it.
    if (reason.kind === 'none' && p.rank.rank !== f.rank.rank) reason = { kind: 'field', scoreChanged: false };
    modelChanges.push({
      familyTag: key,
      name: nameOf(f),
      status: 'present',
      supraScore: f.best.supraScore,
      rank: f.rank,
      previousScore: p.best.supraScore,
      previousRank: p.rank,
      reason,
      ...(bestChanged ? { bestChanged } : {}),
      configurationCount: f.members.length,
      configurations,
    });
  }
  for (const [key, p] of prev.families) {
    if (cur.families.has(key)) continue;
    modelChanges.push({
      familyTag: key,
      name: nameOf(p),
      status: 'removed',
      supraScore: p.best.supraScore,
      rank: p.rank,
      reason: { kind: 'removed', lastSeen: prev.generatedAt },
      configurationCount: p.members.length,
      configurations: configurationsOf(key),
    });
  }

  const first = <T>(list: T[]) => list.slice(0, options.listed);
  const byPosition = (a: Change, b: Change) => a.position - b.position;
  const delta = (c: Change) => (c.previousPosition ?? c.position) - c.position;
  const modelDelta = (m: ModelChange) => (m.previousRank?.rank ?? m.rank.rank) - m.rank.rank;
  const byRank = (a: ModelChange, b: ModelChange) => a.rank.rank - b.rank.rank;
  const newModels = modelChanges.filter((m) => m.status === 'new');
  const removedModels = modelChanges.filter((m) => m.status === 'removed');
  const movedModels = comparable ? modelChanges.filter((m) => m.status === 'present' && modelDelta(m) !== 0) : [];
  return {
    set: {
      previousGeneratedAt: prev.generatedAt,
      comparable,
      addedCount: added.length,
      removedCount: removed.length,
      movedCount: moved.length,
      added: first(added.sort(byPosition)),
      removed: first(removed.sort(byPosition)),
      movedUp: first(moved.filter((c) => delta(c) > 0).sort((a, b) => delta(b) - delta(a) || a.position - b.position)),
      movedDown: first(moved.filter((c) => delta(c) < 0).sort((a, b) => delta(a) - delta(b) || a.position - b.position)),
      models: {
        addedCount: newModels.length,
        removedCount: removedModels.length,
        movedCount: movedModels.length,
        movedUpCount: movedModels.filter((m) => modelDelta(m) > 0).length,
        movedDownCount: movedModels.filter((m) => modelDelta(m) < 0).length,
        added: first(newModels.sort(byRank)),
        removed: first(removedModels.sort(byRank)),
        movedUp: first(movedModels.filter((m) => modelDelta(m) > 0).sort((a, b) => modelDelta(b) - modelDelta(a) || byRank(a, b))),
        movedDown: first(movedModels.filter((m) => modelDelta(m) < 0).sort((a, b) => modelDelta(a) - modelDelta(b) || byRank(a, b))),
      },
    },
    models: modelChanges,
  };
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Reads the history once. `history` is every snapshot, newest first; `rows` and `benchRows` stream
 * the snapshots from `windowStart(history, options)` on, ordered by snapshot id.
 */
export function readHistory(
  history: readonly HistorySnapshotRow[],
  rows: Iterable<HistoryRow>,
  benchRows: Iterable<BenchHistoryRow>,
  current: CurrentSnapshot,
  options: HistoryOptions,
): HistoryResult {
  const window = history.slice(0, Math.max(options.chartPoints, options.feedEntries + 1));
  const snapshots = [...window].reverse();
  const byId = new Map(snapshots.map((s) => [s.id, s]));
  const chartFrom = window.slice(0, options.chartPoints).at(-1)?.id ?? 0;
  const feedIds = new Set(history.slice(0, options.feedEntries).map((s) => s.id));
  const firstId = history.at(-1)?.id;

  const configurationSeries = new Map<string, HistoryPoint[]>();
  const modelSeries = new Map<string, ModelHistoryPoint[]>();
  const changes: ChangeSet[] = [];
  const recentByModel = new Map<string, RecentModelChange[]>();
  let prev: State | undefined;
  let latestPair: { prev: State; cur: State } | undefined;

  const finish = (snapshot: HistorySnapshotRow, snapshotRows: HistoryRow[]) => {
    const state = buildState(snapshot, snapshotRows, current);
    if (snapshot.id >= chartFrom) {
      for (const e of state.entries.values()) {
        if (current.familyOf.has(e.slug))
          push(configurationSeries, e.slug, {
            generatedAt: state.generatedAt,
            supraScore: e.supraScore,
            position: e.position,
            rank: e.rank.rank,
            tied: e.rank.tied,
          });
      }
      for (const f of state.families.values()) {
        if (current.families.has(f.key))
          push(modelSeries, f.key, { generatedAt: state.generatedAt, supraScore: f.best.supraScore, rank: f.rank.rank, tied: f.rank.tied });
      }
    }
    if (feedIds.has(snapshot.id)) {
      const anchor = snapshotAnchor(snapshot.generatedAt);
      // Only the very first snapshot of history has no predecessor; any other's is in the window.
      if (prev && snapshot.id !== firstId) {
        const comparable = isComparable(prev.generatedAt, snapshot.generatedAt, options.methodChangeAt);
        const { set, models } = diff(prev, state, comparable, options);
        changes.push({ id: snapshot.id, generatedAt: snapshot.generatedAt, anchor, ...set });
        for (const change of models) {
          if (!current.families.has(change.familyTag)) continue;
          const list = recentByModel.get(change.familyTag) ?? [];
          list.unshift({ generatedAt: snapshot.generatedAt, anchor, comparable, change });
          recentByModel.set(change.familyTag, list.slice(0, options.recentPerModel));
        }
      } else if (snapshot.id === firstId) {
        changes.push(emptySet(snapshot, anchor));
      }
    }
    if (prev && snapshot.id === history[0]?.id) latestPair = { prev, cur: state };
    prev = state;
  };

  let currentId: number | undefined;
  let pending: HistoryRow[] = [];
  for (const row of rows) {
    if (row.snapshotId !== currentId) {
      if (currentId !== undefined && byId.has(currentId)) finish(byId.get(currentId)!, pending);
      currentId = row.snapshotId;
      pending = [];
    }
    pending.push(row);
  }
  if (currentId !== undefined && byId.has(currentId)) finish(byId.get(currentId)!, pending);

  const weightSeries = new Map<string, WeightPoint[]>();
  for (const b of benchRows) {
    const s = byId.get(b.snapshotId);
    if (s && b.snapshotId >= chartFrom) push(weightSeries, b.slug, { generatedAt: s.generatedAt, effectiveWeight: b.effectiveWeight });
  }

  const comparableLatest = latestPair !== undefined && isComparable(latestPair.prev.generatedAt, latestPair.cur.generatedAt, options.methodChangeAt);
  return {
    snapshots,
    configurationSeries,
    modelSeries,
    weightSeries,
    changes: changes.reverse(),
    recentByModel,
    previous:
      latestPair && comparableLatest
        ? {
            positions: new Map([...latestPair.prev.entries].map(([slug, e]) => [slug, e.position])),
            scores: new Map([...latestPair.prev.entries].map(([slug, e]) => [slug, e.supraScore])),
            modelRanks: new Map([...latestPair.prev.families].map(([key, f]) => [key, f.rank])),
          }
        : undefined,
    hasPrevious: latestPair !== undefined,
  };
}

function emptySet(snapshot: HistorySnapshotRow, anchor: string): ChangeSet {
  return {
    id: snapshot.id,
    generatedAt: snapshot.generatedAt,
    anchor,
    previousGeneratedAt: undefined,
    comparable: false,
    addedCount: 0,
    removedCount: 0,
    movedCount: 0,
    added: [],
    removed: [],
    movedUp: [],
    movedDown: [],
    models: { addedCount: 0, removedCount: 0, movedCount: 0, movedUpCount: 0, movedDownCount: 0, added: [], removed: [], movedUp: [], movedDown: [] },
  };
}

/** The oldest snapshot id the pass needs: the charts' window, or the feed's and one more. */
export function windowStart(history: readonly HistorySnapshotRow[], options: Pick<HistoryOptions, 'chartPoints' | 'feedEntries'>): number {
  return history.slice(0, Math.max(options.chartPoints, options.feedEntries + 1)).at(-1)?.id ?? 0;
}
