/**
 * Drives the extras worker as the build does, for extras-worker.test.ts: starts it on the snapshot
 * of MIRROR_SNAPSHOT_DB, waits until its cards are written, looks whether Pagefind has written
 * anything, and only then says the render has ended. Prints what it saw, and the environment the
 * worker started with, as one line of JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CARD_MANIFEST, startExtras } from '../../src/publish/extras.ts';
import { SEARCH_DIR } from '../../src/publish/search-index.ts';

const [staging, previous] = process.argv.slice(2) as [string, string];
const job = startExtras({ staging, previous });
// The environment the worker (and Pagefind, its child) started with, as the kernel recorded it.
const workerEnv = readFileSync(`/proc/${job.pid}/environ`, 'utf8').split('\0');
let settled = false;
job.done.then(
  () => (settled = true),
  () => (settled = true),
);
const deadline = Date.now() + 60_000;
while (!existsSync(join(staging, CARD_MANIFEST)) && !settled && Date.now() < deadline) await sleep(50);
const cardsWritten = existsSync(join(staging, CARD_MANIFEST));
// Time for a Pagefind that was not waiting to write its index of a few dozen records.
await sleep(1_500);
const searchBeforeRenderEnded = existsSync(join(staging, SEARCH_DIR));
const settledBeforeRenderEnded = settled;
job.renderEnded();
const report = await job.done;
console.log(
  JSON.stringify({
    arenaMax: workerEnv.find((v) => v.startsWith('MALLOC_ARENA_MAX='))?.slice('MALLOC_ARENA_MAX='.length),
    cardsWritten,
    searchBeforeRenderEnded,
    settledBeforeRenderEnded,
    searchAfter: existsSync(join(staging, SEARCH_DIR, 'pagefind-entry.json')),
    report,
  }),
);
