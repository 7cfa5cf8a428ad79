/**
 * The restore: a run that finds no usable snapshot at its --out takes the one the mirror's own site
 * publishes (SITE_URL/data/, src/store/published-state.ts) before it fetches, so a lost Actions
 * cache, or a host that keeps no file between builds, costs no history and no details. What comes
 * back is checked before it replaces anything: each part and the joined file against the manifest's
 * sha256, its store version, its date against a snapshot at hand, the API key, the fictional sample.
 * A new history starts by itself only where nothing was ever published. A published state that
 * cannot be taken ends the run with nothing written: a checksum mismatch, asked again over a minute
 * or two (a deploy may be swapping the files), as exit 7; another store version, a damaged file or
 * key-shaped text as exit 1, for a person. Trouble reaching the site ends it too (exit 5 or 7).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import type { Deadline } from '../core/deadline.ts';
import { MirrorError, type HistoryStop } from '../core/errors.ts';
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
import { now as clockNow } from '../core/clock.ts';

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
  /** What is published is not worth taking (the fictional sample), or older than a snapshot at hand: the run goes on without it. */
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
  /** The bytes of the published parts downloaded so far, of all of them. */
  onBytes?: ((done: number, total: number) => void) | undefined;
}

/** A published state the restore does not take and need not: the run goes on without it (in words for the run's one line). */
class Refusal extends Error {}
/** A published state that cannot be taken: the run ends with nothing written, and a person decides. */
class Unusable extends Error {
  readonly stop: Exclude<HistoryStop, 'checksum' | 'shorter'>;
  constructor(stop: Unusable['stop'], message: string) {
    super(message);
    this.stop = stop;
  }
}
/** A part or the joined file not as the manifest lists it: a deploy may be swapping the files; asked again. */
class Mismatch extends Error {}

/**
 * The waits before each further round after a mismatch: a CDN mid-deploy settles within a minute or
 * two (100 s in all, 5 rounds), and the run then ends with exit 7 for the next one to try again.
 */
export const MISMATCH_WAITS_MS = [10_000, 20_000, 30_000, 40_000];

/** What to do about a published state that cannot be taken, by why; the override is the same for all. */
const NEW_HISTORY = 'only if the published history is to be dropped, run with --new-history';
const WHAT_TO_DO: Record<Unusable['stop'], string> = {
  'store-version': `nothing was written: update the checkout to a version that reads it (older code facing a newer file?); ${NEW_HISTORY}`,
  'key-text': `nothing was written: rotate the key, then publish the state again from a snapshot without it; ${NEW_HISTORY}`,
  damaged: `nothing was written: publish the state again from a good snapshot (npm run build); ${NEW_HISTORY}`,
};

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
    throw new Unusable('damaged', 'its manifest.json is not JSON');
  }
  const manifest = ManifestSchema.safeParse(json);
  if (!manifest.success) throw new Unusable('damaged', 'its manifest.json has no list of files');
  if (manifest.data.snapshotDb === undefined) return undefined;
  const state = PublishedStateSchema.safeParse(manifest.data.snapshotDb);
  if (!state.success)
    throw new Unusable('damaged', 'its manifest.json describes the snapshot file in a shape this tool does not read (a newer version of the mirror?)');
  const files = new Map(manifest.data.files.map((f) => [f.path, f]));
  const parts = state.data.parts.map((path) => {
    const entry = files.get(path);
    if (!entry) throw new Unusable('damaged', `its manifest.json lists no size or sha256 for ${path}`);
    if (entry.bytes > STATE_PART_BYTES) throw new Unusable('damaged', `${path} is ${entry.bytes} bytes, over the ${STATE_PART_BYTES} a part may have`);
    return entry;
  });
  return { state: state.data, parts };
}

/** Downloads the parts in order, checks each, and writes the joined, decompressed file to `file`. */
async function download(
  fetcher: SiteFetcher,
  folder: URL,
  listed: Listed,
  file: string,
  { secrets, onBytes }: Pick<RestoreRequest, 'secrets' | 'onBytes'>,
): Promise<number> {
  const { state, parts } = listed;
  const total = parts.reduce((n, p) => n + p.bytes, 0);
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
          const before = downloaded;
          onBytes?.(before, total);
          const answer = await fetcher.get(siteFile(folder, part.path, part.sha256), part.bytes, {
            raw: true,
            onBytes: onBytes && ((n) => onBytes(before + n, total)),
          });
          if (answer.status !== 'ok') throw new Mismatch(`${part.path}: ${answer.why}`);
          const sha256 = createHash('sha256').update(answer.body).digest('hex');
          if (sha256 !== part.sha256 || answer.body.length !== part.bytes) {
            throw new Mismatch(
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
          if (written > state.bytes) throw new Mismatch(`the joined file is larger than the ${state.bytes} bytes its manifest lists`);
          whole.update(chunk);
          scan.feed(chunk);
          writeSync(fd, chunk);
        }
      },
    );
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^Z_/.test(code)) throw new Unusable('damaged', `its parts do not decompress as gzip (${code})`);
    throw err;
  } finally {
    closeSync(fd);
  }
  const sha256 = whole.digest('hex');
  if (sha256 !== state.sha256 || written !== state.bytes)
    throw new Mismatch(`the joined file fails its checksum (sha256 ${sha256.slice(0, 12)}…, the manifest lists ${state.sha256.slice(0, 12)}…)`);
  if (scan.found) throw new Unusable('key-text', 'it contains the API key or a long part of it (not shown): the site publishes it');
  return downloaded;
}

/** Reads a downloaded copy, as something that may be damaged in any way: what SQLite or the reader cannot read is `damaged`. */
function examine(tmp: string) {
  try {
    return examinePublishedCopy(tmp);
  } catch (err) {
    throw new Unusable('damaged', `it cannot be read as a snapshot file (${String((err as Error)?.message ?? err).slice(0, 120)})`);
  }
}

/**
 * The wait before round `round` after a mismatch, waited; past the last wait, or past the deadline,
 * the mismatch ends the run instead (exit 7, nothing written).
 */
async function waitAfterMismatch(req: RestoreRequest, round: number, waited: number, mismatch: string | undefined, manifestHref: string): Promise<number> {
  const wait = MISMATCH_WAITS_MS[round - 1];
  if (wait === undefined || wait >= req.deadline.remainingMs()) {
    throw new MirrorError(
      'network',
      `the snapshot published at ${manifestHref} is not as its manifest lists it, ${round} times over ${Math.round(waited / 1000)} s: ${mismatch}`,
      {
        hint: `nothing was written: a deploy may still be settling, and the next run tries again; if it lasts, publish the state again from a good snapshot (npm run build); ${NEW_HISTORY}`,
        historyStop: 'checksum',
      },
    );
  }
  await req.deadline.sleep(wait, req.sleep);
  return wait;
}

/**
 * Inside the atomic replace: the downloaded `file` becomes its temporary file `tmp`, checked there
 * (its kind, store version, key-shaped text, integrity, date, the sample) before the rename, and
 * stripped of what only the published copy holds.
 */
function takeCopy(tmp: string, file: string, state: PublishedState, generatedAt: number, target: string) {
  renameSync(file, tmp);
  pauseForTest('filled:restore');
  const kind = snapshotFileKind(tmp);
  if (kind.kind === 'newer') throw new Unusable('store-version', `it is of store version ${kind.version}, newer than this tool reads`);
  if (kind.kind !== 'snapshot') throw new Unusable('damaged', 'it is not a snapshot file of this tool');
  if (kind.version !== state.storeVersion)
    throw new Unusable('damaged', `it is of store version ${kind.version}, though its manifest says ${state.storeVersion}`);
  const copy = examine(tmp);
  if (copy.keyText) throw new Unusable('key-text', `it holds a string shaped like an API key (in ${copy.keyText.table}.${copy.keyText.column}, not shown)`);
  if (copy.check !== 'ok') throw new Unusable('damaged', `SQLite finds it damaged (${copy.check.slice(0, 120)})`);
  if (copy.generatedAt !== generatedAt)
    throw new Unusable('damaged', `it holds the snapshot of ${new Date(copy.generatedAt).toISOString()}, not the ${state.generatedAt} its manifest lists`);
  if (copy.sample) throw new Refusal('it is the fictional sample, not a history worth keeping');
  // Again at the last moment: a snapshot that appeared at the target meanwhile is never replaced by an older one.
  refuseIfNotNewer(target, generatedAt);
  dropPublishedExtras(tmp);
  return copy;
}

/**
 * Restores the snapshot published in the folder `from` into `target`, through the store's atomic
 * replace. Throws a MirrorError, with nothing written, when something is published and cannot be
 * taken: exit 7 for a mismatch that outlasts its rounds or trouble reaching the site (5 when it
 * answers 5xx), exit 1 for a state only a person can judge.
 */
export async function restoreState(req: RestoreRequest): Promise<RestoreResult> {
  const started = performance.now();
  const final = followLinks(req.target);
  if (final === undefined) return { status: 'none', why: `${req.target} is a loop of symlinks` };
  const fetcher = new SiteFetcher({ tuning: req.tuning, deadline: req.deadline, sleep: req.sleep, purpose: 'restore the published snapshot' });
  const manifestHref = new URL(STATE_MANIFEST, req.from).href;
  // Named as the atomic replace names its temporary files, so a killed run's is swept by the next (src/snapshot/leftovers.ts).
  const file = `${final}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const removeFile = () => rmSync(file, { force: true });
  process.once('exit', removeFile);
  /** The last mismatch seen: once a state was seen published, the run never starts a new history over it. */
  let mismatch: string | undefined;
  let waited = 0;
  try {
    for (let round = 0; ; round++) {
      if (round > 0) waited += await waitAfterMismatch(req, round, waited, mismatch, manifestHref);
      const answer = await fetcher.get(siteFile(req.from, STATE_MANIFEST, String(clockNow())), req.tuning.maxBytes);
      if (answer.status === 'missing') {
        if (mismatch === undefined) return { status: 'none', why: `${manifestHref}: ${answer.why}` };
        mismatch = `${manifestHref}: ${answer.why}, after it listed a snapshot file`;
        continue;
      }
      if (answer.status === 'bad') throw new Unusable('damaged', `its manifest.json: ${answer.why}`);
      const listed = readManifest(answer.body);
      if (!listed) {
        if (mismatch === undefined) return { status: 'none', why: `${manifestHref} lists no snapshot file (a site built before the mirror published one)` };
        mismatch = `${manifestHref} lists no snapshot file, after it listed one`;
        continue;
      }
      const { state } = listed;
      if (!READABLE_VERSIONS.includes(state.storeVersion)) {
        throw new Unusable('store-version', `it is of store version ${state.storeVersion}; this tool reads versions ${READABLE_VERSIONS.join(', ')}`);
      }
      const generatedAt = Date.parse(state.generatedAt);
      refuseIfNotNewer(req.target, generatedAt);
      let downloaded: number;
      try {
        downloaded = await download(fetcher, req.from, listed, file, req);
      } catch (err) {
        if (!(err instanceof Mismatch)) throw err;
        mismatch = err.message;
        continue;
      }
      const examined = atomicReplace(req.target, 'restore', (tmp) => takeCopy(tmp, file, state, generatedAt, req.target));
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
    if (err instanceof Unusable) {
      throw new MirrorError('internal', `cannot take the snapshot published at ${manifestHref}: ${err.message}`, {
        hint: WHAT_TO_DO[err.stop],
        historyStop: err.stop,
      });
    }
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
