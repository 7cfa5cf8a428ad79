/**
 * The change sets of the history: what changed between two consecutive snapshots, by configuration
 * and by model, with the reason for each change. The two snapshots compared stay typed columns
 * (`ComparedSnapshot`); a change becomes an object only when a page lists it, and the rest are
 * counted. The history pass (history-pass.ts) makes the columns as it walks and asks for each set.
 */
import type { HistoryName, HistoryPoints, HistorySnapshotRow } from '../../store/read-snapshot.ts';
import { explainChange, type ChangeReason, type StandingRecord } from './change-reasons.ts';
import { competitionRanks, type Ranked } from '../format/ranks.ts';

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

export const snapshotAnchor = (generatedAt: number) => `snapshot-${generatedAt}`;

/** The configurations' names of the history, by row: the pass numbers them densely. */
export interface ConfigurationNames {
  /** The row of a history name id (-1: not a configuration's). */
  indexOf: (id: number) => number;
  rows: readonly HistoryName[];
}

/** Ranks the pass computed for one snapshot's points (which come best first). */
export interface SnapshotRanks {
  /** Configuration rank of each point; negative when shared. */
  ranks: Int32Array;
  /** Family id of each point. */
  family: Int32Array;
  /** Family ids in the order of their best point: the model ranking. */
  bestOrder: readonly number[];
}

/**
 * One snapshot a change set compares, as typed columns by point (its configurations in ranking
 * order, position = point + 1), by name row and by family id: an object per configuration and
 * snapshot compared is too many objects to make and collect in a large field. Objects are made only
 * for the changes a page lists.
 */
export interface ComparedSnapshot {
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

/**
 * What the pass shares with each change set it makes: the names by row, the family keys by id, how
 * many of each list to make, how a model is named, and one Ranked object per rank (a signed one:
 * negative when shared), which the changes that pages keep share instead of holding one each.
 */
export interface PassContext {
  names: ConfigurationNames;
  familyKeys: readonly string[];
  ranked: (signed: number) => Ranked;
  /** Entries kept per list of a change set. */
  listed: number;
  /** The display name of a model from its configurations' names. */
  familyName: (names: string[]) => string;
}

export function rankCache(): (signed: number) => Ranked {
  const [alone, shared] = [[] as Ranked[], [] as Ranked[]];
  return (signed) => {
    const [list, rank] = signed < 0 ? [shared, -signed] : [alone, signed];
    return (list[rank] ??= { rank, tied: signed < 0 });
  };
}

/** The columns a change set compares: only made for the snapshots the feed lists, and the one before. */
export function compareColumns(
  snapshot: HistorySnapshotRow,
  points: HistoryPoints,
  s: SnapshotRanks,
  names: ConfigurationNames,
  families: number,
): ComparedSnapshot {
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
const pointOf = (s: ComparedSnapshot, row: number) => s.positionOf[row]! - 1;

/** A family's configurations in a snapshot, by position. */
function membersOf(s: ComparedSnapshot, f: number): number[] {
  const out: number[] = [];
  for (let j = s.best[f]!; j >= 0; j = s.next[j]!) out.push(j);
  return out;
}

/** A configuration's standing at a point, as explainChange reads it; undefined for no point. */
function standing(s: ComparedSnapshot, j: number): StandingRecord | undefined {
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
function memberChanged(prev: ComparedSnapshot, jp: number, cur: ComparedSnapshot, jc: number, comparable: boolean): boolean {
  if (jp < 0 || jc < 0) return jp >= 0 !== jc >= 0;
  if (!comparable) return false;
  const [before, after] = [prev.points, cur.points];
  const [bb, ab] = [before.benchCounts[jp]!, after.benchCounts[jc]!];
  const [bd, ad] = [before.scoresDigests[jp]!, after.scoresDigests[jc]!];
  return (
    jp !== jc || before.supraScores[jp] !== after.supraScores[jc] || (bb >= 0 && ab >= 0 && bb !== ab) || (!Number.isNaN(bd) && !Number.isNaN(ad) && bd !== ad)
  );
}

/** Two consecutive snapshots, as a change set compares them. */
interface SnapshotPair {
  prev: ComparedSnapshot;
  cur: ComparedSnapshot;
  comparable: boolean;
  context: PassContext;
}

/** Why a configuration (by name row) changed between the two. */
const explain = ({ prev, cur, comparable }: SnapshotPair, row: number) =>
  explainChange(standing(prev, pointOf(prev, row)), standing(cur, pointOf(cur, row)), comparable, prev.generatedAt);

/** A configuration's change, from its points before and after (-1: absent); for a removed one, its last score and position. */
function changeOf({ prev, cur, context }: SnapshotPair, jp: number, jc: number, reason: ChangeReason): Change {
  const [s, j] = jc >= 0 ? [cur, jc] : [prev, jp];
  const both = jp >= 0 && jc >= 0;
  const name = context.names.rows[s.row[j]!]!;
  // One literal with every field (undefined where absent): a spread of optional fields made objects
  // of many shapes, which V8 keeps larger, and model pages keep tens of thousands of these.
  return {
    slug: name.slug,
    name: name.name,
    supraScore: s.points.supraScores[j]!,
    position: j + 1,
    rank: context.ranked(s.ranks[j]!),
    previousPosition: both ? jp + 1 : undefined,
    previousScore: both ? prev.points.supraScores[jp] : undefined,
    previousRank: both ? context.ranked(prev.ranks[jp]!) : undefined,
    reason,
  };
}

/** Configurations by point: added and moved ones in the newer snapshot, removed ones in the older; `delta` is places up (negative: down). */
function configurationMoves({ prev, cur, comparable }: SnapshotPair) {
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
  return { added, removed, moved, delta };
}

/** The configurations of a family that changed, as objects: those in the newer snapshot, then those only in the older one, by position. */
function configurationsOf(pair: SnapshotPair, f: number): Change[] {
  const { prev, cur } = pair;
  const out: Change[] = [];
  const consider = (row: number) => {
    const reason = explain(pair, row);
    if (reason.kind !== 'none' && reason.kind !== 'method') out.push(changeOf(pair, pointOf(prev, row), pointOf(cur, row), reason));
  };
  for (const j of membersOf(cur, f)) consider(cur.row[j]!);
  for (const jp of membersOf(prev, f)) if (pointOf(cur, prev.row[jp]!) < 0) consider(prev.row[jp]!);
  return out.sort((a, b) => a.position - b.position);
}

function anyMemberChanged({ prev, cur, comparable }: SnapshotPair, f: number): boolean {
  for (let j = cur.best[f]!; j >= 0; j = cur.next[j]!) if (memberChanged(prev, pointOf(prev, cur.row[j]!), cur, j, comparable)) return true;
  for (let jp = prev.best[f]!; jp >= 0; jp = prev.next[jp]!) if (memberChanged(prev, jp, cur, pointOf(cur, prev.row[jp]!), comparable)) return true;
  return false;
}

/** A model's change before it is made an object: only the models a page shows become one. */
interface FamilyMove {
  family: number;
  status: ModelChange['status'];
  /** Places up (negative: down) in model rank; 0 when new, removed or not comparable. */
  delta: number;
  rank: number;
}

/** The models that changed: new and present ones in model-rank order, then the removed ones. */
function familyMoves(pair: SnapshotPair): FamilyMove[] {
  const { prev, cur, comparable } = pair;
  const moves: FamilyMove[] = [];
  for (const f of cur.order) {
    const [bc, bp] = [cur.best[f]!, prev.best[f]!];
    const rank = Math.abs(cur.modelRank[f]!);
    if (bp < 0) {
      moves.push({ family: f, status: 'new', delta: 0, rank });
      continue;
    }
    const before = Math.abs(prev.modelRank[f]!);
    const unchanged = before === rank && prev.points.supraScores[bp] === cur.points.supraScores[bc] && prev.row[bp] === cur.row[bc] && !anyMemberChanged(pair, f);
    if (comparable && unchanged) continue;
    moves.push({ family: f, status: 'present', delta: comparable ? before - rank : 0, rank });
  }
  for (const f of prev.order) if (cur.best[f]! < 0) moves.push({ family: f, status: 'removed', delta: 0, rank: Math.abs(prev.modelRank[f]!) });
  return moves;
}

/** Why a model's standing changed: the reason of its best configuration, or the field moving past it. */
function modelReason({ prev, cur, comparable }: SnapshotPair, f: number, status: ModelChange['status']): ChangeReason {
  if (status === 'new') return { kind: 'new' };
  if (status === 'removed') return { kind: 'removed', lastSeen: prev.generatedAt };
  const best = cur.best[f]!;
  const reason: ChangeReason = comparable ? explainChange(standing(prev, pointOf(prev, cur.row[best]!)), standing(cur, best), true, prev.generatedAt) : { kind: 'method' };
  // Its best configuration stood still while other models moved past it.
  if (reason.kind === 'none' && Math.abs(prev.modelRank[f]!) !== Math.abs(cur.modelRank[f]!)) return { kind: 'field', scoreChanged: false };
  return reason;
}

function modelChange(pair: SnapshotPair, { family: f, status }: FamilyMove): ModelChange {
  const { prev, cur, context } = pair;
  const nameOf = (row: number) => context.names.rows[row]!;
  const s = status === 'removed' ? prev : cur;
  const best = s.best[f]!;
  const bp = status === 'present' ? prev.best[f]! : -1;
  // One shape for every model's change (see changeOf).
  return {
    familyTag: context.familyKeys[f]!,
    name: context.familyName(membersOf(s, f).map((j) => nameOf(s.row[j]!).name)),
    status,
    supraScore: s.points.supraScores[best]!,
    rank: context.ranked(s.modelRank[f]!),
    previousScore: bp >= 0 ? prev.points.supraScores[bp] : undefined,
    previousRank: bp >= 0 ? context.ranked(prev.modelRank[f]!) : undefined,
    reason: modelReason(pair, f, status),
    bestChanged: bp >= 0 && prev.row[bp] !== cur.row[best] ? { from: nameOf(prev.row[bp]!).name, to: nameOf(cur.row[best]!).name } : undefined,
    configurationCount: s.count[f]!,
    configurations: configurationsOf(pair, f),
  };
}

/** The lists of configurations that changed, the first few of each as objects. */
function configurationLists(pair: SnapshotPair) {
  const { prev, cur } = pair;
  const { added, removed, moved, delta } = configurationMoves(pair);
  const first = <T>(list: T[]) => list.slice(0, pair.context.listed);
  // Points are positions less one, so ordering by point is ordering by position.
  const movedList = (list: number[], order: (a: number, b: number) => number) =>
    first(list.sort(order)).map((j) => changeOf(pair, pointOf(prev, cur.row[j]!), j, explain(pair, cur.row[j]!)));
  return {
    addedCount: added.length,
    removedCount: removed.length,
    movedCount: moved.length,
    added: first(added).map((j) => changeOf(pair, -1, j, { kind: 'new' })),
    removed: first(removed).map((jp) => changeOf(pair, jp, -1, { kind: 'removed', lastSeen: prev.generatedAt })),
    movedUp: movedList(
      moved.filter((j) => delta[j]! > 0),
      (a, b) => delta[b]! - delta[a]! || a - b,
    ),
    movedDown: movedList(
      moved.filter((j) => delta[j]! < 0),
      (a, b) => delta[a]! - delta[b]! || a - b,
    ),
  };
}

/** The lists of models that changed, the first few of each as objects; `objectOf` makes each model's change once. */
function modelLists(pair: SnapshotPair, moves: FamilyMove[], objectOf: (m: FamilyMove) => ModelChange): ChangeSet['models'] {
  const byRank = (a: FamilyMove, b: FamilyMove) => a.rank - b.rank;
  const listed = (list: FamilyMove[], order: (a: FamilyMove, b: FamilyMove) => number) => list.sort(order).slice(0, pair.context.listed).map(objectOf);
  const newModels = moves.filter((m) => m.status === 'new');
  const removedModels = moves.filter((m) => m.status === 'removed');
  const up = pair.comparable ? moves.filter((m) => m.status === 'present' && m.delta > 0) : [];
  const down = pair.comparable ? moves.filter((m) => m.status === 'present' && m.delta < 0) : [];
  return {
    addedCount: newModels.length,
    removedCount: removedModels.length,
    movedCount: up.length + down.length,
    movedUpCount: up.length,
    movedDownCount: down.length,
    added: listed(newModels, byRank),
    removed: listed(removedModels, byRank),
    movedUp: listed(up, (a, b) => b.delta - a.delta || byRank(a, b)),
    movedDown: listed(down, (a, b) => a.delta - b.delta || byRank(a, b)),
  };
}

/**
 * The change set between two snapshots. `all` asks for a ModelChange of every model that changed
 * (the newest snapshots, whose changes model pages and feeds list); otherwise only the listed ones
 * are made into objects, and the rest are counted.
 */
export function diff(
  prev: ComparedSnapshot,
  cur: ComparedSnapshot,
  comparable: boolean,
  all: boolean,
  context: PassContext,
): { set: Omit<ChangeSet, 'id' | 'generatedAt' | 'anchor'>; models: ModelChange[] } {
  const pair: SnapshotPair = { prev, cur, comparable, context };
  const configurations = configurationLists(pair);
  const moves = familyMoves(pair);
  const made = new Map<FamilyMove, ModelChange>();
  const objectOf = (m: FamilyMove) => {
    let change = made.get(m);
    if (!change) made.set(m, (change = modelChange(pair, m)));
    return change;
  };
  return {
    set: { previousGeneratedAt: prev.generatedAt, comparable, ...configurations, models: modelLists(pair, moves, objectOf) },
    models: all ? moves.map(objectOf) : [],
  };
}

/** The change set of the first snapshot of all history: it has nothing to compare with. */
export function emptySet(snapshot: HistorySnapshotRow, anchor: string): ChangeSet {
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
