/**
 * The snapshot file as the site publishes it: the mirror's second home for its state (a run that
 * finds no snapshot restores it from the live site) and the researchers' download. A compact copy
 * of the file with an `attribution` table, gzipped and cut into parts under /data/, described by the
 * manifest's `snapshotDb` entry. The build writes it (src/publish/snapshot-download.ts) and the
 * snapshot step reads it back (src/snapshot/restore-state.ts); this file holds what both must agree on.
 */
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { z } from 'zod';
import { MirrorError } from '../core/errors.ts';
import { findKeyText } from './find-key-text.ts';
import { historyFiguresOf, type HistoryFigures } from './published-history.ts';
import { withSnapshot } from './read-snapshot.ts';
import { READABLE_VERSIONS } from './schema.ts';

/** The name of the SQLite file once its parts are joined and decompressed. */
export const STATE_DB = 'snapshot.db';
/** The gzipped file, or the stem of its parts. */
export const STATE_GZ = `${STATE_DB}.gz`;
/** Each part stays under this, as the CSV parts do (below the 25 MiB one file may have on Cloudflare Pages). */
export const STATE_PART_BYTES = 20 * 1024 * 1024;
/** Parts are numbered with three digits, so `cat snapshot.db.gz.part-*` joins them in order. */
export const MAX_STATE_PARTS = 999;

/** The index a folder of the state holds beside its parts, listing them with their sizes and sha256: the site's /data/ has the manifest of every download. */
export const STATE_MANIFEST = 'manifest.json';

/**
 * The name of part `index` of `count`: `snapshot.db.gz` alone, else `snapshot.db.gz.part-001`, …
 * With `tag` (the start of the file's sha256), `snapshot-<tag>.db.gz…`: parts published outside the
 * site (STATE_URL) are replaced one file at a time, so a new file's parts never take an old one's names.
 */
export const statePartName = (index: number, count: number, tag?: string) => {
  const gz = tag ? `snapshot-${tag}.db.gz` : STATE_GZ;
  return count === 1 ? gz : `${gz}.part-${String(index + 1).padStart(3, '0')}`;
};

const SHA256 = z.string().regex(/^[0-9a-f]{64}$/);
const ISO = z.iso.datetime();

/** The manifest's `snapshotDb`: what the published parts join into and how to check it. */
export const PublishedStateSchema = z.object({
  file: z.literal(STATE_DB),
  encoding: z.literal('gzip'),
  storeVersion: z.number().int().positive(),
  generatedAt: ISO,
  fetchedAt: ISO,
  historySnapshots: z.number().int().nonnegative(),
  /** generatedAt of the oldest snapshot of history, and the most snapshots it keeps: what a new history is held to. Absent from the manifests of older builds. */
  historyFrom: ISO.nullable().optional(),
  historyLimit: z.number().int().positive().nullable().optional(),
  /** The fictional sample, which no history needs protecting from. Absent from the manifests of older builds. */
  sample: z.boolean().optional(),
  /** The SQLite file, decompressed. */
  bytes: z.number().int().positive(),
  sha256: SHA256,
  /** Names in `url`, in order; each is listed in the `files` of that folder's manifest.json with its size and sha256. */
  parts: z
    .array(z.string().regex(/^snapshot(-[0-9a-f]{12})?\.db\.gz(\.part-\d{3})?$/))
    .min(1)
    .max(MAX_STATE_PARTS),
  /** The folder the parts are in: the site's /data/, or STATE_URL's. Absent from the manifests of builds before it was written. */
  url: z.url({ protocol: /^https?$/ }).optional(),
});
export type PublishedState = z.infer<typeof PublishedStateSchema>;

/** A file the manifest lists, as the restore reads it. */
export const ManifestFileSchema = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: SHA256 });

/** The table the published copy adds, so the file names its source wherever it goes. */
export const ATTRIBUTION_DDL = `CREATE TABLE attribution (source TEXT NOT NULL, source_url TEXT NOT NULL, attribution TEXT NOT NULL, site_url TEXT NOT NULL)`;
export const ATTRIBUTION_TABLE = 'attribution';

export interface Attribution {
  source: string;
  sourceUrl: string;
  sentence: string;
  siteUrl: string;
}

export interface PublishedCopy {
  storeVersion: number;
  generatedAt: number;
  fetchedAt: number;
  history: HistoryFigures;
  bytes: number;
}

const refuse = (what: string) => new MirrorError('internal', what, { hint: 'the snapshot is not published with this build; the previous site is kept' });

/**
 * Writes `dest`, a compact copy of the snapshot file `source` (SQLite's VACUUM INTO: no free
 * pages, so nothing deleted rides along) with the attribution table added. Refuses (exit 1) a file
 * this tool cannot read, and a copy holding a string shaped like an API key.
 */
export function writePublishedCopy(source: string, dest: string, attribution: Attribution): PublishedCopy {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  let storeVersion: number;
  try {
    storeVersion = db.pragma('user_version', { simple: true }) as number;
    if (!READABLE_VERSIONS.includes(storeVersion)) throw refuse(`${source}: store version ${storeVersion} cannot be published by this tool`);
    db.prepare('VACUUM INTO ?').run(dest);
  } finally {
    db.close();
  }
  const copy = new Database(dest);
  try {
    copy.exec(ATTRIBUTION_DDL);
    copy.prepare('INSERT INTO attribution VALUES (?, ?, ?, ?)').run(attribution.source, attribution.sourceUrl, attribution.sentence, attribution.siteUrl);
    const found = findKeyText(copy);
    if (found) throw refuse(`the snapshot holds a string shaped like an API key (in ${found.table}.${found.column}, not shown); refusing to publish it`);
  } finally {
    copy.close();
  }
  const { generatedAt, fetchedAt } = withSnapshot(dest, (reader) => reader.info());
  return { storeVersion, generatedAt, fetchedAt, history: historyFiguresOf(dest), bytes: statSync(dest).size };
}

/** What a copy downloaded from a site holds, for the restore to judge before it becomes the snapshot. */
export interface CopyExamination {
  /** A key-shaped value, by table and column. */
  keyText: { table: string; column: string } | undefined;
  /** SQLite's quick_check of the tables describing the current snapshot: 'ok', or what is damaged. */
  check: string;
  generatedAt: number;
  sample: boolean;
  configurations: number;
  details: number;
  historySnapshots: number;
}

/** Reads a downloaded copy (of a store version this tool reads) through the one reader; throws as openSnapshot does. */
export function examinePublishedCopy(path: string): CopyExamination {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  let keyText: CopyExamination['keyText'];
  try {
    keyText = findKeyText(db);
  } finally {
    db.close();
  }
  return withSnapshot(path, (reader) => {
    const counts = reader.counts();
    const info = reader.info();
    return {
      keyText,
      check: reader.quickCheck(),
      generatedAt: info.generatedAt,
      sample: info.sample,
      configurations: counts.configurations,
      details: counts.details,
      historySnapshots: counts.historySnapshots,
    };
  });
}

/** Removes what the published copy added, from a restored file about to become the snapshot. */
export function dropPublishedExtras(path: string): void {
  const db = new Database(path);
  try {
    db.exec(`DROP TABLE IF EXISTS ${ATTRIBUTION_TABLE}`);
  } finally {
    db.close();
  }
}
