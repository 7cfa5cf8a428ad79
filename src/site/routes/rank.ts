/**
 * `/rank/` and `/data/rank.json`: the models ranked by a visitor's own weights. The file is made once
 * per build from the evidence's own means (src/site/data/evidence.ts); the page's first, static rows
 * are the ranking as the source weighs, computed from the file decoded as the browser decodes it, by
 * the module the browser runs (src/site/evidence/reweigh.ts).
 */
import { gzipSync } from 'node:zlib';
import type { SiteData } from '../data/types.ts';
import { decodeRank, encodeRank, type RankData, type RankFile } from '../evidence/rank-file.ts';
import { REFERENCES } from '../evidence/method.ts';
import { rankUnder } from '../evidence/reweigh.ts';
import { benchWeights, SOURCE_WEIGHTS } from '../evidence/weights.ts';
import { tagHref } from '../links/links.ts';
import { pageCount } from '../lists/pagination.ts';
import { RANK, rankRows, rankSummary, type RankRow, type RankSummary } from '../lists/rank-list.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

/**
 * The most rank.json may weigh gzipped (gzip -9, as the bench measures it): with the page, its
 * stylesheet, scripts and icons (about 45 KB), everything /rank/ loads stays under 700 KB, so a
 * phone on a slow connection re-ranks within seconds. Where the field is larger, the file holds the
 * best models that fit, and the page says so.
 */
export const RANK_FILE_BUDGET = 640_000;

const files = new WeakMap<SiteData, RankFile>();

/** rank.json for the best `n` models. */
export function rankFileFor(data: SiteData, n: number): RankFile {
  const models = data.models.slice(0, n);
  const evidence = data.evidence();
  const none = { bench: new Int32Array(), value: new Float64Array() };
  const means = (slug: string) => evidence.means(slug) ?? none;
  return encodeRank({
    benchmarks: data.benches.map((b) => ({ slug: b.slug, name: b.name, effectiveWeight: b.effectiveWeight, tags: b.tags })),
    tagSegment: (tag) => data.tagByName.get(tag)!.segment,
    models: models.map((m) => ({ name: m.name, segment: m.segment, provider: m.best.provider, rank: m.rank, means: means(m.best.slug) })),
    references: data.configurations.slice(0, REFERENCES).map((c) => {
      const model = data.modelByFamily.get(c.familyTag)!;
      // A reference whose model the file leaves out is compared with every model it holds.
      return { slug: c.slug, name: c.name, model: model.index, best: model.best === c && model.index < models.length, means: means(c.slug) };
    }),
    kept: { modelPages: data.plan.keep.modelPages, configurationPages: data.plan.keep.configurationPages },
  });
}

const gzipped = (file: RankFile) => gzipSync(JSON.stringify(file), { level: 9 }).length;

/**
 * The file `make` makes for the most models, of `most`, whose gzipped JSON fits `budget`: all of them
 * where they fit, else found by interpolation (a file's size grows nearly in proportion to its
 * models) in a few encodings, the largest that fitted kept.
 */
export function fitRankFile(make: (models: number) => RankFile, most: number, budget: number): RankFile {
  const whole = make(most);
  const wholeBytes = gzipped(whole);
  if (wholeBytes <= budget) return whole;
  let best = make(0);
  let [lo, loBytes, hi, hiBytes] = [0, gzipped(best), most, wholeBytes];
  for (let tries = 0; tries < 6 && hi - lo > 1; tries++) {
    const guess = Math.floor(lo + ((hi - lo) * (budget - loBytes)) / (hiBytes - loBytes));
    const n = Math.min(hi - 1, Math.max(lo + 1, guess));
    const candidate = make(n);
    const bytes = gzipped(candidate);
    if (bytes <= budget) [lo, loBytes, best] = [n, bytes, candidate];
    else [hi, hiBytes] = [n, bytes];
  }
  return best;
}

/**
 * rank.json's content beside its attribution, made once per build: the best models the plan keeps in
 * it (all of them but where a host's limits bind), as many of them as RANK_FILE_BUDGET holds.
 */
export function rankFileOf(data: SiteData): RankFile {
  let file = files.get(data);
  if (!file) {
    file = fitRankFile((n) => rankFileFor(data, n), Math.min(data.models.length, data.plan.keep.rankModels), RANK_FILE_BUDGET);
    files.set(data, file);
  }
  return file;
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
  /** The models left out of the ranking (the last by supraScore), and how many it holds. */
  leftOut: number;
  held: number;
  /** Why: a host's limits (the plan's), or the budget of what the page loads. */
  leftOutBy: 'host' | 'budget';
}

const pages = new WeakMap<SiteData, RankPage>();

export function rankPage(data: SiteData): RankPage {
  let page = pages.get(data);
  if (!page) {
    const rank: RankData = decodeRank(rankFileOf(data));
    const ranking = rankUnder(rank.field, benchWeights(SOURCE_WEIGHTS, rank.benchmarks), true);
    const rows = rankRows(rank, ranking);
    const carriers = new Map<string, number>();
    for (const tags of rank.benchmarks.tags) for (const t of tags) carriers.set(t, (carriers.get(t) ?? 0) + 1);
    page = {
      shell: siteShellOf(data),
      rows: rows.slice(0, RANK.pageSize),
      total: rows.length,
      pages: pageCount(rows.length, RANK.pageSize),
      summary: rankSummary(ranking, true),
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
      leftOut: data.models.length - rank.field.models,
      held: rank.field.models,
      leftOutBy: rank.field.models < data.plan.keep.rankModels ? 'budget' : 'host',
    };
    pages.set(data, page);
  }
  return page;
}
