/**
 * The one model ranking of a snapshot, shared by the site's data (src/site/data/models.ts) and the
 * leaderboard as it stood on a past day (past-leaderboard.ts), so a past view ranks exactly as the
 * site did that day: configurations come in ranking order, so a model's first configuration is its
 * best; models rank in the order of their best configurations by its supraScore, exactly equal
 * scores sharing a rank (competition ranking, src/site/format/ranks.ts). Pure: the browser uses it.
 */
import { competitionRanks, type Ranked } from '../format/ranks.ts';

/** Items grouped by a key, each group in the items' order, the groups in the order of their first item. */
export function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** The models of configurations in ranking order: each model's configurations, best first, the models in model rank order. */
export const modelsInOrder = <C, K>(configurations: readonly C[], modelOf: (c: C) => K): Map<K, C[]> => groupBy(configurations, modelOf);

/** The model rank of each model of `modelsInOrder`, in its order: by its best (first) configuration's supraScore. */
export const modelRanks = <C>(models: ReadonlyMap<unknown, readonly C[]>, supraScore: (c: C) => number): Ranked[] =>
  competitionRanks([...models.values()].map((list) => supraScore(list[0]!)));

/** The longest common word-prefix of a family's names ("Quillon 3 (high)", "Quillon 3 (low)" -> "Quillon 3"). */
export function familyName(names: readonly string[]): string {
  const [first, ...rest] = names;
  if (!first || rest.length === 0) return first ?? '';
  let prefix = first;
  for (const name of rest) {
    let i = 0;
    while (i < prefix.length && i < name.length && prefix[i] === name[i]) i++;
    prefix = prefix.slice(0, i);
  }
  const separator = /[\s(\-–—:/,]/;
  const endsOnWord = names.every((n) => n.length === prefix.length || separator.test(n[prefix.length]!));
  if (!endsOnWord) prefix = prefix.replace(/\S*$/, '');
  const trimmed = prefix.replace(/[\s(\-–—:/,]+$/, '');
  return trimmed.length >= 3 ? trimmed : first;
}
