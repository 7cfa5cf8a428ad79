/**
 * What the maintainer sees: a live progress line on a terminal, plain lines in CI and logs. Every
 * line passes through `redact`, so a secret cannot reach the output even by accident.
 */
import type { Writable } from 'node:stream';
import { createRedactor } from './redact.ts';

export interface Reporter {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  /** Bytes received of a total, redrawn in place on a terminal; silent otherwise. */
  progress(label: string, received: number, total: number | undefined): void;
  /** Times a stage and prints `label  1.23 s  (detail)` when it ends. */
  stage<T>(label: string, work: () => Promise<T> | T, detail?: (result: T) => string): Promise<T>;
}

export interface ReporterOptions {
  out?: Writable & { isTTY?: boolean };
  err?: Writable & { isTTY?: boolean };
  /** Draw progress in place; defaults to a TTY outside CI. */
  interactive?: boolean;
  /** Values that must never be printed (the API key). */
  secrets?: string[];
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export function createReporter(options: ReporterOptions = {}): Reporter {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const interactive = options.interactive ?? (Boolean(err.isTTY) && !process.env.CI);
  let progressShown = false;

  // The whole key, and any long fragment of it (an echo cut or spliced by a server or proxy).
  const redact = createRedactor(options.secrets ?? []);
  const clearProgress = () => {
    if (progressShown) err.write('\r\x1b[2K');
    progressShown = false;
  };
  const write = (stream: Writable, line: string) => {
    clearProgress();
    // Lines may quote the API; a control character must not steer the terminal.
    // eslint-disable-next-line no-control-regex
    stream.write(`${redact(line).replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '?')}\n`);
  };

  return {
    info: (line) => write(out, line),
    warn: (line) => write(err, `warning: ${line}`),
    error: (line) => write(err, line),
    progress(label, received, total) {
      if (!interactive) return;
      const of = total ? ` of ${formatBytes(total)} (${Math.floor((received / total) * 100)}%)` : '';
      err.write(`\r\x1b[2K${redact(label)}: ${formatBytes(received)}${of}`);
      progressShown = true;
    },
    async stage(label, work, detail) {
      const started = performance.now();
      const result = await work();
      const extra = detail ? `  (${detail(result)})` : '';
      write(out, `${label.padEnd(10)} ${formatSeconds(performance.now() - started).padStart(8)}${extra}`);
      return result;
    },
  };
}
