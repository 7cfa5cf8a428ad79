/**
 * The one query module of the site: reads the snapshot file once, at the first call, and shapes
 * it for the pages (models as `familyTag` groups, tags with their rows, history, changes). Pages
 * import `getSiteData()` instead of querying on their own.
 */
import {
  openSnapshot,
  withSnapshot,
  type DetailsCoverage,
  type HistoryConfigurationRow,
  type HistorySnapshotRow,
  type SnapshotReader,
  type SnapshotSource,
  type TagLink,
} from '../store/read-snapshot.ts';
import { isStale } from '../store/coverage.ts';
import { FEED_ENTRIES, HISTORY_CHART_POINTS, METHOD_CHANGE_AT } from './config.ts';

export interface SnapshotInfo {
  generatedAt: number;
  fetchedAt: number;
  source: SnapshotSource;
  partial: boolean;
  computedAt: number | null;
  apiOrigin: string | null;
  warnings: number;
  /** Fictional data, as recorded with the snapshot when it was taken. */
  sample: boolean;
  /** Snapshots of history the file holds, this one included. */
  historySnapshots: number;
  /** Snapshots of history the mirror keeps at most (SNAPSHOT_HISTORY_LIMIT when it was taken). */
  historyLimit: number | null;
  /** How many configurations have per-benchmark details, and how old they are. */
  coverage: DetailsCoverage;
}

/** A row of `/v1/models`: one concrete way of running a model. */
export interface Configuration {
  slug: string;
  name: string;
  provider: string;
  familyTag: string;
  supraScore: number;
  benchCount: number;
  updatedAt: number;
  /** 1 = best supraScore in the snapshot. */
  position: number;
  tags: string[];
  hasDetail: boolean;
  /** When its per-benchmark detail was fetched, and whether that is over a week before the snapshot. */
  detail: { fetchedAt: number; stale: boolean } | undefined;
  /** Position in the previous snapshot, when it is comparable. */
  previousPosition: number | undefined;
}

/** What happened to a rank since the previous snapshot. */
export type Movement =
  | { kind: 'none' } // no previous snapshot
  | { kind: 'incomparable' } // the previous one predates the 2026-09-17 method change
  | { kind: 'new' }
  | { kind: 'up' | 'down' | 'same'; by: number };

/** A model release: the configurations sharing a `familyTag`, scored by its best one. */
export interface Model {
  familyTag: string;
  name: string;
  rank: number;
  best: Configuration;
  configurations: Configuration[];
  /** The tags of its configurations, the best one's first: a filter by tag matches any of them. */
  tags: string[];
  movement: Movement;
}

export interface Bench {
  slug: string;
  name: string;
  description: string;
  url: string;
  isOfficial: boolean;
  scaleMin: number;
  scaleMax: number;
  qualityScore: number;
  /** Known keys first, in the API's order, then any new ones. */
  dimensions: [string, number][];
  modelCount: number;
  raterCount: number;
  effectiveWeight: number;
  position: number;
  tags: string[];
  /** effectiveWeight in the previous comparable snapshot. */
  previousWeight: number | undefined;
}

export interface Tag {
  tag: string;
  /** Counts as the taxonomy reports them (computed from the rows for a tag outside it). */
  models: number;
  benches: number;
  inTaxonomy: boolean;
  configurations: Configuration[];
  benchList: Bench[];
}

export interface Score {
  bench: string;
  benchName: string;
  rawScore: number;
  normalizedScore: number;
  sourceUrl: string;
  accessedAt: number;
  upvotes: number;
  downvotes: number;
  /** Only submissions with more upvotes than downvotes count toward supraScore. */
  counts: boolean;
}

export interface HistoryPoint {
  generatedAt: number;
  supraScore: number;
  position: number;
}

export interface Change {
  slug: string;
  name: string;
  supraScore: number;
  position: number;
  previousPosition?: number;
  previousScore?: number;
}

/** The difference between two consecutive snapshots of the history. */
export interface ChangeSet {
  id: number;
  generatedAt: number;
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
}

export interface SiteData {
  snapshot: SnapshotInfo;
  configurations: Configuration[];
  configurationBySlug: Map<string, Configuration>;
  models: Model[];
  modelByFamily: Map<string, Model>;
  providers: string[];
  benches: Bench[];
  benchBySlug: Map<string, Bench>;
  /** Alphabetical: the taxonomy and any tag a row carries. */
  tags: Tag[];
  tagByName: Map<string, Tag>;
  scoresFor(slug: string): Score[];
  historyFor(slug: string): HistoryPoint[];
  /** Newest first: the latest snapshot's changes, then older ones, for the changes page and feed. */
  changes: ChangeSet[];
  /** Rows left out because their slug or tag could not be a safe path segment. */
  skipped: number;
  /**
   * Each snapshot of history generated at or after `since`, oldest first, its configurations in rank
   * order: read from the file one snapshot at a time, when a download asks, since it can be large.
   */
  recentHistory(since: number): Generator<{ generatedAt: number; configurations: HistoryConfigurationRow[] }>;
}

/** Entries kept per list of a change set. */
const CHANGES_LISTED = 25;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The longest common word-prefix of a family's names ("Quillon 3 (high)", "Quillon 3 (low)" -> "Quillon 3"). */
export function familyName(names: string[]): string {
  const [first, ...rest] = names;
  if (!first || rest.length === 0) return first ?? '';
  let prefix = first;
  for (const name of rest) {
    let i = 0;
    while (i < prefix.length && i < name.length && prefix[i] === name[i]) i++;
    prefix = prefix.slice(0, i);
  }
  const separator = /[\s(\-–—:/,]/;
  const endsOnWord = names.every((n) => n.length === prefix.length || separator.test(n[prefix.length]!));
  if (!endsOnWord) prefix = prefix.replace(/\S*$/, '');
  const trimmed = prefix.replace(/[\s(\-–—:/,]+$/, '');
  return trimmed.length >= 3 ? trimmed : first;
}

function loadFrom(reader: SnapshotReader): SiteData {
  const { path } = reader;
  const info = reader.info();
  const snapshot: SnapshotInfo = {
    generatedAt: info.generatedAt,
    fetchedAt: info.fetchedAt,
    source: info.source,
    partial: info.partial,
    computedAt: info.computedAt,
    apiOrigin: info.apiOrigin,
    warnings: reader.counts().warnings,
    sample: info.sample,
    historySnapshots: 0,
    historyLimit: info.historyLimit,
    coverage: info.coverage,
  };

  // History: the latest snapshot and the one before it, when they can be compared.
  const history = reader.historySnapshots();
  snapshot.historySnapshots = history.length;
  const comparable = (older: number | undefined, newer: number) => older !== undefined && (older >= METHOD_CHANGE_AT || newer < METHOD_CHANGE_AT);
  const [latest, before] = history;
  const previousId = latest && before && comparable(before.generatedAt, latest.generatedAt) ? before.id : undefined;
  const previousPositions = new Map<string, number>();
  const previousWeights = new Map<string, number>();
  if (previousId !== undefined) {
    for (const h of reader.historyConfigurations(previousId)) previousPositions.set(h.slug, h.position);
    for (const h of reader.historyBenches(previousId)) previousWeights.set(h.slug, h.effectiveWeight);
  }

  const group = (links: TagLink[]) => {
    const map = new Map<string, string[]>();
    for (const { slug, tag } of links) {
      const list = map.get(slug);
      if (list) list.push(tag);
      else map.set(slug, [tag]);
    }
    return map;
  };
  const modelTags = group(reader.configurationTags());
  const benchTags = group(reader.benchTags());
  const fetched = new Map(reader.details().map((d) => [d.slug, d.fetchedAt]));

  const configurations: Configuration[] = reader.configurations().map((row) => ({
    ...row,
    tags: modelTags.get(row.slug) ?? [],
    hasDetail: fetched.has(row.slug),
    detail: fetched.has(row.slug) ? { fetchedAt: fetched.get(row.slug)!, stale: isStale(fetched.get(row.slug)!, info.coverage.asOf) } : undefined,
    previousPosition: previousPositions.get(row.slug),
  }));
  const configurationBySlug = new Map(configurations.map((c) => [c.slug, c]));

  // Models: group by familyTag; rows come sorted, so a family's first row is its best.
  const families = new Map<string, Configuration[]>();
  for (const c of configurations) {
    const list = families.get(c.familyTag);
    if (list) list.push(c);
    else families.set(c.familyTag, [c]);
  }
  const previousModelRank = new Map<string, number>();
  if (previousId !== undefined) {
    const prevBest: [string, number][] = [];
    for (const [familyTag, list] of families) {
      const positions = list.map((c) => c.previousPosition).filter((p): p is number => p !== undefined);
      if (positions.length) prevBest.push([familyTag, Math.min(...positions)]);
    }
    prevBest.sort((a, b) => a[1] - b[1]).forEach(([familyTag], i) => previousModelRank.set(familyTag, i + 1));
  }
  const models: Model[] = [...families].map(([familyTag, list], i) => {
    const rank = i + 1;
    const prev = previousModelRank.get(familyTag);
    const movement: Movement =
      latest === undefined || before === undefined
        ? { kind: 'none' }
        : previousId === undefined
          ? { kind: 'incomparable' }
          : prev === undefined
            ? { kind: 'new' }
            : { kind: prev > rank ? 'up' : prev < rank ? 'down' : 'same', by: Math.abs(prev - rank) };
    const tags = [...new Set(list.flatMap((c) => c.tags))];
    return { familyTag, name: familyName(list.map((c) => c.name)), rank, best: list[0]!, configurations: list, tags, movement };
  });
  const modelByFamily = new Map(models.map((m) => [m.familyTag, m]));
  const providers = [...new Set(configurations.map((c) => c.provider))].sort((a, b) => a.localeCompare(b, 'en'));

  const benches: Bench[] = reader.benches().map((row) => ({ ...row, tags: benchTags.get(row.slug) ?? [], previousWeight: previousWeights.get(row.slug) }));
  const benchBySlug = new Map(benches.map((b) => [b.slug, b]));

  // Tags: the taxonomy, plus any tag a row carries, so every tag link has a page.
  const tagByName = new Map<string, Tag>();
  const tagEntry = (tag: string) => {
    let entry = tagByName.get(tag);
    if (!entry) {
      entry = { tag, models: 0, benches: 0, inTaxonomy: false, configurations: [], benchList: [] };
      tagByName.set(tag, entry);
    }
    return entry;
  };
  for (const t of reader.tags()) Object.assign(tagEntry(t.tag), { models: t.models, benches: t.benches, inTaxonomy: true });
  for (const c of configurations) for (const t of c.tags) tagEntry(t).configurations.push(c);
  for (const b of benches) for (const t of b.tags) tagEntry(t).benchList.push(b);
  for (const t of tagByName.values()) {
    if (!t.inTaxonomy) {
      t.models = t.configurations.length;
      t.benches = t.benchList.length;
    }
  }
  const tags = [...tagByName.values()].sort((a, b) => compareText(a.tag, b.tag));

  // Details and history are read once, kept compact, and unpacked per page.
  const scoreRows = new Map<string, Score[]>();
  for (const { slug, ...row } of reader.scores()) {
    const entry: Score = { ...row, counts: row.upvotes > row.downvotes };
    const list = scoreRows.get(slug);
    if (list) list.push(entry);
    else scoreRows.set(slug, [entry]);
  }

  // The charts show the last HISTORY_CHART_POINTS snapshots, packed one string per configuration.
  const window = history.slice(0, HISTORY_CHART_POINTS).at(-1)?.id ?? 0;
  const packedHistory = new Map<string, string>(reader.packedHistory(window).map((h) => [h.slug, h.points]));

  const changes = loadChanges(reader, history.slice(0, FEED_ENTRIES + 1), comparable);

  return {
    snapshot,
    configurations,
    configurationBySlug,
    models,
    modelByFamily,
    providers,
    benches,
    benchBySlug,
    tags,
    tagByName,
    scoresFor: (slug) => scoreRows.get(slug) ?? [],
    historyFor: (slug) =>
      (packedHistory.get(slug) ?? '')
        .split(';')
        .filter(Boolean)
        .map((p) => {
          const [generatedAt, supraScore, position] = p.split(',').map(Number);
          return { generatedAt: generatedAt!, supraScore: supraScore!, position: position! };
        }),
    changes,
    skipped: reader.skipped(),
    recentHistory: function* (since) {
      const again = openSnapshot(path);
      try {
        const snapshots = again
          .historySnapshots()
          .filter((h) => h.generatedAt >= since)
          .reverse();
        for (const h of snapshots) {
          yield { generatedAt: h.generatedAt, configurations: again.historyConfigurations(h.id).sort((a, b) => a.position - b.position) };
        }
      } finally {
        again.close();
      }
    },
  };
}

/** New, removed and most-moved configurations between each snapshot and the one before it. */
function loadChanges(reader: SnapshotReader, snapshots: HistorySnapshotRow[], comparable: (older: number | undefined, newer: number) => boolean): ChangeSet[] {
  const load = (id: number) => new Map<string, Change>(reader.historyConfigurations(id).map((c) => [c.slug, { ...c }]));
  const firstByPosition = (list: Change[]) => list.sort((a, b) => a.position - b.position).slice(0, CHANGES_LISTED);
  const delta = (c: Change) => (c.previousPosition ?? c.position) - c.position;

  // Newest first, two snapshots in memory at a time: history can be long and the field large.
  const sets: ChangeSet[] = [];
  let current = snapshots[0] ? load(snapshots[0].id) : new Map<string, Change>();
  for (let i = 0; i < snapshots.length; i++) {
    const { id, generatedAt } = snapshots[i]!;
    const older = snapshots[i + 1];
    // The oldest listed snapshot is compared with nothing, unless it is the very first one of history.
    if (!older && snapshots.length > FEED_ENTRIES) break;
    const previous = older ? load(older.id) : new Map<string, Change>();
    const isComparable = older !== undefined && comparable(older.generatedAt, generatedAt);
    const added = older ? [...current.values()].filter((c) => !previous.has(c.slug)) : [];
    const removed = [...previous.values()].filter((c) => !current.has(c.slug));
    const moved: Change[] = [];
    if (isComparable) {
      for (const c of current.values()) {
        const p = previous.get(c.slug);
        if (p && p.position !== c.position) moved.push({ ...c, previousPosition: p.position, previousScore: p.supraScore });
      }
    }
    sets.push({
      id,
      generatedAt,
      previousGeneratedAt: older?.generatedAt,
      comparable: isComparable,
      addedCount: added.length,
      removedCount: removed.length,
      movedCount: moved.length,
      added: firstByPosition(added),
      removed: firstByPosition(removed),
      movedUp: moved
        .filter((c) => delta(c) > 0)
        .sort((a, b) => delta(b) - delta(a) || a.position - b.position)
        .slice(0, CHANGES_LISTED),
      movedDown: moved
        .filter((c) => delta(c) < 0)
        .sort((a, b) => delta(a) - delta(b) || a.position - b.position)
        .slice(0, CHANGES_LISTED),
    });
    current = previous;
  }
  return sets;
}

let cached: SiteData | undefined;

/** The path of the snapshot the site renders; the build script sets it. */
export function snapshotPath(): string {
  return process.env.MIRROR_SNAPSHOT_DB || 'data/snapshot.db';
}

/** Loads the snapshot once per build; every page shares the result. */
export function getSiteData(): SiteData {
  if (!cached) {
    cached = withSnapshot(snapshotPath(), loadFrom);
  }
  return cached;
}
