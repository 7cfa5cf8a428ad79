/**
 * `npm run refresh` as a maintainer's cron job runs it, in a real process against the simulator,
 * in a copy of the project so a test can change its code: an unchanged run renders nothing, a
 * change to the code or the data rebuilds, and a failed one keeps both the snapshot and the site.
 * When it renders is tested on its own in test/unit/refresh-decision.test.ts; this file keeps the
 * end-to-end runs, which render with the stub (src/dev/stub-render/stub-refresh.ts): what they test is
 * the decision and the build around the render. The real command with the real Astro render runs
 * in cli.test.ts (a Starter key's refresh into a partial site) and demo.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { demoKey, startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { copyProject, fastClientEnv, fingerprint, runScript, tempDir } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';
import { treeOf } from '../helpers/files.ts';

const KEY = demoKey('partner');
let sim: Simulator;
let dir: { path: string; cleanup: () => void };
let project: string;
let db: string;
let dist: string;

const env = () => ({ ...fastClientEnv(sim.url, KEY), SITE_URL: 'https://mirror.example.net/' });
/**
 * The stub's refresh from the project's copy, whose code the build stamp hashes; never restoring from SITE_URL,
 * which names no host of this machine (restore.test covers the restore).
 */
const refresh = (args: string[] = []) =>
  runScript('../src/dev/stub-render/stub-refresh.ts', ['--out', db, '--dist', dist, '--no-restore', ...args], env(), { cwd: project, timeoutMs: 120_000 });

beforeAll(async () => {
  dir = tempDir();
  project = copyProject(join(dir.path, 'project'));
  db = join(dir.path, 'snapshot.db');
  dist = join(dir.path, 'dist');
  sim = await startSimulator({
    exportBody: JSON.stringify(fixtureExport({ hostile: false })),
    keys: { [KEY]: { tier: 'partner' } },
  });
});

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
});

// One maintainer's site, run after run: each step starts from the state the one before left.
describe('refresh, run after run', () => {
  it('builds the site when there is none', async () => {
    const r = await refresh();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('written:');
    expect(r.stdout).toMatch(/built .*: \d+ pages/);
    expect(JSON.parse(readFileSync(join(dist, 'data/snapshot.json'), 'utf8'))).toMatchObject({ generatedAt: '2026-11-16T06:00:00.000Z', configurations: 12 });
  }, 120_000);

  it('renders nothing when the data is unchanged, leaving dist/ byte-identical', async () => {
    const before = treeOf(dist);
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
    expect(treeOf(dist)).toEqual(before);
  }, 120_000);

  it('keeps the snapshot and dist/ when the fetch fails', async () => {
    const site = treeOf(dist);
    const snapshotFile = fingerprint(db);
    sim.addFault({ type: 'status', status: 503, times: 10 });
    const r = await refresh(['--force']);
    sim.clearFaults();
    expect(r.code).toBe(5);
    // One error line, and below the retry warnings the exit line last, naming both things kept.
    const lines = r.stderr.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('error')).length).toBe(1);
    expect(lines.at(-1)).toMatch(/^exit 5: gave up after .*; the previous snapshot and .*dist\/ are untouched$/);
    expect(fingerprint(db)).toEqual(snapshotFile);
    expect(treeOf(dist)).toEqual(site);
  }, 120_000);

  it('rebuilds a changed snapshot and shows the movement', async () => {
    const next = fixtureExport({ hostile: false, generatedAt: Date.UTC(2026, 10, 17, 6) });
    next.models = next.models.map((m) => (m.slug === 'plain-7' ? { ...m, supraScore: 99.5 } : m));
    sim.setExport(JSON.stringify(next));
    const r = await refresh(['--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('the snapshot changed: building');
    expect(JSON.parse(readFileSync(join(dist, 'data/snapshot.json'), 'utf8'))).toMatchObject({ generatedAt: '2026-11-17T06:00:00.000Z' });
    // The publish step's files of the new site show the move (the pages that show it are tested on a real render in site.test.ts).
    expect(JSON.parse(readFileSync(join(dist, 'models/plain-7/badge.json'), 'utf8'))).toMatchObject({
      message: expect.stringMatching(/^1 of 11 · supraScore 99\.5 /),
    });
    const feed = load(readFileSync(join(dist, 'models/plain-7/feed.xml'), 'utf8'), { xml: true });
    expect(feed('entry title').first().text()).toContain('snapshot of 2026-11-17');
    expect(feed('entry title').first().text()).toContain('model rank 11 to 1 (supraScore 3.0 to 99.5)');
  }, 120_000);

  it('rebuilds when the code changed, even code outside the pages (src/api/)', async () => {
    const stampFile = join(dist, 'data/snapshot.json');
    const before = (JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp: string }).stamp;
    const segment = join(project, 'src/api/segment.ts');
    writeFileSync(segment, `${readFileSync(segment, 'utf8')}\n// a change of the slug rule's module\n`);
    const r = await refresh();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('no request made');
    expect(r.stdout).toContain('was built by other code or for another deploy target: building');
    const after = (JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp: string }).stamp;
    expect(after).not.toBe(before);
    expect(after.split(':').slice(0, 2)).toEqual(before.split(':').slice(0, 2));
  }, 120_000);
});
