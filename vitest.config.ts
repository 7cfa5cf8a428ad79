import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Astro builds share the project root (.astro/, caches): test files run one at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    hookTimeout: 300_000,
  },
});
