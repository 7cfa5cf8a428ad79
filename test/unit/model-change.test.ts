/** When a row of a model's recent changes says "The field moved.", so that its table shows the key. */
import { describe, expect, it } from 'vitest';
import type { ChangeReason } from '../../src/site/data/change-reasons.ts';
import type { Change, ModelChange } from '../../src/site/data/history-pass.ts';
import { saysFieldMoved } from '../../src/views/model-change.ts';

const configuration = (slug: string, reason: Change['reason']): Change => ({ slug, name: slug, supraScore: 50, position: 1, reason });
const change = (reason: ModelChange['reason'], configurations: Change[]): ModelChange => ({
  familyTag: 'q',
  name: 'Q',
  status: 'present',
  supraScore: 50,
  rank: { rank: 1, tied: false },
  reason,
  configurationCount: configurations.length,
  configurations,
});
const evidence: ChangeReason = { kind: 'evidence', benchCount: [2, 3], scoresChanged: false };

describe('saysFieldMoved', () => {
  it('is true where the model moved with the field', () => {
    expect(saysFieldMoved(change({ kind: 'field', scoreChanged: true }, [configuration('a', { kind: 'field', scoreChanged: true })]))).toBe(true);
  });

  it('is true where only a configuration moved with the field, and the row names it with that reason', () => {
    expect(saysFieldMoved(change(evidence, [configuration('a', evidence), configuration('b', { kind: 'field', scoreChanged: false })]))).toBe(true);
  });

  it('is false where no reason shown is the field', () => {
    expect(saysFieldMoved(change(evidence, [configuration('a', evidence), configuration('b', { kind: 'new' })]))).toBe(false);
    expect(saysFieldMoved(change({ kind: 'method' }, [configuration('a', { kind: 'method' })]))).toBe(false);
  });
});
