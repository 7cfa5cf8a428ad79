/**
 * `npm run doctor`: whether a scheduled run would succeed, one line per check with what to do, and
 * an exit code the workflow runs it by (0: it would; else the code the run would end with).
 */
import { writeFileSync } from 'node:fs';
import { failureLines } from '../src/core/errors.ts';
import { parseFlags } from '../src/core/flags.ts';
import { createRedactor } from '../src/core/redact.ts';
import { createReporter } from '../src/core/reporter.ts';
import { checkDependencies, checkNode } from '../src/publish/doctor/installed.ts';
import { closingLine, doctorCode, verdictLine, type Verdict } from '../src/publish/doctor/verdict.ts';

const USAGE = `Usage: npm run doctor -- [flags]
  --online          also ask the API once, with the key: GET /v1/models?limit=1, one request of its monthly quota
  --snapshot PATH   the snapshot file a run uses (default data/snapshot.db)
  --dist DIR        the site folder a run replaces (default dist)
  --target HOST     the deploy target (default DEPLOY_TARGET)
  --report PATH     also write the checks as JSON (for the workflow's job summary)
  --help            this text
Exit 0 when a scheduled run would succeed; else the code it would end with (docs/commands.md#exit-codes).`;

let reporter = createReporter();
/** The key, wherever it was read from: no line and no report may hold it. */
let secrets: string[] = [];
try {
  const values = parseFlags(
    process.argv.slice(2),
    {
      online: { type: 'boolean' },
      snapshot: { type: 'string' },
      dist: { type: 'string' },
      target: { type: 'string' },
      report: { type: 'string' },
      help: { type: 'boolean' },
    },
    'npm run doctor',
  );
  if (values.help) {
    reporter.info(USAGE);
    process.exit(0);
  }
  const root = process.cwd();
  const verdicts: Verdict[] = [checkNode(root), checkDependencies(root)];
  // The other checks load the packages: with any missing, they could not say a word.
  if (doctorCode(verdicts) === 0) {
    const { loadEnv } = await import('../src/core/env.ts');
    const { runDoctor } = await import('../src/publish/doctor/run-doctor.ts');
    const { DEFAULT_OUT } = await import('../src/snapshot/output-path.ts');
    const env = loadEnv();
    const key = env.RANKING_API_KEY?.trim();
    secrets = key ? [key] : [];
    reporter = createReporter({ secrets });
    verdicts.push(
      ...(await runDoctor({
        env,
        siteEnv: process.env,
        snapshot: values.snapshot ?? DEFAULT_OUT,
        dist: values.dist ?? 'dist',
        target: values.target,
        online: Boolean(values.online),
      })),
    );
  }
  for (const v of verdicts) reporter.info(verdictLine(v));
  reporter.info(closingLine(verdicts));
  const code = doctorCode(verdicts);
  if (values.report) {
    // Through the redactor, as every line: what a server said may be in a check's words.
    writeFileSync(values.report, `${createRedactor(secrets)(JSON.stringify({ code, checks: verdicts }, null, 2))}\n`);
  }
  process.exitCode = code;
} catch (err) {
  const failure = failureLines(err, 'the doctor', 'it changes nothing');
  for (const line of failure.lines) reporter.error(line);
  process.exitCode = failure.code;
}
