/** Whether a new history is shorter than the published one: the rule alone, and a manifest's figures read leniently. */
import { describe, expect, it } from 'vitest';
import { historyFiguresOfManifest, shorterHistory, type HistoryFigures } from '../../src/store/published-history.ts';

const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 16, 6);
const year: HistoryFigures = { snapshots: 365, from: T - 364 * DAY, limit: 365, sample: false };

describe('shorterHistory', () => {
  it('refuses fewer snapshots than the published history, whatever their dates', () => {
    expect(shorterHistory({ snapshots: 1, from: T + DAY, limit: 365, sample: false }, year)).toBe(
      'it holds 1 snapshot of history, fewer than the 365 snapshots published',
    );
    // A lower SNAPSHOT_HISTORY_LIMIT drops history too: a person says so.
    expect(shorterHistory({ snapshots: 90, from: T - 88 * DAY, limit: 90, sample: false }, year)).toMatch(/^it holds 90 snapshots of history, fewer than/);
    // The bundled sample over a published year (a build without a snapshot).
    expect(shorterHistory({ snapshots: 1, from: T, limit: 365, sample: true }, year)).toBeDefined();
  });

  it('refuses a later first day while the history is below its limit', () => {
    const published: HistoryFigures = { snapshots: 30, from: T - 29 * DAY, limit: 365, sample: false };
    // As many snapshots, but taken since: the published month is not in it.
    expect(shorterHistory({ snapshots: 30, from: T - 5 * DAY, limit: 365, sample: false }, published)).toBe(
      `its history begins at ${new Date(T - 5 * DAY).toISOString()}, later than the published one's ${new Date(T - 29 * DAY).toISOString()}, and holds 30 snapshots, below its limit of 365`,
    );
  });

  it('takes the next day of a history: one more snapshot, or at its limit the oldest dropped for the newest', () => {
    expect(shorterHistory({ snapshots: 31, from: T - 29 * DAY, limit: 365, sample: false }, { ...year, snapshots: 30, from: T - 29 * DAY })).toBeUndefined();
    expect(shorterHistory({ snapshots: 365, from: T - 363 * DAY, limit: 365, sample: false }, year)).toBeUndefined();
    // The same history, built again.
    expect(shorterHistory(year, year)).toBeUndefined();
  });

  it('never protects the published sample, and compares an older manifest on the count it has', () => {
    expect(shorterHistory({ snapshots: 1, from: T + DAY, limit: 365, sample: false }, { snapshots: 2, from: T, limit: 365, sample: true })).toBeUndefined();
    const older: HistoryFigures = { snapshots: 365, from: undefined, limit: undefined, sample: false };
    expect(shorterHistory({ snapshots: 365, from: T, limit: 365, sample: false }, older)).toBeUndefined();
    expect(shorterHistory({ snapshots: 2, from: T, limit: 365, sample: false }, older)).toMatch(/fewer than the 365/);
  });
});

describe('historyFiguresOfManifest', () => {
  it('reads snapshotDb, the sample flag from it or from the top of a site manifest', () => {
    const snapshotDb = { historySnapshots: 365, historyFrom: new Date(T - 364 * DAY).toISOString(), historyLimit: 365, sample: false };
    expect(historyFiguresOfManifest({ snapshotDb, files: [] })).toEqual(year);
    expect(historyFiguresOfManifest({ sample: true, snapshotDb })?.sample).toBe(true);
    expect(historyFiguresOfManifest({ snapshotDb: { ...snapshotDb, sample: true } })?.sample).toBe(true);
  });

  it('gives what an older manifest has, and nothing for one that lists no snapshot file or no count', () => {
    expect(historyFiguresOfManifest({ snapshotDb: { historySnapshots: 12, parts: ['snapshot.db.gz'] } })).toEqual({
      snapshots: 12,
      from: undefined,
      limit: undefined,
      sample: false,
    });
    expect(historyFiguresOfManifest({ snapshotDb: { historySnapshots: 12, historyFrom: null, historyLimit: null } })?.from).toBeUndefined();
    for (const manifest of [{ files: [] }, { snapshotDb: {} }, { snapshotDb: { historySnapshots: '365' } }, null, 'text', []]) {
      expect(historyFiguresOfManifest(manifest)).toBeUndefined();
    }
  });
});
