/** A copy of the project a run may change or build in, beside the checkout: its files, with the dependencies linked. */
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** What a checkout needs to build the site. */
const PROJECT_FILES = ['src', 'public', 'scripts', 'data/sample', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

/**
 * A copy of the project at `root` in `dir`. Its node_modules holds links to the checkout's packages,
 * so that what Astro and Vite keep there (node_modules/.astro, .vite, .vite-temp) is its own while a
 * build of the checkout runs beside it.
 */
export function copyProject(root: string, dir: string): string {
  for (const path of PROJECT_FILES) cpSync(join(root, path), join(dir, path), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (!name.startsWith('.') || name === '.bin') symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}
