/** Pure helpers of the site: a family's display name and the pager's window. */
import { describe, expect, it } from 'vitest';
import { familyName } from '../../src/site/data/site-data.ts';
import { pageCount, pageWindow } from '../../src/site/lists/pagination.ts';

describe('familyName', () => {
  it('is the longest common word-prefix of the configurations', () => {
    expect(familyName(['Quillon 3 (high)', 'Quillon 3 (low)'])).toBe('Quillon 3');
    expect(familyName(['Mist X Large', 'Mist X Small'])).toBe('Mist X');
  });

  it('never cuts inside a word', () => {
    expect(familyName(['Model Alpha', 'Model Alphabet'])).toBe('Model');
  });

  it('falls back to the first name when the common part is too short', () => {
    expect(familyName(['Ab one', 'Ab two'])).toBe('Ab one');
    expect(familyName(['Solo'])).toBe('Solo');
  });
});

describe('pageWindow', () => {
  it('shows the first, the last and two around the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 100)).toBe(1);
    expect(pageCount(201, 100)).toBe(3);
  });
});
