/**
 * What the contract says the refresh must exit with on a day of faults (shared/CONTRACT.md's exit
 * codes), from what the faults are and how far the run got into them: the first fault to act, in the
 * order a run meets them (restoring, fetching, storing, building), decides. Pure.
 */
import type { Fault } from './schedule.ts';

/** RANKING_RETRIES' default: the workflow does not set it, so a run makes 6 attempts. */
export const RETRIES = 5;

/** The shell's code for a process ended by SIGKILL, and by SIGTERM (src/core/signals.ts). */
export const KILLED = 137;
export const TERMINATED = 143;

/** How far the day's run got, as the soak saw it. */
export interface Seen {
  /** Requests for the export the API received today. */
  exportRequests: number;
  /** The soak killed the run at its step, or cancelled the job. */
  killed: boolean;
  cancelled: boolean;
  /** The refresh decided to build. */
  built: boolean;
}

export interface Expected {
  code: number;
  /** The faults that acted on the run (a fault the run never reached did not). */
  hit: Fault[];
}

export function expectRefresh(faults: readonly Fault[], seen: Seen): Expected {
  const hit: Fault[] = [];
  const find = <K extends Fault['kind']>(kind: K) => faults.find((f): f is Extract<Fault, { kind: K }> => f.kind === kind);
  const acted = (f: Fault | undefined, code: number): Expected | undefined => (f ? { code, hit: [...hit, f] } : undefined);
  const fetched = seen.exportRequests > 0;

  // Restoring and fetching.
  const full = find('disk-full');
  if (full?.at === 'store') return { code: 1, hit: [full] };
  const killed = find('killed');
  const early =
    (killed?.step === 'fetch' && seen.killed && acted(killed, KILLED)) ||
    acted(find('revoked-key'), 3) ||
    acted(find('quota-used-up'), 4) ||
    (find('time-limit')?.at === 'export' && fetched && acted(find('time-limit'), 7));
  if (early) return early;
  for (const kind of ['rate-limited', 'server-error', 'cut-body'] as const) {
    const burst = find(kind);
    if (!burst || !fetched) continue;
    if (burst.burst > RETRIES && seen.exportRequests > RETRIES) return { code: kind === 'cut-body' ? 7 : 5, hit: [burst] };
    hit.push(burst);
  }
  const refused = fetched && (acted(find('invalid-export'), 6) || acted(find('lost-models'), 6));
  if (refused) return refused;
  // Storing, crawling, building and swapping the site in.
  if (killed && killed.step !== 'fetch' && seen.killed) return { code: KILLED, hit: [...hit, killed] };
  const limit = find('time-limit');
  if (limit?.at === 'cancelled' && seen.cancelled) return { code: TERMINATED, hit: [...hit, limit] };
  if (full?.at === 'build' && seen.built) return { code: 1, hit: [...hit, full] };
  return { code: 0, hit };
}
