/**
 * `snapshot` against a hostile or broken API (the simulator, and tiny servers on loopback) and
 * hostile input files: nothing leaked, nothing hangs, nothing frozen, nothing replaced that is not
 * a snapshot. Every failure leaves the previous snapshot byte-for-byte intact.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { underLoad } from '../helpers/load.ts';
import { startSimulator, type Fault, type Simulator } from '../../src/dev/simulator/index.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { runSnapshot } from '../../src/snapshot/run-snapshot.ts';
import { readFetchState, writeFetchState } from '../../src/snapshot/fetch-state.ts';
import { validateExport } from '../../src/api/validate.ts';
import { writeSnapshot } from '../../src/store/write-snapshot.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { captureReporter, fastClientEnv, fingerprint, tempDir } from '../helpers/env.ts';
import { fixtureDetails, fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';

/** A key of the real shape that exists nowhere else. */
const KEY = `mirror_live_${randomBytes(32).toString('hex')}`;
const PREFIX = 'mirror_live_';
const HEX = KEY.slice(PREFIX.length);
const DAY = 86_400_000;

let sim: Simulator;
let dir: { path: string; cleanup: () => void };
let previous: string;
let caseNo = 0;

/** Whether `haystack` holds any run of 12 characters of the key's secret part (an independent check of the redactor). */
const leaks = (haystack: string | Buffer) => Array.from({ length: HEX.length - 11 }, (_, i) => HEX.slice(i, i + 12)).some((piece) => haystack.includes(piece));

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...fastClientEnv(sim.url, KEY, { retries: 2, short: true }),
    ...extra,
  };
}

/** A copy of the previous snapshot, and a run of `snapshot` on it. */
async function run(
  args: string[] = [],
  extraEnv: Record<string, string> = {},
  faults: Fault[] = [],
  out = join(dir.path, `case-${++caseNo}.db`),
  force = true,
) {
  if (!existsSync(out)) copyFileSync(previous, out);
  const before = fingerprint(out);
  for (const f of faults) sim.addFault(f);
  const requestsBefore = sim.requests.length;
  const captured = captureReporter([KEY]);
  const result = await snapshotCli(['--out', out, ...(force ? ['--force'] : []), ...args], { env: env(extraEnv), reporter: captured.reporter });
  return {
    ...result,
    out,
    output: captured.text(),
    intact: () => expect(fingerprint(out)).toEqual(before),
    requests: () => sim.requests.length - requestsBefore,
  };
}

const withBody = (body: unknown): Fault[] => [{ type: 'body', body: typeof body === 'string' ? body : JSON.stringify(body) }];

beforeAll(async () => {
  dir = tempDir();
  const exportPath = join(dir.path, 'previous.json');
  writeFileSync(exportPath, JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT - DAY })));
  previous = join(dir.path, 'previous.db');
  const made = await snapshotCli(['--from-file', exportPath, '--out', previous], { env: {}, reporter: captureReporter().reporter });
  expect(made.code).toBe(0);
  sim = await startSimulator({ exportBody: JSON.stringify(fixtureExport()), details: fixtureDetails(), keys: { [KEY]: { tier: 'partner' } } });
});

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
});

beforeEach(() => sim.clearFaults());

describe('an API or proxy that echoes the key', () => {
  it('is redacted in error.hint before the hint is cut, so no piece of the key survives the cut', async () => {
    // The cut at 300 characters would leave the prefix and 11 hex characters: too short for a fragment match.
    const hint = `${'h'.repeat(300 - 1 - PREFIX.length - 11)} ${KEY}`;
    const r = await run([], {}, [{ type: 'status', status: 503, code: 'unavailable', hint, times: 10 }]);
    expect(r.code).toBe(5);
    expect(r.output).toContain('[redacted]');
    expect(r.output).not.toContain(KEY.slice(0, PREFIX.length + 4));
    r.intact();
  });

  it('in response headers is neither stored nor printed', async () => {
    const r = await run([], {}, [
      {
        type: 'headers',
        headers: {
          'Last-Modified': `Bearer ${KEY}`,
          'X-Schema-Version': KEY,
          Deprecation: KEY,
          Sunset: `${HEX.slice(0, 30)}`,
          Link: `<https://example.org/${KEY}>; rel="deprecation"`,
          'Cache-Control': `private, max-age=60, ${KEY}`,
        },
      },
    ]);
    expect(r.code, r.output).toBe(0);
    const meta = withSnapshot(r.out, (reader) => reader.info());
    expect(meta.cacheMaxAge).toBe(60);
    expect(leaks(readFileSync(r.out))).toBe(false);
    expect(leaks(readFileSync(`${r.out}.state.json`))).toBe(false);
    expect(leaks(r.output)).toBe(false);
    expect(r.output).toContain('X-Schema-Version is not of the form v<number> (not shown)');
    expect(r.output).toContain('Deprecation: a value that is not a date');
  });

  it('keeps Last-Modified and X-Schema-Version only as parsed values', async () => {
    const r = await run([], {}, [{ type: 'headers', headers: { 'Last-Modified': 'Sunday, 06-Nov-94 08:49:37 GMT', 'X-Schema-Version': `v1 ${HEX}` } }]);
    expect(r.code, r.output).toBe(0);
    const db = readFileSync(r.out).toString('latin1');
    expect(db).toContain('Sun, 06 Nov 1994 08:49:37 GMT');
    expect(leaks(db)).toBe(false);
  });

  it('in the export body (a long fragment is enough) is refused: exit 6, one line that does not quote it', async () => {
    const e = fixtureExport({ hostile: false });
    e.benches[0] = { ...e.benches[0], description: `Run with token ${HEX.slice(10, 30)} to reproduce.` };
    const r = await run([], {}, withBody(e));
    expect(r.code).toBe(6);
    expect(r.output).toContain('the export contains the API key or a long part of it (not shown); refusing to store or publish it');
    expect(leaks(r.output)).toBe(false);
    r.intact();
  });

  it('in the export body behind JSON escapes is refused too', async () => {
    const e = fixtureExport({ hostile: false });
    e.models[0] = { ...e.models[0], name: `Leaky ${KEY}` };
    // Every hex digit as \u00XX: the raw bytes hold no fragment, the parsed name holds the whole key.
    const escaped = JSON.stringify(e).replace(HEX, [...HEX].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join(''));
    expect(leaks(escaped)).toBe(false);
    const r = await run([], {}, withBody(escaped));
    expect(r.code).toBe(6);
    expect(r.output).toContain('contains the API key');
    r.intact();
  });

  it('in a --from-file export is refused as well', async () => {
    const path = join(dir.path, 'leaky.json');
    const e = fixtureExport({ hostile: false, generatedAt: GENERATED_AT + DAY });
    e.models[2] = { ...e.models[2], provider: `Proxy ${KEY}` };
    writeFileSync(path, JSON.stringify(e));
    const r = await run(['--from-file', path]);
    expect(r.code).toBe(6);
    expect(leaks(r.output)).toBe(false);
    r.intact();
  });
});

describe('a bad answer', () => {
  it('dated beyond the clock skew is invalid: exit 6', async () => {
    const r = await run([], {}, withBody(fixtureExport({ generatedAt: Date.now() + 60 * 60_000 })));
    expect(r.code).toBe(6);
    expect(r.output).toContain("ahead of this machine's clock");
    r.intact();
  });

  it('replaces a stored snapshot dated in the future, saying so', async () => {
    const out = join(dir.path, `future-${++caseNo}.db`);
    const future = validateExport(fixtureExport({ hostile: false, generatedAt: GENERATED_AT }));
    // Stored before the clock-skew rule existed: validation alone allowed dates up to 2100.
    writeSnapshot(out, {
      data: { ...future, generatedAt: Date.UTC(2099, 0, 1) },
      meta: { fetchedAt: Date.now(), source: 'api', bodySha256: 'old', partial: false, sample: false },
      historyLimit: 5,
    });
    const r = await run([], {}, [], out, false);
    expect(r.code, r.output).toBe(0);
    expect(r.outcome?.status).toBe('written');
    expect(r.output).toContain('the stored one is dated in the future');
    expect(withSnapshot(out, (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
  });

  it('older than the stored one is kept out loudly, and only for two days after the stored one was fetched', async () => {
    const out = join(dir.path, `older-${++caseNo}.db`);
    const file = join(dir.path, 'newer.json');
    writeFileSync(file, JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT + DAY })));
    // Fetched three days ago.
    await runSnapshot({
      out,
      source: { kind: 'file', path: file, label: 'file', maxBytes: 1e6 },
      force: false,
      allowShrink: false,
      fallback: false,
      historyLimit: 5,
      reporter: captureReporter().reporter,
      now: () => Date.now() - 3 * DAY,
    });
    const r = await run([], {}, [], out, false);
    expect(r.code, r.output).toBe(0);
    expect(r.outcome?.status).toBe('written');
    expect(r.output).toMatch(/^warning: .*older than the stored one.*taking this one as the API's own$/m);
    expect(withSnapshot(out, (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
  });

  it('with a Cache-Control max-age of a year is cached for a day at most', async () => {
    const first = await run([], {}, [{ type: 'headers', headers: { 'Cache-Control': 'private, max-age=31536000' } }]);
    expect(first.code).toBe(0);
    expect(withSnapshot(first.out, (reader) => reader.info().cacheMaxAge)).toBe(86_400);
    const state = readFetchState(first.out)!;
    expect(state.maxAgeSeconds).toBe(86_400);
    // A day and an hour later, the next scheduled run asks again.
    writeFetchState(first.out, { ...state, fetchedAt: Date.now() - 25 * 3_600_000 });
    const count = sim.requests.length;
    const next = await snapshotCli(['--out', first.out], { env: env(), reporter: captureReporter().reporter });
    expect(next.outcome?.status).toBe('unchanged');
    expect(sim.requests.length).toBe(count + 1);
  });

  it('ignores a year-long lifetime in a state file written before the cap', async () => {
    const first = await run();
    const state = readFetchState(first.out)!;
    writeFetchState(first.out, { ...state, maxAgeSeconds: 31_536_000, fetchedAt: Date.now() - 2 * DAY });
    const count = sim.requests.length;
    const next = await snapshotCli(['--out', first.out], { env: env(), reporter: captureReporter().reporter });
    expect(next.outcome?.status).toBe('unchanged');
    expect(sim.requests.length).toBe(count + 1);
  });

  it.each([
    ['in microseconds', [{ type: 'quota_exceeded', resetAt: Math.floor(Date.now() * 1000), times: 10 }]],
    ['of 1e20', [{ type: 'quota_exceeded', resetAt: 1e20, times: 10 }]],
    ['in milliseconds', [{ type: 'status', status: 429, code: 'quota_exceeded', headers: { 'X-Quota-Reset': String(Date.UTC(2026, 11, 1)) }, times: 10 }]],
  ] as [string, Fault[]][])('quota_exceeded with an X-Quota-Reset %s is exit 4 after one request', async (_name, faults) => {
    const r = await run([], { RANKING_RETRIES: '5' }, faults);
    expect(r.code, r.output).toBe(4);
    expect(r.requests()).toBe(1);
    expect(r.output).toContain('when the monthly quota resets (00:00 UTC on the 1st)');
    r.intact();
  });

  it.each(['-5', '1.5', '+3'])('with Retry-After %s gets the normal backoff, not an instant retry', async (retryAfter) => {
    const r = await run([], { RANKING_RETRY_BASE_MS: '200', RANKING_RETRY_MAX_MS: '400' }, [
      { type: 'status', status: 503, code: 'unavailable', headers: { 'Retry-After': retryAfter }, times: 2 },
    ]);
    expect(r.code).toBe(0);
    const waits = [...r.output.matchAll(/attempt \d+ in (\d+\.\d) s/g)].map((m) => Number(m[1]));
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(0.1);
  });
});

describe('deadlines', () => {
  /** A server that sends headers, then one body byte every `everyMs`, forever. */
  async function drippingServer(everyMs: number): Promise<{ url: string; close: () => Promise<void> }> {
    const sockets = new Set<Socket>();
    const timers = new Set<NodeJS.Timeout>();
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000000' });
      const timer = setInterval(() => res.write(' '), everyMs);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    });
    server.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          for (const t of timers) clearInterval(t);
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    };
  }

  it('ends a body dripping a byte at a time at the run deadline: exit 7, naming it', async () => {
    const drip = await drippingServer(100);
    try {
      // Each byte comes well within the body timeout, and the request timeout is the default ten minutes.
      const r = await run([], { RANKING_API_URL: drip.url, RANKING_BODY_TIMEOUT_MS: '1000', RANKING_RETRIES: '5', RANKING_DEADLINE_MS: '800' });
      expect(r.code).toBe(7);
      // The deadline, not the ten-minute request timeout (far past this test's hang guard), ended it.
      expect(r.output).toContain('the deadline RANKING_DEADLINE_MS=800 ms passed');
      r.intact();
    } finally {
      await drip.close();
    }
  });

  it('stops retrying at the run deadline, with the last failure as the reason', async () => {
    // The server asks for two minutes' wait, the deadline is one minute away: the run gives up after the first answer,
    // naming it, instead of sleeping past the deadline. Nothing here races the clock: a 1 s deadline once passed before
    // the first answer on a loaded machine (exit 7, the deadline's own error, not the 429).
    const r = await run([], { RANKING_RETRIES: '50', RANKING_RETRY_BASE_MS: '600000', RANKING_RETRY_MAX_MS: '600000', RANKING_DEADLINE_MS: '60000' }, [
      { type: 'rate_limited', retryAfter: 120, times: 100 },
    ]);
    expect(r.code, r.output).toBe(5);
    expect(r.requests()).toBe(1);
    expect(r.output).toMatch(
      /gave up after 1 attempt: \/v1\/export.json: rate limited; no attempt 2: its wait would pass the deadline RANKING_DEADLINE_MS=60000 ms/,
    );
    r.intact();
  });

  async function stopsAtTheDetailsDeadline(): Promise<void> {
    // Two requests a minute: the export and one detail, then a wait for the next minute, which never comes: the
    // simulator's clock is the test's own and stands still (on the real clock, a run that crossed a minute's end got a
    // fresh allowance and fetched a second detail). It stands two minutes ahead of the real one, which the client
    // reads X-RateLimit-Reset against: standing at the start of the real minute, a run that crossed its end saw a reset
    // already past, asked again at once, and gave up on the 429s before the deadline. The wait is the client's longest
    // (65 s) and the deadline 30 s away: the crawl ends when it sees the wait, without beginning it (a crawl that slept
    // until the deadline would time this test out). 30 s leaves the export and the one detail room on a loaded machine.
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000 + 120_000;
    const slow = await startSimulator({
      exportBody: JSON.stringify(fixtureExport()),
      details: fixtureDetails(),
      keys: { [KEY]: { tier: 'partner', ratePerMinute: 2 } },
      now: () => minuteStart,
    });
    try {
      const out = join(dir.path, `details-${++caseNo}.db`);
      copyFileSync(previous, out);
      const captured = captureReporter([KEY]);
      const r = await snapshotCli(['--out', out, '--force', '--details', 'all'], {
        env: { ...env(), RANKING_API_URL: slow.url, RANKING_DETAILS_DEADLINE_MS: '30000' },
        reporter: captured.reporter,
      });
      expect(r.code, captured.text()).toBe(0);
      expect(captured.text()).toContain('details stopped early');
      expect(captured.text()).toContain(
        "details stopped early: no request after the rate limit's wait (1 min 05 s): it would pass the deadline RANKING_DETAILS_DEADLINE_MS=30000 ms",
      );
      expect(withSnapshot(out, (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
      // The one detail fetched before the wait is stored with it.
      expect(withSnapshot(out, (reader) => reader.counts().details)).toBe(1);
    } finally {
      await slow.close();
    }
  }

  it(
    'stops --details against a rate limit that never refills before a wait that would pass the details deadline, with the export stored',
    stopsAtTheDetailsDeadline,
    60_000,
  );

  // A loaded CI run once crossed a minute's end here and got a second detail (when the simulator's clock was the real one).
  it('stops --details there with the other core kept busy too', () => underLoad(stopsAtTheDetailsDeadline), 60_000);
});

describe('--out', () => {
  it('through a symlink writes the target beside the target, and the link stays', async () => {
    const volume = join(dir.path, 'volume');
    const data = join(dir.path, 'data');
    mkdirSync(volume);
    mkdirSync(data);
    copyFileSync(previous, join(volume, 'snapshot.db'));
    const before = fingerprint(join(volume, 'snapshot.db'));
    symlinkSync('../volume/snapshot.db', join(data, 'snapshot.db'));
    const r = await run([], {}, [], join(data, 'snapshot.db'));
    expect(r.code, r.output).toBe(0);
    expect(r.outcome?.status).toBe('written');
    expect(lstatSync(join(data, 'snapshot.db')).isSymbolicLink()).toBe(true);
    expect(fingerprint(join(volume, 'snapshot.db'))).not.toEqual(before);
    expect(withSnapshot(join(volume, 'snapshot.db'), (reader) => reader.info().generatedAt)).toBe(GENERATED_AT);
    // Lock and fetch state live with the target; nothing but the link is left in data/.
    expect(readdirSync(data)).toEqual(['snapshot.db']);
    expect(readdirSync(volume).sort()).toEqual(['snapshot.db', 'snapshot.db.lock', 'snapshot.db.state.json']);
  });

  it.each([
    ['a text file', () => writeFileSync(join(dir.path, 'notes.txt'), 'my notes\n'), 'notes.txt', 'not a snapshot of this tool'],
    ['a folder', () => mkdirSync(join(dir.path, 'a-folder')), 'a-folder', 'is a folder'],
    ['in a missing folder', () => undefined, 'missing/snapshot.db', 'does not exist'],
  ])('refuses %s before any request: exit 2, the file untouched', async (_name, make, name, message) => {
    make();
    const path = join(dir.path, name);
    const before = existsSync(path) && lstatSync(path).isFile() ? readFileSync(path) : undefined;
    const count = sim.requests.length;
    const captured = captureReporter([KEY]);
    const r = await snapshotCli(['--out', path, '--force'], { env: env(), reporter: captured.reporter });
    expect(r.code).toBe(2);
    expect(captured.text()).toContain(message);
    expect(sim.requests.length).toBe(count);
    if (before) expect(readFileSync(path)).toEqual(before);
  });

  it("refuses '' before any request: exit 2", async () => {
    const count = sim.requests.length;
    const captured = captureReporter([KEY]);
    const r = await snapshotCli(['--out', '', '--force'], { env: env(), reporter: captured.reporter });
    expect(r.code).toBe(2);
    expect(captured.text()).toContain('--out is empty');
    expect(sim.requests.length).toBe(count);
  });
});

describe('--from-file', () => {
  it('refuses a folder: exit 2', async () => {
    const r = await run(['--from-file', dir.path]);
    expect(r.code).toBe(2);
    expect(r.output).toContain('is a folder, not a regular file');
    r.intact();
  });

  it('counts the size cap on the bytes read, not on what stat says', async () => {
    // A procfs file: stat says 0 bytes, reading it gives more.
    const r = await run(['--from-file', '/proc/self/status'], { RANKING_MAX_BYTES: '100' });
    expect(r.code).toBe(6);
    expect(r.output).toContain('passed the 100 B cap');
    r.intact();
  });

  it('refuses an export of {} rows before parsing it: exit 6', async () => {
    const path = join(dir.path, 'empty-rows.json');
    writeFileSync(path, `{"generatedAt":${GENERATED_AT},"models":[${Array(1_000_000).fill('{}').join(',')}],"benches":[],"tags":[]}`);
    const r = await run(['--from-file', path]);
    expect(r.code).toBe(6);
    expect(r.output).toContain('refused before parsing');
    r.intact();
  });
});
