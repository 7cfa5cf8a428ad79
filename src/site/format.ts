/** How numbers and times read on the site: fixed decimals, UTC dates, grouped thousands. */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatScore = (n: number) => n.toFixed(1);
export const formatCount = (n: number) => integer.format(n);

/** A native-scale number: as few decimals as it needs, up to three. */
export const formatNative = (n: number) => (Number.isInteger(n) ? integer.format(n) : Number(n.toFixed(3)).toString());

/** `2026-11-16` (UTC). */
export const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `2026-11-16 06:00 UTC`. */
export const formatDateTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const isoTime = (ms: number) => new Date(ms).toISOString();

/** "3 configurations", "1 benchmark". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
