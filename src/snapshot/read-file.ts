/**
 * Reads an input file (`--from-file`, `--details-file`): regular files only, so a FIFO with no
 * writer or a device can never block a run, and the size cap is counted on the bytes as they are
 * read, so a file that grows while it is read cannot pass it either. Reads are asynchronous: a
 * signal is handled between chunks.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { MirrorError } from '../core/errors.ts';
import { formatBytes } from '../core/reporter.ts';
import { describeFileType } from './output-path.ts';

const CHUNK = 1024 * 1024;

export async function readInputFile(path: string, maxBytes: number, flag = '--from-file'): Promise<Buffer> {
  if (path.trim() === '') throw new MirrorError('usage', `${flag} is empty`, { hint: 'give the path of an export JSON file' });
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once (and is refused below) instead of waiting.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? 'cannot open it');
    throw new MirrorError('usage', `${flag} ${path}: ${why}`, { hint: 'check the path' });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw new MirrorError('usage', `${flag} ${path} is ${describeFileType(stats)}, not a regular file`, {
        hint: stats.isDirectory() ? 'give the path of the JSON file' : `${flag} reads only regular files; save the export to a file first`,
      });
    }
    // One buffer the size stat reports (plus a byte to notice growth), grown only if the file is longer than it said.
    let buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let received = 0;
    for (;;) {
      if (received === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2 + CHUNK, maxBytes + 1));
        buffer.copy(grown, 0, 0, received);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, received, Math.min(CHUNK, buffer.length - received), null);
      if (bytesRead === 0) break;
      received += bytesRead;
      if (received > maxBytes) {
        throw new MirrorError('invalid', `${flag} ${path} passed the ${formatBytes(maxBytes)} cap`, {
          hint: 'raise RANKING_MAX_BYTES if the export really is this large',
        });
      }
    }
    return buffer.subarray(0, received);
  } finally {
    await handle.close();
  }
}
