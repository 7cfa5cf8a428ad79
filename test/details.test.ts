/**
 * `snapshot --details` against the simulator, on a shared fake clock: it stops at the quota share
 * and the request budget, stays under the per-minute limit by the simulator's own counters,
 * reuses stored details, skips hidden configurations; and the Starter fallback.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateSample, serializeExport } from '../src/dev/sample/generate.ts';
import { demoKey, startSimulator, type KeySpec, type Simulator } from '../src/dev/simulator/index.ts';
import type { DetailsPlan } from '../src/snapshot/fetch-details.ts';
import { readClientTuning } from '../src/cli/env.ts';
import { runSnapshot, type SnapshotOutcome } from '../src/snapshot/run-snapshot.ts';
import { captureReporter, tempDir } from './helpers/env.ts';

const KEY = demoKey('partner');
const sample = generateSample({ configurations: 60, benches: 20, tags: 30 });
const body = serializeExport(sample.export);
const ranked = [...sample.export.models].sort((a, b) => b.supraScore - a.supraScore);

let dir: { path: string; cleanup: () => void };
let sim: Simulator | undefined;
const clock = { t: Date.UTC(2026, 10, 20, 12, 0, 30) };

beforeAll(() => {
  dir = tempDir();
  return () => dir.cleanup();
});

afterEach(async () => {
  await sim?.close();
  sim = undefined;
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

async function snapshot(out: string, details: DetailsPlan | undefined, key = KEY): Promise<{ outcome: SnapshotOutcome; output: string }> {
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

describe('snapshot --details', () => {
  it('stops at the quota share and paces under the per-minute limit', async () => {
    const s = await start({ tier: 'partner', ratePerMinute: 5, monthlyQuota: 41 });
    const out = join(dir.path, 'quota.db');
    const { outcome, output } = await snapshot(out, { count: 'all', quotaShare: 0.5, budget: 1000 });
    expect(outcome.status).toBe('written');
    // The export leaves 40 of 41; half of that is 20 detail requests, no more.
    expect(detailRequests(s)).toHaveLength(20);
    expect(output).toContain('50% of the 40 requests left in the monthly quota is spent');
    const usage = s.usage(KEY);
    expect(usage.monthUsed).toBe(21);
    expect(Math.max(...usage.minuteCounts.values())).toBeLessThanOrEqual(5);
    expect(usage.minuteCounts.size).toBeGreaterThanOrEqual(5);
    expect(s.requests.filter((r) => r.status === 429)).toHaveLength(0);
    // The top configurations by supraScore come first.
    expect(storedDetails(out).sort()).toEqual(
      ranked
        .slice(0, 20)
        .map((m) => m.slug)
        .sort(),
    );
  });

  it('honours the request budget, and reuses details whose configuration did not change', async () => {
    const s = await start({ tier: 'partner' });
    const out = join(dir.path, 'budget.db');
    await snapshot(out, { count: 10, quotaShare: 1, budget: 4 });
    expect(detailRequests(s)).toHaveLength(4);
    expect(storedDetails(out)).toHaveLength(4);

    const first = detailRequests(s).length;
    const second = await snapshot(out, { count: 10, quotaShare: 1, budget: 100 });
    expect(second.outcome.status).toBe('written');
    // The four stored ones are reused; only the other six of the top ten are asked for.
    expect(detailRequests(s).length - first).toBe(6);
    expect(storedDetails(out)).toHaveLength(10);

    const changed = structuredClone(sample.export);
    const bumped = changed.models.find((m) => m.slug === ranked[0]!.slug)!;
    bumped.updatedAt += 60_000;
    s.setExport(serializeExport(changed), sample.details);
    const before = detailRequests(s).length;
    await snapshot(out, { count: 10, quotaShare: 1, budget: 100 });
    expect(
      detailRequests(s)
        .slice(before)
        .map((r) => r.path),
    ).toEqual([`/v1/models/${ranked[0]!.slug}`]);
    expect(storedDetails(out)).toHaveLength(10);
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

describe('a Starter key', () => {
  it('falls back to the list endpoints and marks the snapshot partial', async () => {
    const starter = demoKey('starter');
    sim = await startSimulator({ exportBody: body, details: sample.details, keys: { [starter]: { tier: 'starter' } }, now: () => clock.t });
    const out = join(dir.path, 'starter.db');
    const { outcome, output } = await snapshot(out, undefined, starter);
    expect(outcome).toMatchObject({ status: 'written', partial: true });
    expect(output).toContain("this key's tier may not use /v1/export.json");
    expect(output).toContain('building a partial snapshot');
    expect(sim.requests.map((r) => `${r.path}?${r.query}`)).toEqual(['/v1/export.json?', '/v1/models?limit=500', '/v1/benches?limit=500', '/v1/tags?']);
    const db = new Database(out, { readonly: true });
    expect(db.prepare('SELECT partial FROM snapshot').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM models').pluck().get()).toBe(60);
    db.close();
  });
});
