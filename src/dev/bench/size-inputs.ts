/**
 * The inputs of one size on disk: the export of the last day, its history and the details of every
 * configuration; and from them, how many stage processes the size will run.
 */
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readClientTuning } from '../../api/settings.ts';
import type { BenchOptions } from './args.ts';
import { writeDetailsFiles } from './details-parts.ts';
import { writeHistorySeed } from './history-seed.ts';
import type { BenchSize } from './proportions.ts';
import type { SizeRun } from './size-run.ts';

/** The stage processes the bench runs at one size (the details' extra files aside), for its progress. */
function stepsOfSize(options: Pick<BenchOptions, 'runs' | 'targets'>, details: boolean): number {
  const targets = options.targets.filter((t) => t !== 'none').length;
  // With details: their store, their build, the evidence pass and the benchmark measures pass on them.
  return 4 * options.runs + (details ? 4 : 0) + 1 + options.runs + targets * (details ? 2 : 1);
}

/**
 * The export of the last of `days` days, its history, and (with `details`) the details of every
 * configuration as files the snapshot command reads, each within its default input cap (at 50,000
 * configurations they are longer than one file can be). In a function of its own so the generated
 * objects are gone before anything is measured.
 */
function generateInputs(size: BenchSize, days: number, dir: string, details: boolean) {
  const generated = writeHistorySeed(size, days, join(dir, 'history-seed.db'), Math.max(days, 365), details);
  const detailsFiles = details ? writeDetailsFiles(generated.details, join(dir, 'details'), readClientTuning({}).maxBytes) : undefined;
  return { body: generated.exportBody, seed: generated.seed, detailsFiles };
}

export type SizeInputs = ReturnType<typeof generateInputs> & {
  /** The export as a file, for the snapshot command's `--from-file`. */
  exportPath: string;
  /** A snapshot file to store the last day over: a copy of the history, or nothing. */
  startFile: (path: string) => void;
  /** The size generated: with the days, the generator's options (history-seed.ts `historyOptions`). */
  size: BenchSize;
};

/** Writes the size's inputs, logs what they are and sets the size's count of stage processes from them. */
export function prepareInputs(sr: SizeRun, size: BenchSize): SizeInputs {
  const days = sr.options.historyDays;
  sr.say(`generating ${days} daily export${days === 1 ? '' : 's'}: ${size.configurations} configurations, ${size.benches} benchmarks, ${size.tags} tags`);
  const exportPath = join(sr.dir, 'export.json');
  const { body, seed, detailsFiles } = generateInputs(size, days, sr.dir, sr.options.details);
  sr.steps = stepsOfSize(sr.options, detailsFiles !== undefined) + (detailsFiles && detailsFiles.paths.length > 1 ? 1 : 0);
  writeFileSync(exportPath, body);
  sr.say(
    `export: ${(body.length / 1024 / 1024).toFixed(1)} MB; details of every configuration: ${detailsFiles ? `${(detailsFiles.bytes / 1024 / 1024).toFixed(1)} MB in ${detailsFiles.paths.length} file${detailsFiles.paths.length === 1 ? '' : 's'}` : 'not made (--skip-details)'}`,
  );
  if (seed) sr.say(`history: ${seed.snapshots} daily snapshots imported in ${(seed.ms / 1000).toFixed(1)} s, ${(seed.bytes / 1024 / 1024).toFixed(0)} MB`);
  const startFile = (path: string) => {
    rmSync(path, { force: true });
    if (seed) copyFileSync(seed.path, path);
  };
  return { body, seed, detailsFiles, exportPath, startFile, size };
}
