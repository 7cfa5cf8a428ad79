/**
 * Gets the export body: `/v1/export.json`, or for a key whose tier may not use it (403
 * `tier_forbidden`) a partial export assembled from the list endpoints. Asks conditionally when
 * told when the stored one was last modified, and follows cursor pages when the API sends them.
 */
import type { ApiClient, ApiResponse } from '../api/client.ts';
import { MirrorError } from '../core/errors.ts';
import { formatHttpDate, parseDeprecationDate } from '../api/http-dates.ts';
import { parseSchemaVersion } from '../api/response-meta.ts';
import { followCursor, MAX_PAGES, mergeExportPages, mergeListPages, type PageLimits } from './paginate.ts';
import { now as clockNow } from '../core/clock.ts';

export interface FetchedExport {
  /** The bytes that were hashed: the export (every page of it), or the list bodies. */
  bodies: Buffer[];
  /** The parsed export (assembled for a partial one), still unvalidated. */
  json: () => unknown;
  /** Headers of the answer whose metadata the snapshot keeps (the quota ones from the last answer). */
  headers: Record<string, string>;
  partial: boolean;
  /** Bytes received on the wire, over every answer (compressed, when they were). */
  wireBytes: number;
  /** Answers read: 1 for a single export, more for pages or the list endpoints. */
  answers: number;
  /** The API answered 304 to If-Modified-Since: the stored export is current, nothing else was sent. */
  notModified: boolean;
}

export interface FetchExportOptions {
  fallback: boolean;
  onFallback: (why: MirrorError) => void;
  /** Last-Modified of the stored export (Unix ms), to ask conditionally. */
  ifModifiedSince?: number | undefined;
  /** Bounds of cursor pagination; the size is the client's cap by default. */
  pageLimits?: Partial<PageLimits>;
}

/** The list endpoints' largest pages: without cursor pages, a Starter mirror holds at most this many rows. */
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

const QUOTA_HEADERS = ['x-quota-limit', 'x-quota-remaining', 'x-quota-reset', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** `headers` with the quota and rate headers of the last answer: they count down. */
function withQuotaOf(headers: Record<string, string>, answers: readonly ApiResponse[]): Record<string, string> {
  const last = answers.at(-1)!.headers;
  const out = { ...headers };
  for (const name of QUOTA_HEADERS) if (last[name] !== undefined) out[name] = last[name];
  return out;
}

const wireOf = (answers: readonly ApiResponse[]) => answers.reduce((n, a) => n + a.wireBytes, 0);

export async function fetchExport(client: ApiClient, options: FetchExportOptions): Promise<FetchedExport> {
  const limits: PageLimits = { maxPages: options.pageLimits?.maxPages ?? MAX_PAGES, maxBytes: options.pageLimits?.maxBytes ?? Infinity };
  const path = '/v1/export.json';
  try {
    const res = await client.get(path, { ifModifiedSince: options.ifModifiedSince });
    if (res.status === 304) {
      return { bodies: [], json: () => undefined, headers: res.headers, partial: false, wireBytes: res.wireBytes, answers: 1, notModified: true };
    }
    if (res.headers['x-next-cursor'] === undefined) {
      return {
        bodies: [res.body],
        json: () => parseJson(res, path),
        headers: res.headers,
        partial: false,
        wireBytes: res.wireBytes,
        answers: 1,
        notModified: false,
      };
    }
    const pages = await followCursor(client, path, res, limits);
    // Merged now, so a repeated row fails the fetch with its page number.
    const merged = mergeExportPages(pages, path);
    return {
      bodies: pages.map((p) => p.body),
      json: () => merged,
      headers: withQuotaOf(res.headers, pages),
      partial: false,
      wireBytes: wireOf(pages),
      answers: pages.length,
      notModified: false,
    };
  } catch (err) {
    if (!(options.fallback && err instanceof MirrorError && err.apiCode === 'tier_forbidden')) throw err;
    options.onFallback(err);
  }
  const list = async (listPath: string, field: 'slug' | 'tag') => {
    const first = await client.get(listPath);
    if (first.headers['x-next-cursor'] === undefined) return { answers: [first], rows: () => parseJson(first, listPath.replace(/\?.*/, '')) };
    const pages = await followCursor(client, listPath, first, limits);
    const rows = mergeListPages(pages, listPath, field);
    return { answers: pages, rows: () => rows };
  };
  const models = await list(`/v1/models?limit=${FALLBACK_LIMIT}`, 'slug');
  const benches = await list(`/v1/benches?limit=${FALLBACK_LIMIT}`, 'slug');
  const tags = await list('/v1/tags', 'tag');
  const computedAt = Number(models.answers[0]!.headers['x-computed-at']);
  const answers = [...models.answers, ...benches.answers, ...tags.answers];
  return {
    bodies: answers.map((a) => a.body),
    json: () => ({
      generatedAt: Number.isInteger(computedAt) && computedAt > 0 ? computedAt : clockNow(),
      models: models.rows(),
      benches: benches.rows(),
      tags: tags.rows(),
    }),
    headers: withQuotaOf({ ...tags.answers[0]!.headers, ...models.answers[0]!.headers }, answers),
    partial: true,
    wireBytes: wireOf(answers),
    answers: answers.length,
    notModified: false,
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
