/**
 * The search index's writing when Pagefind or the disk fails, with the real Pagefind: a full disk
 * rejects with the file system's own error (Pagefind's own writing reported a partial index
 * written, or panicked and left the build waiting for ever), and a Pagefind process that dies
 * while it makes the index rejects within a second or so instead of never.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { refusalCode } from '../../src/publish/build-failure.ts';
import { childPids } from '../../src/publish/process-peak.ts';
import { indexForSearch, SEARCH_INPUTS } from '../../src/publish/search-index.ts';
import type { SearchRecord } from '../../src/site/files/search-records.ts';
import { tempDir } from '../helpers/env.ts';
import { mountTmpfs, tmpfsAvailable } from '../../src/dev/tmpfs.ts';

const dir = tempDir();
const unmounts: (() => void)[] = [];
afterAll(() => {
  for (const unmount of unmounts) unmount();
  dir.cleanup();
});

/** `count` records of distinct words, so that Pagefind has fragments and index chunks to make. */
const recordsOf = (count: number): SearchRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    url: `/models/m-${i}/`,
    title: `Model ${i}`,
    kind: 'Model',
    content: `Model ${i} family f${i % 97} word${i} alpha${i % 13} beta${i % 7} ${'reasoning coding vision '.repeat(4)}`,
  }));

/** Settles as `promise` does, or rejects after `ms` saying it never settled (a hang, which is what is under test). */
const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`did not settle in ${ms} ms`)), ms).unref())]);

/** The Pagefind processes still running once they have ended, or after a hang guard of a minute: a failed index closes Pagefind. */
async function pagefindsLeft(): Promise<number[]> {
  for (let i = 0; i < 600 && childPids(/^pagefind/).length; i++) await new Promise((r) => setTimeout(r, 100));
  return childPids(/^pagefind/);
}

const writeIndex = async (site: string, records: SearchRecord[]) => (await indexForSearch(site, records)).written;

describe('the search index', () => {
  it('is written whole, and only the files the search box loads', async () => {
    const site = join(dir.path, 'whole');
    await within(writeIndex(site, recordsOf(300)), 60_000);
    const files = readdirSync(join(site, 'pagefind'));
    expect(files).toContain('pagefind.js');
    expect(files).toContain('fragment');
    expect(files.filter((f) => f.startsWith('pagefind-ui') || f.startsWith('pagefind-modular'))).toEqual([]);
    expect(readdirSync(join(site, 'pagefind', 'fragment'))).toHaveLength(300);
    expect(readdirSync(site)).toEqual(['pagefind']);
    expect(files).toContain(SEARCH_INPUTS.split('/')[1]);
  });

  it('rejects, and soon, when its process dies while it makes the index', async () => {
    const site = join(dir.path, 'killed');
    // Enough records that making the files takes seconds: the kill lands while Pagefind works on them.
    const index = await within(indexForSearch(site, recordsOf(20_000)), 120_000);
    const [pid] = childPids(/^pagefind/);
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    await expect(within(index.written, 30_000)).rejects.toThrow(/^Pagefind's process ended before the search index was written/);
    expect(await pagefindsLeft()).toEqual([]);
  }, 180_000);
});

describe.skipIf(!tmpfsAvailable())('the search index on a full disk', () => {
  // Too few bytes for the index, and (the case where Pagefind's own writing panicked) too few files.
  it.each([
    ['bytes', 'size=64k'],
    ['files', 'size=4m,nr_inodes=8'],
  ])(
    'rejects with the file system refusal when the disk runs out of %s',
    async (_, options) => {
      const mount = join(dir.path, `full-${options.replace(/\W/g, '-')}`);
      unmounts.push(mountTmpfs(mount, options));
      const err = await within(writeIndex(mount, recordsOf(3_000)), 60_000).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, 'the index was reported written').toBeDefined();
      expect(refusalCode(err), String(err)).toBe('ENOSPC');
      expect(await pagefindsLeft()).toEqual([]);
    },
    90_000,
  );
});
