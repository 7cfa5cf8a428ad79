/**
 * The soak's fault schedule (its "nemesis"), drawn from the seed before the first day: which fault
 * comes on which day, alone, two days in a row, two on one day, and always one on the method-change
 * day. Pure: the same seed and calendar give the same schedule. What each fault does is faults.ts;
 * what the mirror must answer to it is expect.ts.
 */
import { hash, rngFor, type Rng } from '../sample/random.ts';

export const FAULT_KINDS = [
  'rate-limited',
  'server-error',
  'cut-body',
  'invalid-export',
  'lost-models',
  'revoked-key',
  'quota-used-up',
  'killed',
  'time-limit',
  'cache-evicted',
  'host-older',
  'damaged-history',
  'disk-full',
  'skipped',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Where a SIGKILL lands: each step of a run (the details crawl too). */
export const KILL_STEPS = ['fetch', 'validate', 'history', 'swap', 'crawl', 'render', 'publish'] as const;
export type KillStep = (typeof KILL_STEPS)[number];

export type Fault =
  /** `burst` answers in a row; up to RANKING_RETRIES (5) the run gets through, more and it gives up. */
  | { kind: 'rate-limited' | 'server-error' | 'cut-body'; burst: number }
  | { kind: 'killed'; step: KillStep }
  /** `export`: the export hangs past the run's deadline; `cancelled`: the job is cancelled at its limit during the crawl. */
  | { kind: 'time-limit'; at: 'export' | 'cancelled' }
  /** `store`: no room at all; `build`: room for the snapshot, not for the site. */
  | { kind: 'disk-full'; at: 'store' | 'build' }
  | { kind: Exclude<FaultKind, 'rate-limited' | 'server-error' | 'cut-body' | 'killed' | 'time-limit' | 'disk-full'> };

export interface ScheduledFault {
  day: number;
  fault: Fault;
  /** How it came to be there: alone, the day after another fault, beside another fault, or on the method-change day. */
  placed: 'alone' | 'in a row' | 'together' | 'method change';
}

/** Occurrences in 365 days (at least one each in any soak). */
const PER_YEAR: Record<FaultKind, number> = {
  'rate-limited': 4,
  'server-error': 4,
  'cut-body': 3,
  'invalid-export': 2,
  'lost-models': 2,
  'revoked-key': 1,
  'quota-used-up': 1,
  killed: KILL_STEPS.length,
  'time-limit': 2,
  'cache-evicted': 4,
  'host-older': 2,
  'damaged-history': 2,
  'disk-full': 2,
  skipped: 4,
};

/** Faults of what surrounds a run (its cache, its host, the published state): one may share a day with a fault of the run itself. */
const SURROUNDINGS = new Set<FaultKind>(['cache-evicted', 'host-older', 'damaged-history']);

/** Faults that need the export's body (a day the field changes): on a 304 day there is nothing to cut, validate, store or render. */
const NEEDS_NEW_DATA = (f: Fault) =>
  f.kind === 'cut-body' ||
  f.kind === 'invalid-export' ||
  f.kind === 'lost-models' ||
  (f.kind === 'killed' && f.step !== 'fetch') ||
  (f.kind === 'time-limit' && f.at === 'cancelled') ||
  (f.kind === 'disk-full' && f.at === 'build');

export interface Calendar {
  days: number;
  /** Days the field brings a new export. */
  changeDays: ReadonlySet<number>;
  /** The method-change day, when the soak reaches it. */
  methodDay: number | undefined;
  /** Days that are the last of their month (the quota resets the next morning). */
  monthEnds: ReadonlySet<number>;
}

const SCHEDULE_CHANNEL = 0x5c4e;

/** The faults of the soak, drawn from the seed (kind counts scale with the days). */
function occurrences(rng: Rng, days: number): Fault[] {
  const out: Fault[] = [];
  // A short soak kills the run at one step or a few: which ones, the seed says.
  const firstStep = rng.int(KILL_STEPS.length);
  for (const kind of FAULT_KINDS) {
    const count = Math.max(1, Math.round((PER_YEAR[kind] * days) / 365));
    for (let i = 0; i < count; i++) {
      if (kind === 'rate-limited' || kind === 'server-error') out.push({ kind, burst: i % 2 === 0 ? 1 + rng.int(4) : 6 });
      // A cut body that outlasts the retries costs their backoff (about half a minute): one in three.
      else if (kind === 'cut-body') out.push({ kind, burst: i % 3 === 1 ? 6 : 1 + rng.int(2) });
      else if (kind === 'killed') out.push({ kind, step: KILL_STEPS[(firstStep + i) % KILL_STEPS.length]! });
      else if (kind === 'time-limit') out.push({ kind, at: i % 2 === 0 ? 'export' : 'cancelled' });
      else if (kind === 'disk-full') out.push({ kind, at: i % 2 === 0 ? 'store' : 'build' });
      else out.push({ kind });
    }
  }
  return rng.shuffle(out);
}

/** Whether `fault` may join the faults already on a day: alone, or one of the run's own beside one of its surroundings. */
function fits(fault: Fault, there: readonly Fault[]): boolean {
  if (there.length === 0) return true;
  if (there.length > 1 || fault.kind === 'skipped' || there[0]!.kind === 'skipped') return false;
  const kinds = new Set([fault.kind, there[0]!.kind]);
  // A full disk and no cache: the restore's write fails first, which says nothing of either.
  if (kinds.has('disk-full') && kinds.has('cache-evicted')) return false;
  return SURROUNDINGS.has(fault.kind) !== SURROUNDINGS.has(there[0]!.kind);
}

/** The days `fault` may fall on. */
function allowedDays(fault: Fault, cal: Calendar): number[] {
  const all = Array.from({ length: cal.days - 1 }, (_, i) => i + 1);
  // The quota runs out in the last days of a month, so it resets within the soak without a person.
  if (fault.kind === 'quota-used-up') return all.filter((d) => [0, 1, 2].some((k) => cal.monthEnds.has(d + k)));
  // A key is revoked before the last day, so the rotation the day after is seen.
  if (fault.kind === 'revoked-key') return all.filter((d) => d < cal.days - 1);
  if (NEEDS_NEW_DATA(fault)) return all.filter((d) => cal.changeDays.has(d));
  return all;
}

export function drawSchedule(seed: number, cal: Calendar): ScheduledFault[] {
  const rng = rngFor(hash(SCHEDULE_CHANNEL, seed));
  const byDay = new Map<number, Fault[]>();
  const placed: ScheduledFault[] = [];
  const put = (day: number, fault: Fault, how: ScheduledFault['placed']) => {
    byDay.set(day, [...(byDay.get(day) ?? []), fault]);
    placed.push({ day, fault, placed: how });
  };
  const pending = occurrences(rng, cal.days);
  // The method-change day gets a fault of its own: a run there fails, or is killed as it renders the new scores.
  if (cal.methodDay !== undefined && cal.methodDay > 0) {
    const wanted: ((f: Fault) => boolean)[] = [(f) => f.kind === 'killed' && f.step === 'render', (f) => f.kind === 'server-error'];
    if (rng.chance(0.5)) wanted.reverse();
    const i = [...wanted, (f: Fault) => f.kind === 'killed'].map((w) => pending.findIndex(w)).find((x) => x !== -1) ?? -1;
    if (i !== -1) put(cal.methodDay, pending.splice(i, 1)[0]!, 'method change');
  }
  for (const fault of pending) {
    const days = allowedDays(fault, cal).filter((d) => fits(fault, byDay.get(d) ?? []));
    if (days.length === 0) continue;
    const after = days.filter((d) => byDay.has(d - 1) && !byDay.has(d));
    const beside = days.filter((d) => byDay.has(d));
    const roll = rng.next();
    if (roll < 0.25 && after.length > 0) put(rng.pick(after), fault, 'in a row');
    else if (roll < 0.45 && beside.length > 0) put(rng.pick(beside), fault, 'together');
    else {
      const free = days.filter((d) => !byDay.has(d) && !byDay.has(d - 1) && !byDay.has(d + 1));
      put(rng.pick(free.length > 0 ? free : days), fault, 'alone');
    }
  }
  return placed.sort((a, b) => a.day - b.day || FAULT_KINDS.indexOf(a.fault.kind) - FAULT_KINDS.indexOf(b.fault.kind));
}

/** A fault as the report and the console name it: `killed (render)`, `server-error (burst 6)`. */
export function describeFault(f: Fault): string {
  if ('burst' in f) return `${f.kind} (burst ${f.burst})`;
  if ('step' in f) return `${f.kind} (${f.step})`;
  if ('at' in f) return `${f.kind} (${f.at})`;
  return f.kind;
}
