/** What `snapshot --out` may replace, decided on real files, folders, FIFOs, devices and symlinks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MirrorError } from '../../src/core/errors.ts';
import { validateExport } from '../../src/api/validate.ts';
import { writeSnapshot } from '../../src/store/write-snapshot.ts';
import { resolveOutputPath } from '../../src/snapshot/output-path.ts';
import { tempDir } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';

let dir: { path: string; cleanup: () => void };
let snapshot: string;
const at = (name: string) => join(dir.path, name);

/** The MirrorError `resolveOutputPath` throws, as kind and message. */
function refusal(given: string): { kind: string; message: string } {
  try {
    resolveOutputPath(given);
  } catch (err) {
    if (err instanceof MirrorError) return { kind: err.kind, message: err.message };
    throw err;
  }
  throw new Error(`${given} was accepted`);
}

beforeAll(() => {
  dir = tempDir();
  snapshot = at('snapshot.db');
  writeSnapshot(snapshot, {
    data: validateExport(fixtureExport({ hostile: false })),
    meta: { fetchedAt: Date.now(), source: 'file', bodySha256: 'h', partial: false, sample: false },
    historyLimit: 5,
  });
});
afterAll(() => dir.cleanup());

describe('resolveOutputPath accepts', () => {
  it('a snapshot file of this tool', () => {
    expect(resolveOutputPath(snapshot)).toEqual({ given: snapshot, target: snapshot, exists: true });
  });

  it('nothing yet, in a folder that exists', () => {
    expect(resolveOutputPath(at('new.db'))).toMatchObject({ target: at('new.db'), exists: false });
  });

  it('an empty file, which holds nothing to lose', () => {
    writeFileSync(at('empty.db'), '');
    expect(resolveOutputPath(at('empty.db'))).toMatchObject({ exists: false });
  });

  it('a symlink, resolved to its final target (relative links from their own folder)', () => {
    mkdirSync(at('volume'));
    copyFileSync(snapshot, at('volume/real.db'));
    symlinkSync('volume/real.db', at('link-1.db'));
    symlinkSync(at('link-1.db'), at('link-2.db'));
    expect(resolveOutputPath(at('link-2.db'))).toEqual({ given: at('link-2.db'), target: at('volume/real.db'), exists: true });
  });

  it('a dangling symlink into a folder that exists: the target is created there', () => {
    symlinkSync(at('volume/later.db'), at('dangling.db'));
    expect(resolveOutputPath(at('dangling.db'))).toMatchObject({ target: at('volume/later.db'), exists: false });
  });
});

describe('resolveOutputPath refuses with a usage error', () => {
  it('an empty path', () => {
    expect(refusal('')).toMatchObject({ kind: 'usage', message: '--out is empty' });
  });

  it('a path in a folder that does not exist', () => {
    expect(refusal(at('missing/snapshot.db'))).toMatchObject({ kind: 'usage', message: expect.stringContaining('does not exist') });
  });

  it('a path under a file', () => {
    writeFileSync(at('plain.txt'), 'text');
    expect(refusal(at('plain.txt/snapshot.db'))).toMatchObject({ kind: 'usage', message: expect.stringContaining('not a folder') });
  });

  it('a folder', () => {
    expect(refusal(dir.path)).toMatchObject({ kind: 'usage', message: expect.stringContaining('is a folder') });
  });

  it('a FIFO', () => {
    execFileSync('mkfifo', [at('fifo')]);
    expect(refusal(at('fifo'))).toMatchObject({ kind: 'usage', message: expect.stringContaining('FIFO') });
  });

  it.skipIf(process.getuid?.() !== 0)('a device node (as root, the only one who could replace it)', () => {
    execFileSync('mknod', [at('null'), 'c', '1', '3']);
    expect(refusal(at('null'))).toMatchObject({ kind: 'usage', message: expect.stringContaining('character device') });
  });

  it('a text file', () => {
    writeFileSync(at('notes.txt'), 'my notes\n');
    expect(refusal(at('notes.txt'))).toMatchObject({ kind: 'usage', message: expect.stringContaining('not a snapshot of this tool') });
  });

  it("another program's SQLite database", () => {
    const db = new Database(at('other.sqlite'));
    db.exec('CREATE TABLE bookmarks (url TEXT)');
    db.pragma('user_version = 74');
    db.close();
    expect(refusal(at('other.sqlite'))).toMatchObject({ kind: 'usage', message: expect.stringContaining('not a snapshot of this tool') });
  });

  it('a symlink to something it may not replace, naming the target', () => {
    symlinkSync(at('notes.txt'), at('notes-link.db'));
    expect(refusal(at('notes-link.db'))).toMatchObject({ kind: 'usage', message: expect.stringContaining(`a link to ${at('notes.txt')}`) });
  });

  it('a symlink loop', () => {
    symlinkSync(at('loop-b'), at('loop-a'));
    symlinkSync(at('loop-a'), at('loop-b'));
    expect(refusal(at('loop-a'))).toMatchObject({ kind: 'usage', message: expect.stringContaining('symlinks') });
  });
});

describe('resolveOutputPath refuses with an internal error', () => {
  it('a snapshot of a newer store version, which this tool would downgrade', () => {
    copyFileSync(snapshot, at('newer.db'));
    const db = new Database(at('newer.db'));
    db.pragma('user_version = 99');
    db.close();
    expect(refusal(at('newer.db'))).toMatchObject({ kind: 'internal', message: expect.stringContaining('newer store version') });
  });
});
