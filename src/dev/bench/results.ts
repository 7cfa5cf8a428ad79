/** The shapes of a benchmark's results: what the report prints and `--json` writes. */
import type { DistStats } from './dist-stats.ts';
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

export interface SizeResult {
  size: BenchSize;
  exportBytes: number;
  runs: number;
  stages: StageResult[];
  /** median(build) / median(reference build). */
  ratio: number;
  /** The real build's output, from its last run. */
  dist: DistStats;
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
