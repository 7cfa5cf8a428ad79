/** The rules on generatedAt that keep one bad answer from freezing the mirror, and the deadline that bounds a run's waits. */
import { describe, expect, it } from 'vitest';
import { checkNotInFuture, judgeOlderExport, KEEP_OLDER_FOR_MS, MAX_CLOCK_SKEW_MS } from '../../src/snapshot/export-time.ts';
import { Deadline } from '../../src/core/deadline.ts';
import { MirrorError } from '../../src/core/errors.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

describe('checkNotInFuture', () => {
  it('accepts an export dated within the clock skew', () => {
    expect(() => checkNotInFuture(NOW + MAX_CLOCK_SKEW_MS, NOW)).not.toThrow();
  });

  it('rejects an export dated beyond it as invalid (exit 6)', () => {
    expect(() => checkNotInFuture(NOW + MAX_CLOCK_SKEW_MS + 1, NOW)).toThrow(MirrorError);
    expect(() => checkNotInFuture(NOW + 365 * 24 * HOUR, NOW)).toThrow(
      expect.objectContaining({ kind: 'invalid', message: expect.stringContaining('ahead of this machine') }),
    );
  });
});

describe('judgeOlderExport', () => {
  const stored = { generatedAt: NOW - HOUR, fetchedAt: NOW - 2 * HOUR };

  it('stores a newer export without a word', () => {
    expect(judgeOlderExport(NOW, stored, NOW, false)).toEqual({ keep: false });
  });

  it('keeps the stored snapshot against an older export, loudly, with the --force hint and the date the rule ends', () => {
    const verdict = judgeOlderExport(NOW - 3 * HOUR, stored, NOW, false);
    expect(verdict.keep).toBe(true);
    expect(verdict.warning).toContain('--force');
    expect(verdict.warning).toContain(new Date(stored.fetchedAt + KEEP_OLDER_FOR_MS).toISOString());
  });

  it('takes an older export as the API’s own once the stored one was fetched over two days ago', () => {
    const verdict = judgeOlderExport(NOW - 3 * 24 * HOUR, { generatedAt: NOW - 3 * 24 * HOUR + 1, fetchedAt: NOW - KEEP_OLDER_FOR_MS }, NOW, false);
    expect(verdict.keep).toBe(false);
    expect(verdict.warning).toContain("taking this one as the API's own");
  });

  it('never keeps a stored snapshot dated in the future', () => {
    const verdict = judgeOlderExport(NOW, { generatedAt: NOW + 365 * 24 * HOUR, fetchedAt: NOW - HOUR }, NOW, false);
    expect(verdict.keep).toBe(false);
    expect(verdict.warning).toContain('dated in the future');
  });

  it('accepts an older export with --force', () => {
    expect(judgeOlderExport(NOW - 3 * HOUR, stored, NOW, true)).toEqual({ keep: false });
  });
});

describe('Deadline', () => {
  it('cuts a long wait short when it passes, and says which setting it was', async () => {
    const deadline = new Deadline(50, 'RANKING_DEADLINE_MS');
    // An hour's wait: only the deadline can end it within the test's hang guard.
    await deadline.sleep(3_600_000);
    expect(deadline.expired).toBe(true);
    expect(deadline.error('/v1/export.json').message).toBe('/v1/export.json: the deadline RANKING_DEADLINE_MS=50 ms passed');
    deadline.dispose();
  });

  it('cuts a wait on an injected clock short too', async () => {
    const deadline = new Deadline(50, 'RANKING_DETAILS_DEADLINE_MS');
    const never = () => new Promise<void>(() => {});
    await deadline.sleep(65_000, never);
    expect(deadline.expired).toBe(true);
    deadline.dispose();
  });
});
