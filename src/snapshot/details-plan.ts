/**
 * The rolling details crawl as pure functions: which configurations to ask `/v1/models/{slug}`
 * for first, how many requests this run may spend, and when it stores what it has gathered. No
 * I/O here; fetch-details.ts does the asking, with these answers.
 */
import { byRanking } from '../api/ranking.ts';
import { positiveNumber, type Env } from '../core/env.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A detail younger than this is not asked for again unless its benchCount changed: one refresh a day at most. */
export const MIN_REFRESH_AGE_MS = 20 * HOUR;
/** The maintainer's default share of the monthly quota for details. */
export const DEFAULT_DETAILS_SHARE = 0.1;
/** Without a budget flag, a run sends at most this many minutes' worth of the per-minute limit. */
export const DEFAULT_BUDGET_MINUTES = 10;
/** The request budget when the API sends no X-RateLimit-Limit to derive one from. */
export const FALLBACK_BUDGET = 1000;

/** Why a configuration is asked for, in the order the crawl spends its allowance. */
export type RefreshReason = 'missing' | 'bench-count' | 'oldest';

export interface CrawlCandidate {
  slug: string;
  supraScore: number;
  benchCount: number;
}

export interface StoredDetailState {
  fetchedAt: number;
  /** benchCount when fetched; null when unknown (a detail carried from an older store). */
  benchCount: number | null;
}

export interface PlannedRefresh {
  slug: string;
  reason: RefreshReason;
  /** When the stored detail was fetched, for `bench-count` and `oldest`. */
  fetchedAt?: number;
}

/**
 * The crawl order: configurations with no detail, then those whose benchCount changed since their
 * detail was fetched, then the oldest details (by fetch day; top ranks first within a day). Each
 * group by the ranking order. Details younger than MIN_REFRESH_AGE_MS are not listed as `oldest`.
 */
export function refreshOrder(models: readonly CrawlCandidate[], stored: ReadonlyMap<string, StoredDetailState>, now: number): PlannedRefresh[] {
  const ranked = [...models].sort(byRanking);
  const missing: PlannedRefresh[] = [];
  const changed: PlannedRefresh[] = [];
  const aging: (PlannedRefresh & { fetchedAt: number; rank: number })[] = [];
  ranked.forEach((m, rank) => {
    const detail = stored.get(m.slug);
    if (!detail) missing.push({ slug: m.slug, reason: 'missing' });
    else if (detail.benchCount !== null && detail.benchCount !== m.benchCount)
      changed.push({ slug: m.slug, reason: 'bench-count', fetchedAt: detail.fetchedAt });
    else if (now - detail.fetchedAt >= MIN_REFRESH_AGE_MS) aging.push({ slug: m.slug, reason: 'oldest', fetchedAt: detail.fetchedAt, rank });
  });
  aging.sort((a, b) => Math.floor(a.fetchedAt / DAY) - Math.floor(b.fetchedAt / DAY) || a.rank - b.rank);
  return [...missing, ...changed, ...aging.map(({ slug, reason, fetchedAt }) => ({ slug, reason, fetchedAt }))];
}

/** The quota and rate headers of an answer, as numbers; undefined where absent or unreadable. */
export interface QuotaView {
  limit?: number | undefined;
  remaining?: number | undefined;
  /** X-Quota-Reset in Unix ms. */
  resetAt?: number | undefined;
  ratePerMinute?: number | undefined;
}

const headerNumber = (headers: Record<string, string>, name: string): number | undefined => {
  const raw = headers[name]?.trim();
  if (raw === undefined || !/^\d+(\.\d+)?$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

export function readQuota(headers: Record<string, string>): QuotaView {
  const reset = headerNumber(headers, 'x-quota-reset');
  return {
    limit: headerNumber(headers, 'x-quota-limit'),
    remaining: headerNumber(headers, 'x-quota-remaining'),
    // The contract says "Unix timestamp"; seconds like X-RateLimit-Reset, but a value in ms is read as such.
    resetAt: reset === undefined || reset === 0 ? undefined : reset > 1e11 ? reset : reset * 1000,
    ratePerMinute: headerNumber(headers, 'x-ratelimit-limit'),
  };
}

/** 00:00 UTC on the 1st of the next month: the contract's monthly reset. */
export function nextMonthlyReset(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export interface AllowanceInput {
  /** The most of the monthly quota the maintainer lets the mirror spend (0-1). */
  share: number;
  /** An explicit cap on this run's detail requests; undefined derives one from the per-minute limit. */
  budget?: number | undefined;
  quota: QuotaView;
  now: number;
  /** What the previous snapshot recorded: the period it counted and the mirror's requests in it. */
  ledger?: { periodReset: number | null; periodRequests: number } | null | undefined;
  /** When the previous snapshot was taken: a second run on one day gets only what the day has left. */
  previousRunAt?: number | undefined;
  /** Requests this run already sent (the export, its pages, the Starter fallback's lists). */
  spentThisRun: number;
}

export interface Allowance {
  /** Detail requests this run may send. */
  requests: number;
  /** The quota period the ledger counts (Unix ms of its reset). */
  periodReset: number;
  /** The mirror's requests in this period before this run. */
  spentBefore: number;
  /** share x X-Quota-Limit; undefined when the API did not say its quota. */
  monthAllowance: number | undefined;
  daysLeft: number;
  /** What bounds `requests`. */
  limitedBy: 'day' | 'remaining' | 'budget';
  budget: number;
}

/**
 * This run's detail requests: the month's allowance (share x X-Quota-Limit) less what the mirror
 * already spent this period, spread evenly over the days left until X-Quota-Reset; never more
 * than the share of X-Quota-Remaining, nor the budget. Without quota headers, the budget alone.
 */
export function runAllowance(input: AllowanceInput): Allowance {
  const { share, quota, now, spentThisRun } = input;
  const periodReset = quota.resetAt ?? nextMonthlyReset(now);
  const samePeriod = input.ledger != null && input.ledger.periodReset === periodReset;
  const spentBefore = samePeriod ? input.ledger!.periodRequests : 0;
  const daysLeft = Math.max(1, Math.ceil((periodReset - now) / DAY));
  const budget = input.budget ?? (quota.ratePerMinute ? Math.floor(quota.ratePerMinute * DEFAULT_BUDGET_MINUTES) : FALLBACK_BUDGET);

  const monthAllowance = quota.limit === undefined ? undefined : Math.floor(share * quota.limit);
  // A second run within a day gets the part of the day's share that has accrued since the first.
  const sinceLast = samePeriod && input.previousRunAt !== undefined ? Math.min(1, Math.max(0, (now - input.previousRunAt) / DAY)) : 1;
  const byDay = monthAllowance === undefined ? Infinity : Math.floor(((monthAllowance - spentBefore) / daysLeft) * sinceLast) - spentThisRun;
  const byRemaining = quota.remaining === undefined ? Infinity : Math.floor(share * quota.remaining);

  const requests = Math.max(0, Math.min(byDay, byRemaining, budget));
  const limitedBy = requests === budget && budget <= Math.min(byDay, byRemaining) ? 'budget' : byDay <= byRemaining ? 'day' : 'remaining';
  return { requests, periodReset, spentBefore, monthAllowance, daysLeft, limitedBy, budget };
}

/** One line for the log: how the allowance came about. */
export function describeAllowance(a: Allowance, share: number, quota: QuotaView): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const pct = `${Math.round(share * 1000) / 10}%`;
  if (a.limitedBy === 'budget') return `${n(a.requests)} detail requests allowed: the run's budget`;
  if (a.limitedBy === 'remaining') return `${n(a.requests)} detail requests allowed: ${pct} of the ${n(quota.remaining ?? 0)} requests left this month`;
  return (
    `${n(a.requests)} detail requests allowed: ${pct} of the monthly quota of ${n(quota.limit ?? 0)} is ${n(a.monthAllowance ?? 0)}, ` +
    `${n(Math.max(0, (a.monthAllowance ?? 0) - a.spentBefore))} of it left, spread over ${a.daysLeft} day${a.daysLeft === 1 ? '' : 's'} until the quota resets`
  );
}

/** When a crawl stores what it gathered so far, so that a kill loses little of it. */
export interface CheckpointPolicy {
  /** After this many details fetched since the last store (Infinity: never by count). */
  everyDetails: number;
  /** After this long since the last store, in ms (Infinity: never by time). */
  everyMs: number;
}

/**
 * Every 1,000 details or every minute, whichever comes first: a kill (the out-of-memory killer, a
 * job's hard limit) loses at most a minute of the crawl and never more than 1,000 requests of the
 * quota. A checkpoint rewrites the whole file: at 10,000 configurations x 365 days with details for
 * all (150 MB) one took 2.1 to 3.7 s of CPU (4 to 12 s of wall time on a loaded 2-core machine), so
 * a minute apart they cost about 5 % of the crawl's CPU; at Pro's 300 requests a minute the crawl
 * waits for the next minute anyway, and stores during that wait (below).
 */
export const DEFAULT_CHECKPOINT: CheckpointPolicy = { everyDetails: 1000, everyMs: 60_000 };

/**
 * A checkpoint waits at least this many times as long as the last one took, so that on a larger
 * file (50,000 configurations) checkpoints grow further apart instead of taking over the crawl:
 * they then cost at most 1 / (1 + 19) = 5 % of it.
 */
export const CHECKPOINT_COST_FACTOR = 19;

export interface CheckpointState {
  /** Details fetched since the last store. */
  details: number;
  /** Time since the last store ended, in ms. */
  sinceMs: number;
  /** How long the last store took, in ms. */
  lastCostMs: number;
  /** The crawl is about to wait for the next minute of the rate limit: idle time, a free store. */
  waiting: boolean;
}

/** Whether the crawl stores what it has now. */
export function checkpointDue(policy: CheckpointPolicy, s: CheckpointState): boolean {
  if (s.details === 0) return false;
  if (s.waiting) return true;
  if (s.sinceMs < s.lastCostMs * CHECKPOINT_COST_FACTOR) return false;
  return s.details >= policy.everyDetails || s.sinceMs >= policy.everyMs;
}

/**
 * When the next checkpoint falls due, for the crawl's progress line: after so many more details or
 * so much more time, whichever comes first, and never sooner than its cost allows (a wait for the
 * rate limit may store sooner).
 */
export function describeNextCheckpoint(policy: CheckpointPolicy, s: CheckpointState): string {
  const gateMs = Math.max(0, s.lastCostMs * CHECKPOINT_COST_FACTOR - s.sinceMs);
  const byTime = Math.max(gateMs, policy.everyMs - s.sinceMs);
  const byCount = policy.everyDetails - s.details;
  // While the last store's cost holds the next one back, no count of details brings it sooner.
  const when = [
    Number.isFinite(byCount) && gateMs < byTime ? `${Math.max(0, byCount).toLocaleString('en-US')} more details` : undefined,
    Number.isFinite(byTime) ? `${Math.max(0, Math.ceil(byTime / 1000))} s` : undefined,
  ].filter(Boolean);
  return when.length ? `next checkpoint within ${when.join(' or ')}` : 'no checkpoint before the end';
}

/** `RANKING_DETAILS_CHECKPOINT_EVERY` (details) and `RANKING_DETAILS_CHECKPOINT_MS`; 0 turns a trigger off. */
export function readCheckpointPolicy(env: Env): CheckpointPolicy {
  const off = (n: number) => (n === 0 ? Infinity : n);
  return {
    everyDetails: off(positiveNumber(env, 'RANKING_DETAILS_CHECKPOINT_EVERY', DEFAULT_CHECKPOINT.everyDetails)),
    everyMs: off(positiveNumber(env, 'RANKING_DETAILS_CHECKPOINT_MS', DEFAULT_CHECKPOINT.everyMs)),
  };
}
