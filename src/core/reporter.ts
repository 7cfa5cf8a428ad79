/**
 * What the maintainer sees: each stage's line, and the progress of long work, drawn in place on a
 * terminal and as sparse plain lines in CI and logs. Every line passes through `redact`, so a secret
 * cannot reach the output even by accident, and no control character can steer a terminal or a log viewer.
 */
import type { Writable } from 'node:stream';
import { createRedactor } from './redact.ts';

/** How far a long piece of work is. */
export interface ProgressState {
  /** Units done so far; undefined while there is nothing to count yet. */
  done?: number | undefined;
  /** Units in all, when known. */
  total?: number | undefined;
  /** What a unit is, in the plural (`pages`, `requests`); `bytes` reads as KB and MB. */
  unit?: string | undefined;
  /** What the work does now (`bundling`): a new phase is worth a line in a log. */
  phase?: string | undefined;
  /** Figures beside the count (the quota left), redrawn with it but never worth a line of their own. */
  detail?: string | undefined;
  /** False where units differ too much in cost for a rate and a time left to mean anything (the bench's steps). */
  rate?: boolean | undefined;
}

export interface Reporter {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  /**
   * The progress of the work under `label`, a stage's own label or a step of its own: redrawn in
   * place on a terminal; elsewhere a plain line at each tenth of the work or a new phase, at most one
   * every PLAIN_PROGRESS_EVERY_MS; nothing with `quiet`.
   */
  progress(label: string, state: ProgressState): void;
  /** Ends the progress of a step that is not a stage (a stage ends its own). */
  endProgress(label: string): void;
  /** Times a stage, draws its progress in place on a terminal, and prints `label  1.23 s  (detail)` when it ends. */
  stage<T>(label: string, work: () => Promise<T> | T, detail?: (result: T) => string): Promise<T>;
}

export interface ReporterOptions {
  out?: Writable & { isTTY?: boolean };
  err?: Writable & { isTTY?: boolean; columns?: number };
  /** Draw progress in place; defaults to a TTY outside CI. */
  interactive?: boolean;
  /** Values that must never be printed (the API key). */
  secrets?: string[];
  /** Only the stage lines, the warnings and the failures: no other line and no progress (`--quiet`). */
  quiet?: boolean;
  /** The clock progress is timed by, in ms; tests own theirs. */
  now?: () => number;
  /** Least time between two plain progress lines of one step; default PLAIN_PROGRESS_EVERY_MS (MIRROR_TEST_PROGRESS_EVERY_MS in tests). */
  plainEveryMs?: number;
  /** Runs `fn` in `ms` (by the clock of `now`), returning its cancel: a line held back is said when its time is up. Tests own theirs. */
  later?: (fn: () => void, ms: number) => () => void;
}

/** In a log, a step's progress is a line at each tenth of its work at most this often: sparse enough for a CI log, often enough to show it is alive. */
export const PLAIN_PROGRESS_EVERY_MS = 5_000;
/** On a terminal, the line is redrawn at most this often, and its clock ticks once a second. */
const REDRAW_MS = 100;
const TICK_MS = 1_000;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A duration as a person reads it: `42 s`, `3 min 05 s`, `1 h 12 min`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
/** The longest wait a Node timer takes; a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const laterByTimer = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** One step's progress and what its plain lines said last. */
interface Track {
  label: string;
  startedAt: number;
  state: ProgressState;
  base: ProgressBase | undefined;
  printedAt: number;
  printedTenth: number;
  printedPhase: string | undefined;
  /** Cancels the line held back until the step's next line may come. */
  held: (() => void) | undefined;
}

/** Where a step began to count: its rate is measured from there. */
export interface ProgressBase {
  at: number;
  done: number;
}

/** `12,560 of 25,118 pages (50%), 820 pages/s, about 15 s left; detail`: what a step's line says of its work. */
export function describeProgress(state: ProgressState, base: ProgressBase | undefined, now: number): string {
  const { done, total, unit = '', phase, detail } = state;
  const bytes = unit === 'bytes';
  const amount = (n: number) => (bytes ? formatBytes(n) : count(n));
  const parts: string[] = [];
  if (done !== undefined) {
    const of = total !== undefined && total > 0 ? ` of ${amount(total)}` : '';
    const pct = total !== undefined && total > 0 ? ` (${Math.min(100, Math.floor((done * 100) / total))}%)` : '';
    parts.push(`${amount(done)}${of}${bytes || !unit ? '' : ` ${unit}`}${pct}`);
    const seconds = base ? (now - base.at) / 1000 : 0;
    if (base && seconds >= 1 && done > base.done && state.rate !== false) {
      const rate = (done - base.done) / seconds;
      if (bytes) parts[0] += `, ${formatBytes(Math.round(rate))}/s`;
      else if (unit) parts[0] += `, ${rate >= 10 ? count(rate) : rate.toFixed(1)} ${unit}/s`;
      if (total !== undefined && total > done) parts[0] += `, about ${formatDuration(((total - done) / rate) * 1000)} left`;
    }
  }
  if (phase) parts.push(phase);
  if (detail) parts.push(detail);
  return parts.join('; ');
}

/** The test hook for the least time between plain progress lines (tests of a real process set 0: a line at each tenth). */
function plainEveryFromEnv(): number {
  const raw = process.env.MIRROR_TEST_PROGRESS_EVERY_MS;
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : PLAIN_PROGRESS_EVERY_MS;
}

/** What draws progress in place on a terminal: the step updated last, redrawn as its stage line will stand, its clock ticking once a second. */
function terminalLine(err: Writable & { columns?: number }, oneLine: (text: string) => string, now: () => number, tracks: Map<string, Track>) {
  let drawn: string | undefined;
  let drawnAt = -Infinity;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const clear = () => {
    if (drawn !== undefined) err.write('\r\x1b[2K');
    drawn = undefined;
  };
  /** Draws the step updated last: label, seconds so far, then how far it is. */
  const draw = (force = false) => {
    const track = [...tracks.values()].at(-1);
    if (!track) return;
    const at = now();
    if (!force && at - drawnAt < REDRAW_MS) return;
    const text = describeProgress(track.state, track.base, at);
    const seconds = `${Math.floor((at - track.startedAt) / 1000)} s`;
    let line = oneLine(`${track.label.padEnd(10)} ${seconds.padStart(8)}${text ? `  ${text}` : ''}`);
    // A line longer than the terminal wraps, and `\r` then redraws only its last row.
    if (err.columns && line.length >= err.columns) line = `${line.slice(0, Math.max(0, err.columns - 2))}…`;
    err.write(`\r\x1b[2K${line}`);
    drawn = track.label;
    drawnAt = at;
  };
  return {
    draw,
    clear,
    /** A step began: the clock ticks while any is under way. */
    started() {
      if (ticker) return;
      ticker = setInterval(() => draw(true), TICK_MS);
      ticker.unref();
    },
    /** A step ended: its line goes, and the clock stops with the last step. */
    ended(label: string) {
      if (drawn === label) clear();
      if (tracks.size === 0 && ticker) {
        clearInterval(ticker);
        ticker = undefined;
      }
    },
  };
}

/**
 * What writes progress in a log: a line when a new tenth of a step's work is done or a new phase
 * begins, but never sooner than `everyMs` after the step's last; a line held back is said when its
 * time is up, even if the work tells nothing more by then (a render busy loading its data).
 */
function plainLines(
  err: Writable,
  oneLine: (text: string) => string,
  now: () => number,
  everyMs: number,
  later: NonNullable<ReporterOptions['later']>,
  isCurrent: (track: Track) => boolean,
) {
  const print = (track: Track) => {
    const { done, total, phase } = track.state;
    const at = now();
    const tenth = done !== undefined && total !== undefined && total > 0 ? Math.floor((done * 10) / total) : track.printedTenth;
    const due = tenth > track.printedTenth || (phase !== undefined && phase !== track.printedPhase);
    if (!due) return;
    const wait = everyMs - (at - track.printedAt);
    if (wait > 0) {
      if (!track.held && wait <= LONGEST_TIMER_MS) {
        track.held = later(() => {
          track.held = undefined;
          if (isCurrent(track)) print(track);
        }, wait);
      }
      return;
    }
    track.held?.();
    track.held = undefined;
    err.write(`${oneLine(`${track.label} at ${formatDuration(at - track.startedAt)}: ${describeProgress(track.state, track.base, at)}`)}\n`);
    track.printedAt = at;
    track.printedTenth = Math.max(tenth, track.printedTenth);
    track.printedPhase = phase;
  };
  return print;
}

export function createReporter(options: ReporterOptions = {}): Reporter {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const quiet = options.quiet ?? false;
  const interactive = !quiet && (options.interactive ?? (Boolean(err.isTTY) && !process.env.CI));
  const now = options.now ?? (() => performance.now());

  // The whole key, and any long fragment of it (an echo cut or spliced by a server or proxy).
  const redact = createRedactor(options.secrets ?? []);
  // Lines may quote the API; a control character must not steer the terminal, nor show in a log viewer.
  // eslint-disable-next-line no-control-regex
  const clean = (text: string) => redact(text).replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '?');
  /** A progress line is one line: a line break in it would leave a row the next redraw cannot reach. */
  const oneLine = (text: string) => clean(text).replace(/\n/g, ' ');

  /** The steps under way, the one updated last at the end. */
  const tracks = new Map<string, Track>();
  const terminal = terminalLine(err, oneLine, now, tracks);
  const printPlain = plainLines(
    err,
    oneLine,
    now,
    options.plainEveryMs ?? plainEveryFromEnv(),
    options.later ?? laterByTimer,
    (t) => tracks.get(t.label) === t,
  );
  const draw = (force = false) => interactive && terminal.draw(force);
  const write = (stream: Writable, line: string) => {
    terminal.clear();
    stream.write(`${clean(line)}\n`);
    draw(true);
  };
  const begin = (label: string): Track => {
    const at = now();
    const track: Track = { label, startedAt: at, state: {}, base: undefined, printedAt: at, printedTenth: 0, printedPhase: undefined, held: undefined };
    tracks.set(label, track);
    if (interactive) terminal.started();
    return track;
  };
  const end = (label: string) => {
    tracks.get(label)?.held?.();
    tracks.delete(label);
    terminal.ended(label);
  };

  return {
    info: (line) => {
      if (!quiet) write(out, line);
    },
    warn: (line) => write(err, `warning: ${line}`),
    error: (line) => write(err, line),
    progress(label, state) {
      if (quiet) return;
      let track = tracks.get(label);
      if (track) tracks.delete(label); // the step updated last is the one drawn
      track ??= begin(label);
      tracks.set(label, track);
      const newPhase = 'phase' in state && state.phase !== track.state.phase;
      track.state = { ...track.state, ...state };
      if (track.base === undefined && track.state.done !== undefined) track.base = { at: now(), done: track.state.done };
      if (interactive) draw(newPhase);
      else printPlain(track);
    },
    endProgress: end,
    async stage<T>(label: string, work: () => Promise<T> | T, detail?: (result: T) => string): Promise<T> {
      const started = performance.now();
      if (!quiet) {
        begin(label);
        draw(true);
      }
      let result: T;
      try {
        result = await work();
      } finally {
        end(label);
      }
      const extra = detail ? `  (${detail(result)})` : '';
      write(out, `${label.padEnd(10)} ${formatSeconds(performance.now() - started).padStart(8)}${extra}`);
      return result;
    },
  };
}
