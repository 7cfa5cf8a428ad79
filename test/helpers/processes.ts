/**
 * A script of `scripts/` as a running process a test can stop or kill at a chosen point, every
 * wait bounded in time.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { ROOT } from './env.ts';

const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface Running {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive: () => boolean;
}

export function startScript(script: string, args: string[], env: Record<string, string | undefined>, { cwd = ROOT } = {}): Running {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, join(ROOT, 'scripts', script), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true', ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let done = false;
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    }),
  );
  return { child, output: () => output, exited, alive: () => !done };
}

/** Polls `ready` every 20 ms until it holds; fails when `run` ends first or after `timeoutMs`. */
export async function waitUntil(what: string, ready: () => boolean, run: Running, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (!run.alive()) throw new Error(`the run ended before ${what}:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGKILLs the run (stopped or not) and waits for it to be gone. */
export async function killHard(run: Running): Promise<void> {
  if (run.alive()) run.child.kill('SIGKILL');
  await run.exited;
}
