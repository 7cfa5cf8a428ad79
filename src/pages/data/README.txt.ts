import type { APIRoute } from 'astro';
import { SITE } from '../../site/settings/config.ts';
import { getSiteData } from '../../site/data/site-data.ts';
import { downloadsReadme } from '../../site/files/downloads.ts';

/** The companion note of the downloads: the attribution and where every field is described. */
export const GET: APIRoute = () =>
  new Response(downloadsReadme(getSiteData(), new URL('data/', SITE.siteUrl).href), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
