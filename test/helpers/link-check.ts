/**
 * Every address a built site gives out, checked against what the build made: links, scripts and
 * images of every page (parsed with cheerio), every Atom entry's and feed's link, every sitemap
 * location, every search record's URL (read from Pagefind's own fragments), and every `_redirects`
 * target. A fragment must name an element of its page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { load } from 'cheerio';
import { fileFor, type BuiltSite } from './site.ts';

export interface LinkReport {
  checked: number;
  broken: string[];
}

export function checkLinks(site: BuiltSite, siteUrl: string): LinkReport {
  const base = new URL(siteUrl);
  const broken: string[] = [];
  let checked = 0;
  const ids = new Map<string, Set<string>>();
  // A set, not the list: a site of 15,000 files gives out more than 50,000 addresses.
  const files = new Set(site.files);
  const idsOf = (file: string) => {
    let set = ids.get(file);
    if (!set) {
      const $ = site.html.get(file);
      set = new Set(
        $
          ? $('[id]')
              .map((_, el) => $(el).attr('id')!)
              .get()
          : [],
      );
      ids.set(file, set);
    }
    return set;
  };
  const check = (from: string, raw: string, relativeTo: URL) => {
    const url = new URL(raw, relativeTo);
    if (url.origin !== base.origin) return;
    if (!url.pathname.startsWith(base.pathname)) {
      broken.push(`${from} -> ${raw} (outside the site's base)`);
      return;
    }
    checked++;
    const target = fileFor(url.pathname.slice(base.pathname.length - 1));
    if (!files.has(target)) broken.push(`${from} -> ${raw}`);
    else if (url.hash && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(url.hash.slice(1))))
      broken.push(`${from} -> ${raw} (no such fragment)`);
  };
  for (const [file, $] of site.html) {
    const from = new URL(file.replace(/index\.html$/, ''), base);
    $('a[href], link[href], script[src], img[src]').each((_, el) => check(file, $(el).attr('href') ?? $(el).attr('src')!, from));
  }
  for (const file of site.files.filter((f) => f.endsWith('.xml'))) {
    const $ = load(site.read(file), { xml: true });
    $('link[href]').each((_, el) => check(file, $(el).attr('href')!, base));
    $('loc').each((_, el) => check(file, $(el).text(), base));
  }
  // Pagefind's fragments: gzip, a signature, then the record's JSON; its URL is from the site's root.
  for (const file of site.files.filter((f) => f.startsWith('pagefind/fragment/'))) {
    const text = gunzipSync(readFileSync(join(site.dist, file))).toString('utf8');
    const record = JSON.parse(text.slice(text.indexOf('{'))) as { url: string };
    check(file, record.url.replace(/^\//, ''), base);
  }
  if (files.has('_redirects'))
    for (const line of site.read('_redirects').split('\n')) {
      const to = line.trim().split(/\s+/)[1];
      if (to && !line.startsWith('#')) check('_redirects', to.replace(/^\//, ''), base);
    }
  return { checked, broken };
}
