/**
 * What the calibration holds the site to (issue 54's "Done when"): likely ranges that hold their
 * model's true rank 85-95% of the time overall, in each third of the field and in the top 20, missing
 * on both sides alike; the whole-table statement holding in at least 90% of the fields; and
 * "separates" wrong at most 5% of the time.
 */
import type { ScenarioResult } from './run-calibrate.ts';
import { sumScores, type Coverage, type Group } from './score-field.ts';

export const MARGINAL: readonly [number, number] = [0.85, 0.95];
export const JOINT = 0.9;
export const WRONG_SEPARATES = 0.05;
/** A group with fewer ranges than this in a scenario is too small to judge there (it counts in the run's sums). */
export const JUDGED = 100;
/** Misses are balanced when the rarer side is at least this share of them (judged from 20 misses). */
export const BALANCE = 0.3;

const JUDGED_GROUPS: readonly Group[] = ['all', 'top third', 'middle third', 'bottom third', 'top 20'];

export interface Check {
  what: string;
  value: string;
  ok: boolean;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function coverageChecks(name: string, c: Record<Group, Coverage>, always: boolean): Check[] {
  const out: Check[] = [];
  for (const g of JUDGED_GROUPS) {
    const cell = c[g];
    if (cell.ranges === 0 || (!always && cell.ranges < JUDGED)) continue;
    const share = cell.held / cell.ranges;
    out.push({ what: `${name}: likely ranges hold, ${g}`, value: `${pct(share)} of ${cell.ranges}`, ok: share >= MARGINAL[0] && share <= MARGINAL[1] });
  }
  const { better, worse } = c.all;
  if (better + worse >= 20)
    out.push({
      what: `${name}: misses on both sides`,
      value: `true rank better ${better}, worse ${worse}`,
      ok: Math.min(better, worse) >= BALANCE * (better + worse),
    });
  return out;
}

/** Every check of a run: each scenario's groups large enough to judge, then the run's sums. */
export function checksOf(results: readonly ScenarioResult[]): Check[] {
  const checks = results.flatMap((r) =>
    r.shown === 0
      ? []
      : coverageChecks(`${r.configurations.toLocaleString('en-US')} cfg, ${Math.round(100 * r.missing)}% missing, ${r.source}`, r.score.marginal, false),
  );
  const all = sumScores(results.map((r) => r.score));
  checks.push(...coverageChecks('all fields', all.marginal, true));
  if (all.jointFields > 0)
    checks.push({
      what: 'all fields: every model’s rank set holds',
      value: `${all.jointHeld} of ${all.jointFields} fields`,
      ok: all.jointHeld >= JOINT * all.jointFields,
    });
  const claims = all.separates.neighbours.claims + all.separates.four.claims;
  const wrong = all.separates.neighbours.wrong + all.separates.four.wrong;
  checks.push({
    what: 'all fields: “separates” wrong',
    value: `${wrong} of ${claims}${claims ? ` (${pct(wrong / claims)})` : ''}`,
    ok: wrong <= WRONG_SEPARATES * claims,
  });
  return checks;
}
