/**
 * 3b. the same snapshot with per-benchmark details for every configuration, as production has them:
 * stored, built once, the evidence pass timed on its own, and /rank/ measured in a browser. A stage
 * process of it that fails is a result to report, and the other stages still run.
 */
import { rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildRun } from './child.ts';
import { measureDist, pageTypeSizes, type PageTypeSize } from './dist-stats.ts';
import { evidenceLine, evidenceResultOf, type EvidenceResult } from './evidence-result.ts';
import type { BenchMeasuresPass } from './bench-measures-pass.ts';
import type { NodeCommand } from './npm-script.ts';
import { historyOptions } from './history-seed.ts';
import { rangesAgainstTruth } from './ranges-truth.ts';
import { measureRankPage, rankLines, type RankResult } from './rank-page.ts';
import type { DetailsBuild } from './results.ts';
import type { SizeInputs } from './size-inputs.ts';
import type { SizeRun } from './size-run.ts';
import type { TargetMeasure } from './size-targets.ts';
import { REPO_ROOT, StageFailed, reportedPeakKb } from './stage-process.ts';

const STORE_DETAILS_CHILD = fileURLToPath(new URL('./store-details.ts', import.meta.url));
const EVIDENCE_CHILD = fileURLToPath(new URL('./evidence-pass.ts', import.meta.url));
const MEASURES_CHILD = fileURLToPath(new URL('./bench-measures-pass.ts', import.meta.url));

/** What the build with details gave, as far as it got: the page types of its site by route, empty when it was not made. */
interface DetailsOutcome {
  details?: DetailsBuild;
  detailsFailed?: string;
  evidence?: EvidenceResult;
  /** The benchmark measures pass's line, for the report. */
  measures?: string;
  /** The likely ranges held against the generated field's truth, as a line of the report. */
  ranges?: string;
  rank?: RankResult;
  detailTypes: Map<string, PageTypeSize>;
}

/** Stores the export with the details of every configuration into `db`, from as many files as they take. */
export async function storeDetails(sr: SizeRun, inputs: SizeInputs, paths: string[], db: string): Promise<void> {
  inputs.startFile(db);
  const [first, ...more] = paths;
  await sr.run('validate+store with details', sr.commands.snapshot, ['--from-file', inputs.exportPath, '--details-file', first!, '--out', db]);
  // The rest as the crawl adds details to a stored export: the snapshot command reads one file of them.
  if (more.length) {
    const storeCommand: NodeCommand = { ...sr.commands.snapshot, script: relative(REPO_ROOT, STORE_DETAILS_CHILD), args: [] };
    const stored = await sr.run('store the other details files', storeCommand, ['--snapshot', db, '--export', inputs.exportPath, ...more]);
    sr.say(`details stored from ${paths.length} files (${(stored.ms / 1000).toFixed(1)} s for all but the first)`);
  }
}

/** The evidence pass on its own, on the snapshot with details: the render makes it once, on first use. */
async function evidencePass(sr: SizeRun, detailsDb: string, build: ChildRun): Promise<EvidenceResult | undefined> {
  const evidenceCommand: NodeCommand = {
    ...sr.commands.snapshot,
    nodeArgs: ['--expose-gc', ...sr.commands.snapshot.nodeArgs],
    script: relative(REPO_ROOT, EVIDENCE_CHILD),
    args: [],
  };
  const pass = await sr.run('evidence pass', evidenceCommand, ['--snapshot', detailsDb]);
  const evidence = evidenceResultOf(pass.output, build.output);
  if (evidence) sr.say(evidenceLine(evidence));
  return evidence;
}

/** The pass of the mirror's measures of every benchmark on its own, on the snapshot with details: the render makes it once, on first use. */
async function measuresPass(sr: SizeRun, detailsDb: string, evidence: EvidenceResult | undefined): Promise<string | undefined> {
  const command: NodeCommand = {
    ...sr.commands.snapshot,
    nodeArgs: ['--expose-gc', ...sr.commands.snapshot.nodeArgs],
    script: relative(REPO_ROOT, MEASURES_CHILD),
    args: [],
  };
  const pass = await sr.run('benchmark measures pass', command, ['--snapshot', detailsDb]);
  const line = /BENCH_MEASURES_PASS (\{.*\})/.exec(pass.output)?.[1];
  if (!line) return undefined;
  const said = measuresLine(JSON.parse(line) as BenchMeasuresPass, evidence?.buildCpuMs);
  sr.say(said);
  return said;
}

/** One line of the report: the pass's time, CPU and memory, its share of the build's render and extras CPU, and what it found. */
function measuresLine(p: BenchMeasuresPass, buildCpuMs: number | undefined): string {
  const share = buildCpuMs ? ` (${((100 * p.cpuMs) / buildCpuMs).toFixed(1)} % of the build's render and extras CPU, ${(buildCpuMs / 1000).toFixed(1)} s)` : '';
  const verdicts = Object.entries(p.verdicts)
    .map(([v, n]) => `${n} ${v}`)
    .join(', ');
  return `benchmark measures pass with details: ${(p.ms / 1000).toFixed(2)} s, ${(p.cpuMs / 1000).toFixed(2)} s CPU${share}, keeps ${p.heapMb.toFixed(0)} MB of heap; ${p.benchmarks} benchmarks (${verdicts}), ${p.pairs} pairs compared, ${p.tagCells} cells by tag`;
}

/** The build with details and what is measured on it; the stored snapshot stays as `sr.detailsDb` for the target builds. */
export async function benchDetails(sr: SizeRun, inputs: SizeInputs, targets: TargetMeasure): Promise<DetailsOutcome> {
  const outcome: DetailsOutcome = { detailTypes: new Map() };
  const { detailsFiles } = inputs;
  if (!detailsFiles) {
    sr.say('build with details: skipped (--skip-details)');
    return outcome;
  }
  try {
    const db = join(sr.dir, 'details.db');
    await storeDetails(sr, inputs, detailsFiles.paths, db);
    const detailsDb = (sr.detailsDb = db);
    const detailsOut = join(sr.dir, 'dist-details');
    // Details make every page type heavier: this build gets more time before it counts as hung.
    const withDetails = await sr.timedBuild('build with details', detailsDb, detailsOut, 3 * sr.timeoutMs);
    const details = (outcome.details = {
      ms: withDetails.res.ms,
      peakRssKb: withDetails.res.peak && reportedPeakKb(withDetails.res.output, withDetails.res.peak.maxRssKb),
      snapshotBytes: statSync(detailsDb).size,
      dist: measureDist(detailsOut),
    });
    sr.note('build with details', withDetails.res, `, ${(details.dist.bytes / 1024 / 1024).toFixed(1)} MB`);
    outcome.detailTypes = new Map(pageTypeSizes(detailsOut, withDetails.routes).map((t) => [t.route, t]));
    if (sr.options.targets.includes('none')) targets.measure('none', true, withDetails.res, detailsOut, detailsDb);
    outcome.evidence = await evidencePass(sr, detailsDb, withDetails.res);
    outcome.measures = await measuresPass(sr, detailsDb, outcome.evidence);
    // The ranges the site published, held against the field's truth (between stages: nothing is timed meanwhile).
    outcome.ranges = rangesAgainstTruth(detailsOut, historyOptions(inputs.size, sr.options.historyDays)).line;
    sr.say(outcome.ranges);
    // /rank/ in a browser, where rank.json holds every model's scores.
    outcome.rank = await measureRankPage(detailsOut);
    for (const line of outcome.rank ? rankLines(outcome.rank) : []) sr.say(line.slice(2));
  } catch (err) {
    // A build with details that runs out of memory or time is a result to report, and the other stages still run.
    if (!(err instanceof StageFailed)) throw err;
    outcome.detailsFailed = `${err.message.split('\n')[0]}${/heap out of memory/i.test(err.run.output) ? ' (JavaScript heap out of memory)' : ''}`;
    sr.say(`${outcome.detailsFailed}; the report says so`);
  } finally {
    rmSync(join(sr.dir, 'dist-details'), { recursive: true, force: true });
    rmSync(join(sr.dir, 'details'), { recursive: true, force: true });
  }
  return outcome;
}
