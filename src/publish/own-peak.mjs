// A process's own peak resident memory, KB: VmHWM on Linux. `process.resourceUsage().maxRSS` is
// kept across exec, so a process forked from a larger one (the build's render and extras worker,
// forked by the build holding its data; each stage the bench starts, forked by the bench holding a
// whole export) would report that one's size as its own. Plain JavaScript: the render process and
// the bench's hook load it without a TypeScript loader.
import { readFileSync } from 'node:fs';

/**
 * The peak resident memory (KB) in the text of a /proc/PID/status file, or undefined.
 * @param {string} status
 * @returns {number | undefined}
 */
export function statusPeakKb(status) {
  const hwm = /^VmHWM:\s*(\d+)\s*kB$/m.exec(status)?.[1];
  return hwm === undefined ? undefined : Number(hwm);
}

/** @returns {number} */
export function ownPeakKb() {
  try {
    const hwm = statusPeakKb(readFileSync('/proc/self/status', 'utf8'));
    if (hwm !== undefined) return hwm;
  } catch {
    // no /proc: the portable figure below
  }
  return process.resourceUsage().maxRSS;
}
