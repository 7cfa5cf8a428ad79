/** `npm run build`: render data/snapshot.db (the bundled sample when it is absent) into dist/. */
import { parseArgs } from 'node:util';
import { buildSite } from '../src/publish/build-site.ts';
import { MirrorError } from '../src/api/errors.ts';
import { DEFAULT_OUT } from '../src/snapshot/snapshot-cli.ts';
import { loadEnv, readHistoryLimit } from '../src/cli/env.ts';
import { createReporter, formatBytes, formatSeconds } from '../src/cli/reporter.ts';
import { exitOnSignals } from '../src/cli/signals.ts';

exitOnSignals();
// The site never needs the key; dropping it here keeps it out of everything the build runs.
delete process.env.RANKING_API_KEY;
const reporter = createReporter();
try {
  const { values } = parseArgs({ options: { snapshot: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const result = await buildSite({
    snapshot: values.snapshot ?? DEFAULT_OUT,
    outDir: values.out ?? 'dist',
    reporter,
    historyLimit: readHistoryLimit(loadEnv()),
  });
  reporter.info(`built ${values.out ?? 'dist'}/: ${result.pages} pages, ${formatBytes(result.bytes)} in ${formatSeconds(result.ms)}`);
} catch (err) {
  if (err instanceof MirrorError) {
    reporter.error(err.toLine());
    reporter.error(`exit ${err.exitCode}: dist/ is untouched`);
    process.exitCode = err.exitCode;
  } else {
    reporter.error(`error: the build failed: ${(err as Error)?.stack ?? String(err)}`);
    reporter.error('exit 1: dist/ is untouched');
    process.exitCode = 1;
  }
}
