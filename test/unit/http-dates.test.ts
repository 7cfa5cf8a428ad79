/** Header dates read strictly and formatted without ever throwing: Retry-After, X-Quota-Reset, Last-Modified, Deprecation. */
import { describe, expect, it } from 'vitest';
import { describeInstant, formatHttpDate, formatInstant, parseDeprecationDate, parseHttpDate, parseRetryAfter } from '../../src/api/http-dates.ts';
import { describeReset } from '../../src/api/client.ts';
import { parseComputedAt, parseLastModified, parseSchemaVersion } from '../../src/api/response-meta.ts';

const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);

describe('parseHttpDate', () => {
  it('reads the three forms RFC 9110 requires', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(NOV_6_1994);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(NOV_6_1994);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(NOV_6_1994);
  });

  it('refuses what Date.parse would guess at', () => {
    for (const value of [
      '-5',
      '1.5',
      '+3',
      '2026-11-21',
      'tomorrow',
      'Sun, 31 Feb 2026 00:00:00 GMT',
      'Sun, 06 Nov 1994 25:00:00 GMT',
      'Sun, 06 Nov 1994 08:49:37 PST',
    ]) {
      expect(parseHttpDate(value), value).toBeUndefined();
    }
  });
});

describe('parseRetryAfter', () => {
  it('reads a non-negative integer of seconds and an HTTP-date', () => {
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter(' 7 ')).toBe(7000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:10 GMT', Date.UTC(2026, 10, 21))).toBe(10_000);
  });

  it('takes anything else for no Retry-After, so the normal backoff applies', () => {
    for (const value of ['-5', '1.5', '+3', '0x10', '1e3', 'soon', '', undefined]) expect(parseRetryAfter(value), String(value)).toBeUndefined();
  });
});

describe('formatting a date never throws', () => {
  it('gives undefined (or the fallback) for a time no Date can hold', () => {
    for (const ms of [1e20, -1e20, NaN, Infinity, 1.7e18]) {
      expect(formatInstant(ms)).toBeUndefined();
      expect(formatHttpDate(ms)).toBeUndefined();
      expect(describeInstant(ms)).toBe('an unreadable time');
    }
    expect(formatInstant(NOV_6_1994)).toBe('1994-11-06T08:49:37.000Z');
  });

  it('describes an unusable X-Quota-Reset as the monthly reset', () => {
    const now = Date.UTC(2026, 10, 22);
    const monthly = 'when the monthly quota resets (00:00 UTC on the 1st)';
    expect(describeReset(String(Date.UTC(2026, 11, 1) / 1000), now)).toBe('at 2026-12-01T00:00:00.000Z (X-Quota-Reset)');
    // Microseconds, 1e20, milliseconds, negative, garbage, absent.
    for (const value of [String(Date.UTC(2026, 11, 1) * 1000), '100000000000000000000', '1e20', String(Date.UTC(2026, 11, 1)), '-5', 'soon', undefined]) {
      expect(describeReset(value, now), String(value)).toBe(monthly);
    }
  });
});

describe('header values kept with a snapshot', () => {
  it('keeps Last-Modified only as a date it re-serializes', () => {
    expect(parseLastModified('Sunday, 06-Nov-94 08:49:37 GMT')).toBe('Sun, 06 Nov 1994 08:49:37 GMT');
    expect(parseLastModified('Bearer demo_live_0123456789abcdef')).toBeUndefined();
  });

  it('keeps X-Schema-Version only in the shape v<number>', () => {
    expect(parseSchemaVersion('v1')).toBe('v1');
    expect(parseSchemaVersion('v12')).toBe('v12');
    for (const value of ['v1; demo_live_0123456789abcdef', '1', 'v', 'v1234', 'V1']) expect(parseSchemaVersion(value), value).toBeUndefined();
  });

  it('keeps X-Computed-At only as Unix milliseconds in the schema range', () => {
    expect(parseComputedAt('1794808800000')).toBe(1794808800000);
    for (const value of ['1794808800', '1e20', '-1', '17948088000001234', 'abc']) expect(parseComputedAt(value), value).toBeUndefined();
  });

  it('reads Deprecation and Sunset as HTTP-dates or @-seconds', () => {
    expect(parseDeprecationDate('@784111777')).toBe(784111777000);
    expect(parseDeprecationDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(NOV_6_1994);
    expect(parseDeprecationDate('true')).toBeUndefined();
  });
});
