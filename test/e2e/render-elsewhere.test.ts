/**
 * A real render into another file system than the project's: Astro 7 renders an outDir outside the working folder
 * through ./.astro/.prerender/ and moved the assets with a rename, which fails across file systems (EXDEV); the render's
 * process copies instead (src/publish/astro-child.mjs). A second real render, so it is the e2e tier's; the builds around
 * a render on full, read-only and mounted file systems are the fast tier's (test/system/publish-disk.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isSiteBuild } from '../../src/publish/output-dir.ts';
import { copyProject, runScript, tempDir } from '../helpers/env.ts';
import { sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { mountTmpfs, tmpfsAvailable } from '../helpers/tmpfs.ts';

const dir = tempDir();
let small: BuiltFixture;
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

describe.skipIf(!tmpfsAvailable())('a real render on another file system', () => {
  it('renders with Astro into another file system than the project, the pages’ scripts and stylesheets moved across', async () => {
    const mount = join(dir.path, 'other-mount');
    unmounts.push(mountTmpfs(mount, `size=${Math.ceil((tmpfsBytes(small.dist) * 3) / 4096) * 4}k`));
    const out = join(mount, 'dist');
    const snapshot = join(dir.path, 'other-mount.db');
    copyFileSync(small.snapshot, snapshot);
    const r = await runScript(
      'build.ts',
      // --new-history: the build asks no live site to hold its history to (SITE_URL names no host of this machine).
      ['--snapshot', snapshot, '--out', out, '--new-history'],
      { SITE_URL: 'https://mirror.example/' },
      { cwd: project, timeoutMs: 300_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(isSiteBuild(out)).toBe(true);
    const assets = [...readFileSync(join(out, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(_astro\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) expect(existsSync(join(out, asset)), asset).toBe(true);
    expect(existsSync(join(project, '.astro/.prerender'))).toBe(false);
  }, 300_000);
});
