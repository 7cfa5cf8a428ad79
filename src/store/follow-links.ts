/**
 * The path a write through `path` lands on: its symlinks followed (relative ones from their own
 * folder) to the first path that is not one, so a link to a persistent volume stays a link and the
 * file on the volume is what gets replaced.
 */
import { lstatSync, readlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Linux's own limit on symlinks followed in one lookup. */
export const MAX_LINKS = 40;

/**
 * The final target of `path`, absolute; `undefined` for a chain of more than MAX_LINKS links (a
 * loop). A missing path (or one under a missing folder) is its own target.
 */
export function followLinks(path: string): string | undefined {
  let current = resolve(path);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return current;
      throw err;
    }
    if (!isLink) return current;
    current = resolve(dirname(current), readlinkSync(current));
  }
  return undefined;
}
