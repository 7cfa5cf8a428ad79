import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/site-data.ts';
import { csvResponse, historyCsv } from '../../site/downloads.ts';

export const GET: APIRoute = () => csvResponse(historyCsv(getSiteData()));
