/**
 * The kinds of output a site is made of, one entry each: what a plan weighs and a build measures
 * (which files are of each: src/site/plan/page-kinds.ts). An entry is the kind's cost model: its
 * weights, fitted on built sites (bytes, decimal, per thing its files show), which of them are
 * ratios a build's measurement does not scale, what a character more of the site's address adds to
 * it, and its figure: its files and bytes as a function of the field's counts and the plan
 * (src/site/plan/kind-figures.ts). The plan's weights (src/site/plan/weights.ts), its estimate and
 * the bench's figures read the entries; nothing lists the kinds a second time.
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

/** What a character more of the site's address than FITTED_AT's adds to a kind, as a share of its bytes: of its base path (in every link), of its origin (in every absolute address: canonical links, feeds, the sitemap). */
export interface AddressShare {
  perBaseChar: number;
  perOriginChar: number;
}

/** A kind of output's cost model. */
export interface OutputCost<W extends Record<string, number>> {
  /** Its weights as fitted (DEFAULT_WEIGHTS), per thing its files show. */
  weights: W;
  /** The weights that are ratios or counts of files (what gzip leaves, files per record): a build's measurement does not scale them. */
  ratios?: readonly (keyof W & string)[];
  address?: AddressShare;
  /** Its files and bytes under a plan, as at FITTED_AT; kinds are weighed in the order of the entries, so a figure may read those before it. */
  figure: (weights: W, e: Weighing) => Weighed;
}

const cost = <W extends Record<string, number>>(entry: OutputCost<W>) => entry;

/** The fewest benchmarks two tags share for a page of the pair: one shared benchmark is that benchmark's own page. */
export const TAG_PAIR_BENCHES = 2;

export const OUTPUT_COSTS = {
  'model-page': cost({
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
  'model-feed': cost({ weights: { base: 650, perChange: 620 }, address: { perBaseChar: 0.0036, perOriginChar: 0.0035 }, figure: modelFeedFigure }),
  badge: cost({ weights: { base: 1770 }, figure: badgeFigure }),
  'configuration-page': cost({
    weights: { base: 6010, perScore: 578, perSibling: 296, perTag: 75.3, perHistoryPoint: 5.86 },
    address: { perBaseChar: 0.004, perOriginChar: 0.00038 },
    figure: configurationPageFigure,
  }),
  comparison: cost({ weights: { base: 8390, perShared: 804 }, address: { perBaseChar: 0.0036, perOriginChar: 0.00033 }, figure: comparisonFigure }),
  card: cost({ weights: { base: 84_300, perModel: 19_100, perTag: 23_300 }, figure: cardFigure }),
  'model-file': cost({
    weights: { base: 532, perScore: 344, perConfiguration: 300, perHistoryPoint: 25.3, scoresGzipped: 0.145, restGzipped: 0.182 },
    ratios: ['scoresGzipped', 'restGzipped'],
    address: { perBaseChar: 0.0007, perOriginChar: 0 },
    figure: modelFileFigure,
  }),
  search: cost({ weights: { perRecord: 340, files: 1.01 }, ratios: ['files'], figure: searchFigure }),
  'benchmark-page': cost({
    // perBench: 3,880 fitted, and 700 measured since for the sections of the mirror's measures of a benchmark with no score;
    // perScoredBench: 4,510 more where it has scores (its verdict's figures, its step chart, its agreement neighbours: 5,210 in all
    // on the 800 first pages of the bench's 10,000-configuration field with details, 4,690 on the sample).
    weights: { perBench: 4580, perScoredBench: 4510, perPage: 5320, perModel: 304, perRow: 307 },
    address: { perBaseChar: 0.0033, perOriginChar: 0.00053 },
    figure: benchmarkPageFigure,
  }),
  'tag-page': cost({
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
  'tag-pair-page': cost({
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
  'provider-page': cost({ weights: { base: 10_060, perModel: 1_040 }, figure: providerPageFigure }),
  leaderboard: cost({
    weights: { perPage: 8440, perTagOption: 72, perProviderOption: 60, perModel: 676, perConfiguration: 130, perTag: 59.3 },
    address: { perBaseChar: 0.0035, perOriginChar: 0 },
    figure: leaderboardFigure,
  }),
  downloads: cost({
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
  }),
  history: cost({
    weights: { perName: 41, perCell: 2.95, perDay: 350, gzipped: 0.37 },
    ratios: ['gzipped'],
    address: { perBaseChar: 0.00026, perOriginChar: 0 },
    figure: historyFigure,
  }),
  // Measured on the files of the bench's 10,000 × 365 field: the index, the blocks (40 bytes a model) and the 364 parts (a plane through their bytes by benchmarks and scores).
  rank: cost({
    weights: { page: 70_000, perTag: 425, perBench: 80, perModel: 40, perPart: 380, perPartBench: 37, perScore: 7.3, partCap: 1_620_000, gzipped: 0.3 },
    ratios: ['gzipped'],
    figure: rankFigure,
  }),
  'snapshot-db': cost({ weights: {}, figure: snapshotDbFigure }),
  // perBench: 870 fitted, and the list's two new columns since (150 bytes a row); views, perViewBench, perViewTag: the three
  // pre-rendered views of the list, measured at 10,000 configurations with details: 31 KB a first page, a row of every benchmark
  // in two of them (760 bytes each) and of the few still separating the leaders in the third, a tag's option in each form.
  other: cost({
    weights: { perBench: 1020, perTag: 190, perPage: 75, bytes: 600_000, files: 60, views: 100_000, perViewBench: 1700, perViewTag: 180 },
    ratios: ['files'],
    address: { perBaseChar: 0.0111, perOriginChar: 0.009 },
    figure: otherFigure,
  }),
};

export type OutputKind = keyof typeof OUTPUT_COSTS;
/** The kinds, in the order of their entries: the order they are weighed and reported in. */
export const OUTPUT_KINDS = Object.keys(OUTPUT_COSTS) as OutputKind[];

/** Each kind's files and bytes. */
export type KindFigures = Record<OutputKind, Figure>;

/** A kind's name in Weights (`model-page` -> `modelPage`). */
type WeightsKey<S extends string> = S extends `${infer A}-${infer B}` ? `${A}${Capitalize<WeightsKey<B>>}` : S;
export const weightsKey = <K extends OutputKind>(kind: K) => kind.replace(/-(.)/g, (_, c: string) => c.toUpperCase()) as WeightsKey<K>;

/** What each kind of output weighs per thing it shows, by its entry, and what the site's address adds to each (`address`). */
export type Weights = { [K in OutputKind as WeightsKey<K>]: (typeof OUTPUT_COSTS)[K]['weights'] } & { address: Partial<Record<OutputKind, AddressShare>> };
