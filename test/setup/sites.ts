/**
 * One folder per test run for the shared fixture sites (test/helpers/shared-sites.ts): the first
 * test file that needs a site builds it there, every later one reuses it, and the folder goes when
 * the run ends. A run of a single unrelated test file builds nothing. MIRROR_TEST_SITES names a
 * folder that outlives the run, for one CI run of both tiers (.ci/run): the e2e tier reuses the
 * sample the system tier built, and .ci/run removes the folder.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sitesRoot: string;
  }
}

export default function setup(project: TestProject): () => void {
  const shared = process.env.MIRROR_TEST_SITES;
  if (shared) {
    mkdirSync(shared, { recursive: true });
    project.provide('sitesRoot', shared);
    return () => {};
  }
  const root = mkdtempSync(join(tmpdir(), 'mirror-sites-'));
  project.provide('sitesRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
