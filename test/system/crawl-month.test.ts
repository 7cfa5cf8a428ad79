/**
 * A simulated month of daily runs, with a fake clock, against the simulator's live mode: every
 * configuration's updatedAt moves each minute (so between any two runs), two details gain a
 * submission and two votes flip each day, and a configuration vanishes after each export. The
 * rolling crawl must still cover the whole field, within its share, oldest details first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateMonth, type MonthResult } from '../../src/dev/crawl-month/simulate-month.ts';
import { tempDir } from '../helpers/env.ts';

const DAY = 86_400_000;
const QUOTA = 5_000;
const SHARE = 0.1;
const RATE = 10;
const START = Date.UTC(2026, 11, 1, 6, 17); // December: 31 daily runs until the reset on 2027-01-01
const RESET = Date.UTC(2027, 0, 1);

let dir: { path: string; cleanup: () => void };
let month: MonthResult;

beforeAll(async () => {
  dir = tempDir();
  month = await simulateMonth({
    configurations: 200,
    key: { tier: 'partner', monthlyQuota: QUOTA, ratePerMinute: RATE },
    share: SHARE,
    start: START,
    churn: { submissions: 2, voteFlips: 2 },
    vanishPerExport: 1,
    dir: dir.path,
  });
});
afterAll(() => dir?.cleanup());

describe('a month of daily runs against a service whose rankings refresh every minute', () => {
  it('runs every day of the month and writes a snapshot each time', () => {
    expect(month.days.map((d) => d.day)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(new Set(month.days.map((d) => d.status))).toEqual(new Set(['written']));
  });

  it('grows coverage run after run until every configuration has details, and keeps it there', () => {
    const covered = month.days.map((d) => d.withDetails);
    // Details stay although every updatedAt moved: coverage grows by each run's allowance.
    for (let i = 1; i < covered.length && month.days[i]!.withDetails < month.days[i]!.configurations; i++) {
      expect(covered[i]!).toBeGreaterThan(covered[i - 1]!);
    }
    expect(month.fullCoverageDay).toBeDefined();
    expect(month.fullCoverageDay!).toBeLessThan(20);
    for (const d of month.days.slice(month.fullCoverageDay! - 1)) expect(d.withDetails).toBe(d.configurations);
    // The vanished configurations left the export, and their details with them.
    expect(month.days.at(-1)!.configurations).toBeLessThan(month.days[0]!.configurations);
  });

  it('never sends more than the run allowed, nor more than the day share of what is left, nor over the per-minute limit', () => {
    let usedBefore = 0;
    for (const d of month.days) {
      const daysLeft = Math.ceil((RESET - d.at) / DAY);
      const dayShare = Math.floor((SHARE * QUOTA - usedBefore) / daysLeft);
      expect(d.detailRequests, `day ${d.day}`).toBeLessThanOrEqual(d.allowance);
      expect(d.requests, `day ${d.day}`).toBeLessThanOrEqual(dayShare);
      expect(d.maxPerMinute, `day ${d.day}`).toBeLessThanOrEqual(RATE);
      usedBefore = d.monthUsed;
    }
  });

  it("keeps the month's total within the share of the quota, and spreads it rather than front-loading", () => {
    const total = month.days.at(-1)!.monthUsed;
    expect(total).toBeLessThanOrEqual(SHARE * QUOTA);
    expect(total).toBeGreaterThan(0.9 * SHARE * QUOTA);
    const perDay = month.days.map((d) => d.requests);
    expect(Math.max(...perDay) - Math.min(...perDay)).toBeLessThanOrEqual(2);
  });

  it('refreshes a changed benchCount before the oldest, and the oldest details first', () => {
    const afterFull = month.days.slice(month.fullCoverageDay!);
    expect(afterFull.some((d) => d.benchCountChanged > 0)).toBe(true);
    for (const d of afterFull) {
      // Changed ones all fit in the day's allowance once the field is covered: none is left for later.
      expect(d.benchCountRefreshed, `day ${d.day}`).toBe(Math.min(d.benchCountChanged, d.detailRequests));
      if (d.latestRefreshedFetch !== null && d.earliestKeptFetch !== null) {
        expect(Math.floor(d.latestRefreshedFetch / DAY), `day ${d.day}`).toBeLessThanOrEqual(Math.floor(d.earliestKeptFetch / DAY));
      }
    }
    // Stale details were refreshed at all: some run after full coverage refreshed details older than a day.
    expect(afterFull.some((d) => d.latestRefreshedFetch !== null && d.at - d.latestRefreshedFetch > DAY)).toBe(true);
  });
});
