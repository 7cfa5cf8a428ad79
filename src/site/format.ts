/** How numbers and times read on the site: fixed decimals, UTC dates, grouped thousands. */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatScore = (n: number) => n.toFixed(1);
/**
 * Below 1,000 a whole number needs no grouping; above, the same counts (of models, configurations)
 * are printed on every page, and Intl's formatter costs about a microsecond a call: each is made once.
 */
const counts = new Map<number, string>();
export function formatCount(n: number): string {
  if (Number.isInteger(n) && n < 1000 && n > -1000) return String(n);
  let text = counts.get(n);
  if (text === undefined) {
    if (counts.size >= 10_000) counts.clear();
    counts.set(n, (text = integer.format(n)));
  }
  return text;
}

/** A native-scale number: as few decimals as it needs, up to three. */
export const formatNative = (n: number) => (Number.isInteger(n) ? integer.format(n) : Number(n.toFixed(3)).toString());

/**
 * `2026-11-16` (UTC). The pages print the same few hundred days many times over (a year of
 * snapshots, the dates of details), so each day's text is made once.
 */
const days = new Map<number, string>();
export function formatDate(ms: number): string {
  const day = Math.floor(ms / 86_400_000);
  let text = days.get(day);
  if (text === undefined) {
    text = new Date(ms).toISOString().slice(0, 10);
    days.set(day, text);
  }
  return text;
}

/** `2026-11-16 06:00 UTC`. */
export const formatDateTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** `2026-11-16T06:00:00.000Z`; the same few snapshot and fetch times recur on every page. */
const isoTimes = new Map<number, string>();
export function isoTime(ms: number): string {
  let text = isoTimes.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (isoTimes.size >= 10_000) isoTimes.clear();
    isoTimes.set(ms, text);
  }
  return text;
}

/** "3 configurations", "1 benchmark". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

const DAY = 86_400_000;

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
