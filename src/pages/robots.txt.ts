import type { APIRoute } from 'astro';
import { SITE } from '../site/settings/config.ts';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${new URL('sitemap-index.xml', SITE.siteUrl).href}\n`, { headers: { 'Content-Type': 'text/plain' } });
