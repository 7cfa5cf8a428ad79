/**
 * `npm run demo` as a maintainer runs it: a real process that starts the simulator, takes two
 * snapshots, builds the site with Astro and serves it; then Ctrl-C ends it cleanly.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NPM_SCRIPT_FLAGS, ROOT, copyProject, tempDir } from '../helpers/env.ts';

const STARTUP_MS = 600_000;
const URL_LINE = /^Mirror demo: (http:\/\/127\.0\.0\.1:(\d+)\/)$/m;

type Demo = ChildProcessByStdio<null, Readable, Readable>;

describe('npm run demo', () => {
  const tmp = tempDir('mirror-demo-');
  /** The demo runs from a copy of the project, whose build lock no other test file's build holds. */
  const checkout = tempDir('mirror-demo-checkout-');
  let child: Demo | undefined;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let output = '';
  let base = '';

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [...NPM_SCRIPT_FLAGS(), join(ROOT, 'scripts/demo.ts'), '--port', '0', '--out', join(tmp.path, 'demo.db'), '--dist', join(tmp.path, 'dist')],
      {
        cwd: copyProject(checkout.path),
        // A real key in the developer's environment must play no part in the demo.
        env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true', RANKING_API_KEY: 'real_live_' + 'f'.repeat(64) } as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const proc = child;
    exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
    proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (output += c.toString()));

    base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL line within ${STARTUP_MS} ms:\n${output}`)), STARTUP_MS);
      const check = () => {
        const m = URL_LINE.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      proc.stdout.on('data', check);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`the demo exited (${code ?? signal}) before serving:\n${output}`));
      });
    });
  }, STARTUP_MS + 10_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    tmp.cleanup();
    checkout.cleanup();
  });

  it('prints what it does and the URL on a line of its own, with a real port', () => {
    expect(output).toMatch(/simulator/);
    expect(output).toMatch(/snapshot 1 of 2/);
    expect(output).toMatch(/snapshot 2 of 2/);
    expect(Number(URL_LINE.exec(output)![2])).toBeGreaterThan(0);
    expect(output).not.toContain('f'.repeat(64));
  });

  it('writes its own snapshot and site, where it was told', () => {
    expect(existsSync(join(tmp.path, 'demo.db'))).toBe(true);
    expect(existsSync(join(tmp.path, 'dist/index.html'))).toBe(true);
  });

  it('serves the leaderboard with the attribution link in the footer', async () => {
    const res = await fetch(base);
    expect(res.status).toBe(200);
    const $ = load(await res.text());
    expect($('footer a[href]').length).toBeGreaterThan(0);
    expect($('a[href^="/models/"]').length).toBeGreaterThan(0);
  });

  it('serves a configuration page', async () => {
    const home = load(await (await fetch(base)).text());
    const href = home('a[href^="/configurations/"]').first().attr('href')!;
    const res = await fetch(new URL(href, base));
    expect(res.status).toBe(200);
    const $ = load(await res.text());
    expect($('h1').text().trim()).not.toBe('');
    expect($('footer a[href]').length).toBeGreaterThan(0);
  });

  it('shows what changed between the two snapshots', async () => {
    const res = await fetch(new URL('changes/', base));
    expect(res.status).toBe(200);
    const $ = load(await res.text());
    const text = $('main').text().replace(/\s+/g, ' ');
    // The sample (2026-11-16) and one day later (2026-11-17): configurations come and go, ranks move.
    expect(text).toMatch(/2026-11-16/);
    expect(text).toMatch(/New models \(\d+\)/);
    expect(text).toMatch(/model rank =?\d+ → =?\d+/);
  });

  it('stops on Ctrl-C and exits 0', async () => {
    child!.kill('SIGINT');
    // Waits for the exit itself (the project's hang guard bounds it), never for a time: the machine's speed decides that.
    expect(await exited, output).toEqual({ code: 0, signal: null });
    await expect(fetch(base)).rejects.toThrow();
  });
});
