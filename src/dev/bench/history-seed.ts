/**
 * A snapshot file with N - 1 daily snapshots of history, and the export of day N: the bench stores
 * day N over a copy of that file through the real `snapshot` command, so what it measures is a
 * maintainer's file after a year of daily refreshes. The past goes in with the store's bulk import
 * (one pass), never with N full writes that would each copy all the history before them.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { SAMPLE_EPOCH, generateRevisions, serializeExport, type GenerateOptions, type GeneratedSample, type ModelDetailBody } from '../sample/generate.ts';
import { importHistory, type ImportedSnapshot } from '../../store/import-history.ts';
import type { BenchSize } from './proportions.ts';

export interface HistorySeed {
  /** The export of the last day, as the simulator serves it. */
  exportBody: Buffer;
  /** Per-benchmark details of every configuration of the last day, slug -> body (details-parts.ts writes them as files); empty when not asked for. */
  details: Record<string, ModelDetailBody>;
  /** Undefined for one day: the last day is then the whole history. */
  seed: { path: string; snapshots: number; bytes: number; ms: number } | undefined;
}

/** What the writer records of a generated revision: the bench trusts its own generator, so no validation here. */
function imported(sample: GeneratedSample, revision: number): ImportedSnapshot {
  return {
    data: { ...sample.export, warnings: [] },
    meta: {
      fetchedAt: sample.export.generatedAt,
      source: 'file',
      sample: true,
      bodySha256: createHash('sha256').update(`bench history revision ${revision}`).digest('hex'),
      partial: false,
    },
  };
}

/** The generator's options for `days` days of a size's field: the last day is the sample's date, so a year of history reaches back across the 2026-09-17 method change. */
export const historyOptions = (size: BenchSize, days: number): GenerateOptions => ({ ...size, revision: days - 1, generatedAt: SAMPLE_EPOCH, steady: true });

/**
 * Days 1..`days` of one population whose size stays at `size.configurations` while configurations
 * come and go; days before the last are imported into `seedPath`.
 */
export function writeHistorySeed(size: BenchSize, days: number, seedPath: string, historyLimit: number, withDetails = true): HistorySeed {
  const revisions = generateRevisions({ ...historyOptions(size, days), withDetails });
  let last: GeneratedSample | undefined;
  let revision = 0;
  function* past(): Generator<ImportedSnapshot> {
    for (const sample of revisions) {
      if (revision === days - 1) last = sample;
      else yield imported(sample, revision);
      revision++;
    }
  }
  let seed: HistorySeed['seed'];
  if (days > 1) {
    const started = performance.now();
    const written = importHistory(seedPath, past(), historyLimit);
    seed = { path: seedPath, snapshots: written.historySnapshots, bytes: statSync(seedPath).size, ms: performance.now() - started };
  } else {
    for (const sample of revisions) last = sample;
  }
  return {
    exportBody: Buffer.from(serializeExport(last!.export)),
    details: withDetails ? last!.details : {},
    seed,
  };
}
