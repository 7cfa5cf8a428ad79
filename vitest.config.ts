import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
