/**
 * Rules on an export's `generatedAt` that keep one bad answer from freezing the mirror: a date in
 * the future is invalid, and an export older than the stored one is kept out only while a stale
 * cache could explain it, never for long and never silently.
 */
import { MirrorError } from '../core/errors.ts';
import { describeInstant } from '../api/http-dates.ts';

/** How far ahead of this machine's clock an export may be dated (clocks drift). */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
/**
 * How long an older answer is taken for a stale cache: twice the longest cache lifetime honoured
 * (a day, see fetch-state.ts), counted from when the stored snapshot was fetched.
 */
export const KEEP_OLDER_FOR_MS = 2 * 86_400_000;

/** Throws (exit 6) for an export dated beyond the clock skew: stored, it would outrank every later real one. */
export function checkNotInFuture(generatedAt: number, now: number): void {
  if (generatedAt <= now + MAX_CLOCK_SKEW_MS) return;
  throw new MirrorError(
    'invalid',
    `the export is dated ${describeInstant(generatedAt)} (generatedAt), more than ${MAX_CLOCK_SKEW_MS / 60_000} min ahead of this machine's clock (${describeInstant(now)})`,
    { hint: "check this machine's clock; if it is right, the API sent a bad export and the previous snapshot is kept" },
  );
}

export interface StoredTimes {
  generatedAt: number;
  fetchedAt: number;
}

export type OlderVerdict =
  /** Not older, or accepted: store it (with a warning when there is something to say). */
  | { keep: false; warning?: string }
  /** Older, and a stale cache may explain it: keep the stored snapshot. */
  | { keep: true; warning: string };

/** What to do with a fetched export compared with the stored one. */
export function judgeOlderExport(fetched: number, stored: StoredTimes | undefined, now: number, force: boolean): OlderVerdict {
  if (!stored || fetched >= stored.generatedAt || force) return { keep: false };
  const sent = `the API sent an export generated ${describeInstant(fetched)}, older than the stored one (${describeInstant(stored.generatedAt)})`;
  if (stored.generatedAt > now + MAX_CLOCK_SKEW_MS) {
    return { keep: false, warning: `${sent}, but the stored one is dated in the future, which no real export is: replacing it` };
  }
  const keptSince = now - stored.fetchedAt;
  if (keptSince >= -MAX_CLOCK_SKEW_MS && keptSince < KEEP_OLDER_FOR_MS) {
    return {
      keep: true,
      warning: `kept: ${sent}, as a stale cache would; older answers are taken as the API's own from ${describeInstant(stored.fetchedAt + KEEP_OLDER_FOR_MS)}; --force accepts this one now`,
    };
  }
  return {
    keep: false,
    warning: `${sent}; the stored one was fetched over ${KEEP_OLDER_FOR_MS / 86_400_000} days ago, past any cache lifetime: taking this one as the API's own`,
  };
}
