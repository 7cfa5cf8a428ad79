/** `npm run refresh`: snapshot, then build only when something changed. Exit codes: see README. */
import { refreshCli } from '../src/build/refresh.ts';
import { exitOnSignals } from '../src/snapshot/signals.ts';

exitOnSignals();
process.exitCode = await refreshCli(process.argv.slice(2));
