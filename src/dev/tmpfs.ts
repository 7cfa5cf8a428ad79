/**
 * Small real file systems for the disk tests and the soak's full disk: a tmpfs of a chosen size,
 * resized or read-only. Mounting needs root (and a container allowed to mount); a machine that
 * refuses skips those tests, and the soak that fault, with a loud message rather than failing on what
 * the machine cannot do.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Mounts a tmpfs with `options` (`size=2m`, `ro`) at `dir`; returns its unmount. */
export function mountTmpfs(dir: string, options: string): () => void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
  return () => execFileSync('umount', [dir], { stdio: 'pipe' });
}

/** Remounts the tmpfs at `dir` read-only. */
export const remountReadOnly = (dir: string) => execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' });

/** True when this machine lets the tests mount a tmpfs; prints loudly why not. */
export function tmpfsAvailable(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'mirror-tmpfs-probe-'));
  try {
    mountTmpfs(probe, 'size=64k')();
    return true;
  } catch (err) {
    const message = `cannot mount a tmpfs (${(err as Error).message.split('\n')[0]}): the full-disk and read-only tests, and the soak's full disk, need root`;
    console.warn(`\n!!! ${message}. SKIPPING them.\n`);
    return false;
  } finally {
    rmdirSync(probe);
  }
}

/** Resizes the tmpfs at `dir` to `bytes` (at least what it holds): to that size, it is full. */
export const resizeTmpfs = (dir: string, bytes: number) => execFileSync('mount', ['-o', `remount,size=${bytes}`, dir], { stdio: 'pipe' });
