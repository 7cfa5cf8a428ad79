/**
 * One run at a time per file (a snapshot, or the builds of one checkout). The lock is a kernel
 * record lock that SQLite takes on `<target>.lock` (an exclusive transaction), not a PID in a
 * file: the kernel drops it the moment its holder dies, however it dies, so a dead holder can never
 * block a later run, a reused PID (PID 1 in a container, the same PID in a fresh PID namespace)
 * means nothing, and two waiters can never both take it over. The file itself stays (removing it
 * while a waiter has it open would let two runs lock two different files); only the lock on it
 * comes and goes.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { MirrorError } from './errors.ts';

const POLL_MS = 200;

const sqliteCode = (err: unknown) => (err as { code?: string })?.code ?? '';

/** Tries once; true when this connection now holds the lock. */
function tryTake(db: Database.Database): boolean {
  try {
    // The lock never writes: a journal in memory leaves no `-journal` file beside it, even after a
    // kill. Setting it needs the file unlocked, so it is retried with every attempt until it holds.
    if (db.pragma('journal_mode', { simple: true }) !== 'memory') db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (err) {
    if (sqliteCode(err) === 'SQLITE_BUSY' || sqliteCode(err) === 'SQLITE_LOCKED') return false;
    throw err;
  }
}

function openLockFile(lockPath: string): Database.Database {
  try {
    return new Database(lockPath, { timeout: 0 });
  } catch (err) {
    throw new MirrorError('internal', `cannot create the lock file ${lockPath}: ${(err as Error).message}`, {
      hint: 'check that its folder exists and is writable',
    });
  }
}

/**
 * Takes `<target>.lock`, waiting up to `waitMs` while another live run holds it. Resolves with the
 * function that releases it (also called on exit). `onWait` is called once, when the lock is found
 * held, with its path: a run that waits says why.
 */
export async function acquireLock(target: string, waitMs = 120_000, onWait?: (lockPath: string) => void): Promise<() => void> {
  const lockPath = `${target}.lock`;
  const deadline = Date.now() + waitMs;
  let db = openLockFile(lockPath);
  for (let tries = 0; ; tries++) {
    let taken: boolean;
    try {
      taken = tryTake(db);
    } catch (err) {
      db.close();
      if (sqliteCode(err) !== 'SQLITE_NOTADB') {
        throw new MirrorError('internal', `cannot lock ${lockPath}: ${(err as Error).message}`, { hint: 'check that its folder is writable' });
      }
      // A PID lock file of an earlier version of this tool: no kernel lock guards it, so it is replaced.
      rmSync(lockPath, { force: true });
      db = openLockFile(lockPath);
      continue;
    }
    if (taken) break;
    if (tries === 0) onWait?.(lockPath);
    if (Date.now() > deadline) {
      db.close();
      throw new MirrorError('usage', `another run of this tool has held ${lockPath} for over ${Math.round(waitMs / 1000)} s`, {
        hint: 'wait for it to finish; the lock is released the moment that run ends, however it ends',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      db.exec('ROLLBACK');
    } finally {
      db.close();
    }
  };
  process.once('exit', release);
  return release;
}
