import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/data/site-data.ts';
import { benchRecord, jsonFile } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => {
  const data = getSiteData();
  return jsonFile(data, 'benchmarks', data.benches.map(benchRecord));
};
