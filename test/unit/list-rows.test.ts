/**
 * The rows a list keeps of its sources (src/browser/list-view.ts `loadRows`): loaded once and drawn again as they are, unless
 * the source says they are no longer fresh (/rank/'s rankings whose ranges a newer change overtook: test/e2e/rank.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadRows, type ListSource } from '../../src/browser/list-view.ts';

function source(fresh?: (key: string) => boolean): ListSource<string, string> & { loads: string[] } {
  const loads: string[] = [];
  return { loads, key: (view) => view, load: async (key) => [`${key} #${loads.push(key)}`], ...(fresh ? { fresh } : {}) };
}

describe('loadRows', () => {
  it('loads a source once and gives the same rows again', async () => {
    const kept = new Map<string, Promise<string[]>>();
    const s = source();
    expect(await loadRows(kept, s, 'a')).toEqual(['a #1']);
    expect(await loadRows(kept, s, 'b')).toEqual(['b #2']);
    expect(await loadRows(kept, s, 'a')).toEqual(['a #1']);
    expect(s.loads).toEqual(['a', 'b']);
  });

  it('loads again the rows the source says are no longer fresh, and keeps the new ones', async () => {
    const kept = new Map<string, Promise<string[]>>();
    const stale = new Set<string>();
    const s = source((key) => !stale.has(key));
    expect(await loadRows(kept, s, 'a')).toEqual(['a #1']);
    stale.add('a');
    expect(await loadRows(kept, s, 'a')).toEqual(['a #2']);
    stale.delete('a');
    expect(await loadRows(kept, s, 'a')).toEqual(['a #2']);
    expect(s.loads).toEqual(['a', 'a']);
  });
});
