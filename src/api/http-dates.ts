/**
 * Dates in HTTP headers, read strictly and written totally. A header value is only ever stored or
 * printed after it parsed as what it claims to be, re-serialized by us, so an echo cannot ride along;
 * and formatting a date never throws, so a garbled header cannot change what a failure means.
 */
import { now as clockNow } from '../core/clock.ts';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LONG_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const day = `(?:${DAYS.join('|')})`;
const month = `(${MONTHS.join('|')})`;
const time = '(\\d{2}):(\\d{2}):(\\d{2})';
/** RFC 9110 5.6.7: IMF-fixdate, and the two obsolete forms a recipient must still accept. */
const IMF_FIXDATE = new RegExp(`^${day}, (\\d{2}) ${month} (\\d{4}) ${time} GMT$`);
const RFC850 = new RegExp(`^(?:${LONG_DAYS.join('|')}), (\\d{2})-${month}-(\\d{2}) ${time} GMT$`);
const ASCTIME = new RegExp(`^${day} ${month} ([ \\d]\\d) ${time} (\\d{4})$`);

/** Unix ms of a valid calendar date and time, or undefined (no rolling of 31 Feb into March). */
function utc(year: number, monthIndex: number, date: number, h: number, m: number, s: number): number | undefined {
  if (h > 23 || m > 59 || s > 60) return undefined;
  const ms = Date.UTC(year, monthIndex, date, h, m, Math.min(s, 59));
  const check = new Date(ms);
  return check.getUTCFullYear() === year && check.getUTCMonth() === monthIndex && check.getUTCDate() === date ? ms : undefined;
}

/** An HTTP-date (RFC 9110) in Unix ms; undefined for anything else, however `Date.parse` would read it. */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = value.trim();
  let m = IMF_FIXDATE.exec(text);
  if (m) {
    const ms = utc(Number(m[3]), MONTHS.indexOf(m[2]!), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
    // A weekday that does not match the date is not a date this server meant.
    return ms !== undefined && text.startsWith(DAYS[(new Date(ms).getUTCDay() + 6) % 7]!) ? ms : undefined;
  }
  m = RFC850.exec(text);
  if (m) {
    // RFC 9110: a two-digit year more than 50 years in the future means the past century.
    const yy = Number(m[3]);
    const thisYear = new Date(clockNow()).getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + yy;
    if (year > thisYear + 50) year -= 100;
    return utc(year, MONTHS.indexOf(m[2]!), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
  }
  m = ASCTIME.exec(text);
  if (m) return utc(Number(m[6]), MONTHS.indexOf(m[1]!), Number(m[2]!.trim()), Number(m[3]), Number(m[4]), Number(m[5]));
  return undefined;
}

/**
 * `Retry-After` (RFC 9110 10.2.3) in ms: a non-negative integer of seconds, or an HTTP-date. Anything
 * else (`-5`, `1.5`, `+3`, garbage) is no Retry-After at all, so the normal backoff applies.
 */
export function parseRetryAfter(value: string | undefined, now = clockNow()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = parseHttpDate(text);
  return date === undefined ? undefined : Math.max(0, date - now);
}

/** `Deprecation` and `Sunset`: an HTTP-date, or (RFC 9745) `@` and Unix seconds. */
export function parseDeprecationDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const structured = /^@(-?\d{1,12})$/.exec(value.trim());
  if (structured) return isRepresentable(Number(structured[1]) * 1000) ? Number(structured[1]) * 1000 : undefined;
  return parseHttpDate(value);
}

/** The largest time a JavaScript Date holds (ECMA-262: 8.64e15 ms either side of 1970). */
const MAX_DATE_MS = 8.64e15;
const isRepresentable = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS;

/** ISO 8601 for a time in Unix ms; undefined (never a throw) for one no Date can hold. */
export function formatInstant(ms: number | undefined): string | undefined {
  return ms !== undefined && isRepresentable(ms) ? new Date(ms).toISOString() : undefined;
}

/** The IMF-fixdate form of a time in Unix ms, as we store a parsed `Last-Modified`; undefined if none. */
export function formatHttpDate(ms: number | undefined): string | undefined {
  return ms !== undefined && isRepresentable(ms) ? new Date(ms).toUTCString() : undefined;
}

/** ISO 8601, or the fallback text when the time is not representable. For messages that must always render. */
export function describeInstant(ms: number | undefined, fallback = 'an unreadable time'): string {
  return formatInstant(ms) ?? fallback;
}
