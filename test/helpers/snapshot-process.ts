/**
 * The set-up the `snapshot`-as-a-process test files share (snapshot-process, snapshot-crawl-stop,
 * snapshot-refusals): a previous snapshot, a site publishing it, the simulator with details, and
 * whether this user may mount a tmpfs. Its bindings are live: read them inside tests.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { runScript, tempDir, type RunResult } from './env.ts';
import { fixtureDetails, fixtureExport, GENERATED_AT } from './fixture.ts';
import { publishAsBuilt, serveRecorded, type RecordingSite } from './published-site.ts';

export const KEY = `mirror_live_${randomBytes(32).toString('hex')}`;
export const DAY = 86_400_000;

export let sim: Simulator;
export let dir: { path: string; cleanup: () => void };
export let previous: string;
/** An export other than the previous snapshot's, to load with --from-file. */
export let nextExport: string;
let caseNo = 0;
/** A site publishing the previous snapshot, to restore from. */
export let site: RecordingSite;
const mounts: string[] = [];
export let canMount = false;

export const apiEnv = (extra: Record<string, string> = {}) => ({ RANKING_API_URL: sim.url, RANKING_API_KEY: KEY, ...extra });

/** A fresh copy of the previous snapshot. */
export function copyOfPrevious(folder = dir.path): string {
  const out = join(folder, `case-${++caseNo}.db`);
  copyFileSync(previous, out);
  return out;
}

export const leftovers = (folder: string) => readdirSync(folder).filter((f) => f.includes('.tmp-') || f.endsWith('-journal'));

/** One clear line: an error line first, the exit code last, and no stack trace anywhere. */
export function expectOneClearLine(r: RunResult, code: number): void {
  expect(r.code, r.stderr).toBe(code);
  const lines = r.stderr.trim().split('\n');
  expect(lines[0]).toMatch(/^error( \[[a-z_]+\])?: /);
  expect(lines.at(-1)).toMatch(new RegExp(`^exit ${code}: `));
  expect(r.stderr).not.toMatch(/^\s+at /m);
}

export function mountTmpfs(path: string, options: string): void {
  mkdirSync(path, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', path]);
  mounts.push(path);
}

/** Registers the files' shared set-up in the calling test file: the previous snapshot, a site publishing it, the simulator, a tmpfs probe. */
export function useProcessFixture(): void {
  beforeAll(async () => {
    dir = tempDir();
    const first = join(dir.path, 'previous.json');
    writeFileSync(first, JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT - DAY })));
    nextExport = join(dir.path, 'next.json');
    writeFileSync(nextExport, JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT })));
    previous = join(dir.path, 'previous.db');
    const made = await runScript('snapshot.ts', ['--from-file', first, '--out', previous], {});
    expect(made.code, made.stderr).toBe(0);
    await publishAsBuilt(previous, join(dir.path, 'site'));
    site = await serveRecorded(join(dir.path, 'site'));
    sim = await startSimulator({
      exportBody: JSON.stringify(fixtureExport()),
      details: fixtureDetails(),
      keys: { [KEY]: { tier: 'partner' } },
    });
    try {
      mountTmpfs(join(dir.path, 'probe'), 'size=64k');
      canMount = true;
    } catch {
      console.warn('snapshot-process.test: cannot mount a tmpfs here (needs root); the read-only and full-disk tests are skipped');
    }
  }, 60_000);

  afterAll(async () => {
    for (const path of mounts.reverse()) {
      try {
        execFileSync('umount', [path]);
      } catch {
        // already gone
      }
    }
    await sim?.close();
    await site?.close();
    dir?.cleanup();
  });
}
