/**
 * `npm run refresh`, what a scheduled rebuild runs: `snapshot`, then `build` only when the
 * snapshot changed or `dist/` does not show it (another snapshot, or other site code). An
 * unchanged run renders nothing.
 */
import { existsSync } from 'node:fs';
import { EXIT_CODES, MirrorError } from '../core/errors.ts';
import { historyStopOf, parseSnapshotArgs, quietIn, snapshotCli, writeReport } from '../snapshot/snapshot-cli.ts';
import { loadEnv, readHistoryLimit, type Env } from '../core/env.ts';
import { createReporter, formatBytes, formatSeconds, type Reporter } from '../core/reporter.ts';
import { summarizeSnapshot } from '../store/read-snapshot.ts';
import { buildSite, peakText, type Renderer } from './build-site.ts';
import { readBuildStamp, snapshotStamp } from './build-stamp.ts';
import { decideRefresh } from './refresh-decision.ts';
import { explainBuildFailure } from './build-failure.ts';
import { resolveOutputDir } from './output-dir.ts';
import { recoverLeftoversIfIdle } from './sweep.ts';
import { readDeployTarget } from './build-plan.ts';
import type { DeployTarget } from '../site/plan/hosts.ts';

export interface RefreshOptions {
  env?: Env;
  outDir?: string;
  reporter?: Reporter;
  /** Passed on to buildSite (default: the Astro render). */
  render?: Renderer;
  /** For tests: the waits between retries, the restore's rounds included, without waiting. */
  sleep?: (ms: number) => Promise<void>;
}

/** Takes the value of `--name VALUE` or `--name=VALUE` out of `rest` (the last one given wins). */
function takeFlag(rest: string[], name: string, what: string): string | undefined {
  let value: string | undefined;
  for (let i = rest.indexOf(name); i !== -1; i = rest.indexOf(name)) {
    value = rest[i + 1];
    if (!value || value.startsWith('--')) throw new MirrorError('usage', `${name} takes ${what}`);
    rest.splice(i, 2);
  }
  const inline = rest.findIndex((a) => a.startsWith(`${name}=`));
  if (inline !== -1) value = rest.splice(inline, 1)[0]!.slice(name.length + 1);
  return value;
}

/** Takes `--dist DIR` (where the site goes, default `dist`) and `--target HOST` out of the flags; the rest are `snapshot`'s. */
export function splitRefreshArgs(argv: string[]): { dist: string | undefined; target: string | undefined; snapshotArgs: string[] } {
  const rest = [...argv];
  const dist = takeFlag(rest, '--dist', 'a folder');
  const target = takeFlag(rest, '--target', 'a deploy target');
  return { dist, target, snapshotArgs: rest };
}

/** The snapshot flags, or undefined when they are bad (the snapshot step then reports them, before any request). */
function parseSnapshotArgsOrUndefined(argv: string[], env: Env): ReturnType<typeof parseSnapshotArgs> | undefined {
  try {
    return parseSnapshotArgs(argv, env);
  } catch {
    return undefined;
  }
}

export async function refreshCli(rawArgv: string[], options: RefreshOptions = {}): Promise<number> {
  const env = options.env ?? loadEnv();
  const secret = env.RANKING_API_KEY?.trim();
  const reporter = options.reporter ?? createReporter({ secrets: secret ? [secret] : [], quiet: quietIn(rawArgv) });
  let split: ReturnType<typeof splitRefreshArgs>;
  let deployTarget: DeployTarget | undefined;
  try {
    split = splitRefreshArgs(rawArgv);
    deployTarget = readDeployTarget(split.target, env);
  } catch (err) {
    reporter.error((err as MirrorError).toLine());
    return EXIT_CODES.usage;
  }
  const { dist, snapshotArgs: argv } = split;
  const outDir = dist ?? options.outDir ?? 'dist';
  const started = performance.now();
  // Before any request is spent: a --dist that is not a site is refused, and a killed build's leftovers are dealt with.
  try {
    const parsed = parseSnapshotArgsOrUndefined(argv, env);
    if (parsed && !parsed.help) {
      const target = resolveOutputDir(outDir, { flag: '--dist', snapshot: parsed.request.out });
      await recoverLeftoversIfIdle(target, outDir, reporter);
    }
  } catch (err) {
    const failure = explainBuildFailure(err, outDir);
    if (!failure) throw err;
    reporter.error(failure.toLine());
    return failure.exitCode;
  }
  // A failed snapshot step ends with its own exit line, which names dist/ too: the last line a maintainer reads.
  const { code, outcome } = await snapshotCli(argv, { env, reporter, untouched: `the previous snapshot and ${outDir}/`, sleep: options.sleep });
  if (code !== 0 || !outcome) return code;
  const { request, newHistory, report: reportPath } = parseSnapshotArgs(argv, env);
  const out = request.out;
  if (!existsSync(out)) {
    reporter.error(`error: there is no snapshot at ${out} to render`);
    return EXIT_CODES.usage;
  }
  const decision = decideRefresh({
    snapshot: outcome.status,
    current: readBuildStamp(outDir),
    wanted: snapshotStamp(summarizeSnapshot(out), deployTarget),
    outDir,
  });
  if (!decision.build) {
    reporter.info(`${decision.reason}; nothing rendered (${formatSeconds(performance.now() - started)})`);
    return 0;
  }
  reporter.info(`${decision.reason}: building`);
  try {
    const result = await buildSite({
      snapshot: out,
      outDir,
      outFlag: '--dist',
      reporter,
      historyLimit: readHistoryLimit(env),
      target: deployTarget,
      render: options.render,
      newHistory,
      sleep: options.sleep,
    });
    reporter.info(
      `built ${outDir}/: ${result.pages} pages, ${formatBytes(result.bytes)}; refresh took ${formatSeconds(performance.now() - started)}${peakText(result)}`,
    );
    for (const line of result.summary) reporter.info(line);
    return 0;
  } catch (err) {
    const code = err instanceof MirrorError ? err.exitCode : 1;
    reporter.error(err instanceof MirrorError ? err.toLine() : `error: the build failed: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
    const snapshotState = outcome.status === 'written' ? 'the snapshot is updated' : 'the snapshot is as it was';
    const stop = err instanceof MirrorError ? historyStopOf(err) : undefined;
    reporter.error(
      `exit ${code}: ${snapshotState}, ${outDir}/ is untouched; ${stop ? 'the published history is kept until a person decides (above)' : 'the next refresh builds again'}`,
    );
    // The report says the run's end, not the snapshot step's: the job summary reads it.
    writeReport(reportPath, { code, outcome, historyStop: stop }, reporter, secret ? [secret] : []);
    return code;
  }
}
