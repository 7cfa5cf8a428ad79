/**
 * The v1 API simulator over real loopback HTTP with undici: endpoints, limits, headers, faults and
 * a prompt close(). The clock is injected, so minute and month boundaries are crossed on purpose.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  demoKey,
  encodeCursor,
  INVALID_JSON_BODY,
  startSimulator,
  type Fault,
  type KeySpec,
  type Simulator,
  type SimulatorOptions,
} from '../../src/dev/simulator/index.ts';

const GENERATED_AT = Date.UTC(2026, 9, 15, 11, 0, 0);
/** Half past a minute, in the middle of October 2026. */
const START = Date.UTC(2026, 9, 15, 12, 0, 30);
const NEXT_MONTH_S = Date.UTC(2026, 10, 1) / 1000;

const model = (slug: string, familyTag: string, supraScore: number, tags: string[], updatedAt: number) => ({
  slug,
  name: slug.toUpperCase(),
  provider: 'Acme',
  familyTag,
  tags,
  supraScore,
  benchCount: 3,
  updatedAt,
});
const bench = (slug: string, effectiveWeight: number) => ({
  slug,
  name: slug,
  description: `The ${slug} benchmark.`,
  url: `https://example.org/${slug}`,
  isOfficial: true,
  tags: ['code'],
  scaleMin: 0,
  scaleMax: 100,
  qualityScore: 70,
  dimensions: { relevance: 4, contamination: 3, discriminability: 4, reproducibility: 5, difficulty: 3 },
  modelCount: 4,
  raterCount: 9,
  effectiveWeight,
});

/** Unsorted on purpose; two configurations share the familyTag `alpha`; `m-hidden` is the newest. */
const EXPORT = {
  generatedAt: GENERATED_AT,
  models: [
    model('m-gamma', 'gamma', 60, [], GENERATED_AT - 4000),
    model('m-alpha-low', 'alpha', 70, ['code'], GENERATED_AT - 1000),
    model('m-beta', 'beta', 80, ['math'], GENERATED_AT - 3000),
    model('m-hidden', 'delta', 95, ['code'], GENERATED_AT - 500),
    model('m-alpha-high', 'alpha', 90, ['code', 'math'], GENERATED_AT - 2000),
  ],
  benches: [bench('b-low', 40), bench('b-high', 70), bench('b-mid', 55)],
  tags: [
    { tag: 'math', models: 2, benches: 0 },
    { tag: 'code', models: 3, benches: 3 },
    { tag: 'agents', models: 0, benches: 0 },
  ],
};
/** Indented, so a re-serialized body would differ from the bytes given. */
const EXPORT_BODY = JSON.stringify(EXPORT, null, 2);
const BETA_DETAIL = {
  ...EXPORT.models[2],
  scores: [
    {
      bench: 'b-high',
      benchName: 'b-high',
      rawScore: 1,
      normalizedScore: 50,
      sourceUrl: 'https://example.org',
      accessedAt: GENERATED_AT,
      upvotes: 2,
      downvotes: 0,
    },
  ],
};

const KEYS: Record<string, KeySpec> = {
  'k-starter': { tier: 'starter' },
  'k-pro': { tier: 'pro' },
  'k-enterprise': { tier: 'enterprise' },
  'k-partner': { tier: 'partner' },
  'k-revoked': { tier: 'pro', revoked: true },
  'k-two-per-minute': { tier: 'pro', ratePerMinute: 2 },
  'k-three-per-month': { tier: 'pro', monthlyQuota: 3 },
};

const agent = new Agent({ keepAliveTimeout: 1_000 });
afterAll(() => agent.destroy());

let clock = START;
let sim: Simulator;

async function start(overrides: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  return startSimulator({
    exportBody: EXPORT_BODY,
    details: { 'm-beta': BETA_DETAIL },
    keys: KEYS,
    hiddenSlugs: ['m-hidden'],
    now: () => clock,
    ...overrides,
  });
}

beforeEach(async () => {
  clock = START;
  sim = await start();
});
afterEach(() => sim.close());

interface Got {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  json: () => any;
}

async function get(
  path: string,
  key: string | null = 'k-pro',
  options: { headers?: Record<string, string>; method?: 'GET' | 'POST' | 'HEAD' } = {},
): Promise<Got> {
  const res = await request(`${sim.url}${path}`, {
    dispatcher: agent,
    method: options.method ?? 'GET',
    headers: { ...(key !== null ? { authorization: `Bearer ${key}` } : {}), ...options.headers },
  });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
  return { status: res.statusCode, headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

const slugs = (got: Got): string[] => got.json().map((row: { slug: string }) => row.slug);
const errorCode = (got: Got): string | undefined => got.json().error?.code;

describe('endpoints', () => {
  it('lists models by supraScore descending, without hidden ones, filtered by tag', async () => {
    expect(slugs(await get('/v1/models'))).toEqual(['m-alpha-high', 'm-beta', 'm-alpha-low', 'm-gamma']);
    expect(slugs(await get('/v1/models?tag=code'))).toEqual(['m-alpha-high', 'm-alpha-low']);
    expect(slugs(await get('/v1/models?tag=code&limit=1'))).toEqual(['m-alpha-high']);
    expect(slugs(await get('/v1/models?tag=nobody'))).toEqual([]);
  });

  it('serves a model detail: the given one, or the summary with empty scores', async () => {
    expect((await get('/v1/models/m-beta')).json()).toEqual(BETA_DETAIL);
    const synthesized = await get('/v1/models/m-gamma');
    expect(synthesized.status).toBe(200);
    expect(synthesized.json()).toEqual({ ...EXPORT.models[0], scores: [] });
  });

  it('answers 404 not_found for an unknown, hidden or malformed slug and an unknown path', async () => {
    for (const path of ['/v1/models/nope', '/v1/models/m-hidden', '/v1/models/%E0%A4%A', '/v1/models/m-beta/extra', '/v1/nope', '/v1/_meta', '/']) {
      const got = await get(path);
      expect([path, got.status, errorCode(got)]).toEqual([path, 404, 'not_found']);
    }
  });

  it('lists benches by effectiveWeight descending and tags alphabetically', async () => {
    expect(slugs(await get('/v1/benches'))).toEqual(['b-high', 'b-mid', 'b-low']);
    expect((await get('/v1/tags')).json().map((t: { tag: string }) => t.tag)).toEqual(['agents', 'code', 'math']);
  });

  it('gives the best models of a tag, and [] for a tag nobody carries', async () => {
    expect(slugs(await get('/v1/best?tag=math'))).toEqual(['m-alpha-high', 'm-beta']);
    expect(slugs(await get('/v1/best?tag=code'))).toEqual(['m-alpha-high', 'm-alpha-low']);
    const none = await get('/v1/best?tag=unheard-of');
    expect([none.status, none.json()]).toEqual([200, []]);
  });

  it('answers 400 bad_request for an empty slug and a missing or empty tag on /v1/best', async () => {
    for (const path of ['/v1/models/', '/v1/best', '/v1/best?tag=', '/v1/best?limit=5']) {
      const got = await get(path);
      expect([path, got.status, errorCode(got)]).toEqual([path, 400, 'bad_request']);
    }
  });

  it('answers 400 invalid_param for a non-integer limit on every endpoint that takes one', async () => {
    for (const path of ['/v1/benches?limit=abc', '/v1/benches?limit=1.5', '/v1/models?limit=ten', '/v1/models?limit=', '/v1/best?tag=code&limit=2x']) {
      const got = await get(path);
      expect([path, got.status, errorCode(got)]).toEqual([path, 400, 'invalid_param']);
      expect(got.json().error.message).toEqual(expect.any(String));
      expect(got.json().error.hint).toEqual(expect.any(String));
    }
  });

  it('refuses the export to a Starter key and serves its exact bytes to Pro, Enterprise and Partner', async () => {
    const starter = await get('/v1/export.json', 'k-starter');
    expect([starter.status, errorCode(starter)]).toEqual([403, 'tier_forbidden']);
    for (const key of ['k-pro', 'k-enterprise', 'k-partner']) {
      const got = await get('/v1/export.json', key);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(Buffer.from(EXPORT_BODY))).toBe(true);
      expect(got.headers['cache-control']).toBe('private, max-age=86400');
      // The export still holds the hidden model, the newest of all.
      expect(got.headers['last-modified']).toBe(new Date(GENERATED_AT - 500).toUTCString());
    }
  });

  it('answers 405 for a method other than GET and swaps the data with setExport', async () => {
    const post = await get('/v1/models', 'k-pro', { method: 'POST' });
    expect([post.status, errorCode(post), post.headers.allow]).toEqual([405, 'method_not_allowed', 'GET']);
    const next = { ...EXPORT, models: [model('m-new', 'new', 42, [], GENERATED_AT)] };
    sim.setExport(JSON.stringify(next));
    expect(slugs(await get('/v1/models'))).toEqual(['m-new']);
    expect((await get('/v1/models/m-beta')).status).toBe(404);
    expect((await get('/v1/export.json')).json()).toEqual(next);
  });

  it('serves the export bytes but 500 elsewhere when the export is not JSON', async () => {
    sim.setExport('this is not json');
    expect((await get('/v1/export.json')).bytes.toString()).toBe('this is not json');
    const models = await get('/v1/models');
    expect([models.status, errorCode(models)]).toEqual([500, 'internal_error']);
  });
});

describe('limit clamping', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => i);
  beforeEach(async () => {
    await sim.close();
    const big = {
      generatedAt: GENERATED_AT,
      models: many(600).map((i) => model(`m-${i}`, `f-${i}`, (i * 7) % 100, ['code'], GENERATED_AT)),
      benches: many(600).map((i) => bench(`b-${i}`, (i * 13) % 100)),
      tags: [{ tag: 'code', models: 600, benches: 600 }],
    };
    sim = await start({ exportBody: JSON.stringify(big), details: undefined, hiddenSlugs: [] });
  });

  it('clamps /v1/models and /v1/benches into 1-500 with 100 by default', async () => {
    for (const base of ['/v1/models', '/v1/benches']) {
      const counts = [];
      for (const query of ['', '?limit=0', '?limit=-3', '?limit=1', '?limit=250', '?limit=9999', '?limit=99999999999999999999']) {
        counts.push((await get(`${base}${query}`)).json().length);
      }
      expect([base, ...counts]).toEqual([base, 100, 1, 1, 1, 250, 500, 500]);
    }
  });

  it('clamps /v1/best into 1-100 with 10 by default, sorted by supraScore', async () => {
    const counts = [];
    for (const query of ['', '&limit=0', '&limit=50', '&limit=9999']) counts.push((await get(`/v1/best?tag=code${query}`)).json().length);
    expect(counts).toEqual([10, 1, 50, 100]);
    const scores = (await get('/v1/best?tag=code&limit=100')).json().map((m: { supraScore: number }) => m.supraScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('authentication', () => {
  it('answers 401 invalid_key for a missing, malformed or unknown key and key_revoked for a revoked one, counting none', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['missing', {}, 'invalid_key'],
      ['not bearer', { authorization: 'Basic azpw' }, 'invalid_key'],
      ['empty bearer', { authorization: 'Bearer ' }, 'invalid_key'],
      ['unknown', { authorization: 'Bearer k-nobody' }, 'invalid_key'],
      ['prototype name', { authorization: 'Bearer __proto__' }, 'invalid_key'],
      ['revoked', { authorization: 'Bearer k-revoked' }, 'key_revoked'],
    ];
    for (const [name, headers, code] of cases) {
      const got = await get('/v1/models', null, { headers });
      expect([name, got.status, errorCode(got)]).toEqual([name, 401, code]);
      expect(got.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(got.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(sim.usage('k-revoked').monthUsed).toBe(0);
    expect(sim.requests.map((r) => r.status)).toEqual(cases.map(() => 401));
    expect(sim.requests.map((r) => r.hadAuthorization)).toEqual([false, true, true, true, true, true]);
    // The bearer scheme is case-insensitive.
    expect((await get('/v1/tags', null, { headers: { authorization: 'bearer k-pro' } })).status).toBe(200);
  });

  it('derives deterministic demo keys in the live-key shape and refuses a non-loopback host', async () => {
    expect(demoKey('partner')).toMatch(/^demo_live_[0-9a-f]{64}$/);
    expect(demoKey('partner')).toBe(demoKey('partner'));
    expect(new Set(['starter', 'pro', 'enterprise', 'partner'].map((t) => demoKey(t as 'pro'))).size).toBe(4);
    await expect(start({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('headers and limits', () => {
  it('sends every success header with values that follow from the clock and the data', async () => {
    await get('/v1/models');
    const got = await get('/v1/models');
    const h = got.headers;
    expect(h['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(h['content-length'])).toBe(got.bytes.length);
    expect(h['x-ratelimit-limit']).toBe('300');
    expect(h['x-ratelimit-remaining']).toBe('298');
    expect(Number(h['x-ratelimit-reset'])).toBe(Math.floor(START / 60_000) * 60 + 60);
    expect(h['x-quota-limit']).toBe('100000');
    expect(h['x-quota-remaining']).toBe('99998');
    expect(Number(h['x-quota-reset'])).toBe(NEXT_MONTH_S);
    expect(h['x-computed-at']).toBe(String(GENERATED_AT));
    expect(h['x-schema-version']).toBe('v1');
    expect(h['last-modified']).toBe(new Date(GENERATED_AT - 1000).toUTCString()); // m-alpha-low, newest visible
    expect(h['cache-control']).toBe('private, max-age=300');
    expect((await get('/v1/tags')).headers['cache-control']).toBe('private, max-age=3600');
    expect((await get('/v1/benches')).headers['last-modified']).toBe(new Date(GENERATED_AT).toUTCString());
    expect((await get('/v1/models/m-gamma')).headers['last-modified']).toBe(new Date(GENERATED_AT - 4000).toUTCString());
    // Tier defaults, and the limit headers on an error answer after auth.
    expect((await get('/v1/tags', 'k-partner')).headers['x-ratelimit-limit']).toBe('600');
    expect((await get('/v1/tags', 'k-enterprise')).headers['x-quota-limit']).toBe('1000000');
    const forbidden = await get('/v1/export.json', 'k-starter');
    expect([forbidden.headers['x-ratelimit-limit'], forbidden.headers['x-quota-limit']]).toEqual(['60', '10000']);
  });

  it('answers 429 rate_limited over the per-minute limit, and serves again in the next minute', async () => {
    expect((await get('/v1/tags', 'k-two-per-minute')).status).toBe(200);
    expect((await get('/v1/models/nope', 'k-two-per-minute')).status).toBe(404); // a routed 404 counts too
    const limited = await get('/v1/tags', 'k-two-per-minute');
    expect([limited.status, errorCode(limited)]).toEqual([429, 'rate_limited']);
    expect(limited.headers['retry-after']).toBe('30'); // the clock is at :30
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.json().error.hint).toEqual(expect.any(String));
    clock += 29_500;
    expect((await get('/v1/tags', 'k-two-per-minute')).headers['retry-after']).toBe('1');
    expect(sim.usage('k-two-per-minute').minuteCounts.get(Math.floor(START / 60_000))).toBe(2);
    clock += 500; // the next minute bucket
    const again = await get('/v1/tags', 'k-two-per-minute');
    expect([again.status, again.headers['x-ratelimit-remaining']]).toEqual([200, '1']);
    expect(sim.usage('k-two-per-minute').monthUsed).toBe(3);
  });

  it('answers 429 quota_exceeded with X-Quota-Reset once the month is used up, until the 1st', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/v1/tags', 'k-three-per-month')).status).toBe(200);
    const refused = await get('/v1/tags', 'k-three-per-month');
    expect([refused.status, errorCode(refused)]).toEqual([429, 'quota_exceeded']);
    expect(Number(refused.headers['x-quota-reset'])).toBe(NEXT_MONTH_S);
    expect(refused.headers['x-quota-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBe(NEXT_MONTH_S - START / 1000);
    clock = NEXT_MONTH_S * 1000; // 00:00 UTC on the 1st
    const reset = await get('/v1/tags', 'k-three-per-month');
    expect([reset.status, reset.headers['x-quota-remaining']]).toEqual([200, '2']);
  });

  it('logs every request with its key, status and minute bucket', async () => {
    await get('/v1/models?tag=code&limit=2');
    await get('/v1/tags', null);
    expect(sim.requests).toEqual([
      {
        at: START,
        method: 'GET',
        path: '/v1/models',
        query: 'tag=code&limit=2',
        key: 'k-pro',
        hadAuthorization: true,
        status: 200,
        minuteBucket: Math.floor(START / 60_000),
      },
      { at: START, method: 'GET', path: '/v1/tags', query: '', key: undefined, hadAuthorization: false, status: 401, minuteBucket: Math.floor(START / 60_000) },
    ]);
  });
});

describe('faults', () => {
  it('answers a status fault with a JSON error, without code when none is given, or a raw body', async () => {
    sim.addFault({ type: 'status', status: 503, code: 'unavailable', message: 'down', hint: 'later', headers: { 'Retry-After': '2' } });
    sim.addFault({ type: 'status', status: 500 });
    sim.addFault({ type: 'status', status: 502, body: '<html>bad gateway</html>' });
    const first = await get('/v1/models');
    expect([first.status, first.json(), first.headers['retry-after']]).toEqual([503, { error: { code: 'unavailable', message: 'down', hint: 'later' } }, '2']);
    const second = await get('/v1/models');
    expect([second.status, 'code' in second.json().error]).toEqual([500, false]);
    const third = await get('/v1/models');
    expect([third.status, third.bytes.toString()]).toEqual([502, '<html>bad gateway</html>']);
    expect((await get('/v1/models')).status).toBe(200);
    expect(sim.usage('k-pro').monthUsed).toBe(1); // only the real 200 counted
  });

  it('applies a fault only to its path, `times` times, after auth, in queue order', async () => {
    sim.addFault({ type: 'status', status: 503, path: '/v1/export', times: 2 });
    sim.addFault({ type: 'status', status: 504, path: /^\/v1\/models\/m-/g });
    expect((await get('/v1/export.json', null)).status).toBe(401); // consumes nothing
    expect((await get('/v1/models')).status).toBe(200);
    expect((await get('/v1/models/m-beta')).status).toBe(504);
    expect((await get('/v1/models/m-beta')).status).toBe(200);
    expect((await get('/v1/export.json')).status).toBe(503);
    expect((await get('/v1/export.json')).status).toBe(503);
    expect((await get('/v1/export.json')).status).toBe(200);
    sim.addFault({ type: 'drop', times: Infinity });
    sim.clearFaults();
    expect((await get('/v1/tags')).status).toBe(200);
    expect(() => sim.addFault({ type: 'cut-body', afterBytes: -1 })).toThrow(/afterBytes/);
    expect(() => sim.addFault({ type: 'status', status: 503, times: 0 })).toThrow(/times/);
  });

  it('simulates rate_limited and quota_exceeded answers', async () => {
    sim.addFault({ type: 'rate_limited', retryAfter: 7 });
    sim.addFault({ type: 'quota_exceeded', resetAt: NEXT_MONTH_S });
    const limited = await get('/v1/export.json');
    expect([limited.status, errorCode(limited), limited.headers['retry-after']]).toEqual([429, 'rate_limited', '7']);
    const quota = await get('/v1/export.json');
    expect([quota.status, errorCode(quota), quota.headers['x-quota-reset']]).toEqual([429, 'quota_exceeded', String(NEXT_MONTH_S)]);
    expect(Number(quota.headers['retry-after'])).toBe(NEXT_MONTH_S - START / 1000);
  });

  it('redirects, replaces the body, sends non-JSON and adds headers', async () => {
    sim.addFault({ type: 'redirect', location: 'https://elsewhere.example/v1/export.json' });
    sim.addFault({ type: 'body', body: '{"generatedAt":1}' });
    sim.addFault({ type: 'invalid-json' });
    sim.addFault({ type: 'headers', headers: { Deprecation: 'Sun, 01 Nov 2026 00:00:00 GMT', 'X-Schema-Version': 'v2' } });
    const moved = await get('/v1/export.json');
    expect([moved.status, moved.headers.location]).toEqual([302, 'https://elsewhere.example/v1/export.json']);
    const replaced = await get('/v1/export.json');
    expect([replaced.status, replaced.bytes.toString(), replaced.headers['content-length']]).toEqual([200, '{"generatedAt":1}', '17']);
    const garbled = await get('/v1/export.json');
    expect([garbled.status, garbled.bytes.toString(), garbled.headers['x-schema-version']]).toEqual([200, INVALID_JSON_BODY, 'v1']);
    expect(() => garbled.json()).toThrow(SyntaxError);
    const deprecated = await get('/v1/models');
    expect([deprecated.status, deprecated.headers.deprecation, deprecated.headers['x-schema-version']]).toEqual([200, 'Sun, 01 Nov 2026 00:00:00 GMT', 'v2']);
    expect(deprecated.json()).toHaveLength(4);
    expect(sim.usage('k-pro').monthUsed).toBe(3); // the body, invalid-json and headers answers were 200s; the redirect was not
  });

  it('drops the connection without a response', async () => {
    sim.addFault({ type: 'drop' });
    await expect(get('/v1/export.json')).rejects.toThrow();
    expect(sim.requests.at(-1)?.status).toBe('fault');
    expect((await get('/v1/export.json')).status).toBe(200);
  });

  it('cuts the body short of its Content-Length', async () => {
    sim.addFault({ type: 'cut-body', afterBytes: 10 });
    const res = await request(`${sim.url}/v1/export.json`, { dispatcher: agent, headers: { authorization: 'Bearer k-pro' } });
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(EXPORT_BODY));
    const outcome = await res.body.arrayBuffer().then(
      (body) => body.byteLength,
      (err: Error) => err,
    );
    if (typeof outcome === 'number') expect(outcome).toBeLessThan(Buffer.byteLength(EXPORT_BODY));
    else expect(outcome).toBeInstanceOf(Error);
  });

  it('stalls the body until the client body timeout fires', async () => {
    sim.addFault({ type: 'stall-body', afterBytes: 5 });
    const res = await request(`${sim.url}/v1/export.json`, { dispatcher: agent, bodyTimeout: 200, headers: { authorization: 'Bearer k-pro' } });
    expect(res.statusCode).toBe(200);
    await expect(res.body.arrayBuffer()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
  });

  it('delays the headers: a short headers timeout fires, a long one gets the normal answer', async () => {
    sim.addFault({ type: 'slow-headers', delayMs: 2_000 });
    await expect(request(`${sim.url}/v1/tags`, { dispatcher: agent, headersTimeout: 150, headers: { authorization: 'Bearer k-pro' } })).rejects.toMatchObject({
      code: 'UND_ERR_HEADERS_TIMEOUT',
    });
    sim.addFault({ type: 'slow-headers', delayMs: 150 });
    const startedAt = performance.now();
    const slow = await get('/v1/tags');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(140);
    expect([slow.status, slow.json()[0].tag]).toEqual([200, 'agents']);
  });

  it('closes promptly with a stalled response and a pending slow answer open', async () => {
    const faults: Fault[] = [
      { type: 'stall-body', afterBytes: 5, path: '/v1/export.json' },
      // An hour's delay: only the close can end it within the test's hang guard.
      { type: 'slow-headers', delayMs: 3_600_000, path: '/v1/tags' },
    ];
    for (const fault of faults) sim.addFault(fault);
    const stalled = await request(`${sim.url}/v1/export.json`, { dispatcher: agent, headers: { authorization: 'Bearer k-pro' } });
    // Settled into values at once, so neither rejection is ever unhandled.
    const settled = (promise: Promise<unknown>) =>
      promise.then(
        () => 'completed',
        (err: unknown) => err,
      );
    const pending = settled(request(`${sim.url}/v1/tags`, { dispatcher: agent, headers: { authorization: 'Bearer k-pro' } }));
    const reading = settled(stalled.body.arrayBuffer());
    await sim.received('/v1/tags');
    await sim.close();
    expect(await reading).toBeInstanceOf(Error);
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('with its own agent', () => {
  let other: Agent;
  beforeAll(() => {
    other = new Agent();
  });
  afterAll(() => other.destroy());

  it('serves several clients at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(`${sim.url}/v1/tags`, { dispatcher: other, headers: { authorization: 'Bearer k-partner' } }).then(
          async (r) => (await r.body.text(), r.statusCode),
        ),
      ),
    );
    expect(answers).toEqual(Array(20).fill(200));
    expect(sim.usage('k-partner').monthUsed).toBe(20);
  });
});

describe('what the service may do, on demand', () => {
  const restart = async (overrides: Partial<SimulatorOptions>) => {
    await sim.close();
    sim = await start(overrides);
  };
  const updatedAts = async () => (await get('/v1/models')).json().map((m: { updatedAt: number }) => m.updatedAt);

  it('moves every updatedAt at each ranking refresh of a calendar-minute clock, and when asked', async () => {
    await restart({ live: { refreshEveryMs: 60_000 } });
    expect(await updatedAts()).toEqual([GENERATED_AT - 2000, GENERATED_AT - 3000, GENERATED_AT - 1000, GENERATED_AT - 4000]);
    clock += 45_000; // into the next minute
    const tick = Math.floor(clock / 60_000) * 60_000;
    expect(await updatedAts()).toEqual([tick, tick, tick, tick]);
    const exported = (await get('/v1/export.json')).json();
    expect(exported.generatedAt).toBe(tick);
    expect(exported.models.map((m: { updatedAt: number }) => m.updatedAt)).toEqual(Array(5).fill(tick));
    clock += 10_000; // same minute: no refresh
    expect(await updatedAts()).toEqual([tick, tick, tick, tick]);
    sim.refreshRankings();
    expect(await updatedAts()).toEqual(Array(4).fill(clock));
  });

  it('changes details: a new counted submission raises benchCount, a vote flip changes whether a score counts', async () => {
    const counted = (d: { scores: { bench: string; upvotes: number; downvotes: number }[] }) =>
      new Set(d.scores.filter((s) => s.upvotes > s.downvotes).map((s) => s.bench));
    const detail = async (slug: string) => (await get(`/v1/models/${slug}`)).json();
    const all = async () => Promise.all(['m-hidden', 'm-alpha-high', 'm-beta', 'm-alpha-low', 'm-gamma'].map(detail));
    await restart({ hiddenSlugs: [] });
    const before = await all();
    sim.changeDetails({ submissions: 1, voteFlips: 0 });
    const after = await all();
    const changed = after.filter((d, i) => d.benchCount !== before[i].benchCount);
    expect(changed).toHaveLength(1);
    const was = before.find((d) => d.slug === changed[0].slug);
    expect(changed[0].benchCount).toBe(was.benchCount + 1);
    expect(counted(changed[0]).size).toBe(counted(was).size + 1);
    // The list endpoint and the export agree with the detail.
    expect((await get('/v1/models')).json().find((m: { slug: string }) => m.slug === changed[0].slug).benchCount).toBe(changed[0].benchCount);

    // Flip votes until one lands on a configuration with scores: whether a score counts changes, and so may benchCount.
    for (let i = 0; i < 20; i++) {
      const prev = await all();
      clock += 1000;
      sim.changeDetails({ submissions: 0, voteFlips: 1 });
      const next = await all();
      const flipped = next.findIndex((d, j) => JSON.stringify(d.scores) !== JSON.stringify(prev[j].scores));
      if (flipped === -1) continue;
      const votes = (d: { scores: { upvotes: number; downvotes: number }[] }) => d.scores.map((s) => s.upvotes > s.downvotes);
      expect(votes(next[flipped])).not.toEqual(votes(prev[flipped]));
      expect(next[flipped].benchCount - prev[flipped].benchCount).toBe(counted(next[flipped]).size - counted(prev[flipped]).size);
      return;
    }
    throw new Error('no vote flip landed on a configuration with scores in 20 tries');
  });

  it('lets a configuration vanish between the export and its detail lookup, and leave the next export', async () => {
    await restart({ live: { refreshEveryMs: 60_000, vanishPerExport: 1 } });
    const before = slugs(await get('/v1/models'));
    await get('/v1/export.json');
    const lookups = await Promise.all(before.map(async (slug) => [slug, (await get(`/v1/models/${slug}`)).status] as const));
    const gone = lookups.filter(([, status]) => status === 404).map(([slug]) => slug);
    expect(gone).toHaveLength(1);
    expect(slugs(await get('/v1/models'))).not.toContain(gone[0]);
    expect((await get('/v1/export.json')).json().models.map((m: { slug: string }) => m.slug)).toContain(gone[0]);
    clock += 60_000;
    expect((await get('/v1/export.json')).json().models.map((m: { slug: string }) => m.slug)).not.toContain(gone[0]);
  });

  it('hides a configuration on demand', async () => {
    expect((await get('/v1/models/m-beta')).status).toBe(200);
    sim.hide(['m-beta']);
    expect((await get('/v1/models/m-beta')).status).toBe(404);
    expect(slugs(await get('/v1/models'))).toEqual(['m-alpha-high', 'm-alpha-low', 'm-gamma']);
  });

  it('serves cursor pages when asked to, and refuses a cursor it did not give out', async () => {
    await restart({ pageSize: 2 });
    const first = await get('/v1/export.json');
    expect(first.json().models).toHaveLength(2);
    expect(first.json().benches).toHaveLength(2);
    const cursor = first.headers['x-next-cursor']!;
    expect(cursor).toBe(encodeCursor(2));
    const second = await get(`/v1/export.json?after=${cursor}`);
    expect(second.json()).toMatchObject({ generatedAt: GENERATED_AT, benches: [EXPORT.benches[2]], tags: [EXPORT.tags[2]] });
    const third = await get(`/v1/export.json?after=${second.headers['x-next-cursor']}`);
    expect(third.json().models.map((m: { slug: string }) => m.slug)).toEqual(['m-alpha-high']);
    expect(third.headers['x-next-cursor']).toBeUndefined();
    // The list endpoints page by the page size, or by limit when it is smaller.
    const models = await get('/v1/models?limit=3');
    expect(slugs(models)).toEqual(['m-alpha-high', 'm-beta']);
    expect(slugs(await get(`/v1/models?limit=3&after=${models.headers['x-next-cursor']}`))).toEqual(['m-alpha-low', 'm-gamma']);
    const one = await get('/v1/models?limit=1');
    expect(slugs(one)).toEqual(['m-alpha-high']);
    expect(slugs(await get(`/v1/models?limit=1&after=${one.headers['x-next-cursor']}`))).toEqual(['m-beta']);
    expect((await get('/v1/tags')).json()).toHaveLength(2);
    expect(errorCode(await get('/v1/export.json?after=bogus'))).toBe('invalid_param');
    // Without pages, today's service ignores after.
    await restart({});
    expect((await get(`/v1/export.json?after=${cursor}`)).bytes.toString()).toBe(EXPORT_BODY);
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified when conditional, and ignores it otherwise', async () => {
    const lastModified = (await get('/v1/export.json')).headers['last-modified']!;
    const conditional = { headers: { 'if-modified-since': lastModified } };
    expect((await get('/v1/export.json', 'k-pro', conditional)).status).toBe(200);
    await restart({ conditional: true });
    const notModified = await get('/v1/export.json', 'k-pro', conditional);
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.headers).toMatchObject({ 'last-modified': lastModified, 'cache-control': 'private, max-age=86400' });
    expect(sim.usage('k-pro').monthUsed).toBe(1);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get('/v1/export.json', 'k-pro', { headers: { 'if-modified-since': earlier } })).status).toBe(200);
    expect((await get('/v1/export.json', 'k-pro', { headers: { 'if-modified-since': 'yesterday' } })).status).toBe(200);
  });

  it('compresses with br or gzip when the client asks, and sends a compressed body fault', async () => {
    expect((await get('/v1/tags', 'k-pro', { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
    await restart({ compression: true });
    const gz = await get('/v1/export.json', 'k-pro', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(EXPORT_BODY);
    const br = await get('/v1/export.json', 'k-pro', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(EXPORT_BODY);
    expect((await get('/v1/export.json', 'k-pro', { headers: { 'accept-encoding': 'br;q=0, identity' } })).bytes.toString()).toBe(EXPORT_BODY);
    sim.addFault({ type: 'body', body: Buffer.alloc(1_000_000), encoding: 'gzip', path: '/v1/export.json' });
    const bomb = await get('/v1/export.json', 'k-pro', { headers: { 'accept-encoding': 'gzip' } });
    expect(bomb.bytes.length).toBeLessThan(10_000);
    expect(gunzipSync(bomb.bytes).length).toBe(1_000_000);
  });
});
