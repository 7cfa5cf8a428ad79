/**
 * The shapes the plan works in: what it reads of a snapshot (src/site/data/field-counts.ts counts it)
 * and what it decides (src/site/plan/site-plan.ts makes it), with the page sizes of results it chooses among.
 */
import type { DeployTarget, SiteFigures } from './hosts.ts';

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

/** What the plan is a function of: the snapshot's counts, read without loading the site's data (src/site/data/field-counts.ts). */
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
  /**
   * Per tag: the models carrying it and those with a counting score on its benchmarks (its two
   * rankings, and the models of its part of /rank/'s data), its benchmarks (every page of it lists
   * them) and the counting submissions on them (the scores of that part).
   */
  tagLists: ReadonlyMap<string, { carrying: number; measured: number; benches: number; scores: number }>;
  /** The tags of each benchmark, as their places in `tagLists`: what two tags' benchmarks share. */
  benchTags: readonly (readonly number[])[];
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
export type Draft = Omit<SitePlan, 'estimate' | 'refused' | 'target'>;
