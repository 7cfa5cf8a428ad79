import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { benchAgreementFile } from '../../site/files/records.ts';

/** The agreement between benchmarks by tag (the mirror's computation): the mean rank correlation of the benchmarks of each two tags. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(benchAgreementFile(siteData())), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
