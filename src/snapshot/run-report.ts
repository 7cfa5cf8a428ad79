/**
 * What a `snapshot` (or the snapshot step of `refresh`) run did, written as JSON when `--report`
 * asks for it: the workflow's job summary reads it beside the snapshot file and the built site.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { SnapshotOutcome } from './run-snapshot.ts';

export interface RunReport {
  /** The snapshot step's exit code. */
  code: number;
  /** What it did; absent when it failed. */
  outcome?: SnapshotOutcome | undefined;
}

export function writeRunReport(path: string, report: RunReport, redact: (text: string) => string = (t) => t): void {
  writeFileSync(path, `${redact(JSON.stringify(report, null, 2))}\n`);
}

/** The report at `path`, or undefined when there is none (the run ended before writing it). */
export function readRunReport(path: string): RunReport | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as RunReport;
  } catch {
    return undefined;
  }
}
