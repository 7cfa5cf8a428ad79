/**
 * `npm run preview`: serve the built dist/ on loopback, as a static host would (`/x` redirects to
 * `/x/`, missing pages get 404.html), under SITE_URL's path, and print the address.
 *
 *   npm run preview -- [--dir dist] [--port 4321]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_CODES } from '../src/core/errors.ts';
import { createReporter } from '../src/core/reporter.ts';
import { readSiteSettings } from '../src/site/settings/config.ts';
import { serveStatic } from '../src/publish/static-server.ts';

const USAGE = `Usage: npm run preview -- [--dir dist] [--port 4321]
  --dir DIR   the built site to serve (default dist)
  --port N    port on 127.0.0.1 (default 4321; 0 picks a free one)`;

const reporter = createReporter();

function usage(message: string): never {
  reporter.error(`error: ${message}`);
  reporter.error(USAGE);
  process.exit(EXIT_CODES.usage);
}

let values: { dir?: string; port?: string; help?: boolean };
try {
  ({ values } = parseArgs({ options: { dir: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean' } }, strict: true }));
} catch (err) {
  usage((err as Error).message.split('\n')[0] ?? 'bad flag');
}
if (values.help) {
  reporter.info(USAGE);
  process.exit(0);
}
const dir = values.dir ?? 'dist';
const port = values.port ?? '4321';
if (!/^\d+$/.test(port) || Number(port) > 65_535) usage(`--port takes 0-65535, got ${JSON.stringify(port)}`);
if (!existsSync(join(dir, 'index.html'))) usage(`${dir}/ holds no built site: run npm run build first`);

try {
  const server = await serveStatic({ dir, base: readSiteSettings(process.env).siteUrl.pathname, port: Number(port) });
  reporter.info(`Serving ${dir}/ at ${server.url}`);
  reporter.info('Ctrl-C to stop.');
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  reporter.error(`error: cannot serve ${dir}/ on 127.0.0.1:${port}: ${(err as Error).message} (try --port 0 for any free port)`);
  process.exitCode = 1;
}
