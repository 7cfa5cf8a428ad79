/** `npm run build`: render data/snapshot.db (the bundled sample when it is absent) into dist/. */
import { buildSite, peakText } from '../src/publish/build-site.ts';
import { failureLines, MirrorError } from '../src/core/errors.ts';
import { parseFlags } from '../src/core/flags.ts';
import { DEFAULT_OUT } from '../src/snapshot/snapshot-cli.ts';
import { loadEnv, readHistoryLimit } from '../src/core/env.ts';
import { createReporter, formatBytes, formatSeconds } from '../src/core/reporter.ts';
import { exitOnSignals } from '../src/core/signals.ts';
import { readDeployTarget } from '../src/publish/build-plan.ts';
import { DEPLOY_TARGETS } from '../src/site/plan/hosts.ts';

const USAGE = `Usage: npm run build -- [flags]
  --snapshot PATH   the snapshot to render (default ${DEFAULT_OUT}; the bundled sample is loaded into it when it is missing)
  --out DIR         where the site goes (default dist): a folder that is missing, empty, or holds a previous build of this site
  --target HOST     the host the site is built for, within its limits (default DEPLOY_TARGET; unset renders everything):
                    ${DEPLOY_TARGETS.join(', ')}
  --new-history     publish this snapshot's history even over a longer one published now (the previous
                    site's, or the live one at STATE_URL or SITE_URL); without it such a build is refused
  --quiet           print only the stage lines, warnings and failures: no other line, no progress
  --help            this text`;

exitOnSignals();
// The site never needs the key; dropping it here keeps it out of everything the build runs.
delete process.env.RANKING_API_KEY;
let reporter = createReporter();
let outDir = 'dist';
try {
  const values = parseFlags(
    process.argv.slice(2),
    {
      snapshot: { type: 'string' },
      out: { type: 'string' },
      target: { type: 'string' },
      'new-history': { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    'npm run build',
  );
  if (values.quiet) reporter = createReporter({ quiet: true });
  outDir = values.out ?? outDir;
  if (values.snapshot === '') throw new MirrorError('usage', '--snapshot is empty', { hint: `name the snapshot file, for example --snapshot ${DEFAULT_OUT}` });
  if (values.help) reporter.info(USAGE);
  else {
    const env = loadEnv();
    const target = readDeployTarget(values.target, env);
    const result = await buildSite({
      snapshot: values.snapshot ?? DEFAULT_OUT,
      outDir,
      reporter,
      historyLimit: readHistoryLimit(env),
      target,
      newHistory: values['new-history'],
    });
    reporter.info(`built ${outDir}/: ${result.pages} pages, ${formatBytes(result.bytes)} in ${formatSeconds(result.ms)}${peakText(result)}`);
    // The last lines: the site against its target's limits, or which targets it fits.
    for (const line of result.summary) reporter.info(line);
  }
} catch (err) {
  // One line: what happened and what to do; a usage error changed nothing, any other left the site as it was.
  const failure = failureLines(err, 'the build', `${outDir}/ is untouched`);
  for (const line of failure.lines) reporter.error(line);
  process.exitCode = failure.code;
}
