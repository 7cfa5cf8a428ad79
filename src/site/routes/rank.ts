/**
 * `/rank/` and `/data/rank.json`: the models ranked by a visitor's own weights. The file is made once
 * per build from the evidence's own means (src/site/data/evidence.ts); the page's first, static rows
 * are the ranking as the source weighs, computed from the file decoded as the browser decodes it, by
 * the module the browser runs (src/site/evidence/reweigh.ts).
 */
import type { SiteData } from '../data/types.ts';
import { decodeRank, encodeRank, type RankData, type RankFile } from '../evidence/rank-file.ts';
import { REFERENCES } from '../evidence/method.ts';
import { rankUnder } from '../evidence/reweigh.ts';
import { benchWeights, SOURCE_WEIGHTS } from '../evidence/weights.ts';
import { tagHref } from '../links/links.ts';
import { pageCount } from '../lists/pagination.ts';
import { RANK, rankRows, rankSummary, type RankRow, type RankSummary } from '../lists/rank-list.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

const files = new WeakMap<SiteData, RankFile>();

/** rank.json's content beside its attribution, made once per build: the best models the plan keeps in it (all of them but where a host's limits bind). */
export function rankFileOf(data: SiteData): RankFile {
  let file = files.get(data);
  if (!file) {
    const models = data.models.slice(0, data.plan.keep.rankModels);
    const evidence = data.evidence();
    const none = { bench: new Int32Array(), value: new Float64Array() };
    const means = (slug: string) => evidence.means(slug) ?? none;
    file = encodeRank({
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
  /** The models this host's limits leave out of the ranking (the last by supraScore), and how many it holds. */
  leftOut: number;
  held: number;
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
    };
    pages.set(data, page);
  }
  return page;
}
