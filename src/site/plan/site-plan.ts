/**
 * Which outputs a build makes, for how many models: a pure function of the snapshot's counts, the
 * weight of each kind of output and the deploy target's limits (src/site/plan/hosts.ts). Like Hugo's
 * `disableKinds` and per-kind `outputs`, what the site emits is data, and nothing links to what it
 * left out (the site's data marks each model with the outputs it has).
 *
 * Every target keeps the leaderboard and its pages, every tag and benchmark page with all their
 * results, the benchmarks and tags lists, changes and its feed, about, the downloads with their
 * schemas and manifest, the ranking by a visitor's weights and its data (`rank.json`, never gzipped:
 * hosts compress it on the wire, and the page reads it whole; its models give way last, below), the snapshot file (the state a lost cache restores from), 404, robots, the sitemap and the search index of what is made. What gives
 * way, cheapest value first, always from the bottom of the model ranking up (the models people look
 * up first keep their pages):
 *
 * 1. where the whole site's size binds, the large downloads and the models' data files published
 *    gzipped (`scores.csv.gz`, `history.csv.gz`, `models/{model}.json.gz`): nothing is lost;
 * 2. pre-rendered comparisons of neighbouring models (the comparison page draws any of them);
 * 3. per-model Atom feeds (the changes feed and the tag feeds hold every model's changes);
 * 4. days of the leaderboard as it stood, the oldest first, but never the last 90 days, a month's
 *    end or the oldest day (src/site/data/past-history.ts);
 * 5. link-preview cards, then badges (pages without a card of their own use the site's);
 * 6. where the number of files binds, longer pages of results: benchmark and tag pages list 250,
 *    500, then 1,000 models a page;
 * 7. the pages of results past the first of each benchmark and tag (its best models stay on its
 *    page; every result is also on its configuration's page and in scores.csv);
 * 8. configuration pages (their content stays on their model's page);
 * 9. model pages (a model without one is on the leaderboard, its tags and benchmarks, the downloads,
 *    and the comparison page, drawn from a shared data file);
 * 10. the models rank.json holds, so that the ranking by a visitor's weights ranks the best models
 *    only: a model there costs a few hundred bytes, far less than its page, and a model far down by
 *    supraScore may lead under one capability's weight.
 *
 * When even the outputs every target keeps do not fit, the plan says so and the build refuses.
 */
import { HISTORY_DAYS } from '../links/output-paths.ts';
import { CSV_PART_BYTES, ownDataFiles, SHARED_FILE_MODELS } from '../links/output-paths.ts';
import type { OutputKind } from './output-kinds.ts';
import { DEPLOY_TARGETS, HOST_LIMITS, LIMIT_NAMES, MARGIN, overLimits, withMargin, type DeployTarget, type LimitName, type SiteFigures } from './hosts.ts';

/** One model's share of the field, in model rank order. */
export interface ModelCounts {
  configurations: number;
  /** Per-benchmark submissions of all its configurations. */
  scores: number;
  /** Per-benchmark submissions of its best configuration (what its data file and comparisons show). */
  bestScores: number;
}

/** What the plan is a function of: the snapshot's counts, read without loading the site's data. */
export interface FieldCounts {
  /** Best model first. */
  models: readonly ModelCounts[];
  benches: number;
  tags: number;
  /** Per benchmark: the models with a submission on it (its results are grouped by model). */
  benchResultModels: readonly number[];
  /** Per tag: the most models one of its lists holds (those carrying it, or those with a score on its benchmarks). */
  tagListModels: readonly number[];
  /** Snapshots of history the file holds, this one included. */
  historySnapshots: number;
  /**
   * The days of history (the newest snapshot of each date: src/site/data/past-history.ts): how many,
   * how many of them every target keeps (the last 90, month ends, the oldest), how many have a static
   * page, and the configurations the history names.
   */
  history: { days: number; alwaysKept: number; pages: number; configurations: number };
  /** Models that get a link-preview card of their own when nothing binds (CARD_MODELS). */
  cardModels: number;
  /** The snapshot file as /data/ publishes it (made before the plan, so its parts are known exactly; every target keeps it). */
  snapshotDb: { files: number; bytes: number };
}

/** Bytes per unit of each kind of output (decimal bytes). */
export interface Weights {
  modelPage: { base: number; perConfiguration: number; perScore: number };
  configurationPage: { base: number; perScore: number };
  /** A pre-rendered comparison: `perScore` for each submission of the two best configurations. */
  comparison: { base: number; perScore: number };
  modelFeed: { base: number };
  /** Both files: SVG and shields.io JSON. */
  badge: { base: number };
  card: { base: number };
  /** A model's data file (its entry in the manifest included): `perScore` for each submission of its best configuration. */
  modelFile: { base: number; perScore: number; groupGzipped: number };
  /** A search record: its fragment and its share of the index; `files` per record. */
  search: { perRecord: number; files: number };
  benchmarkPage: { perPage: number; perModel: number; perScore: number };
  /** Tag pages and each tag's feed: `perModel` for each model of its longer list. */
  tagPage: { perTag: number; perPage: number; perModel: number };
  leaderboard: { perPage: number; perModel: number };
  /** The downloads: per configuration (models.csv/json, leaderboard.json, model-list.json), per benchmark, per submission (scores.csv), per history cell (history.csv), and what gzip leaves of each of the two. */
  downloads: { perConfiguration: number; perBench: number; perScore: number; perHistoryCell: number; scoresGzipped: number; historyGzipped: number };
  /**
   * The files of the leaderboard as it stood: the names table per configuration the history names,
   * a day's file per configuration that day (and its fixed part), and what gzip leaves of them.
   */
  history: { perName: number; perCell: number; perDay: number; gzipped: number };
  /** `/rank/` and rank.json: the page (its rows and a field per tag) and the file (per model, per counting score of its best configuration, per benchmark). */
  rank: { page: number; perTag: number; perModel: number; perScore: number; perBench: number };
  /** The rest: the benchmarks and tags lists, the sitemap (per page), about, data, 404, scripts, styles, icons, the search runtime. */
  other: { perBench: number; perTag: number; perPage: number; bytes: number; files: number };
}

/**
 * Weights fitted on the 10,000-configuration site with a year of history, with and without
 * per-benchmark details for every configuration (dist measured by kind, each page's size regressed
 * on its model's counts; `npm run bench -- --size 10000 --history-days 365 --targets all` reports
 * the plan's estimate beside what the build measured). A build plans with these scaled by what the
 * previous build measured of each kind (src/publish/plan-weights.ts).
 */
export const DEFAULT_WEIGHTS: Weights = {
  modelPage: { base: 13_100, perConfiguration: 340, perScore: 90 },
  configurationPage: { base: 7_000, perScore: 580 },
  comparison: { base: 8_200, perScore: 45 },
  modelFeed: { base: 3_800 },
  badge: { base: 1_800 },
  card: { base: 22_000 },
  modelFile: { base: 3_350, perScore: 350, groupGzipped: 0.15 },
  search: { perRecord: 340, files: 1.01 },
  benchmarkPage: { perPage: 9_100, perModel: 215, perScore: 400 },
  tagPage: { perTag: 5_700, perPage: 4_900, perModel: 250 },
  leaderboard: { perPage: 5_000, perModel: 1_260 },
  history: { perName: 41, perCell: 7.6, perDay: 350, gzipped: 0.37 },
  downloads: { perConfiguration: 650, perBench: 820, perScore: 205, perHistoryCell: 14, scoresGzipped: 0.19, historyGzipped: 0.4 },
  rank: { page: 70_000, perTag: 300, perModel: 31, perScore: 7.3, perBench: 60 },
  other: { perBench: 870, perTag: 190, perPage: 75, bytes: 600_000, files: 60 },
};

/** Models a page of results lists, from the least to the most a plan may choose. */
export const RESULTS_PER_PAGE = [100, 250, 500, 1000] as const;

export interface SitePlan {
  target: DeployTarget | undefined;
  /** How many of the best models get each output. */
  keep: {
    modelPages: number;
    /** Models whose configurations get pages of their own. */
    configurationPages: number;
    /** Models whose comparison with the model just below is pre-rendered (both must be among them). */
    comparisons: number;
    modelFeeds: number;
    badges: number;
    cards: number;
    /** Days of history kept besides those every target keeps (the last 90, month ends, the oldest): the newest first. */
    pastDays: number;
    /** Models rank.json holds, best first: those /rank/ ranks by a visitor's weights. */
    rankModels: number;
  };
  /** Models a page of a benchmark's or a tag's results lists. */
  resultsPerPage: number;
  /** scores.csv, history.csv, the models' data files and the days of history published gzipped (`.gz`). */
  compressedDownloads: boolean;
  /** Benchmark and tag pages past the first (their results past the best `resultsPerPage` models). */
  deepResults: boolean;
  /** What the plan expects the site to weigh. */
  estimate: SiteFigures;
  /** When even what every target keeps is over a limit: that limit, in words. */
  refused: string | undefined;
}

/** What the render and the extras need of a plan. */
export type BuildPlan = Pick<SitePlan, 'target' | 'keep' | 'resultsPerPage' | 'compressedDownloads' | 'deepResults'>;

/** A plan while it is made: what it keeps, before it is weighed. */
type Draft = Omit<SitePlan, 'estimate' | 'refused' | 'target'>;

/**
 * The plan a build handed the render and the extras (src/site/plan/render-input.ts), with each count
 * at most the number of models; everything when there is none (a render outside a build).
 */
export function resolvePlan(given: BuildPlan | undefined, models: number, cardModels: number): BuildPlan {
  const all: BuildPlan = {
    target: undefined,
    keep: {
      modelPages: models,
      configurationPages: models,
      comparisons: models,
      modelFeeds: models,
      badges: models,
      cards: Math.min(cardModels, models),
      // Every day of the history, however many there are.
      pastDays: Number.MAX_SAFE_INTEGER,
      rankModels: models,
    },
    resultsPerPage: RESULTS_PER_PAGE[0],
    compressedDownloads: false,
    deepResults: true,
  };
  if (!given) return all;
  const keep = Object.fromEntries(Object.entries(all.keep).map(([k, v]) => [k, Math.max(0, Math.min(v, given.keep[k as keyof BuildPlan['keep']]))]));
  const { target, resultsPerPage, compressedDownloads, deepResults } = given;
  return { target, keep: keep as BuildPlan['keep'], resultsPerPage, compressedDownloads, deepResults };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Prefix sums of a per-model figure: `at(k)` is the sum over the best k models. */
function prefix(models: readonly ModelCounts[], f: (m: ModelCounts) => number): (k: number) => number {
  const sums = new Float64Array(models.length + 1);
  for (let i = 0; i < models.length; i++) sums[i + 1] = sums[i]! + f(models[i]!);
  return (k) => sums[Math.max(0, Math.min(k, models.length))]!;
}

export type KindFigures = Record<OutputKind, { files: number; bytes: number }>;

/** What a plan makes, counted and weighed, by kind of output. Pure: the same counts, weights and plan give the same figures. */
export function estimateKinds(counts: FieldCounts, weights: Weights, plan: Draft): KindFigures {
  const { models } = counts;
  const n = models.length;
  const { keep, resultsPerPage, compressedDownloads, deepResults } = plan;
  const configs = prefix(models, (m) => m.configurations);
  const scores = prefix(models, (m) => m.scores);
  const best = prefix(models, (m) => m.bestScores);
  const w = weights;
  const allConfigurations = configs(n);
  const allScores = scores(n);
  const pairs = Math.max(0, Math.min(keep.comparisons, n) - 1);
  const own = ownDataFiles(plan);
  const sharedFiles = Math.ceil((n - own) / SHARED_FILE_MODELS);
  const modelFileBytes = (from: number, to: number) => w.modelFile.base * (to - from) + w.modelFile.perScore * (best(to) - best(from));
  const pagesOf = (lists: readonly number[], all: number) =>
    deepResults ? lists.reduce((a, m) => a + Math.max(1, Math.ceil(m / resultsPerPage)), 0) + Math.max(0, all - lists.length) : all;
  // Models listed: all of them, or the first page's.
  const listed = (lists: readonly number[]) => (deepResults ? sum(lists) : lists.reduce((a, m) => a + Math.min(m, resultsPerPage), 0));
  const benchPages = pagesOf(counts.benchResultModels, counts.benches);
  const tagPages = pagesOf(counts.tagListModels, counts.tags);
  const benchListed = listed(counts.benchResultModels);
  // Submissions on the pages: those of the models listed, at the field's average per model and benchmark.
  const benchScores = sum(counts.benchResultModels) > 0 ? (allScores * benchListed) / sum(counts.benchResultModels) : 0;
  const leaderboardPages = Math.max(1, Math.ceil(n / 100));
  const records = keep.modelPages + counts.benches + counts.tags;
  const scoresCsv = allScores * w.downloads.perScore * (compressedDownloads ? w.downloads.scoresGzipped : 1);
  const historyCsv =
    allConfigurations * Math.min(counts.historySnapshots, HISTORY_DAYS) * w.downloads.perHistoryCell * (compressedDownloads ? w.downloads.historyGzipped : 1);
  const parts = (bytes: number) => Math.max(1, Math.ceil(bytes / CSV_PART_BYTES));
  const configurationPages = configs(keep.configurationPages);
  const { history } = counts;
  const days = Math.min(history.days, history.alwaysKept + Math.min(keep.pastDays, Math.max(0, history.days - history.alwaysKept)));
  const historyGzip = compressedDownloads ? w.history.gzipped : 1;
  const pages = keep.modelPages + configurationPages + pairs + benchPages + tagPages + leaderboardPages + history.pages;
  return {
    'model-page': {
      files: keep.modelPages,
      bytes: w.modelPage.base * keep.modelPages + w.modelPage.perConfiguration * configs(keep.modelPages) + w.modelPage.perScore * scores(keep.modelPages),
    },
    'model-feed': { files: keep.modelFeeds, bytes: w.modelFeed.base * keep.modelFeeds },
    badge: { files: 2 * keep.badges, bytes: w.badge.base * keep.badges },
    'configuration-page': {
      files: configurationPages,
      bytes: w.configurationPage.base * configurationPages + w.configurationPage.perScore * scores(keep.configurationPages),
    },
    comparison: { files: pairs, bytes: w.comparison.base * pairs + w.comparison.perScore * 2 * best(pairs + (pairs > 0 ? 1 : 0)) },
    // The leaderboard's and the site's cards, each tag's, and the best models'.
    card: { files: keep.cards + counts.tags + 3, bytes: w.card.base * (keep.cards + counts.tags + 2) },
    // One file per model with a page, the rest shared: the same bytes a model either way.
    // One file per model with one of its own, the others in groups of a hundred: the same bytes a model either way, unless gzipped.
    'model-file': {
      files: own + sharedFiles,
      bytes: compressedDownloads ? modelFileBytes(0, n) * w.modelFile.groupGzipped : modelFileBytes(0, n),
    },
    search: { files: Math.ceil(records * w.search.files) + 8, bytes: w.search.perRecord * records },
    'benchmark-page': {
      files: benchPages,
      bytes: w.benchmarkPage.perPage * benchPages + w.benchmarkPage.perModel * benchListed + w.benchmarkPage.perScore * benchScores,
    },
    'tag-page': {
      files: tagPages + counts.tags,
      bytes: w.tagPage.perTag * counts.tags + w.tagPage.perPage * tagPages + w.tagPage.perModel * listed(counts.tagListModels),
    },
    leaderboard: { files: leaderboardPages + 2, bytes: w.leaderboard.perPage * leaderboardPages + w.leaderboard.perModel * n },
    downloads: {
      files: parts(scoresCsv) + parts(historyCsv) + 24,
      bytes: w.downloads.perConfiguration * allConfigurations + w.downloads.perBench * counts.benches + scoresCsv + historyCsv,
    },
    // index.json, names.json, a file a day kept, the page drawn from them and the static pages of month ends (a leaderboard page each).
    history: {
      files: history.days > 0 ? 3 + days + history.pages : 0,
      bytes:
        history.days > 0
          ? historyGzip * (w.history.perName * history.configurations + days * (w.history.perDay + w.history.perCell * allConfigurations)) +
            (history.pages + 1) * (w.leaderboard.perPage + w.leaderboard.perModel * Math.min(n, 100))
          : 0,
    },
    rank: {
      files: 2,
      bytes:
        w.rank.page +
        w.rank.perTag * counts.tags +
        w.rank.perModel * keep.rankModels +
        w.rank.perScore * best(keep.rankModels) +
        w.rank.perBench * counts.benches,
    },
    'snapshot-db': { files: counts.snapshotDb.files, bytes: counts.snapshotDb.bytes },
    other: {
      files: w.other.files + Math.ceil(counts.benches / 250) + Math.ceil(pages / 45_000),
      bytes: w.other.bytes + w.other.perBench * counts.benches + w.other.perTag * counts.tags + w.other.perPage * pages,
    },
  };
}

/** What a plan makes, in the terms hosts limit. */
export function estimateSite(counts: FieldCounts, weights: Weights, plan: Draft): SiteFigures {
  const kinds = estimateKinds(counts, weights, plan);
  const n = counts.models.length;
  const { keep } = plan;
  const configs = prefix(counts.models, (m) => m.configurations);
  const folders: [string, number][] = [
    ['configurations', configs(keep.configurationPages)],
    ['models', keep.modelPages],
    ['compare', Math.max(0, Math.min(keep.comparisons, n) - 1) + 1],
    ['og/models', keep.cards],
    ['og/tags', counts.tags],
    ['data/models', ownDataFiles(plan)],
    ['data/model-groups', Math.ceil((n - ownDataFiles(plan)) / SHARED_FILE_MODELS)],
    ['pagefind/fragment', keep.modelPages + counts.benches + counts.tags],
    ['tags', counts.tags + 1],
    ['benchmarks', counts.benches + 2],
    ['leaderboard', Math.ceil(n / 100) + 1],
    ['data/history/days', kinds.history.files],
  ];
  const largestFolder = folders.reduce((a, b) => (b[1] > a[1] ? b : a));
  // The largest single file: a part of a CSV download, or models.json (every configuration in one file).
  const modelsJson = configs(n) * 270;
  const csv = Math.min(CSV_PART_BYTES, Math.max(kinds.downloads.bytes - configs(n) * weights.downloads.perConfiguration, 0));
  const largestFile = modelsJson > csv ? { path: 'data/models.json', bytes: modelsJson } : { path: 'data/scores.csv', bytes: csv };
  let files = 0;
  let bytes = 0;
  for (const k of Object.values(kinds)) {
    files += k.files;
    bytes += k.bytes;
  }
  return { files, bytes: Math.round(bytes), largestFolder: { path: largestFolder[0], entries: largestFolder[1] }, largestFile };
}

/** Weights scaled, kind by kind, by what a build measured against what the plan expected of it (1 where either is missing). */
export function scaleWeights(weights: Weights, scale: Partial<Record<OutputKind, number>>): Weights {
  const by =
    (factor: number | undefined) =>
    <T extends Record<string, number>>(w: T): T =>
      Object.fromEntries(Object.entries(w).map(([k, v]) => [k, k === 'files' ? v : v * (factor && Number.isFinite(factor) ? factor : 1)])) as T;
  return {
    modelPage: by(scale['model-page'])(weights.modelPage),
    configurationPage: by(scale['configuration-page'])(weights.configurationPage),
    comparison: by(scale.comparison)(weights.comparison),
    modelFeed: by(scale['model-feed'])(weights.modelFeed),
    badge: by(scale.badge)(weights.badge),
    card: by(scale.card)(weights.card),
    modelFile: by(scale['model-file'])(weights.modelFile),
    search: by(scale.search)(weights.search),
    benchmarkPage: by(scale['benchmark-page'])(weights.benchmarkPage),
    tagPage: by(scale['tag-page'])(weights.tagPage),
    leaderboard: by(scale.leaderboard)(weights.leaderboard),
    history: { ...by(scale.history)(weights.history), gzipped: weights.history.gzipped },
    downloads: {
      ...by(scale.downloads)(weights.downloads),
      scoresGzipped: weights.downloads.scoresGzipped,
      historyGzipped: weights.downloads.historyGzipped,
    },
    rank: by(scale.rank)(weights.rank),
    other: by(scale.other)(weights.other),
  };
}

/** Everything, as a site with no target (or a bucket) has it; at most `maxModelPages` models with a page (MODEL_PAGES), and what goes with one. */
export function fullPlan(counts: FieldCounts, maxModelPages = Infinity): Draft {
  const n = Math.min(counts.models.length, maxModelPages);
  return {
    keep: {
      modelPages: n,
      configurationPages: n,
      comparisons: n,
      modelFeeds: n,
      badges: n,
      cards: Math.min(counts.cardModels, n),
      pastDays: Math.max(0, counts.history.days - counts.history.alwaysKept),
      rankModels: counts.models.length,
    },
    resultsPerPage: RESULTS_PER_PAGE[0],
    compressedDownloads: false,
    deepResults: true,
  };
}

/** The limits of `target` a plan aims under (the margin taken off), as a check of figures. */
function fitsTarget(target: DeployTarget): (f: SiteFigures) => boolean {
  const limits = HOST_LIMITS[target];
  const allowed = Object.fromEntries(LIMIT_NAMES.filter((n) => limits[n]).map((n) => [n, withMargin(limits[n]!)])) as Partial<Record<LimitName, number>>;
  return (f) =>
    (allowed.files === undefined || f.files <= allowed.files) &&
    (allowed.folderEntries === undefined || f.largestFolder.entries <= allowed.folderEntries) &&
    (allowed.fileBytes === undefined || f.largestFile.bytes <= allowed.fileBytes) &&
    (allowed.totalBytes === undefined || f.bytes <= allowed.totalBytes);
}

/** The most k in [lo, hi] for which `ok(k)` holds, where ok is true up to some k and false above it; lo - 1 when none. */
function most(lo: number, hi: number, ok: (k: number) => boolean): number {
  let a = lo - 1;
  let b = hi;
  while (a < b) {
    const mid = Math.ceil((a + b + 1) / 2);
    if (ok(mid)) a = mid;
    else b = mid - 1;
  }
  return a;
}

/**
 * The plan for `target`: everything when there is no target or everything fits; otherwise each lever
 * in turn, cheapest value first, gives way just as far as the site needs to fit.
 */
export function planSite(counts: FieldCounts, weights: Weights, target: DeployTarget | undefined, maxModelPages = Infinity): SitePlan {
  const full = fullPlan(counts, maxModelPages);
  const estimate = (d: Draft) => estimateSite(counts, weights, d);
  if (!target) return { ...full, target, estimate: estimate(full), refused: undefined };
  const fits = fitsTarget(target);
  let draft: Draft = structuredClone(full);
  const done = () => fits(estimate(draft));
  const with_ = (change: (d: Draft) => void): Draft => {
    const d = structuredClone(draft);
    change(d);
    return d;
  };
  /** The most of keep[key] that fits with the rest of the draft as it is (and every output tied to it no more than it), at least 0. */
  const mostOf = (key: keyof Draft['keep'], top: number, tied: (keyof Draft['keep'])[] = []) =>
    Math.max(
      0,
      most(0, top, (k) => fits(estimate(with_((d) => setKeep(d, key, k, tied))))),
    );
  const limits = HOST_LIMITS[target];
  // A lever that saves bytes is pulled where bytes bind, one that saves files where files bind.
  const over = (name: LimitName, f: (s: SiteFigures) => number) => limits[name] !== undefined && f(estimate(draft)) > withMargin(limits[name]!);
  /** A lever lowers one kind of output as far as the site needs; `raise` gives back what a later lever made room for. */
  interface Lever {
    pull(): void;
    raise(): void;
  }
  const count = (key: keyof Draft['keep'], tied: (keyof Draft['keep'])[] = []): Lever => ({
    pull: () => {
      if (!done()) draft = with_((d) => setKeep(d, key, mostOf(key, d.keep[key], tied), tied));
    },
    raise: () => {
      const top = full.keep[key];
      // What a model has is capped by the models with a page; days of history are not a model's.
      const cap = key === 'modelPages' || key === 'pastDays' || key === 'rankModels' ? top : Math.min(top, draft.keep.modelPages);
      draft = with_((d) => setKeep(d, key, Math.max(d.keep[key], mostOf(key, cap)), []));
    },
  });
  const flag = (pull: (d: Draft) => void, undo: (d: Draft) => void, when: () => boolean = () => !done()): Lever => ({
    pull: () => {
      if (when()) draft = with_(pull);
    },
    raise: () => {
      const undone = with_(undo);
      if (fits(estimate(undone))) draft = undone;
    },
  });
  const levers: Lever[] = [
    flag(
      (d) => (d.compressedDownloads = true),
      (d) => (d.compressedDownloads = false),
      () => over('totalBytes', (f) => f.bytes),
    ),
    count('comparisons'),
    count('modelFeeds'),
    count('pastDays'),
    count('cards'),
    count('badges'),
    {
      pull: () => {
        for (const size of RESULTS_PER_PAGE) {
          if (!over('files', (f) => f.files)) return;
          draft = with_((d) => (d.resultsPerPage = size));
        }
      },
      raise: () => {
        for (const size of RESULTS_PER_PAGE) {
          if (size >= draft.resultsPerPage) return;
          const shorter = with_((d) => (d.resultsPerPage = size));
          if (fits(estimate(shorter))) {
            draft = shorter;
            return;
          }
        }
      },
    },
    flag(
      (d) => (d.deepResults = false),
      (d) => (d.deepResults = true),
    ),
    count('configurationPages'),
    // A model without a page has no feed, badge, card, comparison or configuration pages either.
    count('modelPages', ['configurationPages', 'comparisons', 'modelFeeds', 'badges', 'cards']),
    count('rankModels'),
  ];
  // Each lever in turn, cheapest value first, as far as needed; then what the last one pulled made
  // room for goes back to the ones before it, the most valuable first.
  let last = -1;
  levers.forEach((lever, i) => {
    if (done()) return;
    lever.pull();
    last = i;
  });
  for (let i = last - 1; i >= 0; i--) levers[i]!.raise();
  // A comparison needs two models.
  if (draft.keep.comparisons < 2) draft.keep.comparisons = 0;
  const figures = estimate(draft);
  const still = overLimits(target, figures, MARGIN);
  return { ...draft, target, estimate: figures, refused: still.length ? still.join('; ') : undefined };
}

function setKeep(d: Draft, key: keyof Draft['keep'], k: number, tied: (keyof Draft['keep'])[]): void {
  d.keep[key] = k;
  for (const t of tied) d.keep[t] = Math.min(d.keep[t], k);
}

/**
 * What a plan leaves out, in words for the build's summary and the about page ("model pages only for
 * the 12,000 best of 34,810 models"); empty when it makes everything. `models` in model rank order.
 */
export function leftOutOf(
  plan: BuildPlan,
  models: readonly { configurations: number }[],
  cardModels: number,
  history: Pick<FieldCounts['history'], 'days' | 'alwaysKept'> = { days: 0, alwaysKept: 0 },
): string[] {
  const n = models.length;
  const count = (k: number) => k.toLocaleString('en-US');
  const configurations = sum(models.map((m) => m.configurations));
  const only = (k: number, what: string) => (k >= n ? undefined : k <= 0 ? `no ${what}` : `${what} only for the ${count(k)} best of ${count(n)} models`);
  const { keep } = plan;
  const out = [
    only(keep.modelPages, 'model pages'),
    keep.configurationPages < n &&
      (keep.configurationPages === 0
        ? 'no configuration pages (each model’s page lists its configurations)'
        : `configuration pages only for those of the ${count(keep.configurationPages)} best models (${count(
            sum(models.slice(0, keep.configurationPages).map((m) => m.configurations)),
          )} of ${count(configurations)})`),
    only(keep.comparisons, 'pre-rendered comparisons'),
    only(keep.modelFeeds, 'model feeds'),
    only(keep.rankModels, 'the ranking by your weights'),
    only(keep.badges, 'rank badges'),
    keep.cards < Math.min(cardModels, n) && only(keep.cards, 'link-preview cards'),
    plan.resultsPerPage > RESULTS_PER_PAGE[0] && `${count(plan.resultsPerPage)} models a page of a benchmark’s or a tag’s results`,
    !plan.deepResults && `a benchmark’s or a tag’s results only for its ${count(plan.resultsPerPage)} best models (every result is in scores.csv)`,
    keep.pastDays < history.days - history.alwaysKept &&
      `days of the leaderboard as it stood older than 90 days only at each month’s end and the oldest day${
        keep.pastDays > 0 ? `, and the newest ${count(keep.pastDays)} of the other ${count(history.days - history.alwaysKept)}` : ''
      }`,
    plan.compressedDownloads && 'scores.csv, history.csv, the models’ data files and the days of history gzipped (.gz)',
  ];
  return out.filter((x): x is string => typeof x === 'string');
}

export { DEPLOY_TARGETS };
