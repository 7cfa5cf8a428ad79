/**
 * The shapes the site's pages read: what src/site/data/site-data.ts loads from a snapshot, made by one
 * builder per entity in this folder.
 */
import type { BenchRow, ConfigurationRow, DetailsCoverage, ScoreRow, SnapshotSource, TagRow } from '../../store/read-snapshot.ts';
import type { ChangeSet, HistoryPoint, ModelHistoryPoint, RecentModelChange, WeightPoint } from './history-pass.ts';
import type { MeasuredRanking, TagWeights } from './tag-measurement.ts';
import type { ScoreText } from '../format/precision.ts';
import type { BuildPlan } from '../plan/types.ts';
import type { Site } from '../settings/config.ts';
import type { PastHistory } from './past-history.ts';
import type { Agreement } from '../evidence/agreement.ts';
import type { EvidenceFacts } from '../evidence/evidence-file.ts';
import type { LikelyRange } from '../evidence/ranges.ts';
import type { ScoreSet } from '../evidence/method.ts';
import type { BenchAgreement, TagCell } from './bench-agreement.ts';
import type { BenchVerdict, Disagreement } from './bench-verdict.ts';

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

/** A row of `/v1/models`: one concrete way of running a model (its stored row), with what the site adds. */
export interface Configuration extends ConfigurationRow {
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
  /** Whether this build makes its page (the deploy target's plan), and its address: that page, or where its model lists it. */
  hasPage: boolean;
  href: string;
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
  /** Its address: its page, or its row on the leaderboard when the deploy target's plan leaves its page out. */
  href: string;
  /** What this build makes for it, by the deploy target's plan (src/site/plan/site-plan.ts). */
  outputs: ModelOutputs;
}

/** The per-model outputs of a build: each is made for the best models only, as far as the deploy target allows. */
export interface ModelOutputs {
  page: boolean;
  /** Pages of its configurations. */
  configurationPages: boolean;
  feed: boolean;
  badge: boolean;
  card: boolean;
  /** Its data file for the comparison page is its own (else it shares one with other models: those without a page, or all where the plan gzips them). */
  ownDataFile: boolean;
}

/** A benchmark (its stored row), with what the site adds. */
export interface Bench extends BenchRow {
  tags: string[];
  /** effectiveWeight in the previous comparable snapshot. */
  previousWeight: number | undefined;
  /** Its path segment under `/benchmarks/`. */
  segment: string;
}

/** A tag, its counts as the taxonomy reports them (computed from the rows for a tag outside it). */
export interface Tag extends TagRow {
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

/** A per-benchmark score of a configuration (its stored row). */
export interface Score extends Omit<ScoreRow, 'slug'> {
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
  /** The site's settings as the build handed them (its address, the attribution, CARD_MODELS, STATE_URL, STALE_AFTER_HOURS). */
  site: Site;
  /** What this build makes (everything, unless a deploy target's limits leave some out). */
  plan: BuildPlan;
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
  /** How many scores a configuration has, without making them. */
  scoreCountFor(slug: string): number;
  historyFor(slug: string): HistoryPoint[];
  /** A model's score (its best configuration's) and model rank over time, oldest first. */
  modelHistoryFor(familyTag: string): ModelHistoryPoint[];
  weightHistoryFor(benchSlug: string): WeightPoint[];
  /** Newest first, up to a few: what changed for this model. */
  recentChangesFor(familyTag: string): RecentModelChange[];
  resultsFor(benchSlug: string): BenchResults;
  /** How many submissions a benchmark has, without making its results. */
  submissionsOn(benchSlug: string): number;
  /** Where a counting normalized score stands among the counting scores of its benchmark: 1 = best (equal scores share it). */
  standingOn(benchSlug: string, normalizedScore: number): { rank: number; of: number };
  measuredFor(tag: string): TagMeasurement;
  /** The evidence behind supraScore: evidence scores, their agreement with it, likely model ranks (the mirror's computation). */
  evidence(): SiteEvidence;
  /** How many models have a score on a benchmark, without making its results. */
  modelsOn(benchSlug: string): number;
  /** The mirror's measures of each benchmark: whether it still separates the leaders, its best over time, its agreement with the others (made on first use). */
  benchMeasures(): BenchmarkMeasures;
  detailCoverage: DetailCoverage;
  /** Pre-rendered comparisons of each model with the one just below it. */
  comparisons: Comparison[];
  /** The comparisons of a model with its neighbours just above and below. */
  neighboursOf(model: Model): { above?: Comparison; below?: Comparison };
  /** Newest first: the latest snapshot's changes, then older ones, for the changes page and feed. */
  changes: ChangeSet[];
  /** The days of history this build keeps, for the leaderboard as it stood. */
  past: PastHistory;
  /** Rows left out because their slug or tag could not be a safe path segment. */
  skipped: number;
}

/** Snapshots of history as the file packs them: typed arrays, not an object per configuration. */
export interface RecentHistory {
  names: Map<number, { slug: string; name: string }>;
  /** Oldest first, the current snapshot last; each one's configurations in rank order. */
  snapshots: { generatedAt: number; configurations: Int32Array; supraScores: Float64Array }[];
}

/** A configuration's evidence score, and what it rests on. */
export interface ConfigurationEvidence {
  score: number;
  /** References it was compared with (up to 10; a reference is not compared with itself). */
  references: number;
  /** Distinct benchmarks it shares with them. */
  benchmarks: number;
}

/** A model's likely rank range, or why it has none. */
/** A model's evidence where it has ranges. */
export type RangedEvidence = Extract<ModelEvidence, { range: LikelyRange }>;

export type ModelEvidence =
  | {
      range: LikelyRange;
      /** The model ranks it could hold with the whole table at once. */
      set: LikelyRange;
      /** Whether it cannot be told apart from the model just above it. */
      tiedAbove: boolean;
      /** Its standard error on supraScore's scale. */
      se: number;
      /** The benchmarks whose loss moves its model rank furthest, and the model rank it would have without each. */
      restsOn: { bench: Bench; rank: number }[];
      why?: undefined;
    }
  | { range?: undefined; set?: undefined; tiedAbove?: undefined; se?: undefined; restsOn?: undefined; why: string };

export interface SiteEvidence {
  agreement: Agreement;
  /** Why the site shows no likely ranges, or undefined when it shows them. */
  withheld: string | undefined;
  /** Models whose ranks were resampled: those with a range, or with the ranges withheld, none (but for the benchmark's `resampleAnyway`). */
  resampledModels: number;
  /** References with per-benchmark scores, of the top REFERENCES. */
  referencesWithScores: number;
  configuration(slug: string): ConfigurationEvidence | undefined;
  /** A configuration's counting means by benchmark id (the order of `benches`), as its evidence score reads them; undefined for a slug not in the snapshot. */
  means(slug: string): ScoreSet | undefined;
  /** An evidence score with the digits that tell it apart from every other configuration's. */
  scoreText(score: number): string;
  model(model: Model): ModelEvidence;
  /** A model's ranges as resampled, whether or not the site shows them (with `resampleAnyway` where it withholds them): what /rank/'s are held to. */
  resampled(model: Model): RangedEvidence | undefined;
  /** What `/data/evidence.json` holds besides the attribution. */
  facts: EvidenceFacts;
}

/** Counting submissions on a benchmark as columns, in stored order: each one's configuration, normalized score and accessedAt. */
export interface CountingRows {
  configurations: Configuration[];
  scores: Float64Array;
  accessedAt: Float64Array;
}

/** A new best: when its source was accessed, the score, and the configuration and model that set it. */
export interface BestStep {
  at: number;
  score: number;
  configuration: Configuration;
  model: Model;
}

/** Another benchmark as a neighbour in agreement: the rank correlation over the models both scored, and how many. */
export interface AgreementNeighbour {
  bench: Bench;
  rho: number;
  shared: number;
}

export interface BenchMeasures {
  verdict: BenchVerdict;
  /** Where the community's discriminability or difficulty rating and the verdict disagree. */
  disagreements: Disagreement[];
  /** Oldest first. */
  steps: BestStep[];
  agreement: Omit<BenchAgreement, 'most' | 'least'> & { most: AgreementNeighbour[]; least: AgreementNeighbour[] };
}

/** The agreement by tag: the tags some benchmark carries (A to Z), and the cells between them with a compared pair. */
export interface TagAgreement {
  tags: string[];
  cells: TagCell[];
}

export interface BenchmarkMeasures {
  /** The measures of a benchmark of the snapshot, by slug. */
  of(slug: string): BenchMeasures;
  tags: TagAgreement;
}
