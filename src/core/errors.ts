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

/**
 * Why a run stopped rather than lose the published history (its snapshot file with a year of history)
 * to a shorter one: a person decides (`--new-history`). The workflow's annotation and the job summary
 * are chosen by it, never by the message.
 */
export const HISTORY_STOPS = ['checksum', 'store-version', 'damaged', 'key-text', 'shorter'] as const;
export type HistoryStop = (typeof HISTORY_STOPS)[number];

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
  /** The run stopped to keep the published history, and why. */
  historyStop?: HistoryStop;
}

export class MirrorError extends Error {
  readonly kind: FailureKind;
  readonly apiCode: string | undefined;
  readonly hint: string | undefined;
  readonly status: number | undefined;
  readonly historyStop: HistoryStop | undefined;

  constructor(kind: FailureKind, message: string, details: MirrorErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.name = 'MirrorError';
    this.kind = kind;
    this.apiCode = details.apiCode;
    this.hint = details.hint;
    this.status = details.status;
    this.historyStop = details.historyStop;
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

/**
 * What a command prints when it ends on a failure, and its exit code: a MirrorError's one line; else
 * a bug, in one line saying what failed and what was kept, then its stack for whoever fixes it.
 */
export function failureLines(err: unknown, what: string, kept: string): { lines: string[]; code: number } {
  if (err instanceof MirrorError) return { lines: [err.toLine()], code: err.exitCode };
  const first = String((err as Error)?.message ?? err).split('\n')[0];
  return { lines: [`error: ${what} failed: ${first} (exit 1; ${kept})`, String((err as Error)?.stack ?? '')], code: EXIT_CODES.internal };
}
