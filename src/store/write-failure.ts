/**
 * A refusal of the disk while writing a snapshot, as one line with the contract's exit code: a full
 * disk is the mirror's own failure (exit 1), a folder it may not write is configuration (exit 2).
 * Anything else stays as it is: a bug, reported as one.
 */
import { MirrorError } from '../core/errors.ts';

const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_READONLY_DIRECTORY']);

/** `err` as a MirrorError when the disk refused the write; otherwise `err` unchanged. */
export function writeFailure(err: unknown, folder: string): unknown {
  if (err instanceof MirrorError) return err;
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string') return err;
  if (FULL.has(code) || code.startsWith('SQLITE_IOERR')) {
    const what = FULL.has(code) ? 'the disk is full' : 'the disk reported an I/O error';
    return new MirrorError('internal', `cannot write the snapshot in ${folder}: ${what} (${code})`, {
      hint: 'free space on that disk and run again; the previous snapshot is untouched',
      cause: err,
    });
  }
  if (READ_ONLY.has(code)) {
    return new MirrorError('usage', `cannot write the snapshot in ${folder}: the folder is read-only or not writable (${code})`, {
      hint: 'choose a writable folder with --out, or fix its permissions',
      cause: err,
    });
  }
  return err;
}
