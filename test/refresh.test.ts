/**
 * `npm run refresh` as a maintainer's cron job runs it, in a real process against the simulator:
 * an unchanged run renders nothing, a changed one shows the movement, a failed one keeps both
 * the snapshot and the site, and a Starter key yields a marked partial site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { load } from 'cheerio';
import { hashSiteCode } from '../src/publish/build-stamp.ts';
import { demoKey, startSimulator, type Simulator } from '../src/dev/simulator/index.ts';
import { fingerprint, runScript, tempDir } from './helpers/env.ts';
import { fixtureExport } from './helpers/fixture.ts';

const KEY = demoKey('partner');
const STARTER = demoKey('starter');
let sim: Simulator;
let dir: { path: string; cleanup: () => void };
let db: string;
let dist: string;

const env = (key = KEY) => ({
  RANKING_API_URL: sim.url,
  RANKING_API_KEY: key,
  RANKING_RETRIES: '1',
  RANKING_RETRY_BASE_MS: '5',
  SITE_URL: 'https://mirror.example.net/',
});
const refresh = (args: string[] = [], key = KEY) => runScript('refresh.ts', ['--out', db, '--dist', dist, ...args], env(key));

/** Every file of a folder with its hash and mtime. */
function snapshotTree(root: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(root, p)] = fingerprint(p);
    }
  };
  walk(root);
  return out;
}

beforeAll(async () => {
  dir = tempDir();
  db = join(dir.path, 'snapshot.db');
  dist = join(dir.path, 'dist');
  sim = await startSimulator({
    exportBody: JSON.stringify(fixtureExport({ hostile: false })),
    keys: { [KEY]: { tier: 'partner' }, [STARTER]: { tier: 'starter' } },
  });
});

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
});

describe('refresh', () => {
  it('builds the site when there is none', async () => {
    const r = await refresh();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('written:');
    expect(r.stdout).toMatch(/built .*: \d+ pages/);
    expect(JSON.parse(readFileSync(join(dist, 'data/snapshot.json'), 'utf8'))).toMatchObject({ generatedAt: '2026-11-16T06:00:00.000Z', configurations: 12 });
  }, 300_000);

  it('renders nothing when the data is unchanged, leaving dist/ byte-identical', async () => {
    const before = snapshotTree(dist);
    const requests = sim.requests.length;
    const forced = await refresh(['--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('unchanged: the data is the same');
    expect(forced.stdout).toContain('nothing rendered');
    expect(forced.stdout).not.toContain('render ');
    expect(sim.requests.length).toBe(requests + 1);
    // Within the cache lifetime no request reaches the origin at all.
    const lazy = await refresh();
    expect(lazy.code).toBe(0);
    expect(lazy.stdout).toContain('no request made');
    expect(sim.requests.length).toBe(requests + 1);
    expect(snapshotTree(dist)).toEqual(before);
  }, 120_000);

  it('keeps the snapshot and dist/ when the fetch fails', async () => {
    const site = snapshotTree(dist);
    const snapshotFile = fingerprint(db);
    sim.addFault({ type: 'status', status: 503, times: 10 });
    const r = await refresh(['--force']);
    sim.clearFaults();
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('dist/ is untouched');
    expect(fingerprint(db)).toEqual(snapshotFile);
    expect(snapshotTree(dist)).toEqual(site);
  }, 120_000);

  it('rebuilds a changed snapshot and shows the movement', async () => {
    const next = fixtureExport({ hostile: false, generatedAt: Date.UTC(2026, 10, 17, 6) });
    next.models = next.models.map((m) => (m.slug === 'plain-7' ? { ...m, supraScore: 99.5 } : m));
    sim.setExport(JSON.stringify(next));
    const r = await refresh(['--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('the snapshot changed: building');
    const $ = load(readFileSync(join(dist, 'index.html'), 'utf8'));
    const top = $('tbody tr').first();
    expect(top.find('th a').first().text()).toBe('Plain Seven');
    expect(top.find('.movement.up').text()).toContain('up 10 since the previous snapshot');
    const changes = load(readFileSync(join(dist, 'changes/index.html'), 'utf8'))('main').text();
    expect(changes).toContain('Plain Seven');
    expect(changes).toMatch(/model rank 11 → 1\b/);
  }, 300_000);

  it('rebuilds when dist/ does not show the current snapshot', async () => {
    rmSync(join(dist, 'data/snapshot.json'));
    const r = await refresh();
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no request made');
    expect(r.stdout).toContain('building');
    expect(statSync(join(dist, 'data/snapshot.json')).isFile()).toBe(true);
  }, 300_000);

  it('rebuilds when dist/ was built by other site code', async () => {
    const stampFile = join(dist, 'data/snapshot.json');
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp: string };
    writeFileSync(stampFile, JSON.stringify({ ...stamp, stamp: stamp.stamp.replace(/:[0-9a-f]+$/, ':0000000000000000') }));
    const r = await refresh();
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('was built by other code: building');
    expect((JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp: string }).stamp).toBe(stamp.stamp);
  }, 300_000);

  it('tells site code versions apart', () => {
    const root = join(dir.path, 'code');
    mkdirSync(join(root, 'src/pages'), { recursive: true });
    writeFileSync(join(root, 'src/pages/index.astro'), '<h1>one</h1>');
    const before = hashSiteCode(root);
    expect(hashSiteCode(root)).toBe(before);
    writeFileSync(join(root, 'src/pages/index.astro'), '<h1>two</h1>');
    expect(hashSiteCode(root)).not.toBe(before);
  });

  it('builds a marked partial site from a Starter key', async () => {
    const starterDb = join(dir.path, 'starter.db');
    const starterDist = join(dir.path, 'starter-dist');
    const r = await runScript('refresh.ts', ['--out', starterDb, '--dist', starterDist], env(STARTER));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('partial');
    const $ = load(readFileSync(join(starterDist, 'index.html'), 'utf8'));
    expect($('.banner').text()).toContain('Partial snapshot');
    expect(load(readFileSync(join(starterDist, 'about/index.html'), 'utf8'))('#partial').text()).toContain('may not use the bulk export');
  }, 300_000);
});
