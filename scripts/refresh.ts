/** `npm run refresh`: snapshot, then build only when something changed. Exit codes: see README. */
import { refreshCli } from '../src/publish/refresh-cli.ts';
import { exitOnSignals } from '../src/core/signals.ts';

exitOnSignals();
process.exitCode = await refreshCli(process.argv.slice(2));
