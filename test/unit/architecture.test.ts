/** The layout docs/architecture.md describes, held by the code: data moves one way, and one reader opens a snapshot. */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../helpers/env.ts';
import { filesUnder } from '../helpers/files.ts';

const sources = (folder: string) => filesUnder(join(ROOT, folder), /\.(ts|mjs|astro)$/).map((path) => join(ROOT, folder, path));

/** The module specifiers a file imports (static and dynamic). */
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
/** The specifiers of what a file imports to run: `import type` and `export type` are erased and bring nothing into a bundle. */
const valueImportsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8')
      .replace(/^(?:import|export) type [^;]*;/gm, '')
      .matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g),
  ].map((m) => m[1]!);
/** The files of src/ a file imports by a relative specifier, as paths from the root. */
const localImportsOf = (file: string) =>
  importsOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec.replace(/\?.*$/, '')))
    .filter((path) => existsSync(path))
    .map((path) => relative(ROOT, path));
/** The top folder of src/ a path is in (`src/site/x.ts` -> `site`). */
const folderOf = (path: string) => path.split('/')[1]!;

/**
 * Which folders each folder of src/ may import, bottom first: `core` (errors, deadlines, redaction,
 * environment, the reporter, the lock) under everything; the API's shapes and client; the store; the
 * snapshot step; the site's data and pure helpers; the views; the pages; the build. The site never
 * reaches the API or the snapshot step, and nothing on the product path reaches the development tools.
 */
const MAY_IMPORT: Record<string, string[]> = {
  core: [],
  api: ['core'],
  store: ['core', 'api'],
  snapshot: ['core', 'api', 'store'],
  site: ['core', 'store'],
  views: ['core', 'site'],
  browser: ['site', 'views'],
  styles: [],
  layouts: ['core', 'site', 'views', 'browser', 'styles'],
  pages: ['core', 'site', 'views', 'browser', 'styles', 'layouts'],
  publish: ['core', 'api', 'store', 'snapshot', 'site', 'views'],
  dev: ['core', 'api', 'store', 'snapshot', 'site', 'views', 'publish'],
};

/**
 * The folders of src/site/ whose modules the browser's scripts may import: pure code with no `node:`
 * module, no package, nothing of the store or core and nothing of another folder of src/site/ (the
 * site's data, its plan, the files beside its pages and the settings read from the environment).
 */
const BROWSER_SAFE = ['src/site/lists', 'src/site/format', 'src/site/links', 'src/site/compare', 'src/site/evidence', 'src/views/parts'];
const inBrowserSafe = (path: string) => BROWSER_SAFE.some((folder) => path.startsWith(`${folder}/`));

describe('the architecture', () => {
  it('imports folders only downwards, in the order of MAY_IMPORT', () => {
    const offenders = sources('src')
      .filter((file) => relative(ROOT, file).split('/').length > 2)
      .flatMap((file) => {
        const from = folderOf(relative(ROOT, file));
        return localImportsOf(file)
          .map(folderOf)
          .filter((to) => to !== from && !(MAY_IMPORT[from] ?? []).includes(to))
          .map((to) => `${relative(ROOT, file)} -> ${to}/`);
      });
    expect(offenders).toEqual([]);
  });

  it('has no import cycle between the files of src/', () => {
    const graph = new Map(sources('src').map((file) => [relative(ROOT, file), localImportsOf(file)]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) if (graph.has(next)) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('lets the browser scripts import only the browser-safe folders of src/site/ (types aside: they are erased)', () => {
    const offenders = sources('src/browser').flatMap((file) =>
      valueImportsOf(file)
        .map((spec) => (spec.startsWith('.') ? relative(ROOT, resolve(dirname(file), spec.replace(/\?.*$/, ''))) : spec))
        .filter((path) => !path.startsWith('src/browser/') && !inBrowserSafe(path))
        .map((path) => `${relative(ROOT, file)} -> ${path}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets the scripts of pages and layouts import only the browser scripts', () => {
    const offenders = [...sources('src/pages'), ...sources('src/layouts')].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)]
        .flatMap((m) => [...m[1]!.matchAll(/from\s*['"]([^'"]+)['"]/g)].map((i) => relative(ROOT, resolve(dirname(file), i[1]!))))
        .filter((path) => !path.startsWith('src/browser/'))
        .map((path) => `${relative(ROOT, file)} -> ${path}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps the browser-safe folders free of Node, packages and server code', () => {
    const offenders = BROWSER_SAFE.flatMap(sources).flatMap((file) =>
      valueImportsOf(file)
        .filter((spec) => !spec.startsWith('.') || !inBrowserSafe(relative(ROOT, resolve(dirname(file), spec))))
        .map((spec) => `${relative(ROOT, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has no export that nothing reads: each is imported somewhere, or used beside its declaration', () => {
    const readers = [...sources('src'), ...sources('scripts'), ...sources('test'), join(ROOT, 'astro.config.mjs'), join(ROOT, 'vitest.config.ts')];
    const texts = new Map(readers.map((file) => [file, readFileSync(file, 'utf8')]));
    const unread = sources('src').flatMap((file) =>
      [...texts.get(file)!.matchAll(/^export (?:async )?(?:const|let|function\*?|class|interface|type)\s+([A-Za-z_$][\w$]*)/gm)]
        .map((m) => m[1]!)
        .filter((name) => {
          const word = new RegExp(`\\b${name.replace('$', '\\$')}\\b`, 'g');
          if ((texts.get(file)!.match(word) ?? []).length > 1) return false;
          return ![...texts].some(([other, text]) => other !== file && word.test(text));
        })
        .map((name) => `${relative(ROOT, file)}: ${name}`),
    );
    expect(unread).toEqual([]);
  });

  it('knows every folder of src/', () => {
    const folders = readdirSync(join(ROOT, 'src')).filter((name) => statSync(join(ROOT, 'src', name)).isDirectory());
    expect(folders.filter((f) => !(f in MAY_IMPORT))).toEqual([]);
  });

  it('gives components, layouts and views the named fields of their route, never the whole site data', () => {
    const lookups = [...sources('src/pages/_components'), ...sources('src/layouts'), ...sources('src/views')]
      .filter((file) => /\b(SiteData|getSiteData|siteData)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(lookups).toEqual([]);
  });

  it('has each page built from its route builder (src/site/routes/)', () => {
    const pages = sources('src/pages')
      .filter((file) => file.endsWith('.astro') && !file.includes('/_components/'))
      .filter((file) => !importsOf(file).some((spec) => spec.includes('/site/routes/')))
      .map((file) => relative(ROOT, file));
    expect(pages).toEqual([]);
  });

  it('escapes markup in views one way, with the html tag (no second escaper, no unescaped bridge)', () => {
    const offenders = sources('src/views')
      .filter((file) => !file.endsWith('html.ts'))
      .filter((file) => importsOf(file).some((spec) => /\/xml\.ts$/.test(spec)) || /new Markup\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('has one HTML escaper (the html tag) and one XML escaper: no other module writes an entity', () => {
    const escapers = sources('src')
      .filter((file) => /'&(amp|lt|quot|#39|apos);'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
      .sort();
    expect(escapers).toEqual(['src/site/files/xml.ts', 'src/views/parts/html.ts']);
  });

  it('lets only the store open a snapshot with better-sqlite3 (the lock uses it for a kernel lock, never a snapshot)', () => {
    const users = sources('src')
      .filter((file) => importsOf(file).includes('better-sqlite3'))
      .map((file) => relative(ROOT, file))
      .sort();
    expect(users.filter((file) => !file.startsWith('src/store/'))).toEqual(['src/core/lock.ts']);
  });
});
