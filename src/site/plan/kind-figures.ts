/**
 * How each kind of output a plan makes is weighed, as at the address the weights are fitted at: what
 * its files show (the field's counts, src/site/plan/types.ts) times what each of those things weighs.
 * Each figure takes its kind's own weights, whose fitted values are its entry in
 * src/site/plan/output-kinds.ts; nothing here names a kind.
 */
import { CSV_PART_BYTES, HISTORY_DAYS, ownDataFiles, SHARED_FILE_MODELS } from '../links/output-paths.ts';
import { BENCHMARKS_PAGE_SIZE, LEADERBOARD_PAGE_SIZE } from '../lists/pagination.ts';
import { BENCHMARK_VIEWS } from '../lists/benchmarks.ts';
import { BLOCK as RANK_BLOCK } from '../evidence/rank-file.ts';
import { RESULTS_PER_PAGE, type Draft, type FieldCounts, type ModelCounts } from './types.ts';

/** Changed models an entry of a tag's feed names (src/site/files/feed.ts); the others it counts. */
export const TAG_FEED_MODELS = 10;

export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Prefix sums of a per-model figure: `at(k)` is the sum over the best k models. */
function prefix(models: readonly ModelCounts[], f: (m: ModelCounts) => number): (k: number) => number {
  const sums = new Float64Array(models.length + 1);
  for (let i = 0; i < models.length; i++) sums[i + 1] = sums[i]! + f(models[i]!);
  return (k) => sums[Math.max(0, Math.min(k, models.length))]!;
}

/** The per-model sums a plan weighs, over the best k models; made once per field's counts (a plan weighs hundreds of drafts). */
function modelSums(models: readonly ModelCounts[]) {
  return {
    configurations: prefix(models, (m) => m.configurations),
    scores: prefix(models, (m) => m.scores),
    best: prefix(models, (m) => m.bestScores),
    benches: prefix(models, (m) => m.benches),
    cells: prefix(models, (m) => m.benches * m.configurations),
    configurationTags: prefix(models, (m) => m.configurationTags),
    historyPoints: prefix(models, (m) => m.historyPoints),
    configurationHistoryPoints: prefix(models, (m) => m.configurationHistoryPoints),
    shared: prefix(models, (m) => m.sharedWithNext),
    // A configuration's page lists its model's configurations where there are several; so does the model's row.
    siblings: prefix(models, (m) => (m.configurations > 1 ? m.configurations * m.configurations : 0)),
    listed: prefix(models, (m) => (m.configurations > 1 ? m.configurations : 0)),
    tagsShown: prefix(models, (m) => m.tagsShown),
  };
}
const sumsOf = new WeakMap<readonly ModelCounts[], ReturnType<typeof modelSums>>();
export function sumsFor(models: readonly ModelCounts[]): ReturnType<typeof modelSums> {
  let at = sumsOf.get(models);
  if (!at) sumsOf.set(models, (at = modelSums(models)));
  return at;
}

/** A kind's files and bytes. */
export interface Figure {
  files: number;
  bytes: number;
}

/** A kind's figure with what kinds weighed after it read of it: the pages among its files (the sitemap lists each), what a page of a past day weighs. */
export interface Weighed extends Figure {
  pages?: number;
  pastPage?: number;
}

/** What each kind's figure is weighed from: the field's counts and its sums over the best k models (`at`), the plan, and the kinds weighed before it (`done`). */
export interface Weighing {
  counts: FieldCounts;
  at: ReturnType<typeof modelSums>;
  plan: Draft;
  /** Pre-rendered comparisons: each of the best `keep.comparisons` models with the next. */
  pairs: number;
  /** Days of history kept. */
  days: number;
  done: Readonly<Record<string, Weighed>>;
}

/** What a plan weighs each kind from, before any kind is weighed. */
export function weighingOf(counts: FieldCounts, plan: Draft): Weighing {
  return {
    counts,
    at: sumsFor(counts.models),
    plan,
    pairs: Math.max(0, Math.min(plan.keep.comparisons, counts.models.length) - 1),
    days: daysKept(counts.history, plan.keep.pastDays),
    done: {},
  };
}

/** The digits of the numbers 0 to n - 1, on average: a day of history names each configuration by its place among n. */
export function averageDigits(n: number): number {
  let digits = 0;
  for (let from = 0, d = 1; from < n; from = from === 0 ? 10 : from * 10, d++) digits += d * (Math.min(n, from === 0 ? 10 : from * 10) - from);
  return n > 0 ? digits / n : 0;
}

/**
 * A model's page: its configurations' rows (`perConfiguration`, `perTag` of each), its table of
 * scores (`perBench` a row, `perCell` a cell of a row, `perScore` what a score takes in a cell more
 * or less than "no score"), its charts (`perHistoryPoint`), its recent changes, and where the plan
 * makes them its badge's section, its feed's link and a link to each pre-rendered comparison.
 */
export interface ModelPageWeights {
  base: number;
  perConfiguration: number;
  perScore: number;
  perBench: number;
  perCell: number;
  perTag: number;
  perHistoryPoint: number;
  perRecentChange: number;
  badge: number;
  feed: number;
  perComparison: number;
}

/** The best `keep.modelPages` models' pages, with the sections and links of what else the plan makes of them and its comparisons. */
export function modelPageFigure(mp: ModelPageWeights, { counts, at, plan, pairs }: Weighing): Weighed {
  const { keep } = plan;
  const k = keep.modelPages;
  return {
    files: k,
    pages: k,
    bytes:
      mp.base * k +
      mp.perConfiguration * at.configurations(k) +
      mp.perScore * at.scores(k) +
      mp.perBench * at.benches(k) +
      mp.perCell * at.cells(k) +
      mp.perTag * at.configurationTags(k) +
      mp.perHistoryPoint * at.historyPoints(k) +
      mp.perRecentChange * counts.recentChanges * k +
      mp.badge * Math.min(keep.badges, k) +
      mp.feed * Math.min(keep.modelFeeds, k) +
      // Each pre-rendered comparison is linked from both its models' pages.
      mp.perComparison * 2 * pairs,
  };
}

/** A model's feed: an entry per recent change. */
export const modelFeedFigure = (w: { base: number; perChange: number }, { counts, plan }: Weighing): Weighed => ({
  files: plan.keep.modelFeeds,
  bytes: (w.base + w.perChange * counts.recentChanges) * plan.keep.modelFeeds,
});

/** Both files of a badge: SVG and shields.io JSON. */
export const badgeFigure = (w: { base: number }, { plan }: Weighing): Weighed => ({ files: 2 * plan.keep.badges, bytes: w.base * plan.keep.badges });

/** A configuration's page: its submissions' rows, its model's configurations (`perSibling`, where it has more than one), its tags and its chart. */
export interface ConfigurationPageWeights {
  base: number;
  perScore: number;
  perSibling: number;
  perTag: number;
  perHistoryPoint: number;
}

/** The pages of the configurations of the best `keep.configurationPages` models. */
export function configurationPageFigure(cp: ConfigurationPageWeights, { at, plan }: Weighing): Weighed {
  const models = plan.keep.configurationPages;
  const files = at.configurations(models);
  const bytes = cp.base * files + cp.perScore * at.scores(models) + cp.perSibling * at.siblings(models) + cp.perTag * at.configurationTags(models);
  return { files, pages: files, bytes: bytes + cp.perHistoryPoint * at.configurationHistoryPoints(models) };
}

/** A pre-rendered comparison: a row per benchmark the two best configurations share. */
export const comparisonFigure = (w: { base: number; perShared: number }, { at, pairs }: Weighing): Weighed => ({
  files: pairs,
  pages: pairs,
  bytes: w.base * pairs + w.perShared * at.shared(pairs),
});

/** Link-preview cards: the leaderboard's and the site's (and the list of cards), each tag's, and the best models'. */
export const cardFigure = (w: { base: number; perModel: number; perTag: number }, { counts, plan }: Weighing): Weighed => ({
  files: plan.keep.cards + counts.tags + 3,
  bytes: w.base + w.perModel * plan.keep.cards + w.perTag * counts.tags,
});

/**
 * A model's data file: its configurations, each submission of its best configuration, its points
 * of history; in a gzipped file of a hundred models', what gzip leaves of its submissions and of the rest.
 */
export interface ModelFileWeights {
  base: number;
  perScore: number;
  perConfiguration: number;
  perHistoryPoint: number;
  scoresGzipped: number;
  restGzipped: number;
}

/** One file per model with one of its own, the others in groups of a hundred: the same bytes a model either way, unless gzipped. */
export function modelFileFigure(mf: ModelFileWeights, { counts, at, plan }: Weighing): Weighed {
  const n = counts.models.length;
  const own = ownDataFiles(plan);
  // Gzipped where the plan gzips the downloads: every model's, in a file of its own or of a group.
  const scores = mf.perScore * at.best(n);
  const rest = mf.base * n + mf.perConfiguration * at.configurations(n) + mf.perHistoryPoint * at.historyPoints(n);
  return {
    files: own + Math.ceil((n - own) / SHARED_FILE_MODELS),
    bytes: plan.compressedDownloads ? mf.scoresGzipped * scores + mf.restGzipped * rest : scores + rest,
  };
}

/** A search record of each model page, benchmark and tag: its fragment and its share of the index; `files` per record. */
export function searchFigure(w: { perRecord: number; files: number }, { counts, plan }: Weighing): Weighed {
  const records = plan.keep.modelPages + counts.benches + counts.tags;
  return { files: Math.ceil(records * w.files) + 8, bytes: w.perRecord * records };
}

/** How a plan lists a benchmark's or a tag's results of `models` models: on how many pages, how many of them, and the pages with rows on them. */
function resultLists({ resultsPerPage, deepResults }: Draft) {
  return {
    // Enough pages for its longer list at resultsPerPage models a page, or its first page alone.
    pagesFor: (models: number) => (deepResults ? Math.max(1, Math.ceil(models / resultsPerPage)) : 1),
    upTo: (models: number) => (deepResults ? models : Math.min(models, resultsPerPage)),
    // The pages a list of results has rows on.
    tables: (models: number) => (deepResults ? Math.ceil(models / resultsPerPage) : Math.min(1, models)),
  };
}

/**
 * A benchmark's pages: `perBench` once (its figures, chart and tags), `perScoredBench` more where it has submissions (the mirror's
 * measures of it: its verdict's figures, its step chart, its agreement neighbours), `perPage` each, a group per model and a row per submission listed.
 */
export interface BenchmarkPageWeights {
  perBench: number;
  perScoredBench: number;
  perPage: number;
  perModel: number;
  perRow: number;
}

/** The benchmarks' pages: a group per model and a row per submission each lists. */
export function benchmarkPageFigure(bp: BenchmarkPageWeights, { counts, plan }: Weighing): Weighed {
  const { pagesFor, upTo } = resultLists(plan);
  const first = RESULTS_PER_PAGE.indexOf(plan.resultsPerPage as (typeof RESULTS_PER_PAGE)[number]);
  let pages = 0;
  let groups = 0;
  let rows = 0;
  for (const b of counts.benchResults.values()) {
    pages += pagesFor(b.models);
    groups += upTo(b.models);
    rows += plan.deepResults || first < 0 ? b.rows : b.firstRows[first]!;
  }
  // Benchmarks without a submission have a page of their own too.
  pages += Math.max(0, counts.benches - counts.benchResults.size);
  return {
    files: pages,
    pages,
    bytes: bp.perBench * counts.benches + bp.perScoredBench * counts.benchResults.size + bp.perPage * pages + bp.perModel * groups + bp.perRow * rows,
  };
}

/**
 * A tag's pages and feed: `perTag` once (the feed's fixed part with it), `perPage` each, its
 * benchmarks on each page (and the measured ranking's explanation where it has any), each
 * ranking's table where a page has rows of it and a row per model of it, and in its feed the
 * models that carry it, up to TAG_FEED_MODELS, in each of its entries (one per recent change).
 */
export interface TagPageWeights {
  perTag: number;
  perPage: number;
  perBenchedPage: number;
  perBenchListed: number;
  carryingTable: number;
  perCarrying: number;
  measuredTable: number;
  perMeasured: number;
  perFeedModel: number;
}

/** The tags' pages and feeds: each page with the tag's benchmarks and its two rankings' tables, each feed naming its models. */
export function tagPageFigure(tp: TagPageWeights, { counts, plan }: Weighing): Weighed {
  const { pagesFor, upTo, tables } = resultLists(plan);
  let pages = 0;
  let benchedPages = 0;
  let benchesListed = 0;
  let carrying = 0;
  let measured = 0;
  let carryingTables = 0;
  let measuredTables = 0;
  let feedModels = 0;
  for (const t of counts.tagLists.values()) {
    const tagPages = pagesFor(Math.max(t.carrying, t.measured));
    pages += tagPages;
    if (t.benches > 0) benchedPages += tagPages;
    benchesListed += tagPages * t.benches;
    carrying += upTo(t.carrying);
    measured += upTo(t.measured);
    carryingTables += tables(t.carrying);
    measuredTables += tables(t.measured);
    feedModels += counts.recentChanges * Math.min(t.carrying, TAG_FEED_MODELS);
  }
  return {
    files: pages + counts.tags,
    pages,
    bytes:
      tp.perTag * counts.tags +
      tp.perPage * pages +
      tp.perBenchedPage * benchedPages +
      tp.perBenchListed * benchesListed +
      tp.carryingTable * carryingTables +
      tp.perCarrying * carrying +
      tp.measuredTable * measuredTables +
      tp.perMeasured * measured +
      tp.perFeedModel * feedModels,
  };
}

/** A vendor's page and feed (`base`), and a row per model of it (its configurations and tags with it, on average). */
export const providerPageFigure = (w: { base: number; perModel: number }, { counts, plan }: Weighing): Weighed => ({
  files: 2 * counts.providerModels.length,
  bytes: w.base * counts.providerModels.length + w.perModel * sum(counts.providerModels.map((k) => Math.min(k, plan.keep.providerRows))),
});

/**
 * The leaderboard's pages: each with its filter's options (a tag a model carries, a vendor), a row
 * per model, the list of its configurations where it has several, the first tags of it.
 */
export interface LeaderboardWeights {
  perPage: number;
  perTagOption: number;
  perProviderOption: number;
  perModel: number;
  perConfiguration: number;
  perTag: number;
}

/** The leaderboard's pages and files, and what a page of a past day weighs (`pastPage`). */
export function leaderboardFigure(lb: LeaderboardWeights, { counts, at }: Weighing): Weighed {
  const n = counts.models.length;
  const pages = Math.max(1, Math.ceil(n / LEADERBOARD_PAGE_SIZE));
  let tagOptions = 0;
  for (const t of counts.tagLists.values()) if (t.carrying > 0) tagOptions++;
  // A page of the leaderboard, its filter's options, and a row of each of its models (the best ones), as the pages of past days show them.
  const page = lb.perPage + lb.perTagOption * tagOptions + lb.perProviderOption * counts.providers;
  const firstPage = Math.min(n, LEADERBOARD_PAGE_SIZE);
  const rowOfBest = lb.perModel + (lb.perConfiguration * at.listed(firstPage) + lb.perTag * at.tagsShown(firstPage)) / Math.max(1, firstPage);
  return {
    files: pages + 2,
    pages,
    pastPage: page + rowOfBest * firstPage,
    bytes: page * pages + lb.perModel * n + lb.perConfiguration * at.listed(n) + lb.perTag * at.tagsShown(n),
  };
}

/**
 * The downloads: per configuration (models.csv/json, leaderboard.json, model-list.json), per
 * benchmark, per submission (scores.csv), per history cell (history.csv), and what gzip leaves of
 * each of the two; and the manifest's entry of each file it lists (the models' data files, the days of history).
 */
export interface DownloadsWeights {
  perConfiguration: number;
  perBench: number;
  /** More per benchmark with submissions: the mirror's measures of it in benchmarks.json. */
  perScoredBench: number;
  /** benchmark-agreement.json, where some benchmark has submissions: a cell per two tags (the matrix's half), at most. */
  perTagPair: number;
  perScore: number;
  perHistoryCell: number;
  perListedFile: number;
  scoresGzipped: number;
  historyGzipped: number;
}

/** scores.csv and history.csv (in parts of CSV_PART_BYTES, gzipped where the plan says), the rest, and the manifest's entries of the models' data files and the days of history. */
export function downloadsFigure(d: DownloadsWeights, { counts, at, plan, days, done }: Weighing): Weighed {
  const n = counts.models.length;
  const { compressedDownloads } = plan;
  // The manifest lists every data file and every day of history (index.json, names.json and a file a day kept).
  const listedFiles = (done['model-file']?.files ?? 0) + (counts.history.days > 0 ? 2 + days : 0);
  const scoresCsv = at.scores(n) * d.perScore * (compressedDownloads ? d.scoresGzipped : 1);
  const historyCsv = at.configurations(n) * Math.min(counts.historySnapshots, HISTORY_DAYS) * d.perHistoryCell * (compressedDownloads ? d.historyGzipped : 1);
  const parts = (bytes: number) => Math.max(1, Math.ceil(bytes / CSV_PART_BYTES));
  return {
    files: parts(scoresCsv) + parts(historyCsv) + 24,
    bytes:
      d.perConfiguration * at.configurations(n) +
      d.perBench * counts.benches +
      d.perScoredBench * counts.benchResults.size +
      (counts.benchResults.size > 0 ? (d.perTagPair * counts.tags * (counts.tags + 1)) / 2 : 0) +
      scoresCsv +
      historyCsv +
      d.perListedFile * listedFiles,
  };
}

/** The days of history a plan keeps: those every target keeps, and the newest `pastDays` of the others. */
function daysKept(history: FieldCounts['history'], pastDays: number): number {
  return Math.min(history.days, history.alwaysKept + Math.min(pastDays, Math.max(0, history.days - history.alwaysKept)));
}

/**
 * The files of the leaderboard as it stood: the names table per configuration the history names,
 * a day's file per configuration that day (its place among those names, in as many digits as it
 * takes, and `perCell` more) and its fixed part, and what gzip leaves of them.
 */
export interface HistoryWeights {
  perName: number;
  perCell: number;
  perDay: number;
  gzipped: number;
}

/** index.json, names.json, a file a day kept, the page drawn from them and the static pages of month ends (a leaderboard page each, as the leaderboard weighs a past day's). */
export function historyFigure(h: HistoryWeights, { counts, at, plan, days, done }: Weighing): Weighed {
  const { history } = counts;
  if (!(history.days > 0)) return { files: 0, bytes: 0, pages: history.pages };
  const pastPage = done.leaderboard?.pastPage ?? 0;
  const gzip = plan.compressedDownloads ? h.gzipped : 1;
  const configurations = at.configurations(counts.models.length);
  return {
    files: 3 + days + history.pages,
    pages: history.pages,
    bytes:
      gzip * (h.perName * history.configurations + days * (h.perDay + (h.perCell + averageDigits(history.configurations)) * configurations)) +
      (history.pages + 1) * pastPage,
  };
}

/** `/rank/` and rank.json: the page (its rows and a field per tag) and the file (per model, per counting score of its best configuration, per benchmark). */
/**
 * `/rank/` and its data: the page (a field per tag), the index (per benchmark, and per tag its part's
 * entry), the blocks of the best `keep.rankModels` models, the part of every benchmark for them, and
 * a part per tag some benchmark carries, of the counting scores on its benchmarks (as many as
 * `keep.rankModels` keeps of the field); each part at most what the budget holds.
 */
export function rankFigure(
  w: {
    page: number;
    perTag: number;
    perBench: number;
    perModel: number;
    perPart: number;
    perPartBench: number;
    perScore: number;
    partCap: number;
    gzipped: number;
  },
  { counts, at, plan }: Weighing,
): Weighed {
  const k = plan.keep.rankModels;
  const kept = counts.models.length > 0 ? Math.min(1, k / counts.models.length) : 0;
  // Gzipped where the plan gzips the large downloads: the blocks and parts, not the page nor the index.
  const stored = plan.compressedDownloads ? w.gzipped : 1;
  const part = (benches: number, scores: number) => Math.min(w.partCap, w.perPart + w.perPartBench * benches + w.perScore * scores);
  let files = 3 + Math.ceil(k / RANK_BLOCK);
  let data = w.perModel * k + part(counts.benches, at.scores(k));
  for (const t of counts.tagLists.values())
    if (t.benches > 0) {
      files++;
      data += part(t.benches, kept * t.scores);
    }
  return { files, bytes: w.page + w.perTag * counts.tags + w.perBench * counts.benches + stored * data };
}

/** The snapshot file as /data/ publishes it: made before the plan, so known exactly. */
export const snapshotDbFigure = (_: Record<string, never>, { counts }: Weighing): Weighed => ({
  files: counts.snapshotDb.files,
  bytes: counts.snapshotDb.bytes,
});

/**
 * The rest: the benchmarks and tags lists, the sitemap (per page), about, data, 404, scripts, styles, icons, the search runtime;
 * where some benchmark has submissions, the benchmarks list's pre-rendered views (`views` their fixed part, `perViewBench` their rows, `perViewTag` their filter's options).
 */
export interface OtherWeights {
  perBench: number;
  perTag: number;
  perPage: number;
  bytes: number;
  files: number;
  views: number;
  perViewBench: number;
  perViewTag: number;
}

/** The rest, with the sitemap's entry of every page the kinds weighed before it make. */
export function otherFigure(o: OtherWeights, { counts, done }: Weighing): Weighed {
  // Whether some benchmark has submissions: the mirror's measures of benchmarks say something, and the list's views are made.
  const scored = counts.benchResults.size > 0;
  const pages = sum(Object.values(done).map((f) => f.pages ?? 0));
  return {
    // The benchmarks list's pages, and where some benchmark has submissions as many for each of its pre-rendered views (at most: one is filtered).
    files: o.files + Math.ceil(counts.benches / BENCHMARKS_PAGE_SIZE) * (1 + (scored ? BENCHMARK_VIEWS.length : 0)) + Math.ceil(pages / 45_000),
    bytes:
      o.bytes +
      o.perBench * counts.benches +
      o.perTag * counts.tags +
      o.perPage * pages +
      (scored ? o.views + o.perViewBench * counts.benches + o.perViewTag * counts.tags : 0),
  };
}
