/**
 * Finding the API key, whole or in part, in text the tools print and in bodies they would store. A
 * server or proxy that echoes the Authorization header may cut, wrap or splice it, so any long
 * fragment of the key's secret part counts, not only the whole key.
 */

/** Shortest run of the key's secret part that counts as a leak. */
export const MIN_FRAGMENT = 12;
/** Every fragment of MIN_FRAGMENT characters contains one whole block of this length at a multiple of it. */
const BLOCK = MIN_FRAGMENT / 2;

const REDACTED = '[redacted]';

/**
 * Text shaped like an API key of this API (`<prefix>_live_` + 64 hex characters), whoever's it is:
 * what a file about to be published is checked for where the key itself is not at hand.
 */
export const KEY_LIKE = /[A-Za-z0-9]_live_[0-9a-f]{64}/i;

/** The marker every key carries: a cheap first filter before KEY_LIKE. */
export const KEY_MARKER = '_live_';

/**
 * The part of a key worth hiding: what follows `_live_` in `<prefix>_live_<64 hex>` (the prefix is
 * public and shared by every key), else the whole key.
 */
export function secretPart(key: string): string {
  const m = /_live_(.+)$/.exec(key);
  return m && m[1]!.length >= MIN_FRAGMENT ? m[1]! : key;
}

interface Haystack {
  length: number;
  indexOf(needle: string, from: number): number;
  /** Character (string) or byte (Buffer) code at `i`. */
  at(i: number): number;
}

const ofString = (text: string): Haystack => ({ length: text.length, indexOf: (n, f) => text.indexOf(n, f), at: (i) => text.charCodeAt(i) });
const ofBuffer = (buf: Buffer): Haystack => ({ length: buf.length, indexOf: (n, f) => buf.indexOf(n, f, 'latin1'), at: (i) => buf[i]! });

/**
 * Spans `[start, end)` of `hay` that match a run of at least MIN_FRAGMENT characters of `secret`
 * (or all of a shorter secret). Searches only the secret's aligned blocks, so a 256 MiB body is a
 * dozen `indexOf` passes, not a scan per position.
 */
function secretSpans(hay: Haystack, secret: string): [number, number][] {
  const spans: [number, number][] = [];
  if (secret.length < MIN_FRAGMENT) {
    for (let i = hay.indexOf(secret, 0); i !== -1; i = hay.indexOf(secret, i + secret.length)) spans.push([i, i + secret.length]);
    return spans;
  }
  for (let offset = 0; offset + BLOCK <= secret.length; offset += BLOCK) {
    const block = secret.slice(offset, offset + BLOCK);
    for (let at = hay.indexOf(block, 0); at !== -1; at = hay.indexOf(block, at + 1)) {
      // Align the secret with the hit and grow the match both ways.
      let start = at;
      let s = offset;
      while (start > 0 && s > 0 && hay.at(start - 1) === secret.charCodeAt(s - 1)) {
        start--;
        s--;
      }
      let end = at + BLOCK;
      let e = offset + BLOCK;
      while (end < hay.length && e < secret.length && hay.at(end) === secret.charCodeAt(e)) {
        end++;
        e++;
      }
      if (end - start >= MIN_FRAGMENT) spans.push([start, end]);
    }
  }
  return spans;
}

/** Whether `text` (a printed line or a response body) holds any of the secrets, or a long fragment of one. */
export function containsSecret(text: string | Buffer, secrets: readonly string[]): boolean {
  const hay = typeof text === 'string' ? ofString(text) : ofBuffer(text);
  // A key shorter than a fragment (a test key) would match ordinary words.
  return secrets.some((key) => key.length >= MIN_FRAGMENT && (hay.indexOf(key, 0) !== -1 || secretSpans(hay, secretPart(key)).length > 0));
}

/** A function that replaces every secret, and every long fragment of one, with `[redacted]`. */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const keys = secrets.filter((s) => s.length >= 4);
  if (keys.length === 0) return (text) => text;
  return (text) => {
    // Whole keys first, so the public prefix goes with them.
    const out = keys.reduce((t, key) => t.split(key).join(REDACTED), text);
    const spans = keys.flatMap((key) => secretSpans(ofString(out), secretPart(key))).sort((a, b) => a[0] - b[0]);
    if (spans.length === 0) return out;
    let result = '';
    let cursor = 0;
    for (const [start, end] of spans) {
      if (end <= cursor) continue;
      result += out.slice(cursor, Math.max(cursor, start)) + (start >= cursor ? REDACTED : '');
      cursor = end;
    }
    return result + out.slice(cursor);
  };
}
