import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { benchRecord, jsonFile } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return jsonFile(data, 'benchmarks', data.benches.map(benchRecord));
};
