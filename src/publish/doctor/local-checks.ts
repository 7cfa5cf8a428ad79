/**
 * The doctor's checks of the files a run uses: the snapshot file (store version, days of history,
 * details coverage, age), the site folder it replaces (and the history its manifest holds the next
 * build to), and the deploy target with what the build's own plan (src/publish/build-plan.ts) would
 * make of the current snapshot: whether it fits, and what it would leave out.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MirrorError } from '../../core/errors.ts';
import { inspectSnapshot, summarizeSnapshot } from '../../store/read-snapshot.ts';
import { STORE_VERSION } from '../../store/schema.ts';
import { snapshotFileKind } from '../../store/snapshot-file-kind.ts';
import { resolveOutputPath } from '../../snapshot/output-path.ts';
import { HOST_LIMITS, type DeployTarget } from '../../site/plan/hosts.ts';
import { handedSite, readSiteSettings, siteOf } from '../../site/settings/config.ts';
import { readStaleAfterHours, staleAfter } from '../../site/settings/staleness.ts';
import { BUILD_STAMP } from '../build-stamp.ts';
import { figuresText, limitsText, planBuild, readDeployTarget, summaryLines } from '../build-plan.ts';
import { judgeHistory } from '../history-guard.ts';
import { resolveOutputDir } from '../output-dir.ts';
import { snapshotDownloadBound, stageSnapshotDownload } from '../snapshot-download.ts';
import { describeHistory, type DoctorContext } from './context.ts';
import { fail, ok, warn, type Verdict } from './verdict.ts';
import { now as clockNow } from '../../core/clock.ts';

const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const HOUR = 3_600_000;
const ago = (ms: number, now: number) => {
  const hours = Math.max(0, Math.round((now - ms) / HOUR));
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
};

export function checkSnapshot(ctx: DoctorContext, now = clockNow()): Verdict {
  const name = 'snapshot';
  const { snapshot } = ctx;
  if (!existsSync(snapshot)) return ok(name, `none at ${snapshot}: the first refresh restores the published one or starts a new history`);
  try {
    resolveOutputPath(snapshot);
  } catch (err) {
    if (!(err instanceof MirrorError)) throw err;
    return fail(name, err.kind, err.message, err.hint);
  }
  const inspection = inspectSnapshot(snapshot);
  if (inspection.state === 'missing') return ok(name, `${snapshot} is empty: the first refresh restores the published one or starts a new history`);
  if (inspection.state === 'unreadable') {
    return warn(name, `${snapshot} cannot be read (${inspection.reason})`, 'the next refresh restores the published snapshot over it, or starts a new history');
  }
  const summary = summarizeSnapshot(snapshot);
  const kind = snapshotFileKind(snapshot);
  const version = kind.kind === 'snapshot' ? kind.version : STORE_VERSION;
  const history = ctx.local ? describeHistory(ctx.local, summary.generatedAt) : 'no history';
  const facts =
    `${snapshot}: store version ${version}${version < STORE_VERSION ? ` (the next refresh carries it over to ${STORE_VERSION})` : ''}, ` +
    `${summary.configurations.toLocaleString('en-US')} configurations${summary.partial ? ' (partial: a Starter key’s lists)' : ''}, ${history}, ` +
    `per-benchmark details for ${summary.coverage.withDetails.toLocaleString('en-US')} of them (${summary.coverage.olderThan30Days.toLocaleString('en-US')} older than 30 days); ` +
    `generated ${when(summary.generatedAt)}, ${ago(summary.generatedAt, now)}`;
  if (summary.sample) {
    return fail(
      name,
      'invalid',
      `${facts}: the fictional sample, which npm run build loads where there is no snapshot; a refresh from the API refuses the real export over it (every configuration gone, exit 6)`,
      `move ${snapshot} away before the first refresh`,
    );
  }
  const hours = readStaleAfterHours(ctx.siteEnv);
  if (now > staleAfter(summary.generatedAt, hours)) {
    return warn(
      name,
      `${facts}: past STALE_AFTER_HOURS (${hours}), so a site built from it tells visitors its data is stale`,
      'the next refresh fetches a new one; if scheduled runs fail, their job summaries say why',
    );
  }
  return ok(name, facts);
}

export function checkDist(ctx: DoctorContext): Verdict {
  const name = 'site folder';
  if (!ctx.target) {
    try {
      resolveOutputDir(ctx.dist, { flag: '--dist', snapshot: ctx.snapshot });
    } catch (err) {
      if (!(err instanceof MirrorError)) throw err;
      return fail(name, err.kind, err.message, err.hint);
    }
  }
  if (!ctx.target || !existsSync(ctx.target)) return ok(name, `none at ${ctx.dist}/ yet: the first build makes it`);
  let stamp: { generatedAt?: string; target?: string | null } = {};
  try {
    stamp = JSON.parse(readFileSync(join(ctx.target, BUILD_STAMP), 'utf8')) as typeof stamp;
  } catch {
    // an empty folder: no stamp yet
  }
  const built = stamp.generatedAt
    ? `${ctx.dist}/ holds a build of the snapshot of ${stamp.generatedAt} (target ${stamp.target ?? 'unset'})`
    : `${ctx.dist}/ is empty`;
  if (!ctx.previous || !ctx.local) return ok(name, built);
  const judged = judgeHistory(ctx.snapshot, ctx.previous);
  if (judged.refused)
    return fail(name, 'internal', `${built}; the next build, held to its manifest, would refuse ${ctx.snapshot}: ${judged.why}`, judged.error.hint);
  return ok(name, `${built}; the next build is held to its manifest: ${judged.line.replace(/^history: /, '')}`);
}

/**
 * The build's plan for the snapshot as it is now, made as the build makes it: the snapshot file
 * counted exactly for a target, when the site holds it (published at STATE_URL, it counts for nothing).
 */
async function planNow(ctx: DoctorContext, deployTarget: DeployTarget | undefined) {
  const settings = readSiteSettings(ctx.siteEnv);
  const site = siteOf(handedSite(settings, readStaleAfterHours(ctx.siteEnv)));
  const dir = deployTarget && !settings.stateUrl ? mkdtempSync(join(tmpdir(), 'mirror-doctor-')) : undefined;
  try {
    const download = dir ? await stageSnapshotDownload(ctx.snapshot, dir, site) : undefined;
    return planBuild(ctx.snapshot, ctx.target!, deployTarget, settings, download ?? snapshotDownloadBound(ctx.snapshot, site));
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export async function checkTarget(ctx: DoctorContext, flag: string | undefined): Promise<Verdict> {
  const name = 'deploy target';
  let deployTarget: DeployTarget | undefined;
  try {
    deployTarget = readDeployTarget(flag, ctx.env);
  } catch (err) {
    const e = err as MirrorError;
    return fail(name, e.kind, e.message, e.hint);
  }
  const label = deployTarget ? `${deployTarget} (${HOST_LIMITS[deployTarget].name}: ${limitsText(deployTarget)})` : 'unset';
  if (!ctx.local || !ctx.target) return ok(name, `${label}; no snapshot to plan with yet: the first build plans it`);
  let planned: Awaited<ReturnType<typeof planNow>>;
  try {
    planned = await planNow(ctx, deployTarget);
  } catch (err) {
    if (!(err instanceof MirrorError)) throw err;
    return fail(name, err.kind, `${label}: ${err.message}`, err.hint);
  }
  const estimate = planned.plan.estimate;
  if (!deployTarget) {
    const [, fits] = summaryLines(undefined, estimate, []);
    return ok(name, `unset: the build of ${ctx.snapshot} renders everything, estimated ${figuresText(estimate)}; it ${fits}`);
  }
  const leftOut = planned.leftOut.length ? `the plan leaves out ${planned.leftOut.join('; ')}` : 'the plan leaves nothing out';
  return ok(name, `${label}: the site of ${ctx.snapshot} fits, estimated ${figuresText(estimate)}; ${leftOut}`);
}
