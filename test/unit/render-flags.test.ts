import { describe, expect, it } from 'vitest';
import { RENDER_SEMI_SPACE_MB, renderFlags } from '../../src/publish/astro-render.ts';
import { workerFlags, workerSemiSpaceMb } from '../../src/publish/extras.ts';

const own = `--max-semi-space-size=${RENDER_SEMI_SPACE_MB}`;

describe('the flags the build passes on to the Astro process', () => {
  it('are its old-space limit and a CPU profile’s, in either form, and never an npm script’s preload', () => {
    expect(
      renderFlags([
        '--cpu-prof',
        '--cpu-prof-dir',
        '/tmp/p',
        '--max-old-space-size=1024',
        '--import',
        './scripts/supported-node.mjs',
        '--cpu-prof-interval=500',
      ]),
    ).toEqual(['--cpu-prof', '--cpu-prof-dir', '/tmp/p', '--max-old-space-size=1024', '--cpu-prof-interval=500', own]);
    expect(renderFlags(['--max-old-space-size=2048', '--import', './scripts/supported-node.mjs', '--enable-source-maps'])).toEqual([
      '--max-old-space-size=2048',
      own,
    ]);
    expect(renderFlags(['--cpu-prof-dir'])).toEqual([own]);
  });

  it('leave the build process’s 2 MB young generation behind: the render has its own, larger one', () => {
    expect(renderFlags(['--max-old-space-size=1024', '--max-semi-space-size=2', '--import', './scripts/supported-node.mjs'])).toEqual([
      '--max-old-space-size=1024',
      own,
    ]);
    expect(RENDER_SEMI_SPACE_MB).toBeGreaterThan(2);
  });
});

describe('the flags the build passes on to the extras worker', () => {
  it('are all of its own but its young generation and an npm script’s preload, in either form', () => {
    expect(
      workerFlags(['--max-old-space-size=1024', '--max-semi-space-size=2', '--import', './scripts/supported-node.mjs', '--cpu-prof', '--import=./x.mjs']),
    ).toEqual(['--max-old-space-size=1024', '--cpu-prof']);
  });
});

describe('the extras worker’s young generation', () => {
  it('stays at 2 MB up to 10,000 configurations with details (its peak there), and is 16 MB with millions of submissions (its GC there)', () => {
    // Submissions of the bench's fields with details for every configuration: 10,000 and 50,000 configurations.
    expect(workerSemiSpaceMb(0)).toBe(2);
    expect(workerSemiSpaceMb(359_805)).toBe(2);
    expect(workerSemiSpaceMb(3_489_351)).toBe(16);
  });
});
