/** The environment of the build's child processes: glibc's heaps and mimalloc held to what they use, the maintainer's setting kept. */
import { describe, expect, it } from 'vitest';
import { childEnv } from '../../src/publish/child-env.ts';

describe('childEnv', () => {
  it('limits glibc to two heaps and has mimalloc give memory back at once, unless the maintainer chose otherwise, and passes everything else on', () => {
    expect(childEnv({ SITE_URL: 'https://example.org/' })).toEqual({
      SITE_URL: 'https://example.org/',
      MALLOC_ARENA_MAX: '2',
      MIMALLOC_PURGE_DELAY: '0',
      MIMALLOC_ARENA_EAGER_COMMIT: '0',
    });
    expect(childEnv({ MALLOC_ARENA_MAX: '8', MIMALLOC_PURGE_DELAY: '100' })).toMatchObject({ MALLOC_ARENA_MAX: '8', MIMALLOC_PURGE_DELAY: '100' });
  });
});
