/** The benchmarks list's script: its list (src/site/lists/benchmarks.ts) enhanced, its rows drawn with the pages' own cells. */
import { BENCHMARKS, benchmarkRows } from '../site/lists/benchmarks.ts';
import { BENCHMARK_ROWS } from '../views/parts/list-table.ts';
import { enhanceList, indexSource } from './list-view.ts';

export const enhanceBenchmarkList = () => enhanceList(BENCHMARKS, (url) => indexSource(url, benchmarkRows), BENCHMARK_ROWS);
