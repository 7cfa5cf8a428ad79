/**
 * `npm run soak`: a simulated year of scheduled runs with a seeded fault schedule (src/dev/soak/).
 * Flags: --seed N (default 1), --days N (default 365), --report PATH (default soak-report.json),
 * --stub-render (every render with the stub), --no-faults (the year without its fault schedule), --dir
 * DIR (a working folder kept afterwards), and the test-only --break STEP (a step the product breaks on
 * purpose, to show the soak failing).
 * Exit 0 only when no day was lost and no check failed; 1 otherwise; 2 on a bad flag; 130 when Ctrl-C or
 * SIGTERM stopped it (after the day under way, with the report of the days done).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createReporter } from '../src/core/reporter.ts';
import { runSoak } from '../src/dev/soak/run-soak.ts';
import { summaryLines } from '../src/dev/soak/report.ts';

const USAGE = 'usage: npm run soak -- [--seed N] [--days N] [--report PATH] [--stub-render] [--no-faults] [--dir DIR]';
const BREAKS = ['history-drops-day'];

function wholeNumber(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    console.error(`error: --${name} takes a whole number >= ${min}, got '${value}'\n${USAGE}`);
    process.exit(2);
  }
  return Number(value);
}

let values: ReturnType<typeof parse>['values'];
function parse() {
  return parseArgs({
    options: {
      seed: { type: 'string' },
      days: { type: 'string' },
      report: { type: 'string' },
      'stub-render': { type: 'boolean' },
      'no-faults': { type: 'boolean' },
      break: { type: 'string' },
      dir: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
}
try {
  values = parse().values;
} catch (err) {
  console.error(`error: ${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.break !== undefined && !BREAKS.includes(values.break)) {
  console.error(`error: --break takes one of ${BREAKS.join(', ')} (test-only), got '${values.break}'`);
  process.exit(2);
}
const seed = wholeNumber(values.seed, 'seed', 1, 0);
const days = wholeNumber(values.days, 'days', 365, 1);
const reportPath = values.report ?? 'soak-report.json';
const reporter = createReporter({});
// Ctrl-C ends the soak after the day under way, so its disk is unmounted and its report written.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    reporter.warn(`soak: ${signal}: stopping after the day under way`);
    stop.abort();
  });

const report = await runSoak({
  root: fileURLToPath(new URL('..', import.meta.url)),
  seed,
  days,
  stubOnly: values['stub-render'],
  noFaults: values['no-faults'],
  breakStep: values.break,
  dir: values.dir,
  signal: stop.signal,
  onDay: (r) => {
    for (const c of r.checks.filter((x) => x.failure)) reporter.warn(`day ${r.day} (${r.date}) [${r.faults.join('; ') || 'no fault'}] ${c.name}: ${c.failure}`);
    if ((r.day + 1) % 30 === 0 || r.day === days - 1) reporter.info(`soak: day ${r.day + 1} of ${days} (${r.date})`);
  },
});
writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
for (const line of summaryLines(report, reportPath)) reporter.info(line);
process.exitCode = stop.signal.aborted ? 130 : report.ok ? 0 : 1;
