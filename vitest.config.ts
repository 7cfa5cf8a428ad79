import { defineConfig } from 'vitest/config';

/**
 * Test files outside test/unit/ that start no process, server or build and take milliseconds: they
 * run with the unit tests (`npm run test:unit`). Files of pure logic that write real SQLite files at
 * some size (data, deep-history, generate, store, validate-limits) run with the rest.
 */
const PURE = [
  'benchmark-list',
  'change-reasons',
  'charts',
  'client',
  'compare',
  'cut-at-word',
  'details-plan',
  'export-time',
  'history-pass',
  'http-dates',
  'leaderboard',
  'measured',
  'paths',
  'precision',
  'ranks',
  'redact',
  'report',
].map((name) => `test/${name}.test.ts`);
const UNIT = ['test/unit/**/*.test.ts', ...PURE];

export default defineConfig({
  test: {
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    // Vitest's default on 2 cores is one file at a time. Most files here wait on the processes they start (builds,
    // servers, scripts); the builds run in copies of the project (copyProject), none waits for another's build lock.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        // Threads that keep their modules from file to file (a quarter of the CPU time of a fresh load per file): no test
        // here depends on a module's first load.
        test: { name: 'unit', include: UNIT, pool: 'threads', isolate: false, testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['test/**/*.test.ts'],
          exclude: UNIT,
          // The fixture sites are built once per run and shared (test/setup/sites.ts).
          globalSetup: ['test/setup/sites.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          // A hang guard, not a speed bound: a file's beforeAll may wait for two shared sites that other files are building (each bounded at 10 minutes).
          hookTimeout: 1_200_000,
        },
      },
    ],
  },
});
