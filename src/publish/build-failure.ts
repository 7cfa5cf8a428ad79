/**
 * A build the machine refused (a full disk, a read-only or forbidden folder) is one clear line
 * that says what to do, not a stack: the mirror's own failure, exit 1.
 */
import { MirrorError } from '../core/errors.ts';

const REFUSALS: Record<string, { what: string; todo: string }> = {
  ENOSPC: { what: 'the disk is full', todo: 'free some space, or build on another disk with --out' },
  SQLITE_FULL: { what: 'the disk is full', todo: 'free some space, or build on another disk with --out' },
  EDQUOT: { what: 'the disk quota is used up', todo: 'free some space, or build elsewhere with --out' },
  EROFS: { what: 'the file system is read-only', todo: 'build into a writable folder' },
  EACCES: { what: 'permission was denied', todo: 'make the folder writable for this user, or build elsewhere' },
  EPERM: { what: 'the operation was not permitted', todo: 'make the folder writable for this user, or build elsewhere' },
  EXDEV: { what: 'the new site cannot be renamed into place across file systems', todo: 'point --out at a folder inside the mount, or at a symlink to one' },
  EBUSY: { what: 'the folder is busy (a mount point?)', todo: 'point --out at a folder inside the mount, or at a symlink to one' },
};

const CODE_IN_TEXT = new RegExp(`\\b(${Object.keys(REFUSALS).join('|')})\\b`);

/** The refusal code anywhere in an error, its causes or its message (Astro and Vite wrap what the file system threw). */
export function refusalCode(err: unknown, depth = 0): string | undefined {
  if (!err || typeof err !== 'object' || depth > 8) return undefined;
  const { code, cause, errors, message } = err as { code?: unknown; cause?: unknown; errors?: unknown; message?: unknown };
  if (typeof code === 'string' && code in REFUSALS) return code;
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = refusalCode(inner, depth + 1);
    if (found) return found;
  }
  return typeof message === 'string' ? CODE_IN_TEXT.exec(message)?.[1] : undefined;
}

/** One line for a build the machine refused while writing in `where`; undefined for any other failure. */
export function explainBuildFailure(err: unknown, where: string): MirrorError | undefined {
  if (err instanceof MirrorError) return err;
  const code = refusalCode(err);
  if (!code) return undefined;
  const { what, todo } = REFUSALS[code]!;
  return new MirrorError('internal', `the build stopped: ${what} (${code}) in ${where}`, {
    hint: `${todo}; the half-built site was removed and the previous one is kept`,
    cause: err,
  });
}
