/**
 * What one run of the snapshot step carries from phase to phase (src/snapshot/run-snapshot.ts), how
 * a phase ends it early, and the API clients it starts.
 */
import { ApiClient, type ClientOptions } from '../api/client.ts';
import { Deadline, type Deadlines } from '../core/deadline.ts';
import type { RestoreResult } from './restore-state.ts';
import type { SnapshotInput, SnapshotOutcome, SnapshotRequest } from './snapshot-request.ts';

/**
 * What one run carries from phase to phase: its request, the file it writes and the secrets it
 * refuses, and what it has counted so far (the requests it sent, the bytes it read, its restore).
 */
export interface Run {
  req: SnapshotRequest;
  target: string;
  secrets: string[];
  deadlines: Deadlines;
  now: () => number;
  /** Deadlines and clients started by this run, stopped and closed when it ends. */
  timers: Deadline[];
  clients: ApiClient[];
  /** Every attempt sent counts against the quota (the ledger is conservative about retries). */
  requests: number;
  bytes: SnapshotOutcome['bytes'];
  restored: RestoreResult | undefined;
}

/** What every outcome carries besides its own: the run's requests and its restore. */
export const ran = (run: Run) => ({ requests: run.requests, restore: run.restored });

/** A client whose every request and wait ends at `deadline`; with `bytesOf`, the bytes of its answers are that stage's progress. */
export function clientFor(run: Run, api: Extract<SnapshotInput, { kind: 'api' }>, deadline: Deadline, bytesOf?: string): ApiClient {
  const { req } = run;
  run.timers.push(deadline);
  const client = new ApiClient({
    ...api.tuning,
    baseUrl: api.settings.baseUrl,
    key: api.settings.key,
    deadline,
    sleep: req.sleep,
    ...(req.random ? { random: req.random } : {}),
    onEvent: (e) => {
      if (e.type === 'request') run.requests++;
      else if (e.type === 'progress' && bytesOf) req.reporter.progress(bytesOf, { done: e.received, total: e.total, unit: 'bytes', detail: e.path });
      else if (e.type === 'retry') req.reporter.warn(`${e.reason}; attempt ${e.attempt + 1} in ${(e.waitMs / 1000).toFixed(1)} s`);
      else if (e.type === 'redirect') req.reporter.info(`redirected from ${e.from} to ${e.to}${e.withKey ? '' : ' (without the key: another origin)'}`);
    },
  } satisfies ClientOptions);
  run.clients.push(client);
  return client;
}

/** Where a phase ends the run early (with its outcome), or what it hands the next. */
export type Step<T> = { done: SnapshotOutcome } | { next: T };
