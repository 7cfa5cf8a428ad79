import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { jsonFile } from '../../site/files/downloads.ts';
import { tagRecord } from '../../site/files/records.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return jsonFile(data, 'tags', data.tags.map(tagRecord));
};
