import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { changesFeed } from '../../site/files/feed.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return new Response(changesFeed(data.changes, data.site), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
