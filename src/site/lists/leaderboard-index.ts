/**
 * The compact index the leaderboard's script filters and sorts in the browser
 * (`/data/leaderboard.json`): arrays instead of objects, and strings listed once.
 */
import type { PagesKept } from '../links/links.ts';
import type { Model, Movement, SiteData } from '../data/site-data.ts';

/**
 * [model rank, name, familyTag, best slug, provider index, supraScore, benchCount, tag indexes,
 * configurations as [slug, name, supraScore, path segment, supraScore as shown], movement,
 * model path segment, model rank as shown ("=5" when shared), supraScore as shown]
 */
export type IndexModel = [
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  number[],
  [string, string, number, string, string][],
  string,
  string,
  string,
  string,
];

export interface LeaderboardIndex {
  providers: string[];
  tags: string[];
  /** The path segment of each tag in `tags`, same order. */
  tagSegments: string[];
  models: IndexModel[];
  /** How many of the best models have a page, and pages for their configurations (the build's plan). */
  kept: PagesKept;
}

/** `+3`, `-2`, `=` (same), `new`, or `` (nothing to compare with). */
export function encodeMovement(m: Movement): string {
  switch (m.kind) {
    case 'up':
      return `+${m.by}`;
    case 'down':
      return `-${m.by}`;
    case 'same':
      return '=';
    case 'new':
      return 'new';
    default:
      return '';
  }
}

export function buildLeaderboardIndex(models: readonly Model[], tagSegment: (tag: string) => string, kept: PagesKept): LeaderboardIndex {
  const providers: string[] = [];
  const providerIndex = new Map<string, number>();
  const tags: string[] = [];
  const tagIndex = new Map<string, number>();
  const indexOf = (map: Map<string, number>, list: string[], value: string) => {
    let i = map.get(value);
    if (i === undefined) {
      i = list.push(value) - 1;
      map.set(value, i);
    }
    return i;
  };
  const rows = models.map((m): IndexModel => [
    m.rank,
    m.name,
    m.familyTag,
    m.best.slug,
    indexOf(providerIndex, providers, m.best.provider),
    m.best.supraScore,
    m.best.benchCount,
    m.tags.map((t) => indexOf(tagIndex, tags, t)),
    m.configurations.map((c) => [c.slug, c.name, c.supraScore, c.segment, c.scoreText]),
    encodeMovement(m.movement),
    m.segment,
    m.rankText,
    m.best.scoreText,
  ]);
  return { providers, tags, tagSegments: tags.map(tagSegment), models: rows, kept };
}

const built = new WeakMap<SiteData, LeaderboardIndex>();

/** The index of this build's models, made once: every leaderboard page and the download share it. */
export function leaderboardIndexOf(data: SiteData): LeaderboardIndex {
  let index = built.get(data);
  if (!index) {
    const { modelPages, configurationPages } = data.plan.keep;
    index = buildLeaderboardIndex(data.models, (tag) => data.tagByName.get(tag)!.segment, { modelPages, configurationPages });
    built.set(data, index);
  }
  return index;
}
