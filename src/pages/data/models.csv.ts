import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/site-data.ts';
import { modelsCsv } from '../../site/downloads.ts';

export const GET: APIRoute = () => new Response(modelsCsv(getSiteData()), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
