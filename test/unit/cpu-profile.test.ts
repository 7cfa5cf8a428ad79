/** The build profile's summary: owners from URLs, page routes from compiled module names, time under each page. */
import { describe, expect, it } from 'vitest';
import { ownerOf, pageOf, profileReport, summarizeProfile, type CpuProfile } from '../../src/dev/bench/cpu-profile.ts';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });

describe('cpu-profile', () => {
  it('names the owner of a frame and the route of a compiled page', () => {
    expect(ownerOf('file:///r/node_modules/better-sqlite3/lib/methods/wrappers.js', 'all')).toBe('SQLite reads');
    expect(ownerOf('file:///r/src/site/data/history-pass.ts', 'sweep')).toBe('the site (src/site, src/store)');
    expect(ownerOf('', '(garbage collector)')).toBe('GC');
    expect(pageOf('file:///r/dist/.prerender/pages/models/_model_.astro.mjs')).toBe('models/[model]');
    expect(pageOf('file:///r/node_modules/astro/dist/core/render/index.js')).toBeUndefined();
  });

  it('adds self time by owner and charges a callee to the nearest page above it', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 4] },
        { id: 2, callFrame: frame('render', 'file:///r/dist/.prerender/pages/models/_model_.astro.mjs'), children: [3] },
        { id: 3, callFrame: frame('all', 'file:///r/node_modules/better-sqlite3/lib/methods/wrappers.js') },
        { id: 4, callFrame: frame('(garbage collector)', '') },
      ],
      samples: [2, 3, 3, 4],
      timeDeltas: [1000, 2000, 3000, 4000],
      startTime: 0,
      endTime: 10_000,
    };
    const s = summarizeProfile(profile);
    expect(s.totalMs).toBe(10);
    expect(s.owners).toEqual([
      { owner: 'SQLite reads', ms: 5 },
      { owner: 'GC', ms: 4 },
      { owner: 'the site (compiled pages and components)', ms: 1 },
    ]);
    expect(s.pages).toEqual([{ page: 'models/[model]', ms: 6 }]);
    expect(profileReport(s)).toContain('- models/[model]: 0.0 s (60.0 %)');
  });
});
