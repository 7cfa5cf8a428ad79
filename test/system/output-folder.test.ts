/**
 * `build --out` and `refresh --dist` as real processes: a folder that is not a site (nor empty,
 * nor missing) is refused with exit 2 and one line, before anything is loaded, rendered or
 * fetched, and nothing on disk changes. No build runs in this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoKey, startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';
import { treeOf } from '../helpers/files.ts';

const dir = tempDir();
afterAll(() => dir.cleanup());

/** Every entry under `root` with its fingerprint: equal before and after means nothing changed. */
const tree = (root: string) => treeOf(root, { folders: true });

/** Exit 2, exactly one line on stderr and nothing on stdout (nothing was rendered). */
function expectOneUsageLine(r: RunResult, message: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(message);
}

/** A fresh folder of this test's own, with a user's files in it. */
function scene(name: string): { root: string; snapshot: string } {
  const root = join(dir.path, name);
  mkdirSync(join(root, 'notes'), { recursive: true });
  // The working folder of the run: empty, so only the rule for the working folder can refuse it.
  mkdirSync(join(root, 'checkout'));
  writeFileSync(join(root, 'notes/todo.txt'), 'my own file\n');
  writeFileSync(join(root, 'report.pdf'), 'a file\n');
  // A snapshot that does not exist: a build that got past the check would load the sample into it.
  return { root, snapshot: join(root, 'absent.db') };
}

describe('build --out', () => {
  it.each<[string, (root: string) => string[], RegExp]>([
    ['a folder of files that is not a build', (root) => ['--out', join(root, 'notes')], /holds files that are not a build of this site/],
    ['a file', (root) => ['--out', join(root, 'report.pdf')], /is a file, not a folder/],
    ['a folder inside a missing one', (root) => ['--out', join(root, 'missing/dist')], /the folder .*\/missing does not exist — create it first/],
    ['an empty path', () => ['--out', ''], /--out is empty/],
    ['the working folder', () => ['--out', '.'], /is the working folder or one of its parents/],
    ['a parent of the working folder', () => ['--out', '..'], /is the working folder or one of its parents/],
    ['an unknown flag', () => ['--outt', 'dist'], /Unknown option '--outt'/],
  ])('refuses %s, touching nothing', async (name, args, message) => {
    const { root, snapshot } = scene(name.replace(/\W+/g, '-'));
    const before = tree(root);
    const r = await runScript('build.ts', ['--snapshot', snapshot, ...args(root)], {}, { cwd: join(root, 'checkout') });
    expectOneUsageLine(r, message);
    expect(tree(root)).toEqual(before);
  });

  it('refuses the folder that holds the snapshot, even while it is empty', async () => {
    const { root } = scene('snapshot-folder');
    mkdirSync(join(root, 'data'));
    const before = tree(root);
    const r = await runScript('build.ts', ['--snapshot', join(root, 'data/snapshot.db'), '--out', join(root, 'data')], {});
    expectOneUsageLine(r, /holds the snapshot .*data\/snapshot\.db/);
    expect(tree(root)).toEqual(before);
  });

  it("refuses a folder inside the site's own sources", async () => {
    const { snapshot } = scene('sources');
    const r = await runScript('build.ts', ['--snapshot', snapshot, '--out', 'src/pages/mirror'], {});
    expectOneUsageLine(r, /inside the site's own sources/);
    expect(existsSync(snapshot)).toBe(false);
  });
});

describe('refresh --dist', () => {
  const KEY = demoKey('partner');
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ exportBody: JSON.stringify(fixtureExport({ hostile: false })), keys: { [KEY]: { tier: 'partner' } } });
  });
  afterAll(() => sim?.close());

  const refresh = (args: string[]) => runScript('refresh.ts', args, { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY });

  it('refuses a folder of files that is not a build before any request is spent', async () => {
    const { root } = scene('refresh-user-folder');
    const before = tree(root);
    const r = await refresh(['--out', join(root, 'snapshot.db'), '--dist', join(root, 'notes')]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/^error: --dist .*notes holds files that are not a build of this site/)]);
    expect(sim.requests).toHaveLength(0);
    expect(tree(root)).toEqual(before);
  });

  it('refuses the folder that holds the snapshot before any request is spent', async () => {
    const { root } = scene('refresh-data');
    mkdirSync(join(root, 'data'));
    const before = tree(root);
    const r = await refresh(['--out', join(root, 'data/snapshot.db'), '--dist', join(root, 'data')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --dist .*data holds the snapshot .*data\/snapshot\.db/);
    expect(sim.requests).toHaveLength(0);
    expect(tree(root)).toEqual(before);
  });
});
