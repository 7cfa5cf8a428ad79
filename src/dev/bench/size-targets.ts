/**
 * The builds for each deploy target at one size, without details and with, measured against their
 * hosts and against the plan a build makes for a folder never built.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readSiteSettings, type SiteSettings } from '../../site/settings/config.ts';
import type { DeployTarget } from '../../site/plan/hosts.ts';
import { BENCH_TARGETS, type BenchTarget } from './args.ts';
import { runChild, type ChildRun } from './child.ts';
import { rankFileOn, type RankResult } from './rank-page.ts';
import { targetBuildLine } from './report.ts';
import type { TargetBuild } from './results.ts';
import type { SizeRun } from './size-run.ts';
import { REPO_ROOT, childEnv, reportedPeakKb } from './stage-process.ts';
import { plannedEstimate, removeBuild, targetBuildOf, type SnapshotDbFigures } from './target-builds.ts';

/** The release the GitHub Pages builds publish the snapshot file to, as the workflow's STATE_URL names it; nothing is uploaded. */
const BENCH_STATE_URL = 'https://github.com/owner/mirror/releases/download/mirror-state/';

/** The settings a build plans with: it reads them from its environment (a .env file sets only its deploy target, which the bench clears). */
const planSettings = () => readSiteSettings(childEnv());

/** The target builds of a size as they are measured, and how each is measured. */
export class TargetMeasure {
  readonly builds: TargetBuild[] = [];
  private readonly sr: SizeRun;
  private readonly settings: SiteSettings | undefined;

  constructor(sr: SizeRun) {
    this.sr = sr;
    this.settings = sr.options.targets.length ? planSettings() : undefined;
  }

  /** Measures a finished build into `out` (for none, the stage's own build), keeps it and logs it. */
  measure(target: BenchTarget, details: boolean, res: ChildRun, out: string, snapshotPath: string): void {
    const peakRssKb = res.peak && reportedPeakKb(res.output, res.peak.maxRssKb);
    const built = targetBuildOf({
      target,
      details,
      run: res,
      peakRssKb,
      out,
      estimate: this.estimateFor(snapshotPath, target === 'none' ? undefined : target),
    });
    this.builds.push(built);
    this.sr.say(targetBuildLine(built));
  }

  /** The plan a build makes for a folder never built (DEFAULT_WEIGHTS): what the target builds report beside what they made. */
  private estimateFor(snapshotPath: string, target: DeployTarget | undefined) {
    return (snapshotDb: SnapshotDbFigures) => plannedEstimate(snapshotPath, join(this.sr.dir, 'never-built'), target, this.settings!, snapshotDb);
  }
}

/**
 * 6. a build for each deploy target, without details and with, each into a fresh folder: one run each (they are
 * about sizes). A failed build is a result, not a stop; the builds end sorted as BENCH_TARGETS lists the targets.
 */
export async function benchTargetBuilds(sr: SizeRun, snapshot: string, targets: TargetMeasure, rank: RankResult | undefined): Promise<void> {
  const { timeoutMs, peakFile, detailsDb } = sr;
  const snapshots = [{ withDetails: false, path: snapshot }, ...(detailsDb ? [{ withDetails: true, path: detailsDb }] : [])];
  for (const { withDetails, path } of snapshots) {
    for (const target of sr.options.targets) {
      if (target === 'none') continue;
      const out = join(sr.dir, 'targets', `${target}${withDetails ? '-details' : ''}`);
      mkdirSync(dirname(out), { recursive: true });
      // The bench's history is its own: never held to (nor fetched from) the release its STATE_URL names.
      sr.running(`build for ${target}${withDetails ? ' with details' : ''}`);
      const res = await runChild(sr.commands.build, ['--snapshot', path, '--out', out, '--target', target, '--new-history'], {
        cwd: REPO_ROOT,
        // As the scheduled workflow builds for GitHub Pages: the snapshot file in a release beside the site.
        env: childEnv(target === 'github-pages' ? { STATE_URL: BENCH_STATE_URL } : {}),
        timeoutMs: withDetails ? 3 * timeoutMs : timeoutMs,
        peakFile,
      });
      sr.step++;
      try {
        targets.measure(target, withDetails, res, out, path);
        if (withDetails && rank) rank.targets.push(...rankFileOn(target, out));
      } finally {
        removeBuild(out);
      }
    }
  }
  const order = (t: TargetBuild) => Number(t.details) * BENCH_TARGETS.length + BENCH_TARGETS.indexOf(t.target);
  targets.builds.sort((a, b) => order(a) - order(b));
}
