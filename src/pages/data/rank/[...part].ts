import type { APIRoute, GetStaticPaths } from 'astro';
import { gzipSync } from 'node:zlib';
import { siteData } from '../../_site.ts';
import { RANK_PARTS_DIR } from '../../../site/evidence/rank-file.ts';
import { rankFilesOf, sourceRangesFile, sourceRangesPath } from '../../../site/routes/rank.ts';

/**
 * The blocks and parts of /rank/'s data (src/site/evidence/rank-file.ts), each with the attribution:
 * the model ranking in blocks, one part per tag, the untagged benchmarks, and every benchmark for the
 * best models; and the likely ranges as the source weighs (sourceRangesFile); gzipped (`.json.gz`)
 * where the plan gzips the large downloads.
 */
export const getStaticPaths = (() => {
  const data = siteData();
  const { blocks, parts } = rankFilesOf(data);
  return [...blocks.keys(), ...parts.keys(), sourceRangesPath(data.plan.compressedDownloads)].map((path) => ({ params: { part: path.slice(RANK_PARTS_DIR.length + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const data = siteData();
  const { blocks, parts } = rankFilesOf(data);
  const path = `${RANK_PARTS_DIR}/${params.part}`;
  const text = JSON.stringify(path === sourceRangesPath(data.plan.compressedDownloads) ? sourceRangesFile(data) : (blocks.get(path) ?? parts.get(path)!));
  return path.endsWith('.gz')
    ? new Response(gzipSync(text, { level: 9 }), { headers: { 'Content-Type': 'application/gzip' } })
    : new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
