/**
 * The site's history, read in one pass over the newest snapshots: the series the charts draw
 * (configurations, models, benchmark weights), the model ranks of every snapshot, and the change
 * sets of the newest snapshots with the reason for each change. The store hands over each snapshot
 * as typed columns in ranking order; ranks and series go into typed matrices, the snapshots the
 * change sets compare stay typed columns, objects are built only for the changes pages list, and a
 * page's series only when the page asks.
 */
import type { HistoryName, HistoryPoints, HistorySnapshotRow } from '../../store/read-snapshot.ts';
import { explainChange, type ChangeReason, type StandingRecord } from './change-reasons.ts';
import { competitionRanks, type Ranked } from '../format/ranks.ts';
import { isComparable } from '../format/method-change.ts';

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

/**
 * One snapshot a change set compares, as typed columns by point (its configurations in ranking
 * order, position = point + 1), by name row and by family id: at 50,000 configurations an object
 * per configuration for each of the 21 snapshots compared was a million objects to make and collect.
 * Objects are made only for the changes a page lists.
 */
interface State {
  id: number;
  generatedAt: number;
  points: HistoryPoints;
  /** The name row of each point; -1 where the name is not a configuration's. */
  row: Int32Array;
  /** The configuration rank of each point; negative when shared. */
  ranks: Int32Array;
  /** The position of each name row here; 0 when absent. */
  positionOf: Int32Array;
  /** By family id: the point of its best configuration; -1 when absent. */
  best: Int32Array;
  /** By family id: its model rank here; negative when shared. */
  modelRank: Int32Array;
  /** By family id: how many of its configurations are here. */
  count: Int32Array;
  /** By point: the next point of the same family (by position); -1 after its last. */
  next: Int32Array;
  /** The family ids here, in model-rank order. */
  order: readonly number[];
}

export const snapshotAnchor = (generatedAt: number) => `snapshot-${generatedAt}`;

/** A key for a configuration whose model the history never recorded: it cannot equal a familyTag (no control characters there). */
const loneFamily = (slug: string) => `\u0000${slug}`;

/**
 * The model a configuration of the history belongs to: its familyTag when last seen, else today's
 * (files before store version 3 did not record it), else it stands for itself.
 */
export const historyFamilyKey = (name: Pick<HistoryName, 'slug' | 'familyTag'>, familyOf: ReadonlyMap<string, string>) =>
  name.familyTag ?? familyOf.get(name.slug) ?? loneFamily(name.slug);

export { isComparable };

/** Ranks the pass computed for one snapshot's points (which come best first). */
interface Ranked1 {
  /** Configuration rank of each point; negative when shared. */
  ranks: Int32Array;
  /** Family id of each point. */
  family: Int32Array;
  /** Family ids in the order of their best point: the model ranking. */
  bestOrder: readonly number[];
}

/** What the pass knows of each history name, by its index. */
interface Names {
  /** The index of a history name id (-1: not a configuration's). */
  indexOf: (id: number) => number;
  rows: readonly HistoryName[];
}

/** The columns a change set compares: only made for the snapshots the feed lists, and the one before. */
function buildState(snapshot: HistorySnapshotRow, points: HistoryPoints, s: Ranked1, names: Names, families: number): State {
  const n = points.configurations.length;
  const row = new Int32Array(n);
  const positionOf = new Int32Array(names.rows.length);
  const best = new Int32Array(families).fill(-1);
  const last = new Int32Array(families);
  const count = new Int32Array(families);
  const next = new Int32Array(n).fill(-1);
  for (let j = 0; j < n; j++) {
    const i = names.indexOf(points.configurations[j]!);
    row[j] = i;
    if (i < 0) continue;
    positionOf[i] = j + 1;
    const f = s.family[j]!;
    if (best[f]! < 0) best[f] = j;
    else next[last[f]!] = j;
    last[f] = j;
    count[f]!++;
  }
  // Points come by position, so families come in the order of their best configuration: the model ranking.
  const modelRank = new Int32Array(families);
  competitionRanks(s.bestOrder.map((f) => points.supraScores[best[f]!]!)).forEach((r, i) => (modelRank[s.bestOrder[i]!] = r.tied ? -r.rank : r.rank));
  return { id: snapshot.id, generatedAt: snapshot.generatedAt, points, row, ranks: s.ranks, positionOf, best, modelRank, count, next, order: s.bestOrder };
}

/** The point of a name row in a snapshot; -1 when it is not there. */
const pointOf = (s: State, row: number) => s.positionOf[row]! - 1;

/**
 * What the pass shares with each change set it makes: the names by row, the family keys by id,
 * and one Ranked object per rank (a signed one: negative when shared), which the changes that
 * pages keep share instead of holding one each (at 50,000 configurations, about 14 MB).
 */
interface PassContext {
  names: Names;
  familyKeys: readonly string[];
  ranked: (signed: number) => Ranked;
}

function rankCache(): (signed: number) => Ranked {
  const [alone, shared] = [[] as Ranked[], [] as Ranked[]];
  return (signed) => {
    const [list, rank] = signed < 0 ? [shared, -signed] : [alone, signed];
    return (list[rank] ??= { rank, tied: signed < 0 });
  };
}

/** A configuration's standing at a point, as explainChange reads it; undefined for no point. */
function standing(s: State, j: number): StandingRecord | undefined {
  if (j < 0) return undefined;
  const benchCount = s.points.benchCounts[j]!;
  const digest = s.points.scoresDigests[j]!;
  return {
    supraScore: s.points.supraScores[j]!,
    position: j + 1,
    benchCount: benchCount < 0 ? null : benchCount,
    scoresDigest: Number.isNaN(digest) ? null : digest,
  };
}

/** True when a configuration's standing differs between two snapshots for a reason the changes list (explainChange without the objects). */
function memberChanged(prev: State, jp: number, cur: State, jc: number, comparable: boolean): boolean {
  if (jp < 0 || jc < 0) return jp >= 0 !== jc >= 0;
  if (!comparable) return false;
  const [before, after] = [prev.points, cur.points];
  const [bb, ab] = [before.benchCounts[jp]!, after.benchCounts[jc]!];
  const [bd, ad] = [before.scoresDigests[jp]!, after.scoresDigests[jc]!];
  return (
    jp !== jc || before.supraScores[jp] !== after.supraScores[jc] || (bb >= 0 && ab >= 0 && bb !== ab) || (!Number.isNaN(bd) && !Number.isNaN(ad) && bd !== ad)
  );
}

/** A model's change before it is made an object: only the models a page shows become one. */
interface FamilyMove {
  family: number;
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
  { names, familyKeys, ranked: rankedOf }: PassContext,
): { set: Omit<ChangeSet, 'id' | 'generatedAt' | 'anchor'>; models: ModelChange[] } {
  const nameOf = (row: number) => names.rows[row]!;
  const explain = (row: number) => explainChange(standing(prev, pointOf(prev, row)), standing(cur, pointOf(cur, row)), comparable, prev.generatedAt);
  /** A configuration's change, from its points before and after (-1: absent); for a removed one, its last score and position. */
  const changeOf = (jp: number, jc: number, reason: ChangeReason): Change => {
    const [s, j] = jc >= 0 ? [cur, jc] : [prev, jp];
    const both = jp >= 0 && jc >= 0;
    const name = nameOf(s.row[j]!);
    // One literal with every field (undefined where absent): a spread of optional fields made objects
    // of many shapes, which V8 keeps larger, and model pages keep tens of thousands of these.
    return {
      slug: name.slug,
      name: name.name,
      supraScore: s.points.supraScores[j]!,
      position: j + 1,
      rank: rankedOf(s.ranks[j]!),
      previousPosition: both ? jp + 1 : undefined,
      previousScore: both ? prev.points.supraScores[jp] : undefined,
      previousRank: both ? rankedOf(prev.ranks[jp]!) : undefined,
      reason,
    };
  };

  // Configurations by point: added and moved ones in the newer snapshot, removed ones in the older.
  const added: number[] = [];
  const removed: number[] = [];
  const moved: number[] = [];
  const delta = new Int32Array(cur.row.length);
  for (let j = 0; j < cur.row.length; j++) {
    const row = cur.row[j]!;
    if (row < 0) continue;
    const jp = pointOf(prev, row);
    if (jp < 0) added.push(j);
    else if (comparable && jp !== j) {
      delta[j] = jp - j;
      moved.push(j);
    }
  }
  for (let jp = 0; jp < prev.row.length; jp++) if (prev.row[jp]! >= 0 && pointOf(cur, prev.row[jp]!) < 0) removed.push(jp);

  /** A family's configurations in a snapshot, by position. */
  const membersOf = (s: State, f: number) => {
    const out: number[] = [];
    for (let j = s.best[f]!; j >= 0; j = s.next[j]!) out.push(j);
    return out;
  };
  const configurationsOf = (f: number) => {
    const out: Change[] = [];
    const consider = (row: number) => {
      const reason = explain(row);
      if (reason.kind !== 'none' && reason.kind !== 'method') out.push(changeOf(pointOf(prev, row), pointOf(cur, row), reason));
    };
    // Its configurations in the newer snapshot, then those only in the older one.
    for (const j of membersOf(cur, f)) consider(cur.row[j]!);
    for (const jp of membersOf(prev, f)) if (pointOf(cur, prev.row[jp]!) < 0) consider(prev.row[jp]!);
    return out.sort((a, b) => a.position - b.position);
  };
  const anyMemberChanged = (f: number) => {
    for (let j = cur.best[f]!; j >= 0; j = cur.next[j]!) if (memberChanged(prev, pointOf(prev, cur.row[j]!), cur, j, comparable)) return true;
    for (let jp = prev.best[f]!; jp >= 0; jp = prev.next[jp]!) if (memberChanged(prev, jp, cur, pointOf(cur, prev.row[jp]!), comparable)) return true;
    return false;
  };

  const moves: FamilyMove[] = [];
  for (const f of cur.order) {
    const [bc, bp] = [cur.best[f]!, prev.best[f]!];
    const rank = Math.abs(cur.modelRank[f]!);
    if (bp < 0) {
      moves.push({ family: f, status: 'new', delta: 0, rank });
      continue;
    }
    const before = Math.abs(prev.modelRank[f]!);
    const unchanged = before === rank && prev.points.supraScores[bp] === cur.points.supraScores[bc] && prev.row[bp] === cur.row[bc] && !anyMemberChanged(f);
    if (comparable && unchanged) continue;
    moves.push({ family: f, status: 'present', delta: comparable ? before - rank : 0, rank });
  }
  for (const f of prev.order) if (cur.best[f]! < 0) moves.push({ family: f, status: 'removed', delta: 0, rank: Math.abs(prev.modelRank[f]!) });

  const modelChange = ({ family: f, status }: FamilyMove): ModelChange => {
    const s = status === 'removed' ? prev : cur;
    const best = s.best[f]!;
    const bp = status === 'present' ? prev.best[f]! : -1;
    let reason: ChangeReason;
    if (status === 'new') reason = { kind: 'new' };
    else if (status === 'removed') reason = { kind: 'removed', lastSeen: prev.generatedAt };
    else {
      reason = comparable ? explainChange(standing(prev, pointOf(prev, cur.row[best]!)), standing(cur, best), true, prev.generatedAt) : { kind: 'method' };
      // Its best configuration stood still while other models moved past it.
      if (reason.kind === 'none' && Math.abs(prev.modelRank[f]!) !== Math.abs(cur.modelRank[f]!)) reason = { kind: 'field', scoreChanged: false };
    }
    // One shape for every model's change (see changeOf).
    return {
      familyTag: familyKeys[f]!,
      name: options.familyName(membersOf(s, f).map((j) => nameOf(s.row[j]!).name)),
      status,
      supraScore: s.points.supraScores[best]!,
      rank: rankedOf(s.modelRank[f]!),
      previousScore: bp >= 0 ? prev.points.supraScores[bp] : undefined,
      previousRank: bp >= 0 ? rankedOf(prev.modelRank[f]!) : undefined,
      reason,
      bestChanged: bp >= 0 && prev.row[bp] !== cur.row[best] ? { from: nameOf(prev.row[bp]!).name, to: nameOf(cur.row[best]!).name } : undefined,
      configurationCount: s.count[f]!,
      configurations: configurationsOf(f),
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

  // Points are positions less one, so ordering by point is ordering by position.
  const movedList = (list: number[], order: (a: number, b: number) => number) =>
    first(list.sort(order)).map((j) => changeOf(pointOf(prev, cur.row[j]!), j, explain(cur.row[j]!)));
  return {
    set: {
      previousGeneratedAt: prev.generatedAt,
      comparable,
      addedCount: added.length,
      removedCount: removed.length,
      movedCount: moved.length,
      added: first(added).map((j) => changeOf(-1, j, { kind: 'new' })),
      removed: first(removed).map((jp) => changeOf(jp, -1, { kind: 'removed', lastSeen: prev.generatedAt })),
      movedUp: movedList(
        moved.filter((j) => delta[j]! > 0),
        (a, b) => delta[b]! - delta[a]! || a - b,
      ),
      movedDown: movedList(
        moved.filter((j) => delta[j]! < 0),
        (a, b) => delta[a]! - delta[b]! || a - b,
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
    const key = historyFamilyKey(c, current.familyOf);
    let id = familyIds.get(key);
    if (id === undefined) familyIds.set(key, (id = familyKeys.push(key) - 1));
    familyOfRow[i] = id;
    if (current.familyOf.has(c.slug)) {
      slotOfRow[i] = slotOfSlug.size;
      slotOfSlug.set(c.slug, slotOfSlug.size);
    }
  });
  const F = familyKeys.length;
  const context: PassContext = { names: nameIndex, familyKeys, ranked: rankCache() };
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
      modelRanksInto(bestOrder, bestScore, modelSlot, k * M, mScore, mRank);
      if (needsState(k)) {
        const state = buildState(snapshot, p, { ranks, family, bestOrder }, nameIndex, F);
        if (feedIds.has(snapshot.id)) {
          const anchor = snapshotAnchor(snapshot.generatedAt);
          // Only the very first snapshot of history has no predecessor; any other's is in the window.
          if (prev && snapshot.id !== firstId) {
            const comparable = isComparable(prev.generatedAt, snapshot.generatedAt, options.methodChangeAt);
            // Model pages and feeds list each model's changes in the newest few snapshots only.
            const { set, models } = diff(prev, state, comparable, options, recentIds.has(snapshot.id), context);
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
    previous: latestPair && comparableLatest ? previousOf(latestPair.prev, context) : undefined,
    hasPrevious: latestPair !== undefined,
  };
}

/** The snapshot before the latest, by slug and familyTag, for movement markers. */
function previousOf(s: State, { names, familyKeys, ranked }: PassContext): NonNullable<HistoryResult['previous']> {
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
