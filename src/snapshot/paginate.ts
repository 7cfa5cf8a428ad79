/**
 * The announced cursor pagination: an answer with `X-Next-Cursor` continues at `?after=<cursor>`.
 * Follows it within a page count and a total size, merges the pages, and refuses a cursor that
 * loops or pages that repeat a row, each with one clear line (exit 6).
 */
import type { ApiClient, ApiResponse } from '../api/client.ts';
import { MirrorError } from '../core/errors.ts';

export interface PageLimits {
  /** Most pages of one resource. */
  maxPages: number;
  /** Most decoded bytes over all pages of one resource. */
  maxBytes: number;
}

/** 1,000 pages: ten million rows at the announced 10,000-row pages. */
export const MAX_PAGES = 1000;

const invalid = (message: string, hint = "the API's pagination is inconsistent; nothing was written, the next run tries again") =>
  new MirrorError('invalid', message, { hint });

/** X-Next-Cursor of an answer: undefined when absent or empty; a cursor that could not be sent back is refused. */
export function nextCursorOf(res: ApiResponse, path: string): string | undefined {
  const raw = res.headers['x-next-cursor'];
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > 1024 || !/^[\x21-\x7e]+$/.test(raw)) throw invalid(`${path}: X-Next-Cursor is not a usable cursor (${raw.length} characters)`);
  return raw;
}

export const withCursor = (path: string, cursor: string): string => `${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(cursor)}`;

/** The first answer and every page after it, in order. */
export async function followCursor(client: ApiClient, path: string, first: ApiResponse, limits: PageLimits): Promise<ApiResponse[]> {
  const pages = [first];
  const followed = new Map<string, number>();
  let bytes = first.body.length;
  for (let cursor = nextCursorOf(first, path); cursor !== undefined; cursor = nextCursorOf(pages.at(-1)!, path)) {
    const seenOn = followed.get(cursor);
    if (seenOn !== undefined) {
      throw invalid(`${path}: the cursor pagination loops: page ${pages.length} points back to the cursor already followed after page ${seenOn}`);
    }
    if (pages.length >= limits.maxPages) throw invalid(`${path}: more than ${limits.maxPages} pages`, 'check the API changelog; nothing was written');
    followed.set(cursor, pages.length);
    const page = await client.get(withCursor(path, cursor));
    bytes += page.body.length;
    if (bytes > limits.maxBytes) {
      throw invalid(`${path}: the pages passed the ${limits.maxBytes}-byte cap together`, 'raise RANKING_MAX_BYTES if the export really is this large');
    }
    pages.push(page);
  }
  return pages;
}

function parsePage(res: ApiResponse, path: string, n: number): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw invalid(`${path}: page ${n} is not JSON (${res.body.length} bytes)`, 'the API or a proxy in front of it sent something else; nothing was written');
  }
}

/** The key of a row: `slug`, or `tag` for the taxonomy. */
const keyOf = (row: unknown, field: 'slug' | 'tag'): string | undefined => {
  const value = (row as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : undefined;
};

/** Appends `rows` of page `n` to `into`, refusing a key an earlier page had. */
function appendRows(into: unknown[], rows: unknown[], field: 'slug' | 'tag', seen: Map<string, number>, what: string, n: number): void {
  for (const row of rows) {
    const key = keyOf(row, field);
    if (key !== undefined) {
      const first = seen.get(key);
      if (first !== undefined && first !== n) throw invalid(`${what}: page ${n} repeats ${field} ${JSON.stringify(key.slice(0, 80))} from page ${first}`);
      seen.set(key, n);
    }
    into.push(row);
  }
}

const COLLECTIONS = [
  ['models', 'slug'],
  ['benches', 'slug'],
  ['tags', 'tag'],
] as const;

/** One export from its pages: the first page's fields, every page's models, benches and tags. */
export function mergeExportPages(pages: readonly ApiResponse[], path: string): unknown {
  const merged: Record<string, unknown> = {};
  const seenBy: Record<string, Map<string, number>> = {};
  pages.forEach((res, i) => {
    const json = parsePage(res, path, i + 1);
    if (json === null || typeof json !== 'object' || Array.isArray(json)) throw invalid(`${path}: page ${i + 1} is not an export object`);
    const page = json as Record<string, unknown>;
    if (i === 0) Object.assign(merged, page, { models: [], benches: [], tags: [] });
    for (const [name, field] of COLLECTIONS) {
      if (page[name] === undefined) continue;
      if (!Array.isArray(page[name])) throw invalid(`${path}: page ${i + 1} has no ${name} array`);
      appendRows(merged[name] as unknown[], page[name], field, (seenBy[name] ??= new Map()), `${path} (${name})`, i + 1);
    }
  });
  return merged;
}

/** One list from the pages of a list endpoint. */
export function mergeListPages(pages: readonly ApiResponse[], path: string, field: 'slug' | 'tag'): unknown[] {
  const rows: unknown[] = [];
  const seen = new Map<string, number>();
  pages.forEach((res, i) => {
    const json = parsePage(res, path, i + 1);
    if (!Array.isArray(json)) throw invalid(`${path}: page ${i + 1} is not a list`);
    appendRows(rows, json, field, seen, path, i + 1);
  });
  return rows;
}
