/** What the snapshot step is asked to do (src/snapshot/run-snapshot.ts), from where, and what it answers. */
import type { SnapshotSource } from '../store/read-snapshot.ts';
import type { ApiSettings, ClientTuning } from '../api/settings.ts';
import type { Deadlines } from '../core/deadline.ts';
import type { DetailsPlan } from './fetch-details.ts';
import type { Reporter } from '../core/reporter.ts';
import type { RestoreResult } from './restore-state.ts';

export type SnapshotInput =
  | { kind: 'api'; settings: ApiSettings; tuning: ClientTuning; deadlines?: Deadlines | undefined }
  | { kind: 'file'; path: string; detailsPath?: string | undefined; label: Exclude<SnapshotSource, 'api'>; maxBytes: number };

export interface SnapshotRequest {
  out: string;
  source: SnapshotInput;
  /** Ask the API even within the stored answer's cache lifetime. */
  force: boolean;
  /** Accept a snapshot that lost over half of the previous one's configurations. */
  allowShrink: boolean;
  /** On 403 `tier_forbidden`, build a partial snapshot from the list endpoints. */
  fallback: boolean;
  details?: DetailsPlan | undefined;
  historyLimit: number;
  reporter: Reporter;
  /** Values nothing stored may hold (the API key, also when reading a file): an export holding one is refused. */
  secrets?: readonly string[] | undefined;
  /** Also print the API's deprecation and schema announcements as GitHub Actions annotations. */
  annotations?: boolean | undefined;
  /** The folder the mirror publishes its snapshot file in (SITE_URL's /data/, or STATE_URL): a run from the API that finds no usable snapshot restores it from there first. */
  restoreFrom?: URL | undefined;
  /** For tests: the clock, the sleep between retries and pacing waits, the jitter. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface SnapshotOutcome {
  /** `written`: a new file; `unchanged`: same data, file untouched; `fresh`: no request made. */
  status: 'written' | 'unchanged' | 'fresh';
  generatedAt?: number;
  counts?: { models: number; benches: number; tags: number; details: number };
  warnings: number;
  partial: boolean;
  /** Bytes of the export (or list) answers on the wire and decoded, when the API was asked. */
  bytes?: { wire: number; decoded: number } | undefined;
  /** Requests this run sent to the API (every attempt, export and details), as its quota counts them. */
  requests: number;
  /** What the restore did, when the run tried one. */
  restore?: RestoreResult | undefined;
}
