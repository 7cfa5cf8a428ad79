import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/data/site-data.ts';
import { jsonFile, tagRecord } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => {
  const data = getSiteData();
  return jsonFile(data, 'tags', data.tags.map(tagRecord));
};
