/**
 * Coverage of the per-benchmark details: how many configurations have one, and how old they are.
 * The writer records it with each snapshot; the reader computes it the same way for files of
 * store versions 1 and 2, which did not record it.
 */
import type Database from 'better-sqlite3';
import type { SnapshotSource } from './schema.ts';

const DAY = 86_400_000;

/** A detail older than this is shown as stale, with its fetch date. */
export const STALE_AFTER_DAYS = 7;
/** A second, coarser age the run prints and the snapshot records. */
export const OLD_AFTER_DAYS = 30;

export interface DetailsCoverage {
  /** Ages are measured from here (Unix ms). */
  asOf: number;
  configurations: number;
  withDetails: number;
  olderThan7Days: number;
  olderThan30Days: number;
  /** Fetch times of the oldest and newest stored detail; null without any. */
  oldestFetchedAt: number | null;
  newestFetchedAt: number | null;
}

/** A snapshot from the API is as old as its fetch; one from a file is a picture taken at its generatedAt. */
export function coverageAsOf(source: SnapshotSource, fetchedAt: number, generatedAt: number): number {
  return source === 'api' ? fetchedAt : generatedAt;
}

/** Whether a detail fetched at `fetchedAt` is stale as of `asOf`. */
export const isStale = (fetchedAt: number, asOf: number): boolean => asOf - fetchedAt > STALE_AFTER_DAYS * DAY;

/** Coverage of the `models` and `model_details` tables of `schema` ('main' or an attached file). */
export function measureCoverage(db: Database.Database, asOf: number, schema = 'main'): DetailsCoverage {
  const row = db
    .prepare(
      `SELECT (SELECT count(*) FROM ${schema}.models) AS configurations,
              count(d.slug) AS withDetails,
              coalesce(sum(d.fetched_at < @asOf - @week), 0) AS olderThan7Days,
              coalesce(sum(d.fetched_at < @asOf - @month), 0) AS olderThan30Days,
              min(d.fetched_at) AS oldestFetchedAt,
              max(d.fetched_at) AS newestFetchedAt
       FROM ${schema}.model_details d JOIN ${schema}.models m ON m.slug = d.slug`,
    )
    .get({ asOf, week: STALE_AFTER_DAYS * DAY, month: OLD_AFTER_DAYS * DAY }) as Omit<DetailsCoverage, 'asOf'>;
  return { asOf, ...row };
}

/** "per-benchmark scores for 8,412 of 10,000 configurations; 120 older than 7 days, 0 older than 30 days; fetched between … and …". */
export function describeCoverage(c: DetailsCoverage): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const range = c.oldestFetchedAt !== null && c.newestFetchedAt !== null ? `; fetched between ${day(c.oldestFetchedAt)} and ${day(c.newestFetchedAt)}` : '';
  return (
    `per-benchmark scores for ${n(c.withDetails)} of ${n(c.configurations)} configurations; ` +
    `${n(c.olderThan7Days)} older than ${STALE_AFTER_DAYS} days, ${n(c.olderThan30Days)} older than ${OLD_AFTER_DAYS} days${range}`
  );
}
