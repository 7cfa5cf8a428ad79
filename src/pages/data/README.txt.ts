import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { downloadsReadme } from '../../site/files/downloads.ts';

/** The companion note of the downloads: the attribution and where every field is described. */
export const GET: APIRoute = () => {
  const data = siteData();
  return new Response(downloadsReadme(data, new URL('data/', data.site.siteUrl).href), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
