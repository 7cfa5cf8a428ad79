/**
 * Third-party text made safe for every format it is written into, once, where the site's data is
 * shaped: no control characters (they garble HTML and are forbidden in XML 1.0), no code points
 * XML 1.0 forbids (U+FFFE, U+FFFF and their kin in every plane, lone surrogates), and any
 * bidirectional control isolated so a name cannot reverse the text around it. Escaping for HTML,
 * XML, CSV and JSON is still done where each format is written.
 */

/** C0 and C1 controls, DEL, and the code points XML 1.0 forbids (noncharacters U+xFFFE/U+xFFFF, U+FDD0–U+FDEF). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff]|[\ud83f\ud87f\ud8bf\ud8ff\ud93f\ud97f\ud9bf\ud9ff\uda3f\uda7f\udabf\udaff\udb3f\udb7f\udbbf\udbff][\udffe\udfff]/g;
/** Line breaks and tabs in multi-line text (descriptions) become spaces rather than vanish. */
const WHITESPACE_CONTROLS = /[\t\n\r\u0085\u2028\u2029]+/g;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Explicit embeddings, overrides, isolates and marks that steer the direction of the text around them. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** True when every bidirectional control of the text sits inside an isolate that the text also closes. */
function contained(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '\u2066' || ch === '\u2067' || ch === FIRST_STRONG_ISOLATE) depth++;
    else if (ch === POP_DIRECTIONAL_ISOLATE) {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0 && BIDI_CONTROL.test(ch)) return false;
  }
  return depth === 0;
}

/**
 * The text as every output may carry it. A string with bidirectional controls is wrapped in a
 * first-strong isolate (U+2068 … U+2069), which ends every embedding or override it opened, unless
 * they are all inside closed isolates already: cleaning a sentence built from cleaned names changes nothing.
 */
export function cleanText(value: string): string {
  const clean = value.replace(WHITESPACE_CONTROLS, ' ').replace(FORBIDDEN, '').replace(LONE_SURROGATE, '\ufffd');
  return BIDI_CONTROL.test(clean) && !contained(clean) ? `${FIRST_STRONG_ISOLATE}${clean}${POP_DIRECTIONAL_ISOLATE}` : clean;
}

/** The row with every string field cleaned for output (slugs and tags are safe segments already, and stay as they are). */
export function cleanStrings<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) if (typeof value === 'string' && key !== 'slug' && key !== 'tag') out[key] = cleanText(value);
  return out as T;
}
