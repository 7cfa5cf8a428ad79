/**
 * The snapshot file as the site publishes it, under /data/ (src/store/published-state.ts says what
 * it is): made in the build's work folder, before the render when a deploy target's plan counts its
 * exact bytes and files, beside it otherwise (the data page, which names its parts, waits for it),
 * then moved under dist/data/ once the render has written the rest. With STATE_URL, it lives
 * outside the site instead (the GitHub Pages workflow's release): the parts, named by their
 * content, and a manifest.json listing them go to a folder beside dist/ (`dist-state/`) once the
 * new site is in place, for the deploy to upload.
 */
import { createHash } from 'node:crypto';
import { closeSync, cpSync, createReadStream, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { attributionSentence, type Site } from '../site/settings/config.ts';
import { STATE_DB, STATE_MANIFEST, STATE_PART_BYTES, statePartName, writePublishedCopy, type PublishedState } from '../store/published-state.ts';

/**
 * zlib's fastest level: 2.9 times smaller than the file at 10,000 configurations x 365 days with
 * details (143 MB to 49 MB in 1.7 s); the default level 6 took 4.3 s for 43 MB.
 */
const GZIP_LEVEL = 1;

export interface StagedSnapshot {
  /** The manifest's `snapshotDb`. */
  state: PublishedState;
  /** The parts in order: their name under /data/ (or in STATE_URL's folder) and where they wait. */
  parts: { name: string; path: string; bytes: number }[];
  /** What the parts add to the site, for the deploy target's plan: nothing when they live at STATE_URL. */
  files: number;
  bytes: number;
  /** Published outside the site, at STATE_URL. */
  external: boolean;
}

/** Gzips `source` into parts of at most `partBytes` in `dir`, named by their index; returns their sizes. */
async function gzipIntoParts(source: string, dir: string, hash: ReturnType<typeof createHash>, partBytes: number): Promise<number[]> {
  const sizes: number[] = [];
  let fd: number | undefined;
  const partPath = (i: number) => join(dir, `part-${i}`);
  try {
    await pipeline(
      createReadStream(source),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      },
      createGzip({ level: GZIP_LEVEL }),
      async (compressed: AsyncIterable<Buffer>) => {
        for await (let chunk of compressed) {
          while (chunk.length > 0) {
            if (fd === undefined || sizes.at(-1)! >= partBytes) {
              if (fd !== undefined) closeSync(fd);
              fd = openSync(partPath(sizes.length), 'w');
              sizes.push(0);
            }
            const room = partBytes - sizes.at(-1)!;
            const piece = chunk.subarray(0, room);
            writeSync(fd, piece);
            sizes[sizes.length - 1]! += piece.length;
            chunk = chunk.subarray(piece.length);
          }
        }
      },
    );
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return sizes;
}

/**
 * Makes the published copy of `snapshot` in `dir` (a folder of the build's work folder, created
 * here): a compact copy with the attribution, checked for key-shaped text, gzipped into parts.
 */
export async function stageSnapshotDownload(snapshot: string, dir: string, site: Site, partBytes = STATE_PART_BYTES): Promise<StagedSnapshot> {
  mkdirSync(dir, { recursive: true });
  const { attributionName, attributionUrl, siteUrl, stateUrl } = site;
  const copy = join(dir, STATE_DB);
  const made = writePublishedCopy(snapshot, copy, {
    source: attributionName,
    sourceUrl: attributionUrl,
    sentence: attributionSentence(attributionName, attributionUrl),
    siteUrl: siteUrl.href,
  });
  const hash = createHash('sha256');
  const sizes = await gzipIntoParts(copy, dir, hash, partBytes);
  rmSync(copy);
  const sha256 = hash.digest('hex');
  const parts = sizes.map((bytes, i) => {
    const name = statePartName(i, sizes.length, stateUrl ? sha256.slice(0, 12) : undefined);
    const path = join(dir, name);
    renameSync(join(dir, `part-${i}`), path);
    return { name, path, bytes };
  });
  const state: PublishedState = {
    file: STATE_DB,
    encoding: 'gzip',
    storeVersion: made.storeVersion,
    generatedAt: new Date(made.generatedAt).toISOString(),
    fetchedAt: new Date(made.fetchedAt).toISOString(),
    historySnapshots: made.history.snapshots,
    historyFrom: made.history.from === undefined ? null : new Date(made.history.from).toISOString(),
    historyLimit: made.history.limit ?? null,
    sample: made.history.sample,
    bytes: made.bytes,
    sha256,
    parts: parts.map((p) => p.name),
    url: (stateUrl ?? new URL('data/', siteUrl)).href,
  };
  const bytes = sizes.reduce((n, b) => n + b, 0);
  return stateUrl ? { state, parts, files: 0, bytes: 0, external: true } : { state, parts, files: parts.length, bytes, external: false };
}

/**
 * What the published file adds to the site, estimated before it is made as the snapshot's own size
 * (gzipped, the copy is a third of it or less). For a plan that keeps everything whatever the file
 * weighs (no target); a target's plan counts the file once made.
 */
export function snapshotDownloadBound(snapshot: string, site: Pick<Site, 'stateUrl'>): { files: number; bytes: number } {
  if (site.stateUrl) return { files: 0, bytes: 0 };
  const bytes = statSync(snapshot).size;
  return { files: Math.max(1, Math.ceil(bytes / STATE_PART_BYTES)), bytes };
}

/** The folder beside the output folder that holds the snapshot file published at STATE_URL: `dist-state/` for `dist/`. */
export const stateDirFor = (outDir: string) => join(dirname(outDir), `${basename(outDir)}-state`);

/**
 * Places the staged parts: under `dist/data/`, or, published at STATE_URL, in the folder they
 * waited in with a manifest.json of their own (what a restore from STATE_URL reads first).
 */
export function placeSnapshotDownload(staged: StagedSnapshot, dist: string, dir: string): void {
  if (staged.external) {
    const files = staged.parts.map((p) => ({ path: p.name, bytes: p.bytes, sha256: createHash('sha256').update(readFileSync(p.path)).digest('hex') }));
    writeFileSync(join(dir, STATE_MANIFEST), `${JSON.stringify({ snapshotDb: staged.state, files })}\n`);
    return;
  }
  for (const part of staged.parts) renameSync(part.path, join(dist, 'data', part.name));
  rmSync(dir, { recursive: true, force: true });
}

/** Takes the parts placed in `dist` back into `dir`, for the site to be made again (a site the check refused). */
export function unplaceSnapshotDownload(staged: StagedSnapshot, dist: string, dir: string): void {
  if (staged.external) return;
  mkdirSync(dir, { recursive: true });
  for (const part of staged.parts) renameSync(join(dist, 'data', part.name), part.path);
}

/**
 * Once the new site is in place: the folder of the snapshot file published at STATE_URL replaces
 * the previous one beside the output folder (a rename in the same folder; a copy where the output
 * folder is a link to another file system). The previous folder stays until the new one is whole.
 */
export function publishStateBeside(staged: StagedSnapshot, dir: string, outDir: string): string | undefined {
  const target = stateDirFor(outDir);
  if (!staged.external) {
    // A build without STATE_URL publishes the file in the site: a folder left by an earlier build would be uploaded stale.
    rmSync(target, { recursive: true, force: true });
    return undefined;
  }
  const next = `${target}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  try {
    renameSync(dir, next);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(dir, next, { recursive: true });
    rmSync(dir, { recursive: true, force: true });
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(next, target);
  return target;
}
