/**
 * The trivial reference site the real build is compared with: a bare Astro project with one
 * dynamic route, as many pages as the real build wrote, each rendering one row of the same SQLite
 * snapshot (read once through the store's reader) as a tiny HTML page. What is left over in the ratio is the site's own work.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReferenceOptions {
  /** The repository, whose node_modules the reference links to. */
  repoRoot: string;
  /** The snapshot the real build renders. */
  snapshot: string;
  pages: number;
}

/** Writes the project into `dir` (emptied first). Build it from `dir` with `astro build`. */
export function writeReferenceProject(dir: string, { repoRoot, snapshot, pages }: ReferenceOptions): void {
  if (!Number.isSafeInteger(pages) || pages < 1) throw new RangeError(`the reference needs at least one page, got ${pages}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src', 'pages'), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-reference', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    [
      "import { defineConfig } from 'astro/config';",
      '',
      '// Caches stay in this folder, not in the linked node_modules of the repository.',
      "export default defineConfig({ cacheDir: './.cache/astro', vite: { cacheDir: './.cache/vite' } });",
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src', 'rows.mjs'),
    [
      `import { withSnapshot } from ${JSON.stringify(join(repoRoot, 'src', 'store', 'read-snapshot.ts'))};`,
      '',
      "// Read once through the store's one reader, as the real site reads its data.",
      `const rows = withSnapshot(${JSON.stringify(snapshot)}, (r) => r.configurations());`,
      '',
      `export const pageIds = () => Array.from({ length: ${pages} }, (_, i) => String(i));`,
      '/** One row per page; more pages than rows wrap around. */',
      'export const rowAt = (i) => rows[i % rows.length];',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src', 'pages', '[id].astro'),
    [
      '---',
      "import { pageIds, rowAt } from '../rows.mjs';",
      '',
      'export function getStaticPaths() {',
      '  return pageIds().map((id) => ({ params: { id } }));',
      '}',
      '',
      'const row = rowAt(Number(Astro.params.id));',
      '---',
      '<!doctype html>',
      '<html lang="en">',
      '  <head><meta charset="utf-8" /><title>{row.name}</title></head>',
      '  <body><h1>{row.name}</h1><p>{row.slug}: {row.supraScore}</p></body>',
      '</html>',
      '',
    ].join('\n'),
  );
  if (!existsSync(join(dir, 'node_modules', 'astro'))) throw new Error(`${repoRoot}/node_modules has no astro`);
}

/**
 * How the reference is built: astro's own CLI, with the real build's heap flags, and
 * printing its page lines as the timed build does (the bench times routes from them): both pay
 * for the same 25,000 lines.
 */
export const referenceBuildArgs = ['build'] as const;
export function astroCli(repoRoot: string): string {
  const dir = join(repoRoot, 'node_modules', 'astro');
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin: { astro: string } };
  return join(dir, bin.astro);
}
