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
  columnsOf,
  decodePart,
  encodeIndex,
  encodePart,
  modelsOn,
  partsFor,
  rankPartPath,
  truncatePart,
  tagBenchmarks,
  untaggedBenchmarks,
  type Columns,
  type PartEntry,
  type RankFile,
  type RankInput,
  type RankPartFile,
} from '../evidence/rank-file.ts';
import { REFERENCES } from '../evidence/method.ts';
import { rankUnder, ranksAny } from '../evidence/reweigh.ts';
import { readWeights, weighingOf } from '../evidence/weights.ts';
import { StringTable } from '../lists/index-tuples.ts';
import { tagHref } from '../links/links.ts';
import { pageCount } from '../lists/pagination.ts';
import { RANK, rankRows, rankSummary, type RankRow, type RankSummary } from '../lists/rank-list.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

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

const gzipped = (file: unknown, level = WEIGHED_AT) => gzipSync(JSON.stringify(file), { level }).length;

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
      configurations: m.configurations.map((c) => ({ supraScore: c.supraScore, means: means(c.slug) })),
    })),
    references: data.configurations.slice(0, REFERENCES).map((c) => {
      const model = data.modelByFamily.get(c.familyTag)!;
      return { slug: c.slug, name: c.name, model: model.index, best: model.best === c, means: means(c.slug) };
    }),
    kept: { modelPages: data.plan.keep.modelPages, configurationPages: data.plan.keep.configurationPages },
  };
}

/** A part made and weighed. */
interface MadePart {
  file: RankPartFile;
  bytes: number;
}

/**
 * The part of `whole`'s benchmarks with the highest cut whose gzipped JSON fits `budget`: `whole`
 * where it fits, else cut (truncatePart) where interpolation puts it (a part's size grows nearly in
 * proportion to the models it holds), in a few tries, the largest that fitted kept.
 */
export function fitPart(whole: RankPartFile, budget: number): MadePart {
  const wholeBytes = gzipped(whole);
  if (wholeBytes <= budget) return { file: whole, bytes: wholeBytes };
  const none = truncatePart(whole, 0);
  let best = { file: none, bytes: gzipped(none) };
  let [lo, loBytes, hi, hiBytes] = [0, best.bytes, whole.cut, wholeBytes];
  for (let tries = 0; tries < 6 && hi - lo > 1; tries++) {
    const guess = Math.floor(lo + ((hi - lo) * (budget - loBytes)) / (hiBytes - loBytes));
    const cut = Math.min(hi - 1, Math.max(lo + 1, guess));
    const candidate = truncatePart(whole, cut);
    const bytes = gzipped(candidate);
    if (bytes <= budget) [lo, loBytes, best] = [cut, bytes, { file: candidate, bytes }];
    else [hi, hiBytes] = [cut, bytes];
  }
  return best;
}

/** The index and every part, by path from /data/. */
export interface RankFiles {
  index: RankFile;
  parts: Map<string, RankPartFile>;
}

/** The files of `input`, each part within what the budget leaves beside the index, none holding models below `hostModels`. */
export function makeRankFiles(input: RankInput, hostModels: number, budget: number = RANK_DATA_BUDGET): RankFiles {
  const providers = new StringTable();
  const columns: Columns = columnsOf(input);
  const most = Math.min(input.models.length, hostModels);
  // The index with every figure at its longest weighs at least what the index will.
  const entry = (path: string): PartEntry => ({ path, models: input.models.length, cut: input.models.length, bytes: budget });
  const draft = encodeIndex(
    input,
    new StringTable(),
    { all: entry(rankPartPath('all')), tags: [], untagged: entry(rankPartPath('untagged')) },
    budget,
    hostModels,
  );
  const tagIds = tagBenchmarks(draft);
  draft.parts.tags = tagIds.map((_, t) => entry(rankPartPath({ tag: draft.tags.segment[t]! })));
  const partBudget = budget - gzipped(draft);
  for (const m of input.models) providers.id(m.provider);
  const parts = new Map<string, RankPartFile>();
  const made = (path: string, benchmarks: readonly number[], level = FIRST_WEIGHED_AT): PartEntry => {
    const whole = encodePart(input, columns, benchmarks, modelsOn(columns, benchmarks), most, providers);
    // Weighed quickly where that is far enough below the budget: the index then lists a little more than it weighs.
    const first = level === WEIGHED_AT ? Infinity : gzipped(whole, level);
    const { file, bytes } = first <= partBudget ? { file: whole, bytes: first } : fitPart(whole, partBudget);
    parts.set(path, file);
    return { path, models: file.models.name.length, cut: file.cut, bytes };
  };
  const untagged = untaggedBenchmarks(draft);
  const index = encodeIndex(
    input,
    providers,
    {
      all: made(rankPartPath('all'), Array.from(input.benchmarks.keys()), WEIGHED_AT),
      tags: tagIds.map((ids, t) => made(rankPartPath({ tag: draft.tags.segment[t]! }), ids)),
      untagged: untagged.length > 0 ? made(rankPartPath('untagged'), untagged) : null,
    },
    partBudget,
    hostModels,
  );
  return { index, parts };
}

const files = new WeakMap<SiteData, RankFiles>();

/** The files of this build's ranking by a visitor's weights, made once. */
export function rankFilesOf(data: SiteData): RankFiles {
  let made = files.get(data);
  if (!made) files.set(data, (made = makeRankFiles(rankInputOf(data), data.plan.keep.rankModels)));
  return made;
}

/** The field the browser would load for `params` (an address's w, b and by), decoded as it decodes it, and the weights read. */
function fieldFrom({ index, parts }: RankFiles, params: { w?: string; b?: string; by?: string }) {
  const { names, benchmarks } = assembleRank(index, []);
  const weights = readWeights({ w: params.w ?? '', b: params.b ?? '', by: params.by ?? '' }, names).weights;
  const weighing = weighingOf(weights, benchmarks);
  const loaded = partsFor(index, weighing.weight).map((e) => decodePart(parts.get(e.path)!));
  return { data: assembleRank(index, loaded), weighing };
}

/** The ranking of `params` from the parts the browser would load for them, decoded as it decodes them. */
export function rankingFrom(files: RankFiles, params: { w?: string; b?: string; by?: string } = {}) {
  const { data, weighing } = fieldFrom(files, params);
  return { data, ranking: rankUnder(data.field, weighing), weighing };
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
  /** The tags some benchmark carries, A to Z. */
  tags: RankTag[];
  benchmarks: number;
  providers: string[];
}

const pages = new WeakMap<SiteData, RankPage>();

export function rankPage(data: SiteData): RankPage {
  let page = pages.get(data);
  if (!page) {
    const { data: rank, ranking } = rankingFrom(rankFilesOf(data));
    const rows = rankRows(rank, ranking);
    const carriers = new Map<string, number>();
    for (const tags of rank.benchmarks.tags) for (const t of tags) carriers.set(t, (carriers.get(t) ?? 0) + 1);
    page = {
      shell: siteShellOf(data),
      rows: rows.slice(0, RANK.pageSize),
      total: rows.length,
      pages: pageCount(rows.length, RANK.pageSize),
      summary: rankSummary(rank, ranking, true),
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

const tagsRanking = new WeakMap<SiteData, Map<string, boolean>>();

/** Whether weighing one tag alone ranks any model, from its own part as the browser would rank it: a tag's page links /rank/ with it weighed only then. */
export function tagRanks(data: SiteData, segment: string): boolean {
  let made = tagsRanking.get(data);
  if (!made) tagsRanking.set(data, (made = new Map()));
  let ranks = made.get(segment);
  if (ranks === undefined) {
    const files = rankFilesOf(data);
    const field = files.index.tags.segment.includes(segment) ? fieldFrom(files, { w: `${segment}:1` }) : undefined;
    made.set(segment, (ranks = field !== undefined && ranksAny(field.data.field, field.weighing)));
  }
  return ranks;
}
