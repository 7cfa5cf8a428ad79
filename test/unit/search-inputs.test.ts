import { describe, expect, it } from 'vitest';
import { searchInputs } from '../../src/publish/search-index.ts';
import type { SearchRecord } from '../../src/site/files/search-records.ts';

const records: SearchRecord[] = [
  { url: '/models/a/', title: 'A', kind: 'Model', content: 'A: a model by Acme.' },
  { url: '/tags/code/', title: 'code', kind: 'Tag', content: 'code: a tag.' },
];

describe('searchInputs', () => {
  it('is the same for the same records and changes when any field, the order or the count does', () => {
    const digest = searchInputs(records);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(searchInputs(records.map((r) => ({ ...r })))).toBe(digest);
    for (const key of ['url', 'title', 'content'] as const)
      expect(searchInputs([{ ...records[0]!, [key]: `${records[0]![key]}x` }, records[1]!]), key).not.toBe(digest);
    expect(searchInputs([{ ...records[0]!, kind: 'Benchmark' }, records[1]!])).not.toBe(digest);
    expect(searchInputs([...records].reverse())).not.toBe(digest);
    expect(searchInputs(records.slice(1))).not.toBe(digest);
    // Fields cannot run into each other: moving text from one field to the next is a change.
    expect(searchInputs([{ ...records[0]!, title: 'A:', content: ' a model by Acme.' }, records[1]!])).not.toBe(digest);
  });
});
