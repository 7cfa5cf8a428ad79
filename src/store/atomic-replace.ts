/**
 * The one way the files of a snapshot are replaced: written whole in a temporary file beside the
 * target (through any symlinks, to their final target), checked, flushed to disk, renamed over the
 * target, and the folder flushed. A failure or a kill at any point leaves the previous file as it
 * was; a failure also removes the temporary file (a kill's is swept by the next run, holding the
 * lock: src/snapshot/leftovers.ts). The disk's refusals come out as one line with the contract's
 * exit code: a full disk 1, a folder it may not write 2 (write-failure.ts).
 */
import Database from 'better-sqlite3';
import { closeSync, constants, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { MirrorError } from '../core/errors.ts';
import { pauseForTest } from '../core/test-pause.ts';
import { followLinks, MAX_LINKS } from './follow-links.ts';
import { writeFailure } from './write-failure.ts';

/**
 * What a write replaces, which names its test pauses (`synced:upgrade`): a snapshot of a new export,
 * one that carries an older store version over, the details a crawl gathered (at its end, or a
 * checkpoint on the way), a bulk history import, the fetch state beside a snapshot, and a snapshot
 * restored from the site that published it.
 */
export type WriteKind = 'snapshot' | 'upgrade' | 'details' | 'checkpoint' | 'import' | 'state' | 'restore';

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Replaces `target` with what `write` puts in the temporary file it is given; returns what `write` returns. */
export function atomicReplace<T>(target: string, kind: WriteKind, write: (tmp: string) => T): T {
  const final = followLinks(target);
  if (final === undefined) throw new MirrorError('usage', `${target} is a chain of more than ${MAX_LINKS} symlinks (a loop?)`);
  const folder = dirname(final);
  const tmp = `${final}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const removeTmp = () => rmSync(tmp, { force: true });
  // process.exit (a signal, a fatal error elsewhere) skips `finally`, not 'exit' listeners.
  process.once('exit', removeTmp);
  try {
    const result = write(tmp);
    fsyncPath(tmp);
    pauseForTest(`synced:${kind}`);
    renameSync(tmp, final);
    pauseForTest(`renamed:${kind}`);
    // The rename itself is durable only once the folder is.
    fsyncPath(folder);
    return result;
  } catch (err) {
    throw writeFailure(err, folder);
  } finally {
    process.off('exit', removeTmp);
    removeTmp();
  }
}

/** How a snapshot file is written and checked. */
export interface SnapshotWrite {
  kind: WriteKind;
  /** A snapshot file of this store version to start from: cloned (or copied) into the temporary file and changed there. */
  startFrom?: string | undefined;
  /** The tables SQLite's integrity check covers (those a write from a copy rewrites); the whole file when undefined. */
  checkTables?: readonly string[] | undefined;
  /** Further checks of the written file: each problem found, in words. */
  verify?: ((db: Database.Database) => string[]) | undefined;
}

/**
 * The page cache of a write (KB; SQLite's default is 2 MB): the current tables' secondary indexes
 * (by model, provider, tag, position) take rows out of key order, and at 50,000 configurations
 * outgrow 2 MB, so each insert read and wrote back pages; 64 MB holds them, and is only used as far
 * as it is needed.
 */
const WRITE_CACHE_KB = 64 * 1024;

function checkIntegrity(db: Database.Database, { checkTables, verify }: SnapshotWrite): void {
  const problems: string[] = [];
  for (const table of checkTables ?? [undefined]) {
    const check = db.pragma(table ? `integrity_check(${table})` : 'integrity_check', { simple: true });
    if (check !== 'ok') problems.push(String(check));
  }
  problems.push(...(verify?.(db) ?? []));
  if (problems.length)
    throw new MirrorError('internal', `the new snapshot failed its integrity check: ${problems.join('; ')}`, {
      hint: 'a disk or SQLite problem; the previous snapshot is kept',
    });
}

/**
 * Replaces the snapshot file `target` with one `fill` writes through the connection it is given
 * (in no transaction: `fill` opens its own), checked with SQLite's integrity check and analysed.
 */
export function atomicReplaceSnapshot<T>(target: string, write: SnapshotWrite, fill: (db: Database.Database) => T): T {
  return atomicReplace(target, write.kind, (tmp) => {
    // A copy-on-write clone where the file system has them, else a plain copy.
    if (write.startFrom !== undefined) copyFileSync(write.startFrom, tmp, constants.COPYFILE_FICLONE);
    const db = new Database(tmp);
    try {
      // A temporary file needs no journal: on any failure it is thrown away whole.
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      db.pragma(`cache_size = -${WRITE_CACHE_KB}`);
      const result = fill(db);
      pauseForTest(`filled:${write.kind}`);
      checkIntegrity(db, write);
      db.exec('ANALYZE');
      return result;
    } finally {
      db.close();
    }
  });
}
