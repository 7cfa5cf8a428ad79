/**
 * What each kind of output a plan makes weighs, as at the address the weights are fitted at: per kind,
 * what its files show (the field's counts, src/site/plan/types.ts) times what each of those things
 * weighs (src/site/plan/weights.ts).
 */
import { CSV_PART_BYTES, HISTORY_DAYS, ownDataFiles, SHARED_FILE_MODELS } from '../links/output-paths.ts';
import { BENCHMARKS_PAGE_SIZE, LEADERBOARD_PAGE_SIZE } from '../lists/pagination.ts';
import { BENCHMARK_VIEWS } from '../lists/benchmarks.ts';
import { BLOCK as RANK_BLOCK } from '../evidence/rank-file.ts';
import type { OutputKind } from './output-kinds.ts';
import { RESULTS_PER_PAGE, type Draft, type FieldCounts, type ModelCounts } from './types.ts';
import type { Weights } from './weights.ts';

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

export type KindFigures = Record<OutputKind, { files: number; bytes: number }>;
/** One kind's files and bytes. */
type Figure = KindFigures[OutputKind];

/** What each kind's figure is weighed from: the field's counts and its sums over the best k models (`at`), the weights and the plan. */
interface Weighing {
  counts: FieldCounts;
  at: ReturnType<typeof modelSums>;
  w: Weights;
  plan: Draft;
}

/** The digits of the numbers 0 to n - 1, on average: a day of history names each configuration by its place among n. */
export function averageDigits(n: number): number {
  let digits = 0;
  for (let from = 0, d = 1; from < n; from = from === 0 ? 10 : from * 10, d++) digits += d * (Math.min(n, from === 0 ? 10 : from * 10) - from);
  return n > 0 ? digits / n : 0;
}

/** The kinds of output a plan makes, weighed as at FITTED_AT. */
export function kindsAtFittedAddress(counts: FieldCounts, weights: Weights, plan: Draft): KindFigures {
  const at = sumsFor(counts.models);
  const e: Weighing = { counts, at, w: weights, plan };
  const w = weights;
  const { keep } = plan;
  const pairs = Math.max(0, Math.min(keep.comparisons, counts.models.length) - 1);
  const modelPage = modelPageFigure(e, pairs);
  const configurationPage = configurationPageFigure(e);
  const modelFile = modelFileFigure(e);
  const benchmarkPage = benchmarkPageFigure(e);
  const tagPages = tagPageFigure(e);
  const leaderboard = leaderboardFigure(e);
  const days = daysKept(counts.history, keep.pastDays);
  const records = keep.modelPages + counts.benches + counts.tags;
  // Whether some benchmark has submissions: the mirror's measures of benchmarks say something, and the list's views are made.
  const scored = counts.benchResults.size > 0;
  const pages = modelPage.files + configurationPage.files + pairs + benchmarkPage.files + tagPages.pages + leaderboard.pages + counts.history.pages;
  return {
    'model-page': modelPage,
    'model-feed': { files: keep.modelFeeds, bytes: (w.modelFeed.base + w.modelFeed.perChange * counts.recentChanges) * keep.modelFeeds },
    badge: { files: 2 * keep.badges, bytes: w.badge.base * keep.badges },
    'configuration-page': configurationPage,
    comparison: { files: pairs, bytes: w.comparison.base * pairs + w.comparison.perShared * at.shared(pairs) },
    // The leaderboard's and the site's cards, each tag's, and the best models'.
    card: { files: keep.cards + counts.tags + 3, bytes: w.card.base + w.card.perModel * keep.cards + w.card.perTag * counts.tags },
    'model-file': modelFile,
    search: { files: Math.ceil(records * w.search.files) + 8, bytes: w.search.perRecord * records },
    'benchmark-page': benchmarkPage,
    'tag-page': tagPages.figure,
    leaderboard: leaderboard.figure,
    // The manifest lists every data file and every day of history (index.json, names.json and a file a day kept).
    downloads: downloadsFigure(e, modelFile.files + (counts.history.days > 0 ? 2 + days : 0)),
    history: historyFigure(e, days, leaderboard.pastPage),
    'provider-page': {
      files: 2 * counts.providerModels.length,
      bytes:
        w.providerPage.base * counts.providerModels.length + w.providerPage.perModel * sum(counts.providerModels.map((k) => Math.min(k, keep.providerRows))),
    },
    rank: rankFigure(e),
    'snapshot-db': { files: counts.snapshotDb.files, bytes: counts.snapshotDb.bytes },
    other: {
      // The benchmarks list's pages, and where some benchmark has submissions as many for each of its pre-rendered views (at most: one is filtered).
      files: w.other.files + Math.ceil(counts.benches / BENCHMARKS_PAGE_SIZE) * (1 + (scored ? BENCHMARK_VIEWS.length : 0)) + Math.ceil(pages / 45_000),
      bytes:
        w.other.bytes +
        w.other.perBench * counts.benches +
        w.other.perTag * counts.tags +
        w.other.perPage * pages +
        (scored ? w.other.views + w.other.perViewBench * counts.benches + w.other.perViewTag * counts.tags : 0),
    },
  };
}

/**
 * `/rank/` and its data: the page (a field per tag), the index (per benchmark, and per tag its part's
 * entry), the blocks of the best `keep.rankModels` models, the part of every benchmark for them, and
 * a part per tag some benchmark carries, of the counting scores on its benchmarks (as many as
 * `keep.rankModels` keeps of the field); each part at most what the budget holds.
 */
function rankFigure({ counts, at, w, plan }: Weighing): Figure {
  const k = plan.keep.rankModels;
  const kept = counts.models.length > 0 ? Math.min(1, k / counts.models.length) : 0;
  // Gzipped where the plan gzips the large downloads: the blocks and parts, not the page nor the index.
  const stored = plan.compressedDownloads ? w.rank.gzipped : 1;
  const part = (benches: number, scores: number) => Math.min(w.rank.partCap, w.rank.perPart + w.rank.perPartBench * benches + w.rank.perScore * scores);
  let files = 3 + Math.ceil(k / RANK_BLOCK);
  let data = w.rank.perModel * k + part(counts.benches, at.scores(k));
  for (const t of counts.tagLists.values())
    if (t.benches > 0) {
      files++;
      data += part(t.benches, kept * t.scores);
    }
  return { files, bytes: w.rank.page + w.rank.perTag * counts.tags + w.rank.perBench * counts.benches + stored * data };
}

/** The best `keep.modelPages` models' pages, with the sections and links of what else the plan makes of them and `pairs` comparisons. */
function modelPageFigure({ counts, at, w, plan }: Weighing, pairs: number): Figure {
  const { keep } = plan;
  const k = keep.modelPages;
  const mp = w.modelPage;
  return {
    files: k,
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

/** The pages of the configurations of the best `keep.configurationPages` models. */
function configurationPageFigure({ at, w, plan }: Weighing): Figure {
  const models = plan.keep.configurationPages;
  const files = at.configurations(models);
  const cp = w.configurationPage;
  return {
    files,
    bytes:
      cp.base * files +
      cp.perScore * at.scores(models) +
      cp.perSibling * at.siblings(models) +
      cp.perTag * at.configurationTags(models) +
      cp.perHistoryPoint * at.configurationHistoryPoints(models),
  };
}

/** One file per model with one of its own, the others in groups of a hundred: the same bytes a model either way, unless gzipped. */
function modelFileFigure({ counts, at, w, plan }: Weighing): Figure {
  const n = counts.models.length;
  const own = ownDataFiles(plan);
  const mf = w.modelFile;
  // Gzipped where the plan gzips the downloads: every model's, in a file of its own or of a group.
  const scores = mf.perScore * at.best(n);
  const rest = mf.base * n + mf.perConfiguration * at.configurations(n) + mf.perHistoryPoint * at.historyPoints(n);
  return {
    files: own + Math.ceil((n - own) / SHARED_FILE_MODELS),
    bytes: plan.compressedDownloads ? mf.scoresGzipped * scores + mf.restGzipped * rest : scores + rest,
  };
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

/** The benchmarks' pages: a group per model and a row per submission each lists. */
function benchmarkPageFigure({ counts, w, plan }: Weighing): Figure {
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
    bytes:
      w.benchmarkPage.perBench * counts.benches +
      w.benchmarkPage.perScoredBench * counts.benchResults.size +
      w.benchmarkPage.perPage * pages +
      w.benchmarkPage.perModel * groups +
      w.benchmarkPage.perRow * rows,
  };
}

/** The tags' pages (`pages`) and feeds: each page with the tag's benchmarks and its two rankings' tables, each feed naming its models. */
function tagPageFigure({ counts, w, plan }: Weighing): { figure: Figure; pages: number } {
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
  const tp = w.tagPage;
  return {
    pages,
    figure: {
      files: pages + counts.tags,
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
    },
  };
}

/** The leaderboard's pages (`pages`) and files, and what a page of a past day weighs (`pastPage`). */
function leaderboardFigure({ counts, at, w }: Weighing): { figure: Figure; pages: number; pastPage: number } {
  const n = counts.models.length;
  const lb = w.leaderboard;
  const pages = Math.max(1, Math.ceil(n / LEADERBOARD_PAGE_SIZE));
  let tagOptions = 0;
  for (const t of counts.tagLists.values()) if (t.carrying > 0) tagOptions++;
  // A page of the leaderboard, its filter's options, and a row of each of its models (the best ones), as the pages of past days show them.
  const page = lb.perPage + lb.perTagOption * tagOptions + lb.perProviderOption * counts.providers;
  const firstPage = Math.min(n, LEADERBOARD_PAGE_SIZE);
  const rowOfBest = lb.perModel + (lb.perConfiguration * at.listed(firstPage) + lb.perTag * at.tagsShown(firstPage)) / Math.max(1, firstPage);
  return {
    pages,
    pastPage: page + rowOfBest * firstPage,
    figure: { files: pages + 2, bytes: page * pages + lb.perModel * n + lb.perConfiguration * at.listed(n) + lb.perTag * at.tagsShown(n) },
  };
}

/** The downloads: scores.csv and history.csv (in parts of CSV_PART_BYTES, gzipped where the plan says), the rest, and the manifest's entries of `listedFiles`. */
function downloadsFigure({ counts, at, w, plan }: Weighing, listedFiles: number): Figure {
  const n = counts.models.length;
  const { compressedDownloads } = plan;
  const scoresCsv = at.scores(n) * w.downloads.perScore * (compressedDownloads ? w.downloads.scoresGzipped : 1);
  const historyCsv =
    at.configurations(n) *
    Math.min(counts.historySnapshots, HISTORY_DAYS) *
    w.downloads.perHistoryCell *
    (compressedDownloads ? w.downloads.historyGzipped : 1);
  const parts = (bytes: number) => Math.max(1, Math.ceil(bytes / CSV_PART_BYTES));
  return {
    files: parts(scoresCsv) + parts(historyCsv) + 24,
    bytes:
      w.downloads.perConfiguration * at.configurations(n) +
      w.downloads.perBench * counts.benches +
      w.downloads.perScoredBench * counts.benchResults.size +
      (counts.benchResults.size > 0 ? (w.downloads.perTagPair * counts.tags * (counts.tags + 1)) / 2 : 0) +
      scoresCsv +
      historyCsv +
      w.downloads.perListedFile * listedFiles,
  };
}

/** The days of history a plan keeps: those every target keeps, and the newest `pastDays` of the others. */
function daysKept(history: FieldCounts['history'], pastDays: number): number {
  return Math.min(history.days, history.alwaysKept + Math.min(pastDays, Math.max(0, history.days - history.alwaysKept)));
}

/** index.json, names.json, a file a day kept, the page drawn from them and the static pages of month ends (a leaderboard page each, `pastPage`). */
function historyFigure({ counts, at, w, plan }: Weighing, days: number, pastPage: number): Figure {
  const { history } = counts;
  if (!(history.days > 0)) return { files: 0, bytes: 0 };
  const gzip = plan.compressedDownloads ? w.history.gzipped : 1;
  const configurations = at.configurations(counts.models.length);
  return {
    files: 3 + days + history.pages,
    bytes:
      gzip *
        (w.history.perName * history.configurations +
          days * (w.history.perDay + (w.history.perCell + averageDigits(history.configurations)) * configurations)) +
      (history.pages + 1) * pastPage,
  };
}
