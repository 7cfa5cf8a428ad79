/** Each tag's measured ranking: models by their effectiveWeight-weighted counting scores on the tag's benchmarks (the mirror's own figure). */
import { measureSums, pickMeasurement, rankMeasured, tagWeights, type Measurement } from './tag-measurement.ts';
import { scoreFormatter } from '../format/precision.ts';
import { recent } from './group-by.ts';
import type { ScoreIndex } from './scores.ts';
import type { MeasuredModel, Model, Tag, TagMeasurement } from './types.ts';

/** Tags whose measured ranking stays made (Astro renders 4 pages at a time). */
const MEASUREMENTS_KEPT = 8;

export function buildMeasured(
  tagByName: ReadonlyMap<string, Tag>,
  scores: ScoreIndex,
  modelByFamily: ReadonlyMap<string, Model>,
): (tag: string) => TagMeasurement {
  // Kept for the last few tags only: a tag's pages are rendered together, and at 50,000 configurations
  // the measurements of all 800 tags held most of the render's heap.
  return recent((tagName: string): TagMeasurement => {
    const tag = tagByName.get(tagName)!;
    const weights = tagWeights(tag.benchList);
    const candidates = new Map<string, { item: MeasuredModel; measurement: Measurement }[]>();
    // Only configurations with a score on one of the tag's benchmarks can be measured.
    for (const [configuration, sums] of scores.sumsByConfiguration(tag.benchList.map((b) => b.slug))) {
      const measurement = measureSums(weights, sums);
      if (!measurement) continue;
      const list = candidates.get(configuration.familyTag) ?? [];
      list.push({ item: { model: modelByFamily.get(configuration.familyTag)!, configuration }, measurement });
      candidates.set(configuration.familyTag, list);
    }
    const picked = [...candidates.values()].map((list) => pickMeasurement(list)!);
    const ranking = rankMeasured(picked, (a, b) => a.model.index - b.model.index);
    return { ...ranking, weights, valueText: scoreFormatter(picked.map((p) => p.measurement.value)) };
  }, MEASUREMENTS_KEPT);
}
