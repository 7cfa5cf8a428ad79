/**
 * Every address a built site gives out, checked against what the build made: links, scripts and
 * images of every page, every Atom entry's and feed's link, every sitemap location (parsed with
 * cheerio), every search record's URL (read from Pagefind's own fragments), and every `_redirects`
 * target. A fragment must name an element of its page.
 *
 * The pages are read in one pass each by htmlparser2's tokenizer (the parser cheerio's own XML mode
 * uses), without building their trees: a site of 15,000 files has thousands of pages, which cheerio's
 * trees took five times the CPU to build and held in memory at once. What a `<template>` holds is left
 * out, as the HTML parser leaves it out of the document (and cheerio's selectors did). What a
 * `<noscript>` holds is read as markup, as a browser without JavaScript reads it: its links are
 * checked (cheerio read it as text, as a browser with JavaScript does, and checked none of them);
 * its ids are not in the page a browser with JavaScript makes, so no fragment may name them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { load } from 'cheerio';
import { Parser } from 'htmlparser2';
import { fileFor, type BuiltSite } from './site.ts';

export interface LinkReport {
  checked: number;
  broken: string[];
}

/**
 * What a page gives out (`a[href]`, `link[href]`, `script[src]`, `img[src]`, in document order, with JavaScript or without)
 * and the ids of its elements (with JavaScript: none inside a `<noscript>`).
 */
export function scanPage(html: string): { refs: string[]; ids: Set<string> } {
  const refs: string[] = [];
  const ids = new Set<string>();
  let inTemplate = 0;
  let inNoscript = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!inTemplate) {
          if (attributes.id !== undefined && !inNoscript) ids.add(attributes.id);
          const linked = (name === 'a' || name === 'link') && attributes.href !== undefined;
          if (linked || ((name === 'script' || name === 'img') && attributes.src !== undefined)) refs.push(attributes.href ?? attributes.src!);
        }
        if (name === 'template') inTemplate++;
        if (name === 'noscript') inNoscript++;
      },
      onclosetag(name) {
        if (name === 'template') inTemplate--;
        if (name === 'noscript') inNoscript--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { refs, ids };
}

export function checkLinks(site: BuiltSite, siteUrl: string): LinkReport {
  const base = new URL(siteUrl);
  const broken: string[] = [];
  let checked = 0;
  // A set, not the list: a site of 15,000 files gives out more than 50,000 addresses.
  const files = new Set(site.files);
  // Every page read once: what it gives out, and its ids for the fragments that name it.
  const pages = new Map([...site.html.keys()].map((file) => [file, scanPage(site.read(file))]));
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
    else if (url.hash && target.endsWith('.html') && !pages.get(target)?.ids.has(decodeURIComponent(url.hash.slice(1))))
      broken.push(`${from} -> ${raw} (no such fragment)`);
  };
  for (const [file, { refs }] of pages) {
    const from = new URL(file.replace(/index\.html$/, ''), base);
    for (const raw of refs) check(file, raw, from);
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
