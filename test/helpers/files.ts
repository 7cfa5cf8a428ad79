/** The one walk of a folder the tests share: its files (or some of them by name) and a fingerprint of each. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fingerprint } from './env.ts';

/** Each entry under `dir`, folders before what they hold; a link is taken for what it points to, as a server or a host would. */
function walk(dir: string, visit: (path: string, folder: boolean) => void): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const folder = statSync(path).isDirectory();
    visit(path, folder);
    if (folder) walk(path, visit);
  }
}

/** Every file under `root` whose name `match`es (every file without one), as paths relative to `root`, sorted; none when there is no `root`. */
export function filesUnder(root: string, match?: RegExp): string[] {
  const out: string[] = [];
  if (existsSync(root))
    walk(root, (path, folder) => !folder && (!match || match.test(path.slice(path.lastIndexOf('/') + 1))) && out.push(relative(root, path)));
  return out.sort();
}

/**
 * Every file under `root` with its fingerprint (sha256 and mtime), and with `folders` every folder
 * too (`path/` with its mtime): equal before and after means nothing under it changed. {} when there
 * is no `root`.
 */
export function treeOf(root: string, { folders = false } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (existsSync(root))
    walk(root, (path, folder) => {
      if (!folder) out[relative(root, path)] = fingerprint(path);
      else if (folders) out[`${relative(root, path)}/`] = statSync(path).mtimeMs;
    });
  return out;
}
