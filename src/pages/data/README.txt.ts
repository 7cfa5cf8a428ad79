import type { APIRoute } from 'astro';
import { SITE } from '../../site/settings/config.ts';
import { siteData } from '../_site.ts';
import { downloadsReadme } from '../../site/files/downloads.ts';

/** The companion note of the downloads: the attribution and where every field is described. */
export const GET: APIRoute = () =>
  new Response(downloadsReadme(siteData(), new URL('data/', SITE.siteUrl).href), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
