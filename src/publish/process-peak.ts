/**
 * The peak resident memory of this process's children that match a name, from Linux's /proc
 * (VmHWM): Pagefind indexes in a process of its own, whose memory adds to the build's. Zero where
 * /proc does not tell.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { statusPeakKb } from './own-peak.mjs';

/** The ids of this process's children whose name matches, each with its /proc status text. */
function childrenNamed(name: RegExp): { pid: number; status: string }[] {
  const found: { pid: number; status: string }[] = [];
  try {
    for (const task of readdirSync('/proc/self/task')) {
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
        try {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          if (name.test(/^Name:\s*(.*)$/m.exec(status)?.[1] ?? '')) found.push({ pid: Number(pid), status });
        } catch {
          // a child that just ended
        }
      }
    }
  } catch {
    // no /proc: none found
  }
  return found;
}

export const childrenPeakKb = (name: RegExp): number => childrenNamed(name).reduce((n, c) => n + (statusPeakKb(c.status) ?? 0), 0);

/** The process ids of this process's children whose name matches (none where /proc does not tell). */
export const childPids = (name: RegExp): number[] => childrenNamed(name).map((c) => c.pid);

export { ownPeakKb } from './own-peak.mjs';

/**
 * The resident memory (KB) of process `pid` and every process below it, from /proc; 0 where /proc
 * does not tell. Children are read from each process's main thread, which is where Node starts its
 * child processes (Pagefind's 200 threads start none), so a sample reads a few files, not hundreds.
 */
export function treeRssKb(pid: number | 'self' = 'self'): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/^VmRSS:\s*(\d+)\s*kB$/m.exec(status)?.[1] ?? 0);
    const main = pid === 'self' ? process.pid : pid;
    for (const child of readFileSync(`/proc/${main}/task/${main}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) total += treeRssKb(Number(child));
  } catch {
    // a process that just ended: what was found
  }
  return total;
}

/**
 * Samples the memory this process and all it starts hold together, every `everyMs`: the build's
 * real peak, where the sum of each process's own peak is only an upper bound (they peak at
 * different times). `stop` ends the sampling and returns the highest sum seen (KB).
 */
export function sampleTreePeak(everyMs = 100): { stop: () => number } {
  let peak = treeRssKb();
  const timer = setInterval(() => (peak = Math.max(peak, treeRssKb())), everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeRssKb());
    },
  };
}
