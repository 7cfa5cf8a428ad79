/** The simulator's public shapes; `index.ts` re-exports them for the rest of the project. */
import type { DetailChurn, LiveOptions } from './live.ts';

export type { DetailChurn, LiveOptions } from './live.ts';

/** Partner is "custom" in the contract; the simulator gives it fixed numbers (see TIER_LIMITS). */
export type Tier = 'starter' | 'pro' | 'enterprise' | 'partner';

export interface KeySpec {
  tier: Tier;
  /** Overrides the tier's per-minute ceiling. */
  ratePerMinute?: number;
  /** Overrides the tier's monthly quota. */
  monthlyQuota?: number;
  /** A revoked key is refused with 401 `key_revoked`. */
  revoked?: boolean;
}

export interface SimulatorOptions {
  /** The export JSON bytes; `/v1/export.json` serves exactly these, the list endpoints parse them once. */
  exportBody: string | Buffer;
  /** slug -> ModelDetail body for `/v1/models/{slug}`; a missing slug is synthesized from its summary with `scores: []`. */
  details?: Record<string, unknown>;
  /** Bearer key -> spec. */
  keys: Record<string, KeySpec>;
  /** In the export but hidden: 404 on detail lookup and absent from `/v1/models` and `/v1/best`. */
  hiddenSlugs?: string[];
  /** Default '127.0.0.1'; anything that is not loopback is refused. */
  host?: string;
  /** Default 0 (ephemeral). */
  port?: number;
  /** Clock in Unix ms, injectable for tests; default Date.now. */
  now?: () => number;
  /** What the real service may do between two looks: ranking refreshes, changing details, vanishing configurations. */
  live?: LiveOptions;
  /** Serve the announced cursor pagination: the export, /v1/tags, /v1/models and /v1/benches in pages of this many rows (per collection; fewer when `limit` asks fewer). */
  pageSize?: number;
  /** Answer the announced conditional requests: 304 when If-Modified-Since is at or after Last-Modified. */
  conditional?: boolean;
  /** Compress successful answers with gzip or br when the client's Accept-Encoding allows it. */
  compression?: boolean;
}

export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  /** The query string without its leading `?`. */
  query: string;
  /** The Bearer value as sent (valid or not); kept in memory for tests, never printed. */
  key: string | undefined;
  hadAuthorization: boolean;
  /** The request's If-Modified-Since and Accept-Encoding, as sent. */
  ifModifiedSince: string | undefined;
  acceptEncoding: string | undefined;
  /** 'fault' when no complete response was sent (drop, cut-body, stall-body). */
  status: number | 'fault';
  minuteBucket: number;
}

export interface KeyUsageView {
  /** Requests counted per calendar-minute bucket, floor(ms / 60000) -> count. */
  minuteCounts: Map<number, number>;
  /** Requests counted in the current UTC month. */
  monthUsed: number;
}

/** Where a fault applies: a string prefix or a RegExp on the pathname; `times` defaults to 1. */
export type FaultScope = { path?: string | RegExp; times?: number };

export type FaultAction =
  /** A JSON error body (without `code` when omitted), or the raw `body` when given. */
  | { type: 'status'; status: number; code?: string; message?: string; hint?: string; headers?: Record<string, string>; body?: string }
  /** 429 rate_limited with Retry-After (default 1 second). */
  | { type: 'rate_limited'; retryAfter?: number }
  /** 429 quota_exceeded with Retry-After and X-Quota-Reset (Unix seconds; default the real monthly reset). */
  | { type: 'quota_exceeded'; resetAt?: number }
  /** Wait before the status line, then answer normally. */
  | { type: 'slow-headers'; delayMs: number }
  /** Headers with the full Content-Length, `afterBytes` bytes of body, then the socket is destroyed. */
  | { type: 'cut-body'; afterBytes: number }
  /** Headers and `afterBytes` bytes of body, then silence until the client or close() gives up. */
  | { type: 'stall-body'; afterBytes: number }
  /** The normal status and headers with a body that is not JSON. */
  | { type: 'invalid-json' }
  /** The socket is destroyed without any response. */
  | { type: 'drop' }
  /** 302 (default) or another 3xx to `location`. */
  | { type: 'redirect'; location: string; status?: number }
  /** The normal status and headers with this body instead of the real one, sent compressed when `encoding` is given. */
  | { type: 'body'; body: string | Buffer; encoding?: 'gzip' | 'br' }
  /** The normal answer plus these headers (replacing any of the same name). */
  | { type: 'headers'; headers: Record<string, string> };

export type Fault = FaultScope & FaultAction;

export interface Simulator {
  /** Base address without `/v1`, e.g. 'http://127.0.0.1:43123'. */
  url: string;
  /** Closes the server and destroys open sockets (stalled responses included), promptly. */
  close(): Promise<void>;
  /** Queue a fault; the first queued fault matching a request's path is used, in order. */
  addFault(fault: Fault): void;
  clearFaults(): void;
  /** Swap the data served. `details` replaces the old ones; omitted means none (synthesized). */
  setExport(body: string | Buffer, details?: Record<string, unknown>): void;
  /** A ranking refresh now: every configuration's updatedAt (and the export's generatedAt) becomes the clock's time, with the live mode's churn. */
  refreshRankings(): void;
  /** Change details now: new submissions and vote flips, as the live mode's churn does. */
  changeDetails(churn: DetailChurn): void;
  /** Hide configurations from now on: 404 on detail lookup, absent from the lists; the export still carries them. */
  hide(slugs: string[]): void;
  /** The export as it is now (after ranking refreshes and changes), and the details. */
  current(): { exportBody: Buffer; details: Record<string, unknown> };
  /** Every request received, in order. */
  readonly requests: RequestLogEntry[];
  /** Resolves with the first request to `path` received, at once if one already was: a test waits for it, not for time. */
  received(path: string): Promise<RequestLogEntry>;
  /** The simulator's own counters for a key, as of the injected clock. */
  usage(key: string): KeyUsageView;
}

/** A complete HTTP answer before it is written; header names are lowercase. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
