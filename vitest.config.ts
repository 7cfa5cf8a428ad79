import { defineConfig } from 'vitest/config';

/**
 * Three projects, by what a test runs (docs/testing.md, "The two tiers"):
 * - unit: pure modules, no process, server or build; milliseconds each (`npm run test:unit`).
 * - system: the real processes, servers, SQLite files and file systems, builds with the stub render, and the one
 *   real Astro build of the bundled sample (`npm test` runs unit and system).
 * - e2e: what only a browser or a real build of the larger fixture sites shows (`npm run test:e2e`).
 */
export default defineConfig({
  test: {
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    // Vitest's default on 2 cores is one file at a time. Most system files wait on the processes they start (builds,
    // servers, scripts); the builds run in copies of the project (copyProject), none waits for another's build lock.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        // Threads that keep their modules from file to file: no test here depends on a module's first load.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], pool: 'threads', isolate: false, testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['test/system/**/*.test.ts'],
          // The fixture sites are built once per run and shared (test/setup/sites.ts).
          globalSetup: ['test/setup/sites.ts'],
          // MIRROR_TEST_CPU_LOG: each file's CPU, for docs/testing.md's table of where the run's CPU goes; the run's cards.
          setupFiles: ['test/setup/cpu-log.ts', 'test/setup/card-cache.ts'],
          // Forks that keep their modules from file to file (each test file is evaluated afresh): no file here mocks a
          // module, changes the process's folder or depends on a module's first load; the only environment set in a worker
          // is what every process of the project sets alike (NODE_COMPILE_CACHE, ASTRO_TELEMETRY_DISABLED) and the run's folder
          // of cards (MIRROR_TEST_CARD_CACHE). A fresh fork per file cost about 0.3 s of CPU a file (docs/testing.md, "The two
          // tiers").
          pool: 'forks',
          isolate: false,
          // Hang guards, far above what a test or a hook needs on a loaded machine: never speed bounds.
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/setup/sites.ts'],
          // MIRROR_TEST_CPU_LOG: each file's CPU, for docs/testing.md's table of where the run's CPU goes; the run's cards.
          setupFiles: ['test/setup/cpu-log.ts', 'test/setup/card-cache.ts'],
          // Forks that keep their modules from file to file, as the system project's (above): no file here mocks a module,
          // changes the process's folder or sets an environment variable; vi.setConfig (browser, history, rank) is reset
          // by vitest after each file.
          pool: 'forks',
          isolate: false,
          testTimeout: 300_000,
          // A file's beforeAll may wait for shared sites other files are building (each bounded at 10 minutes).
          hookTimeout: 1_200_000,
        },
      },
    ],
  },
});
