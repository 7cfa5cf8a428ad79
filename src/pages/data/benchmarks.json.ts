import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { benchmarksFile } from '../../site/files/records.ts';

/** Every benchmark, with the mirror's measures of it. */
export const GET: APIRoute = () => new Response(JSON.stringify(benchmarksFile(siteData())), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
