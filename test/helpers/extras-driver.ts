/**
 * Drives the extras worker as the build does, for extras-worker.test.ts: starts it on the snapshot
 * file it is given, with everything in it, with Pagefind allowed beside the render up to `max` records, and watches,
 * every 50 ms, whether the worker still runs and whether Pagefind has written anything. It says
 * the render has ended only once the worker has ended and a Pagefind that was not waiting has had
 * time to write an index of a few dozen records (`waitMs`, or until the job settles). Prints what
 * it saw, how long the job took to settle after the worker ended, and the environment the worker
 * started with, as one line of JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CARD_MANIFEST, startExtras } from '../../src/publish/extras.ts';
import { SEARCH_DIR } from '../../src/publish/search-index.ts';

const [staging, previous, snapshot, max, waitMs = '10000'] = process.argv.slice(2) as [string, string, string, string, string?];
const priorityAtStart = getPriority();
const job = startExtras({ staging, previous, input: { snapshot, plan: undefined } }, { searchBesideRenderMax: Number(max) });
// The environment the worker started with, as the kernel recorded it.
const workerEnv = readFileSync(`/proc/${job.pid}/environ`, 'utf8').split('\0');
let settled = false;
job.done.then(
  () => (settled = true),
  () => (settled = true),
);
const searchWritten = () => existsSync(join(staging, SEARCH_DIR, 'pagefind-entry.json'));
const workerRuns = () => existsSync(`/proc/${job.pid}`);
let searchWhileWorkerRan = false;
const watch = async (until: () => boolean, ms: number) => {
  for (const deadline = Date.now() + ms; !until() && Date.now() < deadline; await sleep(50)) {
    if (workerRuns() && existsSync(join(staging, SEARCH_DIR))) searchWhileWorkerRan = true;
  }
};
await watch(() => !workerRuns(), 60_000);
const cardsWritten = existsSync(join(staging, CARD_MANIFEST));
const workerEnded = !workerRuns();
const endedAt = performance.now();
await watch(() => settled, Number(waitMs));
const settledAfterWorkerMs = settled ? performance.now() - endedAt : undefined;
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
    workerEnded,
    searchWhileWorkerRan,
    searchBeforeRenderEnded,
    settledBeforeRenderEnded,
    priorityAtStart,
    priorityBeforeRenderEnded,
    searchAfter: searchWritten(),
    settledAfterWorkerMs,
    report,
  }),
);
