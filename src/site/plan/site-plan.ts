/**
 * Which outputs a build makes, for how many models: a pure function of the snapshot's counts, the
 * weight of each kind of output and the deploy target's limits (src/site/plan/hosts.ts). Like Hugo's
 * `disableKinds` and per-kind `outputs`, what the site emits is data, and nothing links to what it
 * left out (the site's data marks each model with the outputs it has).
 *
 * Every target keeps the leaderboard and its pages, every tag and benchmark page with all their
 * results, the benchmarks and tags lists, changes and its feed, about, the downloads with their
 * schemas and manifest, the ranking by a visitor's weights and its data (`rank.json`, never gzipped:
 * hosts compress it on the wire, and the page reads it whole; its models give way last), every
 * vendor's page and feed, the snapshot file (the state a lost cache restores from), 404, robots, the
 * sitemap and the search index of what is made. What gives way, cheapest value first, always from the bottom of the model ranking up (the models people look
 * up first keep their pages), is GIVE_WAY, in the table of page kinds (src/site/plan/page-kinds.ts).
 *
 * When even the outputs every target keeps do not fit, the plan says so and the build refuses.
 */
import { CSV_PART_BYTES, HISTORY_DAYS, ownDataFiles, SHARED_FILE_MODELS } from '../links/output-paths.ts';
import { LEADERBOARD_PAGE_SIZE } from '../lists/pagination.ts';
import { DEFAULT_SITE_URL } from '../links/site-url.ts';
import type { OutputKind } from './output-kinds.ts';
import { GIVE_WAY, type GiveWay } from './page-kinds.ts';
import { DEPLOY_TARGETS, HOST_LIMITS, LIMIT_NAMES, MARGIN, overLimits, withMargin, type DeployTarget, type LimitName, type SiteFigures } from './hosts.ts';

/** One model's share of the field, in model rank order: what its outputs show. */
export interface ModelCounts {
  configurations: number;
  /** Per-benchmark submissions of all its configurations. */
  scores: number;
  /** Per-benchmark submissions of its best configuration (what its data file shows). */
  bestScores: number;
  /** Benchmarks any of its configurations has a submission on: its page's table of scores has a row for each, a cell per configuration. */
  benches: number;
  /** Tags of its configurations, each configuration's counted (its page lists them by configuration, and so do their pages). */
  configurationTags: number;
  /** What its row on the leaderboard shows of its tags: the first TAGS_SHOWN, and how many more (src/site/lists/leaderboard.ts). */
  tagsShown: number;
  /** Snapshots of the charts' window (HISTORY_CHART_POINTS) that hold it: the points of its page's charts. */
  historyPoints: number;
  /** The same for each of its configurations, summed: the points of their pages' charts. */
  configurationHistoryPoints: number;
  /** Benchmarks on which its best configuration and the next model's both have a counting submission: the rows of their pre-rendered comparison. */
  sharedWithNext: number;
}

/** What the plan is a function of: the snapshot's counts, read without loading the site's data (src/site/plan/field-counts.ts). */
export interface FieldCounts {
  /** Best model first. */
  models: readonly ModelCounts[];
  benches: number;
  tags: number;
  /** Vendors of the configurations: the leaderboard's filter lists each, and each tag a model carries, on every page of it. */
  providers: number;
  /** Per vendor of a model's best configuration, its models (every model is on its vendor's page): a page and a feed each, most models first. */
  providerModels: readonly number[];
  /**
   * Per benchmark, by slug: the models with a submission on it and its submissions (its pages of
   * results: a group per model, a row per submission), and the submissions of its best
   * RESULTS_PER_PAGE[i] models (its first page's).
   */
  benchResults: ReadonlyMap<string, { models: number; rows: number; firstRows: readonly number[] }>;
  /** Per tag: the models carrying it and those with a counting score on its benchmarks (its two rankings), and its benchmarks (every page of it lists them). */
  tagLists: ReadonlyMap<string, { carrying: number; measured: number; benches: number }>;
  /** Snapshots of history the file holds, this one included. */
  historySnapshots: number;
  /** The recent changes a model's page lists: RECENT_CHANGES_PER_MODEL once the history holds that many earlier snapshots. */
  recentChanges: number;
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
  /** The lengths of the site's address (SITE_URL): its base path is in every link of the site, its origin in every absolute address. */
  address: { base: number; origin: number };
}

/** The site's address the weights are fitted at; another one changes every page by its links (Weights.address). */
export const FITTED_AT = new URL(DEFAULT_SITE_URL);

/** The lengths of an address as the plan counts them. */
export const addressOf = (url: URL): FieldCounts['address'] => ({ base: url.pathname.length, origin: url.origin.length });

/**
 * Bytes (decimal) of each kind of output, per thing it shows: a page's size is a sum over what it
 * shows (its rows, cells, tags, points of history) of what each of them takes in its markup.
 */
export interface Weights {
  /**
   * A model's page: its configurations' rows (`perConfiguration`, `perTag` of each), its table of
   * scores (`perBench` a row, `perCell` a cell of a row, `perScore` what a score takes in a cell more
   * or less than "no score"), its charts (`perHistoryPoint`), its recent changes, and where the plan
   * makes them its badge's section, its feed's link and a link to each pre-rendered comparison.
   */
  modelPage: {
    base: number;
    perConfiguration: number;
    perScore: number;
    perBench: number;
    perCell: number;
    perTag: number;
    perHistoryPoint: number;
    perRecentChange: number;
    badge: number;
    feed: number;
    perComparison: number;
  };
  /** A configuration's page: its submissions' rows, its model's configurations (`perSibling`, where it has more than one), its tags and its chart. */
  configurationPage: { base: number; perScore: number; perSibling: number; perTag: number; perHistoryPoint: number };
  /** A pre-rendered comparison: a row per benchmark the two best configurations share. */
  comparison: { base: number; perShared: number };
  /** A model's feed: an entry per recent change. */
  modelFeed: { base: number; perChange: number };
  /** Both files: SVG and shields.io JSON. */
  badge: { base: number };
  /** Link-preview cards: the site's two (and the list of cards), a model's, a tag's. */
  card: { base: number; perModel: number; perTag: number };
  /**
   * A model's data file: its configurations, each submission of its best configuration, its points
   * of history; in a gzipped file of a hundred models', what gzip leaves of its submissions and of the rest.
   */
  modelFile: { base: number; perScore: number; perConfiguration: number; perHistoryPoint: number; scoresGzipped: number; restGzipped: number };
  /** A search record: its fragment and its share of the index; `files` per record. */
  search: { perRecord: number; files: number };
  /** A benchmark's pages: `perBench` once (its figures, chart and tags), `perPage` each, a group per model and a row per submission listed. */
  benchmarkPage: { perBench: number; perPage: number; perModel: number; perRow: number };
  /**
   * A tag's pages and feed: `perTag` once (the feed's fixed part with it), `perPage` each, its
   * benchmarks on each page (and the measured ranking's explanation where it has any), each
   * ranking's table where a page has rows of it and a row per model of it, and in its feed the
   * models that carry it, up to TAG_FEED_MODELS, in each of its entries (one per recent change).
   */
  tagPage: {
    perTag: number;
    perPage: number;
    perBenchedPage: number;
    perBenchListed: number;
    carryingTable: number;
    perCarrying: number;
    measuredTable: number;
    perMeasured: number;
    perFeedModel: number;
  };
  /**
   * The leaderboard's pages: each with its filter's options (a tag a model carries, a vendor), a row
   * per model, the list of its configurations where it has several, the first tags of it.
   */
  leaderboard: { perPage: number; perTagOption: number; perProviderOption: number; perModel: number; perConfiguration: number; perTag: number };
  /**
   * The downloads: per configuration (models.csv/json, leaderboard.json, model-list.json), per
   * benchmark, per submission (scores.csv), per history cell (history.csv), and what gzip leaves of
   * each of the two; and the manifest's entry of each file it lists (the models' data files, the days of history).
   */
  downloads: {
    perConfiguration: number;
    perBench: number;
    perScore: number;
    perHistoryCell: number;
    perListedFile: number;
    scoresGzipped: number;
    historyGzipped: number;
  };
  /**
   * The files of the leaderboard as it stood: the names table per configuration the history names,
   * a day's file per configuration that day (its place among those names, in as many digits as it
   * takes, and `perCell` more) and its fixed part, and what gzip leaves of them.
   */
  history: { perName: number; perCell: number; perDay: number; gzipped: number };
  /** A vendor's page and feed (`base`), and a row per model of it (its configurations and tags with it, on average). */
  providerPage: { base: number; perModel: number };
  /** `/rank/` and rank.json: the page (its rows and a field per tag) and the file (per model, per counting score of its best configuration, per benchmark). */
  rank: { page: number; perTag: number; perModel: number; perScore: number; perBench: number };
  /** The rest: the benchmarks and tags lists, the sitemap (per page), about, data, 404, scripts, styles, icons, the search runtime. */
  other: { perBench: number; perTag: number; perPage: number; bytes: number; files: number };
  /**
   * What a character more of the site's address than FITTED_AT's adds to a kind of output, as a
   * share of its bytes: of its base path (in every link), of its origin (in every absolute address:
   * canonical links, feeds, the sitemap).
   */
  address: Partial<Record<OutputKind, { perBaseChar: number; perOriginChar: number }>>;
}

/**
 * Fitted page by page by `npm run fit-weights` on seven sites of the bench's generated field (10,000
 * configurations × 365 days with details and without, for no target, GitHub Pages and Cloudflare
 * Pages Free; 50,000 × 365 for GitHub Pages with details and without, and for Cloudflare Pages with
 * details), some measured apart (FIXED in src/dev/weights/page-samples.ts); how close they come, and
 * the margin a plan keeps for the rest: docs/deploy.md. A build plans with these scaled by what the
 * previous build of its folder measured (src/publish/build-plan.ts).
 */
export const DEFAULT_WEIGHTS: Weights = {
  modelPage: {
    base: 8060,
    perConfiguration: 278,
    perScore: -44,
    perBench: 139,
    perCell: 55.6,
    perTag: 76.7,
    perHistoryPoint: 11.9,
    perRecentChange: 447,
    badge: 1190,
    feed: 215,
    perComparison: 215,
  },
  configurationPage: { base: 6010, perScore: 578, perSibling: 296, perTag: 75.3, perHistoryPoint: 5.86 },
  comparison: { base: 8390, perShared: 804 },
  modelFeed: { base: 650, perChange: 620 },
  badge: { base: 1770 },
  card: { base: 84_300, perModel: 19_100, perTag: 23_300 },
  modelFile: { base: 532, perScore: 344, perConfiguration: 300, perHistoryPoint: 25.3, scoresGzipped: 0.145, restGzipped: 0.182 },
  search: { perRecord: 340, files: 1.01 },
  benchmarkPage: { perBench: 3880, perPage: 5320, perModel: 304, perRow: 307 },
  tagPage: {
    perTag: 989,
    perPage: 2630,
    perBenchedPage: -606,
    perBenchListed: 160,
    carryingTable: 3680,
    perCarrying: 220,
    measuredTable: 3860,
    perMeasured: 222,
    perFeedModel: 97.7,
  },
  leaderboard: { perPage: 8440, perTagOption: 72, perProviderOption: 60, perModel: 676, perConfiguration: 130, perTag: 59.3 },
  history: { perName: 41, perCell: 2.95, perDay: 350, gzipped: 0.37 },
  downloads: { perConfiguration: 650, perBench: 820, perScore: 205, perHistoryCell: 14, perListedFile: 160, scoresGzipped: 0.19, historyGzipped: 0.4 },
  // Fitted on the 69 vendors' pages and feeds of a site of 10,000 configurations × 365 days (a line through each page's bytes by its rows; the feeds' mean).
  providerPage: { base: 10_060, perModel: 1_040 },
  rank: { page: 70_000, perTag: 300, perModel: 31, perScore: 7.3, perBench: 60 },
  other: { perBench: 870, perTag: 190, perPage: 75, bytes: 600_000, files: 60 },
  address: {
    'model-page': { perBaseChar: 0.0042, perOriginChar: 0.00056 },
    'model-feed': { perBaseChar: 0.0036, perOriginChar: 0.0035 },
    'configuration-page': { perBaseChar: 0.004, perOriginChar: 0.00038 },
    comparison: { perBaseChar: 0.0036, perOriginChar: 0.00033 },
    'model-file': { perBaseChar: 0.0007, perOriginChar: 0 },
    'benchmark-page': { perBaseChar: 0.0033, perOriginChar: 0.00053 },
    'tag-page': { perBaseChar: 0.0047, perOriginChar: 0.00039 },
    leaderboard: { perBaseChar: 0.0035, perOriginChar: 0 },
    history: { perBaseChar: 0.00026, perOriginChar: 0 },
    other: { perBaseChar: 0.0111, perOriginChar: 0.009 },
  },
};

/** Changed models an entry of a tag's feed names (src/site/files/feed.ts); the others it counts. */
export const TAG_FEED_MODELS = 10;

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
    /** Models a vendor's page lists, its best first (every one is on the leaderboard, which filters by vendor). */
    providerRows: number;
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
      providerRows: models,
    },
    resultsPerPage: RESULTS_PER_PAGE[0],
    compressedDownloads: false,
    deepResults: true,
  };
  if (!given) return all;
  // A plan kept by an earlier version may lack a field of today's: it keeps all of that.
  const keep = Object.fromEntries(Object.entries(all.keep).map(([k, v]) => [k, Math.max(0, Math.min(v, given.keep[k as keyof BuildPlan['keep']] ?? v))]));
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

/** The per-model sums a plan weighs, over the best k models; made once per field's counts (a plan weighs hundreds of drafts). */
function modelSums(models: readonly ModelCounts[]) {
  return {
    configurations: prefix(models, (m) => m.configurations),
    scores: prefix(models, (m) => m.scores),
    best: prefix(models, (m) => m.bestScores),
    benches: prefix(models, (m) => m.benches),
    cells: prefix(models, (m) => m.benches * m.configurations),
    configurationTags: prefix(models, (m) => m.configurationTags),
    historyPoints: prefix(models, (m) => m.historyPoints),
    configurationHistoryPoints: prefix(models, (m) => m.configurationHistoryPoints),
    shared: prefix(models, (m) => m.sharedWithNext),
    // A configuration's page lists its model's configurations where there are several; so does the model's row.
    siblings: prefix(models, (m) => (m.configurations > 1 ? m.configurations * m.configurations : 0)),
    listed: prefix(models, (m) => (m.configurations > 1 ? m.configurations : 0)),
    tagsShown: prefix(models, (m) => m.tagsShown),
  };
}
const sumsOf = new WeakMap<readonly ModelCounts[], ReturnType<typeof modelSums>>();
function sumsFor(models: readonly ModelCounts[]): ReturnType<typeof modelSums> {
  let at = sumsOf.get(models);
  if (!at) sumsOf.set(models, (at = modelSums(models)));
  return at;
}

export type KindFigures = Record<OutputKind, { files: number; bytes: number }>;

/** The digits of the numbers 0 to n - 1, on average: a day of history names each configuration by its place among n. */
export function averageDigits(n: number): number {
  let digits = 0;
  for (let from = 0, d = 1; from < n; from = from === 0 ? 10 : from * 10, d++) digits += d * (Math.min(n, from === 0 ? 10 : from * 10) - from);
  return n > 0 ? digits / n : 0;
}

/** What a plan makes, counted and weighed, by kind of output. Pure: the same counts, weights and plan give the same figures. */
export function estimateKinds(counts: FieldCounts, weights: Weights, plan: Draft): KindFigures {
  const kinds = kindsAtFittedAddress(counts, weights, plan);
  for (const [kind, share] of Object.entries(weights.address) as [OutputKind, { perBaseChar: number; perOriginChar: number }][])
    kinds[kind].bytes *= addressFactor(counts.address, share);
  return kinds;
}

/** How much a kind of output weighs at `address` against FITTED_AT: 1.1 is a tenth more. */
export function addressFactor(address: FieldCounts['address'], share: { perBaseChar: number; perOriginChar: number } | undefined): number {
  if (!share) return 1;
  const at = addressOf(FITTED_AT);
  return 1 + share.perBaseChar * (address.base - at.base) + share.perOriginChar * (address.origin - at.origin);
}

/** The kinds of output a plan makes, weighed as at FITTED_AT. */
function kindsAtFittedAddress(counts: FieldCounts, weights: Weights, plan: Draft): KindFigures {
  const { models } = counts;
  const n = models.length;
  const { keep, resultsPerPage, compressedDownloads, deepResults } = plan;
  const at = sumsFor(models);
  const w = weights;
  const allConfigurations = at.configurations(n);
  const allScores = at.scores(n);
  const pairs = Math.max(0, Math.min(keep.comparisons, n) - 1);
  const own = ownDataFiles(plan);
  const sharedFiles = Math.ceil((n - own) / SHARED_FILE_MODELS);
  const mf = w.modelFile;
  // The models' data files: each its own, or gzipped in groups (where the plan gzips them, every model's).
  const modelFileScores = mf.perScore * at.best(n);
  const modelFileRest = mf.base * n + mf.perConfiguration * allConfigurations + mf.perHistoryPoint * at.historyPoints(n);
  const modelFileBytes = compressedDownloads ? mf.scoresGzipped * modelFileScores + mf.restGzipped * modelFileRest : modelFileScores + modelFileRest;
  // A benchmark's or tag's pages: enough for its longer list at resultsPerPage models a page, or its first page alone.
  const pagesFor = (models: number) => (deepResults ? Math.max(1, Math.ceil(models / resultsPerPage)) : 1);
  const upTo = (models: number) => (deepResults ? models : Math.min(models, resultsPerPage));
  // The pages a list of results has rows on.
  const tables = (models: number) => (deepResults ? Math.ceil(models / resultsPerPage) : Math.min(1, models));
  const first = RESULTS_PER_PAGE.indexOf(resultsPerPage as (typeof RESULTS_PER_PAGE)[number]);
  let benchPages = 0;
  let benchGroups = 0;
  let benchRows = 0;
  for (const b of counts.benchResults.values()) {
    benchPages += pagesFor(b.models);
    benchGroups += upTo(b.models);
    benchRows += deepResults || first < 0 ? b.rows : b.firstRows[first]!;
  }
  // Benchmarks without a submission have a page of their own too.
  benchPages += Math.max(0, counts.benches - counts.benchResults.size);
  let tagPages = 0;
  let benchedPages = 0;
  let tagBenchesListed = 0;
  let tagCarrying = 0;
  let tagMeasured = 0;
  let carryingTables = 0;
  let measuredTables = 0;
  let tagFeedModels = 0;
  for (const t of counts.tagLists.values()) {
    const pages = pagesFor(Math.max(t.carrying, t.measured));
    tagPages += pages;
    if (t.benches > 0) benchedPages += pages;
    tagBenchesListed += pages * t.benches;
    tagCarrying += upTo(t.carrying);
    tagMeasured += upTo(t.measured);
    carryingTables += tables(t.carrying);
    measuredTables += tables(t.measured);
    tagFeedModels += counts.recentChanges * Math.min(t.carrying, TAG_FEED_MODELS);
  }
  const leaderboardPages = Math.max(1, Math.ceil(n / LEADERBOARD_PAGE_SIZE));
  let tagOptions = 0;
  for (const t of counts.tagLists.values()) if (t.carrying > 0) tagOptions++;
  const records = keep.modelPages + counts.benches + counts.tags;
  const scoresCsv = allScores * w.downloads.perScore * (compressedDownloads ? w.downloads.scoresGzipped : 1);
  const historyCsv =
    allConfigurations * Math.min(counts.historySnapshots, HISTORY_DAYS) * w.downloads.perHistoryCell * (compressedDownloads ? w.downloads.historyGzipped : 1);
  const parts = (bytes: number) => Math.max(1, Math.ceil(bytes / CSV_PART_BYTES));
  const k = keep.modelPages;
  const configurationPages = at.configurations(keep.configurationPages);
  const { history } = counts;
  const days = Math.min(history.days, history.alwaysKept + Math.min(keep.pastDays, Math.max(0, history.days - history.alwaysKept)));
  const historyGzip = compressedDownloads ? w.history.gzipped : 1;
  const historyFiles = history.days > 0 ? 2 + days : 0;
  const pages = k + configurationPages + pairs + benchPages + tagPages + leaderboardPages + history.pages;
  const mp = w.modelPage;
  const cp = w.configurationPage;
  const lb = w.leaderboard;
  // A page of the leaderboard, its filter's options, and a row of each of its models (the best ones), as the pages of past days show them.
  const leaderboardPage = lb.perPage + lb.perTagOption * tagOptions + lb.perProviderOption * counts.providers;
  const firstPage = Math.min(n, LEADERBOARD_PAGE_SIZE);
  const rowOfBest = lb.perModel + (lb.perConfiguration * at.listed(firstPage) + lb.perTag * at.tagsShown(firstPage)) / Math.max(1, firstPage);
  return {
    'model-page': {
      files: k,
      bytes:
        mp.base * k +
        mp.perConfiguration * at.configurations(k) +
        mp.perScore * at.scores(k) +
        mp.perBench * at.benches(k) +
        mp.perCell * at.cells(k) +
        mp.perTag * at.configurationTags(k) +
        mp.perHistoryPoint * at.historyPoints(k) +
        mp.perRecentChange * counts.recentChanges * k +
        mp.badge * Math.min(keep.badges, k) +
        mp.feed * Math.min(keep.modelFeeds, k) +
        // Each pre-rendered comparison is linked from both its models' pages.
        mp.perComparison * 2 * pairs,
    },
    'model-feed': { files: keep.modelFeeds, bytes: (w.modelFeed.base + w.modelFeed.perChange * counts.recentChanges) * keep.modelFeeds },
    badge: { files: 2 * keep.badges, bytes: w.badge.base * keep.badges },
    'configuration-page': {
      files: configurationPages,
      bytes:
        cp.base * configurationPages +
        cp.perScore * at.scores(keep.configurationPages) +
        cp.perSibling * at.siblings(keep.configurationPages) +
        cp.perTag * at.configurationTags(keep.configurationPages) +
        cp.perHistoryPoint * at.configurationHistoryPoints(keep.configurationPages),
    },
    comparison: { files: pairs, bytes: w.comparison.base * pairs + w.comparison.perShared * at.shared(pairs) },
    // The leaderboard's and the site's cards, each tag's, and the best models'.
    card: { files: keep.cards + counts.tags + 3, bytes: w.card.base + w.card.perModel * keep.cards + w.card.perTag * counts.tags },
    // One file per model with one of its own, the others in groups of a hundred: the same bytes a model either way, unless gzipped.
    'model-file': { files: own + sharedFiles, bytes: modelFileBytes },
    search: { files: Math.ceil(records * w.search.files) + 8, bytes: w.search.perRecord * records },
    'benchmark-page': {
      files: benchPages,
      bytes:
        w.benchmarkPage.perBench * counts.benches +
        w.benchmarkPage.perPage * benchPages +
        w.benchmarkPage.perModel * benchGroups +
        w.benchmarkPage.perRow * benchRows,
    },
    'tag-page': {
      files: tagPages + counts.tags,
      bytes:
        w.tagPage.perTag * counts.tags +
        w.tagPage.perPage * tagPages +
        w.tagPage.perBenchedPage * benchedPages +
        w.tagPage.perBenchListed * tagBenchesListed +
        w.tagPage.carryingTable * carryingTables +
        w.tagPage.perCarrying * tagCarrying +
        w.tagPage.measuredTable * measuredTables +
        w.tagPage.perMeasured * tagMeasured +
        w.tagPage.perFeedModel * tagFeedModels,
    },
    leaderboard: {
      files: leaderboardPages + 2,
      bytes: leaderboardPage * leaderboardPages + lb.perModel * n + lb.perConfiguration * at.listed(n) + lb.perTag * at.tagsShown(n),
    },
    downloads: {
      files: parts(scoresCsv) + parts(historyCsv) + 24,
      bytes:
        w.downloads.perConfiguration * allConfigurations +
        w.downloads.perBench * counts.benches +
        scoresCsv +
        historyCsv +
        // The manifest lists every data file and every day of history.
        w.downloads.perListedFile * (own + sharedFiles + historyFiles),
    },
    // index.json, names.json, a file a day kept, the page drawn from them and the static pages of month ends (a leaderboard page each).
    history: {
      files: history.days > 0 ? 3 + days + history.pages : 0,
      bytes:
        history.days > 0
          ? historyGzip *
              (w.history.perName * history.configurations +
                days * (w.history.perDay + (w.history.perCell + averageDigits(history.configurations)) * allConfigurations)) +
            (history.pages + 1) * (leaderboardPage + rowOfBest * firstPage)
          : 0,
    },
    'provider-page': {
      files: 2 * counts.providerModels.length,
      bytes:
        w.providerPage.base * counts.providerModels.length + w.providerPage.perModel * sum(counts.providerModels.map((k) => Math.min(k, keep.providerRows))),
    },
    rank: {
      files: 2,
      bytes:
        w.rank.page +
        w.rank.perTag * counts.tags +
        w.rank.perModel * keep.rankModels +
        w.rank.perScore * at.best(keep.rankModels) +
        w.rank.perBench * counts.benches,
    },
    'snapshot-db': { files: counts.snapshotDb.files, bytes: counts.snapshotDb.bytes },
    other: {
      files: w.other.files + Math.ceil(counts.benches / 250) + Math.ceil(pages / 45_000),
      bytes: w.other.bytes + w.other.perBench * counts.benches + w.other.perTag * counts.tags + w.other.perPage * pages,
    },
  };
}

/**
 * What a build measured of a kind of output against its plan's estimate: its bytes over the
 * estimate's (`ratio`), and the bytes each file it made had beyond its estimate (`perFile`).
 */
export type AsMeasured = Partial<Record<OutputKind, { ratio: number; perFile: number }>>;

/**
 * Each kind weighed at least as a build measured it: in proportion, and per file. A kind that
 * weighed more than estimated may owe it to what every one of its pages shows as much as to what
 * some show more of: a plan made again from a measure takes whichever is heavier.
 */
export function atLeastAsMeasured(kinds: KindFigures, asMeasured: AsMeasured): KindFigures {
  const out = { ...kinds };
  for (const [kind, m] of Object.entries(asMeasured) as [OutputKind, { ratio: number; perFile: number }][]) {
    const k = kinds[kind];
    out[kind] = { files: k.files, bytes: Math.max(k.bytes * m.ratio, k.bytes + m.perFile * k.files) };
  }
  return out;
}

/** What a plan makes, in the terms hosts limit; each kind at least as measured (`asMeasured`) where a build measured it. */
export function estimateSite(counts: FieldCounts, weights: Weights, plan: Draft, asMeasured: AsMeasured = {}): SiteFigures {
  const kinds = atLeastAsMeasured(estimateKinds(counts, weights, plan), asMeasured);
  const n = counts.models.length;
  const { keep } = plan;
  const configs = sumsFor(counts.models).configurations;
  const folders: [string, number][] = [
    ['configurations', configs(keep.configurationPages)],
    ['models', keep.modelPages],
    ['compare', Math.max(0, Math.min(keep.comparisons, n) - 1) + 1],
    ['og/models', keep.cards],
    ['og/tags', counts.tags],
    ['data/models', ownDataFiles(plan)],
    ['data/model-groups', Math.ceil((n - ownDataFiles(plan)) / SHARED_FILE_MODELS)],
    ['pagefind/fragment', keep.modelPages + counts.benches + counts.tags + counts.providerModels.length],
    ['providers', counts.providerModels.length],
    ['tags', counts.tags + 1],
    ['benchmarks', counts.benches + 2],
    ['leaderboard', Math.ceil(n / LEADERBOARD_PAGE_SIZE) + 1],
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
    modelFile: {
      ...by(scale['model-file'])(weights.modelFile),
      scoresGzipped: weights.modelFile.scoresGzipped,
      restGzipped: weights.modelFile.restGzipped,
    },
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
    providerPage: by(scale['provider-page'])(weights.providerPage),
    rank: by(scale.rank)(weights.rank),
    other: by(scale.other)(weights.other),
    address: weights.address,
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
      providerRows: counts.models.length,
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
export function planSite(
  counts: FieldCounts,
  weights: Weights,
  target: DeployTarget | undefined,
  maxModelPages = Infinity,
  asMeasured: AsMeasured = {},
): SitePlan {
  const full = fullPlan(counts, maxModelPages);
  const estimate = (d: Draft) => estimateSite(counts, weights, d, asMeasured);
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
      const cap = key === 'modelPages' || key === 'pastDays' || key === 'rankModels' || key === 'providerRows' ? top : Math.min(top, draft.keep.modelPages);
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
  const levers: Record<GiveWay, Lever> = {
    compressedDownloads: flag(
      (d) => (d.compressedDownloads = true),
      (d) => (d.compressedDownloads = false),
      () => over('totalBytes', (f) => f.bytes),
    ),
    comparisons: count('comparisons'),
    modelFeeds: count('modelFeeds'),
    pastDays: count('pastDays'),
    cards: count('cards'),
    badges: count('badges'),
    providerRows: count('providerRows'),
    resultsPerPage: {
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
    deepResults: flag(
      (d) => (d.deepResults = false),
      (d) => (d.deepResults = true),
    ),
    configurationPages: count('configurationPages'),
    // A model without a page has no feed, badge, card, comparison or configuration pages either.
    modelPages: count('modelPages', ['configurationPages', 'comparisons', 'modelFeeds', 'badges', 'cards']),
    rankModels: count('rankModels'),
  };

  // Each lever in turn, cheapest value first, as far as needed; then what the last one pulled made
  // room for goes back to the ones before it, the most valuable first.
  let last = -1;
  GIVE_WAY.forEach((name, i) => {
    if (done()) return;
    levers[name].pull();
    last = i;
  });
  for (let i = last - 1; i >= 0; i--) levers[GIVE_WAY[i]!].raise();
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
    keep.providerRows < n && `a vendor’s page lists only its ${count(keep.providerRows)} best models (all of them are on the leaderboard)`,
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
