/**
 * The snapshot step against the simulator over loopback HTTP: every failure the API can produce
 * gets its exit code, and leaves the previous snapshot file byte-for-byte intact.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { constants } from 'node:buffer';
import { copyFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSimulator, demoKey, type Fault, type Simulator } from '../../src/dev/simulator/index.ts';
import { monthlyResetMs } from '../../src/dev/simulator/limits.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { readFetchState, writeFetchState } from '../../src/snapshot/fetch-state.ts';
import { generateSample, serializeExport } from '../../src/dev/sample/generate.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { captureReporter, fastClientEnv, fingerprint, tempDir } from '../helpers/env.ts';
import { fixtureDetails, fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';

const KEY = demoKey('partner');
const STARTER = demoKey('starter');
const REVOKED = `demo_live_${'ab'.repeat(32)}`;

let sim: Simulator;
let dir: { path: string; cleanup: () => void };
let previous: string;
let caseNo = 0;

/** Fast retries and short timeouts, so every failure path runs in well under a second or two. */
function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...fastClientEnv(sim.url, KEY, { retries: 2, short: true }),
    ...extra,
  };
}

/** A copy of the previous snapshot for one test, and a run of `snapshot` on it. */
async function run(args: string[] = [], extraEnv: Record<string, string> = {}, faults: Fault[] = []) {
  const out = join(dir.path, `case-${++caseNo}.db`);
  copyFileSync(previous, out);
  const before = fingerprint(out);
  for (const f of faults) sim.addFault(f);
  const requestsBefore = sim.requests.length;
  const captured = captureReporter([KEY]);
  const result = await snapshotCli(['--out', out, '--force', ...args], { env: env(extraEnv), reporter: captured.reporter });
  return {
    ...result,
    out,
    output: captured.text(),
    intact: () => expect(fingerprint(out)).toEqual(before),
    requests: () => sim.requests.slice(requestsBefore).filter((r) => r.path.startsWith('/v1/export.json')).length,
  };
}

beforeAll(async () => {
  dir = tempDir();
  const exportPath = join(dir.path, 'previous.json');
  writeFileSync(exportPath, JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT - 86_400_000 })));
  previous = join(dir.path, 'previous.db');
  const made = await snapshotCli(['--from-file', exportPath, '--out', previous], { env: {}, reporter: captureReporter().reporter });
  expect(made.code).toBe(0);
  sim = await startSimulator({
    exportBody: JSON.stringify(fixtureExport()),
    details: fixtureDetails(),
    keys: { [KEY]: { tier: 'partner' }, [STARTER]: { tier: 'starter' }, [REVOKED]: { tier: 'pro', revoked: true } },
  });
});

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
});

beforeEach(() => sim.clearFaults());

describe('a good export', () => {
  it('is validated and stored atomically with its metadata, warnings and kept new fields', async () => {
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.outcome?.status).toBe('written');
    const db = new Database(r.out, { readonly: true });
    const meta = db.prepare('SELECT * FROM snapshot').get() as Record<string, unknown>;
    // Live data although the API is on loopback (a tunnel or proxy): only the data's own label makes it a sample.
    expect(meta).toMatchObject({
      generated_at: GENERATED_AT,
      source: 'api',
      api_origin: sim.url,
      schema_version: 'v1',
      cache_max_age: 86400,
      partial: 0,
      sample: 0,
    });
    expect(meta.computed_at).toBe(GENERATED_AT);
    expect(String(meta.last_modified)).toMatch(/GMT$/);
    expect(meta.body_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The unsafe slug is dropped, the unsafe tag leaves the taxonomy and its row, the row stays.
    expect(db.prepare('SELECT count(*) FROM models').pluck().get()).toBe(12);
    expect(db.prepare("SELECT count(*) FROM models WHERE slug LIKE '%..%'").pluck().get()).toBe(0);
    expect(db.prepare("SELECT tag FROM model_tags WHERE slug = 'quillon-3-low'").pluck().all()).toEqual(['reasoning']);
    expect(db.prepare("SELECT count(*) FROM tags WHERE tag = '../etc'").pluck().get()).toBe(0);
    // New dimension keys are kept.
    const dims = JSON.parse(db.prepare("SELECT dimensions FROM benches WHERE slug = 'codebench'").pluck().get() as string) as [string, number][];
    expect(Object.fromEntries(dims)).toMatchObject({ freshness: 2.5, relevance: 4.2 });
    // Warnings name the JSON path and the problem, in the output and in the file.
    const warnings = db.prepare('SELECT path, problem FROM warnings ORDER BY id').all() as { path: string; problem: string }[];
    expect(warnings.map((w) => w.path)).toEqual(expect.arrayContaining(['models[12].slug', 'models[1].tags[1]', 'tags[10].tag']));
    expect(r.output).toContain('models[12].slug: not a safe URL path segment');
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('records an export labelled fictional as sample data', async () => {
    const generated = generateSample({ configurations: 20, benches: 5, tags: 8 });
    sim.setExport(serializeExport(generated.export));
    try {
      // Another population altogether: the previous file's configurations are all gone.
      const r = await run(['--allow-shrink']);
      expect(r.code, r.output).toBe(0);
      expect(withSnapshot(r.out, (reader) => reader.info().sample)).toBe(true);
    } finally {
      sim.setExport(JSON.stringify(fixtureExport()), fixtureDetails());
    }
  });

  it('leaves the file untouched when the data is unchanged', async () => {
    const first = await run();
    expect(first.code).toBe(0);
    const before = fingerprint(first.out);
    const captured = captureReporter();
    const again = await snapshotCli(['--out', first.out, '--force'], { env: env(), reporter: captured.reporter });
    expect(again.code).toBe(0);
    expect(again.outcome?.status).toBe('unchanged');
    expect(fingerprint(first.out)).toEqual(before);
    expect(captured.text()).toContain('unchanged');
  });

  it('spends no request within the cache lifetime unless --force', async () => {
    const first = await run();
    const count = sim.requests.length;
    const lazy = await snapshotCli(['--out', first.out], { env: env(), reporter: captureReporter().reporter });
    expect(lazy.outcome?.status).toBe('fresh');
    expect(sim.requests.length).toBe(count);
    const forced = await snapshotCli(['--out', first.out, '--force'], { env: env(), reporter: captureReporter().reporter });
    expect(forced.outcome?.status).toBe('unchanged');
    expect(sim.requests.length).toBe(count + 1);
  });

  it('asks again in the last 5% of the lifetime, so a daily job that starts early still fetches', async () => {
    const first = await run();
    const state = readFetchState(first.out)!;
    const lifetime = state.maxAgeSeconds * 1000;
    writeFetchState(first.out, { ...state, fetchedAt: Date.now() - lifetime + 10 * 60_000 });
    const count = sim.requests.length;
    const late = await snapshotCli(['--out', first.out], { env: env(), reporter: captureReporter().reporter });
    expect(late.outcome?.status).toBe('unchanged');
    expect(sim.requests.length).toBe(count + 1);
    writeFetchState(first.out, { ...state, fetchedAt: Date.now() - lifetime / 2 });
    const mid = await snapshotCli(['--out', first.out], { env: env(), reporter: captureReporter().reporter });
    expect(mid.outcome?.status).toBe('fresh');
    expect(sim.requests.length).toBe(count + 1);
  });

  it('keeps the stored snapshot when the API sends an older export, as a stale cache would', async () => {
    const out = join(dir.path, `case-${++caseNo}.db`);
    copyFileSync(previous, out);
    const before = fingerprint(out);
    sim.addFault({ type: 'body', body: JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT - 2 * 86_400_000 })) });
    const captured = captureReporter();
    const r = await snapshotCli(['--out', out], { env: env(), reporter: captured.reporter });
    expect(r.code).toBe(0);
    expect(r.outcome?.status).toBe('unchanged');
    expect(captured.text()).toContain('older than the stored one');
    expect(fingerprint(out)).toEqual(before);
  });
});

describe('failures of the API', () => {
  it('retries rate_limited and succeeds when the limit clears', async () => {
    const r = await run([], {}, [{ type: 'rate_limited', retryAfter: 1, times: 2 }]);
    expect(r.code).toBe(0);
    expect(r.requests()).toBe(3);
    expect(r.output).toMatch(/rate limited; attempt 2 in/);
  });

  it('caps every backoff wait at Retry-After', async () => {
    // A base of 20 s would wait 10-20 s; the server's Retry-After of 1 s wins.
    const r = await run([], { RANKING_RETRY_BASE_MS: '20000', RANKING_RETRY_MAX_MS: '60000' }, [{ type: 'rate_limited', retryAfter: 1, times: 1 }]);
    expect(r.code).toBe(0);
    const waits = [...r.output.matchAll(/attempt \d+ in (\d+\.\d) s/g)].map((m) => Number(m[1]));
    expect(waits).toEqual([1]);
  });

  it('gives up on rate_limited after the bounded attempts: exit 5', async () => {
    const r = await run([], {}, [{ type: 'rate_limited', retryAfter: 1, times: 10 }]);
    expect(r.code).toBe(5);
    expect(r.requests()).toBe(3);
    expect(r.output).toMatch(/error \[rate_limited\]: gave up after 3 attempts/);
    r.intact();
  });

  it('never retries quota_exceeded and says when the quota resets: exit 4', async () => {
    // The next monthly reset from the time the test runs: the client names a reset only when it lies ahead of its clock.
    const resetMs = monthlyResetMs(Date.now());
    const r = await run([], {}, [{ type: 'quota_exceeded', resetAt: resetMs / 1000, times: 5 }]);
    expect(r.code).toBe(4);
    expect(r.requests()).toBe(1);
    expect(r.output).toContain('error [quota_exceeded]');
    expect(r.output).toContain(new Date(resetMs).toISOString());
    r.intact();
  });

  it.each([500, 502, 503, 504])('retries %i and succeeds', async (status) => {
    const r = await run([], {}, [{ type: 'status', status, times: 2 }]);
    expect(r.code).toBe(0);
    expect(r.requests()).toBe(3);
  });

  it('gives up on a 503 burst: exit 5', async () => {
    const r = await run([], {}, [{ type: 'status', status: 503, code: 'unavailable', times: 10 }]);
    expect(r.code).toBe(5);
    expect(r.requests()).toBe(3);
    expect(r.output).toMatch(/gave up after 3 attempts.*503/);
    r.intact();
  });

  it.each([
    [401, 'invalid_key'],
    [402, 'payment_required'],
    [403, 'forbidden'],
  ])('does not retry %i: exit 3, naming error.code and error.hint', async (status, code) => {
    const r = await run([], {}, [{ type: 'status', status, code, hint: 'ask the operator', times: 5 }]);
    expect(r.code).toBe(3);
    expect(r.requests()).toBe(1);
    expect(r.output).toContain(`[${code}]`);
    expect(r.output).toContain('ask the operator');
    r.intact();
  });

  it('refuses a revoked key: exit 3', async () => {
    const r = await run([], { RANKING_API_KEY: REVOKED });
    expect(r.code).toBe(3);
    expect(r.output).toContain('[key_revoked]');
    r.intact();
  });

  it('fails on tier_forbidden with --no-fallback: exit 3', async () => {
    const r = await run(['--no-fallback'], { RANKING_API_KEY: STARTER });
    expect(r.code).toBe(3);
    expect(r.output).toContain('[tier_forbidden]');
    r.intact();
  });

  it('does not retry 404 and points at RANKING_API_URL: exit 2', async () => {
    const r = await run([], { RANKING_API_URL: `${sim.url}/nothing-here` });
    expect(r.code).toBe(2);
    expect(r.output).toContain('[not_found]');
    expect(r.output).toContain('RANKING_API_URL');
    r.intact();
  });

  it('gives an unknown error code a clear message without guessing from error.message', async () => {
    const r = await run([], {}, [{ type: 'status', status: 418, code: 'brand_new_code', message: 'rate limited, quota exceeded', times: 5 }]);
    expect(r.code).toBe(6);
    expect(r.requests()).toBe(1);
    expect(r.output).toContain('[brand_new_code]');
    expect(r.output).toContain('unexpected HTTP 418');
    r.intact();
  });

  it('retries a dropped connection, then gives up: exit 7', async () => {
    const r = await run([], {}, [{ type: 'drop', times: 10 }]);
    expect(r.code).toBe(7);
    expect(r.requests()).toBe(3);
    r.intact();
  });

  it('fails on a refused connection: exit 7', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const r = await run([], { RANKING_API_URL: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(7);
    expect(r.output).toContain('ECONNREFUSED');
    r.intact();
  });

  it('fails on a body cut short of its Content-Length: exit 7', async () => {
    const r = await run([], {}, [{ type: 'cut-body', afterBytes: 200, times: 10 }]);
    expect(r.code).toBe(7);
    expect(r.output).toMatch(/cut short|connection dropped|terminated/);
    r.intact();
  });

  it('fails on a stalled body: exit 7', async () => {
    const r = await run([], {}, [{ type: 'stall-body', afterBytes: 100, times: 10 }]);
    expect(r.code).toBe(7);
    expect(r.output).toContain('stalled');
    r.intact();
  });

  it('fails when no headers come in time: exit 7', async () => {
    const r = await run([], {}, [{ type: 'slow-headers', delayMs: 1500, times: 10 }]);
    expect(r.code).toBe(7);
    expect(r.output).toContain('no response headers within RANKING_HEADERS_TIMEOUT_MS=400 ms');
    r.intact();
  });

  it('rejects invalid JSON: exit 6', async () => {
    const r = await run([], {}, [{ type: 'invalid-json' }]);
    expect(r.code).toBe(6);
    expect(r.output).toContain('not JSON');
    r.intact();
  });

  it('rejects a body over the size cap: exit 6', async () => {
    const r = await run([], { RANKING_MAX_BYTES: '1000' });
    expect(r.code).toBe(6);
    expect(r.output).toContain('cap');
    r.intact();
  });
});

describe('invalid or hostile data', () => {
  const withBody = (body: unknown) => [{ type: 'body', body: JSON.stringify(body) } as Fault];

  it.each([
    ['models is not an array', { ...fixtureExport(), models: {} }, 'models'],
    ['generatedAt is missing', { ...fixtureExport(), generatedAt: undefined }, 'generatedAt: missing'],
    ['generatedAt is in seconds', { ...fixtureExport(), generatedAt: Math.floor(GENERATED_AT / 1000) }, 'seconds instead of ms'],
    ['the body is an array', [1, 2, 3], 'not a valid v1 export'],
  ])('rejects a wrong structure (%s): exit 6', async (_name, body, message) => {
    const r = await run([], {}, withBody(body));
    expect(r.code).toBe(6);
    expect(r.output).toContain(message);
    r.intact();
  });

  it('rejects the export when the dropped share passes the threshold: exit 6', async () => {
    const e = fixtureExport({ hostile: false });
    e.models = e.models.map((m, i) => (i < 3 ? { ...m, supraScore: 140 } : m));
    const r = await run([], {}, withBody(e));
    expect(r.code).toBe(6);
    expect(r.output).toMatch(/2 of 12 models rows are invalid, more than 10%/);
    expect(r.output).toContain('supraScore');
    r.intact();
  });

  it('refuses an export with no models: exit 6', async () => {
    const r = await run([], {}, withBody({ ...fixtureExport(), models: [] }));
    expect(r.code).toBe(6);
    expect(r.output).toContain('no models');
    r.intact();
  });

  it('refuses to lose over half of the configurations unless --allow-shrink', async () => {
    const e = fixtureExport({ hostile: false });
    e.models = e.models.slice(0, 4);
    const refused = await run([], {}, withBody(e));
    expect(refused.code).toBe(6);
    expect(refused.output).toContain('--allow-shrink');
    refused.intact();
    const allowed = await run(['--allow-shrink'], {}, withBody(e));
    expect(allowed.code).toBe(0);
  });
});

describe('headers and configuration', () => {
  it('warns on Deprecation, Sunset, Link rel="deprecation" and a schema version other than v1', async () => {
    const r = await run([], {}, [
      {
        type: 'headers',
        headers: {
          Deprecation: 'Sun, 01 Nov 2026 00:00:00 GMT',
          Sunset: 'Sat, 01 May 2027 00:00:00 GMT',
          Link: '<https://example.org/migrate>; rel="deprecation"',
          'X-Schema-Version': 'v2',
        },
      },
    ]);
    expect(r.code).toBe(0);
    expect(r.output).toContain('deprecated');
    expect(r.output).toContain('Sat, 01 May 2027');
    expect(r.output).toContain('https://example.org/migrate');
    expect(r.output).toContain('X-Schema-Version is "v2"');
  });

  it('warns about a key of an unexpected shape but still uses it', async () => {
    const odd = 'not-a-live-key';
    const simKeyed = await startSimulator({ exportBody: JSON.stringify(fixtureExport()), keys: { [odd]: { tier: 'partner' } } });
    try {
      const captured = captureReporter([odd]);
      const out = join(dir.path, 'odd.db');
      const r = await snapshotCli(['--out', out], { env: { ...env(), RANKING_API_URL: simKeyed.url, RANKING_API_KEY: odd }, reporter: captured.reporter });
      expect(r.code).toBe(0);
      expect(captured.text()).toContain('does not look like <prefix>_live_<64 hex characters>');
    } finally {
      await simKeyed.close();
    }
  });

  it.each([
    ['a missing key', { RANKING_API_KEY: '' }, 'RANKING_API_KEY is not set'],
    ['a missing URL', { RANKING_API_URL: '' }, 'RANKING_API_URL is not set'],
    ['plain http off loopback', { RANKING_API_URL: 'http://ranking.example.org' }, 'must use https'],
    ['a bad number', { RANKING_RETRIES: 'many' }, 'RANKING_RETRIES must be'],
    [
      'a size cap past what Node parses as JSON',
      { RANKING_MAX_BYTES: '900000000' },
      `RANKING_MAX_BYTES must be at most ${constants.MAX_STRING_LENGTH} (the longest text Node can parse as JSON), got 900000000`,
    ],
  ])('exits 2 on %s', async (_name, extra, message) => {
    const r = await run([], extra);
    expect(r.code).toBe(2);
    expect(r.output).toContain(message);
    r.intact();
  });

  it('exits 2 on an unknown flag', async () => {
    const r = await run(['--frobnicate']);
    expect(r.code).toBe(2);
    expect(r.output).toContain('frobnicate');
    r.intact();
  });

  it('follows a redirect to another origin without the key, and keeps it on the same origin', async () => {
    const seen: (string | undefined)[] = [];
    const other = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(302, { location: `${sim.url}/v1/export.json` }).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    try {
      // API -> other origin (no key there) -> back to the API (key again).
      const r = await run([], {}, [{ type: 'redirect', location: `http://127.0.0.1:${port}/mirror`, path: '/v1/export.json' }]);
      expect(r.code).toBe(0);
      expect(seen).toEqual([undefined]);
      expect(sim.requests.filter((q) => q.path === '/v1/export.json').at(-1)?.hadAuthorization).toBe(true);
      expect(r.output).toContain('without the key');
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('refuses a redirect to plain http off loopback', async () => {
    const r = await run([], {}, [{ type: 'redirect', location: 'http://ranking.example.org/v1/export.json' }]);
    expect(r.code).toBe(2);
    expect(r.output).toContain('refusing a redirect');
    r.intact();
  });
});

describe('--from-file', () => {
  it('refuses a file that is not JSON, keeping the previous snapshot', async () => {
    const path = join(dir.path, 'bad.json');
    writeFileSync(path, '{"generatedAt": 1, "models": []');
    const r = await run(['--from-file', path]);
    expect(r.code).toBe(6);
    expect(r.output).toContain('is not JSON');
    r.intact();
  });

  it("stores the file's export through the same validation, after the previous one in history", async () => {
    const path = join(dir.path, 'good.json');
    writeFileSync(path, JSON.stringify(fixtureExport()));
    const r = await run(['--from-file', path]);
    expect(r.code, r.output).toBe(0);
    expect(r.outcome?.status).toBe('written');
    // The previous file held the day before's export: these are the new file's values, validated.
    withSnapshot(r.out, (reader) => {
      expect(reader.info()).toMatchObject({ generatedAt: GENERATED_AT, source: 'file', apiOrigin: null, sample: false });
      expect(reader.counts()).toMatchObject({ configurations: 12, warnings: 3, historySnapshots: 2 });
    });
    expect(r.output).toContain('models[12].slug: not a safe URL path segment');
  });
});
