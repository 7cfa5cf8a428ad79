import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { jsonFile, tagRecord } from '../../site/files/downloads.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return jsonFile(data, 'tags', data.tags.map(tagRecord));
};
