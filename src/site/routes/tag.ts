/** `/tags/{tag}/` and `/tags/{tag}/page/N/`: the models carrying a tag, those measured on its benchmarks, and its benchmarks. */
import type { SiteData, Tag, TagMeasurement, TagModel } from '../data/types.ts';
import { tagCard, type Card } from '../files/cards.ts';
import { pageCount } from '../lists/pagination.ts';
import type { BuildPlan } from '../plan/types.ts';
import { siteShellOf, type SiteShell } from './shell.ts';
import { providerPageOf } from '../data/providers.ts';
import { tagWeights } from './rank.ts';

/** A page of a tag, as its paths list it. */
export interface TagPageOf {
  tag: Tag;
  page: number;
  pages: number;
}

export interface TagPage extends TagPageOf {
  shell: SiteShell;
  card: Card;
  plan: BuildPlan;
  /** Where this page's part of each ranking starts (from 0). */
  from: number;
  /** This page's part of the models carrying the tag. */
  carrying: TagModel[];
  measured: TagMeasurement;
  /** This page's part of the measured models: one sequence across pages, the ranked ones first, then those listed apart. */
  ranked: TagMeasurement['ranked'];
  apart: TagMeasurement['apart'];
  /** Where `apart` starts among those listed apart (from 0). */
  apartFrom: number;
  /** Its benchmarks that hold any score. */
  scoredBenches: number;
  /** A provider's page by its name, where it makes a model of the snapshot. */
  providerHref: (provider: string) => string | undefined;
  /** The weights with which the page links /rank/, where they rank some model (rank.ts' tagWeights): the tag alone, else tripled beside the others. */
  rankWeights: string | undefined;
}

/** Enough pages for all of its models and all of its measured models, the plan's `resultsPerPage` of each a page; one where the plan leaves the others out. */
function pagesOf(data: SiteData, tag: Tag): number {
  if (!data.plan.deepResults) return 1;
  const measured = data.measuredFor(tag.tag);
  return pageCount(Math.max(tag.modelList.length, measured.ranked.length + measured.apart.length), data.plan.resultsPerPage);
}

/** Each tag's own page, the first of its rankings. */
export const tagPaths = (data: SiteData) =>
  data.tags.map((tag) => ({ params: { tag: tag.segment }, props: { tag, page: 1, pages: pagesOf(data, tag) } satisfies TagPageOf }));

/** The further pages of each tag's rankings. */
export const tagRankingPaths = (data: SiteData) =>
  data.tags.flatMap((tag) => {
    const pages = pagesOf(data, tag);
    return Array.from({ length: pages - 1 }, (_, i) => ({
      params: { tag: tag.segment, page: String(i + 2) },
      props: { tag, page: i + 2, pages } satisfies TagPageOf,
    }));
  });

export function tagPage(data: SiteData, { tag, page, pages }: TagPageOf): TagPage {
  const from = (page - 1) * data.plan.resultsPerPage;
  const to = page * data.plan.resultsPerPage;
  const measured = data.measuredFor(tag.tag);
  const apartFrom = Math.max(0, from - measured.ranked.length);
  return {
    shell: siteShellOf(data),
    card: tagCard(data, tag),
    plan: data.plan,
    tag,
    page,
    pages,
    from,
    carrying: tag.modelList.slice(from, to),
    measured,
    ranked: measured.ranked.slice(from, to),
    apart: measured.apart.slice(apartFrom, Math.max(apartFrom, to - measured.ranked.length)),
    apartFrom,
    scoredBenches: tag.benchList.filter((b) => data.submissionsOn(b.slug) > 0).length,
    providerHref: (provider) => providerPageOf(data, provider),
    rankWeights: tagWeights(data, tag.segment),
  };
}
