/**
 * How the lists' search fields match: every word must be found, case and accents aside, in a row's
 * text, or name one of its tags by its stem. Pure: the leaderboard and the benchmarks list share it.
 */

/** Lower case without accents, so "Élan" is found by "elan". */
export const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A word's stem for matching tags: "coding" and "code" give "cod", "reasoner" and "reasoning" "reason". */
export function stem(word: string): string {
  const s = word.replace(/(ions?|ings?|ers?|ed|es|e|s)$/, '');
  return s.length >= 3 ? s : word;
}

/** True when every word of `query` is in `texts` or `tags`, or names one of `tags` by its stem ("coding" finds `code-generation`). */
export function matchesWords(query: string, texts: readonly string[], tags: readonly string[]): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = fold([...texts, ...tags].join(' '));
  const tagStems = tags.flatMap((t) => t.split('-')).map(stem);
  return words.every((word) => text.includes(word) || tagStems.some((t) => t.startsWith(stem(word))));
}
