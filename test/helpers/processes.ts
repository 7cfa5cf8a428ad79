/**
 * A script of `scripts/` as a running process a test can stop or kill at a chosen point, every
 * wait bounded in time.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { NPM_SCRIPT_FLAGS, ROOT, testProcessEnv, type RunResult } from './env.ts';

export interface Running {
  child: ChildProcessByStdio<null, Readable, Readable>;
  stdout: () => string;
  stderr: () => string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves once its output holds `text`; rejects when it ends first or after `timeoutMs`. */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
  /** Resolves when the process has ended, with what it printed and the signal that ended it, if any. */
  exited: Promise<RunResult & { signal: NodeJS.Signals | null }>;
  alive: () => boolean;
}

/** Starts a script of `scripts/` in a real process and hands it back running, to signal or kill it at a chosen moment. */
export function startScript(script: string, args: string[], env: Record<string, string | undefined>, { cwd = ROOT } = {}): Running {
  return startFile(join(ROOT, 'scripts', script), args, env, { cwd });
}

/** Starts any TypeScript file (a test's own child, such as test/helpers/import-history-child.ts) as startScript does. */
export function startFile(file: string, args: string[], env: Record<string, string | undefined>, { cwd = ROOT } = {}): Running {
  const script = relative(ROOT, file);
  const child = spawn(process.execPath, [...NPM_SCRIPT_FLAGS(), file, ...args], {
    cwd,
    env: testProcessEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let output = '';
  let done = false;
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    output += c.toString();
  });
  const exited = new Promise<RunResult & { signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      done = true;
      resolve({ code, signal, stdout, stderr });
    });
  });
  const running: Running = {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => output,
    exited,
    alive: () => !done && child.exitCode === null && child.signalCode === null,
    waitFor: (text, timeoutMs = 60_000) => waitUntil(`"${text}" from ${script}`, () => output.includes(text), running, timeoutMs),
  };
  return running;
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
