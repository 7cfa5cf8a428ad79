/**
 * For tests that kill a run inside a chosen window (a real SIGKILL, not a simulated one):
 * `MIRROR_TEST_PAUSE_AT=<point>` prints `MIRROR_TEST_PAUSED <point>` on stderr and blocks there
 * for good. Unset, as in every real run, it does nothing.
 */
import { writeSync } from 'node:fs';

export function pauseForTest(point: 'store' | 'details'): void {
  if (process.env.MIRROR_TEST_PAUSE_AT !== point) return;
  writeSync(2, `MIRROR_TEST_PAUSED ${point}\n`);
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (;;) Atomics.wait(cell, 0, 0);
}
