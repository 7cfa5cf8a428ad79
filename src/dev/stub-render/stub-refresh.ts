/**
 * `npm run refresh` as scripts/refresh.ts runs it, but a build it decides on renders with the stub
 * (stub-render.ts) in place of Astro: for tests of refresh's decisions as a process. Its flags are
 * refresh's. Start it with runScript('../src/dev/stub-render/stub-refresh.ts', ...); the checkout whose
 * code the build stamp hashes is the working folder, as for the real command.
 */
import { refreshCli } from '../../publish/refresh-cli.ts';
import { exitOnSignals } from '../../core/signals.ts';
import { stubRender } from './stub-render.ts';

exitOnSignals();
process.exitCode = await refreshCli(process.argv.slice(2), { render: stubRender() });
