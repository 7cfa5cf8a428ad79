/** What a non-2xx answer means: the failure kind is decided from the status and `error.code`, never the message. */
import { describe, expect, it } from 'vitest';
import { classifyResponse, type ApiResponse } from '../../src/api/client.ts';

const answer = (status: number, code?: string, message = 'anything at all'): ApiResponse => ({
  status,
  headers: {},
  body: Buffer.from(JSON.stringify({ error: { ...(code ? { code } : {}), message } })),
  wireBytes: 0,
  url: new URL('https://api.example.org/v1/export.json'),
});

describe('classifyResponse', () => {
  it.each([
    [401, undefined, 'auth', false],
    [402, undefined, 'auth', false],
    [403, 'tier_forbidden', 'auth', false],
    [404, 'not_found', 'usage', false],
    [429, 'quota_exceeded', 'quota', false],
    [429, 'rate_limited', 'gave-up', true],
    [429, 'something_new', 'gave-up', true],
    [500, undefined, 'gave-up', true],
    [503, undefined, 'gave-up', true],
    [418, undefined, 'invalid', false],
  ] as const)('%i %s is %s (retryable: %s)', (status, code, kind, retryable) => {
    const failure = classifyResponse(answer(status, code), '/v1/export.json');
    expect(failure.error.kind).toBe(kind);
    expect(failure.retryable).toBe(retryable);
    expect(failure.error.apiCode).toBe(code);
  });

  it('branches on error.code, never on the message', () => {
    const quota = classifyResponse(answer(429, 'rate_limited', 'Monthly quota exceeded'), '/v1/export.json');
    expect(quota.error.kind).toBe('gave-up');
  });

  it('still classifies an answer whose body is not JSON', () => {
    const res = { ...answer(503), body: Buffer.from('<html>bad gateway</html>') };
    expect(classifyResponse(res, '/v1/export.json')).toMatchObject({ retryable: true, error: { kind: 'gave-up', apiCode: undefined } });
  });
});
