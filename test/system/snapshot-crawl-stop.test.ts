/**
 * `snapshot` and `refresh` as real processes whose details crawl is stopped part-way (SIGTERM,
 * SIGINT, SIGKILL), and every wait a signal must interrupt (a FIFO, a retry's sleep).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { fingerprint, runScript } from '../helpers/env.ts';
import { killHard, startScript, waitUntil } from '../helpers/processes.ts';
import { fixtureDetails, fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';
import { underLoad } from '../helpers/load.ts';
import { startSimulator } from '../../src/dev/simulator/index.ts';

import { sim, dir, apiEnv, copyOfPrevious, leftovers, expectOneClearLine, useProcessFixture, KEY } from '../helpers/snapshot-process.ts';

useProcessFixture();

describe('a details crawl stopped part-way', () => {
  const DETAIL = /^\/v1\/models\/./;
  const detailRequests = () => sim.requests.filter((r) => DETAIL.test(r.path)).length;
  const storedDetails = (out: string) => withSnapshot(out, (reader) => reader.counts().details);

  /** The first `fast` detail requests are answered at once; every later one only after an hour, so the crawl is mid-request until signalled. */
  function slowDetailsAfter(fast: number): void {
    sim.addFault({ path: DETAIL, type: 'headers', headers: {}, times: fast });
    sim.addFault({ path: DETAIL, type: 'slow-headers', delayMs: 3_600_000, times: Infinity });
  }

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'by %s stores the details fetched so far, ends its pending request, and exits %i',
    async (signal, code) => {
      const out = copyOfPrevious();
      slowDetailsAfter(3);
      const run = startScript('snapshot.ts', ['--out', out, '--force', '--details', 'all'], apiEnv());
      try {
        const before = detailRequests();
        await waitUntil('the fourth detail request', () => detailRequests() - before >= 4, run, 60_000);
        run.child.kill(signal);
        const r = await run.exited;
        expect(r.code, r.stderr).toBe(code);
        expect(r.stderr).toContain(`error: stopped by ${signal} during the details crawl; ${out} holds the new export and 3 details fetched before it`);
        expect(r.stderr.trim().split('\n').at(-1)).toMatch(new RegExp(`^exit ${code}: `));
        expect(storedDetails(out)).toBe(3);
        expect(withSnapshot(out, (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
        expect(leftovers(dir.path).filter((f) => f.startsWith(`${basename(out)}.`))).toEqual([]);
      } finally {
        sim.clearFaults();
        await killHard(run);
      }
    },
    40_000,
  );

  it('by SIGTERM in refresh stores the details and ends without building: exit 143, no site', async () => {
    const folder = join(dir.path, 'refresh-stopped');
    mkdirSync(folder);
    const out = copyOfPrevious(folder);
    const dist = join(folder, 'dist');
    slowDetailsAfter(2);
    const run = startScript('refresh.ts', ['--out', out, '--dist', dist, '--force', '--details', 'all'], apiEnv());
    try {
      const before = detailRequests();
      await waitUntil('the third detail request', () => detailRequests() - before >= 3, run, 60_000);
      run.child.kill('SIGTERM');
      const r = await run.exited;
      expect(r.code, r.stderr).toBe(143);
      expect(storedDetails(out)).toBe(2);
      expect(r.stdout).not.toContain('building');
      // Neither a site nor a build's work folder (the build's lock file is the refresh's own, taken before the snapshot).
      expect(readdirSync(folder).filter((f) => f === 'dist' || /^\.dist\.build-/.test(f))).toEqual([]);
    } finally {
      sim.clearFaults();
      await killHard(run);
    }
  }, 120_000);

  /**
   * Three requests a minute on the simulator's clock, which stands still: the export and two details, then the crawl
   * stores what it has (it does before every wait for the rate limit) and waits for a minute that never comes. The kill
   * lands in that wait, whatever the machine's speed: the stored batch is all there is, and all that stays. The
   * clock stands two minutes ahead of the real one, which the crawl reads X-RateLimit-Reset against, so the wait is
   * a minute's even when the run crosses the end of the real minute.
   */
  async function killedAfterACheckpoint(): Promise<void> {
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 120_000;
    const limited = await startSimulator({
      exportBody: JSON.stringify(fixtureExport()),
      details: fixtureDetails(),
      keys: { [KEY]: { tier: 'partner', ratePerMinute: 3 } },
      now: () => minute,
    });
    const out = copyOfPrevious();
    const run = startScript('snapshot.ts', ['--out', out, '--force', '--details', 'all'], apiEnv({ RANKING_API_URL: limited.url }));
    try {
      await run.waitFor('checkpoint: 2 details of this run stored', 90_000);
      run.child.kill('SIGKILL');
      await run.exited;
      expect(storedDetails(out)).toBe(2);
      expect(withSnapshot(out, (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
    } finally {
      await killHard(run);
      await limited.close();
    }
  }

  it('by SIGKILL keeps the batches it stored on the way', killedAfterACheckpoint, 150_000);

  // A loaded CI run once saw the checkpoint this test waited for come after the crawl's end (when it counted on time).
  it('by SIGKILL keeps the batches it stored on the way, with the other core kept busy', () => underLoad(killedAfterACheckpoint), 150_000);
});

describe('every wait can be interrupted', () => {
  it('--from-file of a FIFO with no writer is refused at once: exit 2', async () => {
    const fifo = join(dir.path, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const out = copyOfPrevious();
    const before = fingerprint(out);
    const r = await runScript('snapshot.ts', ['--from-file', fifo, '--out', out], {}, { timeoutMs: 45_000 });
    expectOneClearLine(r, 2);
    expect(r.stderr).toContain('is a FIFO (named pipe), not a regular file');
    expect(fingerprint(out)).toEqual(before);
  }, 60_000);

  it('SIGTERM ends a run waiting to retry, and the lock is free for the next run', async () => {
    const out = copyOfPrevious();
    // A wait of half an hour or more, inside a deadline of two: only the signal can end it within the test's hang guard.
    sim.addFault({ type: 'rate_limited', retryAfter: 3600, times: 1 });
    const slow = { RANKING_RETRY_BASE_MS: '3600000', RANKING_RETRY_MAX_MS: '3600000', RANKING_DEADLINE_MS: '7200000' };
    const waiting = startScript('snapshot.ts', ['--out', out, '--force'], apiEnv(slow));
    try {
      await waiting.waitFor('rate limited; attempt 2 in');
      waiting.child.kill('SIGTERM');
      const r = await waiting.exited;
      expect(r.code).toBe(143);
    } finally {
      sim.clearFaults();
    }
    const next = await runScript('snapshot.ts', ['--out', out, '--force'], apiEnv(), { timeoutMs: 60_000 });
    expect(next.code, next.stderr).toBe(0);
  }, 120_000);
});
