/**
 * The published site as a visitor and a crawler get it, checked with a real HTML parser (cheerio),
 * apart from the build's own check: every page's footer links the attribution, every address a page
 * gives out inside the site resolves to a file the host serves, and every file the manifest lists has
 * its sha256. And the API key, or any part of it that could identify it, in no file the run left anywhere.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { load } from 'cheerio';

function* filesUnder(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  if (statSync(dir).isFile()) return yield dir;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** The file a static host serves for a path of the site (a folder's index.html). */
function fileFor(site: string, pathname: string): string | undefined {
  const rel = decodeURIComponent(pathname).replace(/^\/+/, '');
  const path = resolve(site, rel);
  if (path !== site && !path.startsWith(site + sep)) return undefined;
  if (existsSync(path) && statSync(path).isFile()) return path;
  const index = join(path, 'index.html');
  return existsSync(index) ? index : undefined;
}

/** Failure lines for the site in `site`, published at `siteUrl`; at most `max` of them. */
export function checkSite(site: string, siteUrl: string, attributionUrl: string, max = 5): string[] {
  const failures: string[] = [];
  const fail = (line: string) => failures.length < max && failures.push(line);
  if (!existsSync(join(site, 'index.html'))) return ['the host serves no site (no index.html)'];
  const base = new URL(siteUrl);
  for (const file of filesUnder(site)) {
    if (!file.endsWith('.html')) continue;
    const rel = relative(site, file);
    const $ = load(readFileSync(file, 'utf8'));
    const footerLinks = $('footer a[href]')
      .map((_, el) => $(el).attr('href'))
      .get();
    if (!footerLinks.includes(attributionUrl)) fail(`${rel}: no attribution link to ${attributionUrl} in its footer`);
    const from = new URL(
      rel
        .split(sep)
        .join('/')
        .replace(/index\.html$/, ''),
      base,
    );
    $('a[href], link[href], script[src], img[src]').each((_, el) => {
      const raw = $(el).attr('href') ?? $(el).attr('src')!;
      let url: URL;
      try {
        url = new URL(raw, from);
      } catch {
        return void fail(`${rel}: a link that is no address: ${raw.slice(0, 80)}`);
      }
      if (url.origin !== base.origin) return;
      if (!fileFor(site, url.pathname.slice(base.pathname.length - 1))) fail(`${rel}: ${raw} leads nowhere`);
    });
  }
  const manifestPath = join(site, 'data/manifest.json');
  if (!existsSync(manifestPath)) return [...failures, 'no data/manifest.json'];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files: { path: string; sha256: string }[] };
  for (const { path, sha256 } of manifest.files) {
    const file = resolve(site, 'data', path);
    if (!existsSync(file)) fail(`data/manifest.json lists ${path}, which is not there`);
    else if (createHash('sha256').update(readFileSync(file)).digest('hex') !== sha256) fail(`data/manifest.json: ${path} does not match its sha256`);
  }
  return failures;
}

/** Files read and found clean, by path: their size and mtime then (a file the soak copied whole keeps neither, so it is read again). */
const clean = new Map<string, string>();

/**
 * Where one of `secrets` (or its last 32 characters) appears: in `texts` (named), or in a file under
 * `dirs` (gzip read as its content too). A file already found clean, unchanged since, is not read again.
 */
export function findSecrets(secrets: readonly string[], texts: Record<string, string>, dirs: readonly string[]): string[] {
  const found: string[] = [];
  const needles = secrets.filter((s) => s.length >= 16).flatMap((s) => [s, s.slice(-32)]);
  const asked = needles.join(',');
  for (const [name, text] of Object.entries(texts)) if (needles.some((n) => text.includes(n))) found.push(name);
  for (const dir of dirs)
    for (const file of filesUnder(dir)) {
      const { size, mtimeMs, ino } = statSync(file);
      const stamp = `${asked}:${ino}:${size}:${mtimeMs}`;
      if (clean.get(file) === stamp) continue;
      let bytes = readFileSync(file);
      if (file.endsWith('.gz') || /\.gz\.part-\d+$/.test(file))
        try {
          bytes = gunzipSync(bytes);
        } catch {
          // A part of a file cut in several is not gzip on its own: read as it is.
        }
      if (needles.some((n) => bytes.includes(n))) found.push(file);
      else clean.set(file, stamp);
    }
  return found;
}
