/**
 * What a `snapshot` (or the snapshot step of `refresh`) run did, written as JSON when `--report`
 * asks for it: the workflow's job summary reads it beside the snapshot file and the built site.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { HistoryStop } from '../core/errors.ts';
import type { SnapshotOutcome } from './snapshot-request.ts';

export interface RunReport {
  /** The run's exit code: the snapshot step's, or refresh's when its build failed. */
  code: number;
  /** What the snapshot step did; absent when it failed. */
  outcome?: SnapshotOutcome | undefined;
  /** The run stopped to keep the published history: why (the workflow's annotation picks its words by `kind`), and its line. */
  historyStop?: { kind: HistoryStop; why: string } | undefined;
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
