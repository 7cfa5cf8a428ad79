/**
 * The pass that makes the mirror's measures of every benchmark, alone, for the benchmark: loads a
 * snapshot's site data as a page does, then makes the measures (src/site/data/bench-measures.ts: each
 * benchmark's verdict on the leaders, its new bests, the rank correlation of every pair of benchmarks
 * sharing enough models, the agreement by tag), and prints one JSON line with that pass's time, CPU
 * and memory. The render makes the same pass on first use; its CPU is part of the build's.
 *
 * Usage: node --expose-gc bench-measures-pass.ts --snapshot PATH
 */
import { parseArgs } from 'node:util';
import { getSiteData } from '../../site/data/site-data.ts';
import { inputOutsideBuild } from '../../site/plan/render-input.ts';

/** What the pass printed, for the report. */
export interface BenchMeasuresPass {
  ms: number;
  cpuMs: number;
  /** The heap the measures keep once made, and the most the process held. */
  heapMb: number;
  peakRssMb: number;
  benchmarks: number;
  /** Benchmarks with each verdict. */
  verdicts: Record<string, number>;
  /** Pairs of benchmarks compared (each counted once), and cells of the tag matrix. */
  pairs: number;
  tagCells: number;
  /** Counting submissions and models with a score on some benchmark: what the pass reads. */
  configurations: number;
}

const { values } = parseArgs({ options: { snapshot: { type: 'string' } }, strict: true });
if (!values.snapshot) {
  console.error('usage: bench-measures-pass.ts --snapshot PATH');
  process.exit(2);
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const data = getSiteData(inputOutsideBuild(values.snapshot, process.env));
gc();
const heapBefore = process.memoryUsage().heapUsed;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const measures = data.benchMeasures();
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
gc();
const verdicts: Record<string, number> = {};
let compared = 0;
for (const b of data.benches) {
  const m = measures.of(b.slug);
  verdicts[m.verdict.verdict] = (verdicts[m.verdict.verdict] ?? 0) + 1;
  compared += m.agreement.compared;
}
const pass: BenchMeasuresPass = {
  ms,
  cpuMs: (cpu.user + cpu.system) / 1000,
  heapMb: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
  benchmarks: data.benches.length,
  verdicts,
  pairs: compared / 2,
  tagCells: measures.tags.cells.length,
  configurations: data.configurations.length,
};
console.log(`BENCH_MEASURES_PASS ${JSON.stringify(pass)}`);
