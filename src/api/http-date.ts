/** HTTP-dates (RFC 9110 §5.6.7), read strictly: only a value that is one is ever sent back. */

const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Unix ms of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`); undefined for anything else, a wrong weekday included. */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  if (typeof value !== 'string' || !IMF_FIXDATE.test(value)) return undefined;
  const ms = Date.parse(value);
  // The round trip rejects impossible dates (31 Feb) and a weekday that does not match.
  return Number.isFinite(ms) && new Date(ms).toUTCString() === value ? ms : undefined;
}
