import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { evidenceJson } from '../../site/files/downloads.ts';

/** The evidence behind supraScore (the mirror's computation): the method's choices, the agreement, and what the comparison script resamples from. */
export const GET: APIRoute = () => evidenceJson(siteData());
