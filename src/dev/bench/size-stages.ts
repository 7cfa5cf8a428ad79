/**
 * The timed stages of one size, each run `runs` times as its own process: fetch, validate+store,
 * the build interleaved with the trivial reference build, and the unchanged refresh.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildRun } from './child.ts';
import { countPages } from './dist-stats.ts';
import { heapFlagsOf, type NodeCommand } from './npm-script.ts';
import { astroCli, referenceBuildArgs, writeReferenceProject } from './reference.ts';
import type { StageName, StageResult } from './results.ts';
import type { RouteTime } from './route-times.ts';
import type { SizeInputs } from './size-inputs.ts';
import type { SizeRun } from './size-run.ts';
import { REPO_ROOT, StageFailed, innerSteps, reportedPeakKb } from './stage-process.ts';

const FETCH_CHILD = fileURLToPath(new URL('./fetch-export.ts', import.meta.url));

/** Collects a stage's runs: times, the highest peak (the process and those it started), and the highest helper-process peak. */
class StageRecorder {
  readonly result: StageResult;
  constructor(stage: StageName) {
    this.result = { stage, ms: [], peakRssKb: undefined };
  }
  add(run: ChildRun): void {
    this.result.ms.push(run.ms);
    for (const [label, ms] of innerSteps(run.output)) ((this.result.inner ??= {})[label] ??= []).push(ms);
    const kb = run.peak?.maxRssKb;
    if (kb !== undefined) this.result.peakRssKb = Math.max(this.result.peakRssKb ?? 0, reportedPeakKb(run.output, kb));
    for (const c of run.peak?.children ?? []) {
      if (!this.result.helperPeak || c.peakKb > this.result.helperPeak.kb) this.result.helperPeak = { name: c.name, kb: c.peakKb };
    }
  }
}

/** 1. fetch: the real client against the simulator, the body written to disk and compared with the export. */
export async function benchFetch(sr: SizeRun, inputs: SizeInputs, apiEnv: Record<string, string | undefined>): Promise<StageResult> {
  const { runs } = sr.options;
  const fetchStage = new StageRecorder('fetch');
  const fetchCommand: NodeCommand = { ...sr.commands.snapshot, script: relative(REPO_ROOT, FETCH_CHILD), args: [] };
  for (let r = 1; r <= runs; r++) {
    const out = join(sr.dir, `fetched-${r}.json`);
    const res = await sr.run('fetch', fetchCommand, ['--out', out], { env: apiEnv });
    if (!readFileSync(out).equals(inputs.body)) throw new StageFailed('fetch', res, `${out} differs from the export the simulator serves`);
    rmSync(out);
    fetchStage.add(res);
    sr.note(`fetch ${r}/${runs}`, res);
  }
  return fetchStage.result;
}

/** 2. validate+store: a fresh snapshot file each run; the first one is kept as `snapshot`, what the build renders. */
export async function benchValidate(sr: SizeRun, inputs: SizeInputs, snapshot: string): Promise<StageResult> {
  const { runs } = sr.options;
  const validateStage = new StageRecorder('validate+store');
  for (let r = 1; r <= runs; r++) {
    const out = join(sr.dir, `validate-${r}.db`);
    inputs.startFile(out);
    const res = await sr.run('validate+store', sr.commands.snapshot, ['--from-file', inputs.exportPath, '--out', out]);
    if (!existsSync(out)) throw new StageFailed('validate+store', res, `${out} was not written`);
    validateStage.add(res);
    sr.note(`validate+store ${r}/${runs}`, res);
    if (r === 1) renameSync(out, snapshot);
    else rmSync(out, { force: true });
  }
  return validateStage.result;
}

/** 3 and 5. the build and the reference, interleaved so machine noise hits both alike; the last build's site stays in `out`. */
export async function benchBuilds(sr: SizeRun, snapshot: string) {
  const { runs } = sr.options;
  const buildStage = new StageRecorder('build');
  const referenceStage = new StageRecorder('reference build');
  const buildOut = join(sr.dir, 'dist');
  const referenceDir = join(sr.dir, 'reference');
  const referenceCommand: NodeCommand = { nodeArgs: heapFlagsOf(sr.commands.build), script: astroCli(REPO_ROOT), args: [...referenceBuildArgs] };
  const routeRuns: RouteTime[][] = [];
  let lastBuild: ChildRun | undefined;
  for (let r = 1; r <= runs; r++) {
    rmSync(buildOut, { recursive: true, force: true });
    const { res, routes } = await sr.timedBuild('build', snapshot, buildOut);
    lastBuild = res;
    routeRuns.push(routes);
    const counted = countPages(buildOut);
    buildStage.add(res);
    Object.assign(buildStage.result, { pages: counted.pages, distBytes: counted.bytes });
    sr.note(`build ${r}/${runs}`, res, `, ${counted.pages} pages, ${(counted.bytes / 1024 / 1024).toFixed(1)} MB`);

    if (r === 1) writeReferenceProject(referenceDir, { repoRoot: REPO_ROOT, snapshot, pages: counted.pages });
    const referenceOut = join(referenceDir, 'dist');
    rmSync(referenceOut, { recursive: true, force: true });
    const ref = await sr.run('reference build', referenceCommand, [], { cwd: referenceDir });
    const refCounted = countPages(referenceOut);
    if (refCounted.pages !== counted.pages) throw new StageFailed('reference build', ref, `wrote ${refCounted.pages} pages, expected ${counted.pages}`);
    referenceStage.add(ref);
    Object.assign(referenceStage.result, { pages: refCounted.pages, distBytes: refCounted.bytes });
    sr.note(`reference build ${r}/${runs}`, ref, `, ${refCounted.pages} pages`);
  }
  return { build: buildStage.result, reference: referenceStage.result, out: buildOut, lastBuild: lastBuild!, routeRuns };
}

/**
 * 4. unchanged refresh: the snapshot and the site (`buildOut`, moved) are current, so each run fetches,
 * compares, renders nothing.
 */
export async function benchRefresh(sr: SizeRun, snapshot: string, buildOut: string, apiEnv: Record<string, string | undefined>): Promise<StageResult> {
  const { runs } = sr.options;
  const refreshStage = new StageRecorder('unchanged refresh');
  const refreshDir = join(sr.dir, 'refresh');
  mkdirSync(refreshDir);
  const refreshDb = join(refreshDir, 'snapshot.db');
  const refreshDist = join(refreshDir, 'dist');
  copyFileSync(snapshot, refreshDb);
  renameSync(buildOut, refreshDist);
  // The details crawl is off here: its allowance grows with the time since the last run (the 14 minutes a
  // 50,000-configuration build takes are enough for a few requests), and details it fetches change the site
  // (each shows its fetch date), so it would rebuild. This stage measures the answer to an unchanged API.
  const refreshArgs = ['--force', '--details', '0', '--out', refreshDb, '--dist', refreshDist];
  const first = await sr.run('refresh (untimed, makes the site current)', sr.commands.refresh, refreshArgs, { env: apiEnv });
  sr.say(`untimed refresh: ${/nothing rendered/.test(first.output) ? 'already current' : 'rendered the site'} (${(first.ms / 1000).toFixed(2)} s)`);
  for (let r = 1; r <= runs; r++) {
    const res = await sr.run('unchanged refresh', sr.commands.refresh, refreshArgs, { env: apiEnv });
    if (!/up to date: .*nothing rendered/.test(res.output) || /\bbuilding\b|^render\b/m.test(res.output)) {
      throw new StageFailed('unchanged refresh', res, 'it did not report "up to date ... nothing rendered": the refresh rendered the site again');
    }
    refreshStage.add(res);
    sr.note(`unchanged refresh ${r}/${runs}`, res);
  }
  return refreshStage.result;
}
