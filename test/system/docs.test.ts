/** The docs against the code: a short README, links that resolve, and every script, variable and exit code documented. */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { EXIT_CODES } from '../../src/core/errors.ts';
import { filesUnder } from '../helpers/files.ts';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The files under a folder of the project whose names match, as paths from the project's root. */
const filesOf = (folder: string, pattern: RegExp) => filesUnder(join(ROOT, folder), pattern).map((path) => join(folder, path));

const DOCS = ['README.md', ...filesOf('docs', /\.md$/)];

/** The Markdown without fenced code blocks, whose `#` lines and brackets are not headings or links. */
const prose = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
/** Inline code spans as plain words, so a link's text may hold code and code never holds a link. */
const withoutCode = (text: string) => text.replace(/`+[^`\n]+`+/g, 'code');

/** The anchor GitHub gives a heading: its text lowercased, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = text!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every link target of a Markdown file that points into the repository (no scheme, no mail). */
function relativeLinks(markdown: string): string[] {
  return [...withoutCode(prose(markdown)).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The section of a Markdown file under `heading`, up to the next heading of its level or above. */
function section(markdown: string, heading: string): string {
  const lines = prose(markdown).split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start === -1) return '';
  const level = heading.match(/^#+/)![0].length;
  const end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** The environment variables a source file reads: `env.X`, `env['X']`, `positiveNumber(env, 'X')`, a workflow's `vars.X`/`secrets.X`. */
function variablesReadIn(text: string): string[] {
  const patterns = [
    // import.meta.env is Vite's build-time constants (BASE_URL from SITE_URL's path), not the process environment.
    /(?<!import\.meta\.)\benv\??\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
    /\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
    /\b(?:vars|secrets)\.([A-Z][A-Z0-9_]*)\b/g,
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!));
}

/** Read by the code but deliberately not in docs/configuration.md, each with its reason. */
const UNDOCUMENTED_VARIABLES: Record<string, string> = {
  MIRROR_TEST_PAUSE_AT: 'test-only: stops a run at a named point so a test can kill it there (src/core/test-pause.ts)',
  MIRROR_TEST_PROGRESS_EVERY_MS: 'test-only: the least time between plain progress lines, 0 for a line at each tenth whatever the speed (src/core/reporter.ts)',
  BENCH_PEAK_RSS_FILE: 'set by the benchmark for its own stage processes: where one writes its peak memory at exit (src/dev/bench/peak-rss-hook.mjs)',
};

describe('the docs', () => {
  it('keep the README to at most 300 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('link only to files that exist', () => {
    const broken = DOCS.flatMap((doc) =>
      relativeLinks(read(doc))
        .map((target) => target.split('#')[0]!)
        .filter((path) => path !== '' && !existsSync(resolve(ROOT, dirname(doc), decodeURIComponent(path))))
        .map((path) => `${doc} -> ${path}`),
    );
    expect(broken).toEqual([]);
  });

  it('link only to headings that exist', () => {
    const broken = DOCS.flatMap((doc) =>
      relativeLinks(read(doc))
        .filter((target) => target.includes('#'))
        .filter((target) => {
          const [path, anchor] = target.split('#') as [string, string];
          const file = path === '' ? join(ROOT, doc) : resolve(ROOT, dirname(doc), decodeURIComponent(path));
          if (!file.endsWith('.md') || !existsSync(file)) return false;
          return !anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor).toLowerCase());
        })
        .map((target) => `${doc} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('document every npm script in docs/commands.md', () => {
    const commands = read('docs/commands.md');
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const command = (name: string) => (name === 'test' ? /npm test\b/ : new RegExp(`npm run ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`));
    expect(scripts.filter((name) => !command(name).test(commands))).toEqual([]);
  });

  it('name no npm script that package.json does not have', () => {
    const scripts = new Set(Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts));
    const unknown = DOCS.flatMap((doc) =>
      [...read(doc).matchAll(/npm run\s+([\w:-]+)/g)]
        .map((m) => m[1]!)
        .filter((name) => !scripts.has(name))
        .map((name) => `${doc}: npm run ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('document in docs/configuration.md every environment variable the code and the workflow read', () => {
    const sources = [...filesOf('src', /\.(ts|mjs|astro)$/), ...filesOf('scripts', /\.ts$/), 'astro.config.mjs', ...filesOf('.github/workflows', /\.ya?ml$/)];
    const read_ = new Set(sources.flatMap((file) => variablesReadIn(read(file))));
    // The scan must see the variables it is meant to see, or an empty list would pass.
    expect([...read_]).toEqual(expect.arrayContaining(['RANKING_API_KEY', 'RANKING_MAX_BYTES', 'SNAPSHOT_HISTORY_LIMIT', 'SITE_URL', 'DEPLOY_PAGES']));
    const configuration = read('docs/configuration.md');
    const missing = [...read_].filter((name) => !(name in UNDOCUMENTED_VARIABLES) && !configuration.includes(`\`${name}\``)).sort();
    expect(missing).toEqual([]);
  });

  it('give the exit codes of src/core/errors.ts in docs/commands.md, each with its kind', () => {
    const table = section(read('docs/commands.md'), '## Exit codes');
    const documented = [...table.matchAll(/^\|\s*(\d+)\s*\|\s*`([\w-]+)`\s*\|/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
    const code = Object.entries(EXIT_CODES)
      .map(([kind, n]) => `${n} ${kind}`)
      .sort();
    expect(documented).toEqual(code);
  });

  it('keep no table or heading of measurement rounds: the history of figures is the git log', () => {
    const rounds = DOCS.flatMap((doc) =>
      prose(read(doc))
        .split('\n')
        .filter((line) => /^\s*(#{1,6} |\|)/.test(line) && /\brounds?\b/i.test(line))
        .map((line) => `${doc}: ${line.slice(0, 80)}`),
    );
    expect(rounds).toEqual([]);
  });
});
