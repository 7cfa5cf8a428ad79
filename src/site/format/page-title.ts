/** A page's `<title>`: its own title and the site's name, as the build writes it and the scripts rewrite it. */
import { cutAtWord } from './cut-at-word.ts';

/** About what a search result or a browser tab shows of a title. */
export const TITLE_LENGTH = 70;

/** "Leaderboard, page 2 · {site}"; past TITLE_LENGTH the site's name goes first, then the end of the page's own title, at a word. */
export function pageTitle(title: string | undefined, siteTitle: string): string {
  if (!title) return siteTitle;
  const full = `${title} · ${siteTitle}`;
  return full.length <= TITLE_LENGTH ? full : cutAtWord(title, TITLE_LENGTH);
}
