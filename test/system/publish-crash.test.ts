/**
 * Builds killed with SIGKILL at chosen points, as real processes on real folders: the site stays
 * in place (or the next run puts it back), the next run removes a dead build's work folder, and
 * never a live one's. The next run is an unchanged `refresh`, which renders nothing. The killed
 * builds render with the stub (src/dev/stub-render/stub-build.ts): what is under test is the build around
 * the render, its folders, locks and swap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isSiteBuild } from '../../src/publish/output-dir.ts';
import { pauseMarker } from '../../src/core/test-pause.ts';
import { copyProject, fingerprint, runScript, tempDir } from '../helpers/env.ts';
import { killHard, startScript, waitUntil, type Running } from '../helpers/processes.ts';
import { sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { STUB_HOLDING } from '../../src/dev/stub-render/stub-render.ts';

const dir = tempDir();
let small: BuiltFixture;
/** The working folder of this file's runs: a copy of the project, whose build lock no other test file's build holds. */
let project: string;
const runs: Running[] = [];

beforeAll(async () => {
  small = await sharedSite('small');
  project = copyProject(join(dir.path, 'project'));
}, 900_000);

afterAll(async () => {
  for (const run of runs) await killHard(run);
  dir.cleanup();
});

/** A maintainer's folder: a copy of a snapshot and of the site built from it. */
function site(name: string): { root: string; db: string; dist: string } {
  const root = join(dir.path, name);
  mkdirSync(root);
  copyFileSync(small.snapshot, join(root, 'snapshot.db'));
  cpSync(small.dist, join(root, 'dist'), { recursive: true });
  return { root, db: join(root, 'snapshot.db'), dist: join(root, 'dist') };
}

const workFolders = (root: string) => readdirSync(root).filter((name) => /^\.dist\.build-\d+-[0-9a-f]{8}$/.test(name));

/** The next scheduled run: the same data again, so a current dist/ means nothing is rendered. */
const refreshUnchanged = (db: string, dist: string) =>
  runScript('refresh.ts', ['--from-file', small.exportPath!, '--out', db, '--dist', dist], {}, { cwd: project });

const build = (db: string, dist: string, env: Record<string, string> = {}, flags: string[] = []) => {
  const run = startScript('../src/dev/stub-render/stub-build.ts', ['--snapshot', db, '--out', dist, ...flags], env, { cwd: project });
  runs.push(run);
  return run;
};

describe('a build killed while rendering', () => {
  let scene: ReturnType<typeof site>;
  let run: Running;
  let index: ReturnType<typeof fingerprint>;

  it('keeps its work folder from another run while it is alive', async () => {
    scene = site('render');
    index = fingerprint(join(scene.dist, 'index.html'));
    run = build(scene.db, scene.dist, {}, ['--hold']);
    // The render has written its pages into the work folder: stop the process right there, alive and holding its locks.
    await run.waitFor(STUB_HOLDING, 60_000);
    expect(workFolders(scene.root).some((w) => existsSync(join(scene.root, w, 'dist/index.html')))).toBe(true);
    run.child.kill('SIGSTOP');
    const [work] = workFolders(scene.root);

    const other = await refreshUnchanged(scene.db, scene.dist);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).toContain('nothing rendered');
    expect(run.alive()).toBe(true);
    expect(workFolders(scene.root)).toEqual([work]);
  }, 120_000);

  it('leaves dist/ intact, and the next run removes its work folder', async () => {
    await killHard(run);
    expect(workFolders(scene.root)).toHaveLength(1);
    expect(fingerprint(join(scene.dist, 'index.html'))).toEqual(index);

    const next = await refreshUnchanged(scene.db, scene.dist);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain('removed 1 work folder(s) of killed builds');
    expect(next.stdout).toContain('nothing rendered');
    expect(workFolders(scene.root)).toEqual([]);
    expect(fingerprint(join(scene.dist, 'index.html'))).toEqual(index);
  }, 120_000);
});

describe('a build killed between the two renames of the swap', () => {
  it('leaves no dist/ for an instant, and the next run moves the checked site into place without rendering', async () => {
    const { root, db, dist } = site('swap');
    const run = build(db, dist, { MIRROR_TEST_PAUSE_AT: 'swap' });
    await waitUntil('the pause inside the swap', () => run.output().includes(pauseMarker('swap')), run);
    await killHard(run);
    // Killed inside the window: the old site is moved aside, the new one not yet in place.
    expect(existsSync(dist)).toBe(false);
    const [work] = workFolders(root);
    expect(readdirSync(join(root, work!)).sort()).toEqual(['dist', 'previous']);

    const next = await refreshUnchanged(db, dist);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain('was missing: a build was killed while swapping it in; its checked site is now in place');
    expect(next.stdout).toContain('nothing rendered');
    expect(isSiteBuild(dist)).toBe(true);
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    expect(workFolders(root)).toEqual([]);
  }, 120_000);
});
