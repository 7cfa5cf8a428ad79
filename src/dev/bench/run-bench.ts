/**
 * `npm run bench`: for each size, a deterministic synthetic export; then every stage as its own
 * process, started like its npm script, `runs` times: fetch from the simulator, validate and
 * store, build (interleaved with the trivial reference build), and an unchanged refresh; then,
 * with `--targets`, one build for each deploy target without details and one with.
 * Everything happens in one temporary folder; the repository's data/ and dist/ are never touched.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evidenceLine, evidenceResultOf, type EvidenceResult } from './evidence-result.ts';
import { measureRankPage, rankFileOn, rankLines, type RankResult } from './rank-page.ts';
import { readClientTuning } from '../../api/settings.ts';
import { readSiteSettings } from '../../site/settings/config.ts';
import type { DeployTarget } from '../../site/plan/hosts.ts';
import type { Reporter } from '../../core/reporter.ts';
import { demoKey, startSimulator } from '../simulator/index.ts';
import { BENCH_TARGETS, defaultTimeoutMs, type BenchOptions, type BenchTarget } from './args.ts';
import { writeDetailsFiles } from './details-parts.ts';
import { outputTail, runChild, type ChildRun } from './child.ts';
import { countPages, measureDist, pageTypeSizes, type PageTypeSize } from './dist-stats.ts';
import { writeHistorySeed } from './history-seed.ts';
import { heapFlagsOf, readNodeCommands, type NodeCommand } from './npm-script.ts';
import { sizeFor, type BenchSize } from './proportions.ts';
import { astroCli, referenceBuildArgs, writeReferenceProject } from './reference.ts';
import type { BenchResults, DetailsBuild, Machine, PageTypeResult, SizeResult, StageName, StageResult, TargetBuild } from './results.ts';
import { RouteTimer, type RouteTime } from './route-times.ts';
import { targetBuildLine } from './report.ts';
import { median } from './stats.ts';
import { plannedEstimate, removeBuild, targetBuildOf, type SnapshotDbFigures } from './target-builds.ts';

/** The repository root: stages run from here, as `npm run` would (Astro's root is the cwd). */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FETCH_CHILD = fileURLToPath(new URL('./fetch-export.ts', import.meta.url));
const STORE_DETAILS_CHILD = fileURLToPath(new URL('./store-details.ts', import.meta.url));
const EVIDENCE_CHILD = fileURLToPath(new URL('./evidence-pass.ts', import.meta.url));

export class StageFailed extends Error {
  readonly stage: string;
  readonly run: ChildRun;
  constructor(stage: string, run: ChildRun, why: string) {
    super(`${stage} failed: ${why}\n  last output:\n${outputTail(run)}`);
    this.stage = stage;
    this.run = run;
  }
}

export interface BenchContext {
  /** The temporary folder everything goes into. */
  tempDir: string;
  log: (line: string) => void;
  /** How far the bench is at a size: the stage processes run of all it will run, and the one running now. */
  progress?: Pick<Reporter, 'progress' | 'endProgress'>;
}

/** The stage processes the bench runs at one size (the details' extra files aside), for its progress. */
export function stepsOfSize(options: Pick<BenchOptions, 'runs' | 'targets'>, details: boolean): number {
  const targets = options.targets.filter((t) => t !== 'none').length;
  // With details: their store, their build and the evidence pass on them.
  return 4 * options.runs + (details ? 3 : 0) + 1 + options.runs + targets * (details ? 2 : 1);
}

/**
 * A quiet, reproducible environment: no API settings or NODE_OPTIONS from the caller's shell, and no
 * deploy target from a .env file (the environment wins over it): a build has one only by `--target`.
 */
/** The release the GitHub Pages builds publish the snapshot file to, as the workflow's STATE_URL names it; nothing is uploaded. */
const BENCH_STATE_URL = 'https://github.com/owner/mirror/releases/download/mirror-state/';

function childEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LC_ALL', 'SystemRoot', 'MIRROR_BUILD_CONCURRENCY'];
  const env: Record<string, string | undefined> = {};
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, CI: 'true', ASTRO_TELEMETRY_DISABLED: '1', DEPLOY_TARGET: '', ...extra };
}

export function describeMachine(now = new Date()): Machine {
  const cpuList = cpus();
  return {
    node: process.version,
    cpu: cpuList[0]?.model.trim() ?? 'unknown CPU',
    cores: cpuList.length,
    totalMemBytes: totalmem(),
    platform: `${process.platform}-${process.arch}`,
    date: now.toISOString(),
  };
}

/** The lines the project's reporter prints when a timed step ends: `render      26.26 s  (detail)`. */
export function innerSteps(output: string): [string, number][] {
  return [...output.matchAll(/^([a-z][\w+-]*) +(\d+\.\d\d) s(?: |$)/gm)].map((m) => [m[1]!, Number(m[2]) * 1000]);
}

/**
 * The build's peak memory (KB) from its own output: all its processes at once as it sampled them,
 * else (a build that could not sample) the sum of the peaks it reports of the processes it starts
 * (the Astro render, the extras worker and Pagefind), which with `ownKb` (the process's own peak)
 * bounds what it held at once from above. 0 when the output tells neither.
 */
export function reportedPeakKb(output: string, ownKb: number): number {
  const sampled = /memory peak (\d+) MB, all processes at once/.exec(output);
  if (sampled) return Math.max(Number(sampled[1]) * 1024, ownKb);
  const parts = [...output.matchAll(/\b(?:CPU, peak|Pagefind peak) (\d+) MB/g)];
  return parts.reduce((sum, m) => sum + Number(m[1]) * 1024, ownKb);
}

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

const check = (stage: string, run: ChildRun): ChildRun => {
  if (run.timedOut) throw new StageFailed(stage, run, `no exit within the time limit (killed after ${(run.ms / 1000).toFixed(0)} s)`);
  if (run.code !== 0) throw new StageFailed(stage, run, run.signal ? `killed by ${run.signal}` : `exit code ${run.code}`);
  return run;
};

/**
 * The export of the last of `days` days, its history, and (with `details`) the details of every
 * configuration as files the snapshot command reads, each within its default input cap (at 50,000
 * configurations they are longer than one file can be). In a function of its own so the generated
 * objects are gone before anything is measured.
 */
function generateInputs(size: BenchSize, days: number, dir: string, details: boolean) {
  const generated = writeHistorySeed(size, days, join(dir, 'history-seed.db'), Math.max(days, 365), details);
  const detailsFiles = details ? writeDetailsFiles(generated.details, join(dir, 'details'), readClientTuning({}).maxBytes) : undefined;
  return { body: generated.exportBody, seed: generated.seed, detailsFiles };
}

/** The settings a build plans with: it reads them from its environment (a .env file sets only its deploy target, which the bench clears). */
const planSettings = () => readSiteSettings(childEnv());

async function benchSize(
  configurations: number,
  options: BenchOptions,
  commands: Record<'snapshot' | 'build' | 'refresh', NodeCommand>,
  ctx: BenchContext,
): Promise<SizeResult> {
  const { runs } = options;
  const size = sizeFor(configurations);
  const dir = join(ctx.tempDir, `size-${configurations}`);
  mkdirSync(dir, { recursive: true });
  const say = (line: string) => ctx.log(`[${configurations}] ${line}`);
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs(configurations);
  const peakFile = join(dir, 'peak-rss.json');
  let steps = 0;
  let step = 0;
  /** Says which stage process runs now, before it starts; the count moves on when it has ended. */
  const running = (label: string) =>
    ctx.progress?.progress(`bench ${configurations}`, {
      done: step,
      total: steps,
      unit: 'stage processes',
      rate: false,
      phase: `${configurations.toLocaleString('en-US')} configurations: ${label}`,
    });
  const run = (
    label: string,
    command: NodeCommand,
    args: string[],
    { cwd = REPO_ROOT, env = childEnv(), onLine = undefined as RouteTimer | undefined, limitMs = timeoutMs } = {},
  ) => {
    running(label);
    return runChild(command, args, { cwd, env, timeoutMs: limitMs, peakFile, onLine: onLine && ((line, at) => onLine.feed(line, at)) }).then((r) => {
      step++;
      return check(label, r);
    });
  };
  // A build prints Astro's page lines, from which each route is timed.
  const buildEnv = childEnv({ MIRROR_ASTRO_LOG_LEVEL: 'info' });
  const timedBuild = async (label: string, snapshotPath: string, out: string, limitMs = timeoutMs) => {
    const timer = new RouteTimer();
    const started = performance.now();
    const res = await run(label, commands.build, ['--snapshot', snapshotPath, '--out', out], { env: buildEnv, onLine: timer, limitMs });
    return { res, routes: timer.routes(started + res.ms) };
  };
  const note = (label: string, r: ChildRun, extra = '') =>
    say(`${label}: ${(r.ms / 1000).toFixed(2)} s, peak ${r.peak ? `${(reportedPeakKb(r.output, r.peak.maxRssKb) / 1024).toFixed(0)} MB` : '?'}${extra}`);

  const days = options.historyDays;
  say(`generating ${days} daily export${days === 1 ? '' : 's'}: ${size.configurations} configurations, ${size.benches} benchmarks, ${size.tags} tags`);
  const exportPath = join(dir, 'export.json');
  const { body, seed, detailsFiles } = generateInputs(size, days, dir, options.details);
  steps = stepsOfSize(options, detailsFiles !== undefined) + (detailsFiles && detailsFiles.paths.length > 1 ? 1 : 0);
  writeFileSync(exportPath, body);
  say(
    `export: ${(body.length / 1024 / 1024).toFixed(1)} MB; details of every configuration: ${detailsFiles ? `${(detailsFiles.bytes / 1024 / 1024).toFixed(1)} MB in ${detailsFiles.paths.length} file${detailsFiles.paths.length === 1 ? '' : 's'}` : 'not made (--skip-details)'}`,
  );
  if (seed) say(`history: ${seed.snapshots} daily snapshots imported in ${(seed.ms / 1000).toFixed(1)} s, ${(seed.bytes / 1024 / 1024).toFixed(0)} MB`);
  /** A snapshot file to store the last day over: a copy of the history, or nothing. */
  const startFile = (path: string) => {
    rmSync(path, { force: true });
    if (seed) copyFileSync(seed.path, path);
  };

  const key = demoKey('partner');
  const simulator = await startSimulator({ exportBody: body, keys: { [key]: { tier: 'partner' } } });
  // The snapshot with details, once stored: kept for the target builds with details.
  let detailsDb: string | undefined;
  const apiEnv = childEnv({ RANKING_API_URL: simulator.url, RANKING_API_KEY: key });
  try {
    // 1. fetch: the real client against the simulator, the body written to disk
    const fetchStage = new StageRecorder('fetch');
    const fetchCommand: NodeCommand = { ...commands.snapshot, script: relative(REPO_ROOT, FETCH_CHILD), args: [] };
    for (let r = 1; r <= runs; r++) {
      const out = join(dir, `fetched-${r}.json`);
      const res = await run('fetch', fetchCommand, ['--out', out], { env: apiEnv });
      if (!readFileSync(out).equals(body)) throw new StageFailed('fetch', res, `${out} differs from the export the simulator serves`);
      rmSync(out);
      fetchStage.add(res);
      note(`fetch ${r}/${runs}`, res);
    }

    // 2. validate+store: a fresh snapshot file each run; the first one is what the build renders
    const validateStage = new StageRecorder('validate+store');
    const snapshot = join(dir, 'snapshot.db');
    for (let r = 1; r <= runs; r++) {
      const out = join(dir, `validate-${r}.db`);
      startFile(out);
      const res = await run('validate+store', commands.snapshot, ['--from-file', exportPath, '--out', out]);
      if (!existsSync(out)) throw new StageFailed('validate+store', res, `${out} was not written`);
      validateStage.add(res);
      note(`validate+store ${r}/${runs}`, res);
      if (r === 1) renameSync(out, snapshot);
      else rmSync(out, { force: true });
    }

    // 3 and 5. build and the reference, interleaved so machine noise hits both alike
    const buildStage = new StageRecorder('build');
    const referenceStage = new StageRecorder('reference build');
    const buildOut = join(dir, 'dist');
    const referenceDir = join(dir, 'reference');
    const referenceCommand: NodeCommand = { nodeArgs: heapFlagsOf(commands.build), script: astroCli(REPO_ROOT), args: [...referenceBuildArgs] };
    const routeRuns: RouteTime[][] = [];
    let lastBuild: ChildRun | undefined;
    for (let r = 1; r <= runs; r++) {
      rmSync(buildOut, { recursive: true, force: true });
      const { res, routes } = await timedBuild('build', snapshot, buildOut);
      lastBuild = res;
      routeRuns.push(routes);
      const counted = countPages(buildOut);
      buildStage.add(res);
      Object.assign(buildStage.result, { pages: counted.pages, distBytes: counted.bytes });
      note(`build ${r}/${runs}`, res, `, ${counted.pages} pages, ${(counted.bytes / 1024 / 1024).toFixed(1)} MB`);

      if (r === 1) writeReferenceProject(referenceDir, { repoRoot: REPO_ROOT, snapshot, pages: counted.pages });
      const referenceOut = join(referenceDir, 'dist');
      rmSync(referenceOut, { recursive: true, force: true });
      const ref = await run('reference build', referenceCommand, [], { cwd: referenceDir });
      const refCounted = countPages(referenceOut);
      if (refCounted.pages !== counted.pages) throw new StageFailed('reference build', ref, `wrote ${refCounted.pages} pages, expected ${counted.pages}`);
      referenceStage.add(ref);
      Object.assign(referenceStage.result, { pages: refCounted.pages, distBytes: refCounted.bytes });
      note(`reference build ${r}/${runs}`, ref, `, ${refCounted.pages} pages`);
    }
    say('measuring the built pages');
    const dist = measureDist(buildOut);
    const plainTypes = pageTypeSizes(buildOut, routeRuns.at(-1)!);
    // The build without a target is this stage's last run: its site is measured as the targets' are.
    const targets = options.targets;
    const targetBuilds: TargetBuild[] = [];
    const settings = targets.length ? planSettings() : undefined;
    /** The plan a build makes for a folder never built (DEFAULT_WEIGHTS): what the target builds report beside what they made. */
    const estimateFor = (snapshotPath: string, target: DeployTarget | undefined) => (snapshotDb: SnapshotDbFigures) =>
      plannedEstimate(snapshotPath, join(dir, 'never-built'), target, settings!, snapshotDb);
    /** Measures a finished build into `out` (for none, the stage's own build), keeps it and logs it. */
    const measureTarget = (target: BenchTarget, details: boolean, res: ChildRun, out: string, snapshotPath: string) => {
      const peakRssKb = res.peak && reportedPeakKb(res.output, res.peak.maxRssKb);
      const built = targetBuildOf({ target, details, run: res, peakRssKb, out, estimate: estimateFor(snapshotPath, target === 'none' ? undefined : target) });
      targetBuilds.push(built);
      say(targetBuildLine(built));
    };
    if (targets.includes('none')) measureTarget('none', false, lastBuild!, buildOut, snapshot);

    // 3b. the same snapshot with per-benchmark details for every configuration, as production has them: one build
    let details: DetailsBuild | undefined;
    let detailsFailed: string | undefined;
    let evidence: EvidenceResult | undefined;
    let rank: RankResult | undefined;
    let detailTypes = new Map<string, PageTypeSize>();
    if (!detailsFiles) say('build with details: skipped (--skip-details)');
    else {
      try {
        const db = join(dir, 'details.db');
        startFile(db);
        const [first, ...more] = detailsFiles.paths;
        await run('validate+store with details', commands.snapshot, ['--from-file', exportPath, '--details-file', first!, '--out', db]);
        // The rest as the crawl adds details to a stored export: the snapshot command reads one file of them.
        if (more.length) {
          const storeCommand: NodeCommand = { ...commands.snapshot, script: relative(REPO_ROOT, STORE_DETAILS_CHILD), args: [] };
          const stored = await run('store the other details files', storeCommand, ['--snapshot', db, '--export', exportPath, ...more]);
          say(`details stored from ${detailsFiles.paths.length} files (${(stored.ms / 1000).toFixed(1)} s for all but the first)`);
        }
        detailsDb = db;
        const detailsOut = join(dir, 'dist-details');
        // Details make every page type heavier: this build gets more time before it counts as hung.
        const withDetails = await timedBuild('build with details', detailsDb, detailsOut, 3 * timeoutMs);
        details = {
          ms: withDetails.res.ms,
          peakRssKb: withDetails.res.peak && reportedPeakKb(withDetails.res.output, withDetails.res.peak.maxRssKb),
          snapshotBytes: statSync(detailsDb).size,
          dist: measureDist(detailsOut),
        };
        note('build with details', withDetails.res, `, ${(details.dist.bytes / 1024 / 1024).toFixed(1)} MB`);
        detailTypes = new Map(pageTypeSizes(detailsOut, withDetails.routes).map((t) => [t.route, t]));
        if (targets.includes('none')) measureTarget('none', true, withDetails.res, detailsOut, detailsDb);
        // The evidence pass on its own, on the snapshot with details: the render makes it once, on first use.
        const evidenceCommand: NodeCommand = {
          ...commands.snapshot,
          nodeArgs: ['--expose-gc', ...commands.snapshot.nodeArgs],
          script: relative(REPO_ROOT, EVIDENCE_CHILD),
          args: [],
        };
        const pass = await run('evidence pass', evidenceCommand, ['--snapshot', detailsDb]);
        evidence = evidenceResultOf(pass.output, withDetails.res.output);
        if (evidence) say(evidenceLine(evidence));
        // /rank/ in a browser, where rank.json holds every model's scores.
        rank = await measureRankPage(detailsOut);
        for (const line of rank ? rankLines(rank) : []) say(line.slice(2));
      } catch (err) {
        // A build with details that runs out of memory or time is a result to report, and the other stages still run.
        if (!(err instanceof StageFailed)) throw err;
        detailsFailed = `${err.message.split('\n')[0]}${/heap out of memory/i.test(err.run.output) ? ' (JavaScript heap out of memory)' : ''}`;
        say(`${detailsFailed}; the report says so`);
      } finally {
        rmSync(join(dir, 'dist-details'), { recursive: true, force: true });
        rmSync(join(dir, 'details'), { recursive: true, force: true });
      }
    }
    const pageTypes: PageTypeResult[] = plainTypes.map((plain) => ({
      route: plain.route,
      ms: routeRuns.map((routes) => routes.find((t) => t.route === plain.route)?.ms ?? 0),
      plain,
      withDetails: detailTypes.get(plain.route),
    }));

    // 4. unchanged refresh: the snapshot and site are current, so each run fetches, compares, renders nothing
    const refreshStage = new StageRecorder('unchanged refresh');
    const refreshDir = join(dir, 'refresh');
    mkdirSync(refreshDir);
    const refreshDb = join(refreshDir, 'snapshot.db');
    const refreshDist = join(refreshDir, 'dist');
    copyFileSync(snapshot, refreshDb);
    renameSync(buildOut, refreshDist);
    // The details crawl is off here: its allowance grows with the time since the last run (the 14 minutes a
    // 50,000-configuration build takes are enough for a few requests), and details it fetches change the site
    // (each shows its fetch date), so it would rebuild. This stage measures the answer to an unchanged API.
    const refreshArgs = ['--force', '--details', '0', '--out', refreshDb, '--dist', refreshDist];
    const first = await run('refresh (untimed, makes the site current)', commands.refresh, refreshArgs, { env: apiEnv });
    say(`untimed refresh: ${/nothing rendered/.test(first.output) ? 'already current' : 'rendered the site'} (${(first.ms / 1000).toFixed(2)} s)`);
    for (let r = 1; r <= runs; r++) {
      const res = await run('unchanged refresh', commands.refresh, refreshArgs, { env: apiEnv });
      if (!/up to date: .*nothing rendered/.test(res.output) || /\bbuilding\b|^render\b/m.test(res.output)) {
        throw new StageFailed('unchanged refresh', res, 'it did not report "up to date ... nothing rendered": the refresh rendered the site again');
      }
      refreshStage.add(res);
      note(`unchanged refresh ${r}/${runs}`, res);
    }

    // 6. a build for each deploy target, without details and with, each into a fresh folder: one run each (they are about sizes)
    const snapshots = [{ withDetails: false, path: snapshot }, ...(detailsDb ? [{ withDetails: true, path: detailsDb }] : [])];
    for (const { withDetails, path } of snapshots) {
      for (const target of targets) {
        if (target === 'none') continue;
        const out = join(dir, 'targets', `${target}${withDetails ? '-details' : ''}`);
        mkdirSync(dirname(out), { recursive: true });
        // The bench's history is its own: never held to (nor fetched from) the release its STATE_URL names.
        running(`build for ${target}${withDetails ? ' with details' : ''}`);
        const res = await runChild(commands.build, ['--snapshot', path, '--out', out, '--target', target, '--new-history'], {
          cwd: REPO_ROOT,
          // As the scheduled workflow builds for GitHub Pages: the snapshot file in a release beside the site.
          env: childEnv(target === 'github-pages' ? { STATE_URL: BENCH_STATE_URL } : {}),
          timeoutMs: withDetails ? 3 * timeoutMs : timeoutMs,
          peakFile,
        });
        step++;
        try {
          measureTarget(target, withDetails, res, out, path);
          if (withDetails && rank) rank.targets.push(...rankFileOn(target, out));
        } finally {
          removeBuild(out);
        }
      }
    }
    const order = (t: TargetBuild) => Number(t.details) * BENCH_TARGETS.length + BENCH_TARGETS.indexOf(t.target);
    targetBuilds.sort((a, b) => order(a) - order(b));

    running('measured');
    const stages = [fetchStage, validateStage, buildStage, refreshStage, referenceStage].map((s) => s.result);
    return {
      size,
      exportBytes: statSync(exportPath).size,
      runs,
      historyDays: days,
      snapshotBytes: statSync(snapshot).size,
      history: seed && { snapshots: seed.snapshots, bytes: seed.bytes, ms: seed.ms },
      stages,
      ratio: median(buildStage.result.ms) / median(referenceStage.result.ms),
      dist,
      pageTypes,
      details,
      detailsFailed,
      evidence,
      rank,
      targetBuilds: targets.length ? targetBuilds : undefined,
    };
  } finally {
    ctx.progress?.endProgress(`bench ${configurations}`);
    await simulator.close();
    if (detailsDb) rmSync(detailsDb, { force: true });
  }
}

export async function runBench(options: BenchOptions, ctx: BenchContext): Promise<BenchResults> {
  const commands = readNodeCommands(REPO_ROOT, ['snapshot', 'build', 'refresh'] as const);
  ctx.log(
    `stage commands (from package.json): ${Object.entries(commands)
      .map(([name, c]) => `${name}: node ${[...c.nodeArgs, c.script].join(' ')}`)
      .join('; ')}`,
  );
  const sizes: SizeResult[] = [];
  for (const n of options.sizes) sizes.push(await benchSize(n, options, commands, ctx));
  return { sizes, machine: describeMachine() };
}
