/** Grouping and keeping computed values, for the site's data. */
export { groupBy } from '../lists/model-ranking.ts';

/** Computes a value on first use and keeps it: pages of one build share it. */
export function memo<K, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined && !cache.has(key)) cache.set(key, (value = compute(key)));
    return value!;
  };
}

export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `compute`, keeping only the last `size` results: for values too large to keep one per key (a benchmark's results at 50,000 configurations). */
export function recent<K, V>(compute: (key: K) => V, size: number): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= size) kept.delete(kept.keys().next().value as K);
    } else kept.delete(key);
    kept.set(key, value);
    return value;
  };
}
