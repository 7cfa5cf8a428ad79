import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { rankFilesOf } from '../../site/routes/rank.ts';

/** The index of what /rank/ re-ranks the models from in the browser (the mirror's computation), with the attribution like every download. */
export const GET: APIRoute = () => new Response(JSON.stringify(rankFilesOf(siteData()).index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
