/**
 * Writing into a folder laid out as `dist/` (the worker's staging folder, the search index's): a
 * path that would leave it is refused, whatever wrote it.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** Writes `data` at `rel` under `root`, refusing any path that would leave it. */
export function writeInside(root: string, rel: string, data: string | Uint8Array): void {
  const target = resolve(root, rel);
  if (rel.split('/').some((s) => s === '' || s === '.' || s === '..') || !target.startsWith(resolve(root) + sep)) {
    throw new Error(`refusing to write ${JSON.stringify(rel)} outside the site`);
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, data);
}

/** Reuses the previous site's copy of `rel` (a hard link where the file system allows), or returns false. */
export function reuseInto(previous: string, staging: string, rel: string): boolean {
  const from = join(previous, rel);
  if (!existsSync(from)) return false;
  const to = resolve(staging, rel);
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
  return true;
}
