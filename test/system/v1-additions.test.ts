/**
 * The announced v1 additions, over loopback against the simulator: conditional requests, gzip and
 * br with the size cap on decoded bytes, cursor pagination of the export and of the Starter
 * fallback's lists, and the API's deprecation and schema announcements as workflow annotations.
 * Each is also harmless against today's service (a server that ignores or never sends them).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../../src/api/client.ts';
import { parseHttpDate } from '../../src/api/http-dates.ts';
import { readClientTuning } from '../../src/api/settings.ts';
import { workflowCommand } from '../../src/core/annotations.ts';
import { demoKey, encodeCursor, startSimulator, type Fault, type Simulator, type SimulatorOptions } from '../../src/dev/simulator/index.ts';
import { readFetchState, writeFetchState } from '../../src/snapshot/fetch-state.ts';
import { followCursor } from '../../src/snapshot/paginate.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { captureReporter, fastClientEnv, fingerprint, tempDir } from '../helpers/env.ts';
import { fixtureDetails, fixtureExport } from '../helpers/fixture.ts';

const KEY = demoKey('partner');
const STARTER = demoKey('starter');
const DAY = 86_400_000;
const EXPORT = fixtureExport({ hostile: false });
const SLUGS = EXPORT.models.map((m) => m.slug as string).sort();

let dir: { path: string; cleanup: () => void };
let n = 0;
const sims: Simulator[] = [];

beforeAll(() => {
  dir = tempDir();
});
afterAll(() => dir.cleanup());
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

async function simulator(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  const sim = await startSimulator({
    exportBody: JSON.stringify(EXPORT),
    details: fixtureDetails(),
    keys: { [KEY]: { tier: 'partner' }, [STARTER]: { tier: 'starter' } },
    ...options,
  });
  sims.push(sim);
  return sim;
}

const newOut = () => join(dir.path, `case-${++n}.db`);

async function snapshot(sim: Simulator, out: string, args: string[] = [], extraEnv: Record<string, string> = {}, key = KEY) {
  const captured = captureReporter([key]);
  const env = { ...fastClientEnv(sim.url, key), RANKING_RETRY_MAX_MS: '20', ...extraEnv };
  const result = await snapshotCli(['--out', out, ...args], { env, reporter: captured.reporter });
  return { ...result, output: captured.text() };
}

/** Lets the stored answer's cache lifetime run out, as a day passing would. */
function expireCacheLifetime(out: string): number {
  const state = readFetchState(out)!;
  writeFetchState(out, { ...state, fetchedAt: state.fetchedAt - 2 * DAY });
  return state.fetchedAt - 2 * DAY;
}

const exportRequests = (sim: Simulator) => sim.requests.filter((r) => r.path === '/v1/export.json');
const storedSlugs = (out: string) => withSnapshot(out, (r) => r.configurationSlugs().sort());

describe('conditional requests', () => {
  it('reads HTTP-dates strictly (the obsolete RFC 850 form too, as RFC 9110 asks of a recipient)', () => {
    expect(parseHttpDate('Tue, 17 Nov 2026 06:00:00 GMT')).toBe(Date.UTC(2026, 10, 17, 6));
    expect(parseHttpDate('Tuesday, 17-Nov-26 06:00:00 GMT')).toBe(Date.UTC(2026, 10, 17, 6));
    for (const bad of ['Wed, 17 Nov 2026 06:00:00 GMT', '2026-11-17T06:00:00Z', 'Tue, 31 Feb 2026 06:00:00 GMT', '', null]) {
      expect(parseHttpDate(bad), String(bad)).toBeUndefined();
    }
  });

  it('sends the stored Last-Modified; a 304 leaves the file untouched, renews the cache lifetime and exits 0', async () => {
    const sim = await simulator({ conditional: true });
    const out = newOut();
    const first = await snapshot(sim, out);
    expect(first.code).toBe(0);
    expect(exportRequests(sim)[0]!.ifModifiedSince).toBeUndefined();
    const lastModified = withSnapshot(out, (r) => r.info().lastModified);
    expect(lastModified).toMatch(/GMT$/);
    const before = fingerprint(out);
    const expired = expireCacheLifetime(out);

    const second = await snapshot(sim, out);
    expect(second.code, second.output).toBe(0);
    expect(second.outcome?.status).toBe('unchanged');
    expect(second.output).toContain(`unchanged: the API answered 304 Not Modified to If-Modified-Since ${lastModified}`);
    expect(exportRequests(sim).at(-1)).toMatchObject({ status: 304, ifModifiedSince: lastModified });
    expect(fingerprint(out)).toEqual(before);
    expect(readFetchState(out)!.fetchedAt).toBeGreaterThan(expired + DAY);

    // The renewed lifetime holds: the next run asks nothing.
    const count = sim.requests.length;
    const third = await snapshot(sim, out);
    expect(third.outcome?.status).toBe('fresh');
    expect(sim.requests.length).toBe(count);
  });

  it('renews the cache lifetime beside the target of a symlinked --out, never beside the link', async () => {
    const sim = await simulator({ conditional: true });
    const volume = join(dir.path, `volume-${++n}`);
    const data = join(dir.path, `data-${n}`);
    mkdirSync(volume);
    mkdirSync(data);
    const target = join(volume, 'snapshot.db');
    symlinkSync(target, join(data, 'snapshot.db'));
    expect((await snapshot(sim, join(data, 'snapshot.db'))).code).toBe(0);
    const expired = expireCacheLifetime(target);
    const second = await snapshot(sim, join(data, 'snapshot.db'));
    expect(second.outcome?.status, second.output).toBe('unchanged');
    expect(exportRequests(sim).at(-1)?.status).toBe(304);
    expect(readFetchState(target)!.fetchedAt).toBeGreaterThan(expired + DAY);
    expect(readdirSync(data)).toEqual(['snapshot.db']);
  });

  it('handles a server that ignores If-Modified-Since as today', async () => {
    const sim = await simulator();
    const out = newOut();
    await snapshot(sim, out);
    const before = fingerprint(out);
    expireCacheLifetime(out);
    const again = await snapshot(sim, out);
    expect(again.code).toBe(0);
    expect(exportRequests(sim).at(-1)).toMatchObject({ status: 200, ifModifiedSince: expect.stringMatching(/GMT$/) });
    expect(again.outcome?.status).toBe('unchanged');
    expect(again.output).toContain('unchanged: the data is the same as the stored snapshot');
    expect(fingerprint(out)).toEqual(before);
  });

  it('never sends a stored Last-Modified that is not an HTTP-date, nor asks conditionally with --force', async () => {
    const sim = await simulator({ conditional: true });
    const out = newOut();
    await snapshot(sim, out);
    const tampered = join(dir.path, 'tampered.db');
    copyFileSync(out, tampered);
    copyFileSync(`${out}.state.json`, `${tampered}.state.json`);
    const db = new Database(tampered);
    db.prepare('UPDATE snapshot SET last_modified = ?').run('Tue, 17 Nov 2026 06:00:00 GMT\r\nX-Injected: 1');
    db.close();
    expireCacheLifetime(tampered);
    const garbled = await snapshot(sim, tampered);
    expect(garbled.code).toBe(0);
    expect(exportRequests(sim).at(-1)).toMatchObject({ status: 200, ifModifiedSince: undefined });

    const forced = await snapshot(sim, out, ['--force']);
    expect(forced.code).toBe(0);
    expect(exportRequests(sim).at(-1)).toMatchObject({ status: 200, ifModifiedSince: undefined });
  });
});

describe('compression', () => {
  it('asks for gzip and br, stores the same data as without, and reports the bytes on the wire and decoded', async () => {
    const plain = await simulator();
    const zipped = await simulator({ compression: true });
    const outA = newOut();
    const a = await snapshot(plain, outA, ['--details', '0']);
    const outB = newOut();
    const b = await snapshot(zipped, outB, ['--details', '0']);
    expect(b.code).toBe(0);
    expect(exportRequests(zipped)[0]!.acceptEncoding).toBe('gzip, br');
    expect(a.outcome?.bytes?.wire).toBe(a.outcome?.bytes?.decoded);
    expect(b.outcome?.bytes?.decoded).toBe(a.outcome?.bytes?.decoded);
    expect(b.outcome!.bytes!.wire).toBeLessThan(b.outcome!.bytes!.decoded / 2);
    expect(b.output).toMatch(/^fetch +\d+\.\d\d s {2}\(\d+\.\d KB decoded, \d+(\.\d)? K?B on the wire\)$/m);
    // The hash is of the decoded export: compression does not look like new data.
    expect(withSnapshot(outB, (r) => r.info().bodySha256)).toBe(withSnapshot(outA, (r) => r.info().bodySha256));
    expect(storedSlugs(outB)).toEqual(SLUGS);
  });

  it('decodes a gzip body', async () => {
    const sim = await simulator();
    sim.addFault({ type: 'body', body: JSON.stringify(EXPORT), encoding: 'gzip', path: '/v1/export.json' });
    const out = newOut();
    const r = await snapshot(sim, out, ['--details', '0']);
    expect(r.code, r.output).toBe(0);
    expect(r.outcome!.bytes!.wire).toBeLessThan(r.outcome!.bytes!.decoded);
    expect(storedSlugs(out)).toEqual(SLUGS);
  });

  for (const encoding of ['gzip', 'br'] as const) {
    it(`cuts a ${encoding} bomb at the cap on decoded bytes: exit 6, the previous snapshot intact`, async () => {
      const sim = await simulator();
      const out = newOut();
      await snapshot(sim, out, ['--details', '0']);
      const before = fingerprint(out);
      // 30 MB of spaces is about 30 KB compressed: far under the cap on the wire.
      sim.addFault({ type: 'body', body: Buffer.alloc(30_000_000, 0x20), encoding, path: '/v1/export.json' });
      const r = await snapshot(sim, out, ['--force', '--details', '0'], { RANKING_MAX_BYTES: '2000000' });
      expect(r.code).toBe(6);
      expect(r.output.split('\n')[0]).toBe(
        `error: /v1/export.json: the response passed the 2000000-byte cap once decoded (${encoding}) — raise RANKING_MAX_BYTES if the export really is this large`,
      );
      expect(fingerprint(out)).toEqual(before);
    });
  }

  it('refuses a body that does not decode, and an encoding it did not ask for: exit 6', async () => {
    const sim = await simulator();
    const out = newOut();
    await snapshot(sim, out, ['--details', '0']);
    const before = fingerprint(out);
    const faults: [Fault, string][] = [
      [
        { type: 'status', status: 200, headers: { 'content-encoding': 'gzip' }, body: 'this is not gzip', path: '/v1/export.json' },
        'the gzip body does not decode',
      ],
      [
        { type: 'status', status: 200, headers: { 'content-encoding': 'compress' }, body: '{}', path: '/v1/export.json' },
        'encoded as "compress", which this client did not ask for',
      ],
    ];
    for (const [fault, message] of faults) {
      sim.addFault(fault);
      const r = await snapshot(sim, out, ['--force', '--details', '0']);
      expect(r.code).toBe(6);
      expect(r.output.split('\n')[0]).toContain(message);
      expect(fingerprint(out)).toEqual(before);
    }
  });
});

describe('cursor pagination', () => {
  it('follows X-Next-Cursor through the pages of the export and stores them merged', async () => {
    const sim = await simulator({ pageSize: 5 });
    const out = newOut();
    const r = await snapshot(sim, out, ['--details', '0']);
    expect(r.code, r.output).toBe(0);
    expect(exportRequests(sim).map((q) => q.query)).toEqual(['', `after=${encodeCursor(5)}`, `after=${encodeCursor(10)}`]);
    expect(r.output).toMatch(/on the wire, 3 answers\)/);
    expect(storedSlugs(out)).toEqual(SLUGS);
    expect(withSnapshot(out, (r) => r.counts())).toMatchObject({ configurations: 12, benches: 3, tags: 10 });
  });

  it('refuses a cursor loop with a clear line: exit 6, the previous snapshot intact', async () => {
    const sim = await simulator({ pageSize: 5 });
    const out = newOut();
    await snapshot(sim, out, ['--details', '0']);
    const before = fingerprint(out);
    const asked = exportRequests(sim).length;
    sim.addFault({ type: 'headers', headers: { 'x-next-cursor': encodeCursor(5) }, path: '/v1/export.json', times: Infinity });
    const r = await snapshot(sim, out, ['--force', '--details', '0']);
    expect(r.code).toBe(6);
    expect(r.output.split('\n')[0]).toBe(
      "error: /v1/export.json: the cursor pagination loops: page 2 points back to the cursor already followed after page 1 — the API's pagination is inconsistent; nothing was written, the next run tries again",
    );
    // The first page and the one whose cursor came back: no more.
    expect(
      exportRequests(sim)
        .slice(asked)
        .map((q) => q.query),
    ).toEqual(['', `after=${encodeCursor(5)}`]);
    expect(fingerprint(out)).toEqual(before);
  });

  it('refuses pages that repeat a row: exit 6', async () => {
    const sim = await simulator({ pageSize: 5 });
    const out = newOut();
    await snapshot(sim, out, ['--details', '0']);
    const before = fingerprint(out);
    // The first page sends the client back to the start: page 2 repeats page 1.
    sim.addFault({ type: 'headers', headers: { 'x-next-cursor': encodeCursor(0) }, path: '/v1/export.json' });
    const r = await snapshot(sim, out, ['--force', '--details', '0']);
    expect(r.code).toBe(6);
    expect(r.output.split('\n')[0]).toMatch(/^error: \/v1\/export\.json \(models\): page 2 repeats slug "[a-z0-9-]+" from page 1 — /);
    expect(fingerprint(out)).toEqual(before);
  });

  it('bounds the page count and the total size', async () => {
    const sim = await simulator({ pageSize: 1 });
    const client = new ApiClient({ ...readClientTuning({}), baseUrl: new URL(sim.url), key: KEY });
    try {
      const first = await client.get('/v1/export.json');
      await expect(followCursor(client, '/v1/export.json', first, { maxPages: 3, maxBytes: Infinity })).rejects.toThrow('/v1/export.json: more than 3 pages');
      await expect(followCursor(client, '/v1/export.json', first, { maxPages: 100, maxBytes: first.body.length * 2.5 })).rejects.toThrow(
        /the pages passed the \d+-byte cap together/,
      );
      expect((await followCursor(client, '/v1/export.json', first, { maxPages: 100, maxBytes: Infinity })).length).toBe(12);
    } finally {
      await client.close();
    }
  });

  it("follows the pages of the Starter fallback's list endpoints", async () => {
    const sim = await simulator({ pageSize: 5 });
    const out = newOut();
    const r = await snapshot(sim, out, ['--details', '0'], {}, STARTER);
    expect(r.code, r.output).toBe(0);
    expect(r.outcome?.partial).toBe(true);
    expect(sim.requests.map((q) => `${q.path}?${q.query}`)).toEqual([
      '/v1/export.json?',
      '/v1/models?limit=500',
      `/v1/models?limit=500&after=${encodeCursor(5)}`,
      `/v1/models?limit=500&after=${encodeCursor(10)}`,
      '/v1/benches?limit=500',
      '/v1/tags?',
      `/v1/tags?after=${encodeCursor(5)}`,
    ]);
    expect(storedSlugs(out)).toEqual(SLUGS);
    expect(withSnapshot(out, (r) => r.counts())).toMatchObject({ configurations: 12, benches: 3, tags: 10 });
  });
});

describe('the API announcing a change', () => {
  const announce: Fault = {
    type: 'headers',
    path: '/v1/export.json',
    headers: { deprecation: 'Sat, 01 Aug 2026 00:00:00 GMT', sunset: 'Mon, 01 Feb 2027 00:00:00 GMT', 'x-schema-version': 'v1.1' },
  };

  it('reaches a GitHub Actions run as warning annotations, not only as log lines', async () => {
    const sim = await simulator();
    sim.addFault(announce);
    const r = await snapshot(sim, newOut(), ['--details', '0'], { GITHUB_ACTIONS: 'true' });
    expect(r.code).toBe(0);
    const lines = r.output.split('\n');
    expect(lines).toContain(
      '::warning title=API deprecation::the API says /v1/export.json is deprecated (Deprecation: "Sat, 01 Aug 2026 00:00:00 GMT") and stops working "Mon, 01 Feb 2027 00:00:00 GMT" (Sunset). Check the API changelog and update the mirror before then.',
    );
    expect(lines).toContain(
      '::warning title=API schema version::/v1/export.json answered with X-Schema-Version "v1.1", not v1; it was validated as v1. Check the API changelog.',
    );
    expect(r.output).toContain('warning: the API marks this endpoint deprecated');
  });

  it('prints no workflow commands outside GitHub Actions, nor for an unremarkable answer', async () => {
    const sim = await simulator();
    sim.addFault(announce);
    const outside = await snapshot(sim, newOut(), ['--details', '0']);
    expect(outside.output).toContain('warning: the API marks this endpoint deprecated');
    expect(outside.output).not.toContain('::warning');
    const quiet = await snapshot(sim, newOut(), ['--details', '0'], { GITHUB_ACTIONS: 'true' });
    expect(quiet.output).not.toContain('::warning');
  });

  it('escapes what would end a workflow command early', () => {
    expect(workflowCommand('warning', 'a: b, c', '50% done\nnext')).toBe('::warning title=a%3A b%2C c::50%25 done%0Anext');
  });
});
