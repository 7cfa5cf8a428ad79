/**
 * When a snapshot counts as stale: the schedule takes one a day, so a snapshot older than its
 * period and a day more means the refresh has stopped. A static page cannot rebuild itself, so the
 * build writes the moment into every page, the manifest and data/snapshot.json, and the page's own
 * script (src/browser/stale-notice.js) compares it with the visitor's clock.
 */

const HOUR = 3_600_000;
/** The schedule's period (a day) and a day more. */
export const DEFAULT_STALE_AFTER_HOURS = 48;

/** `STALE_AFTER_HOURS`, a positive number of hours; anything else is the default, as other site settings fall back. */
export function readStaleAfterHours(env: Record<string, string | undefined>): number {
  const raw = env.STALE_AFTER_HOURS?.trim();
  const hours = raw && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  return hours > 0 ? hours : DEFAULT_STALE_AFTER_HOURS;
}

/** The moment (Unix ms) after which a snapshot generated at `generatedAt` is stale, `hours` (STALE_AFTER_HOURS) on. */
export const staleAfter = (generatedAt: number, hours: number) => generatedAt + Math.round(hours * HOUR);
