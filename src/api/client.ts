/**
 * The only code that talks to the API: GET with a Bearer key through undici, explicit timeouts, a
 * body-size cap, bounded retries, and every failure turned into a MirrorError of one kind.
 */
import { LazyAgent, type Http } from './lazy-agent.ts';
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorBodySchema, type ErrorBody } from './schema.ts';
import { MirrorError } from '../core/errors.ts';
import { isAllowedApiUrl } from './url.ts';
import { describeInstant, parseRetryAfter } from './http-dates.ts';
import { createRedactor } from '../core/redact.ts';
import type { Deadline } from '../core/deadline.ts';
import { ACCEPT_ENCODING, readDecodedBody } from './decode-body.ts';
import { now as clockNow } from '../core/clock.ts';

export { parseRetryAfter } from './http-dates.ts';

export interface ClientOptions {
  /** Base address without `/v1`, already checked by `isAllowedApiUrl`. */
  baseUrl: URL;
  key: string;
  connectTimeoutMs: number;
  /** Longest wait for the status line and headers. */
  headersTimeoutMs: number;
  /** Longest silence while the body streams in (a stalled body). */
  bodyTimeoutMs: number;
  /** Longest time for one whole request, body included. */
  requestTimeoutMs: number;
  maxBytes: number;
  /** Attempts after the first, for `rate_limited`, 5xx and connection failures. */
  retries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  onEvent?: (event: ClientEvent) => void;
  /** Redirects one request follows (default 5); with 0 a redirect is an answer of its own, each hop being one more request. */
  maxRedirects?: number;
  /** Bounds every attempt and wait of every request together; none when absent. */
  deadline?: Deadline | undefined;
  /** For tests: jitter source and clock. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export type ClientEvent =
  | { type: 'request'; path: string; attempt: number }
  | { type: 'progress'; path: string; received: number; total: number | undefined }
  | { type: 'retry'; path: string; attempt: number; waitMs: number; reason: string }
  | { type: 'redirect'; from: string; to: string; withKey: boolean };

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** The body, decoded (gzip, br) and within the size cap. */
  body: Buffer;
  /** Bytes of the body on the wire, before decoding. */
  wireBytes: number;
  /** Where the body finally came from, after redirects. */
  url: URL;
}

/** Options of one GET. */
export interface GetOptions {
  /** Sends If-Modified-Since with this time (Unix ms, formatted here as an HTTP-date); a 304 then resolves. */
  ifModifiedSince?: number | undefined;
}

const MAX_REDIRECTS = 5;
/** Statuses worth another attempt: the origin or a gateway in front of it is briefly unwell. */
const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);
/** Error bodies are small; a larger one is read only this far. */
const MAX_ERROR_BODY = 64 * 1024;

/** A failure of one attempt, with whether another attempt may help and how long the server asks us to wait. */
interface AttemptFailure {
  error: MirrorError;
  retryable: boolean;
  retryAfterMs?: number;
}

function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const DAY_MS = 86_400_000;

/** When the quota resets, from `X-Quota-Reset` (Unix seconds) if it names a plausible time; never throws. */
export function describeReset(epochSeconds: string | undefined, now = clockNow()): string {
  const ms = epochSeconds !== undefined && /^\d{1,12}$/.test(epochSeconds.trim()) ? Number(epochSeconds.trim()) * 1000 : NaN;
  // A monthly reset lies within about a month; microseconds, 1e20 or garbage fall outside.
  if (!(ms > now - DAY_MS && ms < now + 400 * DAY_MS)) return 'when the monthly quota resets (00:00 UTC on the 1st)';
  return `at ${describeInstant(ms)} (X-Quota-Reset)`;
}

function readErrorBody(body: Buffer): ErrorBody | undefined {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

/** The terminal-safe first line of an API-supplied string; redacted before it is cut, so a cut cannot split an echoed key. */
function clean(text: string | undefined, redact: (text: string) => string): string | undefined {
  if (text === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  return (
    redact(text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '))
      .trim()
      .slice(0, 300) || undefined
  );
}

/** Decides, once, what a non-2xx answer means. Branches on `error.code`, never on `error.message`. */
export function classifyResponse(res: ApiResponse, path: string, redact: (text: string) => string = (t) => t): AttemptFailure {
  const api = readErrorBody(res.body);
  const apiCode = clean(api?.code, redact);
  const apiHint = clean(api?.hint, redact);
  const details = { apiCode, status: res.status };
  const said = apiCode ? '' : ' (no error.code in the body)';
  switch (res.status) {
    case 401:
      return {
        retryable: false,
        error: new MirrorError('auth', `the API refused the key for ${path} (401)${said}`, {
          ...details,
          hint: apiHint ?? 'check RANKING_API_KEY; a lost or revoked key is replaced in the web profile',
        }),
      };
    case 402:
      return {
        retryable: false,
        error: new MirrorError('auth', `the API asks for payment for ${path} (402)${said}`, {
          ...details,
          hint: apiHint ?? "check the key's subscription in the web profile",
        }),
      };
    case 403:
      return {
        retryable: false,
        error: new MirrorError(
          'auth',
          apiCode === 'tier_forbidden' ? `this key's tier may not use ${path} (403)` : `the API forbids ${path} for this key (403)${said}`,
          {
            ...details,
            hint: apiHint ?? (apiCode === 'tier_forbidden' ? 'the bulk export needs a Pro or Partner key' : 'check the key and its tier in the web profile'),
          },
        ),
      };
    case 404:
      return {
        retryable: false,
        error: new MirrorError('usage', `${path} was not found at ${res.url.origin} (404)${said}; check RANKING_API_URL (the base address, without /v1)`, {
          ...details,
          hint: apiHint,
        }),
      };
    case 429: {
      const retryAfterMs = parseRetryAfter(res.headers['retry-after']);
      if (apiCode === 'quota_exceeded') {
        return {
          retryable: false,
          error: new MirrorError('quota', `the monthly quota of this key is used up; it resets ${describeReset(res.headers['x-quota-reset'])}`, {
            ...details,
            hint: apiHint ?? 'wait for the reset or ask for a larger quota; retrying does not help',
          }),
        };
      }
      const what = apiCode === 'rate_limited' ? 'rate limited' : `refused with 429 and an unknown code${said}`;
      return {
        retryable: true,
        retryAfterMs,
        error: new MirrorError('gave-up', `${path}: ${what}`, { ...details, hint: apiHint ?? 'run again in a minute' }),
      };
    }
    default: {
      if (RETRYABLE_STATUSES.has(res.status)) {
        return {
          retryable: true,
          retryAfterMs: parseRetryAfter(res.headers['retry-after']),
          error: new MirrorError('gave-up', `${path}: the API answered ${res.status}`, {
            ...details,
            hint: apiHint ?? 'the API is having trouble; the next scheduled run will try again',
          }),
        };
      }
      return {
        retryable: false,
        error: new MirrorError('invalid', `${path}: unexpected HTTP ${res.status}${said}`, {
          ...details,
          hint: apiHint ?? 'check RANKING_API_URL; nothing was written',
        }),
      };
    }
  }
}

type Timeouts = Pick<ClientOptions, 'connectTimeoutMs' | 'headersTimeoutMs' | 'bodyTimeoutMs' | 'requestTimeoutMs'>;

/** A timeout's message names the setting that ran out, so the maintainer knows which one to raise. */
const TIMEOUT_MESSAGES: Record<string, (t: Timeouts) => string> = {
  UND_ERR_CONNECT_TIMEOUT: (t) => `could not connect within RANKING_CONNECT_TIMEOUT_MS=${t.connectTimeoutMs} ms`,
  UND_ERR_HEADERS_TIMEOUT: (t) => `no response headers within RANKING_HEADERS_TIMEOUT_MS=${t.headersTimeoutMs} ms`,
  UND_ERR_BODY_TIMEOUT: (t) => `the response body stalled: nothing received for RANKING_BODY_TIMEOUT_MS=${t.bodyTimeoutMs} ms`,
};

const NETWORK_MESSAGES: Record<string, string> = {
  UND_ERR_SOCKET: 'the connection dropped',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the response body was cut short',
  UND_ERR_ABORTED: 'the request took too long and was aborted',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

function classifyThrown(err: unknown, path: string, timeouts: Timeouts): AttemptFailure {
  if (err instanceof MirrorError) return { error: err, retryable: err.kind === 'network' };
  const e = err as { code?: unknown; name?: string; cause?: { code?: unknown } };
  // Only string codes: a DOMException's numeric `code` (23 for a timeout) says nothing to a maintainer.
  const code = [e?.code, e?.cause?.code].find((c): c is string => typeof c === 'string');
  const timeout = code ? TIMEOUT_MESSAGES[code] : undefined;
  const what = timeout ? timeout(timeouts) : ((code && NETWORK_MESSAGES[code]) ?? 'the request failed');
  return {
    retryable: true,
    error: new MirrorError('network', `${path}: ${what}${code && !timeout ? ` (${code})` : ''}`, {
      hint: 'check the network and RANKING_API_URL; the previous snapshot is kept',
      cause: err,
    }),
  };
}

export class ApiClient {
  readonly #options: ClientOptions;
  readonly #agent: LazyAgent;
  readonly #random: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #redact: (text: string) => string;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#redact = createRedactor([options.key]);
    this.#agent = new LazyAgent({
      connect: { timeout: options.connectTimeoutMs },
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
    });
    this.#random = options.random ?? Math.random;
    const sleep = options.sleep;
    const { deadline } = options;
    this.#sleep = deadline ? (ms) => deadline.sleep(ms, sleep) : (sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))));
  }

  /** Wait before attempt `attempt + 1`: exponential with jitter, never longer than the server's Retry-After. */
  backoffMs(attempt: number, retryAfterMs: number | undefined): number {
    const { retryBaseMs, retryMaxMs } = this.#options;
    const exp = Math.min(retryMaxMs, retryBaseMs * 2 ** attempt);
    const jittered = exp / 2 + this.#random() * (exp / 2);
    return Math.round(retryAfterMs === undefined ? jittered : Math.min(jittered, retryAfterMs));
  }

  /**
   * GET `{baseUrl}{path}`. Resolves with a 2xx response; anything else throws a MirrorError after
   * the retries its kind allows.
   */
  async get(path: string, options: GetOptions = {}): Promise<ApiResponse> {
    const { retries, deadline } = this.#options;
    let failure: AttemptFailure | undefined;
    let attempts = 0;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (deadline?.expired) {
        // No attempt after the deadline; the last failure (if any) says what kept the run waiting.
        if (!failure) throw deadline.error(path);
        break;
      }
      this.#options.onEvent?.({ type: 'request', path, attempt });
      attempts++;
      let res: ApiResponse | undefined;
      try {
        res = await this.#once(path, options);
      } catch (err) {
        failure = classifyThrown(err, path, this.#options);
      }
      // Classified outside the try: nothing in reading an answer may turn its failure into a network error.
      if (res) {
        if (res.status >= 200 && res.status < 300) return res;
        // "Not modified" is an answer only to the question asked.
        if (res.status === 304 && options.ifModifiedSince !== undefined) return res;
        failure = classifyResponse(res, path, this.#redact);
      }
      if (!failure!.retryable || attempt === retries || deadline?.expired) break;
      const waitMs = this.backoffMs(attempt, failure!.retryAfterMs);
      if (deadline && waitMs >= deadline.remainingMs()) break;
      this.#options.onEvent?.({ type: 'retry', path, attempt: attempt + 1, waitMs, reason: failure!.error.message });
      await this.#sleep(waitMs);
    }
    const { error, retryable } = failure!;
    if (!retryable || deadline?.caused(error)) throw error;
    const why = deadline?.expired ? deadline.describe() : `its wait would pass the deadline ${deadline?.setting}=${deadline?.ms} ms`;
    const cut = deadline && attempts <= retries ? `; no attempt ${attempts + 1}: ${why}` : '';
    throw new MirrorError(error.kind, `gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${error.message}${cut}`, {
      apiCode: error.apiCode,
      hint: error.hint,
      status: error.status,
      cause: error,
    });
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  /** One attempt: follows redirects by hand so the key never leaves its origin and never goes out in clear text. */
  async #once(path: string, options: GetOptions): Promise<ApiResponse> {
    const { requestTimeoutMs, deadline } = this.#options;
    // undici is loaded (the first time) before the request's own time starts.
    const http = await this.#agent.get();
    const timeout = AbortSignal.timeout(requestTimeoutMs);
    const signal = deadline ? AbortSignal.any([timeout, deadline.signal]) : timeout;
    try {
      return await this.#follow(http, path, signal, options);
    } catch (err) {
      if (!signal.aborted) throw err;
      // Undici reports an abort as the signal's reason (a DOMException); say which limit it was.
      if (deadline?.expired) throw deadline.error(path);
      throw new MirrorError('network', `${path}: the request took longer than RANKING_REQUEST_TIMEOUT_MS=${requestTimeoutMs} ms`, {
        hint: 'check the network and RANKING_API_URL; the previous snapshot is kept',
        cause: err,
      });
    }
  }

  async #follow({ agent, request }: Http, path: string, signal: AbortSignal, options: GetOptions): Promise<ApiResponse> {
    const { baseUrl, key } = this.#options;
    let url = new URL(path.replace(/^\//, ''), baseUrl.href.endsWith('/') ? baseUrl : new URL(`${baseUrl.href}/`));
    for (let hop = 0; ; hop++) {
      const withKey = url.origin === baseUrl.origin;
      const res = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: {
          accept: 'application/json',
          'accept-encoding': ACCEPT_ENCODING,
          'user-agent': 'ranking-mirror/0.1 (+static mirror)',
          ...(withKey ? { authorization: `Bearer ${key}` } : {}),
          // Formatted from a parsed time, never echoed from a stored header.
          ...(options.ifModifiedSince !== undefined ? { 'if-modified-since': new Date(options.ifModifiedSince).toUTCString() } : {}),
        },
      });
      const headers = headerRecord(res.headers);
      if (res.statusCode >= 300 && res.statusCode < 400 && headers.location) {
        await res.body.dump();
        const next = new URL(headers.location, url);
        const most = this.#options.maxRedirects ?? MAX_REDIRECTS;
        if (hop >= most) {
          throw new MirrorError(
            'network',
            most === 0 ? `${path}: the API redirects to ${next.origin} (${res.statusCode})` : `${path}: more than ${most} redirects`,
            {
              status: res.statusCode,
            },
          );
        }
        if (!isAllowedApiUrl(next)) {
          throw new MirrorError('usage', `${path}: refusing a redirect to ${next.protocol}//${next.host} (plain http outside loopback)`, {
            hint: 'the API must stay on https',
          });
        }
        this.#options.onEvent?.({ type: 'redirect', from: url.origin, to: next.origin, withKey: next.origin === baseUrl.origin });
        url = next;
        continue;
      }
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const { body, wireBytes } = await this.#readBody(res.body, headers, path, ok ? this.#options.maxBytes : MAX_ERROR_BODY, ok);
      return { status: res.statusCode, headers, body, wireBytes, url };
    }
  }

  async #readBody(
    stream: AsyncIterable<Buffer> & { destroy(err?: Error): void; on(event: 'error', listener: () => void): unknown },
    headers: Record<string, string>,
    path: string,
    cap: number,
    strict: boolean,
  ): Promise<{ body: Buffer; wireBytes: number }> {
    const declared = headers['content-length'] !== undefined ? Number(headers['content-length']) : undefined;
    const total = declared !== undefined && Number.isFinite(declared) ? declared : undefined;
    if (strict && total !== undefined && total > cap) {
      // Nothing will read the body: drop it without an unhandled 'error' event.
      stream.on('error', () => {});
      stream.destroy();
      throw new MirrorError('invalid', `${path}: the response is ${total} bytes, over the ${cap}-byte cap`, {
        hint: 'raise RANKING_MAX_BYTES if the export really is this large',
      });
    }
    let lastReport = 0;
    // A failed read leaves the stream to be destroyed; its late 'error' must not go unhandled.
    stream.on('error', () => {});
    const decoded = await readDecodedBody(stream, {
      contentEncoding: headers['content-encoding'],
      cap,
      strict,
      path,
      onWire: (received) => {
        if (strict && received - lastReport >= 256 * 1024) {
          lastReport = received;
          this.#options.onEvent?.({ type: 'progress', path, received, total });
        }
      },
    });
    if (strict) {
      this.#options.onEvent?.({ type: 'progress', path, received: decoded.wireBytes, total });
      if (total !== undefined && decoded.wireBytes < total) {
        throw new MirrorError('network', `${path}: the response body was cut short (${decoded.wireBytes} of ${total} bytes)`, {
          hint: 'a network or server failure; the next run will try again',
        });
      }
    }
    return { body: decoded.body, wireBytes: decoded.wireBytes };
  }
}
