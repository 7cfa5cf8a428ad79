/**
 * The commands as real processes: exit codes reach the shell, `.env` is read, two runs at once
 * cannot corrupt the snapshot, and the key appears in no output and no file. The key is a Starter
 * key, which may not use the bulk export: its full refresh (the real command, the real Astro
 * render) builds a site marked partial.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import Database from 'better-sqlite3';
import { startSimulator, type Simulator } from '../src/dev/simulator/index.ts';
import { copyProject, runScript, tempDir, type RunResult } from './helpers/env.ts';
import { fixtureExport } from './helpers/fixture.ts';
import { READABLE_VERSIONS, STORE_VERSION } from '../src/store/schema.ts';

/** A Starter key of the real shape that exists nowhere else, so finding it anywhere is a leak. */
const KEY = `mirror_live_${randomBytes(32).toString('hex')}`;
let sim: Simulator;
let dir: { path: string; cleanup: () => void };
/** The copy of the project the full refresh runs in. */
let checkout: { path: string; cleanup: () => void } | undefined;
const outputs: RunResult[] = [];

async function run(script: string, args: string[], env: Record<string, string>, cwd?: string, timeoutMs?: number): Promise<RunResult> {
  const r = await runScript(script, args, env, { ...(cwd && { cwd }), ...(timeoutMs && { timeoutMs }) });
  outputs.push(r);
  return r;
}

beforeAll(async () => {
  dir = tempDir();
  sim = await startSimulator({ exportBody: JSON.stringify(fixtureExport()), keys: { [KEY]: { tier: 'starter' } } });
});

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
  checkout?.cleanup();
});

describe('snapshot as a process', () => {
  it('reads the key and address from a .env file, the environment winning', async () => {
    const cwd = join(dir.path, 'project');
    mkdirSync(cwd);
    writeFileSync(join(cwd, '.env'), `# the maintainer's settings\nRANKING_API_URL=http://127.0.0.1:9/\nRANKING_API_KEY="${KEY}"\n`);
    const r = await run('snapshot.ts', ['--out', 'data.db'], { RANKING_API_URL: sim.url }, cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('written: data.db');
  });

  it('exits with the contract code, after one clear line', async () => {
    sim.addFault({ type: 'quota_exceeded', times: 3 });
    const quota = await run('snapshot.ts', ['--out', join(dir.path, 'q.db')], { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY });
    sim.clearFaults();
    expect(quota.code).toBe(4);
    expect(quota.stderr.split('\n')[0]).toMatch(/^error \[quota_exceeded\]: the monthly quota of this key is used up; it resets at .* — /);
    // A bad flag is refused before anything is opened: the default data/ of this working folder stays empty.
    const cwd = join(dir.path, 'bad-flag');
    mkdirSync(join(cwd, 'data'), { recursive: true });
    const requestsBefore = sim.requests.length;
    const usage = await run('snapshot.ts', ['--details', 'lots'], { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY }, cwd);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--details takes a positive integer, "all" or 0 (off)');
    expect(readdirSync(join(cwd, 'data'))).toEqual([]);
    expect(sim.requests.length).toBe(requestsBefore);
  });

  it('lets two runs at once finish without corrupting the file', async () => {
    const out = join(dir.path, 'shared.db');
    const a = join(dir.path, 'a.json');
    const b = join(dir.path, 'b.json');
    const other = fixtureExport({ hostile: false });
    other.models[0] = { ...other.models[0], supraScore: 92 };
    writeFileSync(a, JSON.stringify(fixtureExport({ hostile: false })));
    writeFileSync(b, JSON.stringify(other));
    const [ra, rb] = await Promise.all([run('snapshot.ts', ['--from-file', a, '--out', out], {}), run('snapshot.ts', ['--from-file', b, '--out', out], {})]);
    expect([ra.code, rb.code]).toEqual([0, 0]);
    const db = new Database(out, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Whichever went second saw the first one's file: both are in the history.
    expect(db.prepare('SELECT count(*) FROM history_snapshots').pluck().get()).toBe(2);
    db.close();
    // The lock file stays (only the kernel lock on it comes and goes); no temporary file does.
    expect(readdirSync(dir.path).filter((f) => f.includes('.tmp-') || f.includes('-journal'))).toEqual([]);
  });
});

describe('build as a process', () => {
  it('refuses a snapshot of another store version: exit 1, one line naming both versions, nothing built', async () => {
    const db = join(dir.path, 'other-version.db');
    const exportPath = join(dir.path, 'other-version.json');
    writeFileSync(exportPath, JSON.stringify(fixtureExport({ hostile: false })));
    const made = await run('snapshot.ts', ['--from-file', exportPath, '--out', db], {});
    expect(made.code, made.stderr).toBe(0);
    const raw = new Database(db);
    raw.pragma('user_version = 7');
    raw.close();
    const out = join(dir.path, 'never-built');
    const r = await run('build.ts', ['--snapshot', db, '--out', out], {});
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: ${db}: store version 7; this tool reads versions ${READABLE_VERSIONS.join(', ')} (writes ${STORE_VERSION}) — a newer version of the mirror wrote it: update this checkout`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });
});

describe('the API key', () => {
  it('appears in no output, no log and no file, after failures, a fetch and a full refresh', async () => {
    const env = { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY, SITE_URL: 'https://mirror.example.net/' };
    sim.addFault({ type: 'status', status: 401, code: 'invalid_key', message: `key ${KEY} refused`, hint: `your key ${KEY} is wrong` });
    const refused = await run('snapshot.ts', ['--out', join(dir.path, 'leak.db')], env);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('[redacted]');
    // In a copy of the project (outside the folder searched whole), whose build lock no other test file's build holds.
    checkout = tempDir('mirror-leak-checkout-');
    const project = copyProject(checkout.path);
    // --no-restore: SITE_URL names no host of this machine (restore.test covers that a restore sends no key).
    const r = await run(
      'refresh.ts',
      ['--out', join(dir.path, 'leak.db'), '--dist', join(dir.path, 'leak-dist'), '--force', '--no-restore'],
      env,
      project,
      600_000,
    );
    expect(r.code, r.stderr).toBe(0);

    const haystacks: [string, Buffer | string][] = outputs.flatMap((o, i) => [
      [`stdout ${i}`, o.stdout],
      [`stderr ${i}`, o.stderr],
    ]);
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        // The maintainer's .env is where the key is meant to live.
        else if (name !== '.env') haystacks.push([p, readFileSync(p)]);
      }
    };
    walk(dir.path);
    // What the build kept in its checkout: Astro's state, and Astro's and Vite's caches (its own: copyProject links each package).
    for (const kept of ['.astro', 'node_modules/.astro', 'node_modules/.vite', 'node_modules/.vite-temp'])
      if (existsSync(join(project, kept))) walk(join(project, kept));
    expect(haystacks.length).toBeGreaterThan(50);
    expect(haystacks.some(([where]) => where.startsWith(join(project, '.astro/')))).toBe(true);
    for (const [where, text] of haystacks) {
      expect(text.includes(KEY), where).toBe(false);
      expect(text.includes(KEY.slice(-32)), where).toBe(false);
    }
  }, 660_000);
});

describe('a Starter key', () => {
  it('refreshes into a site marked partial on every page and explained on the about page', () => {
    const dist = join(dir.path, 'leak-dist');
    const refresh = outputs.at(-1)!;
    expect(refresh.stderr).toContain('partial');
    const $ = load(readFileSync(join(dist, 'index.html'), 'utf8'));
    expect($('.banner').text()).toContain('Partial snapshot');
    expect(load(readFileSync(join(dist, 'about/index.html'), 'utf8'))('#partial').text()).toContain('may not use the bulk export');
  });
});
