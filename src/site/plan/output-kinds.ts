/**
 * The kinds of output a site is made of, one entry each, as Hugo's kinds and outputs or Starlight's
 * route table: what a plan weighs, a build measures and a host's limits make give way. An entry holds
 * its pages and files (`files`: where each is written, the Astro page file, route-data builder and
 * view that make it, whether the sitemap and the search index take it), its cost model (its weights,
 * fitted on built sites: bytes, decimal, per thing its files show; which of them are ratios a build's
 * measurement does not scale; what a character more of the site's address adds to it; its figure: its
 * files and bytes as a function of the field's counts and the plan, src/site/plan/kind-figures.ts; the
 * folders it fills), and what of it gives way when a host's limits bind, at which place of the plan's
 * order and under which limit (`givesWay`; a kind without it is kept by every target). The plan's
 * weights (src/site/plan/weights.ts), its estimate and order of giving way (src/site/plan/site-plan.ts),
 * the table of files (src/site/plan/page-kinds.ts: which kind a file is, the sitemap, the search
 * records), the hosts' header files (held to the entries by test/unit/page-kinds.test.ts) and the
 * bench's figures read the entries; nothing lists the kinds a second time. Adding a kind is an entry
 * here, a builder, a view and a page file.
 *
 * The weights were fitted page by page by `npm run fit-weights` on seven sites of the bench's
 * generated field (10,000 configurations × 365 days with details and without, for no target, GitHub
 * Pages and Cloudflare Pages Free; 50,000 × 365 for GitHub Pages with details and without, and for
 * Cloudflare Pages with details), some measured apart (FIXED in src/dev/weights/page-samples.ts); how
 * close they come, and the margin a plan keeps for the rest: docs/deploy.md.
 */
import {
  badgeFigure,
  benchmarkPageFigure,
  cardFigure,
  comparisonFigure,
  configurationPageFigure,
  downloadsFigure,
  historyFigure,
  leaderboardFigure,
  modelFeedFigure,
  modelFileFigure,
  modelPageFigure,
  otherFigure,
  providerPageFigure,
  rankFigure,
  searchFigure,
  snapshotDbFigure,
  tagPageFigure,
  type Figure,
  type Weighed,
  type Weighing,
} from './kind-figures.ts';
import { CSV_PART_BYTES, ownDataFiles, SHARED_FILE_MODELS } from '../links/output-paths.ts';
import { LEADERBOARD_PAGE_SIZE } from '../lists/pagination.ts';
import type { LimitName } from './hosts.ts';
import type { Draft } from './types.ts';

/** What a character more of the site's address than FITTED_AT's adds to a kind, as a share of its bytes: of its base path (in every link), of its origin (in every absolute address: canonical links, feeds, the sitemap). */
export interface AddressShare {
  perBaseChar: number;
  perOriginChar: number;
}

/** What of a plan gives way when a host's limits bind: a field of the plan (a count of `keep`, or a switch or size beside it). */
export type GiveWay = keyof Draft['keep'] | Exclude<keyof Draft, 'keep'>;

/**
 * A kind of page or file of the site, as its kind of output lists it (`files`): a file is of the most
 * particular one whose output it matches (src/site/plan/page-kinds.ts).
 */
export interface FileKind {
  name: string;
  /** Its files, from the site's root: `*` is one path segment (or a part of one), `**` any path below. */
  output: string;
  /** The Astro page file under src/pages/ that makes it; none for a file the build writes itself. */
  route?: string;
  /** Its route-data builder (src/site/routes/) and its view (src/views/), where it has them. */
  builder?: string;
  view?: string;
  /** Whether the sitemap lists it (pages only). */
  sitemap: boolean;
  /** The kind of the search index's record of each page, where it has one (src/site/files/search-records.ts). */
  search?: 'Model' | 'Benchmark' | 'Tag' | 'Provider';
  /** What of it gives way when a host's limits bind (a lever of its kind's entry or another's); none where every target keeps all of it. */
  givesWay?: GiveWay;
  /**
   * For an address that moved: the site path it moved to. Its page is src/pages/_components/Redirect.astro
   * (a refresh and a canonical link, which every host serves), and public/_redirects has its rule (a 301,
   * for the hosts that read it); test/unit/page-kinds.test.ts holds both to this.
   */
  redirect?: string;
}

const page = (name: string, output: string, route: string, more: Partial<FileKind> = {}): FileKind => ({ name, output, route, sitemap: true, ...more });
const file = (name: string, output: string, more: Partial<FileKind> = {}): FileKind => ({ name, output, sitemap: false, ...more });

/**
 * A lever of the plan: what of a kind gives way, at its `place` in the plan's order (cheapest value
 * first, always from the bottom of the model ranking up; the plan pulls the levers in that order,
 * then gives back what a later one made room for, the most valuable first). A target whose limits
 * never bind keeps all of it; `binds` names the one limit a lever helps with, where it is pulled only
 * while that limit binds (a target without that limit keeps it).
 */
export type Lever = { place: number } & (
  | {
      /** How many of the best models (or newest days) keep it: `keep[name]`, at least `atLeast`; the counts `tied` to it are no more than it (and raised no further). */
      name: keyof Draft['keep'];
      by: 'count';
      /** How many keep it where nothing gives way. */
      all: (field: Everything) => number;
      atLeast?: number;
      tied?: readonly (keyof Draft['keep'])[];
    }
  | { name: 'compressedDownloads' | 'deepResults'; by: 'switch'; pulled: boolean; binds?: LimitName }
  | { name: 'resultsPerPage'; by: 'longer pages'; binds: LimitName }
);

/** What a plan that leaves nothing out is made for: the models, those with a page (at most MODEL_PAGES), those with a card of their own, and the days of history beside those every target keeps. */
export interface Everything {
  models: number;
  pages: number;
  cardModels: number;
  days: number;
}

/** A kind of output: its files, its cost model, the folders it fills and what of it gives way. */
export interface KindEntry<W extends Record<string, number>> {
  /** Its pages and files, the more particular output first where two of them overlap. */
  files: readonly FileKind[];
  /** Its weights as fitted (DEFAULT_WEIGHTS), per thing its files show. */
  weights: W;
  /** The weights that are ratios or counts of files (what gzip leaves, files per record): a build's measurement does not scale them. */
  ratios?: readonly (keyof W & string)[];
  address?: AddressShare;
  /** Its files and bytes under a plan, as at FITTED_AT; kinds are weighed in the order of the entries, so a figure may read those before it. */
  figure: (weights: W, e: Weighing) => Weighed;
  /** The entries its files add to the site's large folders (a host may limit a folder's entries), given its figure; the estimate adds them up by folder. */
  folders?: (e: Weighing, made: Figure) => readonly (readonly [string, number])[];
  /** Its largest files (a host may limit one file's bytes), given its figure and its weights; the estimate takes the largest of every kind's, the first of equals. */
  largestFiles?: (e: Weighing, made: Figure, weights: W) => readonly { path: string; bytes: number }[];
  /** What of it gives way when a host's limits bind, each a lever at its place in the plan's order; none where every target keeps it whole. */
  givesWay?: readonly Lever[];
}

const kind = <W extends Record<string, number>>(entry: KindEntry<W>) => entry;

/** The fewest benchmarks two tags share for a page of the pair: one shared benchmark is that benchmark's own page. */
export const TAG_PAIR_BENCHES = 2;

export const KINDS = {
  'model-page': kind({
    files: [page('model', 'models/**', 'models/[model].astro', { builder: 'model.ts', view: 'model-page.ts', search: 'Model', givesWay: 'modelPages' })],
    // Model pages (a model without one is on the leaderboard, its vendor's page, its tags and benchmarks, the downloads, and
    // the comparison page, drawn from a shared data file); a model without a page has no feed, badge, card, comparison or
    // configuration pages either.
    givesWay: [
      { place: 11, name: 'modelPages', by: 'count', all: ({ pages }) => pages, tied: ['configurationPages', 'comparisons', 'modelFeeds', 'badges', 'cards'] },
    ],
    folders: ({ plan }) => [['models', plan.keep.modelPages]],
    weights: {
      base: 8060,
      perConfiguration: 278,
      perScore: -44,
      perBench: 139,
      perCell: 55.6,
      perTag: 76.7,
      perHistoryPoint: 11.9,
      perRecentChange: 447,
      badge: 1190,
      feed: 215,
      perComparison: 215,
    },
    address: { perBaseChar: 0.0042, perOriginChar: 0.00056 },
    figure: modelPageFigure,
  }),
  'model-feed': kind({
    files: [file('model feed', 'models/*/feed.xml', { givesWay: 'modelFeeds' })],
    // Per-model Atom feeds (the changes feed, the tag and vendor feeds hold every model's changes).
    givesWay: [{ place: 3, name: 'modelFeeds', by: 'count', all: ({ pages }) => pages }],
    weights: { base: 650, perChange: 620 },
    address: { perBaseChar: 0.0036, perOriginChar: 0.0035 },
    figure: modelFeedFigure,
  }),
  badge: kind({
    files: [file('badge', 'models/*/badge.*', { givesWay: 'badges' })],
    // Badges, after the cards (pages without a card of their own use the site's).
    givesWay: [{ place: 6, name: 'badges', by: 'count', all: ({ pages }) => pages }],
    weights: { base: 1770 },
    figure: badgeFigure,
  }),
  'configuration-page': kind({
    files: [
      page('configuration', 'configurations/**', 'configurations/[slug].astro', {
        builder: 'configuration.ts',
        view: 'configuration-page.ts',
        givesWay: 'configurationPages',
      }),
    ],
    // Configuration pages (their content stays on their model's page).
    givesWay: [{ place: 10, name: 'configurationPages', by: 'count', all: ({ pages }) => pages }],
    folders: ({ at, plan }) => [['configurations', at.configurations(plan.keep.configurationPages)]],
    weights: { base: 6010, perScore: 578, perSibling: 296, perTag: 75.3, perHistoryPoint: 5.86 },
    address: { perBaseChar: 0.004, perOriginChar: 0.00038 },
    figure: configurationPageFigure,
  }),
  comparison: kind({
    files: [page('comparison', 'compare/**', 'compare/[pair].astro', { builder: 'pages.ts', view: 'comparison.ts', givesWay: 'comparisons' })],
    // Pre-rendered comparisons of neighbouring models (the comparison page draws any of them).
    givesWay: [{ place: 2, name: 'comparisons', by: 'count', all: ({ pages }) => pages }],
    folders: ({ pairs }) => [['compare', pairs]],
    weights: { base: 8390, perShared: 804 },
    address: { perBaseChar: 0.0036, perOriginChar: 0.00033 },
    figure: comparisonFigure,
  }),
  card: kind({
    files: [file('card', 'og/**', { givesWay: 'cards' })],
    // Link-preview cards, before badges (pages without a card of their own use the site's).
    givesWay: [{ place: 5, name: 'cards', by: 'count', all: ({ pages, cardModels }) => Math.min(cardModels, pages) }],
    folders: ({ counts, plan }) => [
      ['og/models', plan.keep.cards],
      ['og/tags', counts.tags],
    ],
    weights: { base: 84_300, perModel: 19_100, perTag: 23_300 },
    figure: cardFigure,
  }),
  'model-file': kind({
    files: [
      file('model data', 'data/models/**', { givesWay: 'compressedDownloads' }),
      file('model group data', 'data/model-groups/**', { givesWay: 'compressedDownloads' }),
    ],
    folders: ({ counts, plan }) => [
      ['data/models', ownDataFiles(plan)],
      ['data/model-groups', Math.ceil((counts.models.length - ownDataFiles(plan)) / SHARED_FILE_MODELS)],
    ],
    weights: { base: 532, perScore: 344, perConfiguration: 300, perHistoryPoint: 25.3, scoresGzipped: 0.145, restGzipped: 0.182 },
    ratios: ['scoresGzipped', 'restGzipped'],
    address: { perBaseChar: 0.0007, perOriginChar: 0 },
    figure: modelFileFigure,
  }),
  search: kind({
    files: [file('search index', 'pagefind/**')],
    folders: ({ counts, plan }) => [['pagefind/fragment', plan.keep.modelPages + counts.benches + counts.tags + counts.providerModels.length]],
    weights: { perRecord: 340, files: 1.01 },
    ratios: ['files'],
    figure: searchFigure,
  }),
  'benchmark-page': kind({
    files: [
      page('benchmark results page', 'benchmarks/*/page/**', 'benchmarks/[slug]/page/[page].astro', {
        builder: 'benchmark.ts',
        view: 'benchmark-page.ts',
        givesWay: 'deepResults',
      }),
      page('benchmark', 'benchmarks/**', 'benchmarks/[slug].astro', { builder: 'benchmark.ts', view: 'benchmark-page.ts', search: 'Benchmark' }),
    ],
    givesWay: [
      // Where the number of files binds, longer pages of results: benchmark and tag pages list 250, 500, then 1,000 models a page.
      { place: 8, name: 'resultsPerPage', by: 'longer pages', binds: 'files' },
      // The pages of results past the first of each benchmark and tag (its best models stay on its page; every result is also
      // on its configuration's page and in scores.csv).
      { place: 9, name: 'deepResults', by: 'switch', pulled: false },
    ],
    folders: ({ counts }) => [['benchmarks', counts.benches]],
    // perBench: 3,880 fitted, and 700 measured since for the sections of the mirror's measures of a benchmark with no score;
    // perScoredBench: 4,510 more where it has scores (its verdict's figures, its step chart, its agreement neighbours: 5,210 in all
    // on the 800 first pages of the bench's 10,000-configuration field with details, 4,690 on the sample).
    weights: { perBench: 4580, perScoredBench: 4510, perPage: 5320, perModel: 304, perRow: 307 },
    address: { perBaseChar: 0.0033, perOriginChar: 0.00053 },
    figure: benchmarkPageFigure,
  }),
  'tag-page': kind({
    files: [
      page('tag results page', 'tags/*/page/**', 'tags/[tag]/page/[page].astro', { builder: 'tag.ts', view: 'tag-page.ts', givesWay: 'deepResults' }),
      file('tag feed', 'tags/*/feed.xml'),
      page('tag', 'tags/**', 'tags/[tag].astro', { builder: 'tag.ts', view: 'tag-page.ts', search: 'Tag' }),
    ],
    folders: ({ counts }) => [['tags', counts.tags]],
    weights: {
      perTag: 989,
      perPage: 2630,
      perBenchedPage: -606,
      perBenchListed: 160,
      carryingTable: 3680,
      perCarrying: 220,
      measuredTable: 3860,
      perMeasured: 222,
      perFeedModel: 97.7,
    },
    address: { perBaseChar: 0.0047, perOriginChar: 0.00039 },
    figure: tagPageFigure,
  }),
  // A page per pair of tags at least TAG_PAIR_BENCHES benchmarks carry both of (a row per benchmark they share): measured on
  // the sample's one page, 4,456 bytes with its two rows of 136 and 140.
  'tag-pair-page': kind({
    files: [page('tag pair', 'tags/*/with/**', 'tags/[tag]/with/[second].astro', { builder: 'tag-pair.ts', view: 'tag-pair-page.ts' })],
    weights: { perPage: 4180, perBench: 140 },
    figure: (w, { counts }) => {
      // Per pair of tags (the lower place first), the benchmarks carrying both.
      const shared = new Map<number, number>();
      for (const tags of counts.benchTags)
        for (const a of tags) for (const b of tags) if (a < b) shared.set(a * counts.tags + b, (shared.get(a * counts.tags + b) ?? 0) + 1);
      const pages = [...shared.values()].filter((k) => k >= TAG_PAIR_BENCHES);
      return { files: pages.length, pages: pages.length, bytes: w.perPage * pages.length + w.perBench * pages.reduce((n, k) => n + k, 0) };
    },
  }),
  // Fitted on the 69 vendors' pages and feeds of a site of 10,000 configurations × 365 days (a line through each page's bytes by its rows; the feeds' mean).
  'provider-page': kind({
    files: [
      file('provider feed', 'providers/*/feed.xml'),
      page('provider', 'providers/**', 'providers/[provider].astro', {
        builder: 'provider.ts',
        view: 'provider-page.ts',
        search: 'Provider',
        givesWay: 'providerRows',
      }),
    ],
    // The rows of a vendor's page past its 10 best models at least (every model is on the leaderboard, which filters by
    // vendor; the page says how many more there are and links there). At 50,000 configurations with details GitHub Pages
    // would otherwise leave every vendor's page without a row before a model page gave way (154 vendors' 10 rows weigh about 1.6 MB).
    givesWay: [{ place: 7, name: 'providerRows', by: 'count', all: ({ models }) => models, atLeast: 10 }],
    folders: ({ counts }) => [['providers', counts.providerModels.length]],
    weights: { base: 10_060, perModel: 1_040 },
    figure: providerPageFigure,
  }),
  leaderboard: kind({
    files: [
      page('home', 'index.html', 'index.astro', { builder: 'leaderboard.ts', view: 'list-page.ts' }),
      // Page 1 of the leaderboard is the home page.
      page('leaderboard redirect', 'leaderboard/index.html', 'leaderboard/index.astro', { builder: 'shell.ts', sitemap: false, redirect: '/' }),
      page('leaderboard first page redirect', 'leaderboard/1/index.html', 'leaderboard/1.astro', { builder: 'shell.ts', sitemap: false, redirect: '/' }),
      page('leaderboard page', 'leaderboard/*/index.html', 'leaderboard/[page].astro', { builder: 'leaderboard.ts', view: 'list-page.ts' }),
    ],
    folders: ({ counts }) => [['leaderboard', Math.ceil(counts.models.length / LEADERBOARD_PAGE_SIZE) + 1]],
    weights: { perPage: 8440, perTagOption: 72, perProviderOption: 60, perModel: 676, perConfiguration: 130, perTag: 59.3 },
    address: { perBaseChar: 0.0035, perOriginChar: 0 },
    figure: leaderboardFigure,
  }),
  downloads: kind({
    files: [
      page('downloads', 'data/index.html', 'data/index.astro', { builder: 'pages.ts', view: 'data-page.ts' }),
      file('data readme', 'data/README.txt', { route: 'data/README.txt.ts' }),
      file('benchmark list data', 'data/benchmark-list.json', { route: 'data/benchmark-list.json.ts' }),
      file('benchmarks data', 'data/benchmarks.json', { route: 'data/benchmarks.json.ts' }),
      file('benchmark agreement data', 'data/benchmark-agreement.json', { route: 'data/benchmark-agreement.json.ts' }),
      file('evidence data', 'data/evidence.json', { route: 'data/evidence.json.ts' }),
      file('leaderboard data', 'data/leaderboard.json', { route: 'data/leaderboard.json.ts', builder: 'leaderboard.ts' }),
      file('model list data', 'data/model-list.json', { route: 'data/model-list.json.ts' }),
      file('models csv', 'data/models.csv', { route: 'data/models.csv.ts' }),
      file('models data', 'data/models.json', { route: 'data/models.json.ts' }),
      file('tags data', 'data/tags.json', { route: 'data/tags.json.ts' }),
      file('downloads written by the build', 'data/**', { givesWay: 'compressedDownloads' }),
    ],
    // Where the whole site's size binds, the large downloads and the models' data files published gzipped (scores.csv.gz,
    // history.csv.gz, models/{model}.json.gz, the days of history, the ranking's blocks and parts): nothing is lost.
    givesWay: [{ place: 1, name: 'compressedDownloads', by: 'switch', pulled: true, binds: 'totalBytes' }],
    // perBench: 820 fitted, and 270 measured since for the measures of a benchmark with no score in benchmarks.json and
    // benchmark-list.json; perScoredBench: 1,310 more with scores; perTagPair: 8 (benchmark-agreement.json: 0.50 MB for the 66,066
    // cells of 363 tags at 10,000 configurations with details).
    weights: {
      perConfiguration: 650,
      perBench: 1090,
      perScoredBench: 1310,
      perTagPair: 8,
      perScore: 205,
      perHistoryCell: 14,
      perListedFile: 160,
      scoresGzipped: 0.19,
      historyGzipped: 0.4,
    },
    ratios: ['scoresGzipped', 'historyGzipped'],
    figure: downloadsFigure,
    largestFiles: ({ at, counts }, made, w) => {
      const configurations = at.configurations(counts.models.length);
      return [
        // A part of a CSV download: what the downloads weigh beyond their rows of configurations, at most a part.
        { path: 'data/scores.csv', bytes: Math.min(CSV_PART_BYTES, Math.max(made.bytes - configurations * w.perConfiguration, 0)) },
        // models.json: every configuration in one file.
        { path: 'data/models.json', bytes: configurations * 270 },
      ];
    },
  }),
  history: kind({
    files: [
      page('past leaderboard', 'leaderboard/as-of/index.html', 'leaderboard/as-of/index.astro', { builder: 'past.ts', view: 'list-page.ts', sitemap: false }),
      page('past leaderboard month end', 'leaderboard/as-of/*/index.html', 'leaderboard/as-of/[day].astro', {
        builder: 'past.ts',
        view: 'list-page.ts',
        givesWay: 'pastDays',
      }),
      file('history data', 'data/history/**', { givesWay: 'pastDays' }),
    ],
    // Days of the leaderboard as it stood, the oldest first, but never the last 90 days, a month's end or the oldest day
    // (src/site/data/past-history.ts).
    givesWay: [{ place: 4, name: 'pastDays', by: 'count', all: ({ days }) => days }],
    folders: (_, made) => [['data/history/days', made.files]],
    weights: { perName: 41, perCell: 2.95, perDay: 350, gzipped: 0.37 },
    ratios: ['gzipped'],
    address: { perBaseChar: 0.00026, perOriginChar: 0 },
    figure: historyFigure,
  }),
  // Measured on the files of the bench's 10,000 × 365 field: the index, the blocks (40 bytes a model) and the 364 parts (a plane through their bytes by benchmarks and scores).
  rank: kind({
    files: [
      page('rank', 'rank/**', 'rank.astro', { builder: 'rank.ts', view: 'rank-page.ts' }),
      file('rank data', 'data/rank.json', { route: 'data/rank.json.ts', builder: 'rank.ts', givesWay: 'rankModels' }),
      file('rank data parts', 'data/rank/**', { route: 'data/rank/[...part].ts', builder: 'rank.ts', givesWay: 'rankModels' }),
    ],
    // The models rank.json holds, so that the ranking by a visitor's weights ranks the best models only: a model there costs a
    // few hundred bytes, far less than its page, and a model far down by supraScore may lead under one capability's weight.
    givesWay: [{ place: 12, name: 'rankModels', by: 'count', all: ({ models }) => models }],
    weights: { page: 70_000, perTag: 425, perBench: 80, perModel: 40, perPart: 380, perPartBench: 37, perScore: 7.3, partCap: 1_620_000, gzipped: 0.3 },
    ratios: ['gzipped'],
    figure: rankFigure,
  }),
  'snapshot-db': kind({
    files: [file('snapshot file', 'data/snapshot.db*')],
    weights: {},
    figure: snapshotDbFigure,
  }),
  // perBench: 870 fitted, and the list's two new columns since (150 bytes a row); views, perViewBench, perViewTag: the three
  // pre-rendered views of the list, measured at 10,000 configurations with details: 31 KB a first page, a row of every benchmark
  // in two of them (760 bytes each) and of the few still separating the leaders in the third, a tag's option in each form.
  other: kind({
    files: [
      page('comparison tool', 'compare/index.html', 'compare/index.astro', { builder: 'pages.ts', view: 'compare-page.ts' }),
      page('benchmarks', 'benchmarks/index.html', 'benchmarks/index.astro', { builder: 'benchmark-list.ts', view: 'list-page.ts' }),
      page('benchmarks page', 'benchmarks/page/**', 'benchmarks/page/[page].astro', { builder: 'benchmark-list.ts', view: 'list-page.ts' }),
      page('benchmarks view', 'benchmarks/view/**', 'benchmarks/view/[...view].astro', { builder: 'benchmark-list.ts', view: 'list-page.ts' }),
      page('tags', 'tags/index.html', 'tags/index.astro', { builder: 'pages.ts', view: 'tags-page.ts' }),
      page('changes', 'changes/index.html', 'changes/index.astro', { builder: 'changes.ts', view: 'changes-page.ts' }),
      file('changes feed', 'changes/feed.xml', { route: 'changes/feed.xml.ts' }),
      page('about', 'about/**', 'about.astro', { builder: 'pages.ts' }),
      page('not found', '404.html', '404.astro', { builder: 'shell.ts', sitemap: false }),
      file('robots', 'robots.txt', { route: 'robots.txt.ts' }),
      // Every file the other entries do not take.
      file('everything else', '**'),
    ],
    // The comparison tool's page, the benchmarks list's first page and its folder of pages, the tags list.
    folders: () => [
      ['compare', 1],
      ['benchmarks', 2],
      ['tags', 1],
    ],
    weights: { perBench: 1020, perTag: 190, perPage: 75, bytes: 600_000, files: 60, views: 100_000, perViewBench: 1700, perViewTag: 180 },
    ratios: ['files'],
    address: { perBaseChar: 0.0111, perOriginChar: 0.009 },
    figure: otherFigure,
  }),
};

export type OutputKind = keyof typeof KINDS;
/** The kinds, in the order of their entries: the order they are weighed and reported in. */
export const OUTPUT_KINDS = Object.keys(KINDS) as OutputKind[];
/** A kind's entry, as the loops over every kind read it. */
export const entryOf = (kind: OutputKind) => KINDS[kind] as KindEntry<Record<string, number>>;

/** Each kind's files and bytes. */
export type KindFigures = Record<OutputKind, Figure>;

/** A kind's name in Weights (`model-page` -> `modelPage`). */
type WeightsKey<S extends string> = S extends `${infer A}-${infer B}` ? `${A}${Capitalize<WeightsKey<B>>}` : S;
export const weightsKey = <K extends OutputKind>(kind: K) => kind.replace(/-(.)/g, (_, c: string) => c.toUpperCase()) as WeightsKey<K>;

/** What each kind of output weighs per thing it shows, by its entry, and what the site's address adds to each (`address`). */
export type Weights = { [K in OutputKind as WeightsKey<K>]: (typeof KINDS)[K]['weights'] } & { address: Partial<Record<OutputKind, AddressShare>> };
