import type { APIRoute } from 'astro';
import { siteData } from './_site.ts';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${new URL('sitemap-index.xml', siteData().site.siteUrl).href}\n`, {
    headers: { 'Content-Type': 'text/plain' },
  });
