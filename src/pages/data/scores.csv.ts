import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/site-data.ts';
import { csvResponse, scoresCsv } from '../../site/downloads.ts';

export const GET: APIRoute = () => csvResponse(scoresCsv(getSiteData()));
