/** What the doctor's checks share: the settings as each step reads them, and the files a run would use. */
import type { Env } from '../../core/env.ts';
import type { HistoryFigures } from '../../store/published-history.ts';
import type { Published } from '../history-guard.ts';

export interface DoctorContext {
  /** The settings as the snapshot step reads them: the environment over `.env`. */
  env: Env;
  /** The settings as the build reads them: the process environment only (Astro is told not to load `.env`). */
  siteEnv: Env;
  /** The snapshot file a run would use (`--snapshot`, default data/snapshot.db). */
  snapshot: string;
  /** The site folder a run would replace (`--dist`, default dist), as given and resolved; undefined when it may not be replaced. */
  dist: string;
  target: string | undefined;
  /** The history of the snapshot file, when there is a readable one. */
  local: HistoryFigures | undefined;
  /** The manifest of the previous site in the folder: what the next build is held to before any live one. */
  previous: Published;
  /** For tests: the waits between retries of a manifest. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `365 snapshots of history over 365 days (2025-11-17 to 2026-11-16)`; the days where the first and last are known. */
export function describeHistory(figures: Pick<HistoryFigures, 'snapshots' | 'from'>, last: number | undefined): string {
  const snapshots = `${figures.snapshots.toLocaleString('en-US')} snapshot${figures.snapshots === 1 ? '' : 's'} of history`;
  if (figures.from === undefined || last === undefined) return snapshots;
  const days = Math.round((Date.UTC(...ymd(last)) - Date.UTC(...ymd(figures.from))) / DAY) + 1;
  if (days === 1) return `${snapshots} on one day (${day(last)})`;
  return `${snapshots} over ${days.toLocaleString('en-US')} days (${day(figures.from)} to ${day(last)})`;
}

const ymd = (ms: number): [number, number, number] => {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
};
