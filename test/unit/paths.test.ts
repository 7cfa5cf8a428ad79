/** The one rule for path segments: safe names kept, unsafe and colliding ones derived, deterministically. */
import { describe, expect, it } from 'vitest';
import { assignSegments, derivedSegment, isPlainSegment, pairKey } from '../../src/site/data/paths.ts';

const DERIVED = /^[a-z0-9-]+-[0-9a-f]{8,}$/;

describe('assignSegments', () => {
  it('keeps a safe name as its own segment', () => {
    expect(assignSegments(['quillon-3', 'mist_x.v2'])).toEqual(
      new Map([
        ['quillon-3', 'quillon-3'],
        ['mist_x.v2', 'mist_x.v2'],
      ]),
    );
  });

  it('derives a lowercase, hashed segment for a name that is not a safe path segment', () => {
    const segment = assignSegments(['../Evil family/..']).get('../Evil family/..')!;
    expect(segment).toMatch(DERIVED);
    expect(segment.startsWith('evil-family-')).toBe(true);
    expect(segment).not.toContain('/');
    expect(segment).not.toContain('..');
  });

  it('gives the second of two names that differ only by case a derived segment, the lowercase one keeping its own', () => {
    const map = assignSegments(['Math', 'math']);
    expect(map.get('math')).toBe('math');
    expect(map.get('Math')).toMatch(DERIVED);
    expect(map.get('Math')!.toLowerCase()).not.toBe('math');
  });

  it('derives a segment for Windows device names and a trailing dot', () => {
    for (const name of ['con', 'CON', 'aux', 'nul', 'prn', 'com1', 'LPT9', 'con.txt', 'name.']) {
      expect(isPlainSegment(name), name).toBe(false);
      expect(assignSegments([name]).get(name), name).toMatch(DERIVED);
    }
    expect(isPlainSegment('console')).toBe(true);
    expect(isPlainSegment('com10')).toBe(true);
  });

  it('never hands out a segment twice, even to a derived name that equals a real one', () => {
    const unsafe = 'a b';
    const taken = derivedSegment(unsafe);
    const map = assignSegments([unsafe, taken, taken.toUpperCase()]);
    const folded = [...map.values()].map((s) => s.toLowerCase());
    expect(new Set(folded).size).toBe(3);
    expect(map.get(taken)).toBe(taken);
    expect(map.get(unsafe)).not.toBe(taken);
  });

  it('keeps out the names a folder reserves for itself', () => {
    expect(assignSegments(['page', 'pages'], ['page']).get('page')).toMatch(DERIVED);
    expect(assignSegments(['page', 'pages'], ['page']).get('pages')).toBe('pages');
  });

  it('gives the same segments whatever the order of the names', () => {
    const names = ['B', 'b', 'con', '../x', 'plain'];
    expect(assignSegments(names)).toEqual(assignSegments([...names].reverse()));
  });

  it('keeps every segment short enough for any file system', () => {
    const long = 'x'.repeat(300);
    const segment = assignSegments([long]).get(long)!;
    expect(segment.length).toBeLessThanOrEqual(128);
    expect(isPlainSegment(pairKey('a'.repeat(128), 'b'.repeat(128)))).toBe(false);
  });
});

describe('pairKey', () => {
  it('names a pair in canonical order', () => {
    expect(pairKey('quillon-3', 'mist-x')).toBe('mist-x-vs-quillon-3');
    expect(pairKey('mist-x', 'quillon-3')).toBe('mist-x-vs-quillon-3');
  });
});
