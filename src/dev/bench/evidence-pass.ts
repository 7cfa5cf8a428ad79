/**
 * The evidence pass alone, for the benchmark: loads a snapshot's site data as a page does, then
 * makes its evidence (src/site/data/evidence.ts: every configuration's evidence score, the agreement,
 * every model's likely range), and prints one JSON line with that pass's time, CPU and memory.
 * The render does the same pass on first use; its CPU is part of the build's.
 *
 * Usage: node --expose-gc evidence-pass.ts --snapshot PATH
 */
import { parseArgs } from 'node:util';
import { getSiteData } from '../../site/data/site-data.ts';
import { inputOutsideBuild } from '../../site/plan/render-input.ts';

/** What the pass printed, for the report. */
export interface EvidencePass {
  ms: number;
  cpuMs: number;
  /** The heap the evidence keeps once made, and the most the process held while making it. */
  heapMb: number;
  peakRssMb: number;
  configurations: number;
  withEvidence: number;
  spearman: number | null;
  topShared: number;
  models: number;
  modelsWithRange: number;
  /** Models resampled: all with enough evidence, even where the site withholds the ranges (the pass is measured whole). */
  resampledModels: number;
}

const { values } = parseArgs({ options: { snapshot: { type: 'string' } }, strict: true });
if (!values.snapshot) {
  console.error('usage: evidence-pass.ts --snapshot PATH');
  process.exit(2);
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const data = getSiteData(inputOutsideBuild(values.snapshot, process.env), { resampleAnyway: true });
gc();
const heapBefore = process.memoryUsage().heapUsed;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const evidence = data.evidence();
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
gc();
const pass: EvidencePass = {
  ms,
  cpuMs: (cpu.user + cpu.system) / 1000,
  heapMb: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
  configurations: evidence.agreement.configurations,
  withEvidence: evidence.agreement.withEvidence,
  spearman: evidence.agreement.spearman,
  topShared: evidence.agreement.topShared,
  models: data.models.length,
  modelsWithRange: data.models.filter((m) => evidence.model(m).range).length,
  resampledModels: evidence.resampledModels,
};
console.log(`EVIDENCE_PASS ${JSON.stringify(pass)}`);
