/** Which folder a build may replace: the rule on its own, then the facts read from real folders. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgeOutputDir, readOutputFacts, type OutputFacts } from '../../src/publish/output-dir.ts';
import { tempDir } from '../helpers/env.ts';

const dir = tempDir();
afterAll(() => dir.cleanup());

/** A folder that may be replaced: missing, in an existing writable folder, away from the checkout and the snapshot. */
const replaceable: OutputFacts = {
  given: 'dist',
  flag: '--out',
  target: '/srv/site/dist',
  kind: 'missing',
  parent: 'folder',
  entries: 0,
  stamped: false,
  mountPoint: false,
  unwritable: undefined,
  holdsCwd: false,
  holdsSnapshot: undefined,
  inSources: false,
};

describe('judgeOutputDir', () => {
  it.each<[string, Partial<OutputFacts>]>([
    ['a missing folder in an existing one', {}],
    ['an empty folder', { kind: 'folder', entries: 0 }],
    ['a previous build of this site', { kind: 'folder', entries: 12, stamped: true }],
  ])('accepts %s', (_, facts) => {
    expect(judgeOutputDir({ ...replaceable, ...facts })).toBeUndefined();
  });

  it.each<[string, Partial<OutputFacts>, RegExp]>([
    ['a folder in a missing one', { parent: 'missing' }, /^--out dist: the folder \/srv\/site does not exist$/],
    ['a file', { kind: 'file' }, /^--out dist is a file, not a folder$/],
    ['a device or pipe', { kind: 'other' }, /is not a folder/],
    [
      'a folder of files that is not a build',
      { kind: 'folder', entries: 3 },
      /holds files that are not a build of this site \(no data\/snapshot\.json build stamp\)$/,
    ],
    [
      'the working folder or a parent of it, even with a stamp',
      { kind: 'folder', entries: 9, stamped: true, holdsCwd: true },
      /is the working folder or one of its parents/,
    ],
    [
      'the folder holding the snapshot, even empty of anything else',
      { kind: 'folder', entries: 0, holdsSnapshot: 'data/snapshot.db' },
      /holds the snapshot data\/snapshot\.db/,
    ],
    ["a folder inside the site's sources", { inSources: true }, /inside the site's own sources/],
    ['a mount point', { kind: 'folder', entries: 0, mountPoint: true }, /is a mount point/],
    ['a folder that cannot be written', { unwritable: { path: '/srv/site', code: 'EROFS' } }, /cannot write in \/srv\/site \(EROFS\)$/],
  ])('refuses %s as a usage error', (_, facts, message) => {
    const refusal = judgeOutputDir({ ...replaceable, ...facts });
    expect(refusal?.kind).toBe('usage');
    expect(refusal?.message).toMatch(message);
    expect(refusal?.hint).toBeTruthy();
  });
});

describe('readOutputFacts', () => {
  const root = dir.path;
  const cwd = join(root, 'checkout');
  mkdirSync(join(cwd, 'src'), { recursive: true });
  const facts = (given: string, snapshot = join(root, 'elsewhere/snapshot.db')) => readOutputFacts(given, { flag: '--out', snapshot, cwd });

  it('follows a symlink to the folder it points at', () => {
    mkdirSync(join(root, 'volume/site'), { recursive: true });
    symlinkSync('../volume/site', join(cwd, 'linked'));
    expect(facts('linked')).toMatchObject({ target: join(root, 'volume/site'), kind: 'folder', entries: 0 });
  });

  it('follows a dangling symlink to the missing folder it names', () => {
    mkdirSync(join(root, 'volume2'));
    symlinkSync(join(root, 'volume2/site'), join(cwd, 'dangling'));
    expect(facts('dangling')).toMatchObject({ target: join(root, 'volume2/site'), kind: 'missing', parent: 'folder' });
  });

  it('recognises a build only by a stamp with a stamp field', () => {
    for (const [name, stamp, stamped] of [
      ['stamped', '{"stamp":"abc:1:def"}', true],
      ['other-json', '{"generatedAt":"2026-11-16"}', false],
      ['garbage', '{"stamp":', false],
    ] as const) {
      mkdirSync(join(root, name, 'data'), { recursive: true });
      writeFileSync(join(root, name, 'data/snapshot.json'), stamp);
      expect(facts(join(root, name)).stamped, name).toBe(stamped);
    }
  });

  it('sees the working folder and its parents', () => {
    expect(facts('.').holdsCwd).toBe(true);
    expect(facts('..').holdsCwd).toBe(true);
    expect(facts('/').holdsCwd).toBe(true);
    expect(facts('dist').holdsCwd).toBe(false);
  });

  it('sees the snapshot inside the folder, also when the snapshot is a symlink to it', () => {
    mkdirSync(join(root, 'data'));
    expect(facts(join(root, 'data'), join(root, 'data/snapshot.db')).holdsSnapshot).toBe(join(root, 'data/snapshot.db'));
    mkdirSync(join(root, 'store'));
    writeFileSync(join(root, 'store/real.db'), '');
    symlinkSync(join(root, 'store/real.db'), join(root, 'link.db'));
    expect(facts(join(root, 'store'), join(root, 'link.db')).holdsSnapshot).toBe(join(root, 'link.db'));
  });

  it("sees a folder inside the site's sources", () => {
    expect(facts('src/out').inSources).toBe(true);
    expect(facts('out').inSources).toBe(false);
  });
});
