/**
 * No build publishes a shorter history over a longer one: the real build (around the stub render of
 * src/dev/stub-render/stub-render.ts: what is tested is what the build compares before it renders) held to
 * the previous site's manifest, or, with no previous site, to the live manifest at SITE_URL or
 * STATE_URL served on loopback; refused with one line and nothing swapped in, unless told
 * `--new-history`. A year of history against one day of a new one, real SQLite files throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { refreshCli } from '../../src/publish/refresh-cli.ts';
import { readRunReport } from '../../src/snapshot/run-report.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { demoKey, startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { captureReporter, runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { exportOfDay, publishAsBuilt, serveRecorded, yearOfHistory } from '../helpers/published-site.ts';
import { stubRender } from '../../src/dev/stub-render/stub-render.ts';
import { treeOf } from '../helpers/files.ts';

const KEY = demoKey('partner');
const SITE = { SITE_URL: 'http://127.0.0.1:9/' };
let dir: { path: string; cleanup: () => void };
let sim: Simulator;
/** 365 daily snapshots, and a new history of one day (the next one's export, stored into no history). */
let year: string;
let day: string;
/** The year built as a plain site, and with its state beside it; what the latter's build printed. */
let yearSite: string;
let yearStateSite: string;
let yearStateBuild: RunResult;
const STATE_ENV = { ...SITE, STATE_URL: 'http://127.0.0.1:9/state/' };

/** Every file under a folder, byte for byte; {} when there is no folder. */
const tree = (root: string) => treeOf(root);

const build = (snapshot: string, out: string, env: Record<string, string> = SITE, flags: string[] = []) =>
  runScript('../src/dev/stub-render/stub-build.ts', ['--snapshot', snapshot, '--out', out, ...flags], env, { timeoutMs: 300_000 });

/** A copy of `source` with the export of `d` days after the fixture's date stored over it, its history kept to `limit`. */
async function nextDay(source: string | undefined, path: string, d: number, limit: number): Promise<string> {
  if (source) copyFileSync(source, path);
  const file = join(dir.path, `day-${d}.json`);
  writeFileSync(file, JSON.stringify(exportOfDay(d)));
  const captured = captureReporter();
  const r = await snapshotCli(['--from-file', file, '--out', path], { env: { SNAPSHOT_HISTORY_LIMIT: String(limit) }, reporter: captured.reporter });
  if (r.code !== 0) throw new Error(captured.text());
  return path;
}

const historyOf = (path: string) => withSnapshot(path, (r) => r.historySnapshots().length);

beforeAll(async () => {
  dir = tempDir('mirror-history-guard-');
  year = join(dir.path, 'year.db');
  await yearOfHistory(dir.path, year);
  day = await nextDay(undefined, join(dir.path, 'day.db'), 1, 365);
  sim = await startSimulator({ exportBody: JSON.stringify(exportOfDay(2)), keys: { [KEY]: { tier: 'partner' } } });
  // The year built once each way, and copied wherever a test needs a published year: as a plain site, and with its state
  // beside it (STATE_URL, as on GitHub Pages; nothing answers there, so the build compares with nothing).
  yearSite = join(dir.path, 'year-site', 'dist');
  yearStateSite = join(dir.path, 'year-state-site', 'dist');
  mkdirSync(join(dir.path, 'year-site'));
  mkdirSync(join(dir.path, 'year-state-site'));
  const [plain, withState] = await Promise.all([build(year, yearSite), build(year, yearStateSite, STATE_ENV)]);
  expect(plain.code, plain.stderr).toBe(0);
  expect(withState.code, withState.stderr).toBe(0);
  yearStateBuild = withState;
}, 300_000);

/** A copy of a published year at `out` (and its state folder beside it, where it has one). */
function publishedYear(site: string, out: string): void {
  cpSync(site, out, { recursive: true });
  if (existsSync(`${site}-state`)) cpSync(`${site}-state`, `${out}-state`, { recursive: true });
}

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
});

describe('a build over a previous site', () => {
  it('refuses a shorter history with one line, the previous site and its state folder byte for byte as they were; --new-history builds it', async () => {
    const out = join(dir.path, 'over-dist', 'dist');
    mkdirSync(join(dir.path, 'over-dist'));
    // The state published beside the site, as on GitHub Pages; nothing answers at STATE_URL, so the first build compared with nothing.
    const env = STATE_ENV;
    expect(yearStateBuild.stdout).toContain('history: no published history to hold this build to');
    publishedYear(yearStateSite, out);
    const site = tree(out);
    const state = tree(`${out}-state`);
    expect(Object.keys(state)).toContain('manifest.json');

    const r = await build(day, out, env);
    expect(r.code).toBe(1);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error'));
    expect(errors).toEqual([
      `error: not publishing ${day} over the history published at ${join(out, 'data/manifest.json')}: it holds 1 snapshot of history, fewer than the 365 snapshots published — ` +
        `nothing was built; the previous site and state are kept. To keep the published history, remove ${day} so the next refresh restores it ` +
        '(in the workflow: delete the Actions cache); only if the published history is to be dropped, build with --new-history',
    ]);
    expect(r.stdout).not.toMatch(/^render /m);
    expect(tree(out)).toEqual(site);
    expect(tree(`${out}-state`)).toEqual(state);
    // No work folder left beside it either.
    expect(readdirSync(join(dir.path, 'over-dist')).filter((f) => f.startsWith('.dist.build-') || f.startsWith('dist-state.next'))).toEqual([]);

    const forced = await build(day, out, env, ['--new-history']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('history: not held to the published one (--new-history)');
    expect(JSON.parse(readFileSync(join(out, 'data/manifest.json'), 'utf8')).snapshotDb.historySnapshots).toBe(1);
  }, 600_000);

  it('takes the next day of a full history, whose oldest day gave way, and of one below its limit', async () => {
    const out = join(dir.path, 'next-dist');
    publishedYear(yearSite, out);
    const published = JSON.parse(readFileSync(join(out, 'data/manifest.json'), 'utf8')).snapshotDb;
    expect(published).toMatchObject({ historySnapshots: 365, historyLimit: 400, sample: false });
    // Kept to 365: the first day moves on by one.
    const full = await nextDay(year, join(dir.path, 'full.db'), 1, 365);
    expect(historyOf(full)).toBe(365);
    const r = await build(full, out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`history: 365 snapshots, not shorter than the 365 published at ${join(out, 'data/manifest.json')}`);
    const moved = JSON.parse(readFileSync(join(out, 'data/manifest.json'), 'utf8')).snapshotDb;
    expect(Date.parse(moved.historyFrom)).toBeGreaterThan(Date.parse(published.historyFrom));
    // A history below its limit, one day longer.
    const longer = await nextDay(full, join(dir.path, 'longer.db'), 2, 400);
    expect((await build(longer, out)).code).toBe(0);
  }, 600_000);
});

describe('a build with no previous site', () => {
  it('is held to the live manifest at SITE_URL, read without a key, and refuses a shorter history before writing anything', async () => {
    const published = join(dir.path, 'live-site');
    await publishAsBuilt(year, published);
    const s = await serveRecorded(published);
    try {
      const out = join(dir.path, 'live-dist');
      const r = await build(day, out, { SITE_URL: s.url, RANKING_API_KEY: KEY });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^error: not publishing .* over the history published at ${s.url}data/manifest\\.json: it holds 1 snapshot of history, fewer than the 365`,
          'm',
        ),
      );
      expect(existsSync(out)).toBe(false);
      expect(s.requests.map((q) => q.path)).toEqual([expect.stringMatching(/^\/data\/manifest\.json\?history=\d+$/)]);
      expect(s.requests[0]!.headers.authorization).toBeUndefined();
      // The year itself, one day on, is no shorter.
      const ok = await build(await nextDay(year, join(dir.path, 'live-next.db'), 1, 400), out, { SITE_URL: s.url });
      expect(ok.code, ok.stderr).toBe(0);
    } finally {
      await s.close();
    }
  }, 600_000);

  it('is held to the live state at STATE_URL, and asks no network with neither address set', async () => {
    const state = join(dir.path, 'live-state');
    mkdirSync(state);
    // What a build with STATE_URL leaves beside dist/: a manifest of its own.
    const s = await serveRecorded(`${yearStateSite}-state`);
    try {
      const r = await build(day, join(dir.path, 'state-dist'), { ...SITE, STATE_URL: s.url });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`over the history published at ${s.url}manifest.json: it holds 1 snapshot of history, fewer than the 365`);
      const none = await build(day, join(dir.path, 'offline-dist'), {});
      expect(none.code, none.stderr).toBe(0);
      expect(none.stdout).toContain('history: no published history to hold this build to');
      expect(s.requests).toHaveLength(1);
    } finally {
      await s.close();
    }
  }, 600_000);
});

describe('refresh', () => {
  it('refuses to build a new history over the published one, says so in its report, and builds it with --new-history', async () => {
    const out = join(dir.path, 'refresh', 'snapshot.db');
    const dist = join(dir.path, 'refresh', 'dist');
    mkdirSync(join(dir.path, 'refresh'));
    publishedYear(yearSite, dist);
    const site = tree(dist);
    const report = join(dir.path, 'refresh', 'report.json');
    const run = (flags: string[]) => {
      const captured = captureReporter([KEY]);
      return refreshCli(['--out', out, '--dist', dist, '--details', '0', '--report', report, ...flags], {
        env: { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY, ...SITE },
        reporter: captured.reporter,
        render: stubRender(),
      }).then((code) => ({ code, text: captured.text() }));
    };
    // A snapshot file of one day at hand (the cache of a branch's run, say): the snapshot step takes the next export over it.
    copyFileSync(day, out);
    const r = await run([]);
    expect(r.code, r.text).toBe(1);
    expect(r.text).toMatch(/^exit 1: the snapshot is updated, .*dist\/ is untouched; the published history is kept until a person decides \(above\)$/m);
    expect(readRunReport(report)).toMatchObject({ code: 1, outcome: { status: 'written' }, historyStop: { kind: 'shorter' } });
    expect(tree(dist)).toEqual(site);
    const forced = await run(['--new-history']);
    expect(forced.code, forced.text).toBe(0);
    expect(JSON.parse(readFileSync(join(dist, 'data/manifest.json'), 'utf8')).snapshotDb.historySnapshots).toBe(2);
  }, 600_000);
});
