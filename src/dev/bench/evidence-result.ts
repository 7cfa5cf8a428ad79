/**
 * The evidence pass as the benchmark reports it: what evidence-pass.ts printed, beside the CPU the
 * build with details spent rendering and on its extras (their own lines), whose render includes the pass.
 */
import type { EvidencePass } from './evidence-pass.ts';

export interface EvidenceResult extends EvidencePass {
  /** CPU of the build with details' render and extras worker, as their lines print it; undefined where they did not. */
  buildCpuMs: number | undefined;
}

/** The pass's figures from its output, and the build's CPU from the build's; undefined when the pass printed none. */
export function evidenceResultOf(passOutput: string, buildOutput: string): EvidenceResult | undefined {
  const line = /EVIDENCE_PASS (\{.*\})/.exec(passOutput)?.[1];
  if (!line) return undefined;
  const render = /render\s+[\d.]+ s\s+\(Astro ([\d.]+) s CPU/.exec(buildOutput)?.[1];
  const worker = /worker [\d.]+ s, ([\d.]+) s CPU/.exec(buildOutput)?.[1];
  const buildCpuMs = render && worker ? (Number(render) + Number(worker)) * 1000 : undefined;
  return { ...(JSON.parse(line) as EvidencePass), buildCpuMs };
}

/** One line of the report: the pass's time, CPU and memory, its share of the build's CPU, and what it found. */
export function evidenceLine(e: EvidenceResult): string {
  const share = e.buildCpuMs
    ? ` (${((100 * e.cpuMs) / e.buildCpuMs).toFixed(1)} % of the build's render and extras CPU, ${(e.buildCpuMs / 1000).toFixed(1)} s)`
    : '';
  const rho = e.spearman === null ? 'not measured' : e.spearman.toFixed(3);
  return `evidence pass with details: ${(e.ms / 1000).toFixed(2)} s, ${(e.cpuMs / 1000).toFixed(2)} s CPU${share}, keeps ${e.heapMb.toFixed(0)} MB of heap, process peak ${e.peakRssMb.toFixed(0)} MB; evidence scores for ${e.withEvidence} of ${e.configurations} configurations, rank correlation with supraScore ${rho}, ${e.topShared} of the top 10 shared, ${e.modelsWithRange === e.resampledModels ? `likely ranges for ${e.modelsWithRange} of ${e.models} models` : `likely ranges withheld on this field (the ${e.resampledModels} models with enough evidence resampled all the same, to measure the pass whole)`}`;
}
