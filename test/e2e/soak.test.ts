/**
 * `npm run soak` (src/dev/soak/) as CI runs it, shortened and cheap: 27 simulated days of the scheduled
 * workflow with every kind of fault at least once (27 days are the fewest that can: the quota runs out only in a month's
 * last days; seed 61's schedule places every kind in them, faults alone, in a row, together and on the method change, as
 * not every seed's does: test/unit/soak.test.ts), the real commands, the stub render (a year with
 * three real renders is `npm run soak` itself: docs/testing.md); that it can fail (a history write
 * broken on purpose loses a day, and the soak says so and exits 1); and that one seed gives one report.
 * The two short soaks are two days each: the first day and the method change, each with a new export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAULT_KINDS } from '../../src/dev/soak/schedule.ts';
import type { SoakReport } from '../../src/dev/soak/report.ts';
import { tmpfsAvailable } from '../../src/dev/tmpfs.ts';
import { runScript, tempDir } from '../helpers/env.ts';

/** A hang guard per soak, far above what one needs on a loaded machine. */
const GUARD_MS = 30 * 60_000;
let dir: { path: string; cleanup: () => void };

beforeAll(() => {
  dir = tempDir('mirror-soak-test-');
});

afterAll(() => dir?.cleanup());

async function soak(name: string, args: string[]): Promise<{ code: number | null; output: string; report: SoakReport }> {
  const reportPath = join(dir.path, `${name}.json`);
  const r = await runScript('soak.ts', ['--stub-render', '--report', reportPath, ...args], {}, { timeoutMs: GUARD_MS });
  return { code: r.code, output: r.stdout + r.stderr, report: JSON.parse(readFileSync(reportPath, 'utf8')) as SoakReport };
}

describe('npm run soak', () => {
  it(
    'runs 27 days with every kind of fault at least once, loses no day, fails no check, and says so in one screen',
    async () => {
      const { code, output, report } = await soak('short', ['--days', '27', '--seed', '61']);
      expect(code, output).toBe(0);
      expect(report).toMatchObject({ seed: 61, days: 27, daysLost: [], checks: { failed: 0 }, failures: [], ok: true });
      // The full disk needs a tmpfs, which needs root: a machine without says so loudly and runs the rest.
      const kinds = FAULT_KINDS.filter((k) => k !== 'disk-full' || tmpfsAvailable());
      for (const kind of kinds) expect(report.faults[kind].hit, kind).toBeGreaterThan(0);
      expect(report.kindsHit).toBeGreaterThanOrEqual(kinds.length);
      expect(report.checks.run).toBeGreaterThan(27 * 4);
      expect(report.exports.fetched).toBeGreaterThan(3);
      expect(report.log).toHaveLength(27);
      // The method change falls in the soak, with a fault of its own.
      expect(report.schedule.filter((s) => s.date === report.methodChange).map((s) => s.placed)).toContain('method change');
      const summary = output.slice(output.indexOf('soak: seed 61'));
      expect(summary.split('\n').filter(Boolean).length).toBeLessThanOrEqual(24);
      expect(summary).toMatch(/PASS: no day lost, no check failed/);
    },
    GUARD_MS,
  );

  it(
    'fails when a history write drops a day: the lost day in the report and on the console, exit 1',
    async () => {
      // Without faults, two days that each bring a new export (the first, the method change): the second write drops the first.
      const { code, output, report } = await soak('broken', ['--days', '2', '--seed', '2', '--no-faults', '--break', 'history-drops-day']);
      expect(code, output).toBe(1);
      expect(report.ok).toBe(false);
      expect(report.exports.fetched).toBe(2);
      expect(report.daysLost.map((d) => d.date)).toContain(report.from);
      expect(report.failures.some((f) => f.check.startsWith('history') && f.line.includes(`lost ${report.from}`))).toBe(true);
      expect(output).toMatch(new RegExp(`LOST ${report.from}`));
      expect(output).toMatch(/FAIL: [1-9]\d* days lost/);
    },
    GUARD_MS,
  );

  it(
    'gives one report for one seed, twice, but for the timings: two days with faults on the method change',
    async () => {
      const [a, b] = [await soak('first', ['--days', '2', '--seed', '1']), await soak('second', ['--days', '2', '--seed', '1'])];
      expect(a.code, a.output).toBe(0);
      expect(a.report.schedule.length).toBeGreaterThan(0);
      expect(a.report.schedule.every((s) => s.date === a.report.methodChange)).toBe(true);
      expect(a.report.daysLost).toEqual([]);
      const { timings: _a, ...first } = a.report;
      const { timings: _b, ...second } = b.report;
      expect(second).toEqual(first);
    },
    GUARD_MS,
  );
});
