/** `/benchmarks/{slug}/` and `/benchmarks/{slug}/page/N/`: a benchmark, and a page of its results by model. */
import type { ChartPoint } from '../format/charts.ts';
import { dimensionInfo, type DimensionInfo } from '../data/dimensions.ts';
import type { BenchMeasures } from '../data/types.ts';
import type { Bench, BenchResultGroup, BenchResults, DetailCoverage, SiteData } from '../data/types.ts';
import type { NamedLink } from '../lists/leaderboard.ts';
import { pageCount } from '../lists/pagination.ts';
import { safeExternalUrl } from '../links/links.ts';
import type { BuildPlan } from '../plan/types.ts';
import { siteShellOf, tagLinksOf, type SiteShell } from './shell.ts';

/** A page of a benchmark, as its paths list it: the benchmark, the page and how many its results fill. */
export interface BenchmarkPageOf {
  bench: Bench;
  page: number;
  pages: number;
}

export interface BenchmarkPage extends BenchmarkPageOf {
  shell: SiteShell;
  plan: BuildPlan;
  /** Its URL when it may be a link (http or https). */
  link: string | undefined;
  results: BenchResults;
  /** The results of this page, a group per model. */
  groups: BenchResultGroup[];
  /** Submissions that count toward supraScore, on every page. */
  counting: number;
  coverage: DetailCoverage;
  /** Benchmarks in the snapshot. */
  benchmarks: number;
  /** effectiveWeight over time, oldest first. */
  weights: ChartPoint[];
  dimensions: ({ key: string; value: number } & DimensionInfo)[];
  tags: NamedLink[];
  /** The mirror's measures of it, on its first page: its verdict on the leaders, its best over time, its agreement with the others. */
  measures: BenchMeasures | undefined;
}

/** The plan's `resultsPerPage` models a page; one page where the plan leaves the others out. */
const pagesOf = (data: SiteData, bench: Bench) => (data.plan.deepResults ? pageCount(data.modelsOn(bench.slug), data.plan.resultsPerPage) : 1);

/** Each benchmark's own page, its first page of results. */
export const benchmarkPaths = (data: SiteData) =>
  data.benches.map((bench) => ({ params: { slug: bench.segment }, props: { bench, page: 1, pages: pagesOf(data, bench) } satisfies BenchmarkPageOf }));

/** The further pages of each benchmark's results. */
export const benchmarkResultPaths = (data: SiteData) =>
  data.benches.flatMap((bench) => {
    const pages = pagesOf(data, bench);
    return Array.from({ length: pages - 1 }, (_, i) => ({
      params: { slug: bench.segment, page: String(i + 2) },
      props: { bench, page: i + 2, pages } satisfies BenchmarkPageOf,
    }));
  });

export function benchmarkPage(data: SiteData, { bench, page, pages }: BenchmarkPageOf): BenchmarkPage {
  const results = data.resultsFor(bench.slug);
  const perPage = data.plan.resultsPerPage;
  return {
    shell: siteShellOf(data),
    plan: data.plan,
    bench,
    page,
    pages,
    link: safeExternalUrl(bench.url),
    results,
    groups: results.groups.slice((page - 1) * perPage, page * perPage),
    counting: results.groups.reduce((n, g) => n + g.rows.filter((r) => r.score.counts).length, 0),
    coverage: data.detailCoverage,
    benchmarks: data.benches.length,
    weights: data.weightHistoryFor(bench.slug).map((w) => ({ t: w.generatedAt, v: w.effectiveWeight })),
    dimensions: bench.dimensions.map(([key, value]) => ({ key, value, ...dimensionInfo(key) })),
    tags: tagLinksOf(data, bench.tags),
    measures: page === 1 ? data.benchMeasures().of(bench.slug) : undefined,
  };
}
