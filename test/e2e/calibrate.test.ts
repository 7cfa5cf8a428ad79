/**
 * `npm run calibrate` at its smallest: fields whose truth is known, stored by the snapshot command
 * and read back from the downloads. Two fields of the sample's scale give every table and a verdict;
 * one field with every published range narrowed to half its width must fail, so the harness can.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../helpers/env.ts';
import type { ScenarioResult } from '../../src/dev/calibrate/run-calibrate.ts';
import type { Check } from '../../src/dev/calibrate/verdict.ts';

const dir = mkdtempSync(join(tmpdir(), 'mirror-calibrate-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  result: { scenarios: ScenarioResult[]; checks: Check[] };
}

async function calibrate(name: string, args: string[]): Promise<Run> {
  const json = join(dir, `${name}.json`);
  const r = await runScript('calibrate.ts', ['--sizes', '300', '--seed', '3', '--json', json, ...args], {}, { timeoutMs: 300_000 });
  expect(r.stderr).not.toMatch(/exit \d+:/);
  return { code: r.code, stdout: r.stdout, result: JSON.parse(readFileSync(json, 'utf8')) as Run['result'] };
}

const share = (c: { held: number; ranges: number }) => c.held / c.ranges;

describe('npm run calibrate', () => {
  it('holds the published ranges, sets and comparisons against the truth, and prints every table', async () => {
    const { code, stdout, result } = await calibrate('two', ['--fields', '2']);
    for (const heading of [
      '## Likely ranges (marginal): where the true model rank fell',
      '## The whole table at once, and comparisons',
      '## Likely ranges by the benchmarks a model’s evidence rests on',
      '## Runs',
      '## Checks',
    ])
      expect(stdout).toContain(heading);
    const [scenario] = result.scenarios;
    expect(scenario!.seeds).toEqual([30_000, 30_001]);
    expect(scenario!.shown).toBe(2);
    const { marginal, jointFields } = scenario!.score;
    expect(marginal.all.ranges).toBeGreaterThan(250);
    for (const g of ['all', 'top third', 'middle third', 'bottom third', 'top 20'] as const) expect(share(marginal[g]), g).toBeGreaterThanOrEqual(0.8);
    expect(marginal.all.better).toBeGreaterThan(0);
    expect(marginal.all.worse).toBeGreaterThan(0);
    expect(jointFields).toBe(2);
    // Every check it printed is in the JSON, and the exit code is theirs.
    for (const c of result.checks) expect(stdout).toContain(`${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: ${c.value}`);
    expect(code).toBe(result.checks.every((c) => c.ok) ? 0 : 1);
  });

  it('fails on ranges narrowed to half their width', async () => {
    const { code, stdout, result } = await calibrate('shrunk', ['--fields', '1', '--shrink', '0.5']);
    expect(code).toBe(1);
    const all = result.scenarios[0]!.score.marginal.all;
    expect(share(all)).toBeLessThan(0.85);
    expect(stdout).toMatch(/^FAIL all fields: likely ranges hold, all: \d+\.\d% of \d+$/m);
  });

  it('measures what the gate keeps out with --ungated: the same field, withheld, then published and scored', async () => {
    // A source that weighs one capability almost alone: the gate withholds its ranges.
    const withheld = await calibrate('narrow', ['--fields', '1', '--source', 'narrow']);
    const [kept] = withheld.result.scenarios;
    expect(kept!.shown).toBe(0);
    expect(kept!.agreement).toEqual([expect.objectContaining({ gateShows: false, ranges: 0, held: 0 })]);
    expect(withheld.stdout).toMatch(/^\| 300 cfg, 40% missing, narrow \| +0 \(0 published\), – of 0 \| +1 \(0 published\), – of 0 \|$/m);

    const ungated = await calibrate('narrow-ungated', ['--fields', '1', '--source', 'narrow', '--ungated']);
    const [shown] = ungated.result.scenarios;
    expect(shown!.seeds).toEqual(kept!.seeds);
    expect(shown!.shown).toBe(1);
    const [field] = shown!.agreement;
    expect(field).toMatchObject({ gateShows: false, spearman: kept!.agreement[0]!.spearman });
    expect(field!.ranges).toBeGreaterThan(100);
    expect(field!.ranges).toBe(shown!.score.marginal.all.ranges);
    expect(field!.held).toBe(shown!.score.marginal.all.held);
    expect(ungated.stdout).toContain(`1 (1 published), ${((100 * field!.held) / field!.ranges).toFixed(1)}% of ${field!.ranges}`);
  });
});
