/**
 * `npm run demo`: simulator on loopback with the sample data, two snapshots (so the site has
 * history), the site built into dist/ and served. Ctrl-C stops everything.
 *
 *   npm run demo -- [--port 4321] [--out data/demo/snapshot.db] [--dist dist]
 */
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { createDemo, DEMO_PORT, DEMO_SNAPSHOT } from '../src/dev/demo/create-demo.ts';
import { EXIT_CODES } from '../src/core/errors.ts';
import { createReporter } from '../src/core/reporter.ts';

const USAGE = `Usage: npm run demo -- [flags]
  --port N      port of the preview server (default ${DEMO_PORT}; 0 picks a free one)
  --out PATH    the demo's snapshot file (default ${DEMO_SNAPSHOT}; never data/snapshot.db)
  --dist DIR    where the site is built and served from (default dist)
  --help        this text`;

// The demo uses the public demo key only; a real key in the environment is never needed here.
delete process.env.RANKING_API_KEY;
const reporter = createReporter();

function usage(message: string): never {
  reporter.error(`error: ${message}`);
  reporter.error(USAGE);
  process.exit(EXIT_CODES.usage);
}

let values: { port?: string; out?: string; dist?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { port: { type: 'string' }, out: { type: 'string' }, dist: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  usage((err as Error).message.split('\n')[0] ?? 'bad flag');
}
if (values.help) {
  reporter.info(USAGE);
  process.exit(0);
}
const port = Number(values.port ?? DEMO_PORT);
if (!/^\d+$/.test(values.port ?? String(DEMO_PORT)) || port > 65_535) usage(`--port takes 0-65535, got ${JSON.stringify(values.port)}`);

const demo = createDemo({ out: values.out ?? DEMO_SNAPSHOT, dist: values.dist ?? 'dist', port, reporter, env: process.env });
let serving = false;
let stopping = false;

/** Ends with `code` once the output is flushed, or after half a second if some handle lingers. */
function leave(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 500).unref();
}

/** Ctrl-C or SIGTERM: stop both servers and leave; while serving that is the normal end (exit 0), before it 128 + signal. */
function onSignal(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  reporter.info(serving ? `\n${signal}: stopping the preview server and the simulator` : `\n${signal}: interrupted before the site was served; stopping`);
  const code = serving ? 0 : 128 + constants.signals[signal];
  // Never hang on a server that will not close: two seconds, then leave anyway.
  setTimeout(() => process.exit(code), 2_000).unref();
  void demo.stop().finally(() => leave(code));
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const result = await demo.start();
if (stopping) {
  // the signal handler decides how this ends
} else if (!result.ok) {
  leave(result.code);
} else {
  serving = true;
  reporter.info(`Mirror demo: ${result.url}`);
  reporter.info('Ctrl-C to stop.');
}
