import type { APIRoute, GetStaticPaths } from 'astro';
import { attribution } from '../../../site/downloads.ts';
import { modelFile } from '../../../site/model-file.ts';
import { getSiteData, type Model } from '../../../site/site-data.ts';

/** One small file per model, for the comparison page's script. */
export const getStaticPaths = (() => getSiteData().models.map((model) => ({ params: { model: model.segment }, props: { model } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ model: Model }> = ({ props }) => {
  const data = getSiteData();
  return new Response(JSON.stringify(modelFile(data, props.model, attribution(data))), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
