/**
 * `npm run profile-build -- --snapshot PATH [--out DIR] [--keep PATH]`: one build under
 * `node --cpu-prof`, started as `npm run build` starts it (the processes it starts profiled too), and
 * a summary of where each one's time went.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { profileReport, summarizeProfile, type CpuProfile } from '../src/dev/bench/cpu-profile.ts';
import { readNodeCommands } from '../src/dev/bench/npm-script.ts';
import { REPO_ROOT } from '../src/dev/bench/stage-process.ts';

const USAGE = 'Usage: npm run profile-build -- --snapshot PATH [--out DIR] [--keep PROFILE]';
const { values } = parseArgs({ options: { snapshot: { type: 'string' }, out: { type: 'string' }, keep: { type: 'string' } }, strict: true });
if (!values.snapshot) {
  console.error(USAGE);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'mirror-profile-'));
try {
  const { build } = readNodeCommands(REPO_ROOT, ['build'] as const);
  const out = values.out ?? join(work, 'dist');
  const argv = ['--cpu-prof', '--cpu-prof-dir', work, ...build.nodeArgs, build.script, '--snapshot', values.snapshot, '--out', out];
  const run = spawnSync(process.execPath, argv, { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // One profile per process: the build, the Astro render and the extras worker (the render's is
  // usually the largest). Each is summarized, largest first; --keep keeps the largest.
  const profiles = readdirSync(work)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(work, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (!profiles.length) throw new Error('no .cpuprofile was written');
  if (values.keep) copyFileSync(profiles[0]!, values.keep);
  for (const [i, profile] of profiles.entries()) {
    const pid = /\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(profile)?.[1] ?? '?';
    console.log(`\n## Process ${i + 1} of ${profiles.length} (pid ${pid})\n`);
    console.log(profileReport(summarizeProfile(JSON.parse(readFileSync(profile, 'utf8')) as CpuProfile)));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
