/** The types the data page (`/data/`) prints for each field, read from the fields' zod schemas. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATA_FILES, flattenFields, typeOf } from '../../src/site/files/data-dictionary.ts';
import { JSON_HEADER_FIELDS, type Field } from '../../src/site/files/data-dictionary/fields.ts';

const every: Field[] = [...JSON_HEADER_FIELDS, ...DATA_FILES.flatMap((d) => [...(d.topFields ?? []), ...flattenFields(d.fields)])];

describe('typeOf', () => {
  it('names a nullable field as its type or null', () => {
    expect(typeOf({ name: 'x', schema: z.number().int().min(1).nullable(), meaning: '' })).toBe('integer or null');
    expect(typeOf({ name: 'x', schema: z.string().min(1).nullable(), meaning: '' })).toBe('string or null');
    expect(typeOf({ name: 'x', schema: z.array(z.number()), meaning: '' })).toBe('number[]');
  });

  it('prints no blank term for any field of any data file', () => {
    const blank = every.filter((f) =>
      typeOf(f)
        .split(' or ')
        .some((term) => term.trim() === '' || term !== term.trim()),
    );
    expect(blank.map((f) => `${f.name}: "${typeOf(f)}"`)).toEqual([]);
  });
});
