/**
 * `soak-report.json` and the console's one-screen summary, made from the days' records. Everything
 * but `timings` is the same for two runs with one seed: no wall-clock time, port or path in it.
 */
import type { DayRecord } from './context.ts';
import type { Ledger, LostDay } from './ledger.ts';
import { describeFault, FAULT_KINDS, type FaultKind, type ScheduledFault } from './schedule.ts';

/** What a year of days may take on a 2-core machine: a measure the report gives, never a check (it depends on the machine). */
export const YEAR_BUDGET_SECONDS = 600;

/** Below this many kinds of fault actually acting on runs, a soak shows too little to pass. */
export const MIN_KINDS_HIT = 10;

export interface FaultTally {
  scheduled: number;
  /** Occurrences that acted on a run (a kill the run never reached did not). */
  hit: number;
  /** Of those, the ones after which a run published a site current with the API without anyone's help; and with a person's. */
  recovered: number;
  byPerson: number;
}

export interface SoakReport {
  seed: number;
  days: number;
  from: string;
  to: string;
  methodChange: string | null;
  runs: number;
  skippedDays: number;
  schedule: { day: number; date: string; fault: string; placed: string }[];
  faults: Record<FaultKind, FaultTally>;
  kindsHit: number;
  exports: { served: number; fetched: number; published: number; gaps: number };
  daysFetched: number;
  daysLost: LostDay[];
  renders: { real: string[]; stub: number; runsWithoutRender: number };
  exitCodes: Record<string, number>;
  checks: { run: number; failed: number };
  failures: { day: number; date: string; faults: string[]; check: string; line: string }[];
  personActions: { day: number; date: string; what: string }[];
  /** Each day in a line: what the API served, the faults, each step's outcome, the site the host served after it. */
  log: string[];
  ok: boolean;
  /** Wall-clock times: the one part two runs with one seed do not share. */
  timings: {
    totalSeconds: number;
    meanDaySeconds: number;
    slowestDay: { date: string; seconds: number };
    realRenders: { date: string; seconds: number }[];
    stubRenderSeconds: number;
    /** CPU seconds of each step's processes together, and of the soak's own checks, over the whole soak. */
    cpuSeconds: Record<string, number>;
    /** A year may take 10 minutes on a 2-core machine (issue 57): a year at this soak's pace, and whether it keeps to that. */
    yearAtThisPaceSeconds: number;
    withinBudget: boolean;
  };
}

/** The faults only a person can undo: the others' recovery is the mirror's own, whatever else a person did meanwhile. */
const NEEDS_A_PERSON = new Set<string>(['revoked-key']);

/** Which hit faults were recovered from, and how: the first later run that exits 0 and deploys a site current with the API. */
function recoveries(records: readonly DayRecord[], ledger: Ledger): Map<string, 'self' | 'person'> {
  const out = new Map<string, 'self' | 'person'>();
  const open: { id: string; kind: string; person: boolean }[] = [];
  for (const r of records) {
    for (const o of open) if (r.person) o.person = true;
    r.hit.forEach((f, i) => open.push({ id: `${r.day}:${i}:${f}`, kind: f.split(' ')[0]!, person: false }));
    const current = ledger.latest(r.day);
    if (r.refresh === '0' && r.deployed && current && r.siteAt === new Date(current.generatedAt).toISOString() && !r.stateDamaged) {
      for (const o of open.splice(0)) out.set(o.id, o.person && NEEDS_A_PERSON.has(o.kind) ? 'person' : 'self');
    }
  }
  return out;
}

export function makeReport(input: {
  seed: number;
  days: number;
  from: string;
  to: string;
  methodChange: string | null;
  schedule: readonly ScheduledFault[];
  dateOf: (day: number) => string;
  records: readonly DayRecord[];
  ledger: Ledger;
  totalMs: number;
  /** CPU time of the soak's own process (the simulator, the host, the checks). */
  ownCpuMs: number;
}): SoakReport {
  const { records, ledger } = input;
  const faults = Object.fromEntries(FAULT_KINDS.map((k) => [k, { scheduled: 0, hit: 0, recovered: 0, byPerson: 0 }])) as Record<FaultKind, FaultTally>;
  for (const s of input.schedule) faults[s.fault.kind].scheduled++;
  const recovered = recoveries(records, ledger);
  for (const r of records)
    r.hit.forEach((f, i) => {
      const kind = FAULT_KINDS.find((k) => f === k || f.startsWith(`${k} `))!;
      faults[kind].hit++;
      const how = recovered.get(`${r.day}:${i}:${f}`);
      if (how === 'self') faults[kind].recovered++;
      if (how === 'person') faults[kind].byPerson++;
    });
  const exitCodes: Record<string, number> = {};
  for (const r of records) if (r.refresh !== undefined) exitCodes[r.refresh || 'none'] = (exitCodes[r.refresh || 'none'] ?? 0) + 1;
  const failures = records.flatMap((r) =>
    r.checks.filter((c) => c.failure).map((c) => ({ day: r.day, date: r.date, faults: r.faults, check: c.name, line: c.failure! })),
  );
  const checksRun = records.reduce((n, r) => n + r.checks.length, 0);
  const kindsHit = FAULT_KINDS.filter((k) => faults[k].hit > 0).length;
  const daysLost = [...ledger.lost.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  const ran = records.filter((r) => r.ran);
  const slowest = records.reduce((a, b) => (b.ms.day > a.ms.day ? b : a), records[0]!);
  const seconds = (ms: number) => Math.round(ms) / 1000;
  return {
    seed: input.seed,
    days: input.days,
    from: input.from,
    to: input.to,
    methodChange: input.methodChange,
    runs: ran.length,
    skippedDays: records.length - ran.length,
    schedule: input.schedule.map((s) => ({ day: s.day, date: input.dateOf(s.day), fault: describeFault(s.fault), placed: s.placed })),
    faults,
    kindsHit,
    exports: { served: ledger.versions.size, fetched: ledger.fetched.size, published: ledger.published.size, gaps: ledger.gaps() },
    daysFetched: ledger.fetched.size,
    daysLost,
    renders: {
      real: records.filter((r) => r.render === 'real').map((r) => r.date),
      stub: records.filter((r) => r.render === 'stub').length,
      runsWithoutRender: ran.filter((r) => r.render === undefined).length,
    },
    exitCodes,
    checks: { run: checksRun, failed: failures.length },
    failures,
    personActions: records.filter((r) => r.person).map((r) => ({ day: r.day, date: r.date, what: r.person! })),
    log: records.map(logLine),
    ok: daysLost.length === 0 && failures.length === 0 && kindsHit >= Math.min(MIN_KINDS_HIT, new Set(input.schedule.map((s) => s.fault.kind)).size),
    timings: {
      totalSeconds: seconds(input.totalMs),
      meanDaySeconds: seconds(records.reduce((n, r) => n + r.ms.day, 0) / Math.max(1, records.length)),
      slowestDay: { date: slowest.date, seconds: seconds(slowest.ms.day) },
      realRenders: records.filter((r) => r.render === 'real').map((r) => ({ date: r.date, seconds: seconds(r.ms.render ?? 0) })),
      stubRenderSeconds: seconds(records.filter((r) => r.render === 'stub').reduce((n, r) => n + (r.ms.render ?? 0), 0)),
      cpuSeconds: {
        ...Object.fromEntries(
          [...new Set(records.flatMap((r) => Object.keys(r.ms.cpu)))].map((k) => [k, seconds(records.reduce((n, r) => n + (r.ms.cpu[k] ?? 0), 0))]),
        ),
        soak: seconds(input.ownCpuMs),
      },
      yearAtThisPaceSeconds: Math.round((input.totalMs / 1000 / Math.max(1, records.length)) * 365),
      withinBudget: (input.totalMs / 1000 / Math.max(1, records.length)) * 365 <= YEAR_BUDGET_SECONDS,
    },
  };
}

/** A day in one line: `2026-09-17 new export [killed (render)]: doctor 0, refresh 137 (137), fallback success, job failure, deployed 2026-09-16T06:03`. */
function logLine(r: DayRecord): string {
  const faults = r.faults.length ? ` [${r.faults.join('; ')}]` : '';
  if (!r.ran) return `${r.date} ${r.served}${faults}: no run`;
  const steps = [
    `doctor ${r.doctor || '-'}`,
    `refresh ${r.refresh || '-'}${r.expected !== undefined && String(r.expected) !== r.refresh ? ` (expected ${r.expected})` : ''}`,
    ...(r.fallback ? [`fallback ${r.fallback}`] : []),
    `job ${r.job}`,
    ...(r.stateJob ? [`state ${r.stateJob}`] : []),
    r.deployed ? `deployed, the site of ${r.siteAt?.slice(0, 16)}` : `not deployed, the host keeps ${r.siteAt?.slice(0, 16) ?? 'nothing'}`,
    ...(r.render ? [`${r.render} render`] : []),
    ...(r.person ? [`a person ${r.person}`] : []),
  ];
  return `${r.date} ${r.served}${faults}: ${steps.join(', ')}${r.notes.length ? `; ${r.notes.join('; ')}` : ''}`;
}

const n = (x: number) => x.toLocaleString('en-US');

/** The console's summary: one screen. */
export function summaryLines(r: SoakReport, reportPath: string): string[] {
  const codes = Object.entries(r.exitCodes)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, count]) => `${code} ×${count}`)
    .join(', ');
  const lines = [
    `soak: seed ${r.seed}, ${r.days} days (${r.from} to ${r.to}${r.methodChange ? `, the method change on ${r.methodChange}` : ''}): ${r.runs} runs, ${r.skippedDays} days the scheduler skipped`,
    `the field: ${r.exports.served} exports served, ${r.exports.fetched} fetched, ${r.exports.published} published, ${r.exports.gaps} never fetched (gaps); ${r.daysLost.length} days lost`,
    `renders: ${r.renders.real.length} real Astro (${r.renders.real.join(', ') || 'none'}), ${r.renders.stub} stub; ${r.renders.runsWithoutRender} runs rendered nothing`,
    `faults: ${r.kindsHit} kinds hit; each kind as hit of scheduled, recovered without a person (+ with one)`,
  ];
  const kinds = Object.entries(r.faults);
  for (let i = 0; i < kinds.length; i += 2)
    lines.push(
      kinds
        .slice(i, i + 2)
        .map(([kind, t]) =>
          `  ${kind.padEnd(16)} ${`${t.hit} of ${t.scheduled}`.padStart(7)}  ${String(t.recovered).padStart(2)}${t.byPerson ? ` + ${t.byPerson}` : ''}`.padEnd(
            40,
          ),
        )
        .join(''),
    );
  lines.push(`checks: ${n(r.checks.run)} run, ${r.checks.failed} failed; exit codes: ${codes}`);
  for (const f of r.failures.slice(0, 5)) lines.push(`  FAILED day ${f.day} (${f.date}) [${f.faults.join('; ') || 'no fault'}] ${f.check}: ${f.line}`);
  if (r.failures.length > 5) lines.push(`  … and ${r.failures.length - 5} more in ${reportPath}`);
  for (const d of r.daysLost.slice(0, 5)) lines.push(`  LOST ${d.date}: ${d.what} from ${d.store} on day ${d.day}`);
  lines.push(
    `took ${r.timings.totalSeconds.toFixed(0)} s (${r.timings.meanDaySeconds.toFixed(2)} s a day; real renders ${r.timings.realRenders.map((x) => `${x.seconds.toFixed(0)} s`).join(', ') || 'none'}); ` +
      `a year at this pace ${r.timings.yearAtThisPaceSeconds} s, ${r.timings.withinBudget ? 'within' : 'OVER'} the ${YEAR_BUDGET_SECONDS} s a year may take`,
  );
  lines.push(
    r.ok
      ? `PASS: no day lost, no check failed, ${r.kindsHit} kinds of fault hit (${reportPath})`
      : `FAIL: ${r.daysLost.length} days lost, ${r.checks.failed} checks failed, ${r.kindsHit} kinds of fault hit (${reportPath})`,
  );
  return lines;
}
