import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { modelsJson } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => modelsJson(siteData());
