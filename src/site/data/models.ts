/** The models of a snapshot: configurations grouped by `familyTag`, each scored by its best one, in the one model ranking. */
import type { HistoryResult } from './history-pass.ts';
import { assignSegments } from './paths.ts';
import { formatRank } from '../format/ranks.ts';
import { familyName, modelRanks, modelsInOrder } from '../lists/model-ranking.ts';
import type { Configuration, Model, Movement } from './types.ts';

/**
 * The configurations' families, in the order of their best configuration: rows come sorted, so a
 * family's first row is its best, and that order is the one model ranking of the site.
 */
export const familiesOf = <C extends Pick<Configuration, 'familyTag'>>(configurations: readonly C[]) => modelsInOrder(configurations, (c) => c.familyTag);

export { familyName };

function movementOf(past: Pick<HistoryResult, 'previous' | 'hasPrevious'>, familyTag: string, rank: number): Movement {
  if (!past.hasPrevious) return { kind: 'none' };
  if (!past.previous) return { kind: 'incomparable' };
  const prev = past.previous.modelRanks.get(familyTag)?.rank;
  if (prev === undefined) return { kind: 'new' };
  return { kind: prev > rank ? 'up' : prev < rank ? 'down' : 'same', by: Math.abs(prev - rank) };
}

export function buildModels(
  families: ReadonlyMap<string, Configuration[]>,
  past: Pick<HistoryResult, 'previous' | 'hasPrevious'>,
): { models: Model[]; modelByFamily: Map<string, Model>; modelBySegment: Map<string, Model> } {
  const familyTags = [...families.keys()];
  const segments = assignSegments(familyTags);
  const ranks = modelRanks(families, (c) => c.supraScore);
  const models: Model[] = familyTags.map((familyTag, i) => {
    const list = families.get(familyTag)!;
    const ranked = ranks[i]!;
    return {
      familyTag,
      name: familyName(list.map((c) => c.name)),
      rank: ranked.rank,
      best: list[0]!,
      configurations: list,
      tags: [...new Set(list.flatMap((c) => c.tags))],
      movement: movementOf(past, familyTag, ranked.rank),
      segment: segments.get(familyTag)!,
      rankTied: ranked.tied,
      rankText: formatRank(ranked),
      index: i,
      // Set by applyPlan (apply-plan.ts).
      href: '',
      outputs: { page: true, configurationPages: true, feed: true, badge: true, card: true, ownDataFile: true },
    };
  });
  return {
    models,
    modelByFamily: new Map(models.map((m) => [m.familyTag, m])),
    modelBySegment: new Map(models.map((m) => [m.segment, m])),
  };
}
