/** What the site search box and its script share: its label, and how a Pagefind excerpt becomes text. */

export const SEARCH_LABEL = 'Search models, configurations, benchmarks and tags';
/** Results listed under the box; the rest are a more precise search away. */
export const SEARCH_RESULTS_SHOWN = 8;

export interface ExcerptPart {
  text: string;
  /** A matched word, which Pagefind wraps in `<mark>`. */
  mark: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (s: string) =>
  s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, dec: string, hex: string, name: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (ENTITIES[name.toLowerCase()] ?? whole),
  );

/**
 * The parts of an excerpt as text: Pagefind marks matches with `<mark>` in otherwise escaped text.
 * Any other tag is dropped, so the script only ever sets text, never markup.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let mark = false;
  for (const token of excerpt.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(token)) mark = true;
    else if (/^<\/mark>$/i.test(token)) mark = false;
    else {
      const text = decode(token.replace(/<[^>]*>/g, ''));
      if (text) parts.push({ text, mark });
    }
  }
  return parts;
}

/** The line above the results. */
export function searchStatus(found: number, query: string): string {
  if (found === 0) return `No page matches “${query}”. Enter filters the leaderboard.`;
  const shown = Math.min(found, SEARCH_RESULTS_SHOWN);
  return `${found} ${found === 1 ? 'page matches' : 'pages match'}${found > shown ? `; the first ${shown}` : ''}. Enter filters the leaderboard.`;
}
