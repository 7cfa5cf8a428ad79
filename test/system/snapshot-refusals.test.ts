/**
 * `snapshot` as a real process refused by its input or the machine (a bad --out, a read-only mount,
 * a full disk): one clear line, the contract's exit code, the previous snapshot intact.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint, runScript } from '../helpers/env.ts';

import {
  sim,
  dir,
  previous,
  nextExport,
  canMount,
  apiEnv,
  copyOfPrevious,
  leftovers,
  expectOneClearLine,
  mountTmpfs,
  useProcessFixture,
} from '../helpers/snapshot-process.ts';

useProcessFixture();

describe('one clear line, and the contract exit code', () => {
  it.each([
    ["--out ''", () => ['--out', ''], 2],
    ['--out in a missing folder', () => ['--out', join(dir.path, 'no-such-folder', 'snapshot.db')], 2],
    ['--out a folder', () => ['--out', dir.path], 2],
    ['--from-file a folder', () => ['--from-file', dir.path, '--out', copyOfPrevious()], 2],
  ] as [string, () => string[], number][])(
    '%s: before any request',
    async (_name, args, code) => {
      const count = sim.requests.length;
      const r = await runScript('snapshot.ts', [...args(), '--force'], apiEnv(), { timeoutMs: 120_000 });
      expectOneClearLine(r, code);
      expect(sim.requests.length).toBe(count);
    },
    120_000,
  );

  it.skipIf(process.getuid?.() !== 0)(
    'a read-only data folder: exit 2, before any request',
    async () => {
      if (!canMount) return;
      const folder = join(dir.path, 'read-only');
      mountTmpfs(folder, 'size=4m');
      const out = copyOfPrevious(folder);
      execFileSync('mount', ['-o', 'remount,ro', folder]);
      const before = fingerprint(out);
      const count = sim.requests.length;
      const r = await runScript('snapshot.ts', ['--out', out, '--force'], apiEnv(), { timeoutMs: 120_000 });
      expectOneClearLine(r, 2);
      expect(r.stderr).toContain('read-only file system');
      expect(sim.requests.length).toBe(count);
      expect(fingerprint(out)).toEqual(before);
    },
    120_000,
  );

  it.skipIf(process.getuid?.() !== 0)(
    'a full disk: exit 1, the previous snapshot intact and no temporary file left',
    async () => {
      if (!canMount) return;
      const folder = join(dir.path, 'full');
      // Room for the previous snapshot and a little more, not for a second one beside it.
      const size = Math.ceil((statSync(previous).size + 16 * 1024) / 4096) * 4096;
      mountTmpfs(folder, `size=${size}`);
      const out = copyOfPrevious(folder);
      const before = fingerprint(out);
      const r = await runScript('snapshot.ts', ['--from-file', nextExport, '--out', out], {}, { timeoutMs: 120_000 });
      expectOneClearLine(r, 1);
      expect(r.stderr).toContain('the disk is full');
      expect(fingerprint(out)).toEqual(before);
      expect(leftovers(folder)).toEqual([]);
      expect(existsSync(out)).toBe(true);
    },
    120_000,
  );
});
