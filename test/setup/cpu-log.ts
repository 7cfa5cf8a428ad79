/**
 * Where a test run's CPU goes, file by file (MIRROR_TEST_CPU_LOG=FILE, an absolute path; unset, nothing): after each
 * test file, one tab-separated line of its path, the CPU its worker spent on it and on the processes it started and
 * waited for (Linux's /proc/self/stat: utime, stime, cutime, cstime), and its wall time, both in ms. The workers keep
 * their process from file to file (isolate: false), so a file's figure is the difference across it. What the global
 * setup builds (the shared fixture sites) is the main process's, not a file's. docs/testing.md reads these logs.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

const log = process.env.MIRROR_TEST_CPU_LOG;

/** This process's CPU and that of its children it has waited for, in ms (clock ticks of 10 ms on Linux). */
function cpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return [11, 12, 13, 14].reduce((ms, i) => ms + Number(fields[i]) * 10, 0);
}

if (log && isAbsolute(log) && process.platform === 'linux') {
  let cpu = 0;
  let wall = 0;
  beforeAll(() => {
    cpu = cpuMs();
    wall = performance.now();
  });
  afterAll(() => {
    const file = relative(process.cwd(), expect.getState().testPath ?? '?');
    appendFileSync(log, `${file}\t${cpuMs() - cpu}\t${Math.round(performance.now() - wall)}\n`);
  });
}
