/** `/benchmarks/` and `/benchmarks/page/N/`: a page of the benchmarks list, by effectiveWeight. */
import type { SiteData } from '../data/types.ts';
import { BENCHMARKS, benchmarkIndexOf, benchmarkRows, type BenchmarkRow } from '../lists/benchmarks.ts';
import { pageCount } from '../lists/pagination.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

export interface BenchmarkListPage {
  shell: SiteShell;
  page: number;
  pages: number;
  /** The rows of this page, the first of them the `first`-th benchmark (from 0). */
  first: number;
  rows: BenchmarkRow[];
  benchmarks: number;
  /** The tag filter's choices: every tag a benchmark carries, A to Z. */
  tags: string[];
}

const benchmarkListPages = (data: SiteData) => pageCount(data.benches.length, BENCHMARKS.pageSize);

/** The pages after the first, which is `/benchmarks/`. */
export const benchmarkListPaths = (data: SiteData) =>
  Array.from({ length: benchmarkListPages(data) - 1 }, (_, i) => ({ params: { page: String(i + 2) }, props: { page: i + 2 } }));

export function benchmarkListPage(data: SiteData, page: number): BenchmarkListPage {
  const index = benchmarkIndexOf(data);
  const first = (page - 1) * BENCHMARKS.pageSize;
  return {
    shell: siteShellOf(data),
    page,
    pages: benchmarkListPages(data),
    first,
    rows: benchmarkRows(index, first, first + BENCHMARKS.pageSize),
    benchmarks: index.benchmarks.length,
    tags: index.tags.toSorted(),
  };
}
