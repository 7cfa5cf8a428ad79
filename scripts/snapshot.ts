/** `npm run snapshot`: fetch the export into data/snapshot.db. Exit codes: see README. */
import { snapshotCli } from '../src/snapshot/snapshot-cli.ts';
import { exitOnSignals } from '../src/core/signals.ts';

exitOnSignals();
const { code } = await snapshotCli(process.argv.slice(2));
process.exitCode = code;
