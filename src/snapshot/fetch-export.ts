/**
 * Gets the export body: `/v1/export.json`, or for a key whose tier may not use it (403
 * `tier_forbidden`) a partial export assembled from the list endpoints.
 */
import type { ApiClient, ApiResponse } from '../api/client.ts';
import { MirrorError } from '../api/errors.ts';
import { formatHttpDate, parseDeprecationDate } from '../api/http-dates.ts';
import { parseSchemaVersion } from '../api/response-meta.ts';

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

/** A date header as it is printed: parsed and re-serialized, never the raw value. */
function dateHeader(value: string): string {
  return formatHttpDate(parseDeprecationDate(value)) ?? 'a value that is not a date';
}

/** Warnings a maintainer should act on before the API stops answering this way. Header values appear only as parsed. */
export function headerWarnings(headers: Record<string, string>): string[] {
  const warnings: string[] = [];
  const raw = headers['x-schema-version'];
  const version = parseSchemaVersion(raw);
  if (version !== 'v1') {
    warnings.push(
      raw === undefined
        ? 'the answer carries no X-Schema-Version; validated as v1'
        : version === undefined
          ? 'X-Schema-Version is not of the form v<number> (not shown); validated as v1 — check the API changelog'
          : `X-Schema-Version is ${JSON.stringify(version)}, not v1; validated as v1 — check the API changelog`,
    );
  }
  if (headers.deprecation) {
    const sunset = headers.sunset ? `; it stops working ${dateHeader(headers.sunset)}` : '';
    warnings.push(`the API marks this endpoint deprecated (Deprecation: ${dateHeader(headers.deprecation)})${sunset}`);
  } else if (headers.sunset) {
    warnings.push(`the API announces this endpoint stops working ${dateHeader(headers.sunset)} (Sunset)`);
  }
  const link = headers.link && /<([^>]*)>\s*;[^,]*rel="?deprecation"?/i.exec(headers.link);
  if (link) warnings.push(`migration guide (Link rel="deprecation"): ${migrationGuide(link[1]!)}`);
  return warnings;
}

/** A Link target shown only as an http(s) URL the URL parser accepts. */
function migrationGuide(target: string): string {
  try {
    const url = new URL(target);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= 200) return url.href;
  } catch {
    // not a URL
  }
  return 'a link that is not a plain http(s) URL (not shown)';
}
