/** The build stamp's code hash: everything the output depends on, nothing else. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashSiteCode } from '../../src/publish/build-stamp.ts';
import { tempDir } from '../helpers/env.ts';

const dir = tempDir();
afterAll(() => dir.cleanup());

function project(name: string): string {
  const root = join(dir.path, name);
  for (const folder of ['src/pages', 'src/api', 'public', 'test']) mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, 'src/pages/index.astro'), '<h1>one</h1>');
  writeFileSync(join(root, 'src/api/segment.ts'), 'export const SAFE = /^a$/;');
  writeFileSync(join(root, 'public/_headers'), '/*\n');
  writeFileSync(join(root, 'astro.config.mjs'), 'export default {};');
  writeFileSync(join(root, 'package-lock.json'), '{}');
  writeFileSync(join(root, 'README.md'), 'readme');
  return root;
}

describe('hashSiteCode', () => {
  it('is stable for the same code', () => {
    const root = project('stable');
    expect(hashSiteCode(root)).toBe(hashSiteCode(root));
  });

  it.each([
    ['a page', 'src/pages/index.astro'],
    ['a module the site imports from the API folder', 'src/api/segment.ts'],
    ['a static file', 'public/_headers'],
    ['the Astro config', 'astro.config.mjs'],
    ['the locked dependencies', 'package-lock.json'],
  ])('changes when %s changes', (_, file) => {
    const root = project(file.replace(/\W/g, '-'));
    const before = hashSiteCode(root);
    writeFileSync(join(root, file), 'changed');
    expect(hashSiteCode(root)).not.toBe(before);
  });

  it('ignores what the output does not depend on (tests, README)', () => {
    const root = project('unrelated');
    const before = hashSiteCode(root);
    writeFileSync(join(root, 'README.md'), 'changed');
    writeFileSync(join(root, 'test/new.test.ts'), 'changed');
    expect(hashSiteCode(root)).toBe(before);
  });
});
