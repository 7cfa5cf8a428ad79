import type { APIRoute } from 'astro';
import { SITE } from '../../site/settings/config.ts';
import { siteData } from '../_site.ts';
import { changesFeed } from '../../site/files/feed.ts';

export const GET: APIRoute = () =>
  new Response(changesFeed(siteData().changes, { name: SITE.attributionName, url: SITE.attributionUrl }), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
