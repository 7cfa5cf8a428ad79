/**
 * One run at a time per file (a snapshot, or the builds of one checkout): a second run waits for
 * the first, so snapshot histories do not race. The store's rename already makes each file whole.
 */
import { openSync, writeSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { MirrorError } from '../api/errors.ts';

function holderAlive(lockPath: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath, 'utf8').trim());
  } catch {
    return true; // being written right now
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<target>.lock`, waiting up to `waitMs` for a live holder; a dead holder's lock is taken over. */
export async function acquireLock(target: string, waitMs = 120_000): Promise<() => void> {
  const lockPath = `${target}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (!holderAlive(lockPath)) {
      rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new MirrorError('usage', `another run of this tool holds ${lockPath}`, { hint: 'wait for it to finish, or remove the lock file if no run is active' });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
