import type { APIRoute } from 'astro';
import { SITE } from '../../site/settings/config.ts';
import { getSiteData } from '../../site/data/site-data.ts';
import { changesFeed } from '../../site/files/feed.ts';

export const GET: APIRoute = () =>
  new Response(changesFeed(getSiteData().changes, { name: SITE.attributionName, url: SITE.attributionUrl }), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
