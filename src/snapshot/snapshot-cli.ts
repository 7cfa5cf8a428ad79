/**
 * The `snapshot` command line, shared by `refresh`: flags in, exit code out. The only place that
 * turns a failure kind into a process exit code.
 */
import { parseArgs } from 'node:util';
import { EXIT_CODES, MirrorError } from '../core/errors.ts';
import { loadEnv, readHistoryLimit, type Env } from '../core/env.ts';
import { readApiSettings, readClientTuning } from '../api/settings.ts';
import { readDeadlines } from '../core/deadline.ts';
import type { DetailsPlan } from './fetch-details.ts';
import { DEFAULT_BUDGET_MINUTES, DEFAULT_DETAILS_SHARE, readCheckpointPolicy } from './details-plan.ts';
import { createReporter, type Reporter } from '../core/reporter.ts';
import { runSnapshot } from './run-snapshot.ts';
import type { SnapshotOutcome, SnapshotRequest } from './snapshot-request.ts';
import { inGitHubActions } from '../core/annotations.ts';
import { StoppedBySignal } from '../core/signals.ts';
import { createRedactor } from '../core/redact.ts';
import { restoreSourceOf } from './restore-state.ts';
import { writeRunReport, type RunReport } from './run-report.ts';
import { DEFAULT_OUT } from './output-path.ts';

export { DEFAULT_OUT };

export const SNAPSHOT_USAGE = `Flags:
  --from-file PATH       load an export JSON from disk (same validation), instead of the API
  --details-file PATH    with --from-file: per-configuration details, { slug: ModelDetail }
  --out PATH             the snapshot file (default ${DEFAULT_OUT})
  --force                ask the API even within the stored answer's cache lifetime
  --allow-shrink         accept a snapshot that lost over half of the configurations
  --details N|all|0      the rolling details crawl (/v1/models/{slug}) over the top N configurations,
                         or all (the default); 0 turns it off
  --details-share F      the mirror spends at most this share of the monthly quota, spread over the
                         days left until it resets (default ${DEFAULT_DETAILS_SHARE})
  --details-budget N     send at most N detail requests in one run (default ${DEFAULT_BUDGET_MINUTES} minutes'
                         worth of X-RateLimit-Limit)
  --no-fallback          on 403 tier_forbidden, fail instead of building a partial snapshot
  --new-history          with no usable snapshot at --out, start a new history instead of restoring
                         the one published at STATE_URL or SITE_URL, even over a published history
                         that cannot be taken; refresh also builds it over a longer published one
  --no-restore           the same as --new-history
  --report PATH          write what the run did as JSON to PATH (for the workflow's job summary)
  --quiet                print only the stage lines, warnings and failures: no other line, no progress
  --help                 this text`;

const OPTIONS = {
  'from-file': { type: 'string' },
  'details-file': { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  'allow-shrink': { type: 'boolean' },
  details: { type: 'string' },
  'details-share': { type: 'string' },
  'details-budget': { type: 'string' },
  'no-fallback': { type: 'boolean' },
  'no-restore': { type: 'boolean' },
  'new-history': { type: 'boolean' },
  report: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** `--quiet`, read before the flags are parsed: a flag parse's own failure is printed by the reporter it decides. */
export const quietIn = (argv: readonly string[]) => argv.includes('--quiet');

export interface SnapshotCliOptions {
  help: boolean;
  request: Omit<SnapshotRequest, 'reporter' | 'source'> & { fromFile?: string | undefined; detailsFile?: string | undefined };
  /** Where to write the run report (`--report`). */
  report?: string | undefined;
  /** `--new-history` (or its older name `--no-restore`): no restore, and no build held to the published history. */
  newHistory: boolean;
}

/** The crawl is on by default (all configurations, within the default allowance); `--details 0` turns it off. */
function parseDetailsPlan(values: Record<string, string | boolean | undefined>, env: Env): DetailsPlan | undefined {
  const raw = (values.details as string | undefined) ?? 'all';
  const count = raw === 'all' ? 'all' : /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (count !== 'all' && !Number.isSafeInteger(count))
    throw new MirrorError('usage', `--details takes a positive integer, "all" or 0 (off), got ${JSON.stringify(raw)}`);
  const share = values['details-share'] === undefined ? DEFAULT_DETAILS_SHARE : Number(values['details-share']);
  if (!(share > 0 && share <= 1)) throw new MirrorError('usage', '--details-share takes a number above 0 and at most 1');
  const budget = values['details-budget'] === undefined ? undefined : Number(values['details-budget']);
  if (budget !== undefined && !(Number.isInteger(budget) && budget >= 0)) throw new MirrorError('usage', '--details-budget takes a non-negative integer');
  if (count === 0) return undefined;
  return { count, quotaShare: share, budget, checkpoint: readCheckpointPolicy(env) };
}

/** Parses the flags of `snapshot` (and `refresh`); throws a usage MirrorError on a bad one. */
export function parseSnapshotArgs(argv: string[], env: Env): SnapshotCliOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true }));
  } catch (err) {
    throw new MirrorError('usage', (err as Error).message.split('\n')[0] ?? 'bad flag', { hint: 'see --help' });
  }
  if (values['details-file'] !== undefined && values['from-file'] === undefined) throw new MirrorError('usage', '--details-file needs --from-file');
  if (values.details && values.details !== '0' && values['from-file'])
    throw new MirrorError('usage', '--details fetches from the API; it cannot be used with --from-file');
  if (values.report === '') throw new MirrorError('usage', '--report takes a file path');
  return {
    help: Boolean(values.help),
    report: values.report as string | undefined,
    newHistory: Boolean(values['new-history'] || values['no-restore']),
    request: {
      out: (values.out as string | undefined) ?? DEFAULT_OUT,
      fromFile: values['from-file'] as string | undefined,
      detailsFile: values['details-file'] as string | undefined,
      force: Boolean(values.force),
      allowShrink: Boolean(values['allow-shrink']),
      fallback: !values['no-fallback'],
      // A file run asks the API for nothing.
      details: values['from-file'] ? undefined : parseDetailsPlan(values, env),
      historyLimit: readHistoryLimit(env),
    },
  };
}

export interface CliResult {
  code: number;
  outcome?: SnapshotOutcome;
}

/** Writes the run report when `--report` asked for one; a report that cannot be written is a warning, never the run's failure. */
export function writeReport(path: string | undefined, result: CliResult & Pick<RunReport, 'historyStop'>, reporter: Reporter, secrets: string[]): CliResult {
  if (path === undefined) return result;
  try {
    // Through the redactor, as every line the tools print: the report holds words a server sent.
    writeRunReport(path, { code: result.code, outcome: result.outcome, historyStop: result.historyStop }, createRedactor(secrets));
  } catch (err) {
    reporter.warn(`cannot write the run report ${path}: ${(err as Error).message}`);
  }
  return { code: result.code, outcome: result.outcome };
}

/** What the report says of a failure that stopped the run to keep the published history. */
export const historyStopOf = (err: MirrorError): RunReport['historyStop'] => (err.historyStop ? { kind: err.historyStop, why: err.message } : undefined);

/**
 * Runs `snapshot` with these flags. The key is read here, handed to the client and deleted from
 * `process.env`, so nothing that runs later in this process (the site build) can see it.
 */
export async function snapshotCli(
  argv: string[],
  {
    env = loadEnv(),
    reporter: given,
    untouched = 'the previous snapshot',
    sleep,
  }: {
    env?: Env;
    reporter?: Reporter;
    untouched?: string;
    /** For tests: the waits between retries (the restore's rounds included), without waiting. */
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<CliResult> {
  const secret = env.RANKING_API_KEY?.trim();
  delete process.env.RANKING_API_KEY;
  const secrets = secret ? [secret] : [];
  const reporter = given ?? createReporter({ secrets, quiet: quietIn(argv) });
  let reportPath: string | undefined;
  try {
    const { help, request, report: path, newHistory } = parseSnapshotArgs(argv, env);
    reportPath = path;
    if (help) {
      reporter.info(`Usage: npm run snapshot -- [flags]\n${SNAPSHOT_USAGE}`);
      return { code: 0 };
    }
    const { fromFile, detailsFile, ...rest } = request;
    let source: SnapshotRequest['source'];
    if (fromFile !== undefined) {
      source = { kind: 'file', path: fromFile, detailsPath: detailsFile, label: 'file', maxBytes: readClientTuning(env).maxBytes };
    } else {
      const settings = readApiSettings(env);
      for (const w of settings.warnings) reporter.warn(w);
      source = { kind: 'api', settings, tuning: readClientTuning(env), deadlines: readDeadlines(env) };
    }
    let restoreFrom: URL | undefined;
    if (source.kind === 'api' && !newHistory) {
      const { from, warning } = restoreSourceOf(env);
      if (warning) reporter.warn(warning);
      restoreFrom = from;
    }
    const outcome = await runSnapshot({ ...rest, source, reporter, secrets, annotations: inGitHubActions(env), restoreFrom, ...(sleep ? { sleep } : {}) });
    return writeReport(reportPath, { code: EXIT_CODES.ok, outcome }, reporter, secrets);
  } catch (err) {
    if (err instanceof StoppedBySignal) {
      // Not a failure of the contract's kinds: the run was asked to stop, and stored what it had first.
      reporter.error(`error: ${err.message}`);
      reporter.error(`exit ${err.exitCode}: stopped by ${err.signal}; what the run fetched before it is stored`);
      return writeReport(reportPath, { code: err.exitCode }, reporter, secrets);
    }
    if (err instanceof MirrorError) {
      reporter.error(err.toLine());
      // Repeated last, so retry warnings above cannot bury what happened.
      reporter.error(`exit ${err.exitCode}: ${err.message}; ${untouched} ${untouched.includes(' and ') ? 'are' : 'is'} untouched`);
      return writeReport(reportPath, { code: err.exitCode, historyStop: historyStopOf(err) }, reporter, secrets);
    }
    // One line, as for every failure; the stack only when asked for.
    const first = String((err as Error)?.message ?? err).split('\n')[0];
    reporter.error(
      `error: unexpected failure: ${first}${process.env.MIRROR_DEBUG ? `\n${(err as Error)?.stack}` : ' (MIRROR_DEBUG=1 prints where it happened)'}`,
    );
    reporter.error(`exit 1: this is a bug in the mirror; ${untouched} ${untouched.includes(' and ') ? 'are' : 'is'} untouched`);
    return writeReport(reportPath, { code: 1 }, reporter, secrets);
  }
}
