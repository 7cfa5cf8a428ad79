/**
 * `snapshot` as a real process, killed (the crawl stopped part-way and the refusals are in
 * snapshot-crawl-stop and snapshot-refusals.test.ts, which share its set-up): real SIGKILLs at
 * chosen points (MIRROR_TEST_PAUSE_AT), real FIFOs, a real read-only mount and a real full disk
 * (small tmpfs mounts, where this user may mount). Every refusal is one line with the contract's
 * exit code, and the previous snapshot stays intact.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { validateExport } from '../../src/api/validate.ts';
import { pauseMarker, REPLACE_STEPS, type PausePoint, type ReplaceStep } from '../../src/core/test-pause.ts';
import type { WriteKind } from '../../src/store/atomic-replace.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { STORE_VERSION } from '../../src/store/schema.ts';
import { fingerprint, ROOT, runScript, type RunResult } from '../helpers/env.ts';
import { killHard, startFile, startScript, type Running } from '../helpers/processes.ts';
import { writeOldStore } from '../helpers/old-stores.ts';
import { fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';

import { DAY, dir, nextExport, site, apiEnv, copyOfPrevious, leftovers, useProcessFixture } from '../helpers/snapshot-process.ts';

useProcessFixture();

describe('a killed run', () => {
  /** A kind of write through the atomic replace (src/store/atomic-replace.ts), as a real run makes it. */
  interface WriteCase {
    kind: WriteKind;
    steps: readonly ReplaceStep[];
    /** Makes the previous file in `folder`: the --out path, and the file the paused write replaces. */
    prepare: (folder: string) => { out: string; replaced: string };
    start: (out: string, env: Record<string, string>) => Running;
    /** The run after the kill, which must succeed and sweep what the killed one left. */
    next: (out: string) => Promise<RunResult>;
    /** The file as the run found it is its previous one (for details and checkpoints, as the run's own export store left it). */
    untouchedBefore: boolean;
    isPrevious: (replaced: string) => void;
    isWritten: (replaced: string) => void;
  }

  const snapshotOf = (path: string) =>
    withSnapshot(path, (r) => ({
      version: r.version,
      generatedAt: r.info().generatedAt,
      details: r.counts().details,
      history: r.counts().historySnapshots,
      check: r.quickCheck(),
    }));
  const OLD_STATE = { origin: 'http://127.0.0.1:1', fetchedAt: GENERATED_AT - DAY, maxAgeSeconds: 0, bodySha256: 'old' };
  const fromFile = (out: string) => ['--from-file', nextExport, '--out', out];
  const crawl = (out: string) => ['--out', out, '--force', '--details', 'all'];
  const ALL_STEPS = REPLACE_STEPS;

  const cases: WriteCase[] = [
    {
      kind: 'snapshot',
      steps: ALL_STEPS,
      prepare: (folder) => ({ out: copyOfPrevious(folder), replaced: '' }),
      start: (out, env) => startScript('snapshot.ts', fromFile(out), env),
      next: (out) => runScript('snapshot.ts', fromFile(out), {}, { timeoutMs: 60_000 }),
      untouchedBefore: true,
      isPrevious: (f) => expect(snapshotOf(f)).toMatchObject({ version: STORE_VERSION, generatedAt: GENERATED_AT - DAY, check: 'ok' }),
      isWritten: (f) => expect(snapshotOf(f)).toMatchObject({ version: STORE_VERSION, generatedAt: GENERATED_AT, history: 2, check: 'ok' }),
    },
    {
      kind: 'upgrade',
      steps: ALL_STEPS,
      prepare: (folder) => {
        const out = join(folder, 'v3.db');
        const models = validateExport(fixtureExport({ hostile: false, generatedAt: GENERATED_AT - DAY })).models;
        writeOldStore(out, 3, GENERATED_AT - DAY, models, []);
        return { out, replaced: '' };
      },
      start: (out, env) => startScript('snapshot.ts', fromFile(out), env),
      next: (out) => runScript('snapshot.ts', fromFile(out), {}, { timeoutMs: 60_000 }),
      untouchedBefore: true,
      isPrevious: (f) => expect(snapshotOf(f)).toMatchObject({ version: 3, generatedAt: GENERATED_AT - DAY, check: 'ok' }),
      isWritten: (f) => expect(snapshotOf(f)).toMatchObject({ version: STORE_VERSION, generatedAt: GENERATED_AT, history: 2, check: 'ok' }),
    },
    {
      kind: 'details',
      steps: ALL_STEPS,
      prepare: (folder) => ({ out: copyOfPrevious(folder), replaced: '' }),
      start: (out, env) => startScript('snapshot.ts', crawl(out), apiEnv(env)),
      next: (out) => runScript('snapshot.ts', crawl(out), apiEnv(), { timeoutMs: 60_000 }),
      untouchedBefore: false,
      isPrevious: (f) => expect(snapshotOf(f)).toMatchObject({ generatedAt: GENERATED_AT, details: 0, check: 'ok' }),
      isWritten: (f) => {
        expect(snapshotOf(f)).toMatchObject({ generatedAt: GENERATED_AT, check: 'ok' });
        expect(snapshotOf(f).details).toBeGreaterThan(2);
      },
    },
    {
      kind: 'checkpoint',
      steps: ALL_STEPS,
      prepare: (folder) => ({ out: copyOfPrevious(folder), replaced: '' }),
      start: (out, env) => startScript('snapshot.ts', crawl(out), apiEnv({ ...env, RANKING_DETAILS_CHECKPOINT_EVERY: '2' })),
      next: (out) => runScript('snapshot.ts', crawl(out), apiEnv(), { timeoutMs: 60_000 }),
      untouchedBefore: false,
      isPrevious: (f) => expect(snapshotOf(f)).toMatchObject({ generatedAt: GENERATED_AT, details: 0, check: 'ok' }),
      isWritten: (f) => expect(snapshotOf(f)).toMatchObject({ generatedAt: GENERATED_AT, details: 2, check: 'ok' }),
    },
    {
      kind: 'import',
      steps: ALL_STEPS,
      prepare: (folder) => ({ out: copyOfPrevious(folder), replaced: '' }),
      start: (out, env) => startFile(join(ROOT, 'test/helpers/import-history-child.ts'), [out], env),
      // The bulk import takes no lock (the bench runs it on its own file); the next snapshot run sweeps its leftovers.
      next: (out) => runScript('snapshot.ts', fromFile(out), {}, { timeoutMs: 60_000 }),
      untouchedBefore: true,
      isPrevious: (f) => expect(snapshotOf(f)).toMatchObject({ generatedAt: GENERATED_AT - DAY, history: 1, check: 'ok' }),
      isWritten: (f) => expect(snapshotOf(f)).toMatchObject({ generatedAt: GENERATED_AT, history: 3, check: 'ok' }),
    },
    {
      kind: 'restore',
      // No snapshot at --out: the run restores the one the site publishes, then fetches.
      steps: ALL_STEPS,
      prepare: (folder) => ({ out: join(folder, 'restored.db'), replaced: '' }),
      start: (out, env) => startScript('snapshot.ts', ['--out', out, '--details', '0'], apiEnv({ ...env, SITE_URL: site.url })),
      next: (out) => runScript('snapshot.ts', ['--out', out, '--details', '0'], apiEnv({ SITE_URL: site.url }), { timeoutMs: 60_000 }),
      untouchedBefore: true,
      isPrevious: (f) => expect(existsSync(f)).toBe(false),
      isWritten: (f) => expect(snapshotOf(f)).toMatchObject({ version: STORE_VERSION, generatedAt: GENERATED_AT - DAY, history: 1, check: 'ok' }),
    },
    {
      kind: 'state',
      // A JSON file: no SQLite connection, so no `filled` step.
      steps: ['synced', 'renamed'],
      prepare: (folder) => {
        const out = copyOfPrevious(folder);
        writeFileSync(`${out}.state.json`, `${JSON.stringify(OLD_STATE)}\n`);
        return { out, replaced: `${out}.state.json` };
      },
      start: (out, env) => startScript('snapshot.ts', ['--out', out, '--force', '--details', '0'], apiEnv(env)),
      next: (out) => runScript('snapshot.ts', ['--out', out, '--force', '--details', '0'], apiEnv(), { timeoutMs: 60_000 }),
      untouchedBefore: true,
      isPrevious: (f) => expect(JSON.parse(readFileSync(f, 'utf8'))).toEqual(OLD_STATE),
      isWritten: (f) => expect(JSON.parse(readFileSync(f, 'utf8')).fetchedAt).toBeGreaterThan(OLD_STATE.fetchedAt),
    },
  ];

  it.each(cases.flatMap((c) => c.steps.map((step) => [step, c.kind, c] as const)))(
    'at %s:%s leaves a whole file (the previous one before the rename, the new one after) that the next run takes over',
    async (step, kind, c) => {
      const folder = join(dir.path, `killed-${step}-${kind}`);
      mkdirSync(folder);
      const prepared = c.prepare(folder);
      const { out } = prepared;
      const replaced = prepared.replaced || out;
      const beforeRun = fingerprint(replaced);
      const point: PausePoint = `${step}:${kind}`;
      const run = c.start(out, { MIRROR_TEST_PAUSE_AT: point });
      try {
        await run.waitFor(pauseMarker(point));
        const temporary = readdirSync(folder).filter((f) => f.startsWith(`${basename(replaced)}.tmp-${run.child.pid}-`));
        run.child.kill('SIGKILL');
        await run.exited;
        if (step === 'renamed') {
          expect(temporary).toEqual([]);
          c.isWritten(replaced);
        } else {
          // Inside the window: the new file is in its temporary file beside the target, the target the previous one.
          expect(temporary).toHaveLength(1);
          c.isPrevious(replaced);
          if (c.untouchedBefore) expect(fingerprint(replaced)).toEqual(beforeRun);
        }
      } finally {
        await killHard(run);
      }
      const next = await c.next(out);
      expect(next.code, next.stderr).toBe(0);
      if (step !== 'renamed') expect(next.stdout).toContain('removed 1 file(s) left beside');
      expect(leftovers(folder)).toEqual([]);
    },
    150_000,
  );

  it("never sweeps a live run's temporary file: a second run waits for the lock instead", async () => {
    const out = copyOfPrevious();
    const live = startScript('snapshot.ts', ['--from-file', nextExport, '--out', out], { MIRROR_TEST_PAUSE_AT: 'synced:snapshot' });
    await live.waitFor('MIRROR_TEST_PAUSED synced:snapshot');
    const waiting = startScript('snapshot.ts', ['--from-file', nextExport, '--out', out], {});
    try {
      await waiting.waitFor(`waiting: another run holds ${out}.lock`);
      expect(waiting.alive()).toBe(true);
      expect(readdirSync(dir.path).filter((f) => f.startsWith(`${basename(out)}.tmp-${live.child.pid}-`))).toHaveLength(1);
    } finally {
      waiting.child.kill('SIGKILL');
      live.child.kill('SIGKILL');
      await Promise.all([waiting.exited, live.exited]);
    }
  }, 120_000);

  it.each([
    ['PID 1', '1'],
    ["a live process's PID (this test's)", String(process.pid)],
  ])(
    'does not let an old-format lock file naming %s block a run',
    async (_name, pid) => {
      const out = copyOfPrevious();
      writeFileSync(`${out}.lock`, `${pid}\n`);
      const r = await runScript('snapshot.ts', ['--from-file', nextExport, '--out', out], {}, { timeoutMs: 100_000 });
      expect(r.code, r.stderr).toBe(0);
      // A run blocked by the file would have said it waits (and failed after the lock's 120 s).
      expect(r.stdout).not.toContain('waiting: another run holds');
    },
    120_000,
  );

  it('during --details has already stored the export', async () => {
    const out = copyOfPrevious();
    const victim = startScript('snapshot.ts', ['--out', out, '--force', '--details', 'all'], apiEnv({ MIRROR_TEST_PAUSE_AT: 'details' }));
    await victim.waitFor('MIRROR_TEST_PAUSED details');
    victim.child.kill('SIGKILL');
    await victim.exited;
    expect(withSnapshot(out, (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
  }, 120_000);
});
