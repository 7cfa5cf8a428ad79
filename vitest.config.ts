import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The fixture sites are built once per run and shared (test/setup/sites.ts).
    globalSetup: ['test/setup/sites.ts'],
    pool: 'forks',
    // Astro builds share the project root (.astro/, caches): test files run one at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    hookTimeout: 300_000,
  },
});
