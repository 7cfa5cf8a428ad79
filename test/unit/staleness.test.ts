import { describe, expect, it } from 'vitest';
import { DEFAULT_STALE_AFTER_HOURS, readStaleAfterHours, staleAfter } from '../../src/site/settings/staleness.ts';

describe('the staleness threshold', () => {
  it('is the daily schedule and a day more unless STALE_AFTER_HOURS says otherwise', () => {
    expect(DEFAULT_STALE_AFTER_HOURS).toBe(48);
    expect(readStaleAfterHours({})).toBe(48);
    expect(readStaleAfterHours({ STALE_AFTER_HOURS: '30' })).toBe(30);
    expect(readStaleAfterHours({ STALE_AFTER_HOURS: ' 1.5 ' })).toBe(1.5);
  });

  it('falls back to the default for a value that is not a positive number of hours, as the other site settings do', () => {
    for (const bad of ['', '0', '-5', 'two days', '1e3', 'Infinity']) expect(readStaleAfterHours({ STALE_AFTER_HOURS: bad }), bad).toBe(48);
  });

  it('puts the moment that many hours after the snapshot was generated', () => {
    expect(staleAfter(Date.UTC(2026, 10, 16, 6), 30)).toBe(Date.UTC(2026, 10, 17, 12));
    expect(staleAfter(0, 1.5)).toBe(5_400_000);
  });
});
