/** The calibration's report: a table a person reads, and the whole result as JSON. */
import { MAX_MISMATCH } from '../../site/evidence/agreement.ts';
import type { ScenarioResult } from './run-calibrate.ts';
import type { Check } from './verdict.ts';
import type { Coverage, FieldScore } from './score-field.ts';

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
const cov = (c: Coverage) => pct(c.held, c.ranges);

function row(cells: string[], widths: number[]): string {
  return `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
}

export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [
    row(headers, widths),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map((r) => row(r, widths)),
  ].join('\n');
}

const nameOf = (r: ScenarioResult) => `${r.configurations.toLocaleString('en-US')} cfg, ${Math.round(100 * r.missing)}% missing, ${r.source}`;

/** The least and the most of some values, or a dash. */
const spanOf = (values: number[]) => (values.length ? `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}` : '–');

/** How many of a scenario's fields showed ranges, how long it took, and how far the ranges' ends move with other seeds. */
export function runsTable(results: readonly ScenarioResult[]): string {
  return table(
    ['scenario', 'fields', 'ranges shown', 'mismatch (min–max)', 'seconds', 'ends moved with another seed (mean, largest)'],
    results.map((r) => [
      nameOf(r),
      String(r.fields),
      `${r.shown} of ${r.fields}`,
      spanOf(r.agreement.flatMap((a) => (a.mismatch === null ? [] : [a.mismatch]))),
      r.seconds.toFixed(0),
      r.stability ? `${r.stability.meanMove.toFixed(2)}, ${r.stability.largestMove} of ${r.stability.ends} ends` : '–',
    ]),
  );
}

type FieldAgreement = ScenarioResult['agreement'][number];
const heldOf = (fields: readonly FieldAgreement[]) => {
  const published = fields.filter((a) => a.ranges > 0);
  const ranges = published.reduce((n, a) => n + a.ranges, 0);
  return `${fields.length} (${published.length} published), ${pct(
    published.reduce((n, a) => n + a.held, 0),
    ranges,
  )} of ${ranges}`;
};

/**
 * The gate's verdicts and what the ranges of each side held, by scenario and over every field by the
 * mismatch: a field the gate withholds has its ranges published only in an `--ungated` run.
 */
export function gateTables(results: readonly ScenarioResult[]): string {
  const byScenario = table(
    ['scenario', 'fields the gate shows: held', 'fields it withholds: held'],
    results.map((r) => [nameOf(r), heldOf(r.agreement.filter((a) => a.gateShows)), heldOf(r.agreement.filter((a) => !a.gateShows))]),
  );
  const all = results.flatMap((r) => r.agreement);
  const bands: [string, (m: number) => boolean][] = [
    [`at most ${MAX_MISMATCH.toFixed(2)} (the gate's)`, (m) => m <= MAX_MISMATCH],
    [`${MAX_MISMATCH.toFixed(2)} to ${(2 * MAX_MISMATCH).toFixed(2)}`, (m) => m > MAX_MISMATCH && m <= 2 * MAX_MISMATCH],
    [`over ${(2 * MAX_MISMATCH).toFixed(2)}`, (m) => m > 2 * MAX_MISMATCH],
  ];
  const byMismatch = table(
    ['mismatch', 'fields: held'],
    bands.map(([name, within]) => [name, heldOf(all.filter((a) => a.mismatch !== null && within(a.mismatch)))]),
  );
  return `${byScenario}

${byMismatch}`;
}

/** The checks, one line each. */
export const checksText = (checks: readonly Check[]): string => checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: ${c.value}`).join('\n');

/** The whole report as text. */
export function reportText(results: readonly ScenarioResult[], checks: readonly Check[]): string {
  return [
    '## Likely ranges (marginal): where the true model rank fell',
    marginalTable(results),
    '',
    '## The whole table at once, and comparisons',
    jointTable(results),
    '',
    '## Likely ranges by the benchmarks a model’s evidence rests on',
    benchmarksTable(results),
    '',
    '## Runs',
    runsTable(results),
    '',
    '## The gate',
    gateTables(results),
    '',
    '## Checks',
    checksText(checks),
  ].join('\n');
}

/** One line per scenario: the marginal ranges' coverage by group, misses by side and width. */
export function marginalTable(results: readonly ScenarioResult[]): string {
  return table(
    ['scenario', 'fields', 'ranges', 'overall', 'top third', 'middle', 'bottom', 'top 20', 'true better', 'true worse', 'mean width'],
    results.map((r) => {
      const m = r.score.marginal;
      return [
        nameOf(r),
        String(r.fields),
        String(m.all.ranges),
        cov(m.all),
        cov(m['top third']),
        cov(m['middle third']),
        cov(m['bottom third']),
        cov(m['top 20']),
        String(m.all.better),
        String(m.all.worse),
        m.all.ranges ? (m.all.width / m.all.ranges).toFixed(1) : '–',
      ];
    }),
  );
}

/** One line per scenario: the whole-table statement and the comparisons. */
export function jointTable(results: readonly ScenarioResult[]): string {
  return table(
    ['scenario', 'joint fields held', 'sets held', 'mean set width', 'neighbours: separated', 'wrong', 'four close: separated', 'wrong'],
    results.map((r) => {
      const { joint, jointFields, jointHeld, separates } = r.score;
      const sep = (k: keyof FieldScore['separates']) => {
        const s = separates[k];
        return [`${s.claims} of ${s.compared}`, `${s.wrong} (${pct(s.wrong, s.claims)})`];
      };
      return [
        nameOf(r),
        `${jointHeld} of ${jointFields}`,
        cov(joint.all),
        joint.all.ranges ? (joint.all.width / joint.all.ranges).toFixed(1) : '–',
        ...sep('neighbours'),
        ...sep('four'),
      ];
    }),
  );
}

/** Coverage by how many benchmarks a model's evidence rests on. */
export function benchmarksTable(results: readonly ScenarioResult[]): string {
  return table(
    ['scenario', 'under 8 benchmarks', '8 to 15', '16 or more'],
    results.map((r) => {
      const m = r.score.marginal;
      const cell = (c: Coverage) => `${cov(c)} of ${c.ranges}`;
      return [nameOf(r), cell(m['under 8 benchmarks']), cell(m['8 to 15 benchmarks']), cell(m['16 or more benchmarks'])];
    }),
  );
}
