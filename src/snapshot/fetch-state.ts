/**
 * When the API was last asked, kept beside the snapshot. An unchanged answer leaves the snapshot
 * file untouched, yet its cache lifetime still starts now; this small file remembers that.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { atomicReplace } from '../store/atomic-replace.ts';

const FetchStateSchema = z.object({
  origin: z.string(),
  fetchedAt: z.number(),
  maxAgeSeconds: z.number().nonnegative(),
  bodySha256: z.string(),
});
export type FetchState = z.infer<typeof FetchStateSchema>;

export const statePath = (target: string) => `${target}.state.json`;

export function readFetchState(target: string): FetchState | undefined {
  try {
    const parsed = FetchStateSchema.safeParse(JSON.parse(readFileSync(statePath(target), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeFetchState(target: string, state: FetchState): void {
  atomicReplace(statePath(target), 'state', (tmp) => writeFileSync(tmp, `${JSON.stringify(state)}\n`));
}

/**
 * The longest cache lifetime honoured, in seconds: a day, the contract's longest (the bulk export's).
 * A year-long `max-age` from a misconfigured proxy must not stop the mirror asking for a year.
 */
export const MAX_CACHE_LIFETIME_SECONDS = 86_400;

/** `max-age` of a Cache-Control value in seconds, at most a day; 0 for no-store, no-cache or none. */
export function cacheMaxAge(cacheControl: string | undefined): number {
  if (!cacheControl || /no-store|no-cache/i.test(cacheControl)) return 0;
  const m = /(?:^|[,\s])max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  return m ? Math.min(MAX_CACHE_LIFETIME_SECONDS, Number(m[1])) : 0;
}

/**
 * Whether the stored answer is still within its cache lifetime. The last 5% of the lifetime (at
 * most an hour) counts as stale, so a daily job that starts a few minutes early still fetches.
 */
export function isFresh(state: FetchState, now: number): boolean {
  // Capped here too: a state file written before the cap may hold a longer lifetime.
  const lifetime = Math.min(state.maxAgeSeconds, MAX_CACHE_LIFETIME_SECONDS) * 1000;
  const age = now - state.fetchedAt;
  return age >= 0 && age < lifetime - Math.min(3_600_000, lifetime * 0.05);
}
