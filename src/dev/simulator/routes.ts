/** The six v1 endpoints as a pure function of the request and the data: what to answer, not how to send it. */
import { latestUpdatedAt, type Dataset, type Row } from './dataset.ts';
import type { Tier } from './types.ts';

export type RouteOutcome =
  | {
      ok: true;
      /** A value to serialize as JSON, or the exact bytes to send. */
      body: unknown;
      cacheSeconds: number;
      /** Unix ms for Last-Modified. */
      lastModified: number;
    }
  | RouteError;

export interface RouteError {
  ok: false;
  status: number;
  code: string;
  message: string;
  hint: string;
  headers?: Record<string, string>;
}

export const routeError = (status: number, code: string, message: string, hint: string, headers?: Record<string, string>): RouteError => ({
  ok: false,
  status,
  code,
  message,
  hint,
  ...(headers ? { headers } : {}),
});

/** Cache lifetimes of the contract: 300 s for rankings, 3600 for tags, 86400 for the export. */
const CACHE = { rankings: 300, tags: 3_600, export: 86_400 } as const;

const INTEGER = /^-?\d+$/;

/** `limit` clamped into 1..max; a present value that is not an integer is refused. */
function parseLimit(query: URLSearchParams, max: number, fallback: number): number | RouteError {
  const raw = query.get('limit');
  if (raw === null) return fallback;
  if (!INTEGER.test(raw)) {
    return routeError(400, 'invalid_param', `limit must be an integer, got "${raw.slice(0, 40)}".`, `Use an integer from 1 to ${max}.`);
  }
  return Math.min(max, Math.max(1, Number(raw)));
}

const hasTag = (row: Row, tag: string): boolean => Array.isArray(row.tags) && row.tags.includes(tag);

function listed(rows: Row[], cacheSeconds: number, fallbackTime: number): RouteOutcome {
  return { ok: true, body: rows, cacheSeconds, lastModified: latestUpdatedAt(rows, fallbackTime) };
}

function modelsByTag(data: Dataset, query: URLSearchParams, max: number, fallback: number, tag: string | undefined): RouteOutcome {
  const limit = parseLimit(query, max, fallback);
  if (typeof limit !== 'number') return limit;
  const rows = tag === undefined ? data.models : data.models.filter((row) => hasTag(row, tag));
  return listed(rows.slice(0, limit), CACHE.rankings, data.computedAt);
}

function modelDetail(data: Dataset, encodedSlug: string): RouteOutcome {
  if (encodedSlug === '') {
    return routeError(400, 'bad_request', 'The model slug is empty.', 'Use GET /v1/models/{slug} with a slug from /v1/models.');
  }
  let slug: string | undefined;
  try {
    slug = decodeURIComponent(encodedSlug);
  } catch {
    slug = undefined; // malformed percent-encoding names no model
  }
  const summary = slug === undefined ? undefined : data.modelsBySlug.get(slug);
  if (slug === undefined || summary === undefined) {
    return routeError(404, 'not_found', 'No active model has this slug.', 'The model may have been hidden or removed; list slugs with /v1/models.');
  }
  const detail = data.details.get(slug) ?? { ...summary, scores: [] };
  return { ok: true, body: detail, cacheSeconds: CACHE.rankings, lastModified: latestUpdatedAt([detail, summary], data.computedAt) };
}

export function route(method: string, pathname: string, query: URLSearchParams, data: Dataset, tier: Tier): RouteOutcome {
  if (method !== 'GET') {
    return routeError(405, 'method_not_allowed', `${method.slice(0, 20)} is not allowed; the API is read-only.`, 'Use GET.', { allow: 'GET' });
  }
  if (pathname === '/v1/export.json') {
    if (tier === 'starter') {
      return routeError(403, 'tier_forbidden', 'The bulk export is not available on the Starter tier.', 'Upgrade to Pro or above, or use the list endpoints.');
    }
    return { ok: true, body: data.exportBody, cacheSeconds: CACHE.export, lastModified: data.exportLastModified };
  }
  const known = pathname === '/v1/models' || pathname.startsWith('/v1/models/') || ['/v1/benches', '/v1/tags', '/v1/best'].includes(pathname);
  if (!known) return routeError(404, 'not_found', 'No such endpoint.', 'See the v1 reference for the six endpoints.');
  if (data.unusable !== undefined) return routeError(500, 'internal_error', `The service cannot read its data: ${data.unusable}.`, 'Try again later.');

  if (pathname === '/v1/models') return modelsByTag(data, query, 500, 100, query.get('tag') || undefined);
  if (pathname.startsWith('/v1/models/')) {
    const slug = pathname.slice('/v1/models/'.length);
    if (slug.includes('/')) return routeError(404, 'not_found', 'No such endpoint.', 'Use GET /v1/models/{slug}.');
    return modelDetail(data, slug);
  }
  if (pathname === '/v1/best') {
    const tag = query.get('tag');
    if (!tag) return routeError(400, 'bad_request', 'The tag parameter is required.', 'Use GET /v1/best?tag={tag}; list tags with /v1/tags.');
    return modelsByTag(data, query, 100, 10, tag);
  }
  if (pathname === '/v1/benches') {
    const limit = parseLimit(query, 500, 100);
    if (typeof limit !== 'number') return limit;
    return listed(data.benches.slice(0, limit), CACHE.rankings, data.computedAt);
  }
  return listed(data.tags, CACHE.tags, data.computedAt); // /v1/tags
}
