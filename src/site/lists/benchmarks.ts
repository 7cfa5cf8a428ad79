/**
 * The benchmarks list as a list (list-spec.ts): one row per benchmark, by effectiveWeight, with the
 * mirror's verdict on whether it still separates the leaders and its mean agreement with the others.
 * Its index (`/data/benchmark-list.json`) holds a record per benchmark in `BENCHMARK_TUPLE`'s order
 * with tags listed once; `benchmarkRows` reads it back into the rows its pages and its script draw.
 * Its pre-rendered views (`BENCHMARK_VIEWS`, under `/benchmarks/view/`) read without JavaScript.
 */
import type { BenchmarkMeasures } from '../data/types.ts';
import type { Verdict } from '../data/bench-verdict.ts';
import type { Bench, SiteData } from '../data/types.ts';
import { benchHref, benchmarksHref, href, tagHref } from '../links/links.ts';
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
  /** The mirror's verdict on the leaders, and the adjacent pairs of them it told apart of those it looked at. */
  verdict: Verdict;
  separated: number;
  pairs: number;
  /** The mean rank correlation with the benchmarks it was compared with, to 3 decimals; null when none. */
  agreement: number | null;
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
  'verdict',
  'separated',
  'pairs',
  'agreement',
]);
export type IndexBench = TupleOf<typeof BENCHMARK_TUPLE>;

export interface BenchmarkIndex {
  tags: string[];
  /** The path segment of each tag in `tags`, same order. */
  tagSegments: string[];
  /** In weight order, as the static pages list them. */
  benchmarks: IndexBench[];
}

export function buildBenchmarkIndex(benches: readonly Bench[], tagSegment: (tag: string) => string, measures: BenchmarkMeasures): BenchmarkIndex {
  const tags = new StringTable();
  const records = benches.map((b) => {
    const { verdict, agreement } = measures.of(b.slug);
    return BENCHMARK_TUPLE.encode({
      ...b,
      previousWeight: b.previousWeight ?? null,
      tags: b.tags.map(tags.id),
      verdict: verdict.verdict,
      separated: verdict.separated,
      pairs: verdict.pairs,
      agreement: agreement.mean === null ? null : Math.round(agreement.mean * 1000) / 1000,
    });
  });
  return { tags: tags.list, tagSegments: tags.list.map(tagSegment), benchmarks: records };
}

const built = new WeakMap<SiteData, BenchmarkIndex>();

/** The index of this build's benchmarks, made once: every page of the list and the download share it. */
export function benchmarkIndexOf(data: SiteData): BenchmarkIndex {
  let index = built.get(data);
  if (!index) {
    index = buildBenchmarkIndex(data.benches, (tag) => data.tagByName.get(tag)!.segment, data.benchMeasures());
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
  /** Only benchmarks with this verdict on the leaders ('' for any). */
  verdict: '' | Verdict;
  sort: 'weight' | 'quality' | 'models' | 'raters' | 'verdict' | 'agreement' | 'name';
}

const SORTED_BY: Record<BenchmarkListView['sort'], string> = {
  weight: 'effectiveWeight',
  quality: 'qualityScore',
  models: 'the number of models with a score',
  raters: 'the number of raters',
  verdict: 'whether they still separate the leaders, then the share of adjacent pairs of leaders told apart',
  agreement: 'their mean agreement with the other benchmarks',
  name: 'name',
};

/** The verdicts in the order a sort by verdict ranks them, lowest first: no verdict, saturated, still separates. */
const VERDICT_ORDER: Record<Verdict, number> = { 'too-few': 0, saturated: 1, separates: 2 };
/** By verdict, then by the share of adjacent pairs told apart. */
const byVerdict = (a: BenchmarkRow, b: BenchmarkRow) =>
  VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] || a.separated / Math.max(1, a.pairs) - b.separated / Math.max(1, b.pairs);

/** The view the list's static pages show (page aside): no filter, by weight. */
const PLAIN: Omit<BenchmarkListView, 'page'> = { q: '', official: false, tag: '', verdict: '', sort: 'weight', dir: 'desc' };

/** Where the pre-rendered views of the list are. */
const VIEWS_PATH = '/benchmarks/view/';

/**
 * The list's pre-rendered views, each at its own address with pages of its own, so a visitor without
 * JavaScript can read the list filtered to the benchmarks that still separate the leaders, and sorted
 * by the verdict and by agreement: the segment, the view (beside the plain one) and its heading.
 */
export const BENCHMARK_VIEWS: readonly { segment: string; view: Partial<BenchmarkListView>; heading: string }[] = [
  { segment: 'separates', view: { verdict: 'separates' }, heading: 'Benchmarks that still separate the leaders' },
  { segment: 'by-verdict', view: { sort: 'verdict', dir: 'desc' }, heading: 'Benchmarks by whether they still separate the leaders' },
  { segment: 'by-agreement', view: { sort: 'agreement', dir: 'desc' }, heading: 'Benchmarks by their agreement with the others' },
];

/** A pre-rendered view's page N, as a path of the site, and as an address under its base. */
export const benchmarkViewPath = (segment: string, page = 1) => `${VIEWS_PATH}${segment}/${page > 1 ? `${page}/` : ''}`;
export const benchmarkViewHref = (segment: string, page = 1) => href(benchmarkViewPath(segment, page));

/** The pre-rendered view a view is, where it is one (no search, every other field as the view has it). */
const staticViewOf = (view: Omit<BenchmarkListView, 'page'>) =>
  view.q === ''
    ? BENCHMARK_VIEWS.find((v) => {
        const whole: Omit<BenchmarkListView, 'page'> = { ...PLAIN, ...v.view };
        return (Object.keys(PLAIN) as (keyof typeof PLAIN)[]).every((k) => view[k] === whole[k]);
      })
    : undefined;

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
    { key: 'verdict', label: 'Leaders', sort: { dir: 'desc', compare: byVerdict } },
    { key: 'agreement', label: 'Agreement', class: 'num wide-only', sort: { dir: 'desc', compare: byNumber((r) => r.agreement ?? -2) } },
    { key: 'models', label: 'Models', class: 'num wide-only', sort: { dir: 'desc', compare: byNumber((r) => r.modelCount) } },
    { key: 'raters', label: 'Raters', class: 'num wide-only', sort: { dir: 'desc', compare: byNumber((r) => r.raterCount) } },
    { key: 'tags', label: 'Tags', class: 'wide-only' },
  ],
  plain: PLAIN,
  tiebreak: byNumber((r) => r.position),
  filters: {
    official: { label: 'Official sources only', matches: (r) => r.isOfficial },
    tag: { label: 'Tag', matches: (r, tag) => r.tags.some((t) => t.name === tag) },
    verdict: { label: 'Leaders', matches: (r, verdict) => r.verdict === verdict },
  },
  pathView: (pathname) => {
    const m = pathname.startsWith(href(VIEWS_PATH)) ? /^([a-z-]+)\/(?:([1-9]\d{0,8})\/)?$/.exec(pathname.slice(href(VIEWS_PATH).length)) : null;
    const found = m && BENCHMARK_VIEWS.find((v) => v.segment === m[1]);
    return found ? { ...found.view, page: Number(m[2] ?? 1) } : undefined;
  },
  viewHref: (view) => {
    const found = staticViewOf(view);
    return found && benchmarkViewHref(found.segment, view.page);
  },
  searched: (r) => ({ texts: [r.name, r.slug], tags: r.tags.map((t) => t.name) }),
  heading: (page, pages, view) => {
    const own = view && staticViewOf(view)?.heading;
    if (own) return page === 1 ? own : `${own}, page ${page} of ${pages}`;
    return page === 1 ? 'How much each benchmark counts' : `Benchmarks, page ${page} of ${pages}`;
  },
  title: (page, view) => {
    const own = view && staticViewOf(view)?.heading;
    if (own) return page === 1 ? own : `${own}, page ${page}`;
    return page === 1 ? 'Benchmarks' : `Benchmarks, page ${page}`;
  },
  caption: ({ sort, dir }) => {
    const way = sort === 'name' ? (dir === 'asc' ? 'A to Z' : 'Z to A') : dir === 'desc' ? 'highest first' : 'lowest first';
    return `Benchmarks sorted by ${SORTED_BY[sort]}, ${way}`;
  },
} as const satisfies ListSpec<BenchmarkRow, BenchmarkListView>;
