import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { csvResponse, modelsCsv } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => csvResponse(modelsCsv(siteData()));
