/**
 * Renders the site with Astro in a child process (astro-child.mjs) started with plain Node and the
 * build's heap limit (and CPU profile flags): the pages need no TypeScript loader, since Vite compiles them.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RenderInput } from '../site/plan/render-input.ts';
import type { ProgressState } from '../core/reporter.ts';
import { childEnv } from './child-env.ts';

/**
 * The render's young generation, in MB a semi-space: the build process's 2 MB made GC 21 % of the
 * render's CPU at 10,000 x 365 and the render of 50,000 x 365 279 s; V8's default (16 MB) took
 * them to 12 % and 136-158 s, but the faster render then overlapped the extras worker's copy of the
 * data at its own largest and the build's peak at 50,000 rose to 2,097-2,116 MB, so it was 8 MB.
 * Once the worker's copy had shrunk (the seventh and eighth rounds), 32 MB: renders of 50,000 x 365
 * in 77-80 s against 89-92 s with 8 MB (16 MB: 83 s; 64 MB: 79 s), build peaks 1,639-1,653 MB
 * against 1,589-1,613 MB; at 10,000 the same time within the noise, peaks about 50 MB higher.
 */
export const RENDER_SEMI_SPACE_MB = 32;

/**
 * The flags the build starts the Astro process with: its old-space limit (set in package.json's
 * build script), a CPU profile's (`npm run profile-build` starts the build under `--cpu-prof`, and
 * the render is what it is there to see) and the render's own young generation. TypeScript loader
 * flags and the build process's 2 MB semi-space stay behind.
 */
export function renderFlags(execArgv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    if (/^--max-old-space-size=\d+$/.test(flag) || /^--cpu-prof(-(dir|interval|name)=.+)?$/.test(flag)) out.push(flag);
    else if (/^--cpu-prof-(dir|interval|name)$/.test(flag) && i + 1 < execArgv.length) out.push(flag, execArgv[++i]!);
  }
  return [...out, `--max-semi-space-size=${RENDER_SEMI_SPACE_MB}`];
}

/** An error of the Astro process, rebuilt with its cause chain for explainBuildFailure. */
interface PlainError {
  message: string;
  stack?: string;
  code?: string;
  errors?: PlainError[];
}

function revive(plain: PlainError): Error {
  const err = new Error(plain.message, plain.errors?.length ? { cause: revive(plain.errors[0]!) } : undefined) as Error & { code?: string; errors?: Error[] };
  if (plain.stack) err.stack = plain.stack;
  if (plain.code) err.code = plain.code;
  if (plain.errors && plain.errors.length > 1) err.errors = plain.errors.map(revive);
  return err;
}

export interface AstroRender {
  /** Settles when Astro is done: its peak resident memory (KB) and CPU time (ms), or its error. */
  done: Promise<{ peakKb: number; cpuMs: number }>;
  stop(): void;
}

/** What the Astro process says as it goes (src/publish/render-progress.mjs): its phase, then the pages rendered of all it lists. */
export interface RenderProgress {
  phase: string | undefined;
  done: number | undefined;
  total: number | undefined;
}

/** The render's progress as the build's line shows it. */
export const renderProgressState = ({ phase, done, total }: RenderProgress): ProgressState => ({ phase, done, total, unit: 'pages' });

/**
 * Starts `astro build` of the project in the current directory into `outDir`, rendering `input`; the
 * environment (SITE_URL, attribution) is inherited. `onProgress` hears how far it is until it is done.
 */
export function startAstroRender(outDir: string, logLevel: 'info' | 'warn', input: RenderInput, onProgress?: (progress: RenderProgress) => void): AstroRender {
  const child = fork(fileURLToPath(new URL('./astro-child.mjs', import.meta.url)), [], {
    execArgv: [...renderFlags(), '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: childEnv(),
  });
  let settled = false;
  const done = new Promise<{ peakKb: number; cpuMs: number }>((resolve, reject) => {
    child.on('message', (message: { progress: RenderProgress } | { peakKb: number; cpuMs: number; error?: PlainError }) => {
      if ('progress' in message) {
        if (!settled) onProgress?.(message.progress);
        return;
      }
      settled = true;
      if (message.error) reject(revive(message.error));
      else resolve({ peakKb: message.peakKb, cpuMs: message.cpuMs });
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`the Astro build ended (${signal ?? `exit ${code}`}) before it was done`));
    });
    child.once('error', reject);
  });
  done.catch(() => {});
  child.send({ outDir, logLevel, input });
  return {
    done,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
