/** What the maintainer sees: progress drawn in place on a terminal, sparse plain lines elsewhere, nothing with --quiet, no secrets. */
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { createReporter, describeProgress, formatDuration, PLAIN_PROGRESS_EVERY_MS, type ReporterOptions } from '../../src/core/reporter.ts';

function streams() {
  const text = { out: '', err: '' };
  const out = new PassThrough();
  const err = new PassThrough();
  out.on('data', (c: Buffer) => (text.out += c.toString()));
  err.on('data', (c: Buffer) => (text.err += c.toString()));
  return { out, err, text };
}

/** A reporter on fake streams with its own clock, which the test moves (`advance` runs what falls due meanwhile). */
function reporterWithClock(options: ReporterOptions = {}) {
  const s = streams();
  const clock = { ms: 0 };
  const timers: { at: number; fn: () => void; cancelled: boolean }[] = [];
  const later = (fn: () => void, ms: number) => {
    const timer = { at: clock.ms + ms, fn, cancelled: false };
    timers.push(timer);
    return () => void (timer.cancelled = true);
  };
  const advance = (to: number) => {
    for (const timer of timers.filter((t) => !t.cancelled && t.at <= to).sort((a, b) => a.at - b.at)) {
      clock.ms = timer.at;
      timer.cancelled = true;
      timer.fn();
    }
    clock.ms = to;
  };
  const r = createReporter({ out: s.out, err: s.err, now: () => clock.ms, plainEveryMs: PLAIN_PROGRESS_EVERY_MS, later, ...options });
  return { r, s, clock, advance };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('createReporter', () => {
  it('draws a stage’s progress in place on a terminal, and ends it as the stage line', async () => {
    const { r, s, clock } = reporterWithClock({ interactive: true });
    await r.stage(
      'render',
      () => {
        r.progress('render', { phase: 'bundling' });
        clock.ms = 2_000;
        r.progress('render', { phase: undefined, done: 0, total: 1000, unit: 'pages' });
        clock.ms = 4_000;
        r.progress('render', { done: 500 });
        return 42;
      },
      (n) => `${n} things`,
    );
    const draws = s.text.err.split('\r\x1b[2K').filter(Boolean);
    expect(draws).toEqual([
      'render          0 s',
      'render          0 s  bundling',
      'render          2 s  0 of 1,000 pages (0%)',
      'render          4 s  500 of 1,000 pages (50%), 250 pages/s, about 2 s left',
    ]);
    // The last draw is cleared before the stage line takes its place.
    expect(s.text.err.endsWith('\r\x1b[2K')).toBe(true);
    expect(s.text.out).toMatch(/^render\s+\d+\.\d\d s {2}\(42 things\)\n$/);
  });

  it('redraws the progress line under a line printed meanwhile', () => {
    const { r, s } = reporterWithClock({ interactive: true });
    r.progress('restore', { done: 1024, total: 4096, unit: 'bytes' });
    r.warn('a warning');
    expect(s.text.err).toBe(
      '\r\x1b[2Krestore         0 s  1.0 KB of 4.0 KB (25%)' + '\r\x1b[2Kwarning: a warning\n' + '\r\x1b[2Krestore         0 s  1.0 KB of 4.0 KB (25%)',
    );
    r.endProgress('restore');
    expect(s.text.err.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('keeps a terminal line within its width', () => {
    const s = streams();
    Object.assign(s.err, { columns: 30 });
    const r = createReporter({ out: s.out, err: s.err, interactive: true, now: () => 0 });
    r.progress('details', { done: 1, total: 9, unit: 'requests', detail: 'quota left 99,999, next checkpoint within 999 more details or 60 s' });
    const line = s.text.err.split('\r\x1b[2K').at(-1)!;
    expect(line.length).toBeLessThan(30);
    expect(line.startsWith('details         0 s  1 of 9')).toBe(true);
  });

  it('prints plain lines in a log: one at each tenth of the work, never two within 5 s, none for a short step', () => {
    const { r, s, clock } = reporterWithClock({ interactive: false });
    // A step that ends within 5 s says nothing but its stage line.
    for (let done = 0; done <= 100; done++) {
      clock.ms = done * 40;
      r.progress('short', { done, total: 100, unit: 'pages' });
    }
    r.endProgress('short');
    expect(s.text.err).toBe('');
    // 1,000 pages over 50 s, an update every 100 ms.
    clock.ms = 10_000;
    for (let done = 0; done <= 1000; done += 2) {
      r.progress('render', { done, total: 1000, unit: 'pages' });
      clock.ms += 100;
    }
    const lines = s.text.err.trimEnd().split('\n');
    expect(lines[0]).toBe('render at 5 s: 100 of 1,000 pages (10%), 20 pages/s, about 45 s left');
    expect(lines).toHaveLength(10);
    const at = lines.map((l) => Number(/^render at (\d+) s:/.exec(l)![1]));
    const tenths = lines.map((l) => Math.floor(Number(/\((\d+)%\)/.exec(l)![1]) / 10));
    for (let i = 1; i < lines.length; i++) {
      expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(5);
      expect(tenths[i]).toBeGreaterThan(tenths[i - 1]!);
    }
    expect(lines.at(-1)).toMatch(/^render at 50 s: 1,000 of 1,000 pages \(100%\), 20 pages\/s$/);
    expect(s.text.err).not.toMatch(CONTROL);
  });

  it('waits the 5 s even for work that moves faster: the tenths it crossed meanwhile make one line', () => {
    const { r, s, clock } = reporterWithClock({ interactive: false });
    r.progress('fetch', { done: 0, total: 100, unit: 'bytes' });
    clock.ms = 1_000;
    r.progress('fetch', { done: 60 });
    clock.ms = 4_999;
    r.progress('fetch', { done: 70 });
    expect(s.text.err).toBe('');
    clock.ms = 5_000;
    r.progress('fetch', { done: 80 });
    clock.ms = 6_000;
    r.progress('fetch', { done: 89 });
    expect(s.text.err).toBe('fetch at 5 s: 80 B of 100 B (80%), 16 B/s, about 1 s left\n');
  });

  it('prints a new phase in a log, at most every 5 s, even with nothing to count', () => {
    const { r, s, clock } = reporterWithClock({ interactive: false });
    r.progress('render', { phase: 'bundling' });
    clock.ms = 5_000;
    r.progress('render', { phase: 'bundling' });
    clock.ms = 6_000;
    r.progress('render', { phase: "loading the site's data" });
    clock.ms = 9_000;
    r.progress('render', { phase: "loading the site's data" });
    clock.ms = 11_000;
    r.progress('render', { phase: "loading the site's data" });
    expect(s.text.err).toBe("render at 5 s: bundling\nrender at 11 s: loading the site's data\n");
  });

  it('says a line held back when its 5 s are up, though the work tells nothing more (a render busy loading its data)', () => {
    const { r, s, clock, advance } = reporterWithClock({ interactive: false });
    r.progress('render', { phase: 'bundling' });
    advance(4_000);
    r.progress('render', { phase: "loading the site's data" });
    expect(s.text.err).toBe('');
    // Nothing comes for 20 s: the held line is said at 5 s, with what is true then.
    advance(25_000);
    expect(s.text.err).toBe("render at 5 s: loading the site's data\n");
    clock.ms = 26_000;
    r.progress('render', { phase: undefined, done: 100, total: 1000, unit: 'pages' });
    clock.ms = 27_000;
    r.progress('render', { done: 200 });
    r.endProgress('render');
    // Ended before its time: the line held back for 31 s is never said.
    advance(60_000);
    expect(s.text.err).toBe("render at 5 s: loading the site's data\nrender at 26 s: 100 of 1,000 pages (10%)\n");
  });

  it('says nothing but the stage lines, warnings and failures with quiet', async () => {
    const { r, s, clock } = reporterWithClock({ interactive: true, quiet: true });
    r.info('rendering the snapshot');
    await r.stage('render', () => {
      for (let done = 0; done <= 100; done++) {
        clock.ms = done * 1000;
        r.progress('render', { done, total: 100, unit: 'pages' });
      }
    });
    r.warn('SITE_URL is not set');
    r.error('error: the build failed');
    expect(s.text.out).toMatch(/^render\s+\d+\.\d\d s\n$/);
    expect(s.text.err).toBe('warning: SITE_URL is not set\nerror: the build failed\n');
  });

  it('redacts the key and neutralizes control characters in every line, progress lines included', () => {
    const key = `demo_live_${'a'.repeat(64)}`;
    const { r, s, clock } = reporterWithClock({ interactive: false, secrets: [key] });
    r.error(`refused ${key} \x1b[31mred\x07`);
    r.progress('restore', { done: 0, total: 10, unit: 'bytes', detail: `from http://127.0.0.1/${key.slice(10, 40)}/` });
    clock.ms = 5_000;
    r.progress('restore', { done: 5, phase: 'a \x1b[2Jphase\r\nover two lines' });
    expect(s.text.err).toBe(
      'refused [redacted] ?[31mred?\n' +
        'restore at 5 s: 5 B of 10 B (50%), 1 B/s, about 5 s left; a ?[2Jphase? over two lines; from http://127.0.0.1/[redacted]/\n',
    );
  });

  it('draws on a terminal only outside CI, by default', () => {
    const s = streams();
    Object.assign(s.err, { isTTY: true });
    const before = process.env.CI;
    process.env.CI = 'true';
    try {
      createReporter({ out: s.out, err: s.err, now: () => 0, plainEveryMs: 0 }).progress('x', { done: 5, total: 10 });
    } finally {
      if (before === undefined) delete process.env.CI;
      else process.env.CI = before;
    }
    expect(s.text.err).toBe('x at 0 s: 5 of 10 (50%)\n');
  });
});

describe('describeProgress', () => {
  it('says the rate and the time left only once counting has run a second, and never for steps of unlike cost', () => {
    const state = { done: 30, total: 90, unit: 'requests', detail: 'quota left 9,000' };
    expect(describeProgress(state, { at: 0, done: 0 }, 500)).toBe('30 of 90 requests (33%); quota left 9,000');
    expect(describeProgress(state, { at: 0, done: 0 }, 10_000)).toBe('30 of 90 requests (33%), 3.0 requests/s, about 20 s left; quota left 9,000');
    expect(describeProgress({ ...state, rate: false }, { at: 0, done: 0 }, 10_000)).toBe('30 of 90 requests (33%); quota left 9,000');
    expect(describeProgress({ done: 3 * 1024 * 1024, unit: 'bytes' }, { at: 0, done: 0 }, 2_000)).toBe('3.0 MB, 1.5 MB/s');
  });

  it('reads durations as a person does', () => {
    expect([formatDuration(400), formatDuration(59_600), formatDuration(185_000), formatDuration(4_500_000)]).toEqual([
      '0 s',
      '1 min 00 s',
      '3 min 05 s',
      '1 h 15 min',
    ]);
  });
});
