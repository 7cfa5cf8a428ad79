/**
 * `npm run soak`: a simulated year of the scheduled workflow's daily runs against the bundled API
 * simulator, on a simulated clock, with the real commands and a seeded schedule of faults, checked
 * after every run (in the manner of Jepsen's histories and FoundationDB's seeded simulation). Days
 * are `day.ts`, the world they run in is `field.ts` (the API's data), `runner.ts` (the machine and its
 * cache), `host.ts` (the published site and state); the schedule is `schedule.ts`, the checks
 * `day-checks.ts`, the report `report.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../simulator/index.ts';
import { Field, METHOD_CHANGE_AT } from './field.ts';
import { Host } from './host.ts';
import { Ledger } from './ledger.ts';
import { Runner } from './runner.ts';
import { drawSchedule, type Calendar, type ScheduledFault } from './schedule.ts';
import { writeShims } from './shims.ts';
import { readWorkflow } from './workflow.ts';
import { runDay } from './day.ts';
import { KEY_SPEC, SoakClock, soakKey, type DayRecord, type SoakContext } from './context.ts';
import { makeReport, type SoakReport } from './report.ts';
import { readState, snapshotHistory } from './histories.ts';

const DAY = 86_400_000;

export interface SoakOptions {
  /** The checkout whose code, workflow and package.json the soak runs. */
  root: string;
  seed: number;
  days: number;
  /** Every render with the stub render; by default the first build, the one of the method change and the one of the last new export render with Astro. */
  stubOnly?: boolean;
  /** No faults at all: the baseline a fault schedule is held against. */
  noFaults?: boolean;
  /** Test-only: a step the product breaks on purpose (MIRROR_TEST_BREAK), to show the soak failing. */
  breakStep?: string;
  /** The working folder; default a temporary one, removed at the end. */
  dir?: string;
  /** Hears each day as it ends. */
  onDay?: (record: DayRecord) => void;
  /** Stops the soak after the day under way (Ctrl-C): the report then covers the days done. */
  signal?: AbortSignal;
}

/** The first simulated day: the method change (2026-09-17) falls in the middle of the soak. */
export const soakStart = (days: number) => METHOD_CHANGE_AT - Math.floor(days / 2) * DAY;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function calendarOf(field: Field, days: number): Calendar {
  const start = field.dayStart(0);
  const method = Math.floor((METHOD_CHANGE_AT - start) / DAY);
  return {
    days,
    changeDays: new Set(Array.from({ length: days }, (_, d) => d).filter((d) => field.changesOn(d))),
    methodDay: method >= 0 && method < days ? method : undefined,
    monthEnds: new Set(Array.from({ length: days }, (_, d) => d).filter((d) => new Date(field.dayStart(d + 1)).getUTCDate() === 1)),
  };
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = performance.now();
  const { seed, days } = options;
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError('days must be a whole number >= 1');
  const start = soakStart(days);
  const field = new Field(seed, start);
  const calendar = calendarOf(field, days);
  // The last new export of the soak is rendered with Astro too, so the site a year ends with is a real one.
  const lastChange = Math.max(...calendar.changeDays);
  const realRenderDays = new Set([0, calendar.methodDay ?? 0, lastChange]);
  const schedule = options.noFaults ? [] : drawSchedule(seed, calendar);
  const work = options.dir ?? mkdtempSync(join(tmpdir(), 'mirror-soak-'));
  const clock = new SoakClock();
  const key = soakKey(seed, 0);
  const keys = { [key]: { ...KEY_SPEC } };
  const first = field.on(0);
  const runner = new Runner(options.root, join(work, 'machine'));
  const host = new Host(join(runner.machine, 'host'));
  const sim = await startSimulator({ exportBody: first.exportBody, details: first.details, keys, now: clock.now, conditional: true, compression: true }).catch(
    async (err: unknown) => {
      await runner.close();
      throw err;
    },
  );
  const records: DayRecord[] = [];
  const ledger = new Ledger();
  try {
    await host.start();
    const ctx: SoakContext = {
      root: options.root,
      work,
      field,
      ledger,
      sim,
      host,
      runner,
      workflow: readWorkflow(options.root),
      clock,
      bin: writeShims(join(work, 'bin'), runner.project),
      seed,
      breakStep: options.breakStep,
      stubOnly: options.stubOnly ?? false,
      state: {
        key,
        keys,
        allKeys: [key],
        rotations: 0,
        rotateKey: false,
        quotaUntil: undefined,
        evictionPending: false,
        damagePending: false,
        damagedPart: undefined,
        lastDeployed: undefined,
        realRenderDue: false,
      },
    };
    const byDay = new Map<number, ScheduledFault[]>();
    for (const s of schedule) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
    for (let day = 0; day < days && !options.signal?.aborted; day++) {
      if (realRenderDays.has(day)) ctx.state.realRenderDue = true;
      const record = await runDay(ctx, day, byDay.get(day) ?? []);
      records.push(record);
      options.onDay?.(record);
    }
    const final = readState(host.release, join(work, 'final-state.db'));
    ledger.finish(records.length - 1, final.state === 'ok' ? snapshotHistory(final.file) : []);
  } finally {
    await sim.close();
    await host.close();
    await runner.close();
    if (!options.dir) rmSync(work, { recursive: true, force: true });
  }
  // A soak stopped early reports the days it simulated.
  return makeReport({
    seed,
    days: records.length,
    from: iso(start),
    to: iso(start + (records.length - 1) * DAY),
    methodChange: calendar.methodDay === undefined ? null : iso(field.dayStart(calendar.methodDay)),
    schedule,
    dateOf: (d) => iso(field.dayStart(d)),
    records,
    ledger,
    totalMs: performance.now() - started,
    ownCpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
}
