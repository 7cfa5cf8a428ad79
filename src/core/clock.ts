/**
 * What the commands take for "now": the wall clock, read here and nowhere else on the product path.
 * Test-only: `MIRROR_CLOCK` (an ISO instant, `2027-01-05T06:17:00Z`, or Unix ms) sets the clock of
 * this process to that instant at its start, and it runs on at the wall clock's pace from there, so a
 * run's waits and deadlines still take real time. The soak (src/dev/soak/) runs each simulated day's
 * commands so, against the simulator's clock; a real run never sets it. Durations (deadlines, lock
 * waits) are measured on the wall clock itself.
 */
import { MirrorError } from './errors.ts';

/** Unix ms from the text of MIRROR_CLOCK, or undefined when it is not an instant. */
export function parseClock(text: string): number | undefined {
  const value = text.trim();
  const ms = /^\d{1,15}$/.test(value) ? Number(value) : /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

let offset: number | undefined;

/** How far this process's clock is from the wall clock: 0 without MIRROR_CLOCK. */
function clockOffset(): number {
  if (offset !== undefined) return offset;
  const text = process.env.MIRROR_CLOCK;
  if (text === undefined || text.trim() === '') return (offset = 0);
  const start = parseClock(text);
  if (start === undefined) throw new MirrorError('usage', `MIRROR_CLOCK must be an ISO instant or Unix ms (it is test-only), got '${text.slice(0, 40)}'`);
  // From the process's start, not from this module's first use: every process given one instant agrees.
  return (offset = start - Math.round(performance.timeOrigin));
}

/** Now, in Unix ms. */
export const now = (): number => Date.now() + clockOffset();
