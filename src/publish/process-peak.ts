/**
 * The peak resident memory of this process's children that match a name, from Linux's /proc
 * (VmHWM): Pagefind indexes in a process of its own, whose memory adds to the build's. Zero where
 * /proc does not tell.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function childrenPeakKb(name: RegExp): number {
  let total = 0;
  try {
    for (const task of readdirSync('/proc/self/task')) {
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        if (!name.test(/^Name:\s*(.*)$/m.exec(status)?.[1] ?? '')) continue;
        total += Number(/^VmHWM:\s*(\d+)\s*kB$/m.exec(status)?.[1] ?? 0);
      }
    }
  } catch {
    // no /proc, or a child that just ended: what was found
  }
  return total;
}
