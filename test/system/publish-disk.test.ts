/**
 * Where the site is written, on real file systems: a symlinked dist/ (a persistent volume) is
 * built through to its target and stays a link; a full disk (a small tmpfs) and a read-only one
 * each end the build with one line and the contract's exit code, the previous site intact and no
 * half-built folder left behind. The builds that get as far as rendering render with the stub
 * (test/helpers/stub-build.ts): what is under test is the build around the render. One real
 * render fails, in Astro's own process, as a full disk would: the same line, from its error's cause. A real render
 * into another file system than the project's is the e2e tier's (test/e2e/render-elsewhere.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, lstatSync, mkdirSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSiteBuild } from '../../src/publish/output-dir.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { captureReporter, copyProject, fingerprint, runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';
import { sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { mountTmpfs, remountReadOnly, tmpfsAvailable } from '../helpers/tmpfs.ts';
import { treeOf } from '../helpers/files.ts';

const dir = tempDir();
let small: BuiltFixture;
/** The working folder of this file's builds: a copy of the project, whose build lock no other test file's build holds. */
let project: string;
const unmounts: (() => void)[] = [];

beforeAll(async () => {
  small = await sharedSite('small');
  project = copyProject(join(dir.path, 'project'));
}, 900_000);

afterAll(() => {
  for (const unmount of unmounts) unmount();
  dir.cleanup();
});

/** Bytes a tmpfs needs for the files under `root`: whole 4 KiB pages per file and folder. */
function tmpfsBytes(root: string): number {
  let bytes = 4096;
  for (const name of readdirSync(root)) {
    const p = join(root, name);
    bytes += statSync(p).isDirectory() ? tmpfsBytes(p) : Math.ceil(statSync(p).size / 4096) * 4096;
  }
  return bytes;
}

/** A copy of the previous site's snapshot outside the file system under test. */
function snapshotCopy(name: string): string {
  const db = join(dir.path, `${name}.db`);
  copyFileSync(small.snapshot, db);
  return db;
}

/**
 * A snapshot of the next day: none of the previous site's link-preview cards or search index can be
 * reused (hard-linked), so the new build needs as much room as the previous one took.
 */
async function nextDaySnapshot(name: string): Promise<string> {
  const db = snapshotCopy(name);
  const file = join(dir.path, `${name}.json`);
  writeFileSync(file, JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT + 86_400_000 })));
  const captured = captureReporter();
  const r = await snapshotCli(['--from-file', file, '--out', db], { env: {}, reporter: captured.reporter });
  if (r.code !== 0) throw new Error(`the next day's snapshot failed:\n${captured.text()}`);
  return db;
}

const stubBuild = (args: string[], env: Record<string, string> = {}) =>
  runScript('../test/helpers/stub-build.ts', args, env, { cwd: project, timeoutMs: 120_000 });

/** One line on stderr, no stack. */
const stderrLines = (r: RunResult) => r.stderr.split('\n').filter(Boolean);

describe('a symlinked dist/', () => {
  it('is built through to its target, beside the target, and stays a link', async () => {
    const root = join(dir.path, 'linked');
    mkdirSync(join(root, 'volume'), { recursive: true });
    cpSync(small.dist, join(root, 'volume/site'), { recursive: true });
    symlinkSync('volume/site', join(root, 'dist'));
    const before = fingerprint(join(root, 'volume/site/index.html'));

    const r = await stubBuild(['--snapshot', snapshotCopy('linked'), '--out', join(root, 'dist')]);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(root, 'dist'))).toBe('volume/site');
    expect(isSiteBuild(join(root, 'volume/site'))).toBe(true);
    expect(fingerprint(join(root, 'volume/site/index.html'))?.mtimeMs).not.toBe(before?.mtimeMs);
    // The work folder was beside the target, and is gone; the lock and the weights the next plan reads stay beside it.
    expect(readdirSync(root).sort()).toEqual(['dist', 'volume']);
    expect(readdirSync(join(root, 'volume')).sort()).toEqual(['.site.build.lock', '.site.weights.json', 'site']);
  }, 120_000);
});

describe.skipIf(!tmpfsAvailable())('a small or read-only file system', () => {
  it('ends a build on a full disk with one line and exit 1, keeping the previous dist/ and no half-built folder', async () => {
    const mount = join(dir.path, 'full');
    // Room for the previous site and a third of another: the new build runs out of space halfway.
    unmounts.push(mountTmpfs(mount, `size=${Math.ceil((tmpfsBytes(small.dist) * 4) / 3 / 4096) * 4}k`));
    cpSync(small.dist, join(mount, 'dist'), { recursive: true });
    const before = treeOf(join(mount, 'dist'));

    // SITE_URL set, so the only line on stderr is the one under test.
    const r = await stubBuild(['--snapshot', await nextDaySnapshot('full'), '--out', join(mount, 'dist')], { SITE_URL: 'https://mirror.example/' });
    expect(r.code).toBe(1);
    expect(stderrLines(r), r.stderr).toEqual([
      // ENOSPC from a page, or SQLITE_FULL from the snapshot file made beside the render: whichever meets the full disk first.
      expect.stringMatching(/^error: the build stopped: the disk is full \((ENOSPC|SQLITE_FULL)\) in .*full — free some space.*the previous one is kept$/),
    ]);
    expect(treeOf(join(mount, 'dist'))).toEqual(before);
    expect(readdirSync(mount).sort()).toEqual(['.dist.build.lock', 'dist']);
  }, 120_000);

  it('refuses a read-only target with one line and exit 2 before rendering, touching nothing', async () => {
    const mount = join(dir.path, 'read-only');
    unmounts.push(mountTmpfs(mount, `size=${Math.ceil(tmpfsBytes(small.dist) / 4096) * 8}k`));
    cpSync(small.dist, join(mount, 'dist'), { recursive: true });
    remountReadOnly(mount);
    const before = treeOf(mount);

    const r = await runScript('build.ts', ['--snapshot', snapshotCopy('read-only'), '--out', join(mount, 'dist')], {});
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(stderrLines(r)).toEqual([expect.stringMatching(/^error: --out .*dist cannot write in .*read-only(\/dist)? \(EROFS\) — /)]);
    expect(treeOf(mount)).toEqual(before);
  });

  it('refuses a mount point, which no rename can replace, before rendering', async () => {
    const mount = join(dir.path, 'mounted-dist');
    unmounts.push(mountTmpfs(mount, 'size=64k'));
    const r = await runScript('build.ts', ['--snapshot', snapshotCopy('mounted'), '--out', mount], {});
    expect(r.code).toBe(2);
    expect(stderrLines(r)).toEqual([
      expect.stringMatching(/^error: --out .*mounted-dist is a mount point; .* — point it at a folder inside the mount, or at a symlink to one/),
    ]);
    expect(readdirSync(mount)).toEqual([]);
  });
});

describe('a render that fails', () => {
  it("keeps the previous dist/ and says in one line what the machine refused, from the cause of Astro's own error", async () => {
    const root = join(dir.path, 'astro-fails');
    mkdirSync(root);
    cpSync(small.dist, join(root, 'dist'), { recursive: true });
    const before = treeOf(join(root, 'dist'));
    // A checkout whose Astro config fails to load the way a full disk fails a write: Astro wraps the error, in its own process.
    const checkout = copyProject(join(root, 'checkout'));
    writeFileSync(
      join(checkout, 'astro.config.mjs'),
      "throw new Error('cannot load the config', { cause: Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }) });\n",
    );
    const r = await runScript(
      'build.ts',
      // --new-history: the build asks no live site to hold its history to (SITE_URL names no host of this machine).
      ['--snapshot', snapshotCopy('astro-fails'), '--out', join(root, 'dist'), '--new-history'],
      { SITE_URL: 'https://mirror.example/' },
      { cwd: checkout },
    );
    expect(r.code).toBe(1);
    // Astro prints its own lines first; the build's is the last, and it names the refusal found in the cause.
    expect(stderrLines(r).at(-1)).toMatch(
      /^error: the build stopped: the disk is full \(ENOSPC\) in .*astro-fails — free some space.*the previous one is kept$/,
    );
    expect(treeOf(join(root, 'dist'))).toEqual(before);
    expect(readdirSync(root).sort()).toEqual(['.dist.build.lock', 'checkout', 'dist']);
  }, 120_000);
});
