/**
 * A check on a JSON body before it is parsed. `JSON.parse` spends about 56 bytes on an empty object
 * and 32 on an empty array, so a body of `{}` rows costs ~19 times its size before validation sees a
 * row. A real export has one object or array per hundred bytes or so; a body denser than one per
 * MIN_BYTES_PER_CONTAINER is refused unparsed, which keeps the memory of any body a small multiple of its bytes.
 */
import { MirrorError } from '../core/errors.ts';

export const MIN_BYTES_PER_CONTAINER = 16;
/** Room for the envelope and empty collections of a tiny but valid export. */
const SLACK = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** Throws (exit 6) when `body` opens more objects and arrays than a real export of its size could. */
export function checkJsonDensity(body: Buffer, what: string): void {
  const limit = Math.floor(body.length / MIN_BYTES_PER_CONTAINER) + SLACK;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if ((byte === OPEN_BRACE || byte === OPEN_BRACKET) && ++containers > limit) {
      throw new MirrorError(
        'invalid',
        `${what} is not a plausible v1 export: more than one JSON object or array per ${MIN_BYTES_PER_CONTAINER} bytes (empty rows?); refused before parsing`,
        { hint: 'check that RANKING_API_URL points at the v1 API; nothing was written' },
      );
    }
  }
}
