/**
 * `/rank/` and its data (`/data/rank.json` and the parts under `/data/rank/`): the models ranked by a
 * visitor's own weights. The files are made once per build from the evidence's own means
 * (src/site/data/evidence.ts); the page's first, static rows are the ranking as the source weighs,
 * computed from the index and the part the browser loads for those weights, decoded as the browser
 * decodes them, by the module the browser runs (src/site/evidence/reweigh.ts).
 */
import { gzipSync } from 'node:zlib';
import type { SiteData } from '../data/types.ts';
import {
  assembleRank,
  decodeBlock,
  decodePart,
  namesOf,
  partsFor,
  rankPartPath,
  tagBenchmarks,
  untaggedBenchmarks,
  type FileEntry,
  type PartEntry,
  type RankBlockFile,
  type RankFile,
  type RankPartFile,
} from '../evidence/rank-file.ts';
import { columnsOf, encodeBlocks, encodeIndex, encodePart, modelsReached, truncatePart, type Columns, type RankInput } from '../evidence/rank-encode.ts';
import { BLOCK, RANK_PARTS_DIR } from '../evidence/rank-file.ts';
import { CANDIDATES } from '../evidence/method.ts';
import { rangesUnder } from '../evidence/rank-ranges.ts';
import { rankUnder, ranksAny } from '../evidence/reweigh.ts';
import { readWeights, weighingOf } from '../evidence/weights.ts';
import { StringTable } from '../format/compact.ts';
import { tagHref } from '../links/links.ts';
import { publishedName } from '../links/output-paths.ts';
import { pageCount } from '../lists/pagination.ts';
import { putRanges, RANK, rankRows, rankSummary, rowRanges, type PublishedRanges, type RankRow, type RankSummary, type RowRanges } from '../lists/rank-list.ts';
import { siteShellOf, type SiteShell } from './shell.ts';
import { attribution } from '../files/records.ts';

/**
 * The most the data one weighting loads (the index and its parts) may weigh gzipped: with the page,
 * its stylesheet, scripts and icons (about 60 KB), everything /rank/ loads stays under 700 KB, so a
 * phone on a slow connection re-ranks within seconds. A part that would weigh more holds the best
 * models that fit, and the page says so.
 */
export const RANK_DATA_BUDGET = 640_000;

/**
 * The gzip level the build weighs the files at: hosts' usual level, a few thousandths above what
 * gzip -9 (as the bench measures) makes of them at a third of its time.
 */
const WEIGHED_AT = 6;
/**
 * The level a capability's part is weighed at first: a tenth above level 6, and several times
 * faster over the hundreds of parts of a large field, most of them far below the budget. A part
 * this puts over the budget is weighed again at WEIGHED_AT, and cut to fit.
 */
const FIRST_WEIGHED_AT = 1;

const weighed = (file: unknown, level = WEIGHED_AT) => gzipSync(JSON.stringify(file), { level }).length;

/** What the build hands the encoder: every model's configurations with their means, the API's top 10. */
export function rankInputOf(data: SiteData): RankInput {
  const evidence = data.evidence();
  const none = { bench: new Int32Array(), value: new Float64Array() };
  const means = (slug: string) => evidence.means(slug) ?? none;
  return {
    benchmarks: data.benches.map((b) => ({ slug: b.slug, name: b.name, effectiveWeight: b.effectiveWeight, tags: b.tags })),
    tagSegment: (tag) => data.tagByName.get(tag)!.segment,
    models: data.models.map((m) => ({
      name: m.name,
      segment: m.segment,
      provider: m.best.provider,
      rank: m.rank,
      benchCount: m.best.benchCount,
      configurations: m.configurations.map((c) => ({ supraScore: c.supraScore, means: means(c.slug) })),
    })),
    references: data.configurations.slice(0, CANDIDATES).map((c) => {
      const model = data.modelByFamily.get(c.familyTag)!;
      return { slug: c.slug, name: c.name, model: model.index, place: model.configurations.indexOf(c), means: means(c.slug) };
    }),
    kept: { modelPages: data.plan.keep.modelPages, configurationPages: data.plan.keep.configurationPages },
    ranges: { shown: evidence.withheld === undefined, withheld: evidence.withheld ?? null },
  };
}

/** The most encodings `fitPart` weighs a part at, beside the whole and the empty one: within a thousandth of 50,000 models by halving alone. */
export const FIT_TRIES = 16;

/** A part made and weighed. */
interface MadePart {
  file: RankPartFile;
  bytes: number;
}

/**
 * The part of `whole`'s benchmarks with the highest cut at which it and the blocks it needs
 * (`blocksBytes` of a cut) fit `budget`: `whole` where it fits, else cut (truncatePart) where
 * interpolation and halving, in turn, put it (a part's size grows nearly in proportion to the models
 * it holds, a little slower), in at most FIT_TRIES tries, the largest that fitted kept.
 */
export function fitPart(
  whole: RankPartFile,
  columns: Columns,
  budget: number,
  blocksBytes: (cut: number) => number,
  weigh: (file: RankPartFile) => number = weighed,
): MadePart {
  const wholeBytes = weigh(whole);
  if (wholeBytes + blocksBytes(whole.cut) <= budget) return { file: whole, bytes: wholeBytes };
  const none = truncatePart(whole, columns, 0);
  let best = { file: none, bytes: weigh(none) };
  let [lo, loBytes, hi, hiBytes] = [0, best.bytes + blocksBytes(0), whole.cut, wholeBytes + blocksBytes(whole.cut)];
  // A part's gzipped size grows a little slower than the models it holds, so interpolation alone guesses too high every time: every other try halves.
  for (let tries = 0; tries < FIT_TRIES && hi - lo > 1; tries++) {
    const guess = tries % 2 === 0 ? Math.floor(lo + ((hi - lo) * (budget - loBytes)) / (hiBytes - loBytes)) : (lo + hi) >> 1;
    const cut = Math.min(hi - 1, Math.max(lo + 1, guess));
    const candidate = truncatePart(whole, columns, cut);
    const bytes = weigh(candidate);
    if (bytes + blocksBytes(cut) <= budget) [lo, loBytes, best] = [cut, bytes + blocksBytes(cut), { file: candidate, bytes }];
    else [hi, hiBytes] = [cut, bytes + blocksBytes(cut)];
  }
  return best;
}

/** The index, the blocks and every part, by path from /data/ (each file as written: beside the header `makeRankFiles` was given). */
export interface RankFiles {
  index: RankFile;
  blocks: Map<string, RankBlockFile>;
  parts: Map<string, RankPartFile>;
}

/** How the files are written: beside `header` (the attribution every download carries), gzipped (`.json.gz`) or not, the data one weighting loads within `budget`. */
export interface RankFilesOptions {
  header?: object;
  gzipped?: boolean;
  budget?: number;
}

/** The blocks a part up to `cut` models needs. */
const blocksOf = (cut: number) => Math.ceil(cut / BLOCK);

/**
 * The files of `input`: the blocks of the best `hostModels` models, and each part with the blocks it
 * needs within what the budget leaves beside the index, cut where they would not fit.
 */
export function makeRankFiles(
  input: RankInput,
  hostModels: number,
  { header = {}, gzipped: gz = false, budget = RANK_DATA_BUDGET }: RankFilesOptions = {},
): RankFiles {
  // A file as written, and as weighed: gzipped as it is stored, or as hosts send it.
  const written = <T extends object>(file: T): T => ({ ...header, ...file });
  const gzipped = (file: object, level = WEIGHED_AT) => (gz ? gzipSync(JSON.stringify(file), { level: 9 }).length : weighed(file, level));
  const providers = new StringTable();
  for (const m of input.models) providers.id(m.provider);
  const columns = columnsOf(input);
  const most = Math.min(input.models.length, hostModels);
  const blockFiles = encodeBlocks(input, columns, most, providers);
  const blocks = new Map(blockFiles.map((file, k) => [rankPartPath({ block: k }, gz), written(file)]));
  const blockEntries: FileEntry[] = [...blocks].map(([path, file]) => ({ path, bytes: gzipped(file) }));
  const blocksBytes = (cut: number) => blockEntries.slice(0, blocksOf(cut)).reduce((sum, e) => sum + e.bytes, 0);
  // The index with every figure at its longest weighs at least what the index will.
  const entry = (path: string): PartEntry => ({ path, blocks: blockEntries.length, cut: input.models.length, bytes: budget });
  // The index is never gzipped: the page reads it first, and the browser's cache keeps it.
  const draft = encodeIndex(
    input,
    providers,
    { blocks: blockEntries, parts: { all: entry(rankPartPath('all', gz)), tags: [], untagged: entry(rankPartPath('untagged', gz)) } },
    budget,
    hostModels,
  );
  const tagIds = tagBenchmarks(draft);
  draft.parts.tags = tagIds.map((_, t) => entry(rankPartPath({ tag: draft.tags.segment[t]! }, gz)));
  const partBudget = budget - weighed(written(draft));
  const parts = new Map<string, RankPartFile>();
  const made = (path: string, benchmarks: readonly number[], level = FIRST_WEIGHED_AT): PartEntry => {
    const whole = written(encodePart(columns, benchmarks, most));
    // The blocks of the models up to the last with a score here (or the cut, where it is cut short).
    const reached = Math.min(most, modelsReached(columns, benchmarks));
    const needs = (cut: number) => blocksBytes(Math.min(cut, reached));
    // Weighed quickly where that is far enough below the budget: the index then lists a little more than it weighs.
    const first = level === WEIGHED_AT ? Infinity : gzipped(whole, level);
    const { file, bytes } = first + needs(most) <= partBudget ? { file: whole, bytes: first } : fitPart(whole, columns, partBudget, needs, gzipped);
    parts.set(path, file);
    return { path, blocks: blocksOf(Math.min(file.cut, reached)), cut: file.cut, bytes };
  };
  const untagged = untaggedBenchmarks(draft);
  const index = encodeIndex(
    input,
    providers,
    {
      blocks: blockEntries,
      parts: {
        all: made(rankPartPath('all', gz), Array.from(input.benchmarks.keys()), WEIGHED_AT),
        tags: tagIds.map((ids, t) => made(rankPartPath({ tag: draft.tags.segment[t]! }, gz), ids)),
        untagged: untagged.length > 0 ? made(rankPartPath('untagged', gz), untagged) : null,
      },
    },
    partBudget,
    hostModels,
  );
  return { index: written(index), blocks, parts };
}

const files = new WeakMap<SiteData, RankFiles>();

/** The files of this build's ranking by a visitor's weights, made once. */
export function rankFilesOf(data: SiteData): RankFiles {
  let made = files.get(data);
  if (!made)
    files.set(
      data,
      (made = makeRankFiles(rankInputOf(data), data.plan.keep.rankModels, { header: attribution(data), gzipped: data.plan.compressedDownloads })),
    );
  return made;
}

/** The field the browser would load for `params` (an address's w, b and by), decoded as it decodes it, and the weights read. */
function fieldFrom({ index, blocks, parts }: RankFiles, params: { w?: string; b?: string; by?: string }) {
  const { names, benchmarks } = namesOf(index);
  const weights = readWeights({ w: params.w ?? '', b: params.b ?? '', by: params.by ?? '' }, names).weights;
  const weighing = weighingOf(weights, benchmarks);
  const loads = partsFor(index, weighing.weight);
  const loaded = index.blocks.slice(0, loads.blocks).map((e) => decodeBlock(blocks.get(e.path)!));
  return {
    data: assembleRank(
      index,
      loaded,
      loads.parts.map((e) => decodePart(parts.get(e.path)!)),
    ),
    weighing,
  };
}

/** The ranking of `params` from the parts the browser would load for them, decoded as it decodes them. */
export function rankingFrom(files: RankFiles, params: { w?: string; b?: string; by?: string } = {}) {
  const { data, weighing } = fieldFrom(files, params);
  return { data, ranking: rankUnder(data.field, weighing), weighing };
}

/** The ranking of `params` and its rows with their likely ranges, as the page's worker makes them; and those ranges by model of the data. */
export function rankedRows(files: RankFiles, params: { w?: string; b?: string; by?: string } = {}) {
  const { data, ranking, weighing } = rankingFrom(files, params);
  const rows = rankRows(data, ranking);
  const byModel = rangesUnder(data, ranking, weighing);
  const ranges = rowRanges(data, rows, byModel);
  putRanges(rows, ranges);
  return { data, ranking, weighing, rows, ranges, byModel };
}

const sourceRanked = new WeakMap<SiteData, ReturnType<typeof rankedRows>>();

/** The ranking as the source weighs, from the files a browser reads, with its likely ranges: made once a build, for the page's first rows and for sourceRangesFile. */
function sourceRankedOf(data: SiteData): ReturnType<typeof rankedRows> {
  let made = sourceRanked.get(data);
  if (!made) sourceRanked.set(data, (made = rankedRows(rankFilesOf(data))));
  return made;
}

/** Where the source's ranges are (sourceRangesFile), from /data/: as the parts, gzipped where the plan gzips the large downloads. */
export const sourceRangesPath = (gzipped: boolean) => publishedName(`${RANK_PARTS_DIR}/ranges.json`, gzipped);

/**
 * The likely ranges as the source weighs (the leaderboard's own: rank-ranges.ts), by model place, as
 * published with the attribution like every download: what the page draws under a ranking in the
 * source's proportions (`*:2`, or its own weights with a search or a filter) instead of resampling
 * them, which at 10,000 configurations takes its worker seconds.
 */
export function sourceRangesFile(data: SiteData): PublishedRanges {
  const { data: rank, byModel } = sourceRankedOf(data);
  const places = rank.models.place.reduce((most, p) => Math.max(most, p + 1), 0);
  const file = {
    withheld: byModel.withheld ?? null,
    low: Array<number>(places).fill(0),
    high: Array<number>(places).fill(0),
    tied: Array<number>(places).fill(0),
  };
  rank.models.place.forEach((place, m) => {
    file.low[place] = byModel.low[m]!;
    file.high[place] = byModel.high[m]!;
    file.tied[place] = byModel.tiedAbove[m]!;
  });
  return { ...attribution(data), ...file };
}

/** A capability the page weighs: its name, its page and how many benchmarks carry it. */
export interface RankTag {
  name: string;
  segment: string;
  href: string;
  benchmarks: number;
}

export interface RankPage {
  shell: SiteShell;
  /** The first page's rows, as the source weighs. */
  rows: RankRow[];
  /** Rows of the whole ranking (the ranked, then those listed apart), and its pages. */
  total: number;
  pages: number;
  summary: RankSummary;
  /** What the rows' likely ranges are of, or why there are none. */
  ranges: Pick<RowRanges, 'of' | 'withheld'>;
  /** Where the source's likely ranges are published (sourceRangesFile), for a ranking in its proportions. */
  sourceRanges: string;
  /** The tags some benchmark carries, A to Z. */
  tags: RankTag[];
  benchmarks: number;
  providers: string[];
}

const pages = new WeakMap<SiteData, RankPage>();

export function rankPage(data: SiteData): RankPage {
  let page = pages.get(data);
  if (!page) {
    const { data: rank, ranking, rows, ranges } = sourceRankedOf(data);
    const carriers = new Map<string, number>();
    for (const tags of rank.benchmarks.tags) for (const t of tags) carriers.set(t, (carriers.get(t) ?? 0) + 1);
    page = {
      shell: siteShellOf(data),
      rows: rows.slice(0, RANK.pageSize),
      total: rows.length,
      pages: pageCount(rows.length, RANK.pageSize),
      summary: rankSummary(rank, ranking, true),
      ranges: { of: ranges.of, withheld: ranges.withheld },
      sourceRanges: `/data/${sourceRangesPath(data.plan.compressedDownloads)}`,
      tags: rank.tags.name
        .map((name, t) => ({
          name,
          segment: rank.tags.segment[t]!,
          href: tagHref({ segment: rank.tags.segment[t]! }),
          benchmarks: carriers.get(rank.tags.segment[t]!) ?? 0,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en')),
      benchmarks: rank.benchmarks.slug.length,
      providers: [...new Set(rank.models.provider)].sort((a, b) => a.localeCompare(b, 'en')),
    };
    pages.set(data, page);
  }
  return page;
}

const tagsRanking = new WeakMap<SiteData, Map<string, string | null>>();

/**
 * The weights (`w`) with which a tag's page links /rank/: the tag alone where that ranks some model,
 * else the tag tripled beside every other where that does (a capability of fewer benchmarks than a
 * rank needs ranks no model alone); undefined where neither ranks one. Each told as the browser
 * would rank it, from the parts those weights load.
 */
export function tagWeights(data: SiteData, segment: string): string | undefined {
  let made = tagsRanking.get(data);
  if (!made) tagsRanking.set(data, (made = new Map()));
  let w = made.get(segment);
  if (w === undefined) {
    const files = rankFilesOf(data);
    const ranks = (weights: string) => {
      const field = fieldFrom(files, { w: weights });
      return ranksAny(field.data.field, field.weighing);
    };
    const tagged = files.index.tags.segment.includes(segment);
    w = !tagged ? null : ([`${segment}:1`, `${segment}:3,*:1`].find(ranks) ?? null);
    made.set(segment, w);
  }
  return w ?? undefined;
}
