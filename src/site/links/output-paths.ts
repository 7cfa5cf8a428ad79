/**
 * Where the files the publish step writes beside Astro's pages live in `dist/`, relative to its
 * root: link previews, rank badges, the per-model and per-tag feeds, and the per-model data files
 * history.csv and scores.csv (in parts past a size). Only a `segment` from the
 * one path rule (src/site/data/paths.ts) becomes part of a path; pages link these through links.ts.
 */

interface HasSegment {
  segment: string;
}

/** The folder of the link-preview images. */
export const CARD_DIR = 'og';

/** The pages of things, from the site's root (links.ts puts them under the configured base). */
export const modelPath = (model: HasSegment) => `/models/${model.segment}/`;
export const configurationPath = (configuration: HasSegment) => `/configurations/${configuration.segment}/`;
export const benchPath = (bench: HasSegment) => `/benchmarks/${bench.segment}/`;
export const tagPath = (tag: HasSegment) => `/tags/${tag.segment}/`;
export const providerPath = (provider: HasSegment) => `/providers/${provider.segment}/`;
/** Page N of a benchmark's results, of a tag's models, of the leaderboard and of the benchmarks list: page 1 is the thing's own page. */
export const benchPagePath = (bench: HasSegment, page = 1) => (page <= 1 ? benchPath(bench) : `${benchPath(bench)}page/${page}/`);
export const tagPagePath = (tag: HasSegment, page = 1) => (page <= 1 ? tagPath(tag) : `${tagPath(tag)}page/${page}/`);
export const leaderboardPath = (page: number) => (page <= 1 ? '/' : `/leaderboard/${page}/`);
/** Two segments deep, so no benchmark slug can collide with a page of the list. */
export const benchmarksPath = (page: number) => (page <= 1 ? '/benchmarks/' : `/benchmarks/page/${page}/`);
/** A pre-rendered comparison (`/compare/a-vs-b/`). */
export const comparisonPath = (comparison: HasSegment) => `/compare/${comparison.segment}/`;
/** The benchmarks two tags share (`/tags/{tag}/with/{tag}/`). */
export const tagPairPath = (first: HasSegment, second: HasSegment) => `${tagPath(first)}with/${second.segment}/`;
/** A file of the downloads, by its name under `/data/`. */
export const dataPath = (file: string) => `/data/${file}`;

/** Models per shared data file of the models that have no page (the comparison page draws them from it). */
export const SHARED_FILE_MODELS = 100;

/** Days of history in history.csv, counted back from the snapshot. */
export const HISTORY_DAYS = 90;

/** Parts of the large CSV files (scores.csv, history.csv) stay under this, below the 25 MiB one file may have on Cloudflare Pages. */
export const CSV_PART_BYTES = 20 * 1024 * 1024;

/** A model's data file, which the comparison page's script loads: its own for a model with a page. */
export const modelDataFile = (model: HasSegment) => `data/models/${model.segment}.json`;
/**
 * The data file shared by the models without a page of their own, group `n` (from 1) of them in
 * model rank order: the number of files does not grow one per model past the models that keep a
 * page. In a folder of their own, so no model's segment can take their names.
 */
export const sharedModelDataFile = (n: number) => `data/model-groups/${n}.json`;
type DataFilePlan = { keep: { modelPages: number }; compressedDownloads: boolean };

/**
 * How many of the best models have a data file of their own: those with a page, unless the plan
 * gzips the data files, which then all go in groups (a hundred models' data gzip to two thirds of
 * what their own files do).
 */
export const ownDataFiles = (plan: DataFilePlan) => (plan.compressedDownloads ? 0 : plan.keep.modelPages);

/**
 * A model's data file under `/data/`: its own, or the one its group shares (by its place among the
 * models without one), gzipped where the plan says. The extras worker writes it there.
 */
export function modelDataPath(model: HasSegment & { index: number }, plan: DataFilePlan): string {
  const own = ownDataFiles(plan);
  const file = model.index < own ? modelDataFile(model) : sharedModelDataFile(Math.floor((model.index - own) / SHARED_FILE_MODELS) + 1);
  return `${file.slice('data/'.length)}${plan.compressedDownloads ? '.gz' : ''}`;
}

/**
 * Part `n` (from 1) of a CSV download that comes in parts past a size: `data/scores.csv`, then
 * `data/scores-2.csv`, `data/scores-3.csv`, …; gzipped (`scores.csv.gz`, `scores-2.csv.gz`) where
 * the deploy target's size limit asks for it.
 */
export const csvPartFile = (file: PartedCsv, n: number, gzipped = false) =>
  `data/${n === 1 ? file : file.replace(/\.csv$/, `-${n}.csv`)}${gzipped ? '.gz' : ''}`;
export type PartedCsv = 'scores.csv' | 'history.csv';
/** The large downloads a plan may publish gzipped. */
export const COMPRESSIBLE: readonly string[] = ['scores.csv', 'history.csv'] satisfies PartedCsv[];
/** What else under /data/ such a plan gzips by its name: the source's ranges for /rank/ (src/site/routes/rank.ts' sourceRangesPath). */
const GZIPPED_WITH_THEM: readonly string[] = [...COMPRESSIBLE, 'rank/ranges.json'];
/** The name a file under /data/ is published under: `scores.csv`, or `scores.csv.gz` where the plan gzips it. */
export const publishedName = (file: string, compressed: boolean) => (compressed && GZIPPED_WITH_THEM.includes(file) ? `${file}.gz` : file);
/** The download a part (`scores-2.csv`, `scores.csv.gz`, under /data/) belongs to, or undefined. */
export function partedCsvOf(name: string): PartedCsv | undefined {
  const m = /^(scores|history)(?:-(?:[2-9]|[1-9]\d+))?\.csv(\.gz)?$/.exec(name);
  return m && (m[2] || name.includes('-')) ? (`${m[1]}.csv` as PartedCsv) : undefined;
}

export const modelFeedFile = (model: HasSegment) => `models/${model.segment}/feed.xml`;
export const tagFeedFile = (tag: HasSegment) => `tags/${tag.segment}/feed.xml`;
export const providerFeedFile = (provider: HasSegment) => `providers/${provider.segment}/feed.xml`;
/** A model's rank badge, beside its page: a folder of its own per model keeps every folder of the site small (a `badges/` folder held two files per model). */
export const badgeFile = (model: HasSegment, format: 'svg' | 'json') => `models/${model.segment}/badge.${format}`;
