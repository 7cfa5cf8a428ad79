import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { jsonFile, modelRankOf } from '../../site/files/downloads.ts';
import { modelRecord } from '../../site/files/records.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return jsonFile(
    data,
    'models',
    data.configurations.map((c) => modelRecord(c, modelRankOf(data, c))),
  );
};
