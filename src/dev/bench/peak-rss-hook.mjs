// Loaded with `node --import` into every measured process: on exit, writes the process's peak
// resident set size (VmHWM on Linux, else process.resourceUsage().maxRSS; in KB) as JSON to the file named by
// BENCH_PEAK_RSS_FILE. Plain JavaScript, so it loads before anything else. On Linux it also
// records the peak of child processes still running at exit (esbuild's service), which maxRSS
// does not include.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ownPeakKb, statusPeakKb } from '../../publish/own-peak.mjs';

const target = process.env.BENCH_PEAK_RSS_FILE;
// Nothing this process starts may overwrite the figure.
delete process.env.BENCH_PEAK_RSS_FILE;

/** @returns {{ pid: number, name: string, peakKb: number }[]} */
function childPeaks() {
  if (process.platform !== 'linux') return [];
  const peaks = [];
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const pids = readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      for (const pid of pids) {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const name = /^Name:\s*(.*)$/m.exec(status)?.[1] ?? '?';
        const peakKb = statusPeakKb(status);
        if (peakKb) peaks.push({ pid: Number(pid), name, peakKb });
      }
    }
  } catch {
    // /proc without `children` files, or a child that just ended: report what was found
  }
  return peaks;
}

if (target) {
  process.on('exit', () => {
    try {
      writeFileSync(target, JSON.stringify({ maxRssKb: ownPeakKb(), children: childPeaks() }));
    } catch {
      // the benchmark reports an unknown peak
    }
  });
}
