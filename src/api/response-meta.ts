/**
 * The response headers a snapshot keeps, each parsed and re-serialized: a value that does not parse
 * as what the contract says it is, is not kept (so an echoed Authorization header never reaches
 * the database). The raw values stay in memory only.
 */
import { formatHttpDate, parseHttpDate } from './http-dates.ts';

/** `v1`, and room for the versions to come; anything else is not a schema version. */
const SCHEMA_VERSION = /^v\d{1,3}$/;
/** 2000-01-01 and 2100-01-01 in Unix ms, as the schema bounds every timestamp. */
const MIN_MS = 946_684_800_000;
const MAX_MS = 4_102_444_800_000;

export function parseSchemaVersion(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text !== undefined && SCHEMA_VERSION.test(text) ? text : undefined;
}

/** `Last-Modified` as we write an HTTP-date, or undefined when it is not one. */
export function parseLastModified(value: string | undefined): string | undefined {
  return formatHttpDate(parseHttpDate(value));
}

/** `X-Computed-At`: Unix ms in the range the schema allows for any timestamp. */
export function parseComputedAt(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (text === undefined || !/^\d{1,15}$/.test(text)) return undefined;
  const ms = Number(text);
  return ms >= MIN_MS && ms <= MAX_MS ? ms : undefined;
}
