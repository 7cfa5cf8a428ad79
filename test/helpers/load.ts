/**
 * The load that made tests fail on a busy CI machine, on purpose: `count` processes that each keep a
 * core busy, bounded in time (each ends itself after `maxMs` whatever happens) and in count, ended
 * as soon as the test is done with them.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export async function underLoad<T>(run: () => Promise<T>, { count = 1, maxMs = 300_000 } = {}): Promise<T> {
  const busy: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', `const end = Date.now() + ${maxMs}; while (Date.now() < end);`], { stdio: 'ignore' }),
  );
  try {
    // Started, not merely spawned: the load is there before the test's own work begins.
    await Promise.all(busy.map((child) => new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject))));
    return await run();
  } finally {
    for (const child of busy) child.kill('SIGKILL');
  }
}
