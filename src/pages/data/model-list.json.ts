import type { APIRoute } from 'astro';
import { attribution } from '../../site/files/records.ts';
import { siteData } from '../_site.ts';
import { modelDataPath } from '../../site/links/output-paths.ts';

/** Every model as [segment, name, model rank text, supraScore, data file], for the comparison page's picker and loader. */
export const GET: APIRoute = () => {
  const data = siteData();
  const models = data.models.map((m) => [m.segment, m.name, m.rankText, m.best.supraScore, modelDataPath(m, data.plan)]);
  return new Response(JSON.stringify({ ...attribution(data), models }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
