/**
 * An overall deadline for one phase of a run. Per-request timeouts bound one attempt; this bounds
 * the sum of attempts, retry waits and pacing waits, so no answer (a body dripping a byte every few
 * seconds, a rate limit that never refills) can keep a scheduled run going for hours.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { MirrorError } from './errors.ts';
import { positiveNumber, type Env } from './env.ts';

export interface Deadlines {
  /** Getting the export: every request, retry and wait of it. */
  exportMs: number;
  /** The `--details` crawl, which starts once the export is stored. */
  detailsMs: number;
}

export const DEFAULT_DEADLINES: Deadlines = { exportMs: 20 * 60_000, detailsMs: 60 * 60_000 };

export function readDeadlines(env: Env): Deadlines {
  return {
    exportMs: positiveNumber(env, 'RANKING_DEADLINE_MS', DEFAULT_DEADLINES.exportMs),
    detailsMs: positiveNumber(env, 'RANKING_DETAILS_DEADLINE_MS', DEFAULT_DEADLINES.detailsMs),
  };
}

export class Deadline {
  readonly #at: number;
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  readonly #errors = new WeakSet<MirrorError>();
  /** Why the phase was ended before its deadline, if it was. */
  #stoppedBy: string | undefined;

  readonly ms: number;
  readonly setting: string;

  /** `setting` names the variable that sets it, so a message can say which limit was reached. */
  constructor(ms: number, setting: string) {
    this.ms = ms;
    this.setting = setting;
    this.#at = Date.now() + ms;
    this.#timer = setTimeout(() => this.#controller.abort(), ms);
    // A deadline alone must not keep the process alive.
    this.#timer.unref();
  }

  /** Aborts when the deadline passes. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get expired(): boolean {
    return this.#controller.signal.aborted || Date.now() >= this.#at;
  }

  remainingMs(): number {
    return Math.max(0, this.#at - Date.now());
  }

  /** Ends the phase now, before its deadline (a signal asked the run to stop): its waits end and no request follows. */
  stop(why: string): void {
    this.#stoppedBy ??= why;
    this.#controller.abort();
  }

  /** What happened, for a message: `the deadline RANKING_DEADLINE_MS=1200000 ms passed`, or `stopped by SIGTERM`. */
  describe(): string {
    return this.#stoppedBy ? `stopped by ${this.#stoppedBy}` : `the deadline ${this.setting}=${this.ms} ms passed`;
  }

  /**
   * Waits `ms`, or until the deadline, whichever comes first. The timer is cancelled at the deadline
   * so it cannot keep the process alive; `sleep` (a test's clock) replaces the timer.
   */
  async sleep(ms: number, sleep?: (ms: number) => Promise<void>): Promise<void> {
    if (this.expired) return;
    const signal = this.#controller.signal;
    if (!sleep) return wait(ms, undefined, { signal }).catch(() => undefined);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([sleep(ms), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort!);
    }
  }

  /** The failure to throw when the deadline cut a request short: a timeout, so exit 7. */
  error(what: string): MirrorError {
    const error = new MirrorError('network', `${what}: ${this.describe()}`, {
      hint: this.#stoppedBy ? 'the run was asked to stop' : `raise ${this.setting} if the API is just slow; the previous snapshot is kept`,
    });
    this.#errors.add(error);
    return error;
  }

  /** Whether `error` is this deadline's own. */
  caused(error: unknown): boolean {
    return error instanceof MirrorError && this.#errors.has(error);
  }

  /** Stops the timer once the phase is over. */
  dispose(): void {
    clearTimeout(this.#timer);
  }
}
