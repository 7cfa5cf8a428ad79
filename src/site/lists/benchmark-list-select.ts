/**
 * Which benchmarks a view of the list shows, in which order: official sources only, a tag, search
 * words, and the sort. Pure, over the compact index: the browser script runs it, the tests check it.
 */
import type { BenchmarkIndex, IndexBench } from './benchmark-index.ts';
import type { BenchmarkListState, BenchSortKey } from './benchmark-list-state.ts';
import { matchesWords } from './search-words.ts';

/** True when every search word is in the benchmark's name, slug or tags, or names one of its tags by its stem. */
export const benchMatchesSearch = (index: BenchmarkIndex, b: IndexBench, query: string) =>
  matchesWords(
    query,
    [b[1], b[2]],
    b[10].map((i) => index.tags[i] ?? ''),
  );

const compareBy: Record<BenchSortKey, (a: IndexBench, b: IndexBench) => number> = {
  weight: (a, b) => a[5] - b[5],
  quality: (a, b) => a[7] - b[7],
  models: (a, b) => a[8] - b[8],
  raters: (a, b) => a[9] - b[9],
  name: (a, b) => a[1].localeCompare(b[1], 'en'),
};

/** The benchmarks of a view, filtered and sorted (ties in weight order); the page is cut by the caller. */
export function selectBenchmarks(index: BenchmarkIndex, state: BenchmarkListState): IndexBench[] {
  const tag = state.tag ? index.tags.indexOf(state.tag) : -1;
  const rows = index.benchmarks.filter((b) => (!state.official || b[4]) && (!state.tag || b[10].includes(tag)) && benchMatchesSearch(index, b, state.q));
  const sign = state.dir === 'asc' ? 1 : -1;
  const by = compareBy[state.sort];
  return rows.sort((a, b) => sign * by(a, b) || a[0] - b[0]);
}
