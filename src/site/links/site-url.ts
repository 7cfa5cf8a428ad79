/** The mirror's public address from SITE_URL: no side effects, so the browser scripts may import it too. */

export const DEFAULT_SITE_URL = 'http://localhost:4321/';

/** The URL when it is an http(s) address, else undefined. */
export function httpUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** SITE_URL's address, ending with `/` (its path is the site's base path); the local default when it is missing or not http(s). */
export function siteUrlOf(value: string | undefined): URL {
  const url = httpUrl(value) ?? new URL(DEFAULT_SITE_URL);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}
