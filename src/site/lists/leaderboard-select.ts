/**
 * Which models a leaderboard view shows, in which order: filters by tag and provider, search
 * words, and the sort. Pure, over the compact index: the browser script runs it, the tests check it.
 */
import type { IndexModel, LeaderboardIndex } from './leaderboard-index.ts';
import type { LeaderboardState, SortKey } from './leaderboard-state.ts';
import { matchesWords } from './search-words.ts';

/**
 * True when every search word is found in the model's name, familyTag, provider, configuration
 * names or tags, or names a tag by its stem ("coding" finds a model tagged `code-generation`).
 */
export function matchesSearch(index: LeaderboardIndex, m: IndexModel, query: string): boolean {
  const tags = m[7].map((i) => index.tags[i] ?? '');
  return matchesWords(query, [m[1], m[2], index.providers[m[4]] ?? '', ...m[8].map((c) => c[1])], tags);
}

const compareBy = (index: LeaderboardIndex): Record<SortKey, (a: IndexModel, b: IndexModel) => number> => ({
  rank: (a, b) => a[0] - b[0],
  name: (a, b) => a[1].localeCompare(b[1], 'en'),
  provider: (a, b) => (index.providers[a[4]] ?? '').localeCompare(index.providers[b[4]] ?? '', 'en'),
  score: (a, b) => a[5] - b[5],
  benchCount: (a, b) => a[6] - b[6],
});

/** The models of a view, filtered and sorted (ties in rank order); the page is cut by the caller. */
export function selectModels(index: LeaderboardIndex, state: LeaderboardState): IndexModel[] {
  const tag = state.tag ? index.tags.indexOf(state.tag) : -1;
  const provider = state.provider ? index.providers.indexOf(state.provider) : -1;
  const rows = index.models.filter((m) => (!state.tag || m[7].includes(tag)) && (!state.provider || m[4] === provider) && matchesSearch(index, m, state.q));
  const sign = state.dir === 'asc' ? 1 : -1;
  const by = compareBy(index)[state.sort];
  return rows.sort((a, b) => sign * by(a, b) || a[0] - b[0]);
}
