/**
 * The checks a build passes before it may replace `dist/`: nothing written beside it, every
 * contract route present, and the attribution link in the footer of every page.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MirrorError } from '../api/errors.ts';
import { readSiteSettings } from '../site/config.ts';

export interface BuildCheck {
  pages: number;
  files: number;
  bytes: number;
}

/** Files of the contract's routes that every build must have. */
export const REQUIRED_FILES = [
  'index.html',
  '404.html',
  'about/index.html',
  'benchmarks/index.html',
  'tags/index.html',
  'changes/index.html',
  'changes/feed.xml',
  'compare/index.html',
  'data/models.json',
  'data/model-list.json',
  'data/benchmarks.json',
  'data/tags.json',
  'data/models.csv',
  'data/leaderboard.json',
  'robots.txt',
  'sitemap-index.xml',
  'data/index.html',
  'data/README.txt',
  'data/scores.csv',
  'data/history.csv',
  'leaderboard/index.html',
  'leaderboard/1/index.html',
  'data/manifest.json',
  'pagefind/pagefind.js',
];

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
/** Decodes the character references an attribute value may use (`&amp;`, `&#38;`, `&#x26;`). */
export const decodeAttribute = (value: string) =>
  value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|quot|apos|lt|gt));/gi, (_, dec: string, hex: string, name: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : NAMED[name.toLowerCase()]!,
  );

/** True when the page's last `<footer>` links to `url`. */
export function footerLinksTo(html: string, url: string): boolean {
  const start = html.lastIndexOf('<footer');
  if (start === -1) return false;
  const footer = html.slice(start, html.indexOf('</footer>', start) >>> 0);
  for (const m of footer.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) if (decodeAttribute(m[1]!) === url) return true;
  return false;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const CHECK_HINT = 'a bug in the site or its build; the previous site is kept';

/**
 * Throws a MirrorError (kind `internal`, exit 1) naming the first problem; the caller then keeps the old `dist/`.
 * `ours` names the build's own folders beside `dist` (one being removed meanwhile).
 */
export function checkBuild(dist: string, work: string, expected: { configurations: number }, ours: readonly string[] = []): BuildCheck {
  const beside = readdirSync(work).filter((name) => name !== 'dist' && !ours.includes(name));
  if (beside.length) throw new MirrorError('internal', `the build wrote outside dist/: ${beside.slice(0, 3).join(', ')}`, { hint: CHECK_HINT });
  const missing = REQUIRED_FILES.filter((f) => {
    try {
      return !statSync(join(dist, f)).isFile();
    } catch {
      return true;
    }
  });
  if (missing.length) throw new MirrorError('internal', `the build is missing ${missing.join(', ')}`, { hint: CHECK_HINT });

  const { attributionUrl: attribution, siteUrl } = readSiteSettings();
  const cards = new Map<string, boolean>();
  const cardExists = (url: string) => {
    let found = cards.get(url);
    if (found === undefined) {
      const rel = url.startsWith(siteUrl.href) ? url.slice(siteUrl.href.length) : undefined;
      found = rel !== undefined && !rel.includes('..') && existsSync(join(dist, rel));
      cards.set(url, found);
    }
    return found;
  };
  let pages = 0;
  let files = 0;
  let bytes = 0;
  let configurationPages = 0;
  let modelPages = 0;
  for (const path of walk(dist)) {
    files++;
    const rel = relative(dist, path);
    if (!rel.endsWith('.html')) {
      bytes += statSync(path).size;
      continue;
    }
    const html = readFileSync(path, 'utf8');
    bytes += Buffer.byteLength(html);
    pages++;
    if (/^configurations\/[^/]+\/index\.html$/.test(rel)) configurationPages++;
    if (/^models\/[^/]+\/index\.html$/.test(rel)) modelPages++;
    if (!footerLinksTo(html, attribution)) {
      throw new MirrorError('internal', `${rel} has no attribution link in its footer`, { hint: CHECK_HINT });
    }
    const card = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
    if (!card || !cardExists(decodeAttribute(card))) throw new MirrorError('internal', `${rel} has no link-preview image`, { hint: CHECK_HINT });
  }
  // A page per configuration and at most one per model (a model has at least one configuration): more means a path rule failed.
  if (configurationPages > expected.configurations)
    throw new MirrorError('internal', `the build has ${configurationPages} configuration pages for ${expected.configurations} configurations`, {
      hint: CHECK_HINT,
    });
  if (modelPages > configurationPages)
    throw new MirrorError('internal', `the build has ${modelPages} model pages for ${configurationPages} configuration pages`, { hint: CHECK_HINT });
  return { pages, files, bytes };
}
