/**
 * How the index files write names and scores compactly: each string once in a table, a name's slug
 * written as '' where the API's slug is that, and scores as whole numbers of the fewest decimals.
 * Pure: the build writes with these and the browser reads with them.
 */

/** Strings listed once, in the order first met: a record holds a string's position in `list`. */
export class StringTable {
  readonly list: string[] = [];
  readonly #ids = new Map<string, number>();
  id = (value: string): number => {
    let id = this.#ids.get(value);
    if (id === undefined) this.#ids.set(value, (id = this.list.push(value) - 1));
    return id;
  };
}

/**
 * The slug a name would have as the API writes most of them ("Liton 4.6 (high)" -> "liton-4-6-high"):
 * the names table writes a slug, familyTag or page segment that equals it as '' (most of them do).
 */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The fewest decimals (at most 6) with which every score is a whole number of 10^-decimals exactly; null when none. */
export function decimalsOf(scores: ArrayLike<number>): number | null {
  for (let d = 0; d <= 6; d++) {
    const scale = 10 ** d;
    let exact = true;
    for (let i = 0; exact && i < scores.length; i++) exact = Math.round(scores[i]! * scale) / scale === scores[i];
    if (exact) return d;
  }
  return null;
}
