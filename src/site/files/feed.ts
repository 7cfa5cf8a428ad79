/**
 * The Atom feeds (RFC 4287): what changed between snapshots, site-wide (one entry per snapshot,
 * linking to its entry on the changes page), per model (its own changes, linking to them on its
 * page) and per tag (the changes of the models carrying it, one entry per snapshot).
 */
import { describeReason } from '../data/change-reasons.ts';
import { RECENT_CHANGES_PER_MODEL, SITE_TITLE, type Site } from '../settings/config.ts';
import type { ChangeSet, ModelChange, RecentModelChange } from '../data/site-data.ts';
import { formatDate } from '../format/format.ts';
import { modelFeedFile, providerFeedFile, tagFeedFile } from '../links/output-paths.ts';
import { scorePair } from '../format/precision.ts';
import { formatRank, RANK_LABEL } from '../format/ranks.ts';
import { xmlText } from './xml.ts';

export interface AtomEntry {
  /** A URL that names the entry for good: the same change keeps it in every build. */
  id: string;
  title: string;
  /** The page (and anchor) the entry is about. */
  href: string;
  updated: number;
  summary: string;
}

export interface AtomFeed {
  title: string;
  /** The feed's own address, also its id. */
  self: string;
  /** The page the feed is about. */
  alternate: string;
  /** When its newest entry changed; the snapshot's time when it has none. */
  updated: number;
  entries: AtomEntry[];
}

/** Where a feed lives and whom it credits: the site's settings as the build handed them. */
export type FeedSite = Pick<Site, 'siteUrl' | 'attributionName' | 'attributionUrl'>;

/** An absolute URL of a path under the site. */
const absoluteIn = (site: FeedSite) => (path: string) => new URL(path.replace(/^\//, ''), site.siteUrl).href;
const rfc3339 = (ms: number) => new Date(ms).toISOString();

/** A whole Atom document; every string passes through cleanText and XML escaping. */
export function atomFeed(feed: AtomFeed, site: FeedSite): string {
  const entries = feed.entries.map(
    (e) => `  <entry>
    <title>${xmlText(e.title)}</title>
    <id>${xmlText(e.id)}</id>
    <link rel="alternate" type="text/html" href="${xmlText(e.href)}"/>
    <updated>${rfc3339(e.updated)}</updated>
    <summary>${xmlText(e.summary)}</summary>
  </entry>
`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${xmlText(feed.title)}</title>
  <id>${xmlText(feed.self)}</id>
  <link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>
  <link rel="alternate" type="text/html" href="${xmlText(feed.alternate)}"/>
  <updated>${rfc3339(feed.updated)}</updated>
  <author><name>${xmlText(SITE_TITLE)}</name></author>
  <rights>${xmlText(`Data from ${site.attributionName} (${site.attributionUrl})`)}</rights>
${entries.join('')}</feed>
`;
}

/** How a model's standing changed, in a few words: "model rank 7 to 5 (supraScore 81.2 to 83.0)". */
export function changeHeadline(change: ModelChange): string {
  const [before, after] = scorePair(change.previousScore ?? change.supraScore, change.supraScore);
  const scoreMoved = change.previousScore !== undefined && before !== after ? ` (supraScore ${before} to ${after})` : '';
  if (change.status === 'new') return `new at ${RANK_LABEL.model} ${formatRank(change.rank)}, supraScore ${after}`;
  if (change.status === 'removed') return `left the ranking (last ${RANK_LABEL.model} ${formatRank(change.rank)})`;
  if (change.reason.kind === 'method') return `${RANK_LABEL.model} ${formatRank(change.rank)}, supraScore ${after}, not comparable with the snapshot before`;
  if (change.previousRank && change.previousRank.rank !== change.rank.rank)
    return `${RANK_LABEL.model} ${formatRank(change.previousRank)} to ${formatRank(change.rank)}${scoreMoved}`;
  return scoreMoved ? `supraScore ${before} to ${after}, ${RANK_LABEL.model} ${formatRank(change.rank)}` : `${RANK_LABEL.model} ${formatRank(change.rank)}`;
}

/** The headline with its reason and the configurations that changed beneath it. */
export function changeSummary(change: ModelChange): string {
  const parts = [`${change.name}: ${changeHeadline(change)}.`];
  if (change.bestChanged) parts.push(`Its best configuration is now ${change.bestChanged.to} (was ${change.bestChanged.from}).`);
  if (change.reason.kind !== 'none' && change.reason.kind !== 'new') parts.push(`Why: ${describeReason(change.reason, formatDate)}`);
  if (change.configurations.length > 1)
    parts.push(
      `Configurations: ${change.configurations
        .map((c) => `${c.name}${c.previousRank && c.rank ? ` (${RANK_LABEL.configuration} ${formatRank(c.previousRank)} to ${formatRank(c.rank)})` : ''}`)
        .join('; ')}.`,
    );
  return parts.join(' ');
}

function changeSetSummary(c: ChangeSet): string {
  const { models } = c;
  const parts = [`Models: ${models.addedCount} new, ${models.removedCount} removed${c.comparable ? `, ${models.movedCount} moved in model rank` : ''}.`];
  if (!c.comparable) parts.push('Ranks are not comparable with the previous snapshot (the supraScore method changed on 2026-09-17).');
  const move = (m: ModelChange) => `${m.name}, ${changeHeadline(m)}: ${describeReason(m.reason, formatDate)}`;
  if (models.movedUp[0]) parts.push(`Biggest move up: ${move(models.movedUp[0])}`);
  if (models.movedDown[0]) parts.push(`Biggest move down: ${move(models.movedDown[0])}`);
  const some = (list: ModelChange[], count: number, text: (m: ModelChange) => string) => `${list.slice(0, 5).map(text).join(', ')}${count > 5 ? ', ...' : ''}.`;
  if (models.added[0]) parts.push(`New: ${some(models.added, models.addedCount, (a) => a.name)}`);
  if (models.removed[0])
    parts.push(`Removed: ${some(models.removed, models.removedCount, (r) => `${r.name} (last ${RANK_LABEL.model} ${formatRank(r.rank)})`)}`);
  parts.push(`Configurations: ${c.addedCount} new, ${c.removedCount} removed${c.comparable ? `, ${c.movedCount} moved in configuration rank` : ''}.`);
  return parts.join(' ');
}

/** `/changes/feed.xml`: one entry per snapshot that has one before it. */
export function changesFeed(changes: readonly ChangeSet[], site: FeedSite): string {
  const absolute = absoluteIn(site);
  const page = absolute('changes/');
  return atomFeed(
    {
      title: `${SITE_TITLE}: what changed`,
      self: absolute('changes/feed.xml'),
      alternate: page,
      updated: changes[0]?.generatedAt ?? 0,
      entries: changes
        .filter((c) => c.previousGeneratedAt !== undefined)
        .map((c) => ({
          id: `${page}#${c.anchor}`,
          title: `Snapshot of ${formatDate(c.generatedAt)}: ${c.models.addedCount} new, ${c.models.removedCount} removed, ${c.comparable ? `${c.models.movedCount} moved` : 'not comparable'} (models)`,
          href: `${page}#${c.anchor}`,
          updated: c.generatedAt,
          summary: changeSetSummary(c),
        })),
    },
    site,
  );
}

interface FeedModel {
  segment: string;
  name: string;
}

/** `/models/{model}/feed.xml`: the model's own recent changes, each linking to its entry on the model's page. */
export function modelFeed(model: FeedModel, recent: readonly RecentModelChange[], snapshotAt: number, site: FeedSite): string {
  const absolute = absoluteIn(site);
  const page = absolute(`models/${model.segment}/`);
  return atomFeed(
    {
      title: `${model.name}: changes on ${SITE_TITLE}`,
      self: absolute(modelFeedFile(model)),
      alternate: page,
      updated: recent[0]?.generatedAt ?? snapshotAt,
      entries: recent.map((r) => ({
        id: `${page}#${r.anchor}`,
        title: `${model.name}, snapshot of ${formatDate(r.generatedAt)}: ${changeHeadline(r.change)}`,
        href: `${page}#${r.anchor}`,
        updated: r.generatedAt,
        summary: changeSummary(r.change),
      })),
    },
    site,
  );
}

/** Entries of a tag's or a provider's feed: the newest snapshots, which every model's recent changes still cover in full. */
export const TAG_FEED_SNAPSHOTS = RECENT_CHANGES_PER_MODEL;

/** What a group's feed is made from beside the group: the change sets, each model's recent changes, the snapshot's time, where the feed lives. */
type GroupFeedInputs = [changes: readonly ChangeSet[], recentOf: (familyTag: string) => readonly RecentModelChange[], snapshotAt: number, site: FeedSite];

/** A group of models with a feed of their changes: a tag's (the models carrying it), a provider's (the models it makes). */
export interface FeedGroup {
  /** What the feed's titles call the group: "Models tagged math", "Saffron Collective’s models". */
  title: string;
  /** What an entry's title starts with: the tag, the provider's name. */
  label: string;
  /** The group's page and its feed, from the site's root. */
  page: string;
  file: string;
  models: readonly { familyTag: string }[];
}

/**
 * A group's feed (`/tags/{tag}/feed.xml`, `/providers/{provider}/feed.xml`): per snapshot, the
 * changes of the group's models, linking to that snapshot's entry on the changes page. `recentOf`
 * gives a model's recent changes, newest first, at least TAG_FEED_SNAPSHOTS of them, so each entry
 * lists every such model that changed.
 */
export function groupFeed(group: FeedGroup, ...[changes, recentOf, snapshotAt, site]: GroupFeedInputs): string {
  const absolute = absoluteIn(site);
  const sets = changes.filter((c) => c.previousGeneratedAt !== undefined).slice(0, TAG_FEED_SNAPSHOTS);
  const byAnchor = new Map<string, ModelChange[]>(sets.map((c) => [c.anchor, []]));
  for (const m of group.models) for (const r of recentOf(m.familyTag)) byAnchor.get(r.anchor)?.push(r.change);
  const page = absolute(group.page);
  const entries: AtomEntry[] = [];
  for (const c of sets) {
    const list = byAnchor.get(c.anchor)!.sort((a, b) => a.rank.rank - b.rank.rank);
    if (!list.length) continue;
    const shown = list.slice(0, 10);
    entries.push({
      id: `${page}#${c.anchor}`,
      title: `${group.label}, snapshot of ${formatDate(c.generatedAt)}: ${list.length === 1 ? '1 model' : `${list.length} models`} changed`,
      href: absolute(`changes/#${c.anchor}`),
      updated: c.generatedAt,
      summary: `${shown.map((m) => `${m.name}: ${changeHeadline(m)}.`).join(' ')}${list.length > shown.length ? ` And ${list.length - shown.length} more.` : ''}`,
    });
  }
  return atomFeed(
    { title: `${group.title}: changes on ${SITE_TITLE}`, self: absolute(group.file), alternate: page, updated: entries[0]?.updated ?? snapshotAt, entries },
    site,
  );
}

/** `/tags/{tag}/feed.xml`: the changes of the models that carry the tag now. */
export const tagFeed = (tag: { tag: string; segment: string; models: readonly { familyTag: string }[] }, ...rest: GroupFeedInputs) =>
  groupFeed({ title: `Models tagged ${tag.tag}`, label: tag.tag, page: `tags/${tag.segment}/`, file: tagFeedFile(tag), models: tag.models }, ...rest);

/** `/providers/{provider}/feed.xml`: the changes of the provider's models. */
export const providerFeed = (provider: { name: string; segment: string; models: readonly { familyTag: string }[] }, ...rest: GroupFeedInputs) =>
  groupFeed(
    {
      title: `${provider.name}’s models`,
      label: provider.name,
      page: `providers/${provider.segment}/`,
      file: providerFeedFile(provider),
      models: provider.models,
    },
    ...rest,
  );
