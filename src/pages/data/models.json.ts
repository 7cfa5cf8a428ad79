import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/data/site-data.ts';
import { jsonFile, modelRankOf, modelRecord } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => {
  const data = getSiteData();
  return jsonFile(
    data,
    'models',
    data.configurations.map((c) => modelRecord(c, modelRankOf(data, c))),
  );
};
