/**
 * `npm run doctor` as a real process against real files: a snapshot file with a year of history, a
 * site publishing it on loopback (SITE_URL, STATE_URL), the API simulator for `--online`. Each
 * misconfiguration gets its one line and the exit code a scheduled run would end with; a clean
 * setup passes with exit 0; the key is never in what it prints or writes, and never sent to the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { demoKey, startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { captureReporter, runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';
import { exportOfDay, publishAsBuilt, serveRecorded, yearOfHistory, type RecordingSite } from '../helpers/published-site.ts';

const KEY = demoKey('partner');
/** A key of another shape than the changelog's (42 hex characters after _live_), which the simulator takes. */
const ODD_KEY = `demo_live_${'c0ffee'.repeat(7)}`;
let dir: { path: string; cleanup: () => void };
let sim: Simulator;
let site: RecordingSite;
/** 365 daily snapshots ending on the fixture's date (12 days before the machine's "now" or more: stale). */
let year: string;
/** The year with an export of an hour ago stored over it: current. */
let current: string;
/** A new history of one day. */
let day: string;
/** A published site holding the state of `year`, and a state folder (STATE_URL) holding it too. */
let published: string;

/** Stores `data` into `path` (over a copy of `from`, when given) as the snapshot step does. */
async function store(path: string, data: unknown, from?: string): Promise<string> {
  if (from) copyFileSync(from, path);
  const file = `${path}.json`;
  writeFileSync(file, JSON.stringify(data));
  const captured = captureReporter();
  const r = await snapshotCli(['--from-file', file, '--out', path], { env: { SNAPSHOT_HISTORY_LIMIT: '400' }, reporter: captured.reporter });
  if (r.code !== 0) throw new Error(captured.text());
  return path;
}

const doctor = (env: Record<string, string>, args: string[] = []): Promise<RunResult> => runScript('doctor.ts', args, env);

/** The line of one check: `FAIL  SITE_URL  …`. */
function lineOf(r: RunResult, check: string): string {
  const line = r.stdout.split('\n').find((l) => new RegExp(`^(ok|warn|FAIL|--) +${check} `).test(l));
  if (!line) throw new Error(`no line for ${check}:\n${r.stdout}\n${r.stderr}`);
  return line;
}

/** Everything right: the key and the API, the attribution, the site publishing the year, a current snapshot, no site folder yet. */
const setup = (over: Record<string, string> = {}) => ({
  RANKING_API_KEY: KEY,
  RANKING_API_URL: sim.url,
  SITE_URL: site.url,
  ATTRIBUTION_NAME: 'The Ranking API',
  ATTRIBUTION_URL: 'https://ranking.example.org/',
  ...over,
});
const files = (snapshot: string, dist = join(dir.path, 'never-built', 'dist')) => ['--snapshot', snapshot, '--dist', dist];

beforeAll(async () => {
  dir = tempDir('mirror-doctor-');
  year = join(dir.path, 'year.db');
  await yearOfHistory(dir.path, year);
  current = await store(join(dir.path, 'current.db'), fixtureExport({ hostile: false, generatedAt: Date.now() - 3_600_000 }), year);
  day = await store(join(dir.path, 'day.db'), exportOfDay(1));
  published = join(dir.path, 'site');
  await publishAsBuilt(year, published);
  site = await serveRecorded(published);
  sim = await startSimulator({
    exportBody: JSON.stringify(exportOfDay(2)),
    keys: { [KEY]: { tier: 'partner' }, [ODD_KEY]: { tier: 'partner' }, [demoKey('pro')]: { tier: 'pro', revoked: true } },
  });
  mkdirSync(join(dir.path, 'never-built'));
}, 300_000);

afterAll(async () => {
  await sim?.close();
  await site?.close();
  dir?.cleanup();
});

describe('npm run doctor', () => {
  it('passes a clean setup with exit 0, a line per check, and asks nothing of the API without --online', async () => {
    const asked = sim.requests.length;
    const r = await doctor(setup(), files(current));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    for (const check of [
      'Node',
      'dependencies',
      'RANKING_API_KEY',
      'RANKING_API_URL',
      'attribution',
      'SITE_URL',
      'STATE_URL',
      'snapshot',
      'site folder',
      'deploy target',
    ]) {
      expect(lineOf(r, check)).toMatch(new RegExp(`^ok +${check} `));
    }
    expect(lineOf(r, 'API')).toBe("--    API              not asked: --online asks it once (GET /v1/models?limit=1, one request of the key's monthly quota)");
    expect(lineOf(r, 'SITE_URL')).toBe(
      `ok    SITE_URL         ${site.url}data/manifest.json publishes 365 snapshots of history over 365 days (2025-11-17 to 2026-11-16); ` +
        `the next build keeps it: ${current} holds 366, no shorter a history`,
    );
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('doctor: 10 checks pass: a scheduled run would succeed; the API was not asked (--online asks it once)');
    expect(sim.requests.length).toBe(asked);
    // The site is read without the key.
    expect(site.requests.filter((q) => q.headers.authorization !== undefined)).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain(KEY.slice(10, 30));
  });

  it('with --online asks the API exactly once, and says what the key has left and what the check cost', async () => {
    const before = sim.requests.length;
    const r = await doctor(setup(), ['--online', ...files(current)]);
    expect(r.code, r.stdout).toBe(0);
    expect(sim.requests.slice(before).map((q) => `${q.path}?${q.query}`)).toEqual(['/v1/models?limit=1']);
    expect(lineOf(r, 'API')).toMatch(
      /^ok +API +http:\/\/127\.0\.0\.1:\d+ takes the key: [\d,]+ of [\d,]+ requests left this month, [\d,]+ a minute, resetting \d{4}-\d\d-\d\d; this check cost one request of the quota$/,
    );
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('doctor: 11 checks pass: a scheduled run would succeed');
  });

  it('with --online, a key the API refuses fails with exit 3', async () => {
    const r = await doctor(setup({ RANKING_API_KEY: demoKey('pro') }), ['--online', ...files(current)]);
    expect(r.code).toBe(3);
    expect(lineOf(r, 'API')).toMatch(
      /^FAIL +API +the API refused the key for \/v1\/models\?limit=1 \(401\) \[key_revoked\]; this check cost one request of the quota — /,
    );
  });

  it('a missing key: its line and exit 2', async () => {
    const { RANKING_API_KEY: _, ...rest } = setup();
    const r = await doctor(rest, files(current));
    expect(r.code).toBe(2);
    expect(lineOf(r, 'RANKING_API_KEY')).toBe(
      'FAIL  RANKING_API_KEY  is not set — put the key in the Actions secret RANKING_API_KEY (locally: the environment or .env)',
    );
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(/^doctor: 1 of 10 checks fail: a scheduled run would fail \(exit 2, the first failure's\)/);
  });

  it('a key of the wrong shape: its line and exit 2, and never the key', async () => {
    const wrong = `demo_live_${'0123456789abcdefXYZ'.repeat(3)}`;
    const r = await doctor(setup({ RANKING_API_KEY: wrong }), files(current));
    expect(r.code).toBe(2);
    expect(lineOf(r, 'RANKING_API_KEY')).toMatch(
      /^FAIL +RANKING_API_KEY +set in the environment, but not shaped as <prefix>_live_ \+ 64 hex characters: what follows _live_ holds characters other than hex digits \(the key is not shown\) — /,
    );
    expect(r.stdout + r.stderr).not.toContain('0123456789abcdef');
  });

  it('a key of another shape that the API takes (--online) only warns', async () => {
    const r = await doctor(setup({ RANKING_API_KEY: ODD_KEY }), ['--online', ...files(current)]);
    expect(r.code, r.stdout).toBe(0);
    expect(lineOf(r, 'RANKING_API_KEY')).toBe(
      'warn  RANKING_API_KEY  set in the environment, not shaped as <prefix>_live_ + 64 hex characters (what follows _live_ is 42 characters long, not 64), but the API takes it (the key is not shown)',
    );
    expect(lineOf(r, 'API')).toMatch(/^ok +API +http:\/\/127\.0\.0\.1:\d+ takes the key: /);
    expect(r.stdout + r.stderr).not.toContain('c0ffeec0ffeec0ffee');
  });

  it('addresses that are not http(s): their lines and exit 2', async () => {
    const site = await doctor(setup({ SITE_URL: 'ftp://mirror.example.org/' }), files(current));
    expect(site.code).toBe(2);
    expect(lineOf(site, 'SITE_URL')).toMatch(/^FAIL +SITE_URL +"ftp:\/\/mirror\.example\.org\/" is not an http\(s\) address — set SITE_URL/);
    const api = await doctor(setup({ RANKING_API_URL: 'http://ranking.example.org' }), files(current));
    expect(api.code).toBe(2);
    expect(lineOf(api, 'RANKING_API_URL')).toMatch(
      /^FAIL +RANKING_API_URL +must use https \(plain http is allowed only for loopback hosts\), got http:\/\/ranking\.example\.org — /,
    );
    const state = await doctor(setup({ STATE_URL: 'http://state.example.org/' }), files(current));
    expect(state.code).toBe(2);
    expect(lineOf(state, 'STATE_URL')).toMatch(/^FAIL +STATE_URL +"http:\/\/state\.example\.org\/" is not an https address/);
  });

  it('SITE_URL publishing a longer history than the snapshot at hand: the history rule’s refusal, exit 1', async () => {
    const r = await doctor(setup(), files(day));
    expect(r.code).toBe(1);
    expect(lineOf(r, 'SITE_URL')).toBe(
      `FAIL  SITE_URL         ${site.url}data/manifest.json publishes 365 snapshots of history over 365 days (2025-11-17 to 2026-11-16); ` +
        `the next build would refuse ${day}: it holds 1 snapshot of history, fewer than the 365 snapshots published — nothing was built; ` +
        `the previous site and state are kept. To keep the published history, remove ${day} so the next refresh restores it (in the workflow: ` +
        'delete the Actions cache); only if the published history is to be dropped, build with --new-history',
    );
    // With no snapshot at hand, the refresh would restore it instead.
    const none = await doctor(setup(), files(join(dir.path, 'none.db')));
    expect(none.code).toBe(0);
    expect(lineOf(none, 'SITE_URL')).toMatch(
      /publishes 365 snapshots of history .*; with no snapshot at .*none\.db, the next refresh restores it before fetching$/,
    );
  });

  it('STATE_URL is what the restore and the history check read when it is set; SITE_URL then only says what it publishes', async () => {
    const r = await doctor(setup({ STATE_URL: `${site.url}data/` }), files(day));
    expect(r.code).toBe(1);
    expect(lineOf(r, 'STATE_URL')).toMatch(/^FAIL +STATE_URL +.*data\/manifest\.json publishes 365 snapshots .*the next build would refuse/);
    expect(lineOf(r, 'SITE_URL')).toMatch(/; the restore and the build's history check read STATE_URL's instead$/);
  });

  it('a target the site does not fit, even with what every target keeps: the plan’s refusal, exit 1', async () => {
    const dist = join(dir.path, 'heavy', 'dist');
    mkdirSync(join(dir.path, 'heavy'));
    // What a previous build of this folder measured: downloads a million times heavier than estimated.
    writeFileSync(join(dir.path, 'heavy', '.dist.weights.json'), JSON.stringify({ scale: { downloads: 1_000_000 } }));
    const r = await doctor(setup(), ['--target', 'vercel-hobby', ...files(current, dist)]);
    expect(r.code).toBe(1);
    expect(lineOf(r, 'deploy target')).toMatch(
      /^FAIL +deploy target +vercel-hobby \(Vercel \(Hobby\): .*\): the site does not fit Vercel \(Hobby\), even with only what every target keeps: whole site [\d,]+ MB of 95 MB — deploy to a host with higher limits/,
    );
    const fits = await doctor(setup(), ['--target', 'vercel-hobby', ...files(current)]);
    expect(fits.code).toBe(0);
    expect(lineOf(fits, 'deploy target')).toMatch(
      /^ok +deploy target +vercel-hobby \(.*\): the site of .* fits, estimated files [\d,]+; .*; the plan leaves (nothing out|out .*)$/,
    );
  });

  it('an old snapshot: a warning that the site says its data is stale, and exit 0, since the next refresh replaces it', async () => {
    const r = await doctor(setup(), files(year));
    expect(r.code).toBe(0);
    expect(lineOf(r, 'snapshot')).toMatch(
      /^warn +snapshot +.*year\.db: store version 5, 12 configurations, 365 snapshots of history over 365 days \(2025-11-17 to 2026-11-16\), per-benchmark details for \d+ of them \(\d+ older than 30 days\); generated 2026-11-16 06:00 UTC, \d+ days ago: past STALE_AFTER_HOURS \(48\), so a site built from it tells visitors its data is stale — the next refresh fetches a new one/,
    );
  });

  it('writes its checks as JSON for the job summary, with the exit code, and without the key', async () => {
    const report = join(dir.path, 'doctor.json');
    const r = await doctor(setup({ SITE_URL: '' }), ['--report', report, ...files(current)]);
    expect(r.code).toBe(2);
    const json = JSON.parse(readFileSync(report, 'utf8')) as { code: number; checks: { check: string; status: string }[] };
    expect(json.code).toBe(2);
    expect(json.checks.map((c) => `${c.status} ${c.check}`)).toContain('fail SITE_URL');
    expect(readFileSync(report, 'utf8')).not.toContain(KEY.slice(10, 30));
  });
});
