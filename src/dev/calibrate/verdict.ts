/**
 * What the calibration holds the site to (issue 54's "Done when"), on the fields of the source the
 * mirror's method agrees with: likely ranges that hold their model's true rank 85-95% of the time
 * overall, in each third of the field and in the top 20, missing on both sides alike; the whole-table
 * statement holding in at least 90% of the fields; and "separates" wrong at most 5% of the time. On
 * the other sources' fields, the gate withholds the ranges or they still hold at least 85%.
 */
import { AGREEING, type ScenarioResult } from './run-calibrate.ts';
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

const nameOf = (r: ScenarioResult) => `${r.configurations.toLocaleString('en-US')} cfg, ${Math.round(100 * r.missing)}% missing, ${r.source}`;

/**
 * A scenario whose source the mirror agrees with less: its ranges are withheld by the gate, or, where
 * shown, hold at least MARGINAL[0] of the time (wider than needed is honest there; narrower is not).
 */
function gateCheck(r: ScenarioResult): Check {
  const c = r.score.marginal.all;
  const what = `${nameOf(r)}: withheld or holding`;
  if (r.shown === 0) return { what, value: `ranges withheld on all ${r.fields} fields`, ok: true };
  const share = c.held / c.ranges;
  return { what, value: `shown on ${r.shown} of ${r.fields} fields, holding ${pct(share)} of ${c.ranges}`, ok: share >= MARGINAL[0] };
}

/** Every check of a run: each agreeing scenario's groups large enough to judge, their sums, and each other scenario's gate. */
export function checksOf(results: readonly ScenarioResult[]): Check[] {
  const agreeing = results.filter((r) => r.source === AGREEING);
  const checks = agreeing.flatMap((r) => (r.shown === 0 ? [] : coverageChecks(nameOf(r), r.score.marginal, false)));
  const all = sumScores(agreeing.map((r) => r.score));
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
  checks.push(...results.filter((r) => r.source !== AGREEING).map(gateCheck));
  return checks;
}
