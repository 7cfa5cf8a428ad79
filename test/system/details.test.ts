/**
 * The rolling details crawl against the simulator, on a shared fake clock: it spends the day's
 * share of the month's allowance and no more than the budget, stays under the per-minute limit by
 * the simulator's own counters, keeps stored details when updatedAt moves, refreshes in the
 * documented order, records coverage, skips hidden configurations; it is on by default; and the
 * Starter fallback crawls within the same share.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateSample, serializeExport } from '../../src/dev/sample/generate.ts';
import { demoKey, startSimulator, type KeySpec, type Simulator } from '../../src/dev/simulator/index.ts';
import type { DetailsPlan } from '../../src/snapshot/fetch-details.ts';
import { readClientTuning } from '../../src/api/settings.ts';
import { runSnapshot } from '../../src/snapshot/run-snapshot.ts';
import type { SnapshotOutcome } from '../../src/snapshot/snapshot-request.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { nextMonthlyReset } from '../../src/snapshot/details-plan.ts';
import { captureReporter, fastClientEnv, tempDir } from '../helpers/env.ts';

const KEY = demoKey('partner');
const sample = generateSample({ configurations: 60, benches: 20, tags: 30 });
const body = serializeExport(sample.export);
const ranked = [...sample.export.models].sort((a, b) => b.supraScore - a.supraScore);

let dir: { path: string; cleanup: () => void };
let sim: Simulator | undefined;
const clock = { t: Date.UTC(2026, 10, 20, 12, 0, 30) };
const DAY = 86_400_000;

beforeAll(() => {
  dir = tempDir();
  return () => dir.cleanup();
});

afterEach(async () => {
  await sim?.close();
  sim = undefined;
  clock.t = Date.UTC(2026, 10, 20, 12, 0, 30);
});

async function start(spec: KeySpec, options: { hiddenSlugs?: string[]; exportBody?: string } = {}) {
  sim = await startSimulator({
    exportBody: options.exportBody ?? body,
    details: sample.details,
    keys: { [KEY]: spec },
    now: () => clock.t,
    hiddenSlugs: options.hiddenSlugs,
  });
  return sim;
}

async function snapshot(
  out: string,
  details: DetailsPlan | undefined,
  key = KEY,
  onWait: () => void = () => undefined,
): Promise<{ outcome: SnapshotOutcome; output: string }> {
  const captured = captureReporter([key]);
  const outcome = await runSnapshot({
    out,
    source: {
      kind: 'api',
      settings: { baseUrl: new URL(sim!.url), key, warnings: [] },
      tuning: { ...readClientTuning({}), retries: 2, retryBaseMs: 5, retryMaxMs: 20 },
    },
    force: true,
    allowShrink: false,
    fallback: true,
    details,
    historyLimit: 10,
    reporter: captured.reporter,
    now: () => clock.t,
    // Waiting moves the shared clock: pacing takes no real time, and the simulator sees it.
    sleep: async (ms) => {
      onWait();
      clock.t += ms;
    },
  });
  return { outcome, output: captured.text() };
}

const detailRequests = (s: Simulator) => s.requests.filter((r) => /^\/v1\/models\/./.test(r.path));
const storedDetails = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT slug FROM model_details').pluck().all() as string[];
  } finally {
    db.close();
  }
};

describe('the details crawl', () => {
  it("spends the day's share of the month's allowance, paced under the per-minute limit, top ranks first", async () => {
    const s = await start({ tier: 'partner', ratePerMinute: 5, monthlyQuota: 500 });
    const out = join(dir.path, 'quota.db');
    const { outcome, output } = await snapshot(out, { count: 'all', quotaShare: 0.5, budget: undefined });
    expect(outcome.status).toBe('written');
    // Half of 500 is 250 for the month; 11 days are left until 2026-12-01: 22 today, one of them the export.
    expect(detailRequests(s)).toHaveLength(21);
    expect(output).toContain('21 detail requests allowed: 50% of the monthly quota of 500 is 250, 250 of it left, spread over 11 days');
    const usage = s.usage(KEY);
    expect(usage.monthUsed).toBe(22);
    expect(Math.max(...usage.minuteCounts.values())).toBeLessThanOrEqual(5);
    expect(usage.minuteCounts.size).toBeGreaterThanOrEqual(5);
    expect(s.requests.filter((r) => r.status === 429)).toHaveLength(0);
    expect(storedDetails(out).sort()).toEqual(
      ranked
        .slice(0, 21)
        .map((m) => m.slug)
        .sort(),
    );
    // The ledger: the next run of this period knows the mirror spent 22.
    expect(withSnapshot(out, (r) => r.info().crawl)).toMatchObject({ periodReset: Date.UTC(2026, 11, 1), periodRequests: 22, runDetailRequests: 21 });
  });

  it('stores what it gathered before each wait for the next minute of the rate limit, so a kill then loses none of it', async () => {
    const s = await start({ tier: 'partner', ratePerMinute: 5 });
    const out = join(dir.path, 'checkpoints.db');
    // At each wait: the details in the file, and the details fetched so far.
    const atWaits: [number, number][] = [];
    const { output } = await snapshot(out, { count: 'all', quotaShare: 1, budget: 12 }, KEY, () =>
      atWaits.push([storedDetails(out).length, detailRequests(s).length]),
    );
    // The export and 4 details in the first minute, 5 in the second, 3 in the third.
    expect(atWaits).toEqual([
      [4, 4],
      [9, 9],
    ]);
    expect(output).toContain('checkpoint: 4 details of this run stored');
    expect(storedDetails(out)).toHaveLength(12);
  });

  it('keeps details when updatedAt moves, refreshes a changed benchCount first, then the oldest, top ranks first at equal age', async () => {
    const s = await start({ tier: 'partner' });
    const out = join(dir.path, 'rolling.db');
    const plan = (budget: number): DetailsPlan => ({ count: 10, quotaShare: 1, budget });
    const paths = (from: number) =>
      detailRequests(s)
        .slice(from)
        .map((r) => r.path.slice('/v1/models/'.length));
    await snapshot(out, plan(4));
    expect(paths(0)).toEqual(ranked.slice(0, 4).map((m) => m.slug));

    // Half a day later (the next UTC day): the six of the top ten without details, nothing else.
    clock.t += DAY / 2;
    let before = detailRequests(s).length;
    await snapshot(out, plan(100));
    expect(paths(before)).toEqual(ranked.slice(4, 10).map((m) => m.slug));
    expect(storedDetails(out)).toHaveLength(10);

    // Six hours on, every ranking refresh moved and one benchCount changed: only that one is asked for (the rest are
    // younger than a day), out of the quarter of a day's share that accrued since the last run.
    clock.t += DAY / 4;
    const changed = structuredClone(sample.export);
    for (const m of changed.models) m.updatedAt += 60_000;
    changed.models.find((m) => m.slug === ranked[7]!.slug)!.benchCount += 1;
    s.setExport(serializeExport(changed), sample.details);
    before = detailRequests(s).length;
    const third = await snapshot(out, plan(100));
    expect(paths(before)).toEqual([ranked[7]!.slug]);
    expect(third.output).toContain('1 fetched (0 without details, 1 with a new benchCount, 0 oldest)');
    expect(storedDetails(out)).toHaveLength(10);

    // Two days on, with room for five: the four of the first day, then the best of the second day's.
    clock.t += 2 * DAY;
    before = detailRequests(s).length;
    await snapshot(out, plan(5));
    expect(paths(before)).toEqual([...ranked.slice(0, 5)].map((m) => m.slug));
    const fetched = withSnapshot(out, (r) => new Map(r.details().map((d) => [d.slug, d.fetchedAt])));
    expect(fetched.get(ranked[0]!.slug)).toBeGreaterThan(fetched.get(ranked[5]!.slug)!);
  });

  it('prints coverage and stores it with the snapshot', async () => {
    await start({ tier: 'partner' });
    const out = join(dir.path, 'coverage.db');
    const { output } = await snapshot(out, { count: 'all', quotaShare: 1, budget: 7 });
    expect(output).toContain('coverage: per-benchmark scores for 7 of 60 configurations; 0 older than 7 days, 0 older than 30 days; fetched between 2026-11-');
    expect(withSnapshot(out, (r) => r.info().coverage)).toMatchObject({ configurations: 60, withDetails: 7, olderThan7Days: 0 });
    clock.t += 8 * DAY;
    const later = await snapshot(out, { count: 'all', quotaShare: 1, budget: 3 });
    expect(later.output).toContain('coverage: per-benchmark scores for 10 of 60 configurations; 7 older than 7 days, 0 older than 30 days');
  });

  it('skips a configuration hidden since the export (404) without failing', async () => {
    const hidden = ranked[1]!.slug;
    const s = await start({ tier: 'partner' }, { hiddenSlugs: [hidden] });
    const out = join(dir.path, 'hidden.db');
    const { outcome, output } = await snapshot(out, { count: 3, quotaShare: 1, budget: 100 });
    expect(outcome.status).toBe('written');
    expect(detailRequests(s)).toHaveLength(3);
    expect(storedDetails(out).sort()).toEqual([ranked[0]!.slug, ranked[2]!.slug].sort());
    expect(output).toContain('1 hidden');
  });

  it('keeps the export and the details so far when the quota runs out during the details', async () => {
    const s = await start({ tier: 'partner' });
    s.addFault({ type: 'quota_exceeded', path: `/v1/models/${ranked[1]!.slug}`, times: 5 });
    const out = join(dir.path, 'short.db');
    const { outcome, output } = await snapshot(out, { count: 10, quotaShare: 1, budget: 100 });
    expect(outcome.status).toBe('written');
    expect(output).toContain('details stopped early: error [quota_exceeded]');
    // quota_exceeded is never retried: one request for it, none after it.
    expect(detailRequests(s).map((r) => r.path)).toEqual([`/v1/models/${ranked[0]!.slug}`, `/v1/models/${ranked[1]!.slug}`]);
    expect(storedDetails(out)).toEqual([ranked[0]!.slug]);
  });
});

describe('on by default', () => {
  const cli = (out: string, args: string[]) =>
    snapshotCli(['--out', out, '--force', ...args], {
      env: fastClientEnv(sim!.url, KEY),
      reporter: captureReporter([KEY]).reporter,
    });

  it('crawls without any flag, within the default share, and --details 0 turns it off', async () => {
    // The command line runs on the real clock, and so does this simulator.
    const s = (sim = await startSimulator({ exportBody: body, details: sample.details, keys: { [KEY]: { tier: 'partner', monthlyQuota: 2_000 } } }));
    const off = await cli(join(dir.path, 'off.db'), ['--details', '0']);
    expect(off.code).toBe(0);
    expect(detailRequests(s)).toHaveLength(0);
    const on = await cli(join(dir.path, 'on.db'), []);
    expect(on.code).toBe(0);
    // 10% of 2,000 over the days left in the month, less this run's export request (a new file's ledger starts empty).
    const daysLeft = Math.max(1, Math.ceil((nextMonthlyReset(Date.now()) - Date.now()) / DAY));
    expect(detailRequests(s)).toHaveLength(Math.min(60, Math.floor(200 / daysLeft) - 1));
  });
});

describe('a Starter key', () => {
  it('falls back to the list endpoints, marks the snapshot partial, and crawls within the same share', async () => {
    const starter = demoKey('starter');
    sim = await startSimulator({
      exportBody: body,
      details: sample.details,
      keys: { [starter]: { tier: 'starter', monthlyQuota: 1_000 } },
      now: () => clock.t,
    });
    const out = join(dir.path, 'starter.db');
    const { outcome, output } = await snapshot(out, { count: 'all', quotaShare: 0.1, budget: undefined }, starter);
    expect(outcome).toMatchObject({ status: 'written', partial: true });
    expect(output).toContain("this key's tier may not use /v1/export.json");
    expect(output).toContain('building a partial snapshot');
    // 10% of 1,000 over the days left; the export refusal and the three lists come out of the same day's share.
    const daysLeft = Math.ceil((Date.UTC(2026, 11, 1) - clock.t) / DAY);
    const dayShare = Math.floor(100 / daysLeft);
    expect(sim.requests.slice(0, 4).map((r) => `${r.path}?${r.query}`)).toEqual([
      '/v1/export.json?',
      '/v1/models?limit=500',
      '/v1/benches?limit=500',
      '/v1/tags?',
    ]);
    expect(detailRequests(sim)).toHaveLength(dayShare - 4);
    expect(sim.requests.length).toBeLessThanOrEqual(dayShare);
    const db = new Database(out, { readonly: true });
    expect(db.prepare('SELECT partial FROM snapshot').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM models').pluck().get()).toBe(60);
    db.close();
  });
});
