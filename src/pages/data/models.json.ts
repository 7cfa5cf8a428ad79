import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { jsonFile } from '../../site/files/downloads.ts';
import { modelRecord, standingOf } from '../../site/files/records.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return jsonFile(
    data,
    'models',
    data.configurations.map((c) => modelRecord(c, standingOf(data, c))),
  );
};
