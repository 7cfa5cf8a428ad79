/** The flags of `npm run bench`. */
import { parseArgs } from 'node:util';
import { MirrorError } from '../../core/errors.ts';
import { DEPLOY_TARGETS, type DeployTarget } from '../../site/plan/hosts.ts';

/** A deploy target the bench builds for, or `none`: the build without a target (everything rendered). */
export type BenchTarget = DeployTarget | 'none';
export const BENCH_TARGETS: readonly BenchTarget[] = ['none', ...DEPLOY_TARGETS];

export interface BenchOptions {
  /** Configurations per measured size, ascending, without repeats. */
  sizes: number[];
  runs: number;
  /** Daily snapshots of history in the measured snapshot file, the newest included (1: no history). */
  historyDays: number;
  /** Also build the snapshot with per-benchmark details for every configuration (one run). */
  details: boolean;
  /** After the stages: one build per target without details and one with, each into a fresh folder (none when empty). */
  targets: BenchTarget[];
  keep: boolean;
  json: string | undefined;
  /** Per-process limit; undefined picks one by size (defaultTimeoutMs). */
  timeoutMs: number | undefined;
  /** Instead of the stages: a simulated month of daily runs of the details crawl at this many configurations. */
  crawlMonth: CrawlMonthOptions | undefined;
  /** Instead of the stages: /rank/ measured alone on the site with details in this folder (built there first when it holds none). */
  rankSite: string | undefined;
  help: boolean;
}

export interface CrawlMonthOptions {
  configurations: number;
  /** The key's monthly quota and per-minute limit: a Pro key's by default. */
  quota: number;
  ratePerMinute: number;
  share: number;
}

export const BENCH_USAGE = `Usage: npm run bench -- [flags]
  --size N         configurations in the synthetic export (default 10000)
  --sizes N,M,...  several sizes in one run (the report adds the time growth between them)
  --runs K         runs of each stage; the median is reported with min and max (default 3)
  --history-days D the snapshot holds D daily snapshots of history (default 1): the population keeps
                   its size while configurations come and go and scores and ranks drift
  --skip-details   leave out the build with per-benchmark details for every configuration (its
                   lines in the report say it was not measured)
  --targets LIST   after the stages, build for each deploy target (comma-separated, or all:
                   none,${DEPLOY_TARGETS.join(',')}; none is the build without a target) without
                   and with details, once each, and report each site against its host's limits
  --keep           keep the temporary folder (its path is printed)
  --json PATH      also write the results as JSON
  --timeout S      seconds a single stage process may take (default 300 + 0.06 per configuration)
  --crawl-month N  instead: a simulated month of daily runs of the details crawl at N configurations
                   (a Pro key: --crawl-quota 100000, --crawl-rate 300; --crawl-share 0.1)
  --rank-site DIR  instead: measure /rank/ alone (--runs times) on the site with details for every
                   configuration in DIR; where DIR holds no site, it is built there first from the
                   size's generated snapshot with details, which is kept as DIR.db and reused (delete
                   DIR to measure the current code's pages again: only the build runs)
  --help           this text
Benchmarks and tags per size: piecewise linear through 300 -> 60/150, 10,000 -> 800/400 and
50,000 -> 2,000/800 (60/150 below 300; above 50,000, +3 benchmarks and +1 tag per 100 configurations).`;

/** A bad flag: the same usage failure (exit 2) as every other command's. */
const usage = (message: string) => new MirrorError('usage', message, { hint: 'see npm run bench -- --help' });

function positiveInt(name: string, raw: string): number {
  const n = Number(raw.replace(/_/g, ''));
  if (!/^\d[\d_]*$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1) throw usage(`${name} takes a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        size: { type: 'string' },
        sizes: { type: 'string' },
        runs: { type: 'string' },
        'history-days': { type: 'string' },
        'skip-details': { type: 'boolean' },
        targets: { type: 'string' },
        keep: { type: 'boolean' },
        json: { type: 'string' },
        timeout: { type: 'string' },
        'crawl-month': { type: 'string' },
        'crawl-quota': { type: 'string' },
        'crawl-rate': { type: 'string' },
        'crawl-share': { type: 'string' },
        'rank-site': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw usage((err as Error).message.split('\n')[0] ?? 'bad flag');
  }
  if (values.size !== undefined && values.sizes !== undefined) throw usage('give either --size or --sizes, not both');
  const raw = values.sizes !== undefined ? values.sizes.split(',').filter((s) => s.trim() !== '') : [values.size ?? '10000'];
  if (raw.length === 0) throw usage('--sizes takes a comma-separated list of positive integers');
  const sizes = [...new Set(raw.map((s) => positiveInt(values.sizes !== undefined ? '--sizes' : '--size', s.trim())))].sort((a, b) => a - b);
  return {
    sizes,
    runs: values.runs === undefined ? 3 : positiveInt('--runs', values.runs),
    historyDays: values['history-days'] === undefined ? 1 : positiveInt('--history-days', values['history-days']),
    details: !values['skip-details'],
    targets: targetsOf(values.targets),
    keep: Boolean(values.keep),
    json: values.json,
    timeoutMs: values.timeout === undefined ? undefined : positiveInt('--timeout', values.timeout) * 1000,
    crawlMonth: crawlMonthOf(values),
    rankSite: rankSiteOf(values, sizes),
    help: Boolean(values.help),
  };
}

/** The folder of `--rank-site`, at one size. */
function rankSiteOf(values: Record<string, string | boolean | undefined>, sizes: number[]): string | undefined {
  const raw = values['rank-site'] as string | undefined;
  if (raw === undefined) return undefined;
  const dir = raw.trim().replace(/\/+$/, '');
  if (dir === '') throw usage('--rank-site takes a folder');
  if (sizes.length > 1) throw usage('--rank-site measures one size: give --size, not --sizes');
  if (values['crawl-month'] !== undefined) throw usage('give either --rank-site or --crawl-month, not both');
  return dir;
}

/** `all`, or deploy targets and `none` separated by commas, in the order BENCH_TARGETS lists them. */
function targetsOf(raw: string | undefined): BenchTarget[] {
  if (raw === undefined) return [];
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw usage('--targets takes all, or a comma-separated list of none and deploy targets');
  if (names.includes('all')) return [...BENCH_TARGETS];
  const wrong = names.find((n) => !(BENCH_TARGETS as readonly string[]).includes(n));
  if (wrong !== undefined) throw usage(`--targets: ${JSON.stringify(wrong.slice(0, 40))} is not one of all, ${BENCH_TARGETS.join(', ')}`);
  return BENCH_TARGETS.filter((t) => names.includes(t));
}

function crawlMonthOf(values: Record<string, string | boolean | undefined>): CrawlMonthOptions | undefined {
  const raw = values['crawl-month'] as string | undefined;
  const tuning = ['crawl-quota', 'crawl-rate', 'crawl-share'].filter((f) => values[f] !== undefined);
  if (raw === undefined) {
    if (tuning.length) throw usage(`--${tuning[0]} goes with --crawl-month`);
    return undefined;
  }
  const share = values['crawl-share'] === undefined ? 0.1 : Number(values['crawl-share']);
  if (!(share > 0 && share <= 1)) throw usage('--crawl-share takes a number above 0 and at most 1');
  return {
    configurations: positiveInt('--crawl-month', raw),
    quota: values['crawl-quota'] === undefined ? 100_000 : positiveInt('--crawl-quota', values['crawl-quota'] as string),
    ratePerMinute: values['crawl-rate'] === undefined ? 300 : positiveInt('--crawl-rate', values['crawl-rate'] as string),
    share,
  };
}

/** Generous enough for a slow shared machine; a stage that hangs still ends the benchmark. */
export const defaultTimeoutMs = (configurations: number): number => Math.round((300 + configurations * 0.06) * 1000);
