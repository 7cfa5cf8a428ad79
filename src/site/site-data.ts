/**
 * The one query module of the site: reads the snapshot file once, at the first call, and shapes
 * it for the pages (models as `familyTag` groups, tags with their rows, history, changes). Pages
 * import `getSiteData()` instead of querying on their own.
 */
import Database from 'better-sqlite3';
import { isLoopbackHost } from '../api/url.ts';
import { isSafeSegment } from '../api/segment.ts';
import { FEED_ENTRIES, HISTORY_CHART_POINTS, METHOD_CHANGE_AT } from './config.ts';

export interface SnapshotInfo {
  generatedAt: number;
  fetchedAt: number;
  source: 'api' | 'file' | 'sample';
  partial: boolean;
  computedAt: number | null;
  apiOrigin: string | null;
  warnings: number;
  /** Fictional data: the bundled sample, or an export served by the local simulator (a loopback API). */
  sample: boolean;
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

function loadFrom(db: Database.Database): SiteData {
  let skipped = 0;
  const snap = db
    .prepare('SELECT generated_at, fetched_at, source, partial, computed_at, api_origin FROM snapshot WHERE id = 1')
    .get() as { generated_at: number; fetched_at: number; source: SnapshotInfo['source']; partial: number; computed_at: number | null; api_origin: string | null } | undefined;
  if (!snap) throw new Error('the snapshot file has no snapshot row');
  const snapshot: SnapshotInfo = {
    generatedAt: snap.generated_at,
    fetchedAt: snap.fetched_at,
    source: snap.source,
    partial: snap.partial === 1,
    computedAt: snap.computed_at,
    apiOrigin: snap.api_origin,
    warnings: db.prepare('SELECT count(*) FROM warnings').pluck().get() as number,
    sample: snap.source === 'sample' || (snap.api_origin !== null && isLoopbackHost(new URL(snap.api_origin).hostname)),
  };

  // History: the latest snapshot and the one before it, when they can be compared.
  const history = db.prepare('SELECT id, generated_at FROM history_snapshots ORDER BY id DESC').raw().all() as [number, number][];
  const comparable = (older: number | undefined, newer: number) => older !== undefined && (older >= METHOD_CHANGE_AT || newer < METHOD_CHANGE_AT);
  const [latest, before] = history;
  const previousId = latest && before && comparable(before[1], latest[1]) ? before[0] : undefined;
  const previousPositions = new Map<string, number>();
  const previousWeights = new Map<string, number>();
  if (previousId !== undefined) {
    for (const [slug, position] of db
      .prepare(`SELECT n.slug, h.position FROM history_models h JOIN history_names n ON n.id = h.name_id WHERE h.snapshot_id = ?`)
      .raw()
      .all(previousId) as [string, number][]) {
      previousPositions.set(slug, position);
    }
    for (const [slug, weight] of db
      .prepare(`SELECT n.slug, h.effective_weight FROM history_benches h JOIN history_names n ON n.id = h.name_id WHERE h.snapshot_id = ?`)
      .raw()
      .all(previousId) as [string, number][]) {
      previousWeights.set(slug, weight);
    }
  }

  const tagsOf = (table: 'model_tags' | 'bench_tags') => {
    const map = new Map<string, string[]>();
    for (const [slug, tag] of db.prepare(`SELECT slug, tag FROM ${table} ORDER BY slug, tag`).raw().all() as [string, string][]) {
      if (!isSafeSegment(tag)) continue;
      const list = map.get(slug);
      if (list) list.push(tag);
      else map.set(slug, [tag]);
    }
    return map;
  };
  const modelTags = tagsOf('model_tags');
  const benchTags = tagsOf('bench_tags');
  const withDetail = new Set(db.prepare('SELECT slug FROM model_details').pluck().all() as string[]);

  const configurations: Configuration[] = [];
  for (const r of db
    .prepare('SELECT slug, name, provider, family_tag, supra_score, bench_count, updated_at, position FROM models ORDER BY position')
    .raw()
    .all() as [string, string, string, string, number, number, number, number][]) {
    const [slug, name, provider, familyTag, supraScore, benchCount, updatedAt, position] = r;
    // The store only holds validated slugs; this guards the path of every file the build writes.
    if (!isSafeSegment(slug)) {
      skipped++;
      continue;
    }
    configurations.push({
      slug, name, provider, familyTag, supraScore, benchCount, updatedAt, position,
      tags: modelTags.get(slug) ?? [],
      hasDetail: withDetail.has(slug),
      previousPosition: previousPositions.get(slug),
    });
  }
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

  const benches: Bench[] = [];
  for (const r of db
    .prepare(
      'SELECT slug, name, description, url, is_official, scale_min, scale_max, quality_score, dimensions, model_count, rater_count, effective_weight, position FROM benches ORDER BY position',
    )
    .raw()
    .all() as [string, string, string, string, number, number, number, number, string, number, number, number, number][]) {
    const [slug, name, description, url, isOfficial, scaleMin, scaleMax, qualityScore, dimensions, modelCount, raterCount, effectiveWeight, position] = r;
    if (!isSafeSegment(slug)) {
      skipped++;
      continue;
    }
    benches.push({
      slug, name, description, url, isOfficial: isOfficial === 1, scaleMin, scaleMax, qualityScore,
      dimensions: JSON.parse(dimensions) as [string, number][],
      modelCount, raterCount, effectiveWeight, position,
      tags: benchTags.get(slug) ?? [],
      previousWeight: previousWeights.get(slug),
    });
  }
  const benchBySlug = new Map(benches.map((b) => [b.slug, b]));

  // Tags: the taxonomy, plus any safe tag a row carries, so every tag link has a page.
  const tagByName = new Map<string, Tag>();
  const tagEntry = (tag: string) => {
    let entry = tagByName.get(tag);
    if (!entry) {
      entry = { tag, models: 0, benches: 0, inTaxonomy: false, configurations: [], benchList: [] };
      tagByName.set(tag, entry);
    }
    return entry;
  };
  for (const [tag, modelsCount, benchesCount] of db.prepare('SELECT tag, models, benches FROM tags').raw().all() as [string, number, number][]) {
    if (!isSafeSegment(tag)) {
      skipped++;
      continue;
    }
    Object.assign(tagEntry(tag), { models: modelsCount, benches: benchesCount, inTaxonomy: true });
  }
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
  for (const r of db
    .prepare('SELECT slug, bench, bench_name, raw_score, normalized_score, source_url, accessed_at, upvotes, downvotes FROM scores ORDER BY slug, position')
    .raw()
    .all() as [string, string, string, number, number, string, number, number, number][]) {
    const [slug, bench, benchName, rawScore, normalizedScore, sourceUrl, accessedAt, upvotes, downvotes] = r;
    const entry: Score = { bench, benchName, rawScore, normalizedScore, sourceUrl, accessedAt, upvotes, downvotes, counts: upvotes > downvotes };
    const list = scoreRows.get(slug);
    if (list) list.push(entry);
    else scoreRows.set(slug, [entry]);
  }

  // The charts show the last HISTORY_CHART_POINTS snapshots, packed one string per configuration.
  const window = history.slice(0, HISTORY_CHART_POINTS).at(-1)?.[0] ?? 0;
  const packedHistory = new Map<string, string>(
    db
      .prepare(
        `SELECT n.slug, group_concat(s.generated_at || ',' || h.supra_score || ',' || h.position, ';' ORDER BY s.generated_at)
         FROM history_models h JOIN history_names n ON n.id = h.name_id JOIN history_snapshots s ON s.id = h.snapshot_id
         WHERE h.snapshot_id >= ? GROUP BY n.slug`,
      )
      .raw()
      .all(window) as [string, string][],
  );

  const changes = loadChanges(db, history.slice(0, FEED_ENTRIES + 1), comparable);

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
    skipped,
  };
}

/** New, removed and most-moved configurations between each snapshot and the one before it. */
function loadChanges(db: Database.Database, snapshots: [number, number][], comparable: (older: number | undefined, newer: number) => boolean): ChangeSet[] {
  const rowsOf = db.prepare(
    'SELECT n.slug, n.name, h.supra_score, h.position FROM history_models h JOIN history_names n ON n.id = h.name_id WHERE h.snapshot_id = ?',
  );
  const load = (id: number) => {
    const map = new Map<string, Change>();
    for (const [slug, name, supraScore, position] of rowsOf.raw().all(id) as [string, string, number, number][]) map.set(slug, { slug, name, supraScore, position });
    return map;
  };
  const firstByPosition = (list: Change[]) => list.sort((a, b) => a.position - b.position).slice(0, CHANGES_LISTED);
  const delta = (c: Change) => (c.previousPosition ?? c.position) - c.position;

  // Newest first, two snapshots in memory at a time: history can be long and the field large.
  const sets: ChangeSet[] = [];
  let current = snapshots[0] ? load(snapshots[0][0]) : new Map<string, Change>();
  for (let i = 0; i < snapshots.length; i++) {
    const [id, generatedAt] = snapshots[i]!;
    const older = snapshots[i + 1];
    // The oldest listed snapshot is compared with nothing, unless it is the very first one of history.
    if (!older && snapshots.length > FEED_ENTRIES) break;
    const previous = older ? load(older[0]) : new Map<string, Change>();
    const isComparable = older !== undefined && comparable(older[1], generatedAt);
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
      previousGeneratedAt: older?.[1],
      comparable: isComparable,
      addedCount: added.length,
      removedCount: removed.length,
      movedCount: moved.length,
      added: firstByPosition(added),
      removed: firstByPosition(removed),
      movedUp: moved.filter((c) => delta(c) > 0).sort((a, b) => delta(b) - delta(a) || a.position - b.position).slice(0, CHANGES_LISTED),
      movedDown: moved.filter((c) => delta(c) < 0).sort((a, b) => delta(a) - delta(b) || a.position - b.position).slice(0, CHANGES_LISTED),
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
    const db = new Database(snapshotPath(), { readonly: true, fileMustExist: true });
    try {
      cached = loadFrom(db);
    } finally {
      db.close();
    }
  }
  return cached;
}
