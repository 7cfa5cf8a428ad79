import { describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { sitemapFiles, SITEMAP_INDEX } from '../../src/publish/sitemap.ts';

const site = new URL('https://example.org/mirror/');
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const parses = (xml: string) => {
  const parser = new SaxesParser();
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
};

describe('the sitemap', () => {
  it('lists every address once, sorted, in parts of at most the limit, named by the index', () => {
    const urls = ['c/', 'a/', 'e/', 'b/', 'd/', 'a/'].map((p) => new URL(p, site).href);
    const files = sitemapFiles(urls, site, 2);
    expect(files.map((f) => f.name)).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml', SITEMAP_INDEX]);
    for (const f of files) parses(f.text);
    expect(files.slice(0, 3).flatMap((f) => locs(f.text))).toEqual(['a/', 'b/', 'c/', 'd/', 'e/'].map((p) => new URL(p, site).href));
    expect(locs(files.at(-1)!.text)).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml'].map((n) => `https://example.org/mirror/${n}`));
    expect(files[0]!.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it('escapes what XML needs escaped in an address', () => {
    const [part] = sitemapFiles(["https://example.org/mirror/?a=1&b='2'"], site);
    parses(part!.text);
    expect(part!.text).toContain('<loc>https://example.org/mirror/?a=1&amp;b=&apos;2&apos;</loc>');
  });

  it('still writes one (empty) part and the index for a site with no page', () => {
    const files = sitemapFiles([], site);
    expect(files.map((f) => f.name)).toEqual(['sitemap-0.xml', SITEMAP_INDEX]);
    expect(locs(files[0]!.text)).toEqual([]);
  });
});
