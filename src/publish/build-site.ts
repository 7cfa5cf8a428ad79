/**
 * `npm run build`: render the snapshot with Astro into a temporary folder, check the result, and
 * only then swap it in for `dist/`. A failed or half-written build never replaces a good site.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { basename, dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { MirrorError } from '../api/errors.ts';
import { readClientTuning } from '../cli/env.ts';
import { formatBytes, type Reporter } from '../cli/reporter.ts';
import { runSnapshot } from '../snapshot/run-snapshot.ts';
import { acquireLock } from '../cli/lock.ts';
import { checkBuild, type BuildCheck } from './check-build.ts';

export const SAMPLE_EXPORT = 'data/sample/export.json';
export const SAMPLE_DETAILS = 'data/sample/details.json';
/**
 * Where a build is written before it replaces `outDir`: a folder beside it (so the final move is a
 * rename on one file system), holding nothing but its `dist`.
 */
export function workDirFor(outDir: string): string {
  const target = resolve(outDir);
  return join(dirname(target), `.${basename(target)}.build-${process.pid}-${randomBytes(4).toString('hex')}`);
}

export interface BuildOptions {
  snapshot: string;
  outDir: string;
  reporter: Reporter;
  /** Snapshots of history to keep when the sample is loaded. */
  historyLimit: number;
}

export interface BuildResult extends BuildCheck {
  ms: number;
}

export interface SnapshotSummary {
  generatedAt: number;
  fetchedAt: number;
  source: string;
  partial: boolean;
  bodySha256: string;
  configurations: number;
  benches: number;
  tags: number;
}

export function summarizeSnapshot(path: string): SnapshotSummary {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT generated_at, fetched_at, source, partial, body_sha256 FROM snapshot WHERE id = 1').get() as
      | { generated_at: number; fetched_at: number; source: string; partial: number; body_sha256: string }
      | undefined;
    if (!row) throw new MirrorError('invalid', `${path} holds no snapshot`);
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    return {
      generatedAt: row.generated_at,
      fetchedAt: row.fetched_at,
      source: row.source,
      partial: row.partial === 1,
      bodySha256: row.body_sha256,
      configurations: count('models'),
      benches: count('benches'),
      tags: count('tags'),
    };
  } finally {
    db.close();
  }
}

/** Loads the bundled sample through the same validation as a live fetch, when there is no snapshot yet. */
export async function ensureSnapshot(options: BuildOptions): Promise<void> {
  if (existsSync(options.snapshot)) return;
  options.reporter.info(`no snapshot at ${options.snapshot}: loading the bundled sample (${SAMPLE_EXPORT})`);
  await runSnapshot({
    out: options.snapshot,
    source: { kind: 'file', path: SAMPLE_EXPORT, detailsPath: existsSync(SAMPLE_DETAILS) ? SAMPLE_DETAILS : undefined, label: 'sample', maxBytes: readClientTuning({}).maxBytes },
    force: false,
    allowShrink: false,
    fallback: false,
    historyLimit: options.historyLimit,
    reporter: options.reporter,
  });
}

/** Where a built site records the snapshot it shows, so `refresh` can tell whether it is current. */
export const BUILD_STAMP = 'data/snapshot.json';

/** What a site is rendered from besides the data: a change here calls for a new build too. */
const SITE_SOURCES = ['src/pages', 'src/layouts', 'src/site', 'src/styles', 'src/scripts', 'public', 'astro.config.mjs', 'package-lock.json'];

/** A hash of the site's code under `root`. */
export function hashSiteCode(root: string): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const source of SITE_SOURCES) add(join(root, source));
  return hash.digest('hex').slice(0, 16);
}

let codeHash: string | undefined;
/** The hash of this checkout's site code, read once per process. */
const siteCodeHash = () => (codeHash ??= hashSiteCode(process.cwd()));

/**
 * Identifies what a site shows: one written snapshot file (the same data fetched again is written
 * again only when it changed) rendered by one version of the site's code.
 */
export const snapshotStamp = (s: SnapshotSummary) => `${s.bodySha256}:${s.fetchedAt}:${siteCodeHash()}`;

/** The stamp of the site in `outDir`, or undefined when there is none (no site, or a failed one). */
export function readBuildStamp(outDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(outDir, BUILD_STAMP), 'utf8')) as { stamp?: string }).stamp;
  } catch {
    return undefined;
  }
}

function writeBuildStamp(dist: string, summary: SnapshotSummary): void {
  const { bodySha256, ...rest } = summary;
  const stamp = {
    stamp: snapshotStamp(summary),
    generatedAt: new Date(summary.generatedAt).toISOString(),
    fetchedAt: new Date(summary.fetchedAt).toISOString(),
    source: rest.source,
    partial: rest.partial,
    sha256: bodySha256,
    configurations: rest.configurations,
    benches: rest.benches,
    tags: rest.tags,
  };
  writeFileSync(join(dist, BUILD_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** Replaces `outDir` with `fresh` in two renames; the old site is removed only once the new one is in place. */
function swapIn(fresh: string, outDir: string, work: string): void {
  const old = join(work, 'previous');
  if (existsSync(outDir)) renameSync(outDir, old);
  try {
    renameSync(fresh, outDir);
  } catch (err) {
    if (existsSync(old)) renameSync(old, outDir);
    throw err;
  }
  rmSync(old, { recursive: true, force: true });
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { reporter } = options;
  const started = performance.now();
  await ensureSnapshot(options);
  const summary = summarizeSnapshot(options.snapshot);
  reporter.info(
    `rendering the snapshot generated ${new Date(summary.generatedAt).toISOString()} (${summary.source}${summary.partial ? ', partial' : ''}): ` +
      `${summary.configurations} configurations, ${summary.benches} benchmarks, ${summary.tags} tags`,
  );

  // Astro keeps build state in the project's .astro/: one build at a time per checkout.
  const release = await acquireLock(resolve('.astro-build'), 30 * 60_000);
  const work = workDirFor(options.outDir);
  const fresh = join(work, 'dist');
  // An interrupted build (Ctrl-C ends the process through process.exit) leaves no half-written folder.
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  process.once('exit', removeWork);
  mkdirSync(work, { recursive: true });
  try {
    // The site reads these; the API key is not among them and was never in this process's env.
    process.env.MIRROR_SNAPSHOT_DB = resolve(options.snapshot);
    process.env.ASTRO_TELEMETRY_DISABLED = '1';
    const { build } = await import('astro');
    await reporter.stage('render', () => build({ root: process.cwd(), outDir: fresh, logLevel: 'warn' }));
    const check = await reporter.stage(
      'check',
      () => checkBuild(fresh, work, summary),
      (c) => `${c.pages} pages, ${c.files} files, ${formatBytes(c.bytes)}`,
    );
    writeBuildStamp(fresh, summary);
    swapIn(fresh, resolve(options.outDir), work);
    return { ...check, ms: performance.now() - started };
  } finally {
    process.off('exit', removeWork);
    removeWork();
    release();
  }
}
