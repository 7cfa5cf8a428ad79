/**
 * The build for each deploy target, measured against its host's limits: what the site weighs in
 * the terms hosts limit (measureSite), what the build's plan estimated before rendering, what its
 * last line says was left out, and whether the host takes it. A refusal or a failure is a result.
 */
import { rmSync } from 'node:fs';
import { MirrorError } from '../../core/errors.ts';
import { planBuild, weightsFileFor } from '../../publish/build-plan.ts';
import { measureSite } from '../../publish/site-figures.ts';
import { stateDirFor } from '../../publish/snapshot-download.ts';
import { DEPLOY_TARGETS, overLimits, type DeployTarget } from '../../site/plan/hosts.ts';
import { DEFAULT_WEIGHTS, scaleWeights } from '../../site/plan/weights.ts';
import { estimateKinds } from '../../site/plan/estimate-site.ts';
import type { BenchTarget } from './args.ts';
import type { ChildRun } from './child.ts';
import type { KindedFigures, TargetBuild } from './results.ts';
import { measureHistory } from './dist-stats.ts';

/** What the build reads of the site's settings to plan. */
export interface PlanSettings {
  cardModels: number;
  modelPages: number;
  siteUrl: URL;
}

/** The snapshot file as a site publishes it under /data/: the plan counts it exactly, so a build's measure of it is the plan's. */
export type SnapshotDbFigures = { files: number; bytes: number };

/**
 * The plan a build of `snapshot` makes for `target` in a folder never built (`neverBuilt`: no
 * measured weights, so DEFAULT_WEIGHTS, as in each of the bench's fresh folders), with its estimate
 * by kind of output; undefined when the plan refuses.
 */
export function plannedEstimate(
  snapshot: string,
  neverBuilt: string,
  target: DeployTarget | undefined,
  settings: PlanSettings,
  snapshotDb: SnapshotDbFigures,
): KindedFigures | undefined {
  try {
    const planned = planBuild(snapshot, neverBuilt, target, settings, snapshotDb);
    return { ...planned.plan.estimate, kinds: estimateKinds(planned.counts, scaleWeights(DEFAULT_WEIGHTS, planned.scale), planned.plan) };
  } catch (err) {
    if (err instanceof MirrorError) return undefined;
    throw err;
  }
}

const lines = (output: string) =>
  output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean);

/** What a target's limits left out, from the build's last line (summaryLines): "nothing", or the list. */
export function leftOutSaid(lastLine: string | undefined, target: DeployTarget): string | undefined {
  if (lastLine === undefined) return undefined;
  if (lastLine === `${target}'s limits leave nothing out`) return 'nothing';
  const prefix = `what ${target}'s limits leave out: `;
  return lastLine.startsWith(prefix) ? lastLine.slice(prefix.length) : undefined;
}

/**
 * One finished build as a result: `out` measured when it exited 0 (the caller removes the folder),
 * else the build's own error line; a refusal is the plan's line that even what every target keeps
 * does not fit, said before rendering. `estimate` is the plan for the snapshot file the build published.
 */
export function targetBuildOf(build: {
  target: BenchTarget;
  details: boolean;
  run: ChildRun;
  /** The build's peak, as reportedPeakKb (stage-process.ts) reads it from the run. */
  peakRssKb: number | undefined;
  out: string;
  estimate: (snapshotDb: SnapshotDbFigures) => KindedFigures | undefined;
}): TargetBuild {
  const { target, details, run, peakRssKb, out } = build;
  const deployTarget = target === 'none' ? undefined : target;
  const base = { target, details, ms: run.ms, peakRssKb, replanned: lines(run.output).find((l) => l.startsWith('re-plan for ')) };
  if (run.timedOut || run.code !== 0) {
    const error = lines(run.output).findLast((l) => l.startsWith('error: '));
    const why = run.timedOut
      ? `no exit within the time limit (killed after ${(run.ms / 1000).toFixed(0)} s)`
      : (error ?? (run.signal ? `killed by ${run.signal}` : `exit code ${run.code}`));
    // Refused before rendering: the plan's own line, not the one of a plan made again from what a render measured.
    const refused = !run.timedOut && /^error: the site does not fit .*, even with only what every target keeps: /.test(why);
    return { ...base, outcome: refused ? 'refused' : 'failed', why, over: [] };
  }
  const measured = measureSite(out);
  const built = {
    ...base,
    outcome: 'built' as const,
    measured,
    history: measureHistory(out),
    estimate: build.estimate(measured.kinds['snapshot-db']),
    lastLine: lines(run.output).at(-1),
  };
  if (!deployTarget) return { ...built, over: [], fits: DEPLOY_TARGETS.filter((t) => overLimits(t, measured).length === 0) };
  return { ...built, leftOut: leftOutSaid(built.lastLine, deployTarget), over: overLimits(deployTarget, measured) };
}

/** Removes a measured build's folder, and the weights and the snapshot file published at STATE_URL the build kept beside it. */
export function removeBuild(out: string): void {
  rmSync(out, { recursive: true, force: true });
  rmSync(weightsFileFor(out), { force: true });
  rmSync(stateDirFor(out), { recursive: true, force: true });
}
