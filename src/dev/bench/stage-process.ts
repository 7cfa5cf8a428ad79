/**
 * What every stage process of the bench shares: the repository root it runs from, its quiet
 * environment, the error that stops the bench when it fails, and what its output reports.
 */
import { fileURLToPath } from 'node:url';
import { outputTail, type ChildRun } from './child.ts';

/** The repository root: stages run from here, as `npm run` would (Astro's root is the cwd). */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export class StageFailed extends Error {
  readonly stage: string;
  readonly run: ChildRun;
  constructor(stage: string, run: ChildRun, why: string) {
    super(`${stage} failed: ${why}\n  last output:\n${outputTail(run)}`);
    this.stage = stage;
    this.run = run;
  }
}

/**
 * A quiet, reproducible environment: no API settings or NODE_OPTIONS from the caller's shell, and no
 * deploy target from a .env file (the environment wins over it): a build has one only by `--target`.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LC_ALL', 'SystemRoot', 'MIRROR_BUILD_CONCURRENCY'];
  const env: Record<string, string | undefined> = {};
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, CI: 'true', ASTRO_TELEMETRY_DISABLED: '1', DEPLOY_TARGET: '', ...extra };
}

/** The lines the project's reporter prints when a timed step ends: `render      26.26 s  (detail)`. */
export function innerSteps(output: string): [string, number][] {
  return [...output.matchAll(/^([a-z][\w+-]*) +(\d+\.\d\d) s(?: |$)/gm)].map((m) => [m[1]!, Number(m[2]) * 1000]);
}

/**
 * The build's peak memory (KB) from its own output: all its processes at once as it sampled them,
 * else (a build that could not sample) the sum of the peaks it reports of the processes it starts
 * (the Astro render, the extras worker and Pagefind), which with `ownKb` (the process's own peak)
 * bounds what it held at once from above. 0 when the output tells neither.
 */
export function reportedPeakKb(output: string, ownKb: number): number {
  const sampled = /memory peak (\d+) MB, all processes at once/.exec(output);
  if (sampled) return Math.max(Number(sampled[1]) * 1024, ownKb);
  const parts = [...output.matchAll(/\b(?:CPU, peak|Pagefind peak) (\d+) MB/g)];
  return parts.reduce((sum, m) => sum + Number(m[1]) * 1024, ownKb);
}
