/**
 * An older Node, for real: the machine's own Node when it is older than the project's (as on a machine that comes
 * with Node 20 and runs the project on the Node 24 scripts/node-24.sh brings), turned away by npm ci and by an npm
 * script with what it found and what it needs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM, tooOld } from '../../scripts/supported-node.mjs';
import { ROOT } from '../helpers/env.ts';

/** A Node older than the project's on this machine, if there is one. */
function olderNode(): { path: string; version: string } | undefined {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (tooOld(version)) return { path, version };
  }
  return undefined;
}
const old = olderNode();

describe(`a Node older than ${MINIMUM}`, () => {
  it.skipIf(!old)('gets one line and exit 2 from an npm script, never a stack trace', () => {
    const run = spawnSync(old!.path, ['--import', './scripts/supported-node.mjs', 'scripts/build.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${tooOld(old!.version)}\n`);
  });

  it.skipIf(!old)('is refused by npm ci before anything is installed, with what it found and what it needs', () => {
    const run = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(old!.path)}:${process.env.PATH}`, npm_config_nodedir: undefined },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('EBADENGINE');
    expect(run.stderr).toContain(`Required: {"node":">=${MINIMUM}"}`);
    expect(run.stderr).toContain(`"node":"v${old!.version}"`);
  });

  it('is what the project’s own Node 24 is not: the check lets this run through', () => {
    const run = spawnSync(process.execPath, ['--import', './scripts/supported-node.mjs', '-e', 'console.log("ran")'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ran\n');
    expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
