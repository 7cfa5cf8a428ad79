/**
 * Ctrl-C (SIGINT) and SIGTERM end a command with the shell's code for the signal (130, 143)
 * through process.exit, so the cleanup registered on 'exit' (temporary files, the lock, a
 * half-written build) still runs. A phase that can stop cleanly (the details crawl, which then
 * stores what it fetched) registers a stop instead: the first signal asks it to stop, and the
 * command ends with the same code once it has; a second signal ends the process at once.
 */

/** The shell's convention: 128 + the signal's number. */
export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

/** How long a stopped phase may take to end the process before it is ended anyway. */
const STOP_GRACE_MS = 30_000;

/** A command stopped by a signal after it stored what it had: it exits with the signal's code. */
export class StoppedBySignal extends Error {
  readonly signal: StopSignal;
  constructor(signal: StopSignal, message: string) {
    super(message);
    this.signal = signal;
    this.name = 'StoppedBySignal';
  }

  get exitCode(): number {
    return SIGNAL_EXIT_CODES[this.signal];
  }
}

let stopper: ((signal: StopSignal) => void) | undefined;

export function exitOnSignals(): void {
  for (const signal of Object.keys(SIGNAL_EXIT_CODES) as StopSignal[]) {
    process.on(signal, () => {
      const stop = stopper;
      stopper = undefined;
      if (!stop) process.exit(SIGNAL_EXIT_CODES[signal]);
      // Only a backstop: unref'd, it ends nothing that ends by itself.
      setTimeout(() => process.exit(SIGNAL_EXIT_CODES[signal]), STOP_GRACE_MS).unref();
      stop(signal);
    });
  }
}

/**
 * Until the returned function is called, the first SIGINT or SIGTERM calls `stop` instead of
 * ending the process (in a command that called exitOnSignals; elsewhere it never fires).
 */
export function stopOnSignal(stop: (signal: StopSignal) => void): () => void {
  stopper = stop;
  return () => {
    if (stopper === stop) stopper = undefined;
  };
}
