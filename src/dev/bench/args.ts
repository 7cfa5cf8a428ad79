/** The flags of `npm run bench`. */
import { parseArgs } from 'node:util';
import { MirrorError } from '../../api/errors.ts';

export interface BenchOptions {
  /** Configurations per measured size, ascending, without repeats. */
  sizes: number[];
  runs: number;
  keep: boolean;
  json: string | undefined;
  /** Per-process limit; undefined picks one by size (defaultTimeoutMs). */
  timeoutMs: number | undefined;
  help: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench -- [flags]
  --size N         configurations in the synthetic export (default 10000)
  --sizes N,M,...  several sizes in one run (the report adds the time growth between them)
  --runs K         runs of each stage; the median is reported with min and max (default 3)
  --keep           keep the temporary folder (its path is printed)
  --json PATH      also write the results as JSON
  --timeout S      seconds a single stage process may take (default 300 + 0.06 per configuration)
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
        keep: { type: 'boolean' },
        json: { type: 'string' },
        timeout: { type: 'string' },
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
    keep: Boolean(values.keep),
    json: values.json,
    timeoutMs: values.timeout === undefined ? undefined : positiveInt('--timeout', values.timeout) * 1000,
    help: Boolean(values.help),
  };
}

/** Generous enough for a slow shared machine; a stage that hangs still ends the benchmark. */
export const defaultTimeoutMs = (configurations: number): number => Math.round((300 + configurations * 0.06) * 1000);
