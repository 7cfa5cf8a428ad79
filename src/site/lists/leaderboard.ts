/**
 * The leaderboard as a list (list-spec.ts): one row per model, by model rank. Its index
 * (`/data/leaderboard.json`) holds a record per model in `LEADERBOARD_TUPLE`'s order with providers
 * and tags listed once; `leaderboardRows` reads it back into the rows its pages and its script draw.
 */
import type { Model } from '../data/types.ts';
import { compareHref, configurationAddress, leaderboardHref, leaderboardRowId, modelAddress, providerHref, tagHref, type PagesKept } from '../links/links.ts';
import { StringTable, tupleLayout, type TupleOf } from './index-tuples.ts';
import { byNumber, byText, type BaseView, type ListSpec } from './list-spec.ts';
import { encodeMovement, movementView, type MovementView } from './movement.ts';
import { LEADERBOARD_PAGE_SIZE } from './pagination.ts';
import type { LikelyRange } from '../evidence/ranges.ts';

const likelyPair = (range: LikelyRange | undefined): [number, number] | null => (range ? [range.low, range.high] : null);

/** A configuration of a model, as the index holds it. */
export interface ConfigurationRecord {
  slug: string;
  name: string;
  supraScore: number;
  /** Its page's path segment. */
  segment: string;
  /** supraScore with the digits that tell it apart. */
  scoreText: string;
}

/** A model, as the index holds it. */
export interface LeaderboardRecord {
  rank: number;
  name: string;
  familyTag: string;
  /** Its best configuration's slug. */
  best: string;
  /** Its position in `providers`. */
  provider: number;
  supraScore: number;
  benchCount: number;
  /** Their positions in `tags`. */
  tags: number[];
  configurations: TupleOf<typeof CONFIGURATION_TUPLE>[];
  /** As encodeMovement writes it. */
  movement: string;
  segment: string;
  /** "5", or "=5" when shared. */
  rankText: string;
  scoreText: string;
  /** Its likely model rank, [low, high] (the mirror's computation, src/site/evidence/field-ranges.ts), or null without one. */
  likely: [number, number] | null;
  /** 1 where the evidence cannot tell it from the model ranked just above it, with the whole table at once; else 0. */
  tied: number;
}

export const CONFIGURATION_TUPLE = tupleLayout<ConfigurationRecord>()(['slug', 'name', 'supraScore', 'segment', 'scoreText']);
export const LEADERBOARD_TUPLE = tupleLayout<LeaderboardRecord>()([
  'rank',
  'name',
  'familyTag',
  'best',
  'provider',
  'supraScore',
  'benchCount',
  'tags',
  'configurations',
  'movement',
  'segment',
  'rankText',
  'scoreText',
  'likely',
  'tied',
]);
export type IndexModel = TupleOf<typeof LEADERBOARD_TUPLE>;

export interface LeaderboardIndex {
  providers: string[];
  tags: string[];
  /** The path segment of each tag in `tags`, same order. */
  tagSegments: string[];
  /** The path segment of each provider's page (`/providers/{segment}/`), as `providers` orders them. */
  providerSegments: string[];
  /** In model rank order. */
  models: IndexModel[];
  /** How many of the best models have a page, and pages for their configurations (the build's plan). */
  kept: PagesKept;
}

export function buildLeaderboardIndex(
  models: readonly Model[],
  segments: { tag: (tag: string) => string; provider: (provider: string) => string },
  kept: PagesKept,
  evidenceOf: (model: Model) => { range?: LikelyRange | undefined; tiedAbove?: boolean | undefined } = () => ({}),
): LeaderboardIndex {
  const providers = new StringTable();
  const tags = new StringTable();
  const records = models.map((m) =>
    LEADERBOARD_TUPLE.encode({
      rank: m.rank,
      name: m.name,
      familyTag: m.familyTag,
      best: m.best.slug,
      provider: providers.id(m.best.provider),
      supraScore: m.best.supraScore,
      benchCount: m.best.benchCount,
      tags: m.tags.map(tags.id),
      configurations: m.configurations.map(CONFIGURATION_TUPLE.encode),
      movement: encodeMovement(m.movement),
      segment: m.segment,
      rankText: m.rankText,
      scoreText: m.best.scoreText,
      likely: likelyPair(evidenceOf(m).range),
      tied: evidenceOf(m).tiedAbove ? 1 : 0,
    }),
  );
  return {
    providers: providers.list,
    providerSegments: providers.list.map(segments.provider),
    tags: tags.list,
    tagSegments: tags.list.map(segments.tag),
    models: records,
    kept,
  };
}

/** A link to a page, named. */
export interface NamedLink {
  name: string;
  href: string;
}

/** A model as a row of the leaderboard, with its links resolved for this build's plan. */
export interface LeaderboardRow {
  /** The row's id, which a model without a page of its own is linked to. */
  id: string;
  rank: number;
  rankText: string;
  movement: MovementView | undefined;
  name: string;
  familyTag: string;
  /** Its page, or (when the build made none) the comparison page drawing it from its data file. */
  href: string;
  provider: string;
  /** Its provider's page. */
  providerHref: string;
  supraScore: number;
  scoreText: string;
  benchCount: number;
  configurations: (NamedLink & { scoreText: string })[];
  tags: NamedLink[];
  /** Its likely model rank, where the mirror gives one. */
  likely: LikelyRange | undefined;
  /** Whether the evidence cannot tell it from the model ranked just above it, with the whole table at once. */
  tiedAbove: boolean;
}

/** The row of the model at `place` in the index (from 0), its links resolved for this build's plan; `tags` the index's tags as links. */
function rowAt(index: LeaderboardIndex, place: number, tags: readonly NamedLink[]): LeaderboardRow {
  const m = LEADERBOARD_TUPLE.decode(index.models[place]!);
  const model = { segment: m.segment, index: place };
  // A model without a page is linked to its row; the row itself leads to the comparison page, which draws it.
  const hasPage = place < index.kept.modelPages;
  const drawn = compareHref([model]);
  return {
    id: leaderboardRowId(model),
    rank: m.rank,
    rankText: m.rankText,
    movement: movementView(m.movement),
    name: m.name,
    familyTag: m.familyTag,
    href: hasPage ? modelAddress(model, index.kept) : drawn,
    provider: index.providers[m.provider] ?? '',
    providerHref: providerHref({ segment: index.providerSegments[m.provider] ?? '' }),
    supraScore: m.supraScore,
    scoreText: m.scoreText,
    benchCount: m.benchCount,
    configurations: m.configurations.map((c) => {
      const { name, segment, scoreText } = CONFIGURATION_TUPLE.decode(c);
      return { name, scoreText, href: hasPage ? configurationAddress({ segment }, model, index.kept) : drawn };
    }),
    tags: m.tags.map((i) => tags[i] ?? { name: '', href: tagHref({ segment: '' }) }),
    likely: m.likely ? { low: m.likely[0], high: m.likely[1] } : undefined,
    tiedAbove: m.tied === 1,
  };
}

const tagLinks = (index: LeaderboardIndex) => index.tags.map((name, i) => ({ name, href: tagHref({ segment: index.tagSegments[i] ?? '' }) }));

/** The rows of the index from `from` to `to`, in model rank order: what the static pages show and the script draws other views from. */
export function leaderboardRows(index: LeaderboardIndex, from = 0, to = index.models.length): LeaderboardRow[] {
  const tags = tagLinks(index);
  return index.models.slice(from, to).map((_, i) => rowAt(index, from + i, tags));
}

/** The rows of the models at these places of the index (from 0), in the order given: a vendor's models, say. */
export function leaderboardRowsAt(index: LeaderboardIndex, places: readonly number[]): LeaderboardRow[] {
  const tags = tagLinks(index);
  return places.map((place) => rowAt(index, place, tags));
}

export interface LeaderboardView extends BaseView {
  tag: string;
  provider: string;
  sort: 'rank' | 'name' | 'provider' | 'score' | 'benchCount';
}

export const LEADERBOARD = {
  name: 'leaderboard',
  noun: 'model',
  pageHref: leaderboardHref,
  pagesUnder: '/leaderboard/',
  pageSize: LEADERBOARD_PAGE_SIZE,
  index: { path: '/data/leaderboard.json', label: 'leaderboard index' },
  pagerLabel: 'Leaderboard pages',
  columns: [
    { key: 'rank', label: 'Rank', sort: { dir: 'asc', compare: byNumber((r) => r.rank) } },
    { key: 'name', label: 'Model', sort: { dir: 'asc', compare: byText((r) => r.name) } },
    { key: 'provider', label: 'Provider', class: 'wide-only', sort: { dir: 'asc', compare: byText((r) => r.provider) } },
    { key: 'score', label: 'supraScore', class: 'num', sort: { dir: 'desc', compare: byNumber((r) => r.supraScore) } },
    { key: 'benchCount', label: 'Benchmarks', class: 'num wide-only', sort: { dir: 'desc', compare: byNumber((r) => r.benchCount) } },
    { key: 'tags', label: 'Tags', class: 'wide-only' },
  ],
  plain: { q: '', tag: '', provider: '', sort: 'rank', dir: 'asc' },
  tiebreak: byNumber((r) => r.rank),
  filters: {
    tag: { label: 'Tag', matches: (r, tag) => r.tags.some((t) => t.name === tag) },
    provider: { label: 'Provider', matches: (r, provider) => r.provider === provider },
  },
  // "coding" also finds a model tagged `code-generation`.
  searched: (r) => ({ texts: [r.name, r.familyTag, r.provider, ...r.configurations.map((c) => c.name)], tags: r.tags.map((t) => t.name) }),
  heading: (page, pages) => (page === 1 ? 'Who is best overall' : `Leaderboard, page ${page} of ${pages}`),
  title: (page) => (page === 1 ? undefined : `Leaderboard, page ${page}`),
} as const satisfies ListSpec<LeaderboardRow, LeaderboardView>;

/** Tags shown in a leaderboard row; the rest are counted ("+2"). */
export const TAGS_SHOWN = 3;
