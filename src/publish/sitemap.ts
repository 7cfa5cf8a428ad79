/**
 * The sitemap: `sitemap-index.xml` naming `sitemap-0.xml`, `sitemap-1.xml`, ... of at most 45,000
 * addresses each (the protocol allows 50,000), written when Astro has written the pages. It replaced
 * @astrojs/sitemap, whose locale-aware sort of every address took 2.5 s of a 10,000-configuration
 * build; the files keep its names and layout.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { xmlText } from '../site/files/xml.ts';

export const SITEMAP_INDEX = 'sitemap-index.xml';
export const SITEMAP_ENTRY_LIMIT = 45_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap's files (name and text) for `urls`, sorted so that the same site gives the same files. */
export function sitemapFiles(urls: readonly string[], siteUrl: URL, limit = SITEMAP_ENTRY_LIMIT): { name: string; text: string }[] {
  const sorted = [...new Set(urls)].sort();
  const parts: { name: string; text: string }[] = [];
  for (let i = 0; i === 0 || i < sorted.length; i += limit) {
    const entries = sorted.slice(i, i + limit).map((url) => `<url><loc>${xmlText(url)}</loc></url>`);
    parts.push({ name: `sitemap-${parts.length}.xml`, text: `${XML_HEAD}<urlset xmlns="${NS}">${entries.join('')}</urlset>\n` });
  }
  const index = parts.map((p) => `<sitemap><loc>${xmlText(new URL(p.name, siteUrl).href)}</loc></sitemap>`);
  return [...parts, { name: SITEMAP_INDEX, text: `${XML_HEAD}<sitemapindex xmlns="${NS}">${index.join('')}</sitemapindex>\n` }];
}

/** Writes the sitemap of every page Astro built whose path `exclude` does not match (paths as `about/`, `` for the home page). */
export function sitemap(siteUrl: URL, exclude: (path: string) => boolean): AstroIntegration {
  return {
    name: 'mirror-sitemap',
    hooks: {
      'astro:build:done': ({ dir, pages }) => {
        const urls = pages
          .map((p) => p.pathname.replace(/^\//, ''))
          .filter((path) => !exclude(path))
          .map((path) => new URL(path, siteUrl).href);
        for (const file of sitemapFiles(urls, siteUrl)) writeFileSync(join(fileURLToPath(dir), file.name), file.text);
      },
    },
  };
}
