/** The doctor's pure parts: its lines, its exit code, what it says of a key's shape and of a history. */
import { describe, expect, it } from 'vitest';
import { keyShapeProblem } from '../../src/api/settings.ts';
import { describeHistory } from '../../src/publish/doctor/context.ts';
import { closingLine, doctorCode, fail, ok, skip, verdictLine, verdictTable, warn } from '../../src/publish/doctor/verdict.ts';

describe('the doctor’s verdicts', () => {
  const checks = [
    ok('Node', 'Node 24.11.1'),
    fail('RANKING_API_KEY', 'usage', 'is not set', 'put the key in the Actions secret'),
    skip('API', 'not asked'),
    warn('snapshot', 'generated 5 days ago', 'the next refresh fetches a new one'),
    fail('SITE_URL', 'internal', 'a shorter history', 'keep it'),
  ];

  it('prints one line a check, what to do after a dash, the names in one column', () => {
    expect(checks.map(verdictLine)).toEqual([
      'ok    Node             Node 24.11.1',
      'FAIL  RANKING_API_KEY  is not set — put the key in the Actions secret',
      '--    API              not asked',
      'warn  snapshot         generated 5 days ago — the next refresh fetches a new one',
      'FAIL  SITE_URL         a shorter history — keep it',
    ]);
  });

  it('exits with the first failure’s code, in the order the checks run, else 0; a warning fails nothing', () => {
    expect(doctorCode(checks)).toBe(2);
    expect(doctorCode(checks.slice(2))).toBe(1);
    expect(doctorCode([ok('a', 'b'), warn('c', 'd')])).toBe(0);
    expect(closingLine(checks)).toBe(
      "doctor: 2 of 4 checks fail, 1 with a warning: a scheduled run would fail (exit 2, the first failure's); the API was not asked (--online asks it once)",
    );
    expect(closingLine([ok('a', 'b')])).toBe('doctor: 1 checks pass: a scheduled run would succeed');
  });

  it('makes a Markdown table of them for the job summary, a cell never breaking the table', () => {
    expect(verdictTable([fail('SITE_URL', 'usage', 'a | b\nc', 'd')])).toBe(
      '| | check | found | what to do |\n|---|---|---|---|\n| **FAIL** | SITE_URL | a \\| b c | d |',
    );
  });
});

describe('keyShapeProblem', () => {
  const hex = 'a'.repeat(64);
  it('says what is wrong with a key’s shape without quoting it', () => {
    expect(keyShapeProblem(`demo_live_${hex}`)).toBeUndefined();
    expect(keyShapeProblem(hex)).toBe('it has no _live_ (it is 64 characters long)');
    expect(keyShapeProblem(`_live_${hex}`)).toBe('nothing comes before _live_');
    expect(keyShapeProblem(`demo_live_${'g'.repeat(64)}`)).toBe('what follows _live_ holds characters other than hex digits');
    expect(keyShapeProblem(`demo_live_${'A'.repeat(64)}`)).toBe('what follows _live_ holds upper-case hex digits');
    expect(keyShapeProblem(`demo_live_${hex.slice(0, 40)}`)).toBe('what follows _live_ is 40 characters long, not 64');
  });
});

describe('describeHistory', () => {
  it('counts the snapshots and the days they span, first and last', () => {
    const day = (d: number) => Date.UTC(2026, 0, d, 6);
    expect(describeHistory({ snapshots: 365, from: day(1) }, day(365))).toBe('365 snapshots of history over 365 days (2026-01-01 to 2026-12-31)');
    expect(describeHistory({ snapshots: 1, from: day(5) }, day(5))).toBe('1 snapshot of history on one day (2026-01-05)');
    expect(describeHistory({ snapshots: 3, from: undefined }, day(5))).toBe('3 snapshots of history');
  });
});
