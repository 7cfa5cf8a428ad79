/**
 * The commands as real processes: exit codes reach the shell, `.env` is read, two runs at once
 * cannot corrupt the snapshot, a snapshot of another store version is refused before rendering, and
 * the key appears in none of their output. (A full refresh with the real render, searched whole
 * for the key: test/e2e/api-key.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';
import { READABLE_VERSIONS, STORE_VERSION } from '../../src/store/schema.ts';

/** A Starter key of the real shape that exists nowhere else, so finding it anywhere is a leak. */
const KEY = `mirror_live_${randomBytes(32).toString('hex')}`;
let sim: Simulator;
let dir: { path: string; cleanup: () => void };
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
  it('appears in none of what these runs printed', () => {
    expect(outputs.length).toBeGreaterThanOrEqual(6);
    for (const [i, o] of outputs.entries()) {
      for (const text of [o.stdout, o.stderr]) {
        expect(text.includes(KEY), `run ${i}`).toBe(false);
        expect(text.includes(KEY.slice(-32)), `run ${i}`).toBe(false);
      }
    }
  });
});
