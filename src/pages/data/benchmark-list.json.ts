import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { attribution } from '../../site/files/records.ts';
import { benchmarkIndexOf } from '../../site/lists/benchmarks.ts';

/** The compact index behind the benchmarks list's sorting and filters, with the attribution like every download. */
export const GET: APIRoute = () => {
  const data = siteData();
  return new Response(JSON.stringify({ ...attribution(data), ...benchmarkIndexOf(data) }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
