/**
 * The site's history, read in one pass over the newest snapshots: the series the charts draw
 * (configurations, models, benchmark weights), the model ranks of every snapshot, and the change
 * sets of the newest snapshots with the reason for each change. The store hands over each snapshot
 * as typed columns in ranking order; ranks and series go into typed matrices, objects are built only
 * for the few snapshots the change sets compare, and a page's series only when the page asks.
 */
import type { HistoryName, HistoryPoints, HistorySnapshotRow } from '../store/read-snapshot.ts';
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
  /**
   * Keep each configuration's series (false: `configurationHistory` throws). The extras worker
   * needs none, and at 50,000 configurations they are 96 MB.
   */
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

/** Ranks the pass computed for one snapshot's points (which come best first). */
interface Ranked1 {
  /** Configuration rank of each point; negative when shared. */
  ranks: Int32Array;
  /** Family id of each point. */
  family: Int32Array;
}

/** What the pass knows of each history name, by its index. */
interface Names {
  /** The index of a history name id (-1: not a configuration's). */
  indexOf: (id: number) => number;
  rows: readonly HistoryName[];
}

/** The objects a change set compares: only built for the snapshots the feed lists, and the one before. */
function buildState(snapshot: HistorySnapshotRow, points: HistoryPoints, s: Ranked1, names: Names, familyKeys: readonly string[]): State {
  const entries = new Map<string, Entry>();
  const families = new Map<string, Family>();
  const order: Family[] = [];
  for (let j = 0; j < points.configurations.length; j++) {
    const i = names.indexOf(points.configurations[j]!);
    if (i < 0) continue;
    const row = names.rows[i]!;
    const benchCount = points.benchCounts[j]!;
    const digest = points.scoresDigests[j]!;
    const rank = s.ranks[j]!;
    const family = familyKeys[s.family[j]!]!;
    const entry: Entry = {
      slug: row.slug,
      name: row.name,
      family,
      supraScore: points.supraScores[j]!,
      position: j + 1,
      benchCount: benchCount < 0 ? null : benchCount,
      scoresDigest: Number.isNaN(digest) ? null : digest,
      rank: { rank: Math.abs(rank), tied: rank < 0 },
    };
    entries.set(row.slug, entry);
    const f = families.get(family);
    if (f) f.members.push(entry);
    else {
      const created: Family = { key: family, best: entry, members: [entry], rank: { rank: 0, tied: false } };
      families.set(family, created);
      order.push(created);
    }
  }
  // Points come by position, so families come in the order of their best configuration: the model ranking.
  competitionRanks(order.map((f) => f.best.supraScore)).forEach((r, i) => (order[i]!.rank = r));
  return { id: snapshot.id, generatedAt: snapshot.generatedAt, entries, families };
}

function changeOf(before: Entry | undefined, after: Entry | undefined, reason: ChangeReason): Change {
  const e = (after ?? before)!;
  const both = before !== undefined && after !== undefined;
  // One literal with every field (undefined where absent): a spread of optional fields made objects
  // of many shapes, which V8 keeps larger, and model pages keep tens of thousands of these.
  return {
    slug: e.slug,
    name: e.name,
    supraScore: e.supraScore,
    position: e.position,
    rank: e.rank,
    previousPosition: both ? before.position : undefined,
    previousScore: both ? before.supraScore : undefined,
    previousRank: both ? before.rank : undefined,
    reason,
  };
}

/** True when a configuration's standing differs between two snapshots for a reason the changes list (explainChange without the objects). */
function memberChanged(before: Entry | undefined, after: Entry | undefined, comparable: boolean): boolean {
  if (!before || !after) return before !== after;
  if (!comparable) return false;
  return (
    before.position !== after.position ||
    before.supraScore !== after.supraScore ||
    (before.benchCount !== null && after.benchCount !== null && before.benchCount !== after.benchCount) ||
    (before.scoresDigest !== null && after.scoresDigest !== null && before.scoresDigest !== after.scoresDigest)
  );
}

/** A model's change before it is made an object: only the models a page shows become one. */
interface FamilyMove {
  key: string;
  status: ModelChange['status'];
  /** Places up (negative: down) in model rank; 0 when new, removed or not comparable. */
  delta: number;
  rank: number;
}

/**
 * The change set between two snapshots. `all` asks for a ModelChange of every model that changed
 * (the newest snapshots, whose changes model pages and feeds list); otherwise only the listed ones
 * are made into objects, and the rest are counted.
 */
function diff(
  prev: State,
  cur: State,
  comparable: boolean,
  options: HistoryOptions,
  all: boolean,
): { set: Omit<ChangeSet, 'id' | 'generatedAt' | 'anchor'>; models: ModelChange[] } {
  const explain = (slug: string) => explainChange(prev.entries.get(slug), cur.entries.get(slug), comparable, prev.generatedAt);
  const added: Entry[] = [];
  const removed: Entry[] = [];
  const moved: { entry: Entry; delta: number }[] = [];
  for (const [slug, e] of cur.entries) {
    const p = prev.entries.get(slug);
    if (!p) added.push(e);
    else if (comparable && p.position !== e.position) moved.push({ entry: e, delta: p.position - e.position });
  }
  for (const [slug, p] of prev.entries) if (!cur.entries.has(slug)) removed.push(p);

  const configurationsOf = (key: string) => {
    const slugs = new Set([...(cur.families.get(key)?.members ?? []), ...(prev.families.get(key)?.members ?? [])].map((e) => e.slug));
    const out: Change[] = [];
    for (const slug of slugs) {
      const reason = explain(slug);
      if (reason.kind !== 'none' && reason.kind !== 'method') out.push(changeOf(prev.entries.get(slug), cur.entries.get(slug), reason));
    }
    return out.sort((a, b) => a.position - b.position);
  };
  const anyMemberChanged = (key: string) => {
    for (const e of cur.families.get(key)?.members ?? []) if (memberChanged(prev.entries.get(e.slug), e, comparable)) return true;
    for (const p of prev.families.get(key)?.members ?? []) if (memberChanged(p, cur.entries.get(p.slug), comparable)) return true;
    return false;
  };

  const moves: FamilyMove[] = [];
  for (const [key, f] of cur.families) {
    const p = prev.families.get(key);
    if (!p) {
      moves.push({ key, status: 'new', delta: 0, rank: f.rank.rank });
      continue;
    }
    const unchanged = p.rank.rank === f.rank.rank && p.best.supraScore === f.best.supraScore && p.best.slug === f.best.slug && !anyMemberChanged(key);
    if (comparable && unchanged) continue;
    moves.push({ key, status: 'present', delta: comparable ? p.rank.rank - f.rank.rank : 0, rank: f.rank.rank });
  }
  for (const [key, p] of prev.families) if (!cur.families.has(key)) moves.push({ key, status: 'removed', delta: 0, rank: p.rank.rank });

  const nameOf = (f: Family) => options.familyName(f.members.map((m) => m.name));
  const modelChange = ({ key, status }: FamilyMove): ModelChange => {
    const f = status === 'removed' ? prev.families.get(key)! : cur.families.get(key)!;
    const p = status === 'present' ? prev.families.get(key)! : undefined;
    let reason: ChangeReason;
    if (status === 'new') reason = { kind: 'new' };
    else if (status === 'removed') reason = { kind: 'removed', lastSeen: prev.generatedAt };
    else {
      reason = comparable ? explainChange(prev.entries.get(f.best.slug), f.best, true, prev.generatedAt) : { kind: 'method' };
      // Its best configuration stood still while other models moved past it.
      if (reason.kind === 'none' && p!.rank.rank !== f.rank.rank) reason = { kind: 'field', scoreChanged: false };
    }
    // One shape for every model's change (see changeOf).
    return {
      familyTag: key,
      name: nameOf(f),
      status,
      supraScore: f.best.supraScore,
      rank: f.rank,
      previousScore: p?.best.supraScore,
      previousRank: p?.rank,
      reason,
      bestChanged: p && p.best.slug !== f.best.slug ? { from: p.best.name, to: f.best.name } : undefined,
      configurationCount: f.members.length,
      configurations: configurationsOf(key),
    };
  };

  const made = new Map<FamilyMove, ModelChange>();
  const objectOf = (m: FamilyMove) => {
    let change = made.get(m);
    if (!change) made.set(m, (change = modelChange(m)));
    return change;
  };
  const first = <T>(list: T[]) => list.slice(0, options.listed);
  const byRank = (a: FamilyMove, b: FamilyMove) => a.rank - b.rank;
  const listed = (list: FamilyMove[], order: (a: FamilyMove, b: FamilyMove) => number) => first(list.sort(order)).map(objectOf);
  const newModels = moves.filter((m) => m.status === 'new');
  const removedModels = moves.filter((m) => m.status === 'removed');
  const up = comparable ? moves.filter((m) => m.status === 'present' && m.delta > 0) : [];
  const down = comparable ? moves.filter((m) => m.status === 'present' && m.delta < 0) : [];

  const byPosition = (a: Entry, b: Entry) => a.position - b.position;
  const movedList = (list: typeof moved, order: (a: (typeof moved)[number], b: (typeof moved)[number]) => number) =>
    first(list.sort(order)).map(({ entry }) => changeOf(prev.entries.get(entry.slug), entry, explain(entry.slug)));
  return {
    set: {
      previousGeneratedAt: prev.generatedAt,
      comparable,
      addedCount: added.length,
      removedCount: removed.length,
      movedCount: moved.length,
      added: first(added.sort(byPosition)).map((e) => changeOf(undefined, e, { kind: 'new' })),
      removed: first(removed.sort(byPosition)).map((p) => changeOf(p, undefined, { kind: 'removed', lastSeen: prev.generatedAt })),
      movedUp: movedList(
        moved.filter((m) => m.delta > 0),
        (a, b) => b.delta - a.delta || a.entry.position - b.entry.position,
      ),
      movedDown: movedList(
        moved.filter((m) => m.delta < 0),
        (a, b) => a.delta - b.delta || a.entry.position - b.entry.position,
      ),
      models: {
        addedCount: newModels.length,
        removedCount: removedModels.length,
        movedCount: up.length + down.length,
        movedUpCount: up.length,
        movedDownCount: down.length,
        added: listed(newModels, byRank),
        removed: listed(removedModels, byRank),
        movedUp: listed(up, (a, b) => b.delta - a.delta || byRank(a, b)),
        movedDown: listed(down, (a, b) => a.delta - b.delta || byRank(a, b)),
      },
    },
    models: all ? moves.map(objectOf) : [],
  };
}

/** Model ranks of one snapshot from its families in ranking order, each scored by its first (best) point. */
function modelRanksInto(
  bestOrder: readonly number[],
  bestScore: readonly number[],
  modelSlot: Int32Array,
  offset: number,
  mScore: Float64Array,
  mRank: Int32Array,
): void {
  competitionRanks(bestScore).forEach((r, i) => {
    const m = modelSlot[bestOrder[i]!]!;
    if (m < 0) return;
    mScore[offset + m] = bestScore[i]!;
    mRank[offset + m] = r.tied ? -r.rank : r.rank;
  });
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
  const window = history.slice(0, Math.max(options.chartPoints, options.feedEntries + 1));
  const snapshots = [...window].reverse();
  const indexOf = new Map(snapshots.map((s, k) => [s.id, k]));
  const chartFrom = window.slice(0, options.chartPoints).at(-1)?.id ?? 0;
  const feedIds = new Set(history.slice(0, options.feedEntries).map((s) => s.id));
  const recentIds = new Set(history.slice(0, options.recentPerModel).map((s) => s.id));
  const firstId = history.at(-1)?.id;
  const W = snapshots.length;
  // Points are taken one snapshot at a time, as the store reads them (oldest first), and dropped
  // once walked: a year of 50,000 configurations is never in memory at once. One that comes out of
  // order waits until its turn.
  const source = points[Symbol.iterator]();
  const early = new Map<number, HistoryPoints>();
  const pointAt = (k: number): HistoryPoints | undefined => {
    const waiting = early.get(k);
    if (waiting) {
      early.delete(k);
      return waiting;
    }
    for (let next = source.next(); !next.done; next = source.next()) {
      const at = indexOf.get(next.value.snapshotId);
      if (at === k) return next.value;
      if (at !== undefined && at > k) early.set(at, next.value);
    }
    return undefined;
  };

  // Integer ids: a family per configuration name (its recorded familyTag, else today's, else
  // itself), and dense slots for what the current snapshot holds, so the walk allocates little.
  const models = names.filter((n) => n.kind === 'model');
  const maxId = names.reduce((m, n) => Math.max(m, n.id), 0);
  const modelIndex = new Int32Array(maxId + 1).fill(-1);
  models.forEach((n, i) => (modelIndex[n.id] = i));
  const nameIndex: Names = { indexOf: (id) => (id >= 0 && id <= maxId ? modelIndex[id]! : -1), rows: models };
  const familyIds = new Map<string, number>();
  const familyKeys: string[] = [];
  const familyOfRow = new Int32Array(models.length);
  const slotOfRow = new Int32Array(models.length).fill(-1);
  const slotOfSlug = new Map<string, number>();
  models.forEach((c, i) => {
    const key = c.familyTag ?? current.familyOf.get(c.slug) ?? loneFamily(c.slug);
    let id = familyIds.get(key);
    if (id === undefined) familyIds.set(key, (id = familyKeys.push(key) - 1));
    familyOfRow[i] = id;
    if (current.familyOf.has(c.slug)) {
      slotOfRow[i] = slotOfSlug.size;
      slotOfSlug.set(c.slug, slotOfSlug.size);
    }
  });
  const F = familyKeys.length;
  // Model series only for the models of the current snapshot, the only ones a page draws: at
  // 10,000 configurations a year of history holds about 2.6 times as many families as the current one.
  const modelSlot = new Int32Array(F).fill(-1);
  let M = 0;
  familyKeys.forEach((key, f) => {
    if (current.families.has(key)) modelSlot[f] = M++;
  });
  const seriesKept = options.configurationSeries ?? true;
  if (!seriesKept) slotOfRow.fill(-1);
  const C = seriesKept ? slotOfSlug.size : 0;
  // Series as W x C and W x M matrices: NaN where absent; a negative rank is a shared one.
  const cScore = new Float64Array(W * C).fill(NaN);
  const cPosition = new Int32Array(W * C);
  const cRank = new Int32Array(W * C);
  const mScore = new Float64Array(W * M).fill(NaN);
  const mRank = new Int32Array(W * M);
  const firstSeen = new Int32Array(F).fill(-1);

  const changes: ChangeSet[] = [];
  const recentByModel = new Map<string, RecentModelChange[]>();
  let prev: State | undefined;
  let latestPair: { prev: State; cur: State } | undefined;
  const needsState = (k: number) => k >= W - (options.feedEntries + 1);

  // Benchmark weights as a W x B matrix, read into points only when a page asks.
  const benchSlot = new Map<string, number>();
  const benchIndex = new Int32Array(maxId + 1).fill(-1);
  for (const n of names) {
    if (n.kind !== 'bench') continue;
    benchIndex[n.id] = benchSlot.size;
    benchSlot.set(n.slug, benchSlot.size);
  }
  const B = benchSlot.size;
  const weights = new Float64Array(W * B).fill(NaN);
  const seriesFrom = indexOf.get(chartFrom) ?? 0;

  try {
    for (let k = 0; k < W; k++) {
      const snapshot = snapshots[k]!;
      const p = pointAt(k);
      if (!p) continue;
      if (k >= seriesFrom)
        for (let j = 0; j < p.benches.length; j++) {
          const id = p.benches[j]!;
          const b = id >= 0 && id <= maxId ? benchIndex[id]! : -1;
          if (b >= 0) weights[k * B + b] = p.effectiveWeights[j]!;
        }
      if (p.configurations.length === 0) continue;
      const n = p.configurations.length;
      const ranks = new Int32Array(n);
      const family = new Int32Array(n);
      const bestOrder: number[] = [];
      const bestScore: number[] = [];
      for (let j = 0; j < n; j++) {
        const score = p.supraScores[j]!;
        const tiedBefore = j > 0 && p.supraScores[j - 1] === score;
        const tiedAfter = j + 1 < n && p.supraScores[j + 1] === score;
        const rank = tiedBefore ? Math.abs(ranks[j - 1]!) : j + 1;
        ranks[j] = tiedBefore || tiedAfter ? -rank : rank;
        const row = nameIndex.indexOf(p.configurations[j]!);
        if (row < 0) continue;
        const f = familyOfRow[row]!;
        family[j] = f;
        if (firstSeen[f] !== k) {
          firstSeen[f] = k;
          bestOrder.push(f);
          bestScore.push(score);
        }
        const slot = slotOfRow[row]!;
        if (slot >= 0) {
          cScore[k * C + slot] = score;
          cPosition[k * C + slot] = j + 1;
          cRank[k * C + slot] = ranks[j]!;
        }
      }
      if (needsState(k)) {
        const state = buildState(snapshot, p, { ranks, family }, nameIndex, familyKeys);
        for (const f of state.families.values()) {
          const m = modelSlot[familyIds.get(f.key)!]!;
          if (m < 0) continue;
          mScore[k * M + m] = f.best.supraScore;
          mRank[k * M + m] = f.rank.tied ? -f.rank.rank : f.rank.rank;
        }
        if (feedIds.has(snapshot.id)) {
          const anchor = snapshotAnchor(snapshot.generatedAt);
          // Only the very first snapshot of history has no predecessor; any other's is in the window.
          if (prev && snapshot.id !== firstId) {
            const comparable = isComparable(prev.generatedAt, snapshot.generatedAt, options.methodChangeAt);
            // Model pages and feeds list each model's changes in the newest few snapshots only.
            const { set, models } = diff(prev, state, comparable, options, recentIds.has(snapshot.id));
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
      } else {
        modelRanksInto(bestOrder, bestScore, modelSlot, k * M, mScore, mRank);
      }
    }
  } finally {
    // The store's walk ends here, even where the window's newest snapshot was its last row or the
    // pass failed: its connection is free for the next query.
    source.return?.();
  }

  const comparableLatest = latestPair !== undefined && isComparable(latestPair.prev.generatedAt, latestPair.cur.generatedAt, options.methodChangeAt);
  return {
    snapshots,
    configurationHistory: (slug) => {
      if (!seriesKept) throw new Error('configuration series were not kept by this history pass (configurationSeries: false)');
      const slot = slotOfSlug.get(slug);
      const out: HistoryPoint[] = [];
      if (slot === undefined) return out;
      for (let k = seriesFrom; k < W; k++) {
        const score = cScore[k * C + slot]!;
        if (Number.isNaN(score)) continue;
        const rank = cRank[k * C + slot]!;
        out.push({ generatedAt: snapshots[k]!.generatedAt, supraScore: score, position: cPosition[k * C + slot]!, rank: Math.abs(rank), tied: rank < 0 });
      }
      return out;
    },
    modelHistory: (familyTag) => {
      const id = familyIds.get(familyTag);
      const m = id === undefined ? -1 : modelSlot[id]!;
      const out: ModelHistoryPoint[] = [];
      if (m < 0) return out;
      for (let k = seriesFrom; k < W; k++) {
        const score = mScore[k * M + m]!;
        if (Number.isNaN(score)) continue;
        const rank = mRank[k * M + m]!;
        out.push({ generatedAt: snapshots[k]!.generatedAt, supraScore: score, rank: Math.abs(rank), tied: rank < 0 });
      }
      return out;
    },
    weightHistory: (slug) => {
      const b = benchSlot.get(slug);
      const out: WeightPoint[] = [];
      if (b === undefined) return out;
      for (let k = seriesFrom; k < W; k++) {
        const weight = weights[k * B + b]!;
        if (!Number.isNaN(weight)) out.push({ generatedAt: snapshots[k]!.generatedAt, effectiveWeight: weight });
      }
      return out;
    },
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
