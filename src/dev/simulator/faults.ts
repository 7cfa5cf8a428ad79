/**
 * Faults on demand. A queued fault applies to the next requests whose pathname it matches, in queue
 * order, `times` times. Two kinds: a *replacing* fault answers instead of the API (status,
 * rate_limited, quota_exceeded, redirect, drop); a *damaging* fault lets the API answer and then
 * spoils the delivery (slow-headers, cut-body, stall-body, invalid-json, body, headers).
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { monthlyResetMs, secondsUntil } from './limits.ts';
import { compress } from './encoding.ts';
import type { Answer, Fault, FaultAction } from './types.ts';

export type ReplacingFault = Extract<FaultAction, { type: 'status' | 'rate_limited' | 'quota_exceeded' | 'redirect' | 'drop' }>;
export type DamagingFault = Exclude<FaultAction, ReplacingFault>;

const REPLACING = new Set<FaultAction['type']>(['status', 'rate_limited', 'quota_exceeded', 'redirect', 'drop']);
export const isReplacing = (fault: FaultAction): fault is ReplacingFault => REPLACING.has(fault.type);

/** What `invalid-json` sends: the start of a JSON document that never becomes one. */
export const INVALID_JSON_BODY = '{"generatedAt": <not json>';

function fail(message: string): never {
  throw new TypeError(`addFault: ${message}`);
}

const isCount = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0;

function checkHeaders(headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
  }
}

/** Refuse a fault that could not be sent, at the test line that queued it rather than mid-request. */
export function checkFault(fault: Fault): void {
  const times = fault.times ?? 1;
  if (!(times === Infinity || (Number.isInteger(times) && times >= 1))) fail('times must be a whole number >= 1 (or Infinity)');
  switch (fault.type) {
    case 'status':
      if (!Number.isInteger(fault.status) || fault.status < 200 || fault.status > 599) fail('status must be 200-599');
      return checkHeaders(fault.headers);
    case 'rate_limited':
      if (fault.retryAfter !== undefined && !isCount(fault.retryAfter)) fail('retryAfter must be whole seconds');
      return;
    case 'quota_exceeded':
      if (fault.resetAt !== undefined && !isCount(fault.resetAt)) fail('resetAt must be Unix seconds');
      return;
    case 'slow-headers':
      if (!isCount(fault.delayMs)) fail('delayMs must be whole milliseconds');
      return;
    case 'cut-body':
    case 'stall-body':
      if (!isCount(fault.afterBytes)) fail('afterBytes must be a whole number of bytes');
      return;
    case 'redirect':
      if (fault.status !== undefined && (!Number.isInteger(fault.status) || fault.status < 300 || fault.status > 399)) fail('redirect status must be 3xx');
      return checkHeaders({ location: fault.location });
    case 'headers':
      return checkHeaders(fault.headers);
    case 'body':
      if (fault.encoding !== undefined && fault.encoding !== 'gzip' && fault.encoding !== 'br') fail('encoding must be gzip or br');
      return;
    case 'invalid-json':
    case 'drop':
      return;
  }
}

function matches(path: string | RegExp | undefined, pathname: string): boolean {
  if (path === undefined) return true;
  // `search` ignores a global RegExp's lastIndex, so a /g pattern matches every time.
  return typeof path === 'string' ? pathname.startsWith(path) : pathname.search(path) !== -1;
}

export class FaultQueue {
  #queue: { fault: Fault; left: number }[] = [];

  add(fault: Fault): void {
    checkFault(fault);
    this.#queue.push({ fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.#queue = [];
  }

  /** Consumes one use of the first queued fault matching `pathname`. */
  take(pathname: string): Fault | undefined {
    const index = this.#queue.findIndex((entry) => matches(entry.fault.path, pathname));
    const entry = this.#queue[index];
    if (entry === undefined) return undefined;
    if (--entry.left <= 0) this.#queue.splice(index, 1);
    return entry.fault;
  }
}

export function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer of a replacing fault other than `drop`: only what the fault describes, no limit headers. */
export function faultAnswer(fault: Exclude<ReplacingFault, { type: 'drop' }>, now: number): Answer {
  switch (fault.type) {
    case 'status': {
      const headers = { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...lowercased(fault.headers) };
      if (fault.body !== undefined) return { status: fault.status, headers, body: Buffer.from(fault.body, 'utf8') };
      const error = {
        ...(fault.code !== undefined ? { code: fault.code } : {}),
        message: fault.message ?? `Simulated HTTP ${fault.status}.`,
        ...(fault.hint !== undefined ? { hint: fault.hint } : {}),
      };
      return { status: fault.status, headers, body: jsonBody({ error }) };
    }
    case 'rate_limited': {
      const retryAfter = fault.retryAfter ?? 1;
      return {
        status: 429,
        headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', 'retry-after': String(retryAfter) },
        body: jsonBody({
          error: { code: 'rate_limited', message: 'Per-minute rate limit exceeded.', hint: `Retry after ${retryAfter} s with exponential backoff.` },
        }),
      };
    }
    case 'quota_exceeded': {
      const resetAt = fault.resetAt ?? monthlyResetMs(now) / 1000;
      return {
        status: 429,
        headers: {
          'content-type': JSON_TYPE,
          'cache-control': 'no-store',
          'retry-after': String(secondsUntil(resetAt * 1000, now)),
          'x-quota-reset': String(resetAt),
        },
        body: jsonBody({ error: { code: 'quota_exceeded', message: 'Monthly quota exceeded.', hint: 'Wait for the monthly reset or upgrade the tier.' } }),
      };
    }
    case 'redirect':
      return { status: fault.status ?? 302, headers: { location: fault.location, 'cache-control': 'no-store' }, body: Buffer.alloc(0) };
  }
}

/** Headers without a Content-Encoding: a replaced body goes as it is unless the fault compresses it. */
const plain = (headers: Record<string, string>): Record<string, string> => {
  const { 'content-encoding': _, ...rest } = headers;
  return rest;
};

/** The normal answer with its body or headers spoiled; the delivery faults (slow, cut, stall) are the server's. */
export function damage(answer: Answer, fault: DamagingFault): Answer {
  switch (fault.type) {
    case 'invalid-json':
      return { ...answer, headers: plain(answer.headers), body: Buffer.from(INVALID_JSON_BODY, 'utf8') };
    case 'body': {
      const body = Buffer.isBuffer(fault.body) ? fault.body : Buffer.from(fault.body, 'utf8');
      if (!fault.encoding) return { ...answer, headers: plain(answer.headers), body };
      return { ...answer, headers: { ...answer.headers, 'content-encoding': fault.encoding }, body: compress(body, fault.encoding) };
    }
    case 'headers':
      return { ...answer, headers: { ...answer.headers, ...lowercased(fault.headers) } };
    default:
      return answer;
  }
}

export function lowercased(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}
