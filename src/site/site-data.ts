/**
 * The one query module of the site: reads the snapshot file once, at the first call, and shapes
 * it for the pages (models as `familyTag` groups with one ranking, path segments, tags with their
 * rows, benchmark results, history, changes). Pages import `getSiteData()` instead of querying on
 * their own; what only some pages need is computed on first use and kept.
 */
import { withSnapshot, type DetailsCoverage, type SnapshotReader, type SnapshotSource, type TagLink } from '../store/read-snapshot.ts';
import { isStale } from '../store/coverage.ts';
import { cleanStrings } from './text.ts';
import { FEED_ENTRIES, HISTORY_CHART_POINTS, METHOD_CHANGE_AT, RECENT_CHANGES_PER_MODEL, TAG_PAGE_SIZE } from './config.ts';
import { pageCount } from './pagination.ts';
import {
  readHistory,
  windowStart,
  type ChangeSet,
  type HistoryPoint,
  type ModelHistoryPoint,
  type RecentModelChange,
  type WeightPoint,
} from './history-pass.ts';
import { measure, pickMeasurement, rankMeasured, tagWeights, type Measurement, type MeasuredRanking, type TagWeights } from './measured.ts';
import { assignSegments, pairKey } from './paths.ts';
import { scoreFormatter, type ScoreText } from './precision.ts';
import { competitionRanks, formatRank } from './ranks.ts';

export type { Change, ChangeSet, HistoryPoint, ModelChange, ModelHistoryPoint, RecentModelChange, WeightPoint } from './history-pass.ts';

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
  /** 1 = best supraScore in the snapshot; unique (equal scores ordered by slug). */
  position: number;
  tags: string[];
  hasDetail: boolean;
  /** When its per-benchmark detail was fetched, and whether that is over a week before the snapshot. */
  detail: { fetchedAt: number; stale: boolean } | undefined;
  /** Position in the previous snapshot, when it is comparable. */
  previousPosition: number | undefined;
  /** Its path segment under `/configurations/` (the slug, unless that would collide on some host). */
  segment: string;
  /** Configuration rank: equal supraScores share it. */
  rank: number;
  rankTied: boolean;
  /** "5", or "=5" when shared. */
  rankText: string;
  /** supraScore with the digits that tell it apart from every other configuration's. */
  scoreText: string;
  /** When its per-benchmark scores were fetched, if the mirror has them. */
  detailFetchedAt: number | undefined;
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
  /** Model rank: equal best scores share it (the same on every page). */
  rank: number;
  best: Configuration;
  configurations: Configuration[];
  /** The tags of its configurations, the best one's first: a filter by tag matches any of them. */
  tags: string[];
  movement: Movement;
  /** Its path segment under `/models/` (the familyTag, unless that is not a safe segment or would collide). */
  segment: string;
  rankTied: boolean;
  /** "5", or "=5" when shared. */
  rankText: string;
  /** 0-based place in the model ranking (ties ordered as the API orders their best configurations). */
  index: number;
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
  /** Its path segment under `/benchmarks/`. */
  segment: string;
}

export interface Tag {
  tag: string;
  /** Counts as the taxonomy reports them (computed from the rows for a tag outside it). */
  models: number;
  benches: number;
  inTaxonomy: boolean;
  configurations: Configuration[];
  benchList: Bench[];
  /** Its path segment under `/tags/`. */
  segment: string;
  /** Models with a configuration carrying it, in this snapshot, by that configuration's supraScore (as `/v1/best`). */
  modelList: TagModel[];
}

/** A model on a tag's page: its best configuration that carries the tag. */
export interface TagModel {
  model: Model;
  configuration: Configuration;
  /** Rank among the models carrying the tag: equal scores share it. */
  rank: number;
  rankTied: boolean;
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

/** One model's results on a benchmark: its configurations' submissions, best counting score first. */
export interface BenchResultGroup {
  model: Model;
  rows: { configuration: Configuration; score: Score }[];
  /** Its best counting normalized score here (undefined when none counts). */
  best: number | undefined;
}

export interface BenchResults {
  groups: BenchResultGroup[];
  /** Configurations with a score here. */
  configurations: number;
  submissions: number;
  /** Normalized scores of this benchmark, with the digits that tell them apart. */
  normalizedText: ScoreText;
}

/** A model measured on a tag's benchmarks by one of its configurations. */
export interface MeasuredModel {
  model: Model;
  configuration: Configuration;
}

export interface TagMeasurement extends MeasuredRanking<MeasuredModel> {
  weights: TagWeights;
  /** Measured values with the digits that tell them apart. */
  valueText: ScoreText;
}

/** How much of the field has per-benchmark scores in this snapshot. */
export interface DetailCoverage {
  configurations: number;
  withDetail: number;
  oldestFetch: number | undefined;
  newestFetch: number | undefined;
}

/** A pre-rendered comparison of two neighbouring models, in canonical order. */
export interface Comparison {
  segment: string;
  models: [Model, Model];
}

export interface SiteData {
  snapshot: SnapshotInfo;
  configurations: Configuration[];
  configurationBySlug: Map<string, Configuration>;
  models: Model[];
  modelByFamily: Map<string, Model>;
  modelBySegment: Map<string, Model>;
  providers: string[];
  benches: Bench[];
  benchBySlug: Map<string, Bench>;
  /** Alphabetical: the taxonomy and any tag a row carries. */
  tags: Tag[];
  tagByName: Map<string, Tag>;
  /** Formats any configuration's (or model's) supraScore with the digits that separate it from its neighbours. */
  scoreText: ScoreText;
  scoresFor(slug: string): Score[];
  historyFor(slug: string): HistoryPoint[];
  /** A model's score (its best configuration's) and model rank over time, oldest first. */
  modelHistoryFor(familyTag: string): ModelHistoryPoint[];
  weightHistoryFor(benchSlug: string): WeightPoint[];
  /** Newest first, up to a few: what changed for this model. */
  recentChangesFor(familyTag: string): RecentModelChange[];
  resultsFor(benchSlug: string): BenchResults;
  /** Where a counting normalized score stands among the counting scores of its benchmark: 1 = best (equal scores share it). */
  standingOn(benchSlug: string, normalizedScore: number): { rank: number; of: number };
  measuredFor(tag: string): TagMeasurement;
  /** Pages of a tag: enough for all of its models and all of its measured models, TAG_PAGE_SIZE of each per page. */
  tagPages(tag: Tag): number;
  detailCoverage: DetailCoverage;
  /** Pre-rendered comparisons of each model with the one just below it. */
  comparisons: Comparison[];
  /** The comparisons of a model with its neighbours just above and below. */
  neighboursOf(model: Model): { above?: Comparison; below?: Comparison };
  /** Newest first: the latest snapshot's changes, then older ones, for the changes page and feed. */
  changes: ChangeSet[];
  /** Rows left out because their slug or tag could not be a safe path segment. */
  skipped: number;
}

/** Snapshots of history as the file packs them: typed arrays, not an object per configuration. */
export interface RecentHistory {
  names: Map<number, { slug: string; name: string }>;
  /** Oldest first, the current snapshot last; each one's configurations in rank order. */
  snapshots: { generatedAt: number; configurations: Int32Array; supraScores: Float64Array }[];
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

const groupBy = <T, K>(items: Iterable<T>, key: (item: T) => K) => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
};

/** Computes a value on first use and keeps it: pages of one build share it. */
function memo<K, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined && !cache.has(key)) cache.set(key, (value = compute(key)));
    return value!;
  };
}

/** What a process loads beyond what every page needs. */
export interface LoadOptions {
  /** Each configuration's score and rank series (the configuration pages' charts); default true. */
  configurationSeries?: boolean;
}

function loadFrom(reader: SnapshotReader, load: LoadOptions = {}): SiteData {
  const info = reader.info();
  const history = reader.historySnapshots();
  const snapshot: SnapshotInfo = {
    generatedAt: info.generatedAt,
    fetchedAt: info.fetchedAt,
    source: info.source,
    partial: info.partial,
    computedAt: info.computedAt,
    apiOrigin: info.apiOrigin,
    warnings: reader.counts().warnings,
    sample: info.sample,
    historySnapshots: history.length,
    historyLimit: info.historyLimit,
    coverage: info.coverage,
  };

  const tagsOf = (links: TagLink[]) => {
    const map = new Map<string, string[]>();
    for (const [slug, list] of groupBy(links, (l) => l.slug))
      map.set(
        slug,
        list.map((l) => l.tag),
      );
    return map;
  };
  const modelTags = tagsOf(reader.configurationTags());
  const benchTags = tagsOf(reader.benchTags());
  const details = reader.details();
  const fetchedAt = new Map(details.map((d) => [d.slug, d.fetchedAt]));

  // Third-party text is cleaned once, here, for every format it reaches (src/site/text.ts).
  const rows = reader.configurations().map(cleanStrings);
  const configurationSegments = assignSegments(rows.map((r) => r.slug));
  const scoreText = scoreFormatter(rows.map((r) => r.supraScore));
  const configurationRanks = competitionRanks(rows.map((r) => r.supraScore));
  const configurations: Configuration[] = rows.map((row, i) => ({
    ...row,
    tags: modelTags.get(row.slug) ?? [],
    hasDetail: fetchedAt.has(row.slug),
    detail: fetchedAt.has(row.slug) ? { fetchedAt: fetchedAt.get(row.slug)!, stale: isStale(fetchedAt.get(row.slug)!, info.coverage.asOf) } : undefined,
    previousPosition: undefined,
    segment: configurationSegments.get(row.slug)!,
    rank: configurationRanks[i]!.rank,
    rankTied: configurationRanks[i]!.tied,
    rankText: formatRank(configurationRanks[i]!),
    scoreText: scoreText(row.supraScore),
    detailFetchedAt: fetchedAt.get(row.slug),
  }));
  const configurationBySlug = new Map(configurations.map((c) => [c.slug, c]));

  // Models: group by familyTag; rows come sorted, so a family's first row is its best, and
  // families come in the order of their best row: the one model ranking of the site.
  const families = groupBy(configurations, (c) => c.familyTag);
  const familyTags = [...families.keys()];
  const modelSegments = assignSegments(familyTags);

  // History, in one pass: series for the charts, model ranks per snapshot, the change sets.
  const historyOptions = {
    chartPoints: HISTORY_CHART_POINTS,
    feedEntries: FEED_ENTRIES,
    listed: CHANGES_LISTED,
    recentPerModel: RECENT_CHANGES_PER_MODEL,
    methodChangeAt: METHOD_CHANGE_AT,
    familyName,
    configurationSeries: load.configurationSeries,
  };
  const past = readHistory(
    history,
    reader.historyNames().map(cleanStrings),
    reader.eachHistoryPoint(windowStart(history, historyOptions)),
    { familyOf: new Map(configurations.map((c) => [c.slug, c.familyTag])), families: new Set(familyTags) },
    historyOptions,
  );
  if (past.previous) for (const c of configurations) c.previousPosition = past.previous.positions.get(c.slug);

  const modelRanks = competitionRanks(familyTags.map((f) => families.get(f)![0]!.supraScore));
  const models: Model[] = familyTags.map((familyTag, i) => {
    const list = families.get(familyTag)!;
    const ranked = modelRanks[i]!;
    const prev = past.previous?.modelRanks.get(familyTag)?.rank;
    const movement: Movement = !past.hasPrevious
      ? { kind: 'none' }
      : !past.previous
        ? { kind: 'incomparable' }
        : prev === undefined
          ? { kind: 'new' }
          : { kind: prev > ranked.rank ? 'up' : prev < ranked.rank ? 'down' : 'same', by: Math.abs(prev - ranked.rank) };
    return {
      familyTag,
      name: familyName(list.map((c) => c.name)),
      rank: ranked.rank,
      best: list[0]!,
      configurations: list,
      tags: [...new Set(list.flatMap((c) => c.tags))],
      movement,
      segment: modelSegments.get(familyTag)!,
      rankTied: ranked.tied,
      rankText: formatRank(ranked),
      index: i,
    };
  });
  const modelByFamily = new Map(models.map((m) => [m.familyTag, m]));
  const modelBySegment = new Map(models.map((m) => [m.segment, m]));
  const providers = [...new Set(configurations.map((c) => c.provider))].sort((a, b) => a.localeCompare(b, 'en'));

  const benchRows = reader.benches().map(cleanStrings);
  const benchSegments = assignSegments(
    benchRows.map((b) => b.slug),
    ['page'],
  );
  const previousWeights = new Map<string, number>();
  if (past.previous) {
    const before = past.snapshots.at(-2)?.generatedAt;
    for (const b of benchRows) {
      const p = past.weightHistory(b.slug).find((w) => w.generatedAt === before);
      if (p) previousWeights.set(b.slug, p.effectiveWeight);
    }
  }
  const benches: Bench[] = benchRows.map((row) => ({
    ...row,
    tags: benchTags.get(row.slug) ?? [],
    previousWeight: previousWeights.get(row.slug),
    segment: benchSegments.get(row.slug)!,
  }));
  const benchBySlug = new Map(benches.map((b) => [b.slug, b]));

  // Tags: the taxonomy, plus any tag a row carries, so every tag link has a page.
  const tagByName = new Map<string, Tag>();
  const tagEntry = (tag: string) => {
    let entry = tagByName.get(tag);
    if (!entry) {
      entry = { tag, models: 0, benches: 0, inTaxonomy: false, configurations: [], benchList: [], segment: '', modelList: [] };
      tagByName.set(tag, entry);
    }
    return entry;
  };
  for (const t of reader.tags()) Object.assign(tagEntry(t.tag), { models: t.models, benches: t.benches, inTaxonomy: true });
  for (const c of configurations) for (const t of c.tags) tagEntry(t).configurations.push(c);
  for (const b of benches) for (const t of b.tags) tagEntry(t).benchList.push(b);
  const tagSegments = assignSegments(tagByName.keys());
  for (const t of tagByName.values()) {
    t.segment = tagSegments.get(t.tag)!;
    if (!t.inTaxonomy) {
      t.models = t.configurations.length;
      t.benches = t.benchList.length;
    }
    // As /v1/best: configurations carrying the tag by supraScore, then one row per model (its best of them).
    const seen = new Set<string>();
    const carrying = t.configurations.filter((c) => !seen.has(c.familyTag) && seen.add(c.familyTag));
    const ranks = competitionRanks(carrying.map((c) => c.supraScore));
    t.modelList = carrying.map((c, i) => ({ model: modelByFamily.get(c.familyTag)!, configuration: c, rank: ranks[i]!.rank, rankTied: ranks[i]!.tied }));
  }
  const tags = [...tagByName.values()].sort((a, b) => compareText(a.tag, b.tag));

  // Per-benchmark scores, read once; indexed by configuration and, for benchmark pages, by benchmark.
  const scoreRows = new Map<string, Score[]>();
  const byBench = new Map<string, { configuration: Configuration; score: Score }[]>();
  for (const { slug, ...row } of reader.scores().map(cleanStrings)) {
    const score: Score = { ...row, counts: row.upvotes > row.downvotes };
    const list = scoreRows.get(slug);
    if (list) list.push(score);
    else scoreRows.set(slug, [score]);
    const configuration = configurationBySlug.get(slug);
    if (!configuration) continue;
    const results = byBench.get(row.bench);
    if (results) results.push({ configuration, score });
    else byBench.set(row.bench, [{ configuration, score }]);
  }
  const scoresFor = (slug: string) => scoreRows.get(slug) ?? [];

  const resultsFor = memo((benchSlug: string): BenchResults => {
    const results = byBench.get(benchSlug) ?? [];
    const groups: BenchResultGroup[] = [...groupBy(results, (r) => r.configuration.familyTag)].map(([familyTag, rows]) => {
      const sorted = rows.sort(
        (a, b) =>
          Number(b.score.counts) - Number(a.score.counts) ||
          b.score.normalizedScore - a.score.normalizedScore ||
          a.configuration.position - b.configuration.position,
      );
      const counting = sorted.filter((r) => r.score.counts).map((r) => r.score.normalizedScore);
      return { model: modelByFamily.get(familyTag)!, rows: sorted, best: counting.length ? Math.max(...counting) : undefined };
    });
    // Models with a counting score first, by it; then the others, by model rank.
    groups.sort((a, b) => (b.best ?? -1) - (a.best ?? -1) || a.model.index - b.model.index);
    return {
      groups,
      configurations: new Set(results.map((r) => r.configuration.slug)).size,
      submissions: results.length,
      normalizedText: scoreFormatter(results.map((r) => r.score.normalizedScore)),
    };
  });

  // Counting scores of each benchmark, best first, for a score's standing among its peers.
  const countingOn = memo((benchSlug: string) =>
    (byBench.get(benchSlug) ?? [])
      .filter((r) => r.score.counts)
      .map((r) => r.score.normalizedScore)
      .sort((a, b) => b - a),
  );
  const standingOn = (benchSlug: string, value: number) => {
    const sorted = countingOn(benchSlug);
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! > value) lo = mid + 1;
      else hi = mid;
    }
    return { rank: lo + 1, of: sorted.length };
  };

  const measuredFor = memo((tagName: string): TagMeasurement => {
    const tag = tagByName.get(tagName)!;
    const weights = tagWeights(tag.benchList);
    const candidates = new Map<string, { item: MeasuredModel; measurement: Measurement }[]>();
    // Only configurations with a score on one of the tag's benchmarks can be measured.
    const slugs = new Set(tag.benchList.flatMap((b) => (byBench.get(b.slug) ?? []).map((r) => r.configuration.slug)));
    for (const slug of slugs) {
      const configuration = configurationBySlug.get(slug)!;
      const measurement = measure(weights, scoresFor(slug));
      if (!measurement) continue;
      const list = candidates.get(configuration.familyTag) ?? [];
      list.push({ item: { model: modelByFamily.get(configuration.familyTag)!, configuration }, measurement });
      candidates.set(configuration.familyTag, list);
    }
    const picked = [...candidates.values()].map((list) => pickMeasurement(list)!);
    const ranking = rankMeasured(picked, (a, b) => a.model.index - b.model.index);
    return { ...ranking, weights, valueText: scoreFormatter(picked.map((p) => p.measurement.value)) };
  });

  // The coverage recorded with the snapshot: one fact, the same on every page.
  const detailCoverage: DetailCoverage = {
    configurations: info.coverage.configurations,
    withDetail: info.coverage.withDetails,
    oldestFetch: info.coverage.oldestFetchedAt ?? undefined,
    newestFetch: info.coverage.newestFetchedAt ?? undefined,
  };

  // Each model with the one just below it: at most two comparisons per model page, one page per pair.
  const pairSegments = assignSegments(models.slice(1).map((m, i) => pairKey(models[i]!.segment, m.segment)));
  const comparisons: Comparison[] = models.slice(1).map((m, i) => {
    const above = models[i]!;
    const ordered: [Model, Model] = compareText(above.segment, m.segment) <= 0 ? [above, m] : [m, above];
    return { segment: pairSegments.get(pairKey(above.segment, m.segment))!, models: ordered };
  });

  return {
    snapshot,
    configurations,
    configurationBySlug,
    models,
    modelByFamily,
    modelBySegment,
    providers,
    benches,
    benchBySlug,
    tags,
    tagByName,
    scoreText,
    scoresFor,
    historyFor: past.configurationHistory,
    modelHistoryFor: past.modelHistory,
    weightHistoryFor: past.weightHistory,
    recentChangesFor: (familyTag) => past.recentByModel.get(familyTag) ?? [],
    resultsFor,
    standingOn,
    measuredFor,
    tagPages: (tag) => {
      const measured = measuredFor(tag.tag);
      return pageCount(Math.max(tag.modelList.length, measured.ranked.length + measured.apart.length), TAG_PAGE_SIZE);
    },
    detailCoverage,
    comparisons,
    neighboursOf: (model) => ({ above: comparisons[model.index - 1], below: comparisons[model.index] }),
    changes: past.changes,
    skipped: reader.skipped(),
  };
}

let cached: SiteData | undefined;

/** The path of the snapshot the site renders; the build script sets it. */
export function snapshotPath(): string {
  return process.env.MIRROR_SNAPSHOT_DB || 'data/snapshot.db';
}

/** Loads the snapshot once per build; every page shares the result. The first call's options hold until it is released. */
export function getSiteData(options?: LoadOptions): SiteData {
  if (!cached) {
    cached = withSnapshot(snapshotPath(), (reader) => loadFrom(reader, options));
    // The history pass allocates several times what it keeps: where the build exposed the collector
    // (its render and extras processes), a full collection lets V8 shrink the heap it grew for that.
    (globalThis as { gc?: () => void }).gc?.();
  }
  return cached;
}

/**
 * The snapshots of history generated in the `days` before the current one, and it, read on their
 * own: history.csv needs nothing else, so the extras worker makes it before it loads the site's data.
 */
export function readRecentHistory(days: number, path = snapshotPath()): RecentHistory {
  const DAY = 86_400_000;
  return withSnapshot(path, (reader) => {
    const since = reader.info().generatedAt - days * DAY;
    const snapshots = reader
      .historySnapshots()
      .filter((h) => h.generatedAt >= since)
      .reverse();
    const first = snapshots[0]?.id;
    if (first === undefined) return { names: new Map(), snapshots: [] };
    // Walked a snapshot at a time, keeping the two columns the file needs.
    const points = new Map<number, { configurations: Int32Array; supraScores: Float64Array }>();
    for (const { snapshotId, configurations, supraScores } of reader.eachHistoryPoint(first)) points.set(snapshotId, { configurations, supraScores });
    return {
      // Configurations' names only: the benchmarks' share the table.
      names: new Map(
        reader
          .historyNames()
          .filter((n) => n.kind === 'model')
          .map((n) => [n.id, cleanStrings({ slug: n.slug, name: n.name })]),
      ),
      snapshots: snapshots.map((h) => {
        const p = points.get(h.id);
        return { generatedAt: h.generatedAt, configurations: p?.configurations ?? new Int32Array(), supraScores: p?.supraScores ?? new Float64Array() };
      }),
    };
  });
}

/** Forgets the loaded snapshot, so a process that is done with it can give its memory back. */
export function releaseSiteData(): void {
  cached = undefined;
}
