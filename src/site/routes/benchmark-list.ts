/**
 * `/benchmarks/` and `/benchmarks/page/N/`: a page of the benchmarks list, by effectiveWeight; and
 * `/benchmarks/view/{view}/` (+ `N/`): a page of one of its pre-rendered views (BENCHMARK_VIEWS).
 */
import type { SiteData } from '../data/types.ts';
import {
  BENCHMARK_VIEWS,
  BENCHMARKS,
  benchmarkIndexOf,
  benchmarkRows,
  benchmarkViewPath,
  type BenchmarkListView,
  type BenchmarkRow,
} from '../lists/benchmarks.ts';
import { selectRows } from '../lists/list-spec.ts';
import { pageCount } from '../lists/pagination.ts';
import { siteShellOf, type SiteShell } from './shell.ts';
import { benchmarksPath } from '../links/output-paths.ts';

export interface BenchmarkListPage {
  shell: SiteShell;
  /** The view it shows: the plain one, or a pre-rendered view's. */
  view: BenchmarkListView;
  /** Its path under the site, as `<Base>` takes it. */
  path: string;
  page: number;
  pages: number;
  /** The rows of this page, the first of them the `first`-th benchmark of the view (from 0). */
  first: number;
  rows: BenchmarkRow[];
  /** Benchmarks the view shows, and in the snapshot. */
  total: number;
  benchmarks: number;
  /** The tag filter's choices: every tag a benchmark carries, A to Z. */
  tags: string[];
  /** The pre-rendered views this build makes, each with how many benchmarks it shows, for the links to them. */
  views: { segment: string; heading: string; count: number }[];
}

const benchmarkListPages = (data: SiteData) => pageCount(data.benches.length, BENCHMARKS.pageSize);

/** The rows a pre-rendered view shows, in its order. */
const viewRows = (data: SiteData, view: Partial<BenchmarkListView>) =>
  selectRows(BENCHMARKS, benchmarkRows(benchmarkIndexOf(data)), { ...BENCHMARKS.plain, ...view, page: 1 });

/**
 * The pre-rendered views this build makes: all of them where some benchmark has a counting score,
 * none where none has (every verdict would be "too few" and no agreement measured: three copies of the list).
 */
const viewsOf = (data: SiteData) => {
  const measures = data.benchMeasures();
  return data.benches.some((b) => measures.of(b.slug).steps.length > 0) ? BENCHMARK_VIEWS : [];
};

/** The pages after the first, which is `/benchmarks/`. */
export const benchmarkListPaths = (data: SiteData) =>
  Array.from({ length: benchmarkListPages(data) - 1 }, (_, i) => ({ params: { page: String(i + 2) }, props: { page: i + 2 } }));

/** Every page of every pre-rendered view: `separates`, `separates/2`, … */
export const benchmarkViewPaths = (data: SiteData) =>
  viewsOf(data).flatMap(({ segment, view }) =>
    Array.from({ length: pageCount(viewRows(data, view).length, BENCHMARKS.pageSize) }, (_, i) => ({
      params: { view: i === 0 ? segment : `${segment}/${i + 1}` },
      props: { segment, page: i + 1 },
    })),
  );

/** Page `page` of the list, or of its pre-rendered view `segment`. */
export function benchmarkListPage(data: SiteData, page: number, segment?: string): BenchmarkListPage {
  const index = benchmarkIndexOf(data);
  const own = BENCHMARK_VIEWS.find((v) => v.segment === segment);
  const view: BenchmarkListView = { ...BENCHMARKS.plain, ...own?.view, page };
  const all = own ? viewRows(data, own.view) : benchmarkRows(index);
  const first = (page - 1) * BENCHMARKS.pageSize;
  return {
    shell: siteShellOf(data),
    view,
    path: own ? benchmarkViewPath(own.segment, page) : benchmarksPath(page),
    page,
    pages: own ? pageCount(all.length, BENCHMARKS.pageSize) : benchmarkListPages(data),
    first,
    rows: all.slice(first, first + BENCHMARKS.pageSize),
    total: all.length,
    benchmarks: index.benchmarks.length,
    tags: index.tags.toSorted(),
    views: viewsOf(data).map((v) => ({ segment: v.segment, heading: v.heading, count: viewRows(data, v.view).length })),
  };
}
