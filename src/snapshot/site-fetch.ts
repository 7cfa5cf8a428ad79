/**
 * GETs files of the mirror's own published site (SITE_URL, or STATE_URL's folder), for the restore
 * and for the build's look at the live manifest: the API client's
 * conventions without the API. Timeouts and the run's deadline bound every attempt, bodies are
 * capped as they stream in, redirects are followed by hand (https, or http on loopback only), and no
 * credential is ever sent: the site is public, and the API key is never offered to it.
 */
import { LazyAgent } from '../api/lazy-agent.ts';
import { MirrorError } from '../core/errors.ts';
import type { Deadline } from '../core/deadline.ts';
import type { ClientTuning } from '../api/settings.ts';
import { isAllowedApiUrl } from '../api/url.ts';
import { ACCEPT_ENCODING, readDecodedBody } from '../api/decode-body.ts';

const MAX_REDIRECTS = 5;
/** Answers worth another attempt: the host is briefly unwell or busy. */
const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);
/** Connection failures that mean nothing is published there (yet), rather than trouble on the way. */
const NOTHING_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND']);

/** `missing`: the site has no such file, or nothing is there; `bad`: what came is not what was asked for (too large, badly encoded). */
export type SiteAnswer = { status: 'ok'; body: Buffer; url: URL } | { status: 'missing'; why: string } | { status: 'bad'; why: string };

export interface SiteFetchOptions {
  tuning: ClientTuning;
  deadline: Deadline;
  /** For tests: the wait between attempts. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** What the files are fetched for, in a failure's line: `cannot <purpose>: <url>: …`. */
  purpose: string;
  /** What to do about a failure to reach the site (default: the next run tries again). */
  hint?: string | undefined;
}

/** What one attempt ended with: an answer, or a failure and whether another attempt may help. */
type Attempt = SiteAnswer | { status: 'failed'; error: MirrorError; retry: boolean };

const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return [e?.code, e?.cause?.code].find((c): c is string => typeof c === 'string');
};

export class SiteFetcher {
  readonly #agent: LazyAgent;
  readonly #options: SiteFetchOptions;

  constructor(options: SiteFetchOptions) {
    this.#options = options;
    const { tuning } = options;
    this.#agent = new LazyAgent({ connect: { timeout: tuning.connectTimeoutMs }, headersTimeout: tuning.headersTimeoutMs, bodyTimeout: tuning.bodyTimeoutMs });
  }

  /**
   * GET `url`: its body (at most `maxBytes` once decoded), or `missing` when the site answers that it
   * has no such file (404, 410, another refusal) or nothing answers at its address. Trouble on the
   * way (timeouts, 5xx, a cut body) is retried as the API's requests are, then thrown: exit 7 or 5.
   */
  async get(url: URL, maxBytes: number, { raw = false, onBytes }: { raw?: boolean; onBytes?: (received: number) => void } = {}): Promise<SiteAnswer> {
    const { tuning, deadline } = this.#options;
    let last: MirrorError | undefined;
    for (let attempt = 0; attempt <= tuning.retries; attempt++) {
      if (deadline.expired) throw last ?? deadline.error(`cannot ${this.#options.purpose} from ${url.origin}`);
      if (attempt > 0) {
        const wait = Math.min(tuning.retryMaxMs, tuning.retryBaseMs * 2 ** (attempt - 1));
        if (wait >= deadline.remainingMs()) break;
        await deadline.sleep(wait, this.#options.sleep);
      }
      const result = await this.#once(url, maxBytes, raw, onBytes);
      if (result.status !== 'failed') return result;
      last = result.error;
      if (!result.retry) break;
    }
    throw last!;
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  /** `raw`: the bytes as the file holds them (a .gz part), never decoded, even if a host labels them gzip-encoded; `onBytes`: the bytes received so far. */
  async #once(start: URL, maxBytes: number, raw: boolean, onBytes: ((received: number) => void) | undefined): Promise<Attempt> {
    const { tuning, deadline, purpose } = this.#options;
    // undici is loaded (the first time) before the request's own time starts.
    const { agent, request } = await this.#agent.get();
    const signal = AbortSignal.any([AbortSignal.timeout(tuning.requestTimeoutMs), deadline.signal]);
    let url = start;
    const failed = (kind: 'network' | 'gave-up', what: string, retry = true): Attempt => ({
      status: 'failed',
      retry,
      error: new MirrorError(kind, `cannot ${this.#options.purpose}: ${url.href}: ${what}`, {
        hint: this.#options.hint ?? 'the site may be briefly unavailable; nothing was written, and the next run tries again',
      }),
    });
    try {
      for (let hop = 0; ; hop++) {
        const res = await request(url, {
          method: 'GET',
          dispatcher: agent,
          signal,
          headers: { accept: '*/*', 'accept-encoding': raw ? 'identity' : ACCEPT_ENCODING, 'user-agent': 'ranking-mirror/0.1 (+restore)' },
        });
        const location = res.headers.location;
        if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
          await res.body.dump();
          const next = new URL(location, url);
          if (hop >= MAX_REDIRECTS) return failed('network', `more than ${MAX_REDIRECTS} redirects`, false);
          if (!isAllowedApiUrl(next)) return { status: 'missing', why: `it redirects to plain http outside loopback (${next.origin})` };
          url = next;
          continue;
        }
        if (res.statusCode !== 200) {
          await res.body.dump();
          if (RETRYABLE.has(res.statusCode)) return failed(res.statusCode >= 500 ? 'gave-up' : 'network', `HTTP ${res.statusCode}`);
          return { status: 'missing', why: `HTTP ${res.statusCode}` };
        }
        res.body.on('error', () => {});
        const encoding = res.headers['content-encoding'];
        const decoded = await readDecodedBody(res.body, {
          contentEncoding: !raw && typeof encoding === 'string' ? encoding : undefined,
          cap: maxBytes,
          strict: true,
          path: url.pathname,
          onWire: onBytes,
        });
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && decoded.wireBytes < declared)
          return failed('network', `the body was cut short (${decoded.wireBytes} of ${declared} bytes)`);
        return { status: 'ok', body: decoded.body, url };
      }
    } catch (err) {
      // The body passed its cap, or does not decode: the file is not what the manifest promised.
      if (err instanceof MirrorError && err.kind === 'invalid') return { status: 'bad', why: err.message };
      if (err instanceof MirrorError) return { status: 'failed', error: err, retry: err.kind === 'network' };
      if (deadline.expired) return { status: 'failed', error: deadline.error(`cannot ${purpose} from ${url.origin}`), retry: false };
      const code = codeOf(err);
      if (code && NOTHING_THERE.has(code)) return { status: 'missing', why: code === 'ENOTFOUND' ? 'its host name does not resolve' : 'nothing answers there' };
      if (signal.aborted) return failed('network', `no answer within RANKING_REQUEST_TIMEOUT_MS=${tuning.requestTimeoutMs} ms`);
      return failed('network', `the request failed${code ? ` (${code})` : ''}`);
    }
  }
}
