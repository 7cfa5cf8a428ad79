/**
 * The fixture sites, each built at most once per test run and shared by every test file that
 * reads it: `hostile` (the hostile fixture with three snapshots of history and explicit site
 * settings), `sample` (the bundled sample, built the way a fresh clone builds it), `large`
 * (1,000 generated configurations), `history` (a year of daily snapshots with models coming and
 * going), and `small` (the fixture's plain export of 12 configurations,
 * built with the stub render of src/dev/stub-render/stub-build.ts: the previous site of the tests about what happens
 * around a render). A kernel lock per site makes concurrent files wait for one build. A folder of
 * sites that outlives a run (MIRROR_TEST_SITES) keeps a site only while the code that built it is
 * the code under test: after an edit its sites are built again, not read as this code's.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { acquireLock } from '../../src/core/lock.ts';
import { hashSiteCode, SITE_SOURCES } from '../../src/publish/build-stamp.ts';
import { generateSample, serializeExport } from '../../src/dev/sample/generate.ts';
import { copyProject, ROOT, runScript } from './env.ts';
import { fixtureExport } from './fixture.ts';
import { fixtureSnapshot } from './site.ts';
import { yearOfChanges } from './published-site.ts';

/** Settings the hostile site is built with: quotes and ampersands that must survive escaping. */
export const HOSTILE_ENV = {
  SITE_URL: 'https://mirror.example.net/',
  ATTRIBUTION_URL: 'https://ranking.example.org/?ref=mirror&lang=en',
  ATTRIBUTION_NAME: 'Ranking API "Official"',
};

/**
 * The large site's generator options, so its test knows what it holds: more than 5 leaderboard pages
 * (572 models), a tag carried by more than 100 models, two pages of benchmarks.
 */
export const LARGE = { configurations: 1000, benches: 300, tags: 150, withDetails: false } as const;
/** The models with a link-preview card of their own on the large site (CARD_MODELS), the others showing the site's. */
export const LARGE_CARD_MODELS = 50;

/** What the tight site is built for: GitHub Pages, with the snapshot file in a release beside the site (STATE_URL), as the workflow builds it. */
export const TIGHT = { modelPages: 40, target: 'github-pages', stateUrl: 'https://github.com/o/r/releases/download/mirror-state/' } as const;

export type SiteName = 'hostile' | 'sample' | 'large' | 'tight' | 'small' | 'history';

export interface BuiltFixture {
  /** The site's own folder: its snapshot, its dist/, and nothing else written by the build. */
  dir: string;
  /** The copy of the project the site was built in (its working folder), so that builds of different sites run side by side. */
  project: string;
  snapshot: string;
  dist: string;
  /** The export file the snapshot was made from, where there is one: a refresh from it finds the data unchanged. */
  exportPath?: string;
  /** What the build printed. */
  stdout: string;
  stderr: string;
}

type Made = Omit<BuiltFixture, 'stdout' | 'stderr' | 'dist' | 'project'> & { env: Record<string, string>; script?: string };

/** Makes a snapshot of `file`'s export in `dir`, as `npm run snapshot -- --from-file` does. */
async function snapshotOf(dir: string, file: string): Promise<string> {
  const snapshot = join(dir, 'snapshot.db');
  const r = await runScript('snapshot.ts', ['--from-file', file, '--out', snapshot], {});
  if (r.code !== 0) throw new Error(`the snapshot of ${file} failed:\n${r.stderr}`);
  return snapshot;
}

async function make(name: SiteName, dir: string): Promise<Made> {
  switch (name) {
    case 'hostile':
      return { dir, snapshot: await fixtureSnapshot(dir), env: HOSTILE_ENV };
    case 'sample':
      // No snapshot at this path: the build loads the bundled sample, as on a fresh clone. Its progress lines come at each
      // tenth of the work, not 5 s apart (test/system/sample-site.test.ts reads them).
      return { dir, snapshot: join(dir, 'snapshot.db'), env: { MIRROR_TEST_PROGRESS_EVERY_MS: '0' } };
    case 'tight':
      // The sample for GitHub Pages on a tight budget: model pages for the best 40 models only (MODEL_PAGES), the snapshot
      // file published in a release (STATE_URL), and
      // downloads a previous build measured 1,000 times heavier than the plan's weights (what the build keeps beside
      // dist/ for the next plan), so the plan gzips them. What a host's limits leave out, at the sample's size.
      writeFileSync(join(dir, '.dist.weights.json'), JSON.stringify({ scale: { downloads: 1000 } }));
      return {
        dir,
        snapshot: join(dir, 'snapshot.db'),
        env: { MODEL_PAGES: String(TIGHT.modelPages), DEPLOY_TARGET: TIGHT.target, STATE_URL: TIGHT.stateUrl },
      };
    case 'large': {
      const exportPath = join(dir, 'export.json');
      writeFileSync(exportPath, serializeExport(generateSample(LARGE).export));
      return { dir, snapshot: await snapshotOf(dir, exportPath), env: { CARD_MODELS: String(LARGE_CARD_MODELS) } };
    }
    case 'history': {
      // A year of daily snapshots across the 2026-09-17 method change, models coming and going (changingExportOfDay), the last
      // day with details: the leaderboard as it stood on any day, its month ends' pages and its ranges.
      const snapshot = join(dir, 'snapshot.db');
      await yearOfChanges(dir, snapshot, 365);
      return { dir, snapshot, env: {} };
    }
    case 'small': {
      const exportPath = join(dir, 'export.json');
      writeFileSync(exportPath, JSON.stringify(fixtureExport({ hostile: false })));
      return { dir, snapshot: await snapshotOf(dir, exportPath), exportPath, env: {}, script: '../src/dev/stub-render/stub-build.ts' };
    }
  }
}

/**
 * What a fixture site is built from beside its data: the site's code, the commands and the test
 * helpers that make the fixtures. A site built by other code (an earlier run's, before an edit) is
 * built again: its build stamp names that code, so a refresh by this code would render it again
 * where a test expects it unchanged.
 */
let fixtureCode: string | undefined;
const fixtureCodeHash = () => (fixtureCode ??= hashSiteCode(ROOT, [...SITE_SOURCES, 'scripts', 'test/helpers', 'data/sample']));

/** The built site `name` of this test run, building it first if no test file has yet (or if other code built it). */
export async function sharedSite(name: SiteName): Promise<BuiltFixture> {
  const dir = join(inject('sitesRoot'), name);
  mkdirSync(dir, { recursive: true });
  const done = join(dir, 'built.json');
  const release = await acquireLock(dir, 20 * 60_000);
  try {
    const code = fixtureCodeHash();
    const kept = existsSync(done) ? (JSON.parse(readFileSync(done, 'utf8')) as BuiltFixture & { code?: string }) : undefined;
    if (kept?.code === code) return kept;
    if (kept) {
      console.info(`the shared ${name} site in ${dir} was built by other code: building it again`);
      rmSync(done);
    }
    const work = join(dir, 'work');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const { snapshot, exportPath, env, script = 'build.ts' } = await make(name, work);
    const dist = join(work, 'dist');
    // Each site in a copy of the project: a build takes its checkout's build lock (src/publish/build-site.ts) for its whole length.
    rmSync(join(dir, 'project'), { recursive: true, force: true });
    const project = copyProject(join(dir, 'project'));
    // --new-history: a fixture's SITE_URL and STATE_URL name hosts nobody serves for it (github.com's among them), which the
    // build would ask for the live manifest to hold its history to; test/e2e/history-guard.test.ts tests that.
    const r = await runScript(script, ['--snapshot', snapshot, '--out', dist, '--new-history'], env, { cwd: project, timeoutMs: 600_000 });
    if (r.code !== 0) throw new Error(`the ${name} fixture build failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
    const built: BuiltFixture & { code: string } = { dir: work, project, snapshot, dist, exportPath, stdout: r.stdout, stderr: r.stderr, code };
    writeFileSync(done, JSON.stringify(built));
    return built;
  } finally {
    release();
  }
}
