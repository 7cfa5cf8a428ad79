/**
 * One measured process: node with the npm script's flags plus the peak-RSS hook, its wall time
 * from spawn to exit, its peak resident memory and the tail of its output, bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { NodeCommand } from './npm-script.ts';

/** `--import` this into a process to have its peak RSS written to $BENCH_PEAK_RSS_FILE at exit. */
export const PEAK_RSS_HOOK = new URL('./peak-rss-hook.mjs', import.meta.url).href;

export interface ChildPeak {
  /** The node process's own peak resident set size (VmHWM on Linux), KB. */
  maxRssKb: number;
  /** Children still alive at exit (Linux only), with their own peak. */
  children: { pid: number; name: string; peakKb: number }[];
}

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  ms: number;
  /** Undefined when the process died before its exit handlers ran. */
  peak: ChildPeak | undefined;
  /** stdout and stderr interleaved, the last OUTPUT_KEEP characters. */
  output: string;
}

export interface ChildOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  timeoutMs: number;
  /** Where the hook writes the peak; removed after reading. */
  peakFile: string;
  /** Each whole line of stdout and stderr as it arrives, with performance.now(). */
  onLine?: ((line: string, at: number) => void) | undefined;
}

const OUTPUT_KEEP = 64 * 1024;

/** Every process still running, so an interrupted benchmark can end them (their process groups). */
const running = new Set<ChildProcess>();

export function killRunningChildren(): void {
  for (const child of running) killGroup(child);
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    // detached: the child leads its own group, so its helpers (esbuild) end with it
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

function readPeak(file: string): ChildPeak | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ChildPeak;
  } catch {
    return undefined;
  } finally {
    rmSync(file, { force: true });
  }
}

/** The full argument list for node: the hook first, then the npm script's own flags, the script, its arguments. */
export function nodeArgv(command: NodeCommand, extraArgs: readonly string[]): string[] {
  return ['--import', PEAK_RSS_HOOK, ...command.nodeArgs, command.script, ...command.args, ...extraArgs];
}

export function runChild(command: NodeCommand, extraArgs: readonly string[], options: ChildOptions): Promise<ChildRun> {
  rmSync(options.peakFile, { force: true });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ms = 0;
    let output = '';
    let timedOut = false;
    const child = spawn(process.execPath, nodeArgv(command, extraArgs), {
      cwd: options.cwd,
      env: { ...options.env, BENCH_PEAK_RSS_FILE: options.peakFile } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    const collector = () => {
      let partial = '';
      // A character may be split between chunks.
      const decoder = new StringDecoder('utf8');
      return (chunk: Buffer) => {
        const text = decoder.write(chunk);
        output += text;
        if (output.length > 2 * OUTPUT_KEEP) output = output.slice(-OUTPUT_KEEP);
        if (!options.onLine) return;
        const at = performance.now();
        const lines = (partial + text).split('\n');
        partial = lines.pop()!;
        for (const line of lines) options.onLine(line, at);
      };
    };
    child.stdout!.on('data', collector());
    child.stderr!.on('data', collector());
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.timeoutMs);
    child.on('exit', () => {
      ms = performance.now() - started;
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (ms === 0) ms = performance.now() - started;
      resolve({ code, signal, timedOut, ms, peak: readPeak(options.peakFile), output: output.slice(-OUTPUT_KEEP) });
    });
  });
}

/** The last lines of a run's output, indented, for an error message. */
export function outputTail(run: ChildRun, lines = 15): string {
  return run.output
    .trimEnd()
    .split('\n')
    .slice(-lines)
    .map((l) => `    ${l}`)
    .join('\n');
}
