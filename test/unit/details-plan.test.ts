/** The crawl's order and allowance, as pure functions: no server, no clock but the one given. */
import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_COST_FACTOR,
  checkpointDue,
  DEFAULT_CHECKPOINT,
  describeNextCheckpoint,
  FALLBACK_BUDGET,
  MIN_REFRESH_AGE_MS,
  nextMonthlyReset,
  readCheckpointPolicy,
  readQuota,
  refreshOrder,
  runAllowance,
  type AllowanceInput,
  type StoredDetailState,
} from '../../src/snapshot/details-plan.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 10, 6, 17); // 2026-11-10, 21 days (rounded up) before the reset on 2026-12-01
const RESET = Date.UTC(2026, 11, 1);

const model = (slug: string, supraScore: number, benchCount = 5) => ({ slug, supraScore, benchCount });
const stored = (daysAgo: number, benchCount: number | null = 5): StoredDetailState => ({ fetchedAt: NOW - daysAgo * DAY, benchCount });

describe('refreshOrder', () => {
  it('puts configurations without details first, then a changed benchCount, then the oldest, each by rank', () => {
    const models = [model('a', 90), model('b', 80), model('c', 70, 6), model('d', 60), model('e', 50), model('f', 40, 7), model('g', 30)];
    const details = new Map([
      ['a', stored(3)],
      ['c', stored(1)], // benchCount 5 then, 6 now
      ['d', stored(9)],
      ['f', stored(2)], // 5 then, 7 now
      ['g', stored(9)],
    ]);
    expect(refreshOrder(models, details, NOW).map((p) => [p.slug, p.reason])).toEqual([
      ['b', 'missing'],
      ['e', 'missing'],
      ['c', 'bench-count'],
      ['f', 'bench-count'],
      ['d', 'oldest'],
      ['g', 'oldest'],
      ['a', 'oldest'],
    ]);
  });

  it('orders details of the same fetch day by rank, whatever the time of day', () => {
    const models = [model('top', 90), model('mid', 50), model('low', 10)];
    const day = Math.floor((NOW - 5 * DAY) / DAY) * DAY;
    const details = new Map<string, StoredDetailState>([
      ['top', { fetchedAt: day + 23 * 3_600_000, benchCount: 5 }],
      ['mid', { fetchedAt: day + 3_600_000, benchCount: 5 }],
      ['low', { fetchedAt: day, benchCount: 5 }],
    ]);
    expect(refreshOrder(models, details, NOW).map((p) => p.slug)).toEqual(['top', 'mid', 'low']);
  });

  it('does not list a detail younger than the minimum refresh age, nor treat an unknown benchCount as changed', () => {
    const models = [model('fresh', 90), model('unknown', 80, 9)];
    const details = new Map<string, StoredDetailState>([
      ['fresh', { fetchedAt: NOW - MIN_REFRESH_AGE_MS + 1, benchCount: 5 }],
      ['unknown', { fetchedAt: NOW - MIN_REFRESH_AGE_MS + 1, benchCount: null }],
    ]);
    expect(refreshOrder(models, details, NOW)).toEqual([]);
    expect(refreshOrder(models, details, NOW + 1).map((p) => p.slug)).toEqual(['fresh', 'unknown']);
  });
});

describe('readQuota', () => {
  it('reads the quota and rate headers, the reset in seconds or ms, and ignores garbage', () => {
    expect(readQuota({ 'x-quota-limit': '100000', 'x-quota-remaining': '99970', 'x-quota-reset': String(RESET / 1000), 'x-ratelimit-limit': '300' })).toEqual({
      limit: 100_000,
      remaining: 99_970,
      resetAt: RESET,
      ratePerMinute: 300,
    });
    expect(readQuota({ 'x-quota-reset': String(RESET) }).resetAt).toBe(RESET);
    expect(readQuota({ 'x-quota-limit': '1e9', 'x-quota-remaining': '-4', 'x-quota-reset': 'soon' })).toEqual({
      limit: undefined,
      remaining: undefined,
      resetAt: undefined,
      ratePerMinute: undefined,
    });
  });

  it('finds the contract reset, 00:00 UTC on the 1st, when the API does not say', () => {
    expect(nextMonthlyReset(NOW)).toBe(RESET);
    expect(nextMonthlyReset(Date.UTC(2026, 11, 31, 23, 59))).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('runAllowance', () => {
  const pro = { limit: 100_000, remaining: 90_000, resetAt: RESET, ratePerMinute: 300 };
  const base: AllowanceInput = { share: 0.1, quota: pro, now: NOW, spentThisRun: 1 };

  it("spreads the share of the month's quota over the days left, less this run's export request", () => {
    const a = runAllowance(base);
    // 10% of 100,000 over 21 days is 476 a day; the export took one of them.
    expect(a).toMatchObject({ requests: 475, daysLeft: 21, monthAllowance: 10_000, spentBefore: 0, limitedBy: 'day', periodReset: RESET });
  });

  it('takes off what the mirror already spent in this period, and forgets a ledger of another period', () => {
    const ledger = { periodReset: RESET, periodRequests: 7_900 };
    expect(runAllowance({ ...base, ledger }).requests).toBe(Math.floor(2_100 / 21) - 1);
    expect(runAllowance({ ...base, ledger: { periodReset: RESET - 30 * DAY, periodRequests: 7_900 } }).requests).toBe(475);
  });

  it('gives a second run on the same day only what has accrued since the first', () => {
    const ledger = { periodReset: RESET, periodRequests: 0 };
    expect(runAllowance({ ...base, ledger, previousRunAt: NOW - DAY / 4, spentThisRun: 0 }).requests).toBe(Math.floor(476.19 / 4));
    expect(runAllowance({ ...base, ledger, previousRunAt: NOW - 3 * DAY, spentThisRun: 0 }).requests).toBe(476);
  });

  it('never spends past the share: a whole month of daily runs stays within share x quota', () => {
    let spent = 0;
    let ledger = { periodReset: RESET, periodRequests: 0 };
    const start = Date.UTC(2026, 10, 1, 6, 17);
    for (let day = 0; day < 30; day++) {
      const now = start + day * DAY;
      const run = runAllowance({ share: 0.1, quota: { ...pro, remaining: 100_000 - spent }, now, ledger, previousRunAt: now - DAY, spentThisRun: 1 });
      spent += 1 + run.requests;
      ledger = { periodReset: RESET, periodRequests: spent };
      expect(run.requests).toBeLessThanOrEqual(Math.ceil(10_000 / 30));
    }
    expect(spent).toBeLessThanOrEqual(10_000);
    expect(spent).toBeGreaterThan(9_900); // and spreads, rather than leaving most of it unspent
  });

  it('is bounded by the share of X-Quota-Remaining when others used most of the quota', () => {
    expect(runAllowance({ ...base, quota: { ...pro, remaining: 2_000 } })).toMatchObject({ requests: 200, limitedBy: 'remaining' });
  });

  it('is bounded by the budget: the given one, or ten minutes of the per-minute limit', () => {
    expect(runAllowance({ ...base, budget: 50 })).toMatchObject({ requests: 50, limitedBy: 'budget' });
    const enterprise = { limit: 1_000_000, remaining: 1_000_000, resetAt: RESET, ratePerMinute: 1_200 };
    expect(runAllowance({ ...base, quota: enterprise })).toMatchObject({ requests: 4_760, limitedBy: 'day' });
    expect(runAllowance({ ...base, share: 0.5, quota: enterprise })).toMatchObject({ requests: 12_000, limitedBy: 'budget' });
  });

  it('falls back to the budget alone without quota headers, and to nothing when the share is spent', () => {
    expect(runAllowance({ ...base, quota: {} })).toMatchObject({ requests: FALLBACK_BUDGET, limitedBy: 'budget' });
    expect(runAllowance({ ...base, ledger: { periodReset: RESET, periodRequests: 10_000 } }).requests).toBe(0);
    expect(runAllowance({ ...base, quota: { ...pro, limit: 5 } }).requests).toBe(0);
  });
});

describe('checkpointDue', () => {
  const policy = { everyDetails: 100, everyMs: 60_000 };
  const state = { details: 1, sinceMs: 0, lastCostMs: 0, waiting: false };

  it("stores after the policy's count of details, or its time, whichever comes first", () => {
    expect(checkpointDue(policy, { ...state, details: 99, sinceMs: 59_999 })).toBe(false);
    expect(checkpointDue(policy, { ...state, details: 100, sinceMs: 1_000 })).toBe(true);
    expect(checkpointDue(policy, { ...state, details: 3, sinceMs: 60_000 })).toBe(true);
  });

  it('stores before a wait for the rate limit whatever the policy, and never with nothing new', () => {
    expect(checkpointDue(policy, { ...state, waiting: true })).toBe(true);
    expect(checkpointDue(policy, { ...state, details: 0, sinceMs: 3_600_000, waiting: true })).toBe(false);
  });

  it('waits at least CHECKPOINT_COST_FACTOR times as long as the last store took, so stores on a large file spread out', () => {
    const slow = { ...state, details: 5_000, lastCostMs: 10_000 };
    expect(checkpointDue(policy, { ...slow, sinceMs: 10_000 * CHECKPOINT_COST_FACTOR - 1 })).toBe(false);
    expect(checkpointDue(policy, { ...slow, sinceMs: 10_000 * CHECKPOINT_COST_FACTOR })).toBe(true);
    // The idle time before a wait costs the crawl nothing.
    expect(checkpointDue(policy, { ...slow, sinceMs: 0, waiting: true })).toBe(true);
  });

  it('reads the policy from the environment; 0 turns a trigger off', () => {
    expect(readCheckpointPolicy({})).toEqual(DEFAULT_CHECKPOINT);
    expect(readCheckpointPolicy({ RANKING_DETAILS_CHECKPOINT_EVERY: '2', RANKING_DETAILS_CHECKPOINT_MS: '0' })).toEqual({ everyDetails: 2, everyMs: Infinity });
    expect(() => readCheckpointPolicy({ RANKING_DETAILS_CHECKPOINT_EVERY: 'often' })).toThrow(/RANKING_DETAILS_CHECKPOINT_EVERY must be/);
  });
});

describe('describeNextCheckpoint', () => {
  const policy = { everyDetails: 1000, everyMs: 60_000 };
  const state = { details: 200, sinceMs: 15_000, lastCostMs: 100, waiting: false };

  it('says how many more details or how many seconds, whichever comes first, bring the next store', () => {
    expect(describeNextCheckpoint(policy, state)).toBe('next checkpoint within 800 more details or 45 s');
    expect(describeNextCheckpoint({ everyDetails: Infinity, everyMs: 60_000 }, state)).toBe('next checkpoint within 45 s');
    expect(describeNextCheckpoint({ everyDetails: 1000, everyMs: Infinity }, state)).toBe('next checkpoint within 800 more details');
    expect(describeNextCheckpoint({ everyDetails: Infinity, everyMs: Infinity }, state)).toBe('no checkpoint before the end');
  });

  it('says only the time while the last store’s cost holds the next one back', () => {
    // A store of 10 s is followed by none for 190 s.
    expect(describeNextCheckpoint(policy, { ...state, details: 5000, lastCostMs: 10_000 })).toBe('next checkpoint within 175 s');
  });
});
