/**
 * Gets the export body: `/v1/export.json`, or for a key whose tier may not use it (403
 * `tier_forbidden`) a partial export assembled from the list endpoints.
 */
import type { ApiClient, ApiResponse } from '../api/client.ts';
import { MirrorError } from '../api/errors.ts';

export interface FetchedExport {
  /** The bytes that were hashed: the export, or the three list bodies. */
  bodies: Buffer[];
  /** The parsed export (assembled for a partial one), still unvalidated. */
  json: () => unknown;
  /** Headers of the answer whose metadata the snapshot keeps. */
  headers: Record<string, string>;
  partial: boolean;
}

/** The list endpoints' largest pages: a Starter mirror holds at most this many rows. */
export const FALLBACK_LIMIT = 500;

function parseJson(res: ApiResponse, path: string): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new MirrorError('invalid', `${path}: the body is not JSON (${res.body.length} bytes)`, {
      hint: 'the API or a proxy in front of it sent something else; nothing was written',
    });
  }
}

export async function fetchExport(
  client: ApiClient,
  { fallback, onFallback }: { fallback: boolean; onFallback: (why: MirrorError) => void },
): Promise<FetchedExport> {
  try {
    const res = await client.get('/v1/export.json');
    return { bodies: [res.body], json: () => parseJson(res, '/v1/export.json'), headers: res.headers, partial: false };
  } catch (err) {
    if (!(fallback && err instanceof MirrorError && err.apiCode === 'tier_forbidden')) throw err;
    onFallback(err);
  }
  const models = await client.get(`/v1/models?limit=${FALLBACK_LIMIT}`);
  const benches = await client.get(`/v1/benches?limit=${FALLBACK_LIMIT}`);
  const tags = await client.get('/v1/tags');
  const computedAt = Number(models.headers['x-computed-at']);
  return {
    bodies: [models.body, benches.body, tags.body],
    json: () => ({
      generatedAt: Number.isInteger(computedAt) && computedAt > 0 ? computedAt : Date.now(),
      models: parseJson(models, '/v1/models'),
      benches: parseJson(benches, '/v1/benches'),
      tags: parseJson(tags, '/v1/tags'),
    }),
    headers: { ...tags.headers, ...models.headers },
    partial: true,
  };
}

/** Warnings a maintainer should act on before the API stops answering this way. */
export function headerWarnings(headers: Record<string, string>): string[] {
  const warnings: string[] = [];
  const version = headers['x-schema-version'];
  if (version !== 'v1') {
    warnings.push(
      version === undefined
        ? 'the answer carries no X-Schema-Version; validated as v1'
        : `X-Schema-Version is ${JSON.stringify(version.slice(0, 20))}, not v1; validated as v1 — check the API changelog`,
    );
  }
  if (headers.deprecation) {
    const sunset = headers.sunset ? `; it stops working ${headers.sunset}` : '';
    warnings.push(`the API marks this endpoint deprecated (Deprecation: ${headers.deprecation.slice(0, 60)})${sunset}`);
  } else if (headers.sunset) {
    warnings.push(`the API announces this endpoint stops working ${headers.sunset.slice(0, 60)} (Sunset)`);
  }
  const link = headers.link && /<([^>]*)>\s*;[^,]*rel="?deprecation"?/i.exec(headers.link);
  if (link) warnings.push(`migration guide (Link rel="deprecation"): ${link[1]!.slice(0, 200)}`);
  return warnings;
}
