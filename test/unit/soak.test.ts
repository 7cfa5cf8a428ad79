/**
 * The soak's pure parts (src/dev/soak/): the fault schedule drawn from a seed, what the contract says a
 * run must exit with under each fault, the field the simulated API serves, and the workflow as the soak
 * runs it held to .github/workflows/refresh.yml. The soak itself runs in test/e2e/soak.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { validateExport } from '../../src/api/validate.ts';
import { parseClock } from '../../src/core/clock.ts';
import { Field, METHOD_CHANGE_AT } from '../../src/dev/soak/field.ts';
import { expectRefresh, KILLED, TERMINATED, type Seen } from '../../src/dev/soak/expect.ts';
import { calendarOf, soakStart } from '../../src/dev/soak/run-soak.ts';
import { CACHED_PATHS } from '../../src/dev/soak/runner.ts';
import { drawSchedule, FAULT_KINDS, KILL_STEPS, type Fault, type ScheduledFault } from '../../src/dev/soak/schedule.ts';
import { soakKey } from '../../src/dev/soak/context.ts';
import { CONDITIONS, evaluate, readWorkflow, stepEnv, type Contexts } from '../../src/dev/soak/workflow.ts';
import { ROOT } from '../helpers/env.ts';

const DAY = 86_400_000;

function scheduleOf(seed: number, days: number) {
  const field = new Field(seed, soakStart(days));
  const calendar = calendarOf(field, days);
  return { calendar, schedule: drawSchedule(seed, calendar) };
}

const SURROUNDINGS = new Set(['cache-evicted', 'host-older', 'damaged-history']);

describe('the fault schedule', () => {
  it('is the same for one seed and another for another', () => {
    expect(scheduleOf(7, 120).schedule).toEqual(scheduleOf(7, 120).schedule);
    expect(scheduleOf(8, 120).schedule).not.toEqual(scheduleOf(7, 120).schedule);
  });

  // The second tier's soak (test/e2e/soak.test.ts) runs seed 61 for 27 days, the fewest that can hold every kind (below).
  for (const [seed, days] of [
    [61, 27],
    [1, 60],
    [1, 365],
  ] as const) {
    it(`over ${days} days of seed ${seed} has every kind of fault, one on the method-change day, and none on the first day`, () => {
      const { calendar, schedule } = scheduleOf(seed, days);
      expect(new Set(schedule.map((s) => s.fault.kind))).toEqual(new Set(FAULT_KINDS));
      expect(calendar.methodDay).toBe(Math.floor(days / 2));
      expect(schedule.filter((s) => s.day === calendar.methodDay).map((s) => s.placed)).toContain('method change');
      expect(schedule.every((s) => s.day > 0 && s.day < days)).toBe(true);
    });

    it(`over ${days} days of seed ${seed} puts at most one fault of the run and one of its surroundings on a day, a skipped day alone`, () => {
      const { schedule } = scheduleOf(seed, days);
      const byDay = Map.groupBy(schedule, (s) => s.day);
      for (const [day, faults] of byDay) {
        const kinds = faults.map((f) => f.fault.kind);
        expect(kinds.filter((k) => !SURROUNDINGS.has(k)).length, `day ${day}: ${kinds}`).toBeLessThanOrEqual(1);
        expect(kinds.filter((k) => SURROUNDINGS.has(k)).length, `day ${day}: ${kinds}`).toBeLessThanOrEqual(1);
        if (kinds.includes('skipped')) expect(kinds).toEqual(['skipped']);
        expect(kinds.includes('disk-full') && kinds.includes('cache-evicted'), `day ${day}`).toBe(false);
      }
    });

    it(`over ${days} days of seed ${seed} puts what needs the export's body on days the field changes, and the quota's end in a month's last days`, () => {
      const { calendar, schedule } = scheduleOf(seed, days);
      const needsBody = (f: Fault) =>
        ['cut-body', 'invalid-export', 'lost-models'].includes(f.kind) ||
        (f.kind === 'killed' && f.step !== 'fetch') ||
        (f.kind === 'time-limit' && f.at === 'cancelled') ||
        (f.kind === 'disk-full' && f.at === 'build');
      for (const s of schedule.filter((x) => needsBody(x.fault))) expect(calendar.changeDays.has(s.day), JSON.stringify(s)).toBe(true);
      for (const s of schedule.filter((x) => x.fault.kind === 'quota-used-up')) expect([0, 1, 2].some((k) => calendar.monthEnds.has(s.day + k))).toBe(true);
    });
  }

  it('cannot hold every kind in fewer than 27 days, whatever the seed: the quota runs out only in a month’s last days', () => {
    // The soak is centred on the method change (2026-09-17): 27 days are the fewest that reach 2026-09-28 to 30.
    for (let days = 2; days < 27; days++) expect(scheduleOf(1, days).calendar.monthEnds.size, `${days} days`).toBe(0);
    expect(scheduleOf(1, 27).calendar.monthEnds.size).toBe(1);
  });

  it('over a year brings faults alone, two days in a row and two on one day, and kills the run at each of its steps', () => {
    const { schedule } = scheduleOf(1, 365);
    expect(new Set(schedule.map((s: ScheduledFault) => s.placed))).toEqual(new Set(['alone', 'in a row', 'together', 'method change']));
    const steps = schedule.flatMap((s) => (s.fault.kind === 'killed' ? [s.fault.step] : []));
    expect(new Set(steps)).toEqual(new Set(KILL_STEPS));
    expect(schedule.length).toBeGreaterThanOrEqual(40);
  });
});

describe('what the contract says a run exits with on a day of faults', () => {
  const seen = (over: Partial<Seen> = {}): Seen => ({ exportRequests: 1, killed: false, cancelled: false, built: false, ...over });

  it('gets through a burst the retries outlast, and gives up on a longer one (5; a body cut short, 7)', () => {
    expect(expectRefresh([{ kind: 'server-error', burst: 3 }], seen({ exportRequests: 4 })).code).toBe(0);
    expect(expectRefresh([{ kind: 'server-error', burst: 6 }], seen({ exportRequests: 6 })).code).toBe(5);
    expect(expectRefresh([{ kind: 'rate-limited', burst: 6 }], seen({ exportRequests: 6 })).code).toBe(5);
    expect(expectRefresh([{ kind: 'cut-body', burst: 6 }], seen({ exportRequests: 6 })).code).toBe(7);
    // No request made (the stored answer was still fresh): the fault never acted.
    expect(expectRefresh([{ kind: 'cut-body', burst: 6 }], seen({ exportRequests: 0 }))).toEqual({ code: 0, hit: [] });
  });

  it('gives each refusal its code: 3 a revoked key, 4 the quota, 6 an invalid or gutted export, 7 a hung export', () => {
    expect(expectRefresh([{ kind: 'revoked-key' }], seen()).code).toBe(3);
    expect(expectRefresh([{ kind: 'quota-used-up' }], seen()).code).toBe(4);
    expect(expectRefresh([{ kind: 'invalid-export' }], seen()).code).toBe(6);
    expect(expectRefresh([{ kind: 'lost-models' }], seen()).code).toBe(6);
    expect(expectRefresh([{ kind: 'time-limit', at: 'export' }], seen()).code).toBe(7);
  });

  it('lets a kill, a cancelled job or a full disk decide only when the run got there, and the surroundings none', () => {
    expect(expectRefresh([{ kind: 'killed', step: 'render' }], seen({ killed: true })).code).toBe(KILLED);
    expect(expectRefresh([{ kind: 'killed', step: 'render' }], seen({ killed: false }))).toEqual({ code: 0, hit: [] });
    expect(expectRefresh([{ kind: 'time-limit', at: 'cancelled' }], seen({ cancelled: true })).code).toBe(TERMINATED);
    expect(expectRefresh([{ kind: 'disk-full', at: 'store' }], seen()).code).toBe(1);
    expect(expectRefresh([{ kind: 'disk-full', at: 'build' }], seen({ built: false })).code).toBe(0);
    expect(expectRefresh([{ kind: 'disk-full', at: 'build' }], seen({ built: true })).code).toBe(1);
    expect(expectRefresh([{ kind: 'cache-evicted' }, { kind: 'revoked-key' }], seen()).code).toBe(3);
  });
});

describe("the soak's field", () => {
  const year = (seed: number) => {
    const field = new Field(seed, soakStart(365));
    return Array.from({ length: 365 }, (_, d) => field.on(d));
  };

  it('serves the same bytes for one seed, valid v1 exports with nothing for validation to drop', () => {
    const a = year(3);
    expect(year(3).map((d) => d.exportBody)).toEqual(a.map((d) => d.exportBody));
    for (const d of a.filter((x) => x.changed)) expect(validateExport(JSON.parse(d.exportBody)).warnings, d.exportBody.slice(0, 80)).toEqual([]);
  });

  it('changes on about one day in ten, with configurations coming and going and every score new on the method change', () => {
    const days = year(1);
    const changed = days.filter((d) => d.changed);
    expect(changed.length).toBeGreaterThan(25);
    expect(changed.length).toBeLessThan(55);
    expect(days.reduce((n, d) => n + (d.changed ? d.arrived : 0), 0)).toBeGreaterThan(0);
    expect(days.reduce((n, d) => n + (d.changed ? d.left : 0), 0)).toBeGreaterThan(0);
    const method = days.findIndex((d) => d.methodChange);
    expect(days[method]!.generatedAt).toBeGreaterThan(METHOD_CHANGE_AT);
    expect(days[method]!.generatedAt - METHOD_CHANGE_AT).toBeLessThan(DAY);
    const before = new Map(days[method - 1]!.ranking);
    const moved = days[method]!.ranking.filter(([slug, score]) => before.has(slug) && before.get(slug) !== score);
    expect(moved.length).toBe(days[method]!.ranking.filter(([slug]) => before.has(slug)).length);
  });

  it("gives keys in the API's live-key shape, one per rotation", () => {
    expect(soakKey(1, 0)).toMatch(/^[A-Za-z0-9]+_live_[0-9a-f]{64}$/);
    expect(soakKey(1, 1)).not.toBe(soakKey(1, 0));
  });
});

describe('the workflow as the soak runs it', () => {
  const workflow = readWorkflow(ROOT);

  it("decides each step's and job's if: as .github/workflows/refresh.yml writes it", () => {
    for (const [name, condition] of Object.entries(CONDITIONS)) expect(workflow.condition(name), name).toBe(condition);
  });

  it("restores and saves the cache's paths as the workflow's cache step names them", () => {
    const cache = Object.values(workflow.jobs)
      .flatMap((j) => j.steps as { uses?: string; with?: { path?: string } }[])
      .find((s) => s.uses?.startsWith('actions/cache'));
    expect(cache?.with?.path?.trim().split('\n')).toEqual(CACHED_PATHS);
  });

  it("evaluates the steps' env: expressions against the soak's secrets and variables", () => {
    const ctx: Contexts = { secrets: { RANKING_API_KEY: 'k' }, vars: { SITE_URL: '' }, inputs: {}, pagesUrl: 'http://pages/' };
    expect(evaluate("${{ vars.JOB_MINUTES || '45' }}", ctx)).toBe('45');
    expect(evaluate('${{ vars.SITE_URL || steps.pages.outputs.base_url }}', ctx)).toBe('http://pages/');
    expect(evaluate('${{ secrets.RANKING_API_KEY }}', ctx)).toBe('k');
    expect(() => evaluate('${{ github.token }}', ctx)).toThrow(/cannot evaluate/);
    const env = stepEnv(workflow, 'refresh', ctx, { STATE_URL: 'http://state/' });
    expect(env).toMatchObject({ RANKING_API_KEY: 'k', JOB_MINUTES: '45', DEPLOY_TARGET: 'github-pages', STATE_URL: 'http://state/', FORCE: '' });
  });
});

describe('MIRROR_CLOCK', () => {
  it('takes an ISO instant or Unix ms, and nothing else', () => {
    expect(parseClock('2027-01-05T06:17:00Z')).toBe(Date.UTC(2027, 0, 5, 6, 17));
    expect(parseClock('1800000000000')).toBe(1_800_000_000_000);
    for (const bad of ['', 'tomorrow', '2027-01-05', '-5', '1e12', '2027-13-45T00:00:00Z']) expect(parseClock(bad), bad).toBeUndefined();
  });
});
