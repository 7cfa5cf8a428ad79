/**
 * Failures are values with a kind, decided once where they happen; the command line maps a kind
 * to the exit code of the contract (../shared/CONTRACT.md) and never parses a message.
 */
export type FailureKind =
  | 'usage' // missing key or URL, bad flag, wrong base address
  | 'auth' // 401, 402, 403
  | 'quota' // 429 quota_exceeded
  | 'gave-up' // retries exhausted on rate_limited or 5xx
  | 'invalid' // what the API sent is not a valid v1 export, or fails the sanity guard
  | 'network' // connection failure, timeout, body cut short
  | 'internal'; // the mirror's own failure: a build or integrity check, an unreadable or wrong-version snapshot file

export const EXIT_CODES: Record<FailureKind | 'ok', number> = {
  ok: 0,
  internal: 1,
  usage: 2,
  auth: 3,
  quota: 4,
  'gave-up': 5,
  invalid: 6,
  network: 7,
};

export interface MirrorErrorDetails {
  /** The API's `error.code`, when the failure came with one. */
  apiCode?: string;
  /** What the maintainer can do about it. */
  hint?: string;
  status?: number;
  cause?: unknown;
}

export class MirrorError extends Error {
  readonly kind: FailureKind;
  readonly apiCode: string | undefined;
  readonly hint: string | undefined;
  readonly status: number | undefined;

  constructor(kind: FailureKind, message: string, details: MirrorErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.name = 'MirrorError';
    this.kind = kind;
    this.apiCode = details.apiCode;
    this.hint = details.hint;
    this.status = details.status;
  }

  get exitCode(): number {
    return EXIT_CODES[this.kind];
  }

  /** The one line printed first on failure: what happened, the API's code, what to do. */
  toLine(): string {
    const code = this.apiCode ? ` [${this.apiCode}]` : '';
    const hint = this.hint ? ` — ${this.hint}` : '';
    return `error${code}: ${this.message}${hint}`;
  }
}
