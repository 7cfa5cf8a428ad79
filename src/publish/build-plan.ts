/**
 * The build's plan for its deploy target (src/site/plan/site-plan.ts), made before anything renders:
 * the snapshot's counts, the weights of each kind of output as the previous build of this folder
 * measured them, and the target's limits. What the plan makes is handed to the render and the
 * extras worker (src/site/plan/render-input.ts); after the check, what the build measured is kept beside the
 * site for the next plan, and the build's last lines say what it did against each host's limits.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MirrorError } from '../core/errors.ts';
import { withSnapshot } from '../store/read-snapshot.ts';
import { fieldCountsOf } from '../site/data/field-counts.ts';
import { DEPLOY_TARGETS, describeFigure, HOST_LIMITS, limitsText, mb, overLimits, type DeployTarget, type SiteFigures } from '../site/plan/hosts.ts';
import { OUTPUT_KINDS, type OutputKind } from '../site/plan/output-kinds.ts';
import { DEFAULT_WEIGHTS, scaleWeights } from '../site/plan/weights.ts';
import { estimateKinds, type AsMeasured } from '../site/plan/estimate-site.ts';
import { leftOutOf, planSite } from '../site/plan/site-plan.ts';
import type { BuildPlan, FieldCounts, SitePlan } from '../site/plan/types.ts';
import type { Expected } from './check-build.ts';
import type { MeasuredSite } from './site-figures.ts';

/** Where a folder's measured weights are kept between builds: beside it, with its lock. */
export const weightsFileFor = (target: string) => join(dirname(target), `.${basename(target)}.weights.json`);

interface StoredWeights {
  /** Each kind's measured bytes against what DEFAULT_WEIGHTS expected of it. */
  scale: Partial<Record<OutputKind, number>>;
  /** The plan the site was built with, which its measure is weighed against (`npm run fit-weights` reads it). */
  plan?: BuildPlan;
}

function readScale(target: string): StoredWeights['scale'] {
  try {
    const stored = JSON.parse(readFileSync(weightsFileFor(target), 'utf8')) as StoredWeights;
    return Object.fromEntries(
      Object.entries(stored.scale ?? {}).filter(([k, v]) => (OUTPUT_KINDS as readonly string[]).includes(k) && typeof v === 'number' && v > 0),
    );
  } catch {
    return {};
  }
}

export interface PlannedBuild {
  plan: SitePlan;
  counts: FieldCounts;
  /** What the render and the extras are handed. */
  handed: BuildPlan;
  /** What the check holds the built site to. */
  expected: Expected;
  leftOut: string[];
  scale: StoredWeights['scale'];
  /** MODEL_PAGES: model pages at most, whatever the target allows. */
  maxModelPages: number;
}

const REFUSED_HINT = 'deploy to a host with higher limits (DEPLOY_TARGET or --target: bucket has none), or keep less history (SNAPSHOT_HISTORY_LIMIT)';

/**
 * The plan of `counts` for `deployTarget` with DEFAULT_WEIGHTS scaled by `scale`, and (a plan made
 * again) the files it does not count and each kind at least as measured; a MirrorError when it cannot fit.
 */
function planFrom(
  counts: FieldCounts,
  scale: StoredWeights['scale'],
  deployTarget: DeployTarget | undefined,
  maxModelPages: number,
  { extraFiles = 0, asMeasured = undefined as AsMeasured | undefined } = {},
): PlannedBuild {
  const measured = asMeasured !== undefined;
  const weights = scaleWeights(DEFAULT_WEIGHTS, scale);
  weights.other.files += extraFiles;
  const plan = planSite(counts, weights, deployTarget, maxModelPages, asMeasured);
  if (plan.refused) {
    throw new MirrorError(
      'internal',
      `the site does not fit ${HOST_LIMITS[deployTarget!].name}, even with only what every target keeps${measured ? ' as this build measured it' : ''}: ${plan.refused}`,
      { hint: `${REFUSED_HINT}; ${measured ? 'the previous site is kept' : 'nothing was rendered'}` },
    );
  }
  const { keep, resultsPerPage, compressedDownloads, deepResults } = plan;
  const configurationPages = counts.models.slice(0, keep.configurationPages).reduce((n, m) => n + m.configurations, 0);
  return {
    plan,
    counts,
    handed: { target: deployTarget, keep, resultsPerPage, compressedDownloads, deepResults },
    expected: { modelPages: keep.modelPages, configurationPages, compressedDownloads, target: deployTarget },
    leftOut: leftOutOf(plan, counts.models, counts.cardModels, counts.history),
    scale,
    maxModelPages,
  };
}

/**
 * Plans the build of `snapshot` into the folder `target` for `deployTarget`. Throws a MirrorError
 * (exit 1) naming the limit when even what every target keeps does not fit: that is said before
 * anything renders, and the previous site stays.
 */
export function planBuild(
  snapshot: string,
  target: string,
  deployTarget: DeployTarget | undefined,
  { cardModels, modelPages, siteUrl }: { cardModels: number; modelPages: number; siteUrl: URL },
  snapshotDb: FieldCounts['snapshotDb'],
): PlannedBuild {
  const counts = withSnapshot(snapshot, (reader) => fieldCountsOf(reader, cardModels, snapshotDb, siteUrl));
  return planFrom(counts, readScale(target), deployTarget, modelPages);
}

/**
 * The second chance, for a site the check found over its target's limits: the plan made again with
 * each kind of output weighed as this build measured it, and the files it made but did not count,
 * so that what the first plan misjudged gives way before the site is made again. Throws a
 * MirrorError naming the limit where even what every target keeps does not fit as measured, or
 * where nothing more can give way.
 */
export function planAgain(previous: PlannedBuild, measured: MeasuredSite): PlannedBuild {
  const target = previous.handed.target!;
  const uncounted = Math.max(0, measured.files - previous.plan.estimate.files);
  const estimated = estimateKinds(previous.counts, scaleWeights(DEFAULT_WEIGHTS, previous.scale), previous.plan);
  const asMeasured: AsMeasured = {};
  for (const kind of OUTPUT_KINDS) {
    const { bytes, files } = measured.kinds[kind];
    const e = estimated[kind].bytes;
    // As measuredScale: the snapshot file is counted exactly, and a small kind's measure is mostly its fixed part.
    if (kind === 'snapshot-db' || bytes < 1_000_000 || e <= 0 || bytes <= e) continue;
    asMeasured[kind] = { ratio: bytes / e, perFile: files > 0 ? (bytes - e) / files : 0 };
  }
  const next = planFrom(previous.counts, previous.scale, target, previous.maxModelPages, { extraFiles: uncounted, asMeasured });
  if (JSON.stringify(next.handed) === JSON.stringify(previous.handed)) {
    throw new MirrorError('internal', `the site is over ${HOST_LIMITS[target].name}'s limits: ${overLimits(target, measured).join('; ')}`, {
      hint: 'the previous site is kept; planned again from what the build measured, nothing more can give way: deploy to a host with higher limits (DEPLOY_TARGET or --target)',
    });
  }
  return next;
}

/** The one line that says a build planned again: what the first site measured over, what the new plan leaves out, its estimate. */
export const replanLine = (previous: PlannedBuild, next: PlannedBuild, over: readonly string[]) =>
  `re-plan for ${next.handed.target}: the site as first planned is over its limits (${over.join('; ')}); planned again from what it measured: ` +
  `${next.leftOut.length ? next.leftOut.join('; ') : 'everything'}; estimated ${figuresText(next.plan.estimate)} (first ${mb(previous.plan.estimate.bytes)}); rendering again`;

/** Scale factors that bring each kind's estimate to what was measured; kinds too small to measure keep the previous factor. */
export function measuredScale(planned: PlannedBuild, measured: MeasuredSite): StoredWeights['scale'] {
  const estimated = estimateKinds(planned.counts, scaleWeights(DEFAULT_WEIGHTS, planned.scale), planned.plan);
  const scale = { ...planned.scale };
  for (const kind of OUTPUT_KINDS) {
    // The snapshot file is counted exactly, before the plan.
    if (kind === 'snapshot-db') continue;
    const e = estimated[kind].bytes;
    const m = measured.kinds[kind].bytes;
    // Small kinds say more about their fixed parts than about their weight per unit.
    if (e < 1_000_000 || m < 1_000_000) continue;
    scale[kind] = (planned.scale[kind] ?? 1) * (m / e);
  }
  return scale;
}

/** Keeps what this build measured for the next plan of the same folder (after a failed check too: the next plan is then right). */
export function recordWeights(target: string, planned: PlannedBuild, measured: MeasuredSite): void {
  const stored: StoredWeights = { scale: measuredScale(planned, measured), plan: planned.handed };
  writeFileSync(weightsFileFor(target), `${JSON.stringify(stored, null, 2)}\n`);
}

/** The site's figures in the terms hosts limit. */
export const figuresText = (f: SiteFigures) =>
  `files ${f.files.toLocaleString('en-US')}; largest folder ${f.largestFolder.path}/ ${f.largestFolder.entries.toLocaleString('en-US')} entries; ` +
  `largest file ${f.largestFile.path} ${mb(f.largestFile.bytes)}; whole site ${mb(f.bytes)}`;

/**
 * The build's summary against its target: the target and its limits, the site's figures, and what
 * was left out. Without a target: which targets the site fits, and for each that it does not, the
 * figure that fails.
 */
export function summaryLines(deployTarget: DeployTarget | undefined, figures: SiteFigures, leftOut: readonly string[]): string[] {
  if (deployTarget) {
    return [
      `target ${deployTarget} (${HOST_LIMITS[deployTarget].name}: ${limitsText(deployTarget)}): ${figuresText(figures)}`,
      leftOut.length ? `what ${deployTarget}'s limits leave out: ${leftOut.join('; ')}` : `${deployTarget}'s limits leave nothing out`,
    ];
  }
  const fits = DEPLOY_TARGETS.filter((t) => overLimits(t, figures).length === 0);
  const not = DEPLOY_TARGETS.filter((t) => !fits.includes(t)).map((t) => `${t} (${overLimits(t, figures).join('; ')})`);
  return [`${figuresText(figures)}`, `fits ${fits.join(', ') || 'no target'}${not.length ? `; does not fit ${not.join(', ')}` : ''}`];
}

/** A deploy target from `--target` or DEPLOY_TARGET (the flag wins); a usage error (exit 2) names a wrong one. */
export function readDeployTarget(flag: string | undefined, env: Record<string, string | undefined>): DeployTarget | undefined {
  const value = (flag ?? env.DEPLOY_TARGET ?? '').trim();
  if (value === '') return undefined;
  if ((DEPLOY_TARGETS as readonly string[]).includes(value)) return value as DeployTarget;
  throw new MirrorError(
    'usage',
    `${flag !== undefined ? '--target' : 'DEPLOY_TARGET'} must be one of ${DEPLOY_TARGETS.join(', ')}, got ${JSON.stringify(value.slice(0, 40))}`,
    {
      hint: 'leave it unset to render everything and see which targets the site fits',
    },
  );
}

/** The plan the site in `target` was built with, as its build kept it beside the site; undefined when it kept none. */
export function builtPlanOf(target: string): BuildPlan | undefined {
  try {
    return (JSON.parse(readFileSync(weightsFileFor(target), 'utf8')) as StoredWeights).plan;
  } catch {
    return undefined;
  }
}

export { describeFigure, limitsText };
