/**
 * `npm run bench`: for each size, a deterministic synthetic export; then every stage as its own
 * process, started like its npm script, `runs` times: fetch from the simulator, validate and
 * store, build (interleaved with the trivial reference build), and an unchanged refresh; then,
 * with `--targets`, one build for each deploy target without details and one with.
 * Everything happens in one temporary folder; the repository's data/ and dist/ are never touched.
 */
import { rmSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { demoKey, startSimulator } from '../simulator/index.ts';
import type { BenchOptions } from './args.ts';
import { measureDist, pageTypeSizes } from './dist-stats.ts';
import { readNodeCommands } from './npm-script.ts';
import { benchField } from './proportions.ts';
import type { BenchResults, Machine, PageTypeResult, SizeResult } from './results.ts';
import { benchDetails } from './size-details.ts';
import { prepareInputs } from './size-inputs.ts';
import { SizeRun, type BenchContext, type StageCommands } from './size-run.ts';
import { benchBuilds, benchFetch, benchRefresh, benchValidate } from './size-stages.ts';
import { TargetMeasure, benchTargetBuilds } from './size-targets.ts';
import { REPO_ROOT, childEnv } from './stage-process.ts';
import { median } from './stats.ts';

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

/** One size, stage by stage in the order the header says, with the simulator serving its export throughout. */
async function benchSize(configurations: number, options: BenchOptions, commands: StageCommands, ctx: BenchContext): Promise<SizeResult> {
  const size = benchField(configurations);
  const sr = new SizeRun(configurations, options, commands, ctx);
  const inputs = prepareInputs(sr, size);
  const key = demoKey('partner');
  const simulator = await startSimulator({ exportBody: inputs.body, keys: { [key]: { tier: 'partner' } } });
  const apiEnv = childEnv({ RANKING_API_URL: simulator.url, RANKING_API_KEY: key });
  try {
    const fetchStage = await benchFetch(sr, inputs, apiEnv);
    const snapshot = join(sr.dir, 'snapshot.db');
    const validateStage = await benchValidate(sr, inputs, snapshot);
    const builds = await benchBuilds(sr, snapshot);
    sr.say('measuring the built pages');
    const dist = measureDist(builds.out);
    const plainTypes = pageTypeSizes(builds.out, builds.routeRuns.at(-1)!);
    // The build without a target is this stage's last run: its site is measured as the targets' are.
    const targets = new TargetMeasure(sr);
    if (options.targets.includes('none')) targets.measure('none', false, builds.lastBuild, builds.out, snapshot);
    const withDetails = await benchDetails(sr, inputs, targets);
    const pageTypes: PageTypeResult[] = plainTypes.map((plain) => ({
      route: plain.route,
      ms: builds.routeRuns.map((routes) => routes.find((t) => t.route === plain.route)?.ms ?? 0),
      plain,
      withDetails: withDetails.detailTypes.get(plain.route),
    }));
    const refreshStage = await benchRefresh(sr, snapshot, builds.out, apiEnv);
    await benchTargetBuilds(sr, snapshot, targets, withDetails.rank);

    sr.running('measured');
    const { seed } = inputs;
    return {
      size,
      exportBytes: statSync(inputs.exportPath).size,
      runs: options.runs,
      historyDays: options.historyDays,
      snapshotBytes: statSync(snapshot).size,
      history: seed && { snapshots: seed.snapshots, bytes: seed.bytes, ms: seed.ms },
      stages: [fetchStage, validateStage, builds.build, refreshStage, builds.reference],
      ratio: median(builds.build.ms) / median(builds.reference.ms),
      dist,
      pageTypes,
      details: withDetails.details,
      detailsFailed: withDetails.detailsFailed,
      evidence: withDetails.evidence,
      measures: withDetails.measures,
      ranges: withDetails.ranges,
      rank: withDetails.rank,
      targetBuilds: options.targets.length ? targets.builds : undefined,
    };
  } finally {
    sr.endProgress();
    await simulator.close();
    if (sr.detailsDb) rmSync(sr.detailsDb, { force: true });
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
