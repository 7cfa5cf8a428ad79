/**
 * `npm run build` as scripts/build.ts runs it, but with the stub renderer (stub-render.ts) in place
 * of Astro: for tests that run a build as a process to kill it or fill its disk, and need a real
 * build around the render, not the render. Flags: --snapshot PATH, --out DIR, --target HOST, --new-history, --say-start (the
 * render says whether the published snapshot file was made when it started), --quiet (as build's), --hold (the
 * render writes its pages, prints STUB_RENDER_HOLDING and waits to be killed), and --model-page-bytes N and
 * --index-bytes N (model pages and the leaderboard's first page that many bytes each: heavier than the plan's weights say). Start it with
 * runScript('../src/dev/stub-render/stub-build.ts', ...) or startScript.
 */
import { parseArgs } from 'node:util';
import { buildSite, peakText } from '../../publish/build-site.ts';
import { readDeployTarget } from '../../publish/build-plan.ts';
import { failureLines } from '../../core/errors.ts';
import { loadEnv, readHistoryLimit } from '../../core/env.ts';
import { createReporter, formatBytes, formatSeconds } from '../../core/reporter.ts';
import { exitOnSignals } from '../../core/signals.ts';
import { stubRender } from './stub-render.ts';

const { values } = parseArgs({
  options: {
    snapshot: { type: 'string' },
    out: { type: 'string' },
    target: { type: 'string' },
    hold: { type: 'boolean' },
    'say-start': { type: 'boolean' },
    'new-history': { type: 'boolean' },
    quiet: { type: 'boolean' },
    'model-page-bytes': { type: 'string' },
    'index-bytes': { type: 'string' },
  },
  strict: true,
});
exitOnSignals();
delete process.env.RANKING_API_KEY;
const reporter = createReporter({ quiet: values.quiet });
const outDir = values.out ?? 'dist';
try {
  const render = stubRender({
    hold: values.hold,
    sayStart: values['say-start'],
    modelPageBytes: Number(values['model-page-bytes'] ?? 0),
    indexBytes: Number(values['index-bytes'] ?? 0),
  });
  const env = loadEnv();
  const target = readDeployTarget(values.target, env);
  const result = await buildSite({
    snapshot: values.snapshot ?? 'data/snapshot.db',
    outDir,
    reporter,
    historyLimit: readHistoryLimit(env),
    target,
    render,
    newHistory: values['new-history'],
  });
  reporter.info(`built ${outDir}/: ${result.pages} pages, ${formatBytes(result.bytes)} in ${formatSeconds(result.ms)}${peakText(result)}`);
} catch (err) {
  // As scripts/build.ts ends: one line for a failure the mirror explains, else the line and the stack.
  const failure = failureLines(err, 'the build', `${outDir}/ is untouched`);
  for (const line of failure.lines) reporter.error(line);
  process.exitCode = failure.code;
}
