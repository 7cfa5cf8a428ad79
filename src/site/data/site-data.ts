/**
 * The site's data: reads the snapshot once per process and shapes it for the pages, through one
 * builder per entity (src/site/data/): configurations, models (`familyTag` groups with one
 * ranking), benchmarks, tags, per-benchmark scores, each tag's measured ranking, comparisons, and
 * the history pass (series, ranks over time, change sets). A page loads it with `getSiteData(input)` and
 * hands components what they show as props; what only some pages need is computed on first use.
 */
import { withSnapshot, type HistorySnapshotRow, type SnapshotInfo as StoredSnapshotInfo, type SnapshotReader, type TagLink } from '../../store/read-snapshot.ts';
import { cleanStrings } from '../format/text.ts';
import { FEED_ENTRIES, HISTORY_CHART_POINTS, METHOD_CHANGE_AT, RECENT_CHANGES_PER_MODEL } from '../settings/config.ts';
import { readHistory, windowStart, type HistoryResult } from './history-pass.ts';
import { buildBenches } from './benches.ts';
import { buildBenchMeasures } from './bench-measures.ts';
import { buildComparisons } from './neighbours.ts';
import { buildConfigurations } from './configurations.ts';
import { groupBy } from './group-by.ts';
import { buildMeasured } from './measured.ts';
import { buildEvidence } from './evidence.ts';
import { buildModels, familiesOf, familyName } from './models.ts';
import { buildScores } from './scores.ts';
import { buildTags } from './tags.ts';
import { applyPlan } from './apply-plan.ts';
import { pastHistoryOf } from './past-history.ts';
import { siteOf, type Site } from '../settings/config.ts';
import { siteBase } from '../links/links.ts';
import { resolvePlan } from '../plan/site-plan.ts';
import type { BuildPlan } from '../plan/types.ts';
import type { RenderInput } from '../plan/render-input.ts';
import type { BenchmarkMeasures, Configuration, RecentHistory, SiteData, SiteEvidence, SnapshotInfo } from './types.ts';

export type * from './types.ts';
export type { Change, ChangeSet, HistoryPoint, ModelChange, ModelHistoryPoint, RecentModelChange, WeightPoint } from './history-pass.ts';
export { familyName };

/** Entries kept per list of a change set. */
const CHANGES_LISTED = 25;

/** What a process loads beyond what every page needs. */
export interface LoadOptions {
  /** The benchmark's: resample the likely ranks even where the site withholds them (src/site/data/evidence.ts). */
  resampleAnyway?: boolean;
  /** Each configuration's score and rank series (the configuration pages' charts); default true. */
  configurationSeries?: boolean;
  /** The calibration's: another seed for the resamples, to measure how far a range's ends move with it. */
  evidenceSeed?: number;
  /**
   * The calibration's (`npm run calibrate -- --ungated`): show the likely ranges whatever the agreement
   * says, so the harness can measure the ranges the gate keeps off the site. A build never sets it.
   */
  ungated?: boolean;
}

/** Tags by the slug (of a configuration or a benchmark) that carries them. */
function tagsBySlug(links: readonly TagLink[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const [slug, list] of groupBy(links, (l) => l.slug))
    map.set(
      slug,
      list.map((l) => l.tag),
    );
  return map;
}

/** What the site says about the snapshot it shows. */
function snapshotInfoOf(reader: SnapshotReader, info: StoredSnapshotInfo, history: readonly HistorySnapshotRow[]): SnapshotInfo {
  return {
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
}

/** The configurations in ranking order, with their tags and when their details were fetched. */
function loadConfigurations(reader: SnapshotReader, info: StoredSnapshotInfo) {
  return buildConfigurations({
    rows: reader.configurations().map(cleanStrings),
    tagsOf: tagsBySlug(reader.configurationTags()),
    detailFetchedAt: new Map(reader.details().map((d) => [d.slug, d.fetchedAt])),
    asOf: info.coverage.asOf,
  });
}

/** History, in one pass: series for the charts, model ranks per snapshot, the change sets. */
function loadHistory(
  reader: SnapshotReader,
  history: HistorySnapshotRow[],
  configurations: readonly Configuration[],
  families: ReadonlyMap<string, unknown>,
  load: LoadOptions,
): HistoryResult {
  const historyOptions = {
    chartPoints: HISTORY_CHART_POINTS,
    feedEntries: FEED_ENTRIES,
    listed: CHANGES_LISTED,
    recentPerModel: RECENT_CHANGES_PER_MODEL,
    methodChangeAt: METHOD_CHANGE_AT,
    familyName,
    configurationSeries: load.configurationSeries,
  };
  return readHistory(
    history,
    reader.historyNames().map(cleanStrings),
    reader.eachHistoryPoint(windowStart(history, historyOptions)),
    { familyOf: new Map(configurations.map((c) => [c.slug, c.familyTag])), families: new Set(families.keys()) },
    historyOptions,
  );
}

/** Shapes the snapshot for the pages, phase by phase; third-party text is cleaned once, here, for every format it reaches (src/site/format/text.ts). */
function loadFrom(reader: SnapshotReader, handed: BuildPlan | undefined, site: Site, load: LoadOptions): SiteData {
  const info = reader.info();
  const history = reader.historySnapshots();
  const snapshot = snapshotInfoOf(reader, info, history);
  const { configurations, configurationBySlug, scoreText } = loadConfigurations(reader, info);
  const families = familiesOf(configurations);
  const past = loadHistory(reader, history, configurations, families, load);
  if (past.previous) for (const c of configurations) c.previousPosition = past.previous.positions.get(c.slug);

  const { models, modelByFamily, modelBySegment } = buildModels(families, past);
  // What this build makes, as the build planned it for its deploy target (everything without one).
  const plan = resolvePlan(handed, models.length, site.cardModels);
  applyPlan(models, plan, siteBase(site.siteUrl));
  const { benches, benchBySlug } = buildBenches(reader.benches().map(cleanStrings), tagsBySlug(reader.benchTags()), past);
  const { tags, tagByName } = buildTags(reader.tags(), configurations, benches, modelByFamily);
  const { count, rows } = reader.eachScore();
  const scores = buildScores(count, rows, configurationBySlug, modelByFamily);
  const measuredFor = buildMeasured(tagByName, scores, modelByFamily);
  // The evidence behind supraScore: made when a page first asks (the render), never by the extras worker.
  let evidence: SiteEvidence | undefined;
  const evidenceOf = () =>
    (evidence ??= buildEvidence({ configurations, models, benches, countingMeansOf: scores.countingMeansOf }, { resampleAnyway: load.resampleAnyway, seed: load.evidenceSeed, ungated: load.ungated }));
  // The mirror's measures of each benchmark: made when a page first asks (the render), never by the extras worker.
  let measures: BenchmarkMeasures | undefined;
  const measuresOf = () => (measures ??= buildBenchMeasures({ benches, models, modelByFamily, countingOn: scores.countingOn }));
  const comparisons = buildComparisons(models.slice(0, plan.keep.comparisons));
  // The days of the leaderboard as it stood; their names and rankings are read again when a page or the extras ask.
  const { modelPages, configurationPages } = plan.keep;
  const days = pastHistoryOf(reader.path, history, plan.keep.pastDays, () => ({
    models,
    tagSegment: (tag) => tagByName.get(tag)?.segment,
    kept: { modelPages, configurationPages },
  }));

  return {
    snapshot,
    site,
    plan,
    configurations,
    configurationBySlug,
    models,
    modelByFamily,
    modelBySegment,
    providers: [...new Set(configurations.map((c) => c.provider))].sort((a, b) => a.localeCompare(b, 'en')),
    benches,
    benchBySlug,
    tags,
    tagByName,
    scoreText,
    scoresFor: scores.scoresFor,
    scoreCountFor: scores.scoreCountFor,
    historyFor: past.configurationHistory,
    modelHistoryFor: past.modelHistory,
    weightHistoryFor: past.weightHistory,
    recentChangesFor: (familyTag) => past.recentByModel.get(familyTag) ?? [],
    resultsFor: scores.resultsFor,
    submissionsOn: scores.submissionsOn,
    standingOn: scores.standingOn,
    measuredFor,
    evidence: evidenceOf,
    modelsOn: scores.modelsOn,
    benchMeasures: measuresOf,
    // The coverage recorded with the snapshot: one fact, the same on every page.
    detailCoverage: {
      configurations: info.coverage.configurations,
      withDetail: info.coverage.withDetails,
      oldestFetch: info.coverage.oldestFetchedAt ?? undefined,
      newestFetch: info.coverage.newestFetchedAt ?? undefined,
    },
    comparisons,
    neighboursOf: (model) => ({ above: model.index > 0 ? comparisons[model.index - 1] : undefined, below: comparisons[model.index] }),
    changes: past.changes,
    past: days,
    skipped: reader.skipped(),
  };
}

/** The loaded data, what it was loaded from and with which options (normalized), and the last input asked for with those. */
let cached: { data: SiteData; key: string; input: RenderInput; options: string } | undefined;

/**
 * Loads the snapshot the build handed this process once; every page shares the result. A later call
 * with another input or other options loads again with those (the first load is released), so
 * neither is ever silently ignored.
 */
export function getSiteData(input: RenderInput, options: LoadOptions = {}): SiteData {
  const normalized = JSON.stringify({
    configurationSeries: options.configurationSeries ?? true,
    resampleAnyway: options.resampleAnyway ?? false,
    evidenceSeed: options.evidenceSeed ?? null,
    ungated: options.ungated ?? false,
  });
  // Every page asks with the same input object: it is compared by its text only when it is another one.
  if (cached?.input === input && cached.options === normalized) return cached.data;
  const key = JSON.stringify({ input, normalized });
  if (cached?.key === key) cached.input = input;
  else {
    cached = undefined;
    cached = { data: withSnapshot(input.snapshot, (reader) => loadFrom(reader, input.plan, siteOf(input.site), options)), key, input, options: normalized };
    // The history pass allocates several times what it keeps: where the build exposed the collector
    // (its render and extras processes), a full collection lets V8 shrink the heap it grew for that.
    (globalThis as { gc?: () => void }).gc?.();
  }
  return cached.data;
}

/**
 * The snapshots of history generated in the `days` before the current one, and it, read on their
 * own: history.csv needs nothing else, so the extras worker makes it before it loads the site's data.
 */
export function readRecentHistory(days: number, path: string): RecentHistory {
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
