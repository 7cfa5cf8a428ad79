/** The six v1 endpoints as a pure function of the request and the data: what to answer, not how to send it. */
import { latestUpdatedAt, rowsOf, type Dataset, type Row } from './dataset.ts';
import type { Tier } from './types.ts';

export type RouteOutcome =
  | {
      ok: true;
      /** A value to serialize as JSON, or the exact bytes to send. */
      body: unknown;
      cacheSeconds: number;
      /** Unix ms for Last-Modified. */
      lastModified: number;
      /** X-Next-Cursor: where the next page starts (pages mode only). */
      nextCursor?: string;
    }
  | RouteError;

/** The announced cursor pagination, as the simulator serves it when asked to. */
export interface RouteOptions {
  /** Rows per collection in a page of the export, and rows in a page of /v1/tags, /v1/models and /v1/benches (of `limit` when smaller). */
  pageSize?: number | undefined;
}

/** An opaque cursor: where the next page starts. */
export const encodeCursor = (offset: number): string => Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');

export function decodeCursor(raw: string): number | undefined {
  const m = /^offset:(\d{1,9})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}

/**
 * Whether a conditional request is answered 304: `If-Modified-Since` is an HTTP-date at or after
 * Last-Modified (which has whole seconds). An unreadable date is ignored, as RFC 9110 asks.
 */
export function isNotModified(ifModifiedSince: string | undefined, lastModified: number): boolean {
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(lastModified / 1000) * 1000 <= since;
}

/** Where a page starts: 0 without `after`, a RouteError for a cursor this server did not give out. */
function pageStart(query: URLSearchParams): number | RouteError {
  const after = query.get('after');
  if (after === null) return 0;
  const offset = decodeCursor(after);
  return offset ?? routeError(400, 'invalid_param', 'after is not a cursor this service gave out.', 'Use the X-Next-Cursor of the previous page.');
}

/** One page of `rows` from `offset`, with the cursor of the next one when rows remain. */
function page(rows: Row[], offset: number, size: number): { rows: Row[]; nextCursor?: string } {
  const end = offset + size;
  return { rows: rows.slice(offset, end), ...(end < rows.length ? { nextCursor: encodeCursor(end) } : {}) };
}

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

function listed(rows: Row[], cacheSeconds: number, fallbackTime: number, nextCursor?: string): RouteOutcome {
  return { ok: true, body: rows, cacheSeconds, lastModified: latestUpdatedAt(rows, fallbackTime), ...(nextCursor ? { nextCursor } : {}) };
}

/** `limit` rows; in pages mode, from `after` in pages of at most `pageSize`, with the next cursor when more remain. */
function limited(rows: Row[], query: URLSearchParams, limit: number, cacheSeconds: number, fallbackTime: number, pageSize: number | undefined): RouteOutcome {
  if (pageSize === undefined) return listed(rows.slice(0, limit), cacheSeconds, fallbackTime);
  const start = pageStart(query);
  if (typeof start !== 'number') return start;
  const p = page(rows, start, Math.min(limit, pageSize));
  return listed(p.rows, cacheSeconds, fallbackTime, p.nextCursor);
}

function modelsByTag(data: Dataset, query: URLSearchParams, max: number, fallback: number, tag: string | undefined, pageSize?: number): RouteOutcome {
  const limit = parseLimit(query, max, fallback);
  if (typeof limit !== 'number') return limit;
  const rows = tag === undefined ? data.models : data.models.filter((row) => hasTag(row, tag));
  return limited(rows, query, limit, CACHE.rankings, data.computedAt, pageSize);
}

/** A page of the export: its fields, with `size` rows of each collection from the cursor on. */
function exportPage(data: Dataset, query: URLSearchParams, size: number): RouteOutcome {
  const start = pageStart(query);
  if (typeof start !== 'number') return start;
  const [models, benches, tags] = [rowsOf(data.root.models), rowsOf(data.root.benches), rowsOf(data.root.tags)];
  const end = start + size;
  const body = { ...data.root, models: models.slice(start, end), benches: benches.slice(start, end), tags: tags.slice(start, end) };
  const more = end < Math.max(models.length, benches.length, tags.length);
  return { ok: true, body, cacheSeconds: CACHE.export, lastModified: data.exportLastModified, ...(more ? { nextCursor: encodeCursor(end) } : {}) };
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

export function route(method: string, pathname: string, query: URLSearchParams, data: Dataset, tier: Tier, options: RouteOptions = {}): RouteOutcome {
  const { pageSize } = options;
  if (method !== 'GET') {
    return routeError(405, 'method_not_allowed', `${method.slice(0, 20)} is not allowed; the API is read-only.`, 'Use GET.', { allow: 'GET' });
  }
  if (pathname === '/v1/export.json') {
    if (tier === 'starter') {
      return routeError(403, 'tier_forbidden', 'The bulk export is not available on the Starter tier.', 'Upgrade to Pro or above, or use the list endpoints.');
    }
    if (pageSize !== undefined && data.unusable === undefined) return exportPage(data, query, pageSize);
    return { ok: true, body: data.exportBody, cacheSeconds: CACHE.export, lastModified: data.exportLastModified };
  }
  const known = pathname === '/v1/models' || pathname.startsWith('/v1/models/') || ['/v1/benches', '/v1/tags', '/v1/best'].includes(pathname);
  if (!known) return routeError(404, 'not_found', 'No such endpoint.', 'See the v1 reference for the six endpoints.');
  if (data.unusable !== undefined) return routeError(500, 'internal_error', `The service cannot read its data: ${data.unusable}.`, 'Try again later.');

  if (pathname === '/v1/models') return modelsByTag(data, query, 500, 100, query.get('tag') || undefined, pageSize);
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
    return limited(data.benches, query, limit, CACHE.rankings, data.computedAt, pageSize);
  }
  // /v1/tags: the whole taxonomy, or pages of it
  return limited(data.tags, query, Infinity, CACHE.tags, data.computedAt, pageSize);
}
