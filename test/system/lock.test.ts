/**
 * One run at a time per file, with real processes: a live holder makes others wait, a holder
 * killed with SIGKILL blocks nobody, and of several waiters exactly one holds the lock at a time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { acquireLock } from '../../src/core/lock.ts';
import { ROOT, tempDir } from '../helpers/env.ts';

const dir = tempDir();
afterAll(() => dir.cleanup());

const LOCK_MODULE = pathToFileURL(join(ROOT, 'src/core/lock.ts')).href;

/** A process that takes the lock on `target`, logs enter/exit with times to `log`, holds it `holdMs`, then ends (or hangs when holdMs < 0). */
function holder(target: string, log: string, id: string, holdMs: number): ChildProcess {
  const code = `
    import { appendFileSync } from 'node:fs';
    import { acquireLock } from ${JSON.stringify(LOCK_MODULE)};
    const release = await acquireLock(${JSON.stringify(target)}, 20_000, () => console.log('waiting'));
    appendFileSync(${JSON.stringify(log)}, 'enter ${id} ' + (performance.timeOrigin + performance.now()) + '\\n');
    console.log('locked');
    if (${holdMs} < 0) setInterval(() => {}, 1000);
    else setTimeout(() => {
      appendFileSync(${JSON.stringify(log)}, 'exit ${id} ' + (performance.timeOrigin + performance.now()) + '\\n');
      release();
    }, ${holdMs});
  `;
  const file = join(dir.path, `holder-${id}.mts`);
  writeFileSync(file, code);
  return spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Resolves once the holder prints `word` ('locked' once it holds the lock, 'waiting' once it found it held). */
const says = (child: ChildProcess, word: string) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the holder did not say "${word}" in time`)), 60_000);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.split('\n').includes(word)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
const locked = (child: ChildProcess) => says(child, 'locked');
const ended = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('acquireLock', () => {
  it('makes a second run wait for a live holder, then refuses with a usage error', async () => {
    const target = join(dir.path, 'live');
    const release = await acquireLock(target);
    const started = Date.now();
    await expect(acquireLock(target, 300)).rejects.toMatchObject({ kind: 'usage' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    release();
    (await acquireLock(target, 300))();
  });

  it('is free the moment its holder is killed with SIGKILL', async () => {
    const target = join(dir.path, 'killed');
    const child = holder(target, join(dir.path, 'killed.log'), 'k', -1);
    await locked(child);
    await expect(acquireLock(target, 200)).rejects.toMatchObject({ kind: 'usage' });
    child.kill('SIGKILL');
    await ended(child);
    // Nothing but the lock file itself is left beside the target.
    expect(readdirSync(dir.path).filter((f) => f.startsWith('killed'))).toEqual(['killed.lock', 'killed.log']);
    // Free at once, without waiting (0 ms): no timeout has to pass before a dead holder's lock is taken.
    (await acquireLock(target, 0))();
  });

  it('lets exactly one of several waiters hold it at a time after its holder dies', async () => {
    const target = join(dir.path, 'crowd');
    const log = join(dir.path, 'crowd.log');
    writeFileSync(log, '');
    const dead = holder(target, join(dir.path, 'dead.log'), 'dead', -1);
    await locked(dead);
    const waiters = ['a', 'b', 'c', 'd'].map((id) => holder(target, log, id, 150));
    // The waiters are polling the dead holder's lock when it dies.
    await Promise.all(waiters.map((w) => says(w, 'waiting')));
    dead.kill('SIGKILL');
    expect(await Promise.all(waiters.map(ended))).toEqual([0, 0, 0, 0]);
    const events = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .map(([kind, id, at]) => ({ kind: kind!, id: id!, at: Number(at) }));
    expect(events).toHaveLength(8);
    expect(events.every((e) => Number.isFinite(e.at))).toBe(true);
    // In the order they were appended (an exit before its release, an enter after its acquire; the
    // processes' clocks may disagree by a millisecond, so their times do not order them), the log
    // alternates enter/exit of the same waiter: no two ever overlap.
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]).toMatchObject({ kind: 'enter' });
      expect(events[i + 1]).toMatchObject({ kind: 'exit', id: events[i]!.id });
    }
    expect(new Set(events.map((e) => e.id))).toEqual(new Set(['a', 'b', 'c', 'd']));
  }, 60_000);

  it('replaces the PID lock file of an earlier version, whatever PID it names', async () => {
    for (const pid of ['1', String(process.pid)]) {
      const target = join(dir.path, `legacy-${pid}`);
      writeFileSync(`${target}.lock`, pid);
      (await acquireLock(target, 0))();
    }
  });
});
