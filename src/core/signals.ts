/**
 * Ctrl-C and SIGTERM end a command through process.exit, so the cleanup registered on 'exit'
 * (temporary files, the lock, a half-written build) still runs.
 */
export function exitOnSignals(): void {
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
}
