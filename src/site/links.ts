/** Links on the site: internal paths under the configured base, and third-party URLs that may become links. */

const BASE: string = import.meta.env.BASE_URL;

/** An internal path under the site's base (`/models/x/` -> `/mirror/models/x/` when SITE_URL has a path). */
export function href(path: string): string {
  const base = BASE.endsWith('/') ? BASE : `${BASE}/`;
  return base + path.replace(/^\//, '');
}

export const modelHref = (slug: string) => href(`/models/${slug}/`);
export const benchHref = (slug: string) => href(`/benchmarks/${slug}/`);
export const tagHref = (tag: string) => href(`/tags/${tag}/`);
export const leaderboardHref = (page: number) => (page <= 1 ? href('/') : href(`/leaderboard/${page}/`));
/** Two segments deep, so no benchmark slug can collide with a page of the list. */
export const benchmarksHref = (page: number) => (page <= 1 ? href('/benchmarks/') : href(`/benchmarks/page/${page}/`));

/** The URL when it is `http:` or `https:` and may become a link; undefined for anything else (shown as text). */
export function safeExternalUrl(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The host of an external URL, for a compact label. */
export function hostOf(value: string): string {
  try {
    return new URL(value).host;
  } catch {
    return value;
  }
}
