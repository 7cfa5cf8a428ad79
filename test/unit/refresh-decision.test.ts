/** When `refresh` renders: the decision alone, without a build. */
import { describe, expect, it } from 'vitest';
import { decideRefresh } from '../../src/publish/refresh-decision.ts';
import { snapshotStamp } from '../../src/publish/build-stamp.ts';

const base = { current: 'sha:1:code', wanted: 'sha:1:code', outDir: 'dist' };

describe('decideRefresh', () => {
  it('renders nothing when dist/ shows this snapshot rendered by this code', () => {
    expect(decideRefresh({ ...base, snapshot: 'unchanged' })).toEqual({ build: false, reason: 'up to date: dist/ already shows this snapshot' });
    expect(decideRefresh({ ...base, snapshot: 'fresh' }).build).toBe(false);
  });

  it('builds when dist/ has no stamp (no site, or a failed one)', () => {
    expect(decideRefresh({ ...base, snapshot: 'fresh', current: undefined })).toEqual({ build: true, reason: 'dist/ is missing or has no build stamp' });
  });

  it('builds when the snapshot was written', () => {
    expect(decideRefresh({ ...base, snapshot: 'written' })).toMatchObject({ build: true, reason: 'the snapshot changed' });
  });

  it('builds when dist/ shows another snapshot or other code', () => {
    expect(decideRefresh({ ...base, snapshot: 'unchanged', current: 'sha:0:code' }).build).toBe(true);
    expect(decideRefresh({ ...base, snapshot: 'fresh', current: 'sha:1:other' })).toMatchObject({
      build: true,
      reason: 'dist/ shows another snapshot, or was built by other code or for another deploy target',
    });
  });

  it('builds when dist/ was built for another deploy target: what a site leaves out depends on it', () => {
    const summary = { bodySha256: 'sha', fetchedAt: 1 };
    const built = snapshotStamp(summary, 'github-pages', 'code');
    expect(snapshotStamp(summary, 'github-pages', 'code')).toBe(built);
    for (const other of [undefined, 'netlify'] as const) {
      expect(decideRefresh({ snapshot: 'unchanged', current: built, wanted: snapshotStamp(summary, other, 'code'), outDir: 'dist' }).build).toBe(true);
    }
  });
});
