/** Descriptions cut for search results and link previews end on a whole word. */
import { describe, expect, it } from 'vitest';
import { cutAtWord } from '../../src/site/format/cut-at-word.ts';

const LONG = 'Almanac Recall tests short factual questions with unambiguous, verifiable answers, using 400 expert-written questions.';

describe('cutAtWord', () => {
  it('keeps a text that fits, with its white space collapsed', () => {
    expect(cutAtWord('  Two\n  words  ', 20)).toBe('Two words');
  });

  it('cuts a long text after its last whole word that fits, and adds an ellipsis', () => {
    const cut = cutAtWord(LONG, 40);
    expect(cut).toBe('Almanac Recall tests short factual…');
    expect([...cut].length).toBeLessThanOrEqual(40);
  });

  it('keeps the last word when the cut falls just after it', () => {
    expect(cutAtWord('one two three', 8)).toBe('one two…');
  });

  it('drops a separator left before the ellipsis', () => {
    expect(cutAtWord('questions with unambiguous, verifiable answers', 28)).toBe('questions with unambiguous…');
  });

  it('never splits a character made of two code units', () => {
    const cut = cutAtWord(`${'😀'.repeat(10)} tail`, 6);
    expect(cut).toBe(`${'😀'.repeat(5)}…`);
  });

  it('cuts a text already cut mid-word (as a page may pass it) back to a whole word', () => {
    const sliced = `${'word '.repeat(31)}unfinis`; // 162 characters, the last word broken
    expect(cutAtWord(sliced.slice(0, 160))).toMatch(/ word…$/);
  });
});
