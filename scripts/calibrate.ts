/**
 * `npm run calibrate`: the likely ranges, rank sets and comparisons held against fields whose truth
 * is known. Prints the coverage tables and the checks; exits 0 when every check passes, 1 when one
 * fails (the ranges do not keep their word), 2 on a bad flag.
 */
import { writeFileSync } from 'node:fs';
import { MirrorError, failureLines } from '../src/core/errors.ts';
import { parseFlags } from '../src/core/flags.ts';
import { createReporter } from '../src/core/reporter.ts';
import { DEFAULT_SCENARIOS, QUICK_SCENARIOS, runCalibrate, type Scenario } from '../src/dev/calibrate/run-calibrate.ts';
import { reportText } from '../src/dev/calibrate/report.ts';
import { SOURCE_KINDS, type SourceKind } from '../src/dev/calibrate/source.ts';
import { checksOf } from '../src/dev/calibrate/verdict.ts';

const USAGE = `Usage: npm run calibrate -- [flags]
  (no flags)          the default run: ${DEFAULT_SCENARIOS.map((s) => `${s.fields} × ${s.configurations} configurations, ${Math.round(100 * s.missing)}% missing, ${s.source}`).join('; ')}
  --quick             ${QUICK_SCENARIOS.map((s) => `${s.fields} fields of ${s.configurations} configurations`).join('')}: a check that the harness runs
  --sizes N,N         configurations per field, one scenario each (with --missing and --source: every combination)
  --missing X,X       the mean share of the published benchmarks a configuration lacks, 0 to 0.95 (default 0.4)
  --source KIND,KIND  the simulated API's method: ${SOURCE_KINDS.join(', ')} (default probit)
  --fields N          fields per scenario (default: the plan's, or 8 at up to 1,000 configurations and 1 above)
  --seed N            the run's seed (default 1): the same seed, the same fields and the same figures
  --universe X        the universe of benchmarks as a multiple of the published ones (default 8; at most 4,000 benchmarks, at least twice the published)
  --shrink X          narrow every published range and set to X of its width around the model rank (0 to 1): a run that must fail
  --ungated           publish every field's ranges whatever the gate says, to measure what it keeps out (its checks then judge ranges the site would not show)
  --json PATH         also write the whole result as JSON
  --help              this text`;

const reporter = createReporter({ out: process.stderr });
try {
  const values = parseFlags(
    process.argv.slice(2),
    {
      quick: { type: 'boolean' },
      sizes: { type: 'string' },
      missing: { type: 'string' },
      source: { type: 'string' },
      fields: { type: 'string' },
      seed: { type: 'string' },
      universe: { type: 'string' },
      shrink: { type: 'string' },
      ungated: { type: 'boolean' },
      json: { type: 'string' },
      help: { type: 'boolean' },
    },
    'npm run calibrate',
  );
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const usage = (message: string) => new MirrorError('usage', message, { hint: 'see npm run calibrate -- --help' });
  const number = (flag: string, text: string | undefined, fallback: number, min: number, max: number, integer = false): number => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
      throw usage(`--${flag} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max} (got ${text})`);
    return n;
  };
  const list = <T>(flag: string, text: string | undefined, parse: (part: string) => T): T[] | undefined =>
    text === undefined ? undefined : text.split(',').map((p) => parse(p.trim()));
  const sizes = list('sizes', values.sizes, (p) => number('sizes', p, 0, 30, 100_000, true));
  const missing = list('missing', values.missing, (p) => number('missing', p, 0, 0, 0.95));
  const sources = list('source', values.source, (p) => {
    if (!(SOURCE_KINDS as readonly string[]).includes(p)) throw usage(`--source must be one of ${SOURCE_KINDS.join(', ')} (got ${p})`);
    return p as SourceKind;
  });
  const fields = values.fields === undefined ? undefined : number('fields', values.fields, 1, 1, 1000, true);
  let scenarios: Scenario[];
  if (sizes || missing || sources)
    scenarios = (sizes ?? [300]).flatMap((configurations) =>
      (missing ?? [0.4]).flatMap((m) =>
        (sources ?? ['probit' as SourceKind]).map((source) => ({ configurations, missing: m, source, fields: fields ?? (configurations <= 1000 ? 8 : 1) })),
      ),
    );
  else scenarios = (values.quick ? QUICK_SCENARIOS : DEFAULT_SCENARIOS).map((s) => ({ ...s, fields: fields ?? s.fields }));

  const results = await runCalibrate({
    scenarios,
    seed: number('seed', values.seed, 1, 0, 100_000, true),
    shrink: number('shrink', values.shrink, 1, 0, 1),
    universe: number('universe', values.universe, 8, 2, 20),
    ungated: values.ungated ?? false,
    log: (line) => reporter.info(`calibrate: ${line}`),
  });
  const checks = checksOf(results);
  console.log(reportText(results, checks));
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ scenarios: results, checks }, null, 1)}\n`);
  process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
} catch (err) {
  const failure = failureLines(err, 'the calibration', 'nothing was changed');
  for (const line of failure.lines) reporter.error(line);
  process.exitCode = failure.code;
}
