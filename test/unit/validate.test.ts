/** The validation rules, row by row, without a server or a store. */
import { describe, expect, it } from 'vitest';
import { describeValue, formatPath, MAX_DROPPED_SHARE, validateDetail, validateExport } from '../../src/api/validate.ts';
import { bench, GENERATED_AT, model } from '../helpers/fixture.ts';

const tags = [{ tag: 'reasoning', models: 1, benches: 1 }];
const exportOf = (models: unknown[], benches: unknown[] = [bench('b', 50)], extra: Record<string, unknown> = {}) => ({
  generatedAt: GENERATED_AT,
  models,
  benches,
  tags,
  ...extra,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => model(`m-${i}`, `f-${i}`, 50));

describe('validateExport', () => {
  it('keeps valid rows and tolerates fields the API adds', () => {
    const v = validateExport(exportOf([model('a', 'f', 90, { addedField: 1 })], [bench('b', 50)], { newTopLevel: true }));
    expect(v.models.map((m) => m.slug)).toEqual(['a']);
    expect(v.warnings).toEqual([]);
    expect(v.fictional).toBe(false);
  });

  it('drops a bad row with a warning naming its JSON path and value', () => {
    const v = validateExport(exportOf([...many(10), model('bad', 'f', 101)]));
    expect(v.models).toHaveLength(10);
    expect(v.warnings).toEqual([{ path: 'models[10].supraScore', problem: expect.stringContaining('(got 101); row dropped') }]);
  });

  it('drops a later duplicate of a slug', () => {
    const v = validateExport(exportOf([...many(10), model('m-0', 'f', 10)]));
    expect(v.models).toHaveLength(10);
    expect(v.warnings[0]).toMatchObject({ path: 'models[10]', problem: expect.stringContaining('duplicate key "m-0"') });
  });

  it('removes an unsafe tag from its row and keeps the row', () => {
    const v = validateExport(exportOf([model('a', 'f', 90, { tags: ['reasoning', '../etc'] })]));
    expect(v.models[0]!.tags).toEqual(['reasoning']);
    expect(v.warnings[0]).toMatchObject({ path: 'models[0].tags[1]' });
  });

  it(`rejects the export when more than ${MAX_DROPPED_SHARE * 100}% of a collection is dropped`, () => {
    expect(() => validateExport(exportOf([...many(8), model('x', 'f', -1), model('y', 'f', -1)]))).toThrow(/2 of 10 models rows are invalid/);
    expect(() => validateExport(exportOf([...many(9), model('x', 'f', -1)]))).not.toThrow();
  });

  it('rejects a wrong structure whole, naming where', () => {
    expect(() => validateExport({ generatedAt: GENERATED_AT, models: {}, benches: [], tags: [] })).toThrow(/not a valid v1 export: models: /);
    expect(() => validateExport({ ...exportOf([]), generatedAt: 1_700_000_000 })).toThrow(/seconds instead of ms/);
  });

  it('reads the fictional label only when it is exactly true', () => {
    expect(validateExport(exportOf(many(1), undefined, { fictional: true })).fictional).toBe(true);
    expect(validateExport(exportOf(many(1), undefined, { fictional: 'yes' })).fictional).toBe(false);
  });
});

describe('validateDetail', () => {
  const entry = { bench: 'b', benchName: 'B', rawScore: 1, normalizedScore: 50, sourceUrl: 'https://x', accessedAt: GENERATED_AT, upvotes: 2, downvotes: 1 };

  it('drops a bad score entry and keeps the detail', () => {
    const d = validateDetail({ ...model('a', 'f', 90), scores: [entry, { ...entry, normalizedScore: 200 }] }, 'a');
    expect(d.scores).toHaveLength(1);
    expect(d.warnings[0]?.path).toBe('details["a"].scores[1].normalizedScore');
  });

  it('accepts a detail without updatedAt, as the contract example shows one', () => {
    const { updatedAt: _, ...summary } = model('a', 'f', 90);
    expect(validateDetail({ ...summary, scores: [] }, 'a').updatedAt).toBeUndefined();
  });
});

describe('formatPath and describeValue', () => {
  it('print paths as JSON paths and values briefly', () => {
    expect(formatPath(['models', 3, 'tags', 0])).toBe('models[3].tags[0]');
    expect(formatPath(['benches', 1, 'dimensions', 'odd key'])).toBe('benches[1].dimensions["odd key"]');
    expect(formatPath([])).toBe('(root)');
    expect(describeValue('x'.repeat(100))).toHaveLength(60);
    expect(describeValue(undefined)).toBe('missing');
  });
});
