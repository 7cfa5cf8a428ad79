/** The shapes of a benchmark's results: what the report prints and `--json` writes. */
import type { EvidenceResult } from './evidence-result.ts';
import type { RankResult } from './rank-page.ts';
import type { DeployTarget, SiteFigures } from '../../site/plan/hosts.ts';
import type { KindFigures } from '../../site/plan/output-kinds.ts';
import type { BenchTarget } from './args.ts';
import type { DistStats, HistoryFiles, PageTypeSize } from './dist-stats.ts';
import type { BenchSize } from './proportions.ts';

export const STAGES = ['fetch', 'validate+store', 'build', 'unchanged refresh', 'reference build'] as const;
export type StageName = (typeof STAGES)[number];

export interface StageResult {
  stage: StageName;
  /** Wall time of each run, spawn to exit, ms. */
  ms: number[];
  /** The highest maxRSS over the runs, KB; undefined when no run reported one. */
  peakRssKb: number | undefined;
  /** The highest peak of a helper process (esbuild) still alive at exit, KB, with its name. */
  helperPeak?: { name: string; kb: number } | undefined;
  pages?: number;
  distBytes?: number;
  /** The project's own timed steps inside the process (`validate`, `store`, `render`, ...), ms per run. */
  inner?: Record<string, number[]>;
}

/** One page type of the build: its files without and with per-benchmark details, and the build's time on it. */
export interface PageTypeResult {
  route: string;
  /** Wall time from the route's first line to the next route's, ms per run of the build. */
  ms: number[];
  plain: PageTypeSize;
  /** The same route in the build with details for every configuration. */
  withDetails: PageTypeSize | undefined;
}

/** The build of the same snapshot with per-benchmark details for every configuration: one run. */
export interface DetailsBuild {
  ms: number;
  peakRssKb: number | undefined;
  /** The snapshot file with the details. */
  snapshotBytes: number;
  dist: DistStats;
}

export interface SizeResult {
  size: BenchSize;
  exportBytes: number;
  runs: number;
  /** Daily snapshots the stored file holds after validate+store, the new one included. */
  historyDays: number;
  /** The snapshot file that validate+store wrote: the cost of keeping that history. */
  snapshotBytes: number;
  /** The history before the last day, written once by the store's bulk import (not a measured stage). */
  history?: { snapshots: number; bytes: number; ms: number } | undefined;
  stages: StageResult[];
  /** median(build) / median(reference build). */
  ratio: number;
  /** The real build's output, from its last run. */
  dist: DistStats;
  pageTypes?: PageTypeResult[] | undefined;
  details?: DetailsBuild | undefined;
  /** Why the build with details did not finish (its store or build failed): a measurement, not a crash of the bench. */
  detailsFailed?: string | undefined;
  /** The evidence pass on the snapshot with details, on its own. */
  evidence?: EvidenceResult | undefined;
  /** The benchmark measures pass on the snapshot with details, on its own, as its line says it. */
  measures?: string | undefined;
  /** The likely ranges held against the generated field's truth (ranges-truth.ts), as its line says it. */
  ranges?: string | undefined;
  /** /rank/ on the site with details, in Chromium; rank.json's size per target built with details. */
  rank?: RankResult | undefined;
  /** Per deploy target (`--targets`): one build without details and one with, in the order of BENCH_TARGETS. */
  targetBuilds?: TargetBuild[] | undefined;
}

export interface Machine {
  node: string;
  cpu: string;
  cores: number;
  totalMemBytes: number;
  platform: string;
  date: string;
}

export interface BenchResults {
  sizes: SizeResult[];
  machine: Machine;
}

/** A site in the terms hosts limit, and by kind of output. */
export type KindedFigures = SiteFigures & { kinds: KindFigures };

/** One build for a deploy target, or without one (`none`), into a fresh folder: one run. */
export interface TargetBuild {
  target: BenchTarget;
  /** Built from the snapshot with per-benchmark details for every configuration. */
  details: boolean;
  /** built: the site was made; refused: the build said before rendering that even what every target keeps cannot fit; failed: any other end. */
  outcome: 'built' | 'refused' | 'failed';
  /** For a refusal or failure: the build's `error:` line, or why the bench stopped it. */
  why?: string | undefined;
  ms: number;
  peakRssKb: number | undefined;
  /** What the build made (measureSite). */
  measured?: KindedFigures | undefined;
  /** Its files of the leaderboard as it stood, and a first past view (measureHistory). */
  history?: HistoryFiles | undefined;
  /** The build's last line: what the target's limits left out, or (none) which targets the site fits. */
  lastLine?: string | undefined;
  /** What its target's limits left out ("nothing" when nothing), from the last line; undefined for none. */
  leftOut?: string | undefined;
  /** The plan's estimate, from DEFAULT_WEIGHTS (a fresh folder has no measured weights); undefined when the build did not finish. */
  estimate?: KindedFigures | undefined;
  /** The limits of its target the measured site is over, in words (none: always empty). */
  over: string[];
  /** The build's line saying it planned again: its first site was over its target's limits (its first build did not fit). */
  replanned?: string | undefined;
  /** none only: the targets whose limits the measured site is within. */
  fits?: DeployTarget[] | undefined;
}
