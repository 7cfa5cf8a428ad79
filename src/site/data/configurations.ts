/** The configurations (rows of `/v1/models`) of a snapshot, in the API's order, with their ranks and path segments. */
import type { ConfigurationRow } from '../../store/read-snapshot.ts';
import { isStale } from '../../store/coverage.ts';
import { assignSegments } from './paths.ts';
import { scoreFormatter, type ScoreText } from '../format/precision.ts';
import { competitionRanks, formatRank } from '../format/ranks.ts';
import type { Configuration } from './types.ts';

export interface ConfigurationsInput {
  /** The rows, cleaned, sorted as the API sorts them. */
  rows: readonly ConfigurationRow[];
  tagsOf: ReadonlyMap<string, string[]>;
  /** When each configuration's per-benchmark detail was fetched, for those the mirror has. */
  detailFetchedAt: ReadonlyMap<string, number>;
  /** The time details are aged against (the snapshot's coverage `asOf`). */
  asOf: number;
}

export function buildConfigurations({ rows, tagsOf, detailFetchedAt, asOf }: ConfigurationsInput): {
  configurations: Configuration[];
  configurationBySlug: Map<string, Configuration>;
  scoreText: ScoreText;
} {
  const segments = assignSegments(rows.map((r) => r.slug));
  const scoreText = scoreFormatter(rows.map((r) => r.supraScore));
  const ranks = competitionRanks(rows.map((r) => r.supraScore));
  const configurations: Configuration[] = rows.map((row, i) => {
    const fetchedAt = detailFetchedAt.get(row.slug);
    return {
      ...row,
      tags: tagsOf.get(row.slug) ?? [],
      hasDetail: fetchedAt !== undefined,
      detail: fetchedAt === undefined ? undefined : { fetchedAt, stale: isStale(fetchedAt, asOf) },
      previousPosition: undefined,
      segment: segments.get(row.slug)!,
      rank: ranks[i]!.rank,
      rankTied: ranks[i]!.tied,
      rankText: formatRank(ranks[i]!),
      scoreText: scoreText(row.supraScore),
      detailFetchedAt: fetchedAt,
      // Set by applyPlan once the models are known (apply-plan.ts).
      hasPage: true,
      href: '',
    };
  });
  return { configurations, configurationBySlug: new Map(configurations.map((c) => [c.slug, c])), scoreText };
}
