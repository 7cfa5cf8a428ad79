/**
 * The restore: a run that finds no usable snapshot at its --out takes the one the mirror's own site
 * publishes (SITE_URL/data/, src/store/published-state.ts) before it fetches, so a lost Actions
 * cache, or a host that keeps no file between builds, costs no history and no details. What comes
 * back is checked before it replaces anything: each part and the joined file against the manifest's
 * sha256, its store version, its date against a snapshot at hand, the API key, the fictional sample.
 * A refusal is one line and the run goes on without it; trouble reaching a site that publishes one
 * ends the run (exit 5 or 7) before anything is written, so a passing outage never costs the history.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import type { Deadline } from '../core/deadline.ts';
import { containsSecret } from '../core/redact.ts';
import { pauseForTest } from '../core/test-pause.ts';
import type { ClientTuning } from '../api/settings.ts';
import { atomicReplace } from '../store/atomic-replace.ts';
import { followLinks } from '../store/follow-links.ts';
import {
  STATE_MANIFEST,
  dropPublishedExtras,
  examinePublishedCopy,
  ManifestFileSchema,
  PublishedStateSchema,
  STATE_PART_BYTES,
  type PublishedState,
} from '../store/published-state.ts';
import { inspectSnapshot } from '../store/read-snapshot.ts';
import { READABLE_VERSIONS } from '../store/schema.ts';
import { snapshotFileKind } from '../store/snapshot-file-kind.ts';
import { folderUrlOf } from '../core/folder-url.ts';
import { SiteFetcher } from './site-fetch.ts';

export type RestoreResult =
  | {
      status: 'restored';
      /** The manifest it came from. */
      from: string;
      generatedAt: number;
      historySnapshots: number;
      configurations: number;
      details: number;
      /** Bytes downloaded (the gzipped parts) and the SQLite file's size. */
      downloaded: number;
      bytes: number;
      parts: number;
      ms: number;
    }
  /** Nothing is published there: the run starts a new history. */
  | { status: 'none'; why: string }
  /** Something was published and not taken. */
  | { status: 'refused'; why: string };

export interface RestoreRequest {
  /** The folder the snapshot file is published in, ending with `/`: the site's /data/, or STATE_URL. It holds manifest.json and the parts. */
  from: URL;
  /** The snapshot file to restore into (no usable one is there). */
  target: string;
  tuning: ClientTuning;
  /** The export's deadline: the restore spends part of it. */
  deadline: Deadline;
  /** What the restored file may not hold (the API key). */
  secrets: readonly string[];
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** A published state the restore does not take, and why (in words for the run's one line). */
class Refusal extends Error {}
/** A part the manifest lists did not come as listed: a deploy may have replaced the site meanwhile. */
class PartMismatch extends Refusal {}

const ManifestSchema = z.object({ snapshotDb: z.unknown().optional(), files: z.array(ManifestFileSchema) });

/** The address of a file of the folder, past any cache in front of it: `key` makes the address unique to what is asked. */
function siteFile(folder: URL, path: string, key: string): URL {
  const url = new URL(path, folder);
  url.search = `?restore=${key}`;
  return url;
}

/** A feed of the restored bytes that finds the key, whole or in part, across chunk boundaries. */
function secretScanner(secrets: readonly string[]) {
  const overlap = Math.max(0, ...secrets.map((s) => s.length));
  let tail = Buffer.alloc(0);
  let found = false;
  return {
    feed(chunk: Buffer) {
      if (found || overlap === 0) return;
      const window = Buffer.concat([tail, chunk]);
      found = containsSecret(window, secrets);
      tail = window.subarray(Math.max(0, window.length - overlap));
    },
    get found() {
      return found;
    },
  };
}

/** Refuses when a snapshot at the target is as new as `generatedAt` or newer: a restore never replaces a newer local snapshot. */
function refuseIfNotNewer(target: string, generatedAt: number): void {
  const local = inspectSnapshot(target);
  if (local.state === 'ok' && local.snapshot.generatedAt >= generatedAt) {
    throw new Refusal(
      `it is of ${new Date(generatedAt).toISOString()}, not newer than the snapshot at hand (${new Date(local.snapshot.generatedAt).toISOString()}), which stays`,
    );
  }
}

interface Listed {
  state: PublishedState;
  parts: { path: string; bytes: number; sha256: string }[];
}

/** The manifest's `snapshotDb` and its parts' entries; undefined when it lists none. */
function readManifest(body: Buffer): Listed | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Refusal('its manifest.json is not JSON');
  }
  const manifest = ManifestSchema.safeParse(json);
  if (!manifest.success) throw new Refusal('its manifest.json has no list of files');
  if (manifest.data.snapshotDb === undefined) return undefined;
  const state = PublishedStateSchema.safeParse(manifest.data.snapshotDb);
  if (!state.success) throw new Refusal('its manifest.json describes the snapshot file in a shape this tool does not read');
  const files = new Map(manifest.data.files.map((f) => [f.path, f]));
  const parts = state.data.parts.map((path) => {
    const entry = files.get(path);
    if (!entry) throw new Refusal(`its manifest.json lists no size or sha256 for ${path}`);
    if (entry.bytes > STATE_PART_BYTES) throw new Refusal(`${path} is ${entry.bytes} bytes, over the ${STATE_PART_BYTES} a part may have`);
    return entry;
  });
  return { state: state.data, parts };
}

/** Downloads the parts in order, checks each, and writes the joined, decompressed file to `file`. */
async function download(fetcher: SiteFetcher, folder: URL, listed: Listed, file: string, secrets: readonly string[]): Promise<number> {
  const { state, parts } = listed;
  const whole = createHash('sha256');
  const scan = secretScanner(secrets);
  let downloaded = 0;
  let written = 0;
  const fd = openSync(file, 'w');
  try {
    await pipeline(
      async function* () {
        for (const part of parts) {
          // The bytes the manifest's sha256 is of: a host that sends a .gz file as gzip-encoded must not get it decoded here.
          const answer = await fetcher.get(siteFile(folder, part.path, part.sha256), part.bytes, { raw: true });
          if (answer.status !== 'ok') throw new PartMismatch(`${part.path}: ${answer.why}`);
          const sha256 = createHash('sha256').update(answer.body).digest('hex');
          if (sha256 !== part.sha256 || answer.body.length !== part.bytes) {
            throw new PartMismatch(
              `${part.path} fails its checksum (sha256 ${sha256.slice(0, 12)}…, ${answer.body.length} bytes; the manifest lists ${part.sha256.slice(0, 12)}…, ${part.bytes})`,
            );
          }
          downloaded += part.bytes;
          yield answer.body;
        }
      },
      createGunzip(),
      async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          written += chunk.length;
          // A stream that inflates past what the manifest promised is cut there, not inflated whole.
          if (written > state.bytes) throw new Refusal(`the joined file is larger than the ${state.bytes} bytes its manifest lists`);
          whole.update(chunk);
          scan.feed(chunk);
          writeSync(fd, chunk);
        }
      },
    );
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^Z_/.test(code)) throw new Refusal(`its parts do not decompress as gzip (${code})`);
    throw err;
  } finally {
    closeSync(fd);
  }
  const sha256 = whole.digest('hex');
  if (sha256 !== state.sha256 || written !== state.bytes)
    throw new Refusal(`the joined file fails its checksum (sha256 ${sha256.slice(0, 12)}…, the manifest lists ${state.sha256.slice(0, 12)}…)`);
  if (scan.found) throw new Refusal('it contains the API key or a long part of it (not shown): rotate the key, the site publishes it');
  return downloaded;
}

/**
 * Restores the snapshot published in the folder `from` into `target`, through the store's atomic replace.
 * Throws a MirrorError (exit 5 or 7) only when the site answered but could not be read to the end.
 */
export async function restoreState(req: RestoreRequest): Promise<RestoreResult> {
  const started = performance.now();
  const final = followLinks(req.target);
  if (final === undefined) return { status: 'none', why: `${req.target} is a loop of symlinks` };
  const fetcher = new SiteFetcher({ tuning: req.tuning, deadline: req.deadline, sleep: req.sleep });
  // Named as the atomic replace names its temporary files, so a killed run's is swept by the next (src/snapshot/leftovers.ts).
  const file = `${final}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const removeFile = () => rmSync(file, { force: true });
  process.once('exit', removeFile);
  try {
    // A second round only when a part did not come as the first manifest listed it: a deploy may have swapped the site in between.
    for (let round = 1; ; round++) {
      const manifestUrl = siteFile(req.from, STATE_MANIFEST, String(Date.now()));
      const answer = await fetcher.get(manifestUrl, req.tuning.maxBytes);
      if (answer.status === 'missing') return { status: 'none', why: `${new URL(STATE_MANIFEST, req.from).href}: ${answer.why}` };
      if (answer.status === 'bad') throw new Refusal(`its manifest.json: ${answer.why}`);
      const listed = readManifest(answer.body);
      if (!listed)
        return {
          status: 'none',
          why: `${new URL(STATE_MANIFEST, req.from).href} lists no snapshot file (a site built before the mirror published one)`,
        };
      const { state } = listed;
      if (!READABLE_VERSIONS.includes(state.storeVersion)) {
        throw new Refusal(`it is of store version ${state.storeVersion}; this tool reads versions ${READABLE_VERSIONS.join(', ')} (update the checkout)`);
      }
      const generatedAt = Date.parse(state.generatedAt);
      refuseIfNotNewer(req.target, generatedAt);
      let downloaded: number;
      try {
        downloaded = await download(fetcher, req.from, listed, file, req.secrets);
      } catch (err) {
        if (err instanceof PartMismatch && round === 1) continue;
        throw err;
      }
      const examined = atomicReplace(req.target, 'restore', (tmp) => {
        renameSync(file, tmp);
        pauseForTest('filled:restore');
        const kind = snapshotFileKind(tmp);
        if (kind.kind !== 'snapshot')
          throw new Refusal(
            kind.kind === 'newer' ? `it is of store version ${kind.version}, newer than this tool reads` : 'it is not a snapshot file of this tool',
          );
        if (kind.version !== state.storeVersion) throw new Refusal(`it is of store version ${kind.version}, though its manifest says ${state.storeVersion}`);
        const copy = examinePublishedCopy(tmp);
        if (copy.keyText) throw new Refusal(`it holds a string shaped like an API key (in ${copy.keyText.table}.${copy.keyText.column}, not shown)`);
        if (copy.check !== 'ok') throw new Refusal(`SQLite finds it damaged (${copy.check.slice(0, 120)})`);
        if (copy.generatedAt !== generatedAt)
          throw new Refusal(`it holds the snapshot of ${new Date(copy.generatedAt).toISOString()}, not the ${state.generatedAt} its manifest lists`);
        if (copy.sample) throw new Refusal('it is the fictional sample, not a history worth keeping');
        // Again at the last moment: a snapshot that appeared at the target meanwhile is never replaced by an older one.
        refuseIfNotNewer(req.target, generatedAt);
        dropPublishedExtras(tmp);
        return copy;
      });
      return {
        status: 'restored',
        from: req.from.href,
        generatedAt,
        historySnapshots: examined.historySnapshots,
        configurations: examined.configurations,
        details: examined.details,
        downloaded,
        bytes: state.bytes,
        parts: listed.parts.length,
        ms: performance.now() - started,
      };
    }
  } catch (err) {
    if (err instanceof Refusal) return { status: 'refused', why: err.message };
    throw err;
  } finally {
    process.off('exit', removeFile);
    removeFile();
    await fetcher.close();
  }
}

/** The restore's line for the run's output. */
export function describeRestore(result: RestoreResult, out: string): string {
  if (result.status === 'restored') {
    return (
      `restored: ${out} from ${result.from} (the snapshot of ${new Date(result.generatedAt).toISOString()}, ${result.historySnapshots} snapshots of history, ` +
      `${result.details} of ${result.configurations} configurations with details; ${(result.downloaded / 1024 / 1024).toFixed(1)} MB in ${result.parts} part${result.parts === 1 ? '' : 's'}, ` +
      `sha256 verified, ${(result.ms / 1000).toFixed(1)} s)`
    );
  }
  if (result.status === 'none') return `no snapshot to restore: ${result.why}; ${out} starts a new history`;
  return `not restoring the published snapshot: ${result.why}; this run goes on without it`;
}

/**
 * Where a run restores from: STATE_URL's folder when it is set (the snapshot file published beside
 * the site), else SITE_URL's /data/. Each https, or http on loopback (never sent a key).
 */
export function restoreSourceOf(env: { SITE_URL?: string | undefined; STATE_URL?: string | undefined }): { from?: URL; warning?: string } {
  const named = env.STATE_URL?.trim() ? 'STATE_URL' : 'SITE_URL';
  const raw = env[named]?.trim();
  if (!raw) return {};
  const folder = folderUrlOf(raw);
  if ('wrong' in folder) {
    if (folder.wrong === 'not a URL') return { warning: `${named} is not a URL: no snapshot can be restored from it` };
    const { protocol, host } = new URL(raw);
    return { warning: `${named} must be https (plain http only on loopback) to restore a snapshot from it, got ${protocol}//${host}` };
  }
  const { url } = folder;
  return { from: named === 'STATE_URL' ? url : new URL('data/', url) };
}
