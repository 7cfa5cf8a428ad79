/**
 * The benchmarks list as a list (list-spec.ts): one row per benchmark, by effectiveWeight. Its index
 * (`/data/benchmark-list.json`) holds a record per benchmark in `BENCHMARK_TUPLE`'s order with tags
 * listed once; `benchmarkRows` reads it back into the rows its pages and its script draw.
 */
import type { Bench, SiteData } from '../data/types.ts';
import { benchHref, benchmarksHref, tagHref } from '../links/links.ts';
import { StringTable, tupleLayout, type TupleOf } from './index-tuples.ts';
import { byNumber, byText, type BaseView, type ListSpec } from './list-spec.ts';
import type { NamedLink } from './leaderboard.ts';
import { BENCHMARKS_PAGE_SIZE } from './pagination.ts';

/** A benchmark, as the index holds it. */
export interface BenchmarkRecord {
  /** Its place by effectiveWeight, then slug. */
  position: number;
  name: string;
  slug: string;
  segment: string;
  isOfficial: boolean;
  effectiveWeight: number;
  /** effectiveWeight in the previous comparable snapshot, or null. */
  previousWeight: number | null;
  qualityScore: number;
  modelCount: number;
  raterCount: number;
  /** Their positions in `tags`. */
  tags: number[];
}

export const BENCHMARK_TUPLE = tupleLayout<BenchmarkRecord>()([
  'position',
  'name',
  'slug',
  'segment',
  'isOfficial',
  'effectiveWeight',
  'previousWeight',
  'qualityScore',
  'modelCount',
  'raterCount',
  'tags',
]);
export type IndexBench = TupleOf<typeof BENCHMARK_TUPLE>;

export interface BenchmarkIndex {
  tags: string[];
  /** The path segment of each tag in `tags`, same order. */
  tagSegments: string[];
  /** In weight order, as the static pages list them. */
  benchmarks: IndexBench[];
}

export function buildBenchmarkIndex(benches: readonly Bench[], tagSegment: (tag: string) => string): BenchmarkIndex {
  const tags = new StringTable();
  const records = benches.map((b) => BENCHMARK_TUPLE.encode({ ...b, previousWeight: b.previousWeight ?? null, tags: b.tags.map(tags.id) }));
  return { tags: tags.list, tagSegments: tags.list.map(tagSegment), benchmarks: records };
}

const built = new WeakMap<SiteData, BenchmarkIndex>();

/** The index of this build's benchmarks, made once: every page of the list and the download share it. */
export function benchmarkIndexOf(data: SiteData): BenchmarkIndex {
  let index = built.get(data);
  if (!index) {
    index = buildBenchmarkIndex(data.benches, (tag) => data.tagByName.get(tag)!.segment);
    built.set(data, index);
  }
  return index;
}

/** A benchmark as a row of the list. */
export interface BenchmarkRow extends Omit<BenchmarkRecord, 'tags'> {
  href: string;
  tags: NamedLink[];
}

/** The rows of the index from `from` to `to`, in weight order: what the static pages show and the script draws other views from. */
export function benchmarkRows(index: BenchmarkIndex, from = 0, to = index.benchmarks.length): BenchmarkRow[] {
  const tags = index.tags.map((name, i) => ({ name, href: tagHref({ segment: index.tagSegments[i] ?? '' }) }));
  return index.benchmarks.slice(from, to).map((tuple) => {
    const b = BENCHMARK_TUPLE.decode(tuple);
    return { ...b, href: benchHref(b), tags: b.tags.map((i) => tags[i] ?? { name: '', href: tagHref({ segment: '' }) }) };
  });
}

export interface BenchmarkListView extends BaseView {
  /** Only benchmarks whose URL the API marks as an official source. */
  official: boolean;
  tag: string;
  sort: 'weight' | 'quality' | 'models' | 'raters' | 'name';
}

const SORTED_BY: Record<BenchmarkListView['sort'], string> = {
  weight: 'effectiveWeight',
  quality: 'qualityScore',
  models: 'the number of models with a score',
  raters: 'the number of raters',
  name: 'name',
};

export const BENCHMARKS = {
  name: 'benchmarks',
  noun: 'benchmark',
  // Two segments deep, so no benchmark slug can collide with a page of the list.
  pageHref: benchmarksHref,
  pagesUnder: '/benchmarks/page/',
  pageSize: BENCHMARKS_PAGE_SIZE,
  index: { path: '/data/benchmark-list.json', label: 'benchmark index' },
  pagerLabel: 'Benchmark pages',
  columns: [
    { key: 'position', label: '#', class: 'num' },
    { key: 'name', label: 'Benchmark', sort: { dir: 'asc', compare: byText((r) => r.name) } },
    { key: 'weight', label: 'Weight', class: 'num', sort: { dir: 'desc', compare: byNumber((r) => r.effectiveWeight) } },
    { key: 'quality', label: 'Quality', class: 'num', sort: { dir: 'desc', compare: byNumber((r) => r.qualityScore) } },
    { key: 'models', label: 'Models', class: 'num wide-only', sort: { dir: 'desc', compare: byNumber((r) => r.modelCount) } },
    { key: 'raters', label: 'Raters', class: 'num wide-only', sort: { dir: 'desc', compare: byNumber((r) => r.raterCount) } },
    { key: 'tags', label: 'Tags', class: 'wide-only' },
  ],
  plain: { q: '', official: false, tag: '', sort: 'weight', dir: 'desc' },
  tiebreak: byNumber((r) => r.position),
  filters: {
    official: { label: 'Official sources only', matches: (r) => r.isOfficial },
    tag: { label: 'Tag', matches: (r, tag) => r.tags.some((t) => t.name === tag) },
  },
  searched: (r) => ({ texts: [r.name, r.slug], tags: r.tags.map((t) => t.name) }),
  heading: (page, pages) => (page === 1 ? 'How much each benchmark counts' : `Benchmarks, page ${page} of ${pages}`),
  title: (page) => (page === 1 ? 'Benchmarks' : `Benchmarks, page ${page}`),
  caption: ({ sort, dir }) => {
    const way = sort === 'name' ? (dir === 'asc' ? 'A to Z' : 'Z to A') : dir === 'desc' ? 'highest first' : 'lowest first';
    return `Benchmarks sorted by ${SORTED_BY[sort]}, ${way}`;
  },
} as const satisfies ListSpec<BenchmarkRow, BenchmarkListView>;
