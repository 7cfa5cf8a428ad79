/**
 * The build stamp: `dist/data/snapshot.json` names the snapshot a site shows and the version of
 * the code that rendered it, so `refresh` can tell whether a site is current.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { attributionSentence, type Site } from '../site/settings/config.ts';
import type { SnapshotSummary } from '../store/read-snapshot.ts';
import type { DeployTarget } from '../site/plan/hosts.ts';
import { staleAfter } from '../site/settings/staleness.ts';

/** Where a built site records the snapshot it shows. */
export const BUILD_STAMP = 'data/snapshot.json';

/** Everything the output depends on besides the data: all of the code, the static files, the config and the locked dependencies. */
export const SITE_SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json'] as const;

/** A hash of the site's code under `root` (or of the files and folders `sources` name there). */
export function hashSiteCode(root: string, sources: readonly string[] = SITE_SOURCES): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const source of sources) add(join(root, source));
  return hash.digest('hex').slice(0, 16);
}

let codeHash: string | undefined;
/** The hash of this checkout's code, read once per process. */
const siteCodeHash = () => (codeHash ??= hashSiteCode(process.cwd()));

/**
 * Identifies what a site shows: one written snapshot file (the same data fetched again is written
 * again only when it changed) rendered by one version of the code for one deploy target (what it
 * leaves out depends on the target).
 */
export const snapshotStamp = (s: Pick<SnapshotSummary, 'bodySha256' | 'fetchedAt'>, target: DeployTarget | undefined, code = siteCodeHash()) =>
  `${s.bodySha256}:${s.fetchedAt}:${code}:${target ?? 'all'}`;

/** The stamp of the site in `outDir`, or undefined when there is none (no site, or a failed one). */
export function readBuildStamp(outDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(outDir, BUILD_STAMP), 'utf8')) as { stamp?: string }).stamp;
  } catch {
    return undefined;
  }
}

/** The stamp's text: the data API's manifest lists it before the stamp is written, once the build is checked. */
export function buildStampText(summary: SnapshotSummary, target: DeployTarget | undefined, site: Site): string {
  const { attributionName, attributionUrl } = site;
  const stamp = {
    stamp: snapshotStamp(summary, target),
    target: target ?? null,
    attribution: attributionSentence(attributionName, attributionUrl),
    sourceUrl: attributionUrl,
    generatedAt: new Date(summary.generatedAt).toISOString(),
    fetchedAt: new Date(summary.fetchedAt).toISOString(),
    source: summary.source,
    sample: summary.sample,
    partial: summary.partial,
    sha256: summary.bodySha256,
    configurations: summary.configurations,
    benches: summary.benches,
    tags: summary.tags,
    // What a client needs to judge the copy itself: after this, the refresh has stopped (src/site/settings/staleness.ts).
    staleAfter: new Date(staleAfter(summary.generatedAt, site.staleAfterHours)).toISOString(),
  };
  return `${JSON.stringify(stamp, null, 2)}\n`;
}

export function writeBuildStamp(dist: string, summary: SnapshotSummary, text: string): void {
  writeFileSync(join(dist, BUILD_STAMP), text);
}
