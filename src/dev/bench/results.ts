/** The shapes of a benchmark's results: what the report prints and `--json` writes. */
import type { DistStats, PageTypeSize } from './dist-stats.ts';
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
