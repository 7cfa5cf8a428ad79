/**
 * The fixture sites, each built at most once per test run and shared by every test file that
 * reads it: `hostile` (the hostile fixture with three snapshots of history and explicit site
 * settings), `sample` (the bundled sample, built the way a fresh clone builds it) and `large`
 * (2,500 generated configurations). A kernel lock per site makes concurrent files wait for one build.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { acquireLock } from '../../src/core/lock.ts';
import { generateSample, serializeExport } from '../../src/dev/sample/generate.ts';
import { runScript } from './env.ts';
import { fixtureSnapshot } from './site.ts';

/** Settings the hostile site is built with: quotes and ampersands that must survive escaping. */
export const HOSTILE_ENV = {
  SITE_URL: 'https://mirror.example.net/',
  ATTRIBUTION_URL: 'https://ranking.example.org/?ref=mirror&lang=en',
  ATTRIBUTION_NAME: 'Ranking API "Official"',
};

/** The large site's generator options, so its test knows what it holds. */
export const LARGE = { configurations: 2500, benches: 300, tags: 150, withDetails: false } as const;

/** What the tight site is built for. */
export const TIGHT = { modelPages: 40, target: 'github-pages' } as const;

export type SiteName = 'hostile' | 'sample' | 'large' | 'tight';

export interface BuiltFixture {
  /** The site's own folder: its snapshot, its dist/, and nothing else written by the build. */
  dir: string;
  snapshot: string;
  dist: string;
  /** What the build printed. */
  stdout: string;
  stderr: string;
}

async function make(name: SiteName, dir: string): Promise<Omit<BuiltFixture, 'stdout' | 'stderr' | 'dist'> & { env: Record<string, string> }> {
  switch (name) {
    case 'hostile':
      return { dir, snapshot: await fixtureSnapshot(dir), env: HOSTILE_ENV };
    case 'sample':
      // No snapshot at this path: the build loads the bundled sample, as on a fresh clone.
      return { dir, snapshot: join(dir, 'snapshot.db'), env: {} };
    case 'tight':
      // The sample for GitHub Pages on a tight budget: model pages for the best 40 models only (MODEL_PAGES), and
      // downloads a previous build measured 1,000 times heavier than the plan's weights (what the build keeps beside
      // dist/ for the next plan), so the plan gzips them. What a host's limits leave out, at the sample's size.
      writeFileSync(join(dir, '.dist.weights.json'), JSON.stringify({ scale: { downloads: 1000 } }));
      return { dir, snapshot: join(dir, 'snapshot.db'), env: { MODEL_PAGES: String(TIGHT.modelPages), DEPLOY_TARGET: TIGHT.target } };
    case 'large': {
      const exportPath = join(dir, 'export.json');
      writeFileSync(exportPath, serializeExport(generateSample(LARGE).export));
      const snapshot = join(dir, 'snapshot.db');
      const r = await runScript('snapshot.ts', ['--from-file', exportPath, '--out', snapshot], {});
      if (r.code !== 0) throw new Error(`the large snapshot failed:\n${r.stderr}`);
      return { dir, snapshot, env: {} };
    }
  }
}

/** The built site `name` of this test run, building it first if no test file has yet. */
export async function sharedSite(name: SiteName): Promise<BuiltFixture> {
  const dir = join(inject('sitesRoot'), name);
  mkdirSync(dir, { recursive: true });
  const done = join(dir, 'built.json');
  const release = await acquireLock(dir, 20 * 60_000);
  try {
    if (!existsSync(done)) {
      const work = join(dir, 'work');
      mkdirSync(work, { recursive: true });
      const { snapshot, env } = await make(name, work);
      const dist = join(work, 'dist');
      const r = await runScript('build.ts', ['--snapshot', snapshot, '--out', dist], env, { timeoutMs: 300_000 });
      if (r.code !== 0) throw new Error(`the ${name} fixture build failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
      writeFileSync(done, JSON.stringify({ dir: work, snapshot, dist, stdout: r.stdout, stderr: r.stderr } satisfies BuiltFixture));
    }
    return JSON.parse(readFileSync(done, 'utf8')) as BuiltFixture;
  } finally {
    release();
  }
}
