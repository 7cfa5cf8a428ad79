/**
 * The key never leaks, whole or in part, through a full refresh with the real Astro render: not
 * into what the commands print (the API's own error message quoting it included), not into the
 * snapshot, dist/ or any file beside them, and not into what Astro and Vite keep in the checkout.
 * The key is a Starter key, which may not use the bulk export: its refresh builds a site marked
 * partial.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { copyProject, runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';
import { filesUnder } from '../helpers/files.ts';

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

describe('the API key', () => {
  it('appears in no output, no log and no file, after failures, a fetch and a full refresh', async () => {
    const env = { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY, SITE_URL: 'https://mirror.example.net/' };
    sim.addFault({ type: 'status', status: 401, code: 'invalid_key', message: `key ${KEY} refused`, hint: `your key ${KEY} is wrong` });
    const refused = await run('snapshot.ts', ['--out', join(dir.path, 'leak.db')], env);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('[redacted]');
    sim.addFault({ type: 'quota_exceeded', times: 3 });
    const quota = await run('snapshot.ts', ['--out', join(dir.path, 'leak.db')], env);
    sim.clearFaults();
    expect(quota.code).toBe(4);
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
    // The maintainer's .env is where the key is meant to live.
    const walk = (d: string) => {
      for (const file of filesUnder(d)) if (!/(^|\/)\.env$/.test(file)) haystacks.push([join(d, file), readFileSync(join(d, file))]);
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
