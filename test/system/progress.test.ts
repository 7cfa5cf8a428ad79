/**
 * The progress of long work as a maintainer sees it, from real processes: drawn in place on a
 * terminal (a pseudo-terminal made by util-linux's `script`), as plain lines in a pipe that pass
 * through the redactor, and nothing but the stage lines with --quiet. Builds here run around the stub
 * render (test/helpers/stub-render.ts), which tells its progress as Astro's process does; the real
 * render's lines in a pipe are read from the sample fixture's build (test/system/sample-site.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { secretPart } from '../../src/core/redact.ts';
import { demoKey, startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { copyProject, ROOT, runScript, SHIFTED_CLOCK, tempDir, type RunResult } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';
import { exportOfDay, publishAsBuilt, serveRecorded, yearOfHistory } from '../helpers/published-site.ts';

const STUB_BUILD = '../test/helpers/stub-build.ts';
/** The test hook that takes the 5 s between plain progress lines away: a line at each tenth of the work, or a new phase. */
const EVERY_TENTH = { MIRROR_TEST_PROGRESS_EVERY_MS: '0' };
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** A stage's line as the reporter prints it when the stage ends. */
const STAGE_LINE = /^(snapshot-db|render|extras|data-api|check|validate|store) +\d+\.\d\d s( {2}\(.*\))?$/;

let dir: { path: string; cleanup: () => void };
/** The fixture's plain export of 12 configurations, stored. */
let small: string;
/** A copy of the project the builds run in: a build holds its checkout's build lock throughout, and other files build in this one. */
let project: string;

/** The build of scripts/build.ts around the stub render, in the copy of the project. */
const stubBuild = (args: string[], env: Record<string, string>) => runScript(STUB_BUILD, args, env, { cwd: project });

beforeAll(async () => {
  dir = tempDir('mirror-progress-');
  project = copyProject(join(dir.path, 'project'));
  writeFileSync(join(dir.path, 'export.json'), JSON.stringify(fixtureExport({ hostile: false })));
  small = join(dir.path, 'small.db');
  const r = await runScript('snapshot.ts', ['--from-file', join(dir.path, 'export.json'), '--out', small], {});
  if (r.code !== 0) throw new Error(r.stderr);
}, 120_000);

afterAll(() => dir?.cleanup());

/** What a terminal shows of raw pseudo-terminal output: each row's text after its last `\r` and line clear. */
function screen(raw: string): string[] {
  return raw
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((row) => row.split('\r\x1b[2K').at(-1)!)
    .filter((row) => row !== '');
}

/** Runs `args` as a process whose stdout and stderr are a pseudo-terminal, outside CI; bounded in time. */
function onTerminal(args: string[], timeoutMs = 120_000): Promise<{ code: number | null; raw: string }> {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, '--import', join(ROOT, 'scripts/supported-node.mjs'), ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: project,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', ...SHIFTED_CLOCK },
    });
    let raw = '';
    child.stdout.on('data', (c: Buffer) => (raw += c.toString()));
    child.stderr.on('data', (c: Buffer) => (raw += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no end within ${timeoutMs} ms:\n${raw}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, raw });
    });
  });
}

const progressLines = (r: RunResult) => r.stderr.split('\n').filter((l) => / at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): /.test(l));

describe('on a terminal', () => {
  it('draws each step’s line in place and leaves the stage lines, as a pipe prints them, on the screen', async () => {
    const out = join(dir.path, 'tty-dist');
    const r = await onTerminal([join(ROOT, 'test/helpers/stub-build.ts'), '--snapshot', small, '--out', out]);
    expect(r.code, r.raw).toBe(0);
    // Redrawn in place: the line clear before each draw, the stage's label and its seconds so far, then how far it is.
    expect(r.raw.split('\r\x1b[2K').length).toBeGreaterThan(8);
    expect(r.raw).toMatch(/\r\x1b\[2Krender {10}0 s {2}bundling/);
    expect(r.raw).toMatch(/\r\x1b\[2Kextras +\d+ s/);
    // Never the plain lines of a log.
    expect(r.raw).not.toMatch(/ at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): /);
    const shown = screen(r.raw);
    expect(shown.filter((row) => STAGE_LINE.test(row)).map((row) => row.split(' ')[0])).toEqual(['snapshot-db', 'render', 'extras', 'data-api', 'check']);
    // What is left on the screen is what a pipe prints: no progress stays behind.
    for (const row of shown)
      expect(row).toMatch(/^(rendering the snapshot |warning: SITE_URL |history: |built |(snapshot-db|render|extras|data-api|check) +\d+\.\d\d s)/);
  }, 180_000);
});

describe('in a pipe', () => {
  it('prints plain lines on stderr, sparse, with no control character, and never the key, even where an address holds it', async () => {
    const key = demoKey('partner');
    // A maintainer's slip: SITE_URL with a piece of the key in its path. The restore's progress names where it downloads from.
    const fragment = secretPart(key).slice(3, 27);
    const history = join(dir.path, 'history.db');
    await yearOfHistory(dir.path, history, 30);
    const root = join(dir.path, 'site-root');
    mkdirSync(root);
    await publishAsBuilt(history, join(root, fragment));
    const site = await serveRecorded(root);
    let sim: Simulator | undefined;
    try {
      sim = await startSimulator({ exportBody: JSON.stringify(exportOfDay(1)), keys: { [key]: { tier: 'partner' } } });
      const r = await runScript('snapshot.ts', ['--out', join(dir.path, 'restored.db'), '--details', '0'], {
        ...EVERY_TENTH,
        RANKING_API_URL: sim.url,
        RANKING_API_KEY: key,
        SITE_URL: `${site.url}${fragment}/`,
      });
      expect(r.code, r.stderr).toBe(0);
      const restore = progressLines(r).filter((l) => l.startsWith('restore at '));
      expect(restore.length).toBeGreaterThan(0);
      expect(restore.length).toBeLessThanOrEqual(11);
      for (const line of restore)
        expect(line).toMatch(
          /^restore at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): [\d.]+ [KM]?B of [\d.]+ [KM]?B \(\d+%\).*; from http:\/\/127\.0\.0\.1:\d+\/\[redacted\]\/data\/$/,
        );
      expect(r.stdout).toMatch(/^restored: .* from http:\/\/127\.0\.0\.1:\d+\/\[redacted\]\/data\/ /m);
      expect(r.stdout + r.stderr).not.toContain(fragment.slice(0, 12));
      expect(r.stderr).not.toMatch(CONTROL);
    } finally {
      await sim?.close();
      await site.close();
    }
  }, 180_000);

  it('prints the details crawl’s: the requests sent of the run’s allowance, the quota left, the next checkpoint', async () => {
    const key = demoKey('pro');
    const sim = await startSimulator({ exportBody: JSON.stringify(exportOfDay(1)), keys: { [key]: { tier: 'pro' } } });
    try {
      const r = await runScript('snapshot.ts', ['--out', join(dir.path, 'crawled.db')], { ...EVERY_TENTH, RANKING_API_URL: sim.url, RANKING_API_KEY: key });
      expect(r.code, r.stderr).toBe(0);
      const details = progressLines(r).filter((l) => l.startsWith('details at '));
      expect(details.length).toBeGreaterThan(0);
      for (const line of details) {
        expect(line).toMatch(
          /^details at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): \d+ of \d+ requests \(\d+%\)(, [\d.,]+ requests\/s(, about (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min) left)?)?; quota left [\d,]+, next checkpoint within [\d,]+ more details or \d+ s$/,
        );
      }
      // The last answer's X-Quota-Remaining: what the simulator says is left.
      const left = Number(/quota left ([\d,]+)/.exec(details.at(-1)!)![1]!.replace(/,/g, ''));
      expect(left).toBeGreaterThan(0);
      expect(details.at(-1)).toMatch(/ \(100%\)/);
    } finally {
      await sim.close();
    }
  }, 180_000);

  it('prints a build’s progress as plain lines at each tenth of the work, after the stage lines of before', async () => {
    const r = await stubBuild(['--snapshot', small, '--out', join(dir.path, 'pipe-dist')], EVERY_TENTH);
    expect(r.code, r.stderr).toBe(0);
    const render = progressLines(r).filter((l) => l.startsWith('render at '));
    expect(render[0]).toMatch(/^render at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): bundling$/);
    expect(render.slice(1).map((l) => Math.floor(Number(/\((\d+)%\)/.exec(l)![1]) / 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.stderr).not.toMatch(CONTROL);
    expect(r.stdout).not.toMatch(/ at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): /);
  }, 180_000);
});

describe('--quiet', () => {
  it('keeps only the stage lines, the warnings and the failures: no progress, no other line', async () => {
    const r = await stubBuild(['--snapshot', small, '--out', join(dir.path, 'quiet-dist'), '--quiet'], EVERY_TENTH);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['snapshot-db', 'render', 'extras', 'data-api', 'check']);
    for (const line of lines) expect(line).toMatch(STAGE_LINE);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^warning: SITE_URL is not set/)]);
    // The snapshot step likewise.
    const snapshot = await runScript(
      'snapshot.ts',
      ['--from-file', join(dir.path, 'export.json'), '--out', join(dir.path, 'quiet.db'), '--quiet'],
      EVERY_TENTH,
    );
    expect(snapshot.code).toBe(0);
    expect(
      snapshot.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split(' ')[0]),
    ).toEqual(['validate', 'store']);
    expect(snapshot.stderr).toBe('');
  }, 180_000);
});
