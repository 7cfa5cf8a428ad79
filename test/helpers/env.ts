/** Temporary folders, captured output and byte-level file fingerprints for the tests. */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createReporter, type Reporter } from '../../src/core/reporter.ts';
import { copyProject as copyProjectAt } from '../../src/dev/project-copy.ts';

export const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * The shifted clock of `npm run test:shifted-clock` (libfaketime's preload and its settings), when the tests run under
 * one: every process a test starts with an environment of its own carries it, so the shift reaches the commands too.
 */
export const SHIFTED_CLOCK: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && (e[0] === 'LD_PRELOAD' || e[0].startsWith('FAKETIME'))),
);

/** What every npm script of the checkout at `root` loads first (its Node check and Node's compile cache), as `npm run` starts a tool. */
export const NPM_SCRIPT_FLAGS = (root = ROOT) => ['--import', pathToFileURL(join(root, 'scripts/supported-node.mjs')).href];

/**
 * The environment of a script a test starts, `env` over it: the machine's PATH and HOME, CI, the shifted clock, no plain
 * progress lines, and the run's folder of rendered cards (test/setup/card-cache.ts).
 */
export function testProcessEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const cards = process.env.MIRROR_TEST_CARD_CACHE;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    CI: 'true',
    ...SHIFTED_CLOCK,
    ...NO_PLAIN_PROGRESS,
    ...(cards ? { MIRROR_TEST_CARD_CACHE: cards } : {}),
    ...env,
  } as NodeJS.ProcessEnv;
}

/** A copy of the project in `dir`, for a test that changes its code or builds beside the checkout (src/dev/project-copy.ts). */
export const copyProject = (dir: string): string => copyProjectAt(ROOT, dir);

export function tempDir(prefix = 'mirror-test-'): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** sha256 and mtime of a file: "byte-for-byte intact" means both are unchanged. */
/**
 * The environment of a run against a test server on loopback: its address and key, and `retries`
 * retries 5 ms apart; with `short`, the waits capped at 20 ms and short timeouts, so a failure the test
 * provokes ends within a second or two.
 */
export function fastClientEnv(url: string, key: string, { retries = 1, short = false } = {}): Record<string, string> {
  return {
    RANKING_API_URL: url,
    RANKING_API_KEY: key,
    RANKING_RETRIES: String(retries),
    RANKING_RETRY_BASE_MS: '5',
    ...(short && { RANKING_RETRY_MAX_MS: '20', RANKING_HEADERS_TIMEOUT_MS: '400', RANKING_BODY_TIMEOUT_MS: '400', RANKING_CONNECT_TIMEOUT_MS: '1000' }),
  };
}

export function fingerprint(path: string): { sha256: string; mtimeMs: number } | undefined {
  if (!existsSync(path)) return undefined;
  return { sha256: createHash('sha256').update(readFileSync(path)).digest('hex'), mtimeMs: statSync(path).mtimeMs };
}

/**
 * A step's plain progress lines come at most every 5 s, so whether one prints depends on the
 * machine's speed: a test's process prints none unless the test asks for them
 * (MIRROR_TEST_PROGRESS_EVERY_MS=0: a line at each tenth of the work), and a captured reporter none at all.
 */
export const NO_PLAIN_PROGRESS = { MIRROR_TEST_PROGRESS_EVERY_MS: String(Number.MAX_SAFE_INTEGER) };

export interface Captured {
  reporter: Reporter;
  text: () => string;
}

/** A reporter whose output the test can read, with the same redaction as the real one. */
export function captureReporter(secrets: string[] = []): Captured {
  const chunks: string[] = [];
  const sink = () => {
    const s = new PassThrough();
    s.on('data', (c: Buffer) => chunks.push(c.toString()));
    return s;
  };
  return { reporter: createReporter({ out: sink(), err: sink(), interactive: false, secrets, plainEveryMs: Infinity }), text: () => chunks.join('') };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a script of `scripts/` in a real process, as `npm run` would, bounded in time. `root` is
 * the checkout whose script runs (a copy of the project, for tests that change its code).
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  { cwd = ROOT, root = ROOT, timeoutMs = 120_000 } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NPM_SCRIPT_FLAGS(root), join(root, 'scripts', script), ...args], {
      cwd,
      env: testProcessEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} took over ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
