import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { jsonFile } from '../../site/files/downloads.ts';
import { benchRecord } from '../../site/files/records.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return jsonFile(data, 'benchmarks', data.benches.map(benchRecord));
};
