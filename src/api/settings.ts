/**
 * The snapshot step's settings of the API: its address, the key and the client's tuning. The key is
 * read here and handed to the client only; it is never printed, logged or stored.
 */
import { constants } from 'node:buffer';
import { MirrorError } from '../core/errors.ts';
import { positiveNumber, type Env } from '../core/env.ts';
import type { ClientOptions } from './client.ts';
import { isAllowedApiUrl } from './url.ts';

/** `<prefix>_live_` followed by 64 hex characters, as the API's changelog describes a key. */
const KEY_SHAPE = /^[A-Za-z0-9]+_live_[0-9a-f]{64}$/;

export interface ApiSettings {
  baseUrl: URL;
  key: string;
  warnings: string[];
}

/** Why `key` is not shaped as the changelog describes a key, in words that do not reveal it; undefined when it is. */
export function keyShapeProblem(key: string): string | undefined {
  if (KEY_SHAPE.test(key)) return undefined;
  const live = /^([A-Za-z0-9]*)_live_(.*)$/.exec(key);
  if (!live) return `it has no _live_ (it is ${key.length} characters long)`;
  if (live[1] === '') return 'nothing comes before _live_';
  const tail = live[2]!;
  if (!/^[0-9a-fA-F]*$/.test(tail)) return 'what follows _live_ holds characters other than hex digits';
  if (/[A-F]/.test(tail)) return 'what follows _live_ holds upper-case hex digits';
  return `what follows _live_ is ${tail.length} characters long, not 64`;
}

/** RANKING_API_KEY as the client sends it: refused when missing or unsendable in a header; another shape is a warning. */
export function readApiKey(env: Env): { key: string; warnings: string[] } {
  const key = env.RANKING_API_KEY?.trim();
  if (!key) {
    throw new MirrorError('usage', 'RANKING_API_KEY is not set', {
      hint: 'put the Partner key in the environment or in a git-ignored .env file, or use --from-file PATH',
    });
  }
  // A header value cannot carry these; say so without echoing the key.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new MirrorError('usage', 'RANKING_API_KEY contains spaces or characters that cannot be sent in a header', {
      hint: 'copy the key again from the web profile',
    });
  }
  return { key, warnings: keyShapeProblem(key) ? ['RANKING_API_KEY does not look like <prefix>_live_<64 hex characters>; trying it anyway'] : [] };
}

/** RANKING_API_URL as the client uses it: https (plain http on loopback), no credentials, query or fragment, without /v1. */
export function readApiBaseUrl(env: Env): { baseUrl: URL; warnings: string[] } {
  const rawUrl = env.RANKING_API_URL?.trim();
  if (!rawUrl) {
    throw new MirrorError('usage', 'RANKING_API_URL is not set', {
      hint: 'set it to the API base address (for example https://ranking.example.org), or use --from-file PATH',
    });
  }
  const warnings: string[] = [];
  let baseUrl: URL;
  try {
    baseUrl = new URL(rawUrl);
  } catch {
    throw new MirrorError('usage', 'RANKING_API_URL is not a URL', { hint: 'for example https://ranking.example.org' });
  }
  if (!isAllowedApiUrl(baseUrl)) {
    throw new MirrorError('usage', `RANKING_API_URL must use https (plain http is allowed only for loopback hosts), got ${baseUrl.protocol}//${baseUrl.host}`, {
      hint: 'the key must never cross a network in clear text',
    });
  }
  if (baseUrl.username || baseUrl.password || baseUrl.search || baseUrl.hash) {
    throw new MirrorError('usage', 'RANKING_API_URL must be a plain base address (no credentials, query or fragment)');
  }
  const path = baseUrl.pathname.replace(/\/+$/, '');
  if (/\/v1$/.test(path)) {
    warnings.push('RANKING_API_URL ends with /v1; the base address goes without it, so /v1 was removed');
    baseUrl.pathname = path.slice(0, -3) || '/';
  }
  return { baseUrl, warnings };
}

export function readApiSettings(env: Env): ApiSettings {
  // A missing address is said first, then anything about the key, then what is wrong with the address.
  if (!env.RANKING_API_URL?.trim()) readApiBaseUrl(env);
  const key = readApiKey(env);
  const url = readApiBaseUrl(env);
  return { baseUrl: url.baseUrl, key: key.key, warnings: [...key.warnings, ...url.warnings] };
}

/**
 * The largest body or input file the snapshot step can take: its text must fit in one JavaScript
 * string to be parsed as JSON (about 512 MiB in Node), and UTF-8 never decodes to more characters
 * than it has bytes. A larger RANKING_MAX_BYTES is refused up front, not after a long read.
 */
export const MAX_INPUT_BYTES = constants.MAX_STRING_LENGTH;

export type ClientTuning = Omit<ClientOptions, 'baseUrl' | 'key' | 'onEvent' | 'random' | 'sleep' | 'deadline'>;

/** Timeouts, size cap and retry policy; each has a documented environment override (README). */
export function readClientTuning(env: Env): ClientTuning {
  return {
    connectTimeoutMs: positiveNumber(env, 'RANKING_CONNECT_TIMEOUT_MS', 10_000),
    headersTimeoutMs: positiveNumber(env, 'RANKING_HEADERS_TIMEOUT_MS', 30_000),
    bodyTimeoutMs: positiveNumber(env, 'RANKING_BODY_TIMEOUT_MS', 30_000),
    requestTimeoutMs: positiveNumber(env, 'RANKING_REQUEST_TIMEOUT_MS', 600_000),
    maxBytes: positiveNumber(env, 'RANKING_MAX_BYTES', 256 * 1024 * 1024, {
      max: MAX_INPUT_BYTES,
      maxReason: 'the longest text Node can parse as JSON',
    }),
    retries: positiveNumber(env, 'RANKING_RETRIES', 5),
    retryBaseMs: positiveNumber(env, 'RANKING_RETRY_BASE_MS', 1_000),
    retryMaxMs: positiveNumber(env, 'RANKING_RETRY_MAX_MS', 30_000),
  };
}
