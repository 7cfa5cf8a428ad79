/** Validation's work and memory stay bounded whatever the export holds: early rejection, capped warnings, dense bodies refused unparsed. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_DROPPED_SHARE, MAX_WARNINGS, validateExport } from '../../src/api/validate.ts';
import { checkJsonDensity } from '../../src/api/json-density.ts';
import { MirrorError } from '../../src/core/errors.ts';
import { ROOT } from '../helpers/env.ts';
import { fixtureExport, model } from '../helpers/fixture.ts';

function thrown(work: () => unknown): MirrorError {
  try {
    work();
  } catch (err) {
    if (err instanceof MirrorError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('validateExport', () => {
  it('stops at the first row past the dropped share, never reading the rest', () => {
    const rows = 10_000;
    const touched = new Set<number>();
    // Every row is invalid, and records that validation read it.
    const models = Array.from({ length: rows }, (_, i) => ({
      get slug() {
        touched.add(i);
        return 42;
      },
    }));
    const err = thrown(() => validateExport({ ...fixtureExport(), models }));
    expect(err.kind).toBe('invalid');
    expect(err.message).toContain(`${rows * MAX_DROPPED_SHARE + 1} of ${rows} models rows are invalid`);
    // Row 1000 is the 1001st dropped, past 10% of 10,000: nothing after it is read.
    expect(Math.max(...touched)).toBeLessThanOrEqual(rows * MAX_DROPPED_SHARE);
  });

  it(`keeps at most ${MAX_WARNINGS} warnings and counts the rest`, () => {
    // Rows kept, each with a tag removed: a warning per row, no row dropped.
    const models = Array.from({ length: 3000 }, (_, i) => model(`m-${i}`, `f-${i}`, 50, { tags: ['reasoning', '../bad'] }));
    const data = validateExport({ ...fixtureExport({ hostile: false }), models });
    expect(data.models).toHaveLength(3000);
    expect(data.warnings).toHaveLength(MAX_WARNINGS + 1);
    expect(data.warnings.at(-1)).toEqual({ path: '(more warnings)', problem: `2000 more warnings not kept (at most ${MAX_WARNINGS} are)` });
  });
  it('still counts every dropped row once warnings are no longer kept', () => {
    // 1,500 of 20,000 rows lack fields (7.5%, under the threshold): 1,000 warnings kept, 500 counted.
    const models = Array.from({ length: 20_000 }, (_, i) => (i % 40 < 3 ? { slug: `bad-${i}` } : model(`m-${i}`, `f-${i}`, 50)));
    const data = validateExport({ ...fixtureExport({ hostile: false }), models });
    expect(data.models).toHaveLength(18_500);
    expect(data.warnings.at(-1)?.problem).toBe(`500 more warnings not kept (at most ${MAX_WARNINGS} are)`);
  });
});

describe('checkJsonDensity', () => {
  const envelope = (rows: string) => Buffer.from(`{"generatedAt":1794808800000,"models":[${rows}],"benches":[],"tags":[]}`);

  it('refuses rows of {} before they are parsed', () => {
    const err = thrown(() => checkJsonDensity(envelope(Array(100_000).fill('{}').join(',')), 'the export'));
    expect(err.kind).toBe('invalid');
    expect(err.message).toContain('refused before parsing');
  });

  it('refuses nested empty arrays the same way', () => {
    expect(thrown(() => checkJsonDensity(Buffer.from(`${'['.repeat(50_000)}${']'.repeat(50_000)}`), 'the export')).kind).toBe('invalid');
  });

  it('does not count brackets inside strings', () => {
    const name = JSON.stringify('{['.repeat(10_000) + '\\"{');
    expect(() => checkJsonDensity(envelope(`{"name":${name}}`), 'the export')).not.toThrow();
  });

  it('accepts the bundled sample and a tiny empty export', () => {
    expect(() => checkJsonDensity(readFileSync(join(ROOT, 'data/sample/export.json')), 'sample')).not.toThrow();
    expect(() => checkJsonDensity(envelope(''), 'empty')).not.toThrow();
  });
});
