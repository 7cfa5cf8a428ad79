/**
 * Test-only: with `MIRROR_TEST_PAUSE_AT=<point>` in the environment, a run prints
 * `MIRROR_TEST_PAUSED <point>` on stderr and blocks right there (synchronously, so nothing else of
 * it runs), letting a test kill the real process at that exact point. Without the variable, as in
 * every real run, it does nothing.
 */
import { writeSync } from 'node:fs';

/** The steps of an atomic replace (src/store/atomic-replace.ts) a test can stop at. */
export const REPLACE_STEPS = ['filled', 'synced', 'renamed'] as const;
export type ReplaceStep = (typeof REPLACE_STEPS)[number];

/**
 * `validate`: the export fetched, not yet validated; `details`: the export stored, the crawl not
 * started; `render`: the site's pages rendered, not yet checked; `swap`: between the two renames of a
 * site swap; `<step>:<kind>`: a step of an atomic replace writing that kind of file (`synced:checkpoint`).
 */
export type PausePoint = 'validate' | 'details' | 'render' | 'swap' | `${ReplaceStep}:${string}`;

/** The marker line a paused run prints. */
export const pauseMarker = (point: PausePoint) => `MIRROR_TEST_PAUSED ${point}`;

/** Blocks for at most a minute, so a test that forgets to kill cannot leave a process behind for long. */
export function pauseForTest(point: PausePoint): void {
  if (process.env.MIRROR_TEST_PAUSE_AT !== point) return;
  writeSync(2, `${pauseMarker(point)}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}

/**
 * Test-only: `MIRROR_TEST_BREAK=<step>` breaks that step on purpose, so a test can show that the soak
 * (src/dev/soak/) notices: `history-drops-day`, a history write that drops the day before the one it
 * adds. Without the variable, as in every real run, nothing is broken.
 */
export const brokenForTest = (step: 'history-drops-day'): boolean => process.env.MIRROR_TEST_BREAK === step;
