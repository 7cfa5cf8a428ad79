import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { modelListJson } from '../../site/files/downloads.ts';

/** Every model as [segment, name, model rank text, supraScore, data file, standard error], for the comparison page's picker, loader and verdicts. */
export const GET: APIRoute = () => modelListJson(siteData());
