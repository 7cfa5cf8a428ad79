/**
 * MIRROR_CLOCK (src/core/clock.ts), the test-only clock the soak (src/dev/soak/) gives each command of a
 * simulated day: a real `npm run snapshot` against the simulator a year ahead of the machine's clock
 * takes that day for now (the export is not "from the future", its fetch is dated that day), and the
 * same run without it refuses the export. Ahead of whatever the machine's clock says, so it holds under
 * `faketime` too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { demoKey, startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { fastClientEnv, runScript, tempDir } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';

const KEY = demoKey('partner');
/** A year and a month ahead of this machine, at whatever date it thinks it is. */
const AHEAD = Date.now() + 400 * 86_400_000;
let sim: Simulator;
let dir: { path: string; cleanup: () => void };

beforeAll(async () => {
  dir = tempDir('mirror-clock-');
  sim = await startSimulator({
    exportBody: JSON.stringify(fixtureExport({ hostile: false, generatedAt: AHEAD })),
    keys: { [KEY]: { tier: 'partner' } },
    now: () => AHEAD + 60_000,
  });
});

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
});

const snapshot = (out: string, env: Record<string, string> = {}) =>
  runScript('snapshot.ts', ['--out', out, '--details', '0', '--no-restore'], { ...fastClientEnv(sim.url, KEY), ...env });

describe('MIRROR_CLOCK', () => {
  it("is what a command takes for now: an export a year ahead of the machine is that day's, and its fetch is dated that day", async () => {
    const out = join(dir.path, 'ahead.db');
    const r = await snapshot(out, { MIRROR_CLOCK: String(AHEAD + 60_000) });
    expect(r.code, r.stderr).toBe(0);
    const { generatedAt, fetchedAt } = withSnapshot(out, (s) => s.info());
    expect(generatedAt).toBe(AHEAD);
    // The clock starts at the given instant and runs on at the wall clock's pace: the fetch is a few seconds after it at most.
    expect(fetchedAt).toBeGreaterThanOrEqual(AHEAD + 60_000);
    expect(fetchedAt).toBeLessThan(AHEAD + 60_000 + 10 * 60_000);
  });

  it('is the wall clock when unset: the same export is a year in the future and refused, nothing written', async () => {
    const r = await snapshot(join(dir.path, 'now.db'));
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/ahead of this machine's clock/);
  });

  it('refuses a value that is no instant, in one line, exit 2', async () => {
    const r = await snapshot(join(dir.path, 'bad.db'), { MIRROR_CLOCK: 'next tuesday' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/MIRROR_CLOCK must be an ISO instant or Unix ms/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
