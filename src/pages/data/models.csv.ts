import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/data/site-data.ts';
import { csvResponse, modelsCsv } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => csvResponse(modelsCsv(getSiteData()));
