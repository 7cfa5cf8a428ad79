/**
 * The checks a build passes before it may replace `dist/`: nothing written beside it, every
 * contract route present, and the attribution link in the footer of every page.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MirrorError } from '../core/errors.ts';
import type { Site } from '../site/settings/config.ts';
import { HOST_LIMITS, overLimits, type DeployTarget } from '../site/plan/hosts.ts';
import { publishedName } from '../site/links/output-paths.ts';
import { measureSite, type MeasuredSite } from './site-figures.ts';

export interface BuildCheck {
  pages: number;
  files: number;
  bytes: number;
  /** What the site weighs in the terms hosts limit, and by kind of output. */
  figures: MeasuredSite;
}

/** What the build's plan makes, for the check to hold it to. */
export interface Expected {
  modelPages: number;
  configurationPages: number;
  compressedDownloads: boolean;
  target: DeployTarget | undefined;
}

/** Files of the contract's routes that every build must have (the large downloads gzipped where the plan says so). */
export const requiredFiles = (compressed: boolean) => REQUIRED_FILES.map((f) => (f.startsWith('data/') ? `data/${publishedName(f.slice(5), compressed)}` : f));

const REQUIRED_FILES = [
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
  'data/evidence.json',
  'robots.txt',
  'sitemap-index.xml',
  'data/index.html',
  'data/README.txt',
  'data/scores.csv',
  'data/history.csv',
  'leaderboard/index.html',
  'leaderboard/1/index.html',
  'data/manifest.json',
  'data/history/index.json',
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

/** A site over its target's limits: the limits it passes, in words, and what it measured, which the build plans again from. */
export class OverLimits extends MirrorError {
  readonly over: string[];
  readonly measured: MeasuredSite;
  constructor(target: DeployTarget, over: string[], measured: MeasuredSite) {
    super('internal', `the site is over ${HOST_LIMITS[target].name}'s limits: ${over.join('; ')}`, {
      hint: 'the previous site is kept; planned again from what the build measured, the site still does not fit (the next build plans with what this one measured)',
    });
    this.over = over;
    this.measured = measured;
  }
}

/** What checkPages saw: the pages it passed (paths relative to dist), how many were configuration and model pages, and the link-preview image each page names (the first page naming it). */
export interface PageCheck {
  passed: Set<string>;
  configurationPages: number;
  modelPages: number;
  cards: Map<string, string>;
}

const noPages = (): PageCheck => ({ passed: new Set(), configurationPages: 0, modelPages: 0, cards: new Map() });

/**
 * Checks every HTML page under `dist`: the attribution link in its footer, and that it names a
 * link-preview image (checkBuild sees that the images exist, once the extras worker's files are
 * merged in). The build runs it on the render's output while the worker makes the search index on
 * the other core; checkBuild then reads only the pages it did not pass.
 */
export function checkPages(dist: string, { attributionUrl }: Pick<Site, 'attributionUrl'>): PageCheck {
  const check = noPages();
  for (const path of walk(dist)) {
    const rel = relative(dist, path);
    if (rel.endsWith('.html')) checkPage(rel, readFileSync(path, 'utf8'), attributionUrl, check);
  }
  return check;
}

function checkPage(rel: string, html: string, attributionUrl: string, check: PageCheck): void {
  if (!footerLinksTo(html, attributionUrl)) {
    throw new MirrorError('internal', `${rel} has no attribution link in its footer`, { hint: CHECK_HINT });
  }
  const card = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
  if (!card) throw new MirrorError('internal', `${rel} has no link-preview image`, { hint: CHECK_HINT });
  const url = decodeAttribute(card);
  if (!check.cards.has(url)) check.cards.set(url, rel);
  if (/^configurations\/[^/]+\/index\.html$/.test(rel)) check.configurationPages++;
  if (/^models\/[^/]+\/index\.html$/.test(rel)) check.modelPages++;
  check.passed.add(rel);
}

/**
 * Throws a MirrorError (kind `internal`, exit 1) naming the first problem; the caller then keeps the old `dist/`.
 * `ours` names the build's own folders beside `dist` (one being removed meanwhile); `earlier` is what
 * checkPages passed before the extras were merged in (its pages are not read again).
 */
export function checkBuild(
  dist: string,
  work: string,
  expected: Expected,
  site: Pick<Site, 'attributionUrl' | 'siteUrl'>,
  ours: readonly string[] = [],
  earlier: PageCheck = noPages(),
  onMeasured: (measured: MeasuredSite) => void = () => {},
): BuildCheck {
  const beside = readdirSync(work).filter((name) => name !== 'dist' && !ours.includes(name));
  if (beside.length) throw new MirrorError('internal', `the build wrote outside dist/: ${beside.slice(0, 3).join(', ')}`, { hint: CHECK_HINT });
  const missing = requiredFiles(expected.compressedDownloads).filter((f) => {
    try {
      return !statSync(join(dist, f)).isFile();
    } catch {
      return true;
    }
  });
  if (missing.length) throw new MirrorError('internal', `the build is missing ${missing.join(', ')}`, { hint: CHECK_HINT });

  // Every file is counted by its size; a page checkPages did not pass before the merge is read now.
  const { attributionUrl, siteUrl } = site;
  const check: PageCheck = { ...earlier, passed: new Set(earlier.passed), cards: new Map(earlier.cards) };
  const figures = measureSite(dist, (rel, path) => {
    if (rel.endsWith('.html') && !earlier.passed.has(rel)) checkPage(rel, readFileSync(path, 'utf8'), attributionUrl, check);
  });
  onMeasured(figures);
  for (const [url, rel] of check.cards) {
    const file = url.startsWith(siteUrl.href) ? url.slice(siteUrl.href.length) : undefined;
    if (file === undefined || file.includes('..') || !existsSync(join(dist, file))) {
      throw new MirrorError('internal', `${rel} has no link-preview image`, { hint: CHECK_HINT });
    }
  }
  const { configurationPages, modelPages } = check;
  // Exactly the pages the plan makes: another count means a path rule or the plan failed.
  if (configurationPages !== expected.configurationPages)
    throw new MirrorError('internal', `the build has ${configurationPages} configuration pages where its plan makes ${expected.configurationPages}`, {
      hint: CHECK_HINT,
    });
  if (modelPages !== expected.modelPages)
    throw new MirrorError('internal', `the build has ${modelPages} model pages where its plan makes ${expected.modelPages}`, { hint: CHECK_HINT });
  // Never hand a host a deploy it would reject halfway: the previous site stays.
  if (expected.target) {
    const over = overLimits(expected.target, figures);
    if (over.length) throw new OverLimits(expected.target, over, figures);
  }
  return { pages: check.passed.size, files: figures.files, bytes: figures.bytes, figures };
}
