/** The client's retry arithmetic: exponential backoff with jitter, capped at Retry-After. */
import { describe, expect, it } from 'vitest';
import { ApiClient, parseRetryAfter } from '../../src/api/client.ts';
import { readClientTuning } from '../../src/api/settings.ts';

const client = (random: number) =>
  new ApiClient({
    ...readClientTuning({}),
    baseUrl: new URL('https://ranking.example.org'),
    key: 'k',
    retryBaseMs: 1000,
    retryMaxMs: 8000,
    random: () => random,
  });

describe('ApiClient.backoffMs', () => {
  it('doubles per attempt, jittered between half and all of it, up to the maximum', () => {
    expect([0, 1, 2, 3, 4].map((a) => client(0).backoffMs(a, undefined))).toEqual([500, 1000, 2000, 4000, 4000]);
    expect([0, 1, 2, 3, 4].map((a) => client(1).backoffMs(a, undefined))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it("never waits longer than the server's Retry-After", () => {
    expect(client(1).backoffMs(3, 1500)).toBe(1500);
    expect(client(1).backoffMs(0, 5000)).toBe(1000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores garbage', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:10 GMT', Date.UTC(2026, 10, 21, 0, 0, 0))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
