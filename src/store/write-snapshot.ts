/**
 * Writes a snapshot file: the current snapshot, its history and details carried over from the
 * previous file. A previous file of this store version is copied and changed in the copy, so its
 * history is never rewritten row by row; an older one is converted (carry-over-older-version.ts).
 * Every write goes through the atomic replace (atomic-replace.ts): a failure at any point leaves
 * the previous file exactly as it was.
 */
import type Database from 'better-sqlite3';
import { MirrorError } from '../core/errors.ts';
import { DDL, READABLE_VERSIONS, STORE_VERSION, UPGRADES_IN_COPY } from './schema.ts';
import type { DetailsCoverage } from './coverage.ts';
import { atomicReplaceSnapshot, type WriteKind } from './atomic-replace.ts';
import { carryOverOlderVersion } from './carry-over-older-version.ts';
import { insertCurrent, recordCrawl, type CurrentSnapshot } from './current-rows.ts';
import { appendHistory, recordDigests } from './history-rows.ts';
import { snapshotFileKind } from './snapshot-file-kind.ts';

export interface WriteInput extends CurrentSnapshot {
  /** A readable snapshot file of this store version or an older one to carry history and details over from. */
  carryFrom?: string | undefined;
  /** False when `carryFrom` already holds this export as its newest history (details added to it): default true. */
  appendHistory?: boolean | undefined;
  /** A crawl's periodic write of what it gathered so far, rather than its last. */
  checkpoint?: boolean | undefined;
}

export interface WriteResult {
  historySnapshots: number;
  detailsKept: number;
  coverage: DetailsCoverage;
}

/**
 * In a copy of the previous file: empties what describes the current snapshot, and drops the
 * details this run replaces; history and the other details stay where they are.
 */
function clearCurrent(db: Database.Database, { details }: WriteInput): void {
  db.exec(`
    DELETE FROM snapshot; DELETE FROM warnings; DELETE FROM models; DELETE FROM model_tags;
    DELETE FROM benches; DELETE FROM bench_tags; DELETE FROM tags; DELETE FROM details_crawl;
  `);
  const detail = db.prepare('DELETE FROM model_details WHERE slug = ?');
  const scores = db.prepare('DELETE FROM scores WHERE slug = ?');
  for (const slug of details?.keys() ?? []) {
    detail.run(slug);
    scores.run(slug);
  }
}

/**
 * After the export is in: a detail is kept only while its configuration is in the export. Scores
 * are found by their detail's slug (their key's prefix): scanning every stored score instead cost
 * over a second at 10,000 configurations with details.
 */
function dropDepartedDetails(db: Database.Database): void {
  db.exec(`
    DELETE FROM scores WHERE slug IN (SELECT slug FROM model_details WHERE slug NOT IN (SELECT slug FROM models));
    DELETE FROM model_details WHERE slug NOT IN (SELECT slug FROM models);
  `);
}

/** Tables a write rewrites; `history_points` only gains a row, so a copy of a checked file is checked by these. */
const REWRITTEN_TABLES = [
  'snapshot',
  'warnings',
  'models',
  'model_tags',
  'benches',
  'bench_tags',
  'tags',
  'model_details',
  'details_crawl',
  'scores',
  'history_snapshots',
  'history_names',
];

/** In a copy, the one history row a write may add reads back whole: its packed columns agree in length. */
function newestHistoryRowWhole(db: Database.Database): string[] {
  const row = db.prepare('SELECT model_ids, supra_scores, bench_counts FROM history_points ORDER BY snapshot_id DESC LIMIT 1').raw().get() as
    [Buffer, Buffer, Buffer] | undefined;
  return row && (row[0].length * 2 !== row[1].length || row[0].length !== row[2].length) ? ['the newest history row is cut short'] : [];
}

/**
 * How a write starts: from nothing, from a copy of a file of this version (or of one the copy brings
 * to this layout by adding columns, `upgradeInCopy`), or from an older one it converts.
 */
function startingPoint(carryFrom: string | undefined): { start: 'empty' | 'copy' | 'upgrade'; upgradeInCopy?: string } {
  if (carryFrom === undefined) return { start: 'empty' };
  const file = snapshotFileKind(carryFrom);
  if (file.kind === 'snapshot' && file.version === STORE_VERSION) return { start: 'copy' };
  if (file.kind === 'snapshot' && UPGRADES_IN_COPY.has(file.version)) return { start: 'copy', upgradeInCopy: UPGRADES_IN_COPY.get(file.version) };
  if (file.kind === 'snapshot' && READABLE_VERSIONS.includes(file.version)) return { start: 'upgrade' };
  throw new MirrorError('internal', `cannot carry history over from ${carryFrom}: it is not a snapshot file this tool reads`, {
    hint: 'a bug: the snapshot step reads the previous file before it writes',
  });
}

/**
 * Builds the snapshot at `target` atomically. Throws (leaving `target` untouched) when anything
 * fails, the integrity check included.
 */
export function writeSnapshot(target: string, input: WriteInput): WriteResult {
  const { start, upgradeInCopy } = startingPoint(input.carryFrom);
  const copied = start === 'copy';
  const kind: WriteKind = start === 'upgrade' ? 'upgrade' : input.appendHistory !== false ? 'snapshot' : input.checkpoint ? 'checkpoint' : 'details';
  const write = {
    kind,
    startFrom: copied ? input.carryFrom : undefined,
    // A copy's year of untouched history is not read again on every run: the rewritten tables are.
    checkTables: copied ? REWRITTEN_TABLES : undefined,
    verify: copied ? newestHistoryRowWhole : undefined,
  };
  return atomicReplaceSnapshot(target, write, (db) => {
    if (!copied) db.exec(DDL);
    if (upgradeInCopy) db.exec(upgradeInCopy);
    if (!copied || upgradeInCopy) db.pragma(`user_version = ${STORE_VERSION}`);
    // ATTACH is not allowed inside a transaction, so an older previous file is attached around it.
    if (start === 'upgrade') db.prepare('ATTACH DATABASE ? AS prev').run(input.carryFrom);
    let coverage: DetailsCoverage | undefined;
    db.transaction(() => {
      if (copied) clearCurrent(db, input);
      insertCurrent(db, input);
      if (start === 'upgrade') carryOverOlderVersion(db);
      if (copied) dropDepartedDetails(db);
      coverage = recordCrawl(db, input);
      // The same export again, with newly crawled details: its history entry gets their digests.
      if (input.appendHistory !== false) appendHistory(db, input);
      else recordDigests(db, copied ? new Set(input.details?.keys()) : undefined);
    })();
    if (start === 'upgrade') db.exec('DETACH DATABASE prev');
    return {
      historySnapshots: db.prepare('SELECT count(*) FROM history_snapshots').pluck().get() as number,
      detailsKept: db.prepare('SELECT count(*) FROM model_details').pluck().get() as number,
      coverage: coverage!,
    };
  });
}
