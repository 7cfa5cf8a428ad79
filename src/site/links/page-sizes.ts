/** How many rows a page of a paged list holds: where a row is found, so its address, follows from them. */

/** Models per leaderboard page: the first page stays small at any size of the field. */
export const LEADERBOARD_PAGE_SIZE = 100;

/** Benchmarks per page of the benchmarks list, so it too stays small at any size. */
export const BENCHMARKS_PAGE_SIZE = 250;
