/**
 * `npm run job-summary`: what a refresh did, as Markdown on stdout, for the workflow's job summary.
 *
 *   npm run job-summary --silent -- --code N [--report PATH] [--doctor PATH] [--snapshot data/snapshot.db] [--dist dist]
 */
import { readStaleAfterHours } from '../src/site/settings/staleness.ts';
import { parseArgs } from 'node:util';
import { EXIT_CODES } from '../src/core/errors.ts';
import { createReporter } from '../src/core/reporter.ts';
import { jobSummary } from '../src/publish/job-summary.ts';
import { readDoctorReport } from '../src/publish/doctor/verdict.ts';
import { readRunReport } from '../src/snapshot/run-report.ts';
import { DEFAULT_OUT } from '../src/snapshot/output-path.ts';

const USAGE = `Usage: npm run job-summary --silent -- --code N [flags]
  --code N          the exit code of the refresh step
  --report PATH     the report the refresh wrote with --report
  --snapshot PATH   the snapshot file (default ${DEFAULT_OUT})
  --dist DIR        the built site (default dist)
  --doctor PATH     the report npm run doctor wrote with --report: its table is shown on a failed run`;

// The summary is the workflow's output, not the tool's: it holds no key (the refresh step alone has it).
delete process.env.RANKING_API_KEY;
const reporter = createReporter();
let values: { code?: string; report?: string; snapshot?: string; dist?: string; doctor?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      code: { type: 'string' },
      report: { type: 'string' },
      snapshot: { type: 'string' },
      dist: { type: 'string' },
      doctor: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (err) {
  reporter.error(`error: ${(err as Error).message.split('\n')[0]}`);
  reporter.error(USAGE);
  process.exit(EXIT_CODES.usage);
}
if (values.help) {
  reporter.info(USAGE);
  process.exit(0);
}
if (!values.code || !/^\d+$/.test(values.code)) {
  reporter.error('error: --code takes the exit code of the refresh step');
  process.exit(EXIT_CODES.usage);
}
process.stdout.write(
  jobSummary({
    code: Number(values.code),
    report: values.report ? readRunReport(values.report) : undefined,
    snapshot: values.snapshot ?? DEFAULT_OUT,
    dist: values.dist ?? 'dist',
    doctor: values.doctor ? readDoctorReport(values.doctor) : undefined,
    staleAfterHours: readStaleAfterHours(process.env),
  }),
);
