/**
 * `snapshot` and `refresh` as real processes whose details crawl is stopped part-way (SIGTERM,
 * SIGINT, SIGKILL), and every wait a signal must interrupt (a FIFO, a retry's sleep).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { withSnapshot } from '../src/store/read-snapshot.ts';
import { fingerprint, runScript } from './helpers/env.ts';
import { killHard, startScript, waitUntil, type Running } from './helpers/processes.ts';
import { GENERATED_AT } from './helpers/fixture.ts';

import { sim, dir, site, apiEnv, copyOfPrevious, leftovers, expectOneClearLine, useProcessFixture } from './helpers/snapshot-process.ts';

useProcessFixture();

describe('a details crawl stopped part-way', () => {
  const DETAIL = /^\/v1\/models\/./;
  const detailRequests = () => sim.requests.filter((r) => DETAIL.test(r.path)).length;
  const storedDetails = (out: string) => withSnapshot(out, (reader) => reader.counts().details);

  /** The first `fast` detail requests are answered at once; every later one only after a minute, so the crawl is mid-request. */
  function slowDetailsAfter(fast: number): void {
    sim.addFault({ path: DETAIL, type: 'headers', headers: {}, times: fast });
    sim.addFault({ path: DETAIL, type: 'slow-headers', delayMs: 60_000, times: Infinity });
  }

  /** The run's end, waited for at most `ms`: far less than the minute its pending request would take. */
  async function exitWithin(run: Running, ms: number) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still running ${ms} ms after the signal:\n${run.output()}`)), ms);
    });
    try {
      return await Promise.race([run.exited, late]);
    } finally {
      clearTimeout(timer);
    }
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
        const r = await exitWithin(run, 15_000);
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
      const r = await exitWithin(run, 15_000);
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

  it('by SIGKILL keeps the batches it stored on the way', async () => {
    const out = copyOfPrevious();
    // A detail every two seconds, a batch every two: the first checkpoint comes seconds before the crawl could end. (Not
    // two checkpoints: the next waits 19 times as long as the last write took, which a loaded machine stretches past the crawl.)
    sim.addFault({ path: DETAIL, type: 'slow-headers', delayMs: 2000, times: Infinity });
    const run = startScript('snapshot.ts', ['--out', out, '--force', '--details', 'all'], apiEnv({ RANKING_DETAILS_CHECKPOINT_EVERY: '2' }));
    const stored = () => [...run.stdout().matchAll(/checkpoint: (\d+) details of this run stored/g)].map((m) => Number(m[1]));
    try {
      await waitUntil('a checkpoint', () => stored().length >= 1, run, 90_000);
      run.child.kill('SIGKILL');
      await run.exited;
      // What it reported stored is kept, and no more than one more checkpoint (whose line the kill may have cut off
      // before the test read it); the crawl did not finish (12 details), so the kill, not the end, decided what stayed.
      const kept = storedDetails(out);
      expect(kept).toBeGreaterThanOrEqual(Math.max(...stored()));
      expect([...stored(), Math.max(...stored()) + 2]).toContain(kept);
      expect(kept).toBeGreaterThanOrEqual(2);
      expect(kept).toBeLessThan(12);
      expect(withSnapshot(out, (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
    } finally {
      sim.clearFaults();
      await killHard(run);
    }
  }, 150_000);
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
    sim.addFault({ type: 'rate_limited', retryAfter: 60, times: 1 });
    const waiting = startScript('snapshot.ts', ['--out', out, '--force'], apiEnv({ RANKING_RETRY_BASE_MS: '30000', RANKING_RETRY_MAX_MS: '30000' }));
    try {
      await waiting.waitFor('rate limited; attempt 2 in');
      const signalled = performance.now();
      waiting.child.kill('SIGTERM');
      const r = await waiting.exited;
      expect(r.code).toBe(143);
      // Well inside the 30 s it was waiting (2.4 s seen with the suite's files side by side on two cores).
      expect(performance.now() - signalled).toBeLessThan(10_000);
    } finally {
      sim.clearFaults();
    }
    const next = await runScript('snapshot.ts', ['--out', out, '--force'], apiEnv(), { timeoutMs: 60_000 });
    expect(next.code, next.stderr).toBe(0);
  }, 120_000);
});
