/**
 * What `npm run doctor` says of one check: its verdict, what it found, what to do, and for a
 * failure the exit code a scheduled run would end with (the contract's codes: 1 the mirror's own
 * failure, 2 configuration, 3 the key refused, 4 the quota, 5 the API busy, 6 the export refused,
 * 7 the network). The doctor exits with the first failure's code, in the order the checks run.
 */
import { readFileSync } from 'node:fs';
import { EXIT_CODES, type FailureKind } from '../../core/errors.ts';

/** `skip`: not looked at (the API without `--online`). */
export type Status = 'ok' | 'warn' | 'fail' | 'skip';

export interface Verdict {
  /** The check, as its line names it (`RANKING_API_KEY`). */
  check: string;
  status: Status;
  /** What the check found. */
  says: string;
  /** What to do about a warning or a failure. */
  todo?: string | undefined;
  /** For a failure: the exit code a scheduled run would end with. */
  code?: number | undefined;
}

export const ok = (check: string, says: string): Verdict => ({ check, status: 'ok', says });
export const skip = (check: string, says: string): Verdict => ({ check, status: 'skip', says });
export const warn = (check: string, says: string, todo?: string): Verdict => ({ check, status: 'warn', says, todo });
export const fail = (check: string, kind: FailureKind, says: string, todo?: string): Verdict => ({
  check,
  status: 'fail',
  says,
  todo,
  code: EXIT_CODES[kind],
});

const MARK: Record<Status, string> = { ok: 'ok', warn: 'warn', fail: 'FAIL', skip: '--' };
/** The widest check name, so that what they say starts in one column. */
const NAME_WIDTH = 16;

/** `FAIL  RANKING_API_KEY   not set — put the key in …`: one line a check. */
export const verdictLine = (v: Verdict) => `${MARK[v.status].padEnd(5)} ${v.check.padEnd(NAME_WIDTH)} ${v.says}${v.todo ? ` — ${v.todo}` : ''}`;

/** The doctor's exit code: the first failure's, else 0. */
export const doctorCode = (verdicts: readonly Verdict[]) => verdicts.find((v) => v.status === 'fail')?.code ?? 0;

/** The last line: whether a scheduled run would succeed, as far as these checks can tell. */
export function closingLine(verdicts: readonly Verdict[]): string {
  const checked = verdicts.filter((v) => v.status !== 'skip');
  const failed = checked.filter((v) => v.status === 'fail').length;
  const warned = checked.filter((v) => v.status === 'warn').length;
  const warnings = warned ? `, ${warned} with a warning` : '';
  const api = checked.length < verdicts.length ? '; the API was not asked (--online asks it once)' : '';
  if (failed === 0) return `doctor: ${checked.length} checks pass${warnings}: a scheduled run would succeed${api}`;
  return `doctor: ${failed} of ${checked.length} checks fail${warnings}: a scheduled run would fail (exit ${doctorCode(verdicts)}, the first failure's)${api}`;
}

/** A Markdown table cell: one line, no column separators. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

/** The checks as a Markdown table, for the workflow's job summary. */
export function verdictTable(verdicts: readonly Verdict[]): string {
  const rows = verdicts.map((v) => `| ${v.status === 'fail' ? '**FAIL**' : MARK[v.status]} | ${cell(v.check)} | ${cell(v.says)} | ${cell(v.todo ?? '')} |`);
  return ['| | check | found | what to do |', '|---|---|---|---|', ...rows].join('\n');
}

/** What `npm run doctor -- --report PATH` writes: its exit code and its checks. */
export interface DoctorReport {
  code: number;
  checks: Verdict[];
}

const STATUSES: readonly string[] = ['ok', 'warn', 'fail', 'skip'];

/** The doctor's report, or undefined where there is none or it cannot be read (the summary never fails on it). */
export function readDoctorReport(path: string): DoctorReport | undefined {
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as Partial<DoctorReport>;
    if (!Number.isInteger(json.code) || !Array.isArray(json.checks)) return undefined;
    const checks = json.checks.filter((c) => typeof c?.check === 'string' && typeof c.says === 'string' && STATUSES.includes(c.status));
    return { code: json.code!, checks };
  } catch {
    return undefined;
  }
}
