/**
 * `npm run build`: render the snapshot with Astro into a temporary folder, check the result, and
 * only then swap it in for `dist/`. A failed or half-written build never replaces a good site.
 */
import type { RenderInput } from '../site/plan/render-input.ts';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { readClientTuning } from '../api/settings.ts';
import { formatBytes, type Reporter } from '../core/reporter.ts';
import { runSnapshot } from '../snapshot/run-snapshot.ts';
import { acquireLock } from '../core/lock.ts';
import { summarizeSnapshot } from '../store/read-snapshot.ts';
import { handedSite, readSiteSettings, siteOf, type HandedSite, type Site, type SiteSettings } from '../site/settings/config.ts';
import { readStaleAfterHours } from '../site/settings/staleness.ts';
import { buildStampText, writeBuildStamp } from './build-stamp.ts';
import { writeDataApi } from './data-api.ts';
import { renderProgressState, startAstroRender, type AstroRender, type RenderProgress } from './astro-render.ts';
import { mergeInto, STAGING, startExtras, type ExtrasJob } from './extras.ts';
import { SEARCH_DIR } from './search-index.ts';
import { CARD_DIR } from '../site/links/output-paths.ts';
import { explainBuildFailure } from './build-failure.ts';
import { checkBuild, checkPages, OverLimits, type BuildCheck, type PageCheck } from './check-build.ts';
import { resolveOutputDir } from './output-dir.ts';
import { FRESH, lockOutput, PREVIOUS, recoverLeftovers, workDirName } from './sweep.ts';
import { pauseForTest } from '../core/test-pause.ts';
import { sampleTreePeak } from './process-peak.ts';
import { figuresText, limitsText, planAgain, planBuild, recordWeights, replanLine, summaryLines, type PlannedBuild } from './build-plan.ts';
import type { DeployTarget } from '../site/plan/hosts.ts';
import {
  placeSnapshotDownload,
  publishStateBeside,
  snapshotDownloadBound,
  stageSnapshotDownload,
  stateDirFor,
  unplaceSnapshotDownload,
  type StagedSnapshot,
} from './snapshot-download.ts';
import { handOverPublishedState } from '../site/files/snapshot-db.ts';
import { guardPublishedHistory } from './history-guard.ts';

export const SAMPLE_EXPORT = 'data/sample/export.json';
export const SAMPLE_DETAILS = 'data/sample/details.json';
/** The folder of the work folder where the published snapshot file is made; published at STATE_URL, it waits there until the swap. */
const STATE_STAGING = 'snapshot-db';
/** The file of the work folder that hands the render the published file's figures (RenderInput.handover). */
const STATE_HANDOVER = 'snapshot-db.json';
/** The folder of the work folder where a site the check found over its target's limits waits while it is made again (its cards are taken). */
const REJECTED = 'over-limits';
/**
 * Where a build is written before it replaces `outDir`: a folder beside it (so the final move is a
 * rename on one file system), holding nothing but its `dist`.
 */
export function workDirFor(outDir: string): string {
  const target = resolve(outDir);
  return join(dirname(target), workDirName(target));
}

export interface BuildOptions {
  snapshot: string;
  outDir: string;
  reporter: Reporter;
  /** Snapshots of history to keep when the sample is loaded. */
  historyLimit: number;
  /** The flag that named `outDir`, for messages (default `--out`). */
  outFlag?: string;
  /** The host the site is built for (DEPLOY_TARGET, `--target`): the build fits its limits. Undefined: everything. */
  target?: DeployTarget | undefined;
  /** What writes the pages into the work folder (default: Astro in a child process); a test about what happens around a render passes a cheaper one. */
  render?: Renderer;
  /** `--new-history`: publish this snapshot's history even over a longer one published now. */
  newHistory?: boolean | undefined;
  /** For tests: the waits between retries of the live manifest. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** Starts writing the site's pages into `outDir`; the build checks, completes and swaps in what it wrote. */
export type Renderer = (outDir: string, logLevel: 'info' | 'warn', input: RenderInput, onProgress?: (progress: RenderProgress) => void) => AstroRender;

export interface BuildResult extends BuildCheck {
  ms: number;
  /** The build's summary against its target's limits (or, without one, which targets it fits): its last lines. */
  summary: string[];
  /** The most memory the build and the processes it started held at once (KB, sampled; 0 where /proc does not tell). */
  peakKb: number;
}

/** Loads the bundled sample through the same validation as a live fetch, when there is no snapshot yet. */
export async function ensureSnapshot(options: BuildOptions): Promise<void> {
  if (existsSync(options.snapshot)) return;
  options.reporter.info(`no snapshot at ${options.snapshot}: loading the bundled sample (${SAMPLE_EXPORT})`);
  await runSnapshot({
    out: options.snapshot,
    source: {
      kind: 'file',
      path: SAMPLE_EXPORT,
      detailsPath: existsSync(SAMPLE_DETAILS) ? SAMPLE_DETAILS : undefined,
      label: 'sample',
      maxBytes: readClientTuning({}).maxBytes,
    },
    force: false,
    allowShrink: false,
    fallback: false,
    historyLimit: options.historyLimit,
    reporter: options.reporter,
  });
}

/**
 * Replaces `outDir` with `fresh` in two renames; the old site is removed only once the new one is
 * in place. A kill between them leaves no `outDir`: the next run moves `fresh` in (sweep.ts).
 */
function swapIn(fresh: string, outDir: string, work: string): void {
  const old = join(work, PREVIOUS);
  if (existsSync(outDir)) renameSync(outDir, old);
  pauseForTest('swap');
  try {
    renameSync(fresh, outDir);
  } catch (err) {
    if (existsSync(old)) renameSync(old, outDir);
    throw err;
  }
  rmSync(old, { recursive: true, force: true });
}

/** The build's memory as its last line reports it: all its processes together, sampled ('' where /proc does not tell). */
export const peakText = (r: BuildResult) => (r.peakKb > 0 ? `; memory peak ${Math.round(r.peakKb / 1024)} MB, all processes at once` : '');

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  // Before anything is loaded or rendered: a folder that is not a site is never replaced.
  const target = resolveOutputDir(options.outDir, { flag: options.outFlag ?? '--out', snapshot: options.snapshot });
  try {
    return await renderInto(target, options, started);
  } catch (err) {
    throw explainBuildFailure(err, dirname(target)) ?? err;
  }
}

/**
 * Server-side files Astro 5 can leave at the root of an output folder outside the project
 * (withastro/astro#14903): its content-layer modules, now and then its data store and settings, and
 * the prerender chunks (`chunks/`, `pages/`, `*.mjs`). The site publishes no `.mjs` and none of these
 * names at its root (its top-level folders are its routes), so they go before the build is checked.
 */
const ASTRO_LEFTOVERS = ['data-store.json', 'settings.json'];
const ASTRO_SERVER_DIRS = ['chunks', 'pages'];

function onlyModules(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).every((e) =>
    e.isDirectory() ? onlyModules(join(dir, e.name)) : e.name.endsWith('.mjs') || e.name.endsWith('.mjs.map'),
  );
}

function removeAstroLeftovers(out: string): void {
  for (const entry of readdirSync(out, { withFileTypes: true })) {
    const path = join(out, entry.name);
    if (entry.isFile() && (entry.name.endsWith('.mjs') || ASTRO_LEFTOVERS.includes(entry.name))) rmSync(path, { force: true });
    else if (entry.isDirectory() && ASTRO_SERVER_DIRS.includes(entry.name) && onlyModules(path)) rmSync(path, { recursive: true, force: true });
  }
}

/** What one build's steps share: its folders, its settings and what is still running. */
interface BuildRun {
  options: BuildOptions;
  target: string;
  work: string;
  fresh: string;
  staging: string;
  downloadDir: string;
  handover: string;
  handed: HandedSite;
  site: Site;
  extras?: ExtrasJob;
  astro?: AstroRender;
  /** The published snapshot file, made beside the render when the build has no target. */
  published?: Promise<StagedSnapshot>;
  /**
   * Once merged, the staging folder holds only the folders Astro had too (about 7,400 at 10,000
   * configurations): removing them took 3.8 s, so it happens in the background while the site is checked.
   */
  stagingGone?: Promise<void>;
  /** A site the check refused, removed while the site is made again (at 10,000 configurations its 62,000 files took minutes). */
  rejectedGone?: Promise<unknown>;
}

async function renderInto(target: string, options: BuildOptions, started: number): Promise<BuildResult> {
  const { reporter } = options;
  await ensureSnapshot(options);
  const summary = summarizeSnapshot(options.snapshot);
  reporter.info(
    `rendering the snapshot generated ${new Date(summary.generatedAt).toISOString()} (${summary.source}${summary.partial ? ', partial' : ''}): ` +
      `${summary.configurations} configurations, ${summary.benches} benchmarks, ${summary.tags} tags`,
  );
  // The one reading of the site's settings: the render, the extras worker and the files beside the pages are handed them.
  const settings = readSiteSettings(process.env);
  const handed = handedSite(settings, readStaleAfterHours(process.env));
  warnAboutSettings(settings, reporter);
  // Astro keeps build state in the project's .astro/: one build at a time per checkout.
  const release = await acquireLock(resolve('.astro-build'), 30 * 60_000, (lock) =>
    reporter.info(`waiting: another build of this checkout holds ${lock}; this one goes on when it ends`),
  );
  let releaseTarget: (() => void) | undefined;
  const work = workDirFor(target);
  // Cards, badges, feeds, per-model data files and history.csv are made in a child process on the
  // other core while Astro renders; the search index once that process or the render has ended.
  const run: BuildRun = {
    options,
    target,
    work,
    fresh: join(work, FRESH),
    staging: join(work, STAGING),
    // The snapshot file as /data/ publishes it. The data page names its parts: the render reads them
    // from the handover file, which is written once the file is made and removed once the render ends.
    downloadDir: join(work, STATE_STAGING),
    handover: join(work, STATE_HANDOVER),
    handed,
    site: siteOf(handed),
  };
  // An interrupted build (Ctrl-C ends the process through process.exit) leaves no half-written folder.
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  process.once('exit', removeWork);
  const memory = sampleTreePeak(250);
  try {
    // One build at a time per target: while it is held, every other work folder beside the target is a dead run's.
    releaseTarget = await lockOutput(target, 30 * 60_000);
    recoverLeftovers(target, options.outDir, reporter);
    // Before anything is written: a shorter history never replaces the published one unless told to.
    if (options.newHistory) reporter.info('history: not held to the published one (--new-history)');
    else await guardPublishedHistory({ snapshot: options.snapshot, target, outDir: options.outDir, reporter, env: process.env, sleep: options.sleep });
    mkdirSync(work);
    // The API key is not in this process's env, so the render and the worker, which inherit it, never see it.
    process.env.ASTRO_TELEMETRY_DISABLED = '1';
    // A target's plan counts the file's exact bytes and parts, so it is made first. Without a target
    // the plan keeps everything whatever the file weighs: it is made beside the render and the extras
    // worker (first, it took 2.3-3.6 s at 10,000 configurations, while one core was idle).
    const download = options.target ? await stageDownload(run) : undefined;
    // Before anything renders: what the target's limits leave room for, or the one line that says it cannot fit.
    let planned = planBuild(options.snapshot, target, options.target, settings, download ?? snapshotDownloadBound(options.snapshot, run.site));
    if (options.target) {
      reporter.info(
        `plan for ${options.target} (${limitsText(options.target)}): ${planned.leftOut.length ? planned.leftOut.join('; ') : 'everything'}; ` +
          `estimated ${figuresText(planned.plan.estimate)}`,
      );
    }
    const stampText = buildStampText(summary, options.target, run.site);
    // The site the extras may take cards and the search index from: the published one, then the one the check refused.
    let previous = target;
    let made = await makeSite(run, planned, previous, download, stampText);
    // The second chance, once: a site over its target's limits is planned again from what it measured and made again.
    if ('refused' in made) {
      const attempt = planned;
      planned = planAgain(attempt, made.refused.measured);
      reporter.info(replanLine(attempt, planned, made.refused.over));
      previous = await setAsideRefused(run, made.staged);
      made = await makeSite(run, planned, previous, download, stampText);
      if ('refused' in made) throw made.refused;
    }
    const { staged, check } = made;
    // The stamp marks the new site as checked: from here on, a killed run's site may be moved into place.
    writeBuildStamp(run.fresh, summary, stampText);
    await run.stagingGone;
    swapIn(run.fresh, target, work);
    // The snapshot file published outside the site (STATE_URL) is named by the new site's manifest: it follows the site into place.
    publishStateBeside(staged, run.downloadDir, resolve(options.outDir));
    process.off('exit', removeWork);
    await run.rejectedGone;
    return { ...check, ms: performance.now() - started, peakKb: memory.stop(), summary: summaryLines(options.target, check.figures, planned.leftOut) };
  } finally {
    memory.stop();
    run.astro?.stop();
    run.extras?.stop();
    await run.stagingGone?.catch(() => {});
    await run.rejectedGone?.catch(() => {});
    await run.published?.catch(() => {});
    // After a failure the exit hook stays, in case anything still writes there.
    removeWork();
    releaseTarget?.();
    release();
  }
}

function warnAboutSettings(settings: SiteSettings, reporter: Reporter): void {
  if (!settings.siteUrlSet) {
    reporter.warn(
      `SITE_URL is not set (or not an http(s) address): the canonical links, the sitemap and the feed point to ${settings.siteUrl.href}; ` +
        'set SITE_URL to the public address of the mirror',
    );
  }
  if (process.env.STATE_URL?.trim() && !settings.stateUrl) {
    reporter.warn(
      'STATE_URL is not an https address (plain http only on loopback, no credentials): the snapshot file is published in the site under /data/ instead',
    );
  }
}

/** Makes the snapshot file /data/ publishes, and hands its figures to the render. */
async function stageDownload(run: BuildRun): Promise<StagedSnapshot> {
  const { options } = run;
  const staged = await options.reporter.stage(
    'snapshot-db',
    () => stageSnapshotDownload(options.snapshot, run.downloadDir, run.site),
    (d) =>
      `${formatBytes(d.parts.reduce((n, p) => n + p.bytes, 0))} gzipped in ${d.parts.length} part${d.parts.length === 1 ? '' : 's'}, ${formatBytes(d.state.bytes)} as SQLite` +
      (d.external ? `; published at ${d.state.url} (STATE_URL), from ${stateDirFor(resolve(options.outDir))}/, not in the site` : ''),
  );
  handOverPublishedState(run.handover, staged.state);
  return staged;
}

/** A site made and checked, or refused by the check for its target's limits. */
type MadeSite = { staged: StagedSnapshot; check: BuildCheck } | { staged: StagedSnapshot; refused: OverLimits };

/**
 * Renders the site with one plan, its extras beside it, and checks it: a site over its target's
 * limits comes back refused; any other failure throws.
 */
async function makeSite(run: BuildRun, planned: PlannedBuild, previous: string, download: StagedSnapshot | undefined, stampText: string): Promise<MadeSite> {
  const { options, target, fresh, staging, site } = run;
  const { reporter } = options;
  const input: RenderInput = { snapshot: resolve(options.snapshot), plan: planned.handed, site: run.handed, handover: run.handover };
  const extras = (run.extras = startExtras({ staging, previous, input }, { submissions: planned.counts.models.reduce((n, m) => n + m.scores, 0) }));
  // The benchmark asks for Astro's page lines (MIRROR_ASTRO_LOG_LEVEL=info) to time each route.
  const astro = (run.astro = (options.render ?? startAstroRender)(fresh, process.env.MIRROR_ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn', input, (p) =>
    reporter.progress('render', renderProgressState(p)),
  ));
  const published = (run.published = download ? Promise.resolve(download) : stageDownload(run));
  // A file that cannot be made stops the render at once (its data page waits for the file), and is the failure reported.
  published.catch(() => astro.stop());
  const [staged] = await Promise.all([
    published,
    reporter.stage(
      'render',
      () => astro.done,
      (r) => `Astro ${(r.cpuMs / 1000).toFixed(2)} s CPU, peak ${Math.round(r.peakKb / 1024)} MB`,
    ),
  ]);
  pauseForTest('render');
  rmSync(run.handover);
  extras.renderEnded();
  removeAstroLeftovers(fresh);
  let pagesChecked: PageCheck | undefined;
  // Waiting here is what the extras cost the build; their own CPU time is in the detail. The
  // render's pages are checked meanwhile, on this core, while Pagefind may still index on the other.
  await reporter.stage(
    'extras',
    async () => {
      extras.watch((p) => reporter.progress('extras', p));
      pagesChecked = checkPages(fresh, site);
      const report = await extras.done;
      mergeInto(staging, fresh);
      run.stagingGone = rm(staging, { recursive: true, force: true });
      return report;
    },
    (r) =>
      `${r.cards} cards (${r.rendered} rendered, ${r.reused} reused${r.cached ? `, ${r.cached} from the tests' MIRROR_TEST_CARD_CACHE` : ''}) in ${(r.cardCpuMs / 1000).toFixed(2)} s CPU; ` +
      `${r.badges} badges, ${r.feeds} feeds, ${r.dataFiles} data files; search index of ${r.searchPages} pages ${r.searchReused ? 'reused' : 'made'} in ${(r.searchMs / 1000).toFixed(2)} s, ${r.searchBesideRender ? 'beside' : 'after'} the render; worker ${(r.ms / 1000).toFixed(2)} s, ${(r.workerCpuMs / 1000).toFixed(2)} s CPU, peak ${Math.round(r.workerPeakKb / 1024)} MB; Pagefind peak ${Math.round(r.searchPeakKb / 1024)} MB`,
  );
  // The extras have taken what they reuse of a refused site: the rest of it goes too.
  if (previous !== target) run.rejectedGone = run.rejectedGone?.then(() => rm(previous, { recursive: true, force: true }));
  placeSnapshotDownload(staged, fresh, run.downloadDir);
  await reporter.stage(
    'data-api',
    () => writeDataApi(fresh, stampText, staged.state, site),
    (r) => `${r.files} files in the manifest, ${formatBytes(r.bytes)}`,
  );
  const ours = [STAGING, ...(staged.external ? [STATE_STAGING] : []), ...(previous === target ? [] : [REJECTED])];
  try {
    const check = await reporter.stage(
      'check',
      // What it measured is kept for the next plan, whether or not the site passes its target's limits.
      () => checkBuild(fresh, run.work, planned.expected, site, ours, pagesChecked, (measured) => recordWeights(target, planned, measured)),
      (c) => `${c.pages} pages, ${c.files} files, ${formatBytes(c.bytes)}`,
    );
    return { staged, check };
  } catch (err) {
    if (err instanceof OverLimits) return { staged, refused: err };
    throw err;
  }
}

/**
 * Moves a site the check refused aside, where the extras of the next attempt reuse its cards and
 * search index; the rest of it is removed while the site is made again. Returns its folder.
 */
async function setAsideRefused(run: BuildRun, staged: StagedSnapshot): Promise<string> {
  await run.stagingGone;
  const rejected = join(run.work, REJECTED);
  renameSync(run.fresh, rejected);
  unplaceSnapshotDownload(staged, rejected, run.downloadDir);
  const reused = [CARD_DIR, SEARCH_DIR];
  run.rejectedGone = Promise.all(
    readdirSync(rejected)
      .filter((name) => !reused.includes(name))
      .map((name) => rm(join(rejected, name), { recursive: true, force: true })),
  );
  handOverPublishedState(run.handover, staged.state);
  return rejected;
}
