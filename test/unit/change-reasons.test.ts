/** Why a standing changed: new, removed, own evidence, the field, the method change, or "cannot tell". */
import { describe, expect, it } from 'vitest';
import { describeReason, explainChange, type StandingRecord } from '../../src/site/data/change-reasons.ts';

const at = (supraScore: number, position: number, benchCount: number | null = 10, scoresDigest: number | null = 1): StandingRecord => ({
  supraScore,
  position,
  benchCount,
  scoresDigest,
});
const PREVIOUS = Date.UTC(2026, 10, 15);
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('explainChange', () => {
  it('calls a configuration new when the previous snapshot lacks it', () => {
    expect(explainChange(undefined, at(50, 3), true, PREVIOUS)).toEqual({ kind: 'new' });
  });

  it('keeps a removed configuration with the date it was last seen', () => {
    const reason = explainChange(at(50, 3), undefined, true, PREVIOUS);
    expect(reason).toEqual({ kind: 'removed', lastSeen: PREVIOUS });
    expect(describeReason(reason, date)).toContain('2026-11-15');
  });

  it('says its own evidence changed when its benchCount changed', () => {
    expect(explainChange(at(50, 3, 10), at(52, 2, 11), true, PREVIOUS)).toEqual({ kind: 'evidence', benchCount: [10, 11], scoresChanged: false });
  });

  it('says its own evidence changed when its stored per-benchmark scores changed', () => {
    expect(explainChange(at(50, 3, 10, 1), at(50, 3, 10, 2), true, PREVIOUS)).toMatchObject({ kind: 'evidence', scoresChanged: true });
  });

  it('says the field moved when its evidence is unchanged and only its relative score moved', () => {
    expect(explainChange(at(50, 3), at(48, 4), true, PREVIOUS)).toEqual({ kind: 'field', scoreChanged: true });
  });

  it('says the field moved when its score is unchanged but its rank is not', () => {
    expect(explainChange(at(50, 3), at(50, 5), true, PREVIOUS)).toEqual({ kind: 'field', scoreChanged: false });
  });

  it('says it cannot tell when no benchCount was recorded for the earlier snapshot', () => {
    expect(explainChange(at(50, 3, null, null), at(48, 4), true, PREVIOUS)).toEqual({ kind: 'unknown', scoreChanged: true });
  });

  it('reports nothing comparable across the method change', () => {
    expect(explainChange(at(50, 3, 10), at(20, 9, 12), false, PREVIOUS)).toEqual({ kind: 'method' });
  });

  it('reports no change when nothing moved', () => {
    expect(explainChange(at(50, 3), at(50, 3), true, PREVIOUS)).toEqual({ kind: 'none' });
  });
});
