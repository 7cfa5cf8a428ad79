/**
 * What may serve as one URL path segment and one file name under `dist/`: RFC 3986 unreserved
 * characters only, starting with a letter or digit (so never `.`, `..` or a hidden file), and short
 * enough for any file system. Kept free of zod, since the site's build imports it too.
 */
export const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

export function isSafeSegment(value: unknown): value is string {
  return typeof value === 'string' && SAFE_SEGMENT.test(value);
}
