/** The layout docs/architecture.md describes, held by the code: data moves one way and one reader opens a snapshot; and no file or function is too long to read. */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../helpers/env.ts';
import { filesUnder } from '../helpers/files.ts';
import { PAGE_KINDS } from '../../src/site/plan/page-kinds.ts';
import { OUTPUT_KINDS } from '../../src/site/plan/output-kinds.ts';

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

/**
 * The folders of src/site/ bottom first: each imports only the folders before it, types included.
 * docs/architecture.md says what each holds. The one arrow up is `SITE_TYPES_UP`: a list names the
 * shapes of the site's data (`import type`, erased), since its rows are the data's models and benchmarks.
 */
const SITE_ORDER = ['format', 'links', 'evidence', 'lists', 'settings', 'plan', 'data', 'files', 'compare', 'routes'];
const SITE_TYPES_UP: Record<string, string[]> = { lists: ['data'] };

/** The specifiers a file imports only for their types (`import type`, `export type`): erased from what runs. */
const typeImportsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^(?:import|export) type [^;]*?from\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

/** The longest a function and a file of src/ may be, outside the development tools of src/dev/ (the sample's generated vocabulary among them). */
const MAX_FUNCTION_LINES = 100;
const MAX_FILE_LINES = 500;

/** A file's lines as an editor numbers them (a last line break ends the last line, it does not start another). */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The TypeScript of a source file, line for line: of an .astro file its frontmatter and its scripts, the markup blanked. */
function codeOf(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  let fences = 0;
  let inScript = false;
  const isCode = (line: string) => {
    if (fences < 2 && line.trim() === '---') fences++;
    else if (/^\s*<script>\s*$/.test(line)) inScript = true;
    else if (/^\s*<\/script>\s*$/.test(line)) inScript = false;
    else return fences === 1 || inScript;
    return false;
  };
  return text
    .split('\n')
    .map((line) => (isCode(line) ? line : ''))
    .join('\n');
}

/** A function's name as a reader finds it: its own, or that of the variable, property or method it is. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
    return parent.name.getText(source);
  return '(anonymous)';
}

/** Every function with a body in `text` (declarations, expressions, arrows, methods, constructors, accessors) and its length in lines, its leading comment left out. */
function functionLengths(file: string, text: string): { name: string; line: number; lines: number }[] {
  const source = ts.createSourceFile(file, codeOf(file, text), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    const isFunction =
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node);
    if (isFunction && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ name: functionName(node, source), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

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

  it('imports the folders of src/site/ only downwards, in the order of SITE_ORDER (types included, but for SITE_TYPES_UP)', () => {
    const siteFolder = (path: string) => (path.startsWith('src/site/') && path.split('/').length > 3 ? path.split('/')[2]! : undefined);
    const files = sources('src/site');
    expect(files.map((f) => siteFolder(relative(ROOT, f))).filter((f) => !SITE_ORDER.includes(f!))).toEqual([]);
    const offenders = files.flatMap((file) => {
      const from = siteFolder(relative(ROOT, file))!;
      const typeOnly = new Set(typeImportsOf(file).filter((spec) => !valueImportsOf(file).includes(spec)));
      return importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .flatMap((spec) => {
          const to = siteFolder(relative(ROOT, resolve(dirname(file), spec)));
          if (!to || SITE_ORDER.indexOf(to) <= SITE_ORDER.indexOf(from)) return [];
          if (typeOnly.has(spec) && (SITE_TYPES_UP[from] ?? []).includes(to)) return [];
          return [`${relative(ROOT, file)} -> ${spec}`];
        });
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

  it('holds the table of page kinds: every page file is an entry, with the builder and the view it is made from, and every kind of output has one', () => {
    const pageFiles = filesUnder(join(ROOT, 'src/pages'), /\.(astro|ts)$/).filter((f) => !f.startsWith('_components/') && f !== '_site.ts');
    const routes = PAGE_KINDS.flatMap((k) => (k.route ? [k.route] : []));
    // A page file no entry names, an entry naming a page file that is not there, or one named twice.
    expect(pageFiles.filter((f) => !routes.includes(f))).toEqual([]);
    expect(routes.filter((r) => !pageFiles.includes(r))).toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);
    // What a page file is made from, through the shared components it renders.
    const madeFrom = (file: string, folder: string): string[] => {
      const specs = importsOf(join(ROOT, 'src/pages', file));
      const components = specs.filter((spec) => spec.includes('/_components/')).map((spec) => join('_components', spec.split('/').at(-1)!));
      const own = specs.filter((spec) => spec.includes(`/${folder}/`) && !spec.includes('/parts/')).map((spec) => spec.split('/').at(-1)!);
      return [...new Set([...own, ...components.flatMap((c) => madeFrom(c, folder))])].sort();
    };
    const differing = PAGE_KINDS.filter((k) => k.route).flatMap((k) => {
      const [builders, views] = [madeFrom(k.route!, 'routes'), madeFrom(k.route!, 'views')];
      return [
        ...(builders.join() === (k.builder ?? '')
          ? []
          : [`${k.name}: built from ${builders.join(', ') || 'no builder'}, the table says ${k.builder ?? 'none'}`]),
        ...(views.join() === (k.view ?? '') ? [] : [`${k.name}: drawn by ${views.join(', ') || 'no view'}, the table says ${k.view ?? 'none'}`]),
      ];
    });
    expect(differing).toEqual([]);
    expect(OUTPUT_KINDS.filter((kind) => !PAGE_KINDS.some((k) => k.plan === kind))).toEqual([]);
    // The last entry takes every file the others do not: a file is always of some kind.
    expect(PAGE_KINDS.at(-1)!.output).toBe('**');
  });

  it('lists the kinds of output only in their entries: no other file of src/ names many of them', () => {
    // A table keyed by kind (`'model-page': …` or `modelPage: …`) outside the entries lists the kinds a second time.
    const camel = (kind: string) => kind.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
    const named = (text: string) =>
      OUTPUT_KINDS.filter((kind) => new RegExp(`['"]${kind}['"]`).test(text) || new RegExp(`^\\s*${camel(kind)}\\s*:`, 'm').test(text));
    const listing = sources('src')
      .map((file) => ({ path: relative(ROOT, file), kinds: named(readFileSync(file, 'utf8')) }))
      .filter(({ kinds }) => kinds.length >= 6)
      .map(({ path }) => path);
    // The fitter's sampler (src/dev/weights/) measures each fitted kind's pages in its own way, in the order of its features.
    expect(listing.sort()).toEqual(['src/dev/weights/page-samples.ts', 'src/site/plan/output-kinds.ts']);
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

  it(`keeps rooms a newcomer can read: outside src/dev/, no function over ${MAX_FUNCTION_LINES} lines and no file over ${MAX_FILE_LINES}`, () => {
    const measured = sources('src')
      .filter((file) => !relative(ROOT, file).startsWith('src/dev/'))
      .map((file) => {
        const text = readFileSync(file, 'utf8');
        return { path: relative(ROOT, file), lines: lineCount(text), functions: functionLengths(file, text) };
      });
    const tooLong = measured.flatMap(({ path, lines, functions }) => [
      ...(lines > MAX_FILE_LINES ? [{ what: `${path} has ${lines} lines` }] : []),
      ...functions.filter((f) => f.lines > MAX_FUNCTION_LINES).map((f) => ({ what: `${path}:${f.line} ${f.name} has ${f.lines} lines` })),
    ]);
    // The walk sees the functions of the whole product path, arrows and methods included.
    expect(measured.reduce((n, file) => n + file.functions.length, 0)).toBeGreaterThan(1000);
    expect(tooLong.map((t) => t.what)).toEqual([]);
  });
});
