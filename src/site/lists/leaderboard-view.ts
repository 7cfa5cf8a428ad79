/**
 * What a leaderboard page says, as plain values: each row, the heading and the
 * "showing" line. The Astro components render these at build time and the browser script fills
 * the same components' markup with them, so a row reads the same whoever draws it.
 */
import { formatCount, plural } from '../format/format.ts';
import type { IndexModel, LeaderboardIndex } from './leaderboard-index.ts';
import { compareHref, configurationAddress, leaderboardRowId, modelAddress, tagHref } from '../links/links.ts';

/** Tags shown in a leaderboard row; the rest are counted ("+2"). */
export const TAGS_SHOWN = 3;

export interface MovementView {
  kind: 'up' | 'down' | 'same' | 'new';
  /** What the eye reads: ▲2, ▼1, –, new. */
  shown: string;
  /** What a screen reader says instead. */
  said: string;
}

/** The marker of a model's rank change (`+3`, `-2`, `=`, `new`), or undefined when there is nothing to compare with. */
export function movementView(code: string): MovementView | undefined {
  if (code === 'new') return { kind: 'new', shown: 'new', said: 'new since the previous snapshot' };
  if (code === '=') return { kind: 'same', shown: '–', said: 'unchanged since the previous snapshot' };
  const by = /^[+-](\d+)$/.exec(code)?.[1];
  if (!by) return undefined;
  return code.startsWith('+')
    ? { kind: 'up', shown: `▲${by}`, said: `up ${by} since the previous snapshot` }
    : { kind: 'down', shown: `▼${by}`, said: `down ${by} since the previous snapshot` };
}

export interface ConfigurationLink {
  name: string;
  href: string;
  score: string;
}

export interface LeaderboardRowView {
  /** The row's id, which a model without a page of its own is linked to. */
  id: string;
  rank: string;
  movement: MovementView | undefined;
  name: string;
  /** Its page, or (when the build made none) the comparison page drawing it from its data file. */
  href: string;
  provider: string;
  /** Listed under the name when the model has more than one. */
  configurations: ConfigurationLink[];
  configurationsLabel: string;
  /** The only configuration's name, when it differs from the model's. */
  configurationName: string | undefined;
  score: string;
  /** The score bar's inline style. */
  bar: string;
  benchCount: string;
  /** All its tags; the row shows the first TAGS_SHOWN. */
  tags: string[];
  /** The page of each tag, same order. */
  tagHrefs: string[];
}

const places = new WeakMap<LeaderboardIndex, Map<IndexModel, number>>();
/** A model's place in the model ranking, from 0: the index lists the models in that order. */
function placeOf(index: LeaderboardIndex, m: IndexModel): number {
  let map = places.get(index);
  if (!map) places.set(index, (map = new Map(index.models.map((model, i) => [model, i]))));
  return map.get(m) ?? index.models.length;
}

export function leaderboardRow(index: LeaderboardIndex, m: IndexModel): LeaderboardRowView {
  const [, name, , , provider, supraScore, benchCount, tagIds, configs, movement, segment, rankText, scoreText] = m;
  const several = configs.length > 1;
  const onlyName = configs[0]?.[1];
  const model = { segment, index: placeOf(index, m) };
  // A model without a page is linked to its row; the row itself leads to the comparison page, which draws it.
  const hasPage = model.index < index.kept.modelPages;
  const view = compareHref([model]);
  return {
    id: leaderboardRowId(model),
    rank: rankText,
    movement: movementView(movement),
    name,
    href: hasPage ? modelAddress(model, index.kept) : view,
    provider: index.providers[provider] ?? '',
    configurations: several
      ? configs.map(([, cname, , cSegment, shown]) => ({
          name: cname,
          href: hasPage ? configurationAddress({ segment: cSegment }, model, index.kept) : view,
          score: shown,
        }))
      : [],
    configurationsLabel: plural(configs.length, 'configuration'),
    configurationName: !several && onlyName !== undefined && onlyName !== name ? onlyName : undefined,
    score: scoreText,
    bar: `--w:${supraScore.toFixed(1)}%`,
    benchCount: formatCount(benchCount),
    tags: tagIds.map((i) => index.tags[i] ?? ''),
    tagHrefs: tagIds.map((i) => tagHref({ segment: index.tagSegments[i] ?? '' })),
  };
}

/**
 * The row the `<template>` holds for the script to fill: every optional part present once, links to
 * real pages (the first model's) and named for it, other texts empty. Undefined when there is no model.
 */
export function templateRow(index: LeaderboardIndex): LeaderboardRowView | undefined {
  const first = index.models[0];
  if (!first) return undefined;
  const row = leaderboardRow(index, first);
  const link = { name: row.name, href: row.href, score: '' };
  return {
    ...row,
    rank: '',
    movement: { kind: 'same', shown: '', said: '' },
    provider: '',
    configurations: [link],
    configurationsLabel: '',
    configurationName: '',
    score: '',
    benchCount: '',
    // One shown tag and a "+N" when the snapshot has that many tags at all; otherwise no row needs them.
    tags: index.tags.slice(0, TAGS_SHOWN + 1),
    tagHrefs: index.tagSegments.slice(0, TAGS_SHOWN + 1).map((segment) => tagHref({ segment })),
  };
}

export const leaderboardHeading = (page: number, pages: number) => (page === 1 ? 'Who is best overall' : `Leaderboard, page ${page} of ${pages}`);

/** The page title before the site's name; none on the first page. */
export const leaderboardTitle = (page: number) => (page === 1 ? undefined : `Leaderboard, page ${page}`);

/** "Showing 101–177 of 177 models", with "(filtered from N)" when filters hide some; the benchmarks list says "benchmarks". */
export function showingLine(first: number, shown: number, total: number, all: number, noun = 'model'): string {
  if (total === 0) return `No ${noun} matches these filters.`;
  const filtered = total < all ? ` (filtered from ${formatCount(all)})` : '';
  return `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${plural(total, noun)}${filtered}`;
}
