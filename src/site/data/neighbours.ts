/** Each model with the one just below it: at most two pre-rendered comparisons per model page, one page per pair. */
import { assignSegments, pairKey } from './paths.ts';
import { compareText } from './group-by.ts';
import type { Comparison, Model } from './types.ts';

export function buildComparisons(models: readonly Model[]): Comparison[] {
  const segments = assignSegments(models.slice(1).map((m, i) => pairKey(models[i]!.segment, m.segment)));
  return models.slice(1).map((m, i) => {
    const above = models[i]!;
    const ordered: [Model, Model] = compareText(above.segment, m.segment) <= 0 ? [above, m] : [m, above];
    return { segment: segments.get(pairKey(above.segment, m.segment))!, models: ordered };
  });
}
