/**
 * Drives the extras worker as the build does, for extras-worker.test.ts: starts it on the snapshot
 * file it is given with Pagefind allowed beside the render up to `max` records, and watches,
 * every 50 ms, whether the search index appears while the worker still runs. Once the worker has
 * ended (and the job has had a turn of the event loop to act on it), it waits for the job to settle
 * when `expect` is `beside` (bounded by a hang guard), and not at all when it is `after`; only then
 * does it say the render has ended. Prints what it saw, and the environment the worker started
 * with, as one line of JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { CARD_MANIFEST, startExtras } from '../../src/publish/extras.ts';
import { SEARCH_DIR } from '../../src/publish/search-index.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';

const [staging, previous, snapshot, max, expected] = process.argv.slice(2) as [string, string, string, string, 'beside' | 'after'];
const priorityAtStart = getPriority();
const job = startExtras({ staging, previous, input: inputOutsideBuild(snapshot, {}) }, { searchBesideRenderMax: Number(max) });
// The environment the worker started with, as the kernel recorded it.
const workerEnv = readFileSync(`/proc/${job.pid}/environ`, 'utf8').split('\0');
let settled = false;
const settles = job.done.then(
  () => (settled = true),
  () => (settled = true),
);
const searchWritten = () => existsSync(join(staging, SEARCH_DIR, 'pagefind-entry.json'));
let workerRuns = true;
let searchWhileWorkerRan = false;
const ended = job.workerEnded.then(() => (workerRuns = false));
while (workerRuns) {
  if (existsSync(join(staging, SEARCH_DIR))) searchWhileWorkerRan = true;
  await Promise.race([ended, sleep(50)]);
}
const cardsWritten = existsSync(join(staging, CARD_MANIFEST));
await nextTurn();
// A hang guard, far above what an index of a few dozen records takes: a job that waits for the render never settles here.
if (expected === 'beside') await Promise.race([settles, sleep(60_000, undefined, { ref: false })]);
const searchBeforeRenderEnded = searchWritten();
// Pagefind inherits this process's priority, lowered when it starts beside the render.
const priorityBeforeRenderEnded = getPriority();
const settledBeforeRenderEnded = settled;
job.renderEnded();
const report = await job.done;
console.log(
  JSON.stringify({
    arenaMax: workerEnv.find((v) => v.startsWith('MALLOC_ARENA_MAX='))?.slice('MALLOC_ARENA_MAX='.length),
    cardsWritten,
    workerEnded: !workerRuns,
    searchWhileWorkerRan,
    searchBeforeRenderEnded,
    settledBeforeRenderEnded,
    priorityAtStart,
    priorityBeforeRenderEnded,
    searchAfter: searchWritten(),
    report,
  }),
);
