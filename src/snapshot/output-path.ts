/**
 * What `snapshot --out PATH` may replace: a snapshot file of this tool, an empty file, or nothing.
 * Anything else (a folder, a device, a FIFO, a text file, another program's database) is refused
 * before a request is spent. A symlink (a persistent volume) is written through: the file replaced
 * is the link's final target, with its temporary file, lock and fetch state beside it.
 */
import { accessSync, constants, lstatSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MirrorError } from '../core/errors.ts';
import { followLinks, MAX_LINKS } from '../store/follow-links.ts';
import { snapshotFileKind } from '../store/snapshot-file-kind.ts';

/** Where `snapshot` writes, and every tool reads, the snapshot file unless told otherwise. */
export const DEFAULT_OUT = 'data/snapshot.db';

export interface OutputPath {
  /** As given on the command line, for messages. */
  given: string;
  /** The file that is replaced: the final target of any symlinks, absolute. */
  target: string;
  /** Whether a snapshot (or an empty file) is there now. */
  exists: boolean;
}

const usage = (message: string, hint: string) => new MirrorError('usage', message, { hint });

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A missing folder on the way is reported by checkFolder, with the folder's name.
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw usage(`--out: cannot look at ${path} (${code ?? (err as Error).message})`, 'check the path and its permissions');
  }
}

/** What a non-regular file is, in a maintainer's words. */
export function describeFileType(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symlink';
  return 'a regular file';
}

/** The file `--out` replaces: the final target of its symlinks, as the store writes through them. */
function finalTarget(given: string): string {
  let target: string | undefined;
  try {
    target = followLinks(given);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw usage(`--out: cannot look at ${given} (${code ?? (err as Error).message})`, 'check the path and its permissions');
  }
  if (target === undefined) throw usage(`--out ${given} is a chain of more than ${MAX_LINKS} symlinks (a loop?)`, 'point --out at a file, or at a link to one');
  return target;
}

function checkFolder(folder: string, given: string, via: string): void {
  let stats: Stats;
  try {
    stats = statSync(folder);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw usage(`--out ${given}${via}: the folder ${folder} does not exist`, 'create the folder, or choose another --out');
    if (code === 'ENOTDIR') throw usage(`--out ${given}${via}: a part of ${folder} is a file, not a folder`, 'choose another --out');
    throw usage(`--out ${given}${via}: cannot use the folder ${folder} (${code ?? (err as Error).message})`, 'check the path and its permissions');
  }
  if (!stats.isDirectory()) throw usage(`--out ${given}${via}: ${folder} is not a folder`, 'choose another --out');
  try {
    accessSync(folder, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EROFS' ? 'it is on a read-only file system' : 'permission denied';
    throw usage(`--out ${given}${via}: cannot write in the folder ${folder}: ${why}`, 'the snapshot is written beside its target; choose a writable folder');
  }
}

/**
 * Resolves and checks `--out`. Throws a usage MirrorError (exit 2) for anything it must not replace,
 * or an internal one (exit 1) for a snapshot a newer version of this tool wrote.
 */
export function resolveOutputPath(given: string): OutputPath {
  if (given.trim() === '') throw usage('--out is empty', 'give the snapshot file, for example --out data/snapshot.db');
  const target = finalTarget(given);
  const via = target === resolve(given) ? '' : ` (a link to ${target})`;
  checkFolder(dirname(target), given, via);
  const stats = lstatOrNull(target);
  if (stats === null) return { given, target, exists: false };
  if (!stats.isFile()) {
    throw usage(
      `--out ${given}${via} is ${describeFileType(stats)}, not a snapshot file; refusing to replace it`,
      'give the path of a snapshot file, for example data/snapshot.db',
    );
  }
  switch (snapshotFileKind(target).kind) {
    case 'empty':
      return { given, target, exists: false };
    case 'snapshot':
      return { given, target, exists: true };
    case 'newer':
      throw new MirrorError('internal', `--out ${given}${via} is a snapshot of a newer store version than this tool writes; refusing to replace it`, {
        hint: 'a newer version of the mirror wrote it: update this checkout',
      });
    case 'foreign':
      throw usage(
        `--out ${given}${via} exists and is not a snapshot of this tool; refusing to replace it`,
        'choose another --out, or move that file away if it really is to be replaced',
      );
  }
}
