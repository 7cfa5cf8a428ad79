import { describe, expect, it } from 'vitest';
import { renderFlags } from '../../src/publish/astro-render.ts';

describe('the flags the build passes on to the Astro process', () => {
  it('are its heap limits and a CPU profile’s, in either form, and never the TypeScript loader', () => {
    expect(renderFlags(['--cpu-prof', '--cpu-prof-dir', '/tmp/p', '--max-old-space-size=1024', '--import', 'tsx', '--cpu-prof-interval=500'])).toEqual([
      '--cpu-prof',
      '--cpu-prof-dir',
      '/tmp/p',
      '--max-old-space-size=1024',
      '--cpu-prof-interval=500',
    ]);
    expect(renderFlags(['--max-semi-space-size=16', '--import', 'tsx', '--enable-source-maps'])).toEqual(['--max-semi-space-size=16']);
    expect(renderFlags(['--cpu-prof-dir'])).toEqual([]);
  });
});
