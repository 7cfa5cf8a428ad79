/**
 * What each kind of output weighs per thing it shows (Weights), the weights fitted on built sites
 * (DEFAULT_WEIGHTS) and the same scaled by what a build measured (scaleWeights).
 */
import type { OutputKind } from './output-kinds.ts';

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
  /**
   * A benchmark's pages: `perBench` once (its figures, chart and tags), `perScoredBench` more where it has submissions (the mirror's
   * measures of it: its verdict's figures, its step chart, its agreement neighbours), `perPage` each, a group per model and a row per submission listed.
   */
  benchmarkPage: { perBench: number; perScoredBench: number; perPage: number; perModel: number; perRow: number };
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
    /** More per benchmark with submissions: the mirror's measures of it in benchmarks.json. */
    perScoredBench: number;
    /** benchmark-agreement.json, where some benchmark has submissions: a cell per two tags (the matrix's half), at most. */
    perTagPair: number;
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
  /**
   * `/rank/` and its data: the page (its rows, and a field per tag with its part's entry in the
   * index), the index per benchmark, the blocks per model, and each part: its fixed bytes and
   * attribution, per benchmark, per counting score, and at most `partCap` (the raw bytes the budget
   * holds).
   */
  rank: {
    page: number;
    perTag: number;
    perBench: number;
    perModel: number;
    perPart: number;
    perPartBench: number;
    perScore: number;
    partCap: number;
    /** What gzip -9 leaves of the blocks and parts, where the plan gzips the large downloads. */
    gzipped: number;
  };
  /**
   * The rest: the benchmarks and tags lists, the sitemap (per page), about, data, 404, scripts, styles, icons, the search runtime;
   * where some benchmark has submissions, the benchmarks list's pre-rendered views (`views` their fixed part, `perViewBench` their rows, `perViewTag` their filter's options).
   */
  other: { perBench: number; perTag: number; perPage: number; bytes: number; files: number; views: number; perViewBench: number; perViewTag: number };
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
  // perBench: 3,880 fitted, and 700 measured since for the sections of the mirror's measures of a benchmark with no score;
  // perScoredBench: 4,510 more where it has scores (its verdict's figures, its step chart, its agreement neighbours: 5,210 in all
  // on the 800 first pages of the bench's 10,000-configuration field with details, 4,690 on the sample).
  benchmarkPage: { perBench: 4580, perScoredBench: 4510, perPage: 5320, perModel: 304, perRow: 307 },
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
  // perBench: 820 fitted, and 270 measured since for the measures of a benchmark with no score in benchmarks.json and
  // benchmark-list.json; perScoredBench: 1,310 more with scores; perTagPair: 8 (benchmark-agreement.json: 0.50 MB for the 66,066
  // cells of 363 tags at 10,000 configurations with details).
  downloads: {
    perConfiguration: 650,
    perBench: 1090,
    perScoredBench: 1310,
    perTagPair: 8,
    perScore: 205,
    perHistoryCell: 14,
    perListedFile: 160,
    scoresGzipped: 0.19,
    historyGzipped: 0.4,
  },
  // Fitted on the 69 vendors' pages and feeds of a site of 10,000 configurations × 365 days (a line through each page's bytes by its rows; the feeds' mean).
  providerPage: { base: 10_060, perModel: 1_040 },
  // Measured on the files of the bench's 10,000 × 365 field: the index, the blocks (40 bytes a model) and the 364 parts (a plane through their bytes by benchmarks and scores).
  rank: { page: 70_000, perTag: 425, perBench: 80, perModel: 40, perPart: 380, perPartBench: 37, perScore: 7.3, partCap: 1_620_000, gzipped: 0.3 },
  // perBench: 870 fitted, and the list's two new columns since (150 bytes a row); views, perViewBench, perViewTag: the three
  // pre-rendered views of the list, measured at 10,000 configurations with details: 31 KB a first page, a row of every benchmark
  // in two of them (760 bytes each) and of the few still separating the leaders in the third, a tag's option in each form.
  other: { perBench: 1020, perTag: 190, perPage: 75, bytes: 600_000, files: 60, views: 100_000, perViewBench: 1700, perViewTag: 180 },
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
    rank: { ...by(scale.rank)(weights.rank), gzipped: weights.rank.gzipped },
    other: by(scale.other)(weights.other),
    address: weights.address,
  };
}
