import type { APIRoute, GetStaticPaths } from 'astro';
import { siteData } from '../../_site.ts';
import { attribution } from '../../../site/files/records.ts';
import { RANK_PARTS_DIR } from '../../../site/evidence/rank-file.ts';
import { rankFilesOf } from '../../../site/routes/rank.ts';

/** The parts of /rank/'s data (src/site/evidence/rank-file.ts): one per tag, the untagged benchmarks, and every benchmark for the best models. */
export const getStaticPaths = (() =>
  [...rankFilesOf(siteData()).parts.keys()].map((path) => ({ params: { part: path.slice(RANK_PARTS_DIR.length + 1) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const data = siteData();
  const part = rankFilesOf(data).parts.get(`${RANK_PARTS_DIR}/${params.part}`)!;
  return new Response(JSON.stringify({ ...attribution(data), ...part }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
