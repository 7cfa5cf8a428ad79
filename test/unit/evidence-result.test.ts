/** The bench's report of the evidence pass: its own printed figures beside the build's render and extras CPU. */
import { describe, expect, it } from 'vitest';
import { evidenceLine, evidenceResultOf } from '../../src/dev/bench/evidence-result.ts';

const pass = {
  ms: 1234,
  cpuMs: 1500,
  heapMb: 42.4,
  peakRssMb: 610,
  configurations: 10_000,
  withEvidence: 9_990,
  spearman: 0.9312,
  topShared: 9,
  models: 5_900,
  modelsWithRange: 5_800,
  resampledModels: 5_800,
};
const build = 'render      21.10 s  (Astro 23.50 s CPU, peak 540 MB)\nextras       7.20 s  (… worker 9.10 s, 6.50 s CPU, peak 230 MB)';

describe('the evidence pass in the bench report', () => {
  it('reads what the pass printed and the CPU the build spent, and says the share', () => {
    const result = evidenceResultOf(`noise\nEVIDENCE_PASS ${JSON.stringify(pass)}\n`, build)!;
    expect(result).toEqual({ ...pass, buildCpuMs: 30_000 });
    expect(evidenceLine(result)).toBe(
      "evidence pass with details: 1.23 s, 1.50 s CPU (5.0 % of the build's render and extras CPU, 30.0 s), keeps 42 MB of heap, process peak 610 MB; evidence scores for 9990 of 10000 configurations, rank correlation with supraScore 0.931, 9 of the top 10 shared, likely ranges for 5800 of 5900 models",
    );
  });

  it('says when the ranges were withheld and resampled only to measure the pass', () => {
    const withheld = evidenceResultOf(`EVIDENCE_PASS ${JSON.stringify({ ...pass, spearman: 0.586, modelsWithRange: 0 })}`, build)!;
    expect(evidenceLine(withheld)).toMatch(
      /rank correlation with supraScore 0\.586, 9 of the top 10 shared, likely ranges withheld on this field \(the 5800 models with enough evidence resampled all the same, to measure the pass whole\)$/,
    );
  });

  it('reports nothing without the pass’s line, and no share without the build’s', () => {
    expect(evidenceResultOf('it crashed', build)).toBeUndefined();
    expect(evidenceResultOf(`EVIDENCE_PASS ${JSON.stringify(pass)}`, 'no lines')!.buildCpuMs).toBeUndefined();
  });
});
