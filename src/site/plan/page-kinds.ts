/**
 * The site's kinds of page and file, one entry each, as Hugo's kinds and outputs or Starlight's route
 * table: where its files are written, the Astro page file that makes them (none for a file the build
 * writes beside the render), the route-data builder and the view they are made from, the plan's kind
 * of output it is weighed as, whether the sitemap lists its pages and the search index holds a record
 * of each, and what of it gives way when a host's limits bind. The plan's kinds (kindOf), the sitemap,
 * the search index's kinds, the plan's order of giving way and the bench's table of kinds read it;
 * the architecture test holds every page file and every kind of output to it. Adding a kind is an
 * entry here, a builder, a view and a page file.
 */
import type { OutputKind } from './output-kinds.ts';

/**
 * What gives way when a host's limits bind, cheapest value first, always from the bottom of the model
 * ranking up (the plan, src/site/plan/site-plan.ts, pulls them in this order, then gives back what a
 * later one made room for, the most valuable first); each kind below names the one it gives way by.
 */
export const GIVE_WAY = [
  // Where the whole site's size binds, the large downloads and the models' data files published
  // gzipped (scores.csv.gz, history.csv.gz, models/{model}.json.gz): nothing is lost.
  'compressedDownloads',
  // Pre-rendered comparisons of neighbouring models (the comparison page draws any of them).
  'comparisons',
  // Per-model Atom feeds (the changes feed, the tag and vendor feeds hold every model's changes).
  'modelFeeds',
  // Days of the leaderboard as it stood, the oldest first, but never the last 90 days, a month's
  // end or the oldest day (src/site/data/past-history.ts).
  'pastDays',
  // Link-preview cards, then badges (pages without a card of their own use the site's).
  'cards',
  'badges',
  // The rows of a vendor's page past its 10 best models at least (every model is on the leaderboard,
  // which filters by vendor; the page says how many more there are and links there).
  'providerRows',
  // Where the number of files binds, longer pages of results: benchmark and tag pages list 250,
  // 500, then 1,000 models a page.
  'resultsPerPage',
  // The pages of results past the first of each benchmark and tag (its best models stay on its
  // page; every result is also on its configuration's page and in scores.csv).
  'deepResults',
  // Configuration pages (their content stays on their model's page).
  'configurationPages',
  // Model pages (a model without one is on the leaderboard, its vendor's page, its tags and
  // benchmarks, the downloads, and the comparison page, drawn from a shared data file).
  'modelPages',
  // The models rank.json holds, so that the ranking by a visitor's weights ranks the best models
  // only: a model there costs a few hundred bytes, far less than its page, and a model far down by
  // supraScore may lead under one capability's weight.
  'rankModels',
] as const;
export type GiveWay = (typeof GIVE_WAY)[number];

export interface PageKind {
  name: string;
  /** Its files, from the site's root: `*` is one path segment (or a part of one), `**` any path below. */
  output: string;
  /** The Astro page file under src/pages/ that makes it; none for a file the build writes itself. */
  route?: string;
  /** Its route-data builder (src/site/routes/) and its view (src/views/), where it has them. */
  builder?: string;
  view?: string;
  /** The plan's kind of output it is weighed and measured as. */
  plan: OutputKind;
  /** Whether the sitemap lists it (pages only). */
  sitemap: boolean;
  /** The kind of the search index's record of each page, where it has one (src/site/files/search-records.ts). */
  search?: 'Model' | 'Benchmark' | 'Tag' | 'Provider';
  /** What of it gives way when a host's limits bind; none where every target keeps all of it. */
  givesWay?: GiveWay;
}

const page = (name: string, output: string, route: string, plan: OutputKind, more: Partial<PageKind> = {}): PageKind => ({
  name,
  output,
  route,
  plan,
  sitemap: true,
  ...more,
});
const file = (name: string, output: string, plan: OutputKind, more: Partial<PageKind> = {}): PageKind => ({ name, output, plan, sitemap: false, ...more });

/** Every kind, the more particular output first: a file is of the first kind whose output it matches. */
export const PAGE_KINDS: readonly PageKind[] = [
  page('home', 'index.html', 'index.astro', 'leaderboard', { builder: 'leaderboard.ts', view: 'list-page.ts' }),
  page('leaderboard redirect', 'leaderboard/index.html', 'leaderboard/index.astro', 'leaderboard', { builder: 'shell.ts', sitemap: false }),
  page('leaderboard first page redirect', 'leaderboard/1/index.html', 'leaderboard/1.astro', 'leaderboard', { builder: 'shell.ts', sitemap: false }),
  page('past leaderboard', 'leaderboard/as-of/index.html', 'leaderboard/as-of/index.astro', 'history', {
    builder: 'past.ts',
    view: 'list-page.ts',
    sitemap: false,
  }),
  page('past leaderboard month end', 'leaderboard/as-of/*/index.html', 'leaderboard/as-of/[day].astro', 'history', {
    builder: 'past.ts',
    view: 'list-page.ts',
    givesWay: 'pastDays',
  }),
  page('leaderboard page', 'leaderboard/*/index.html', 'leaderboard/[page].astro', 'leaderboard', { builder: 'leaderboard.ts', view: 'list-page.ts' }),
  file('model feed', 'models/*/feed.xml', 'model-feed', { givesWay: 'modelFeeds' }),
  file('badge', 'models/*/badge.*', 'badge', { givesWay: 'badges' }),
  page('model', 'models/**', 'models/[model].astro', 'model-page', {
    builder: 'model.ts',
    view: 'model-page.ts',
    search: 'Model',
    givesWay: 'modelPages',
  }),
  page('configuration', 'configurations/**', 'configurations/[slug].astro', 'configuration-page', {
    builder: 'configuration.ts',
    view: 'configuration-page.ts',
    givesWay: 'configurationPages',
  }),
  page('comparison tool', 'compare/index.html', 'compare/index.astro', 'other', { builder: 'pages.ts', view: 'compare-page.ts' }),
  page('comparison', 'compare/**', 'compare/[pair].astro', 'comparison', { builder: 'pages.ts', view: 'comparison.ts', givesWay: 'comparisons' }),
  file('card', 'og/**', 'card', { givesWay: 'cards' }),
  file('search index', 'pagefind/**', 'search'),
  page('benchmarks', 'benchmarks/index.html', 'benchmarks/index.astro', 'other', { builder: 'benchmark-list.ts', view: 'list-page.ts' }),
  page('benchmarks page', 'benchmarks/page/**', 'benchmarks/page/[page].astro', 'other', { builder: 'benchmark-list.ts', view: 'list-page.ts' }),
  page('benchmarks view', 'benchmarks/view/**', 'benchmarks/view/[...view].astro', 'other', { builder: 'benchmark-list.ts', view: 'list-page.ts' }),
  page('benchmark results page', 'benchmarks/*/page/**', 'benchmarks/[slug]/page/[page].astro', 'benchmark-page', {
    builder: 'benchmark.ts',
    view: 'benchmark-page.ts',
    givesWay: 'deepResults',
  }),
  page('benchmark', 'benchmarks/**', 'benchmarks/[slug].astro', 'benchmark-page', { builder: 'benchmark.ts', view: 'benchmark-page.ts', search: 'Benchmark' }),
  page('tags', 'tags/index.html', 'tags/index.astro', 'other', { builder: 'pages.ts', view: 'tags-page.ts' }),
  page('tag pair', 'tags/*/with/**', 'tags/[tag]/with/[second].astro', 'tag-pair-page', { builder: 'tag-pair.ts', view: 'tag-pair-page.ts' }),
  page('tag results page', 'tags/*/page/**', 'tags/[tag]/page/[page].astro', 'tag-page', { builder: 'tag.ts', view: 'tag-page.ts', givesWay: 'deepResults' }),
  file('tag feed', 'tags/*/feed.xml', 'tag-page'),
  page('tag', 'tags/**', 'tags/[tag].astro', 'tag-page', { builder: 'tag.ts', view: 'tag-page.ts', search: 'Tag' }),
  file('provider feed', 'providers/*/feed.xml', 'provider-page'),
  page('provider', 'providers/**', 'providers/[provider].astro', 'provider-page', {
    builder: 'provider.ts',
    view: 'provider-page.ts',
    search: 'Provider',
    givesWay: 'providerRows',
  }),
  page('rank', 'rank/**', 'rank.astro', 'rank', { builder: 'rank.ts', view: 'rank-page.ts' }),
  file('rank data', 'data/rank.json', 'rank', { route: 'data/rank.json.ts', builder: 'rank.ts', givesWay: 'rankModels' }),
  file('rank data parts', 'data/rank/**', 'rank', { route: 'data/rank/[...part].ts', builder: 'rank.ts', givesWay: 'rankModels' }),
  file('model data', 'data/models/**', 'model-file', { givesWay: 'compressedDownloads' }),
  file('model group data', 'data/model-groups/**', 'model-file', { givesWay: 'compressedDownloads' }),
  file('history data', 'data/history/**', 'history', { givesWay: 'pastDays' }),
  file('snapshot file', 'data/snapshot.db*', 'snapshot-db'),
  page('downloads', 'data/index.html', 'data/index.astro', 'downloads', { builder: 'pages.ts', view: 'data-page.ts' }),
  file('data readme', 'data/README.txt', 'downloads', { route: 'data/README.txt.ts' }),
  file('benchmark list data', 'data/benchmark-list.json', 'downloads', { route: 'data/benchmark-list.json.ts' }),
  file('benchmarks data', 'data/benchmarks.json', 'downloads', { route: 'data/benchmarks.json.ts' }),
  file('benchmark agreement data', 'data/benchmark-agreement.json', 'downloads', { route: 'data/benchmark-agreement.json.ts' }),
  file('evidence data', 'data/evidence.json', 'downloads', { route: 'data/evidence.json.ts' }),
  file('leaderboard data', 'data/leaderboard.json', 'downloads', { route: 'data/leaderboard.json.ts', builder: 'leaderboard.ts' }),
  file('model list data', 'data/model-list.json', 'downloads', { route: 'data/model-list.json.ts' }),
  file('models csv', 'data/models.csv', 'downloads', { route: 'data/models.csv.ts' }),
  file('models data', 'data/models.json', 'downloads', { route: 'data/models.json.ts' }),
  file('tags data', 'data/tags.json', 'downloads', { route: 'data/tags.json.ts' }),
  file('downloads written by the build', 'data/**', 'downloads', { givesWay: 'compressedDownloads' }),
  page('changes', 'changes/index.html', 'changes/index.astro', 'other', { builder: 'changes.ts', view: 'changes-page.ts' }),
  file('changes feed', 'changes/feed.xml', 'other', { route: 'changes/feed.xml.ts' }),
  page('about', 'about/**', 'about.astro', 'other', { builder: 'pages.ts' }),
  page('not found', '404.html', '404.astro', 'other', { builder: 'shell.ts', sitemap: false }),
  file('robots', 'robots.txt', 'other', { route: 'robots.txt.ts' }),
  file('everything else', '**', 'other'),
];

/** A kind's output as a pattern over a file's path from the site's root. */
function patternOf(output: string): RegExp {
  const parts = output.split('/').map((part) => (part === '**' ? '.*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')));
  return new RegExp(`^${parts.join('/').replace(/\/\.\*$/, '(?:/.*)?')}$`);
}

const MATCHERS = PAGE_KINDS.map((kind) => ({ kind, pattern: patternOf(kind.output) }));

/** The kind of page or file a file of the site is, by its path from the site's root. */
export const pageKindOf = (path: string): PageKind => MATCHERS.find((m) => m.pattern.test(path))!.kind;

/** The kind of output a file of the site is, by its path from the site's root: what the plan weighs it as. */
export const kindOf = (path: string): OutputKind => pageKindOf(path).plan;

/** Whether the sitemap leaves out the page at `path` (as `about/`, `` for the home page). */
export const outOfSitemap = (path: string): boolean => !pageKindOf(path === '' || path.endsWith('/') ? `${path}index.html` : path).sitemap;
