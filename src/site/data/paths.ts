/**
 * The one rule for every path segment the site writes (configurations, models, benchmarks, tags,
 * comparisons). A value keeps its own text as its segment when that is safe on every host; any
 * other value, and the second of two values that would land on the same file on a
 * case-insensitive or Windows file system, gets a derived segment: `<safe prefix>-<8 hex of
 * sha256>`. Derived segments are deterministic, lowercase and collision-free, so no value can
 * reach outside its folder of `dist/` or overwrite another's page.
 */
import { createHash } from 'node:crypto';

/**
 * What a file name under `dist/` may be made of: RFC 3986 unreserved characters, starting with a
 * letter or digit (never `.`, `..` or a hidden file). The site's own rule, whatever the API's
 * validation let through: a tampered store cannot make the build write elsewhere.
 */
const UNRESERVED = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;

/** Device names Windows reserves in any case and with any extension (`con`, `NUL.txt`, `com1`). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** Longest segment, in characters, derived or kept: far below every file system's 255-byte limit. */
export const MAX_SEGMENT = 128;
const PREFIX_MAX = 48;

/** True when `value` may be its own segment: unreserved characters, no Windows device name, no trailing dot. */
export function isPlainSegment(value: string): boolean {
  return UNRESERVED.test(value) && value.length <= MAX_SEGMENT && !WINDOWS_RESERVED.test(value) && !value.endsWith('.');
}

/** The file-system identity of a segment: what a case-insensitive host compares. */
const foldKey = (segment: string) => segment.toLowerCase();

/** A value as a readable segment: lowercased, each run of other characters a hyphen ("Saffron Collective" -> "saffron-collective"). */
const readable = (value: string) =>
  value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `<lowercased safe prefix>-<hex of sha256>`: readable where the value allows, unique by its hash. */
export function derivedSegment(value: string, hexDigits = 8): string {
  const prefix = readable(value).slice(0, PREFIX_MAX).replace(/-+$/, '') || 'x';
  const hash = createHash('sha256').update(value, 'utf8').digest('hex').slice(0, hexDigits);
  return `${prefix}-${hash}`;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Lowercase values first (the API's tags and slugs are documented lowercase), then code-point order. */
const byPriority = (a: string, b: string) => Number(a !== a.toLowerCase()) - Number(b !== b.toLowerCase()) || byCodePoint(a, b);

/**
 * Segments for a set of values that share one folder (`/models/`, `/tags/`, ...). Values are taken
 * in a fixed order, so the result does not depend on the order given: of two values that fold to the
 * same file, an all-lowercase one keeps its text, else the first in code-point order. `reserved` are
 * names the folder uses itself (`page`); `own` is the segment a value would keep (its text itself).
 */
export function assignSegments(values: Iterable<string>, reserved: readonly string[] = [], own: (value: string) => string = (value) => value): Map<string, string> {
  const unique = [...new Set(values)].sort(byPriority);
  const taken = new Set(reserved.map(foldKey));
  const out = new Map<string, string>();
  const derive: string[] = [];
  for (const value of unique) {
    const segment = own(value);
    if (isPlainSegment(segment) && !taken.has(foldKey(segment))) {
      taken.add(foldKey(segment));
      out.set(value, segment);
    } else derive.push(value);
  }
  // Derived after every plain value is placed, so a derived name never takes a real value's own segment.
  for (const value of derive) {
    let digits = 8;
    let segment = derivedSegment(value, digits);
    while (taken.has(foldKey(segment)) && digits < 64) segment = derivedSegment(value, (digits += 4));
    if (taken.has(foldKey(segment))) throw new Error(`no collision-free segment for ${JSON.stringify(value)}`);
    taken.add(foldKey(segment));
    out.set(value, segment);
  }
  return out;
}

/**
 * Segments for names written for people, a vendor's say: each name readable ("Saffron Collective" ->
 * `saffron-collective`) where that is a safe segment no other name of the set takes first, else derived.
 */
export const readableSegments = (names: Iterable<string>) => assignSegments(names, [], readable);

/** The segment of each provider's page, by name: the providers of these models' best configurations (a model belongs to its best configuration's). */
export const providerSegments = (models: readonly { best: { provider: string } }[]) => readableSegments(models.map((m) => m.best.provider));

/** The segment of a pre-rendered comparison of two model segments, in canonical (code-point) order. */
export function pairKey(a: string, b: string): string {
  return byCodePoint(a, b) <= 0 ? `${a}-vs-${b}` : `${b}-vs-${a}`;
}
