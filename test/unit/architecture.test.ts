/** The layout the README describes, held by the code: data moves one way, and one reader opens a snapshot. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/env.ts';

function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|mjs|astro)$/.test(name)) out.push(path);
    }
  };
  walk(join(ROOT, folder));
  return out;
}

/** The module specifiers a file imports (static and dynamic). */
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('the architecture', () => {
  it('keeps the site (data, pages, layouts, browser scripts) apart from the API client and validation', () => {
    const offenders = ['src/site', 'src/pages', 'src/layouts', 'src/browser']
      .flatMap(sources)
      .filter((file) => importsOf(file).some((spec) => /(^|\/)api\//.test(spec)))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('lets only the store open a snapshot with better-sqlite3 (the lock uses it for a kernel lock, never a snapshot)', () => {
    const users = sources('src')
      .filter((file) => importsOf(file).includes('better-sqlite3'))
      .map((file) => relative(ROOT, file))
      .sort();
    expect(users.filter((file) => !file.startsWith('src/store/'))).toEqual(['src/cli/lock.ts']);
  });

  it('keeps the development tools out of the product path', () => {
    const offenders = sources('src')
      .filter((file) => !relative(ROOT, file).startsWith('src/dev/'))
      .filter((file) => importsOf(file).some((spec) => /(^|\/)dev\//.test(spec)))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });
});
