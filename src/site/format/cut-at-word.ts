/** Descriptions for `<meta name=description>` and OpenGraph: short enough for a search result, never cut mid-word. */

/** About what search engines show of a description. */
export const DESCRIPTION_LENGTH = 155;

/**
 * `text` with its white space collapsed, when it fits in `max` characters; otherwise its longest run
 * of whole words that fits with an ellipsis after it. Counts code points, so no emoji is split.
 */
export function cutAtWord(text: string, max = DESCRIPTION_LENGTH): string {
  // Most descriptions are short single-spaced text already: no need to split them into code points.
  if (text.length <= max && !/\s\s|^\s|\s$|[^\S ]/.test(text)) return text;
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1).join('');
  // When the next character is a space the head already ends on a whole word; else drop the partial last word.
  const space = head.lastIndexOf(' ');
  const words = chars[max - 1] === ' ' || space <= 0 ? head : head.slice(0, space);
  return `${words.replace(/[\s,;:.\-–—(]+$/u, '')}…`;
}
