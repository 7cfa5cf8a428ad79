import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { attribution } from '../../site/files/records.ts';

/** The evidence behind supraScore (the mirror's computation): the method's choices, the agreement, and what the comparison script resamples from. */
export const GET: APIRoute = () => {
  const data = siteData();
  return new Response(JSON.stringify({ ...attribution(data), ...data.evidence().facts }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
