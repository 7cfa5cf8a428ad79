/** Finding the key whole or in long fragments, in printed lines and in bodies, before anything cuts them. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { containsSecret, createRedactor, MIN_FRAGMENT, secretPart } from '../../src/core/redact.ts';
import { classifyResponse } from '../../src/api/client.ts';

const KEY = `mirror_live_${randomBytes(32).toString('hex')}`;
const HEX = KEY.slice('mirror_live_'.length);
const redact = createRedactor([KEY]);

/** Whether `text` still holds any run of `n` characters of the key's secret part. */
const leaks = (text: string, n: number) => Array.from({ length: HEX.length - n + 1 }, (_, i) => HEX.slice(i, i + n)).some((piece) => text.includes(piece));

describe('createRedactor', () => {
  it('replaces the whole key', () => {
    expect(redact(`Bearer ${KEY} refused`)).toBe('Bearer [redacted] refused');
  });

  it('replaces any fragment of the secret part of at least MIN_FRAGMENT characters', () => {
    const line = `echo: ${HEX.slice(7, 7 + MIN_FRAGMENT)} and ${HEX.slice(30, 60)}!`;
    expect(redact(line)).toBe('echo: [redacted] and [redacted]!');
  });

  it('replaces a key spliced by the echo, piece by piece', () => {
    const spliced = `${KEY.slice(0, 40)}\u2026${KEY.slice(40)}`;
    expect(leaks(redact(spliced), MIN_FRAGMENT)).toBe(false);
  });

  it('leaves shorter runs and the public prefix alone', () => {
    const short = HEX.slice(0, MIN_FRAGMENT - 1);
    expect(redact(`id ${short}`)).toBe(`id ${short}`);
    expect(redact('keys look like mirror_live_<64 hex>')).toBe('keys look like mirror_live_<64 hex>');
  });

  it('takes the part after _live_ as the secret, or a whole key of another shape', () => {
    expect(secretPart(KEY)).toBe(HEX);
    expect(secretPart('some-other-secret-token')).toBe('some-other-secret-token');
  });
});

describe('containsSecret', () => {
  it('finds a fragment in a large body, and nothing in a clean one', () => {
    const body = Buffer.concat([Buffer.alloc(4 * 1024 * 1024, 'a'), Buffer.from(HEX.slice(20, 33)), Buffer.alloc(1024, 'b')]);
    expect(containsSecret(body, [KEY])).toBe(true);
    expect(containsSecret(Buffer.alloc(1024 * 1024, 'c'), [KEY])).toBe(false);
    expect(containsSecret(`name: ${HEX.slice(0, MIN_FRAGMENT - 1)}`, [KEY])).toBe(false);
  });

  it('ignores a key shorter than a fragment, which would match ordinary words', () => {
    expect(containsSecret('a test run', ['test'])).toBe(false);
  });
});

describe('classifyResponse', () => {
  it('redacts an echoed key in error.hint before cutting it to 300 characters', () => {
    // The echo straddles the cut: cutting first would leave the prefix and part of the hex.
    for (const pad of [250, 280, 286, 295]) {
      const hint = `${'h'.repeat(pad)} ${KEY}`;
      const body = Buffer.from(JSON.stringify({ error: { code: 'unavailable', hint } }));
      const failure = classifyResponse(
        { status: 503, headers: {}, body, wireBytes: body.length, url: new URL('https://api.example.org/v1/export.json') },
        '/v1/export.json',
        redact,
      );
      // What is left is the padding and (all or the start of) the marker: not one character of the key.
      expect(failure.error.hint).toBe(`${'h'.repeat(pad)} [redacted]`.slice(0, 300));
    }
  });
});
