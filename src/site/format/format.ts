/** How numbers and times read on the site: fixed decimals, UTC dates, grouped thousands. */

/** Made at its first use: creating a formatter costs 10-20 ms, which a command that prints no grouped number need not pay. */
let integerFormat: Intl.NumberFormat | undefined;
const integer = () => (integerFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

export const formatScore = (n: number) => n.toFixed(1);

/**
 * `make`, remembering each value's text: the pages print the same counts, days and times many times
 * over (a year of snapshots, the dates of details). At most `limit` are kept.
 */
function remembered<K>(make: (key: K) => string, limit = 10_000): (key: K) => string {
  const seen = new Map<K, string>();
  return (key) => {
    let text = seen.get(key);
    if (text === undefined) {
      if (seen.size >= limit) seen.clear();
      seen.set(key, (text = make(key)));
    }
    return text;
  };
}

const groupedCount = remembered((n: number) => integer().format(n));
/** Below 1,000 a whole number needs no grouping; Intl's formatter costs about a microsecond a call. */
export const formatCount = (n: number) => (Number.isInteger(n) && n < 1000 && n > -1000 ? String(n) : groupedCount(n));

/** A native-scale number: as few decimals as it needs, up to three. */
export const formatNative = (n: number) => (Number.isInteger(n) ? integer().format(n) : Number(n.toFixed(3)).toString());

const DAY = 86_400_000;
const dayText = remembered((day: number) => new Date(day * DAY).toISOString().slice(0, 10));
/** `2026-11-16` (UTC). */
export const formatDate = (ms: number) => dayText(Math.floor(ms / DAY));

/** `2026-11-16 06:00 UTC`. */
export const formatDateTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** `2026-11-16T06:00:00.000Z`. */
export const isoTime = remembered((ms: number) => new Date(ms).toISOString());

/** "3 configurations", "1 benchmark". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** How long before `reference` (the snapshot) a time was: "5 days before this snapshot", "3 months before …". */
export function formatAge(then: number, reference: number): string {
  const days = Math.floor((reference - then) / DAY);
  if (days < 0) return 'dated after this snapshot';
  if (days === 0) return 'the day of this snapshot';
  const span = days < 60 ? plural(days, 'day') : days < 730 ? plural(Math.floor(days / 30.4375), 'month') : plural(Math.floor(days / 365.25), 'year');
  return `${span} before this snapshot`;
}

/** A share (0-1) as a whole percentage, never rounded up to 100 % or down to 0 % unless it is. */
export function formatShare(share: number): string {
  const pct = share * 100;
  const shown = pct > 99 && pct < 100 ? 99 : pct > 0 && pct < 1 ? 1 : Math.round(pct);
  return `${shown}%`;
}
