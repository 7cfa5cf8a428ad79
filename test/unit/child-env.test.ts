/** The environment of the build's child processes: glibc's heaps limited, the maintainer's setting kept. */
import { describe, expect, it } from 'vitest';
import { childEnv } from '../../src/publish/child-env.ts';

describe('childEnv', () => {
  it('limits glibc to two heaps unless the maintainer chose a number, and passes everything else on', () => {
    expect(childEnv({ SITE_URL: 'https://example.org/' })).toEqual({ SITE_URL: 'https://example.org/', MALLOC_ARENA_MAX: '2' });
    expect(childEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });
});
