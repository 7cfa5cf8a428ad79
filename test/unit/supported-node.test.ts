import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM, tooOld } from '../../scripts/supported-node.mjs';
import { ROOT } from '../helpers/env.ts';

describe('the Node the project needs', () => {
  it('is one version in package.json’s engines, .nvmrc and the check every npm script runs first', () => {
    const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
    expect(packageJson.engines.node).toBe(`>=${MINIMUM}`);
    expect(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()).toBe(MINIMUM.split('.')[0]);
    for (const [name, line] of Object.entries(packageJson.scripts)) {
      if (name === 'format' || name === 'test:unit') continue;
      expect(line, name).toMatch(
        /^node (--import \.\/scripts\/supported-node\.mjs |scripts\/supported-node\.mjs && )|^node --max-old-space-size=\d+ --max-semi-space-size=\d+ --import \.\/scripts\/supported-node\.mjs /,
      );
    }
  });

  it('turns away an older Node with one line saying what it found and what it needs', () => {
    expect(tooOld('20.20.2')).toMatch(/^This is Node 20\.20\.2; the mirror needs Node 24\.11\.0 or newer \(24 LTS\): run `source scripts\/node-24\.sh`/);
    expect(tooOld('24.10.9')).toContain('Node 24.10.9');
    expect(tooOld('22.22.0')).toContain('Node 22.22.0');
  });

  it('lets the same or a newer one through', () => {
    for (const version of ['24.11.0', '24.11.1', '24.21.0', '25.0.0', '26.6.0']) expect(tooOld(version), version).toBeUndefined();
    expect(tooOld(process.versions.node)).toBeUndefined();
  });
});
