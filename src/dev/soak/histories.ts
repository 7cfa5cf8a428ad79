/**
 * The history where the mirror keeps it, read as a stranger would: the runner's snapshot file, the
 * published state (the release's manifest, its parts checked against their sha256, joined and
 * unzipped), and the site's history files (/data/history/: the index of the days kept, the names
 * table and each day's ranking, decoded as the browser decodes them).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { withSnapshot } from '../../store/read-snapshot.ts';
import { familyName } from '../../site/lists/model-ranking.ts';
import {
  DAY_TUPLE,
  decodeDay,
  decodeNames,
  historyDayFile,
  historyIndexFile,
  historyNamesFile,
  type HistoryDayFile,
  type HistoryIndexFile,
  type HistoryNamesFile,
} from '../../site/lists/past-files.ts';
import type { HistoryEntry } from './ledger.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every snapshot of history a snapshot file holds, oldest first, each with its ranking. */
export function snapshotHistory(path: string): HistoryEntry[] {
  return withSnapshot(path, (r) => {
    const slugOf = new Map(r.historyNames().map((n) => [n.id, n.slug]));
    const rows = r.historySnapshots();
    const points = new Map(r.historyPointsOf(rows.map((h) => h.id)).map((p) => [p.snapshotId, p]));
    return rows
      .map((h) => {
        const p = points.get(h.id);
        const ranking: [string, number][] = p ? Array.from(p.configurations, (id, i) => [slugOf.get(id) ?? `#${id}`, p.supraScores[i]!]) : [];
        return { generatedAt: h.generatedAt, ranking };
      })
      .sort((a, b) => a.generatedAt - b.generatedAt);
  });
}

export type StateRead = { state: 'none' } | { state: 'damaged'; why: string } | { state: 'ok'; file: string; historySnapshots: number };

/** The published state in `release`, checked and joined into `into`: what a restore would take. */
export function readState(release: string, into: string): StateRead {
  const manifestPath = join(release, 'manifest.json');
  if (!existsSync(manifestPath)) return { state: 'none' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    snapshotDb?: { parts: string[]; sha256: string; historySnapshots: number };
    files?: { path: string; sha256: string }[];
  };
  const db = manifest.snapshotDb;
  if (!db) return { state: 'damaged', why: 'its manifest.json names no snapshot file' };
  const parts: Buffer[] = [];
  for (const part of db.parts) {
    const listed = manifest.files?.find((f) => f.path === part);
    const path = join(release, part);
    if (!existsSync(path)) return { state: 'damaged', why: `${part}, which its manifest lists, is not there` };
    const bytes = readFileSync(path);
    if (listed?.sha256 !== sha256(bytes)) return { state: 'damaged', why: `${part} does not match its sha256 in manifest.json` };
    parts.push(bytes);
  }
  const file = gunzipSync(Buffer.concat(parts));
  if (sha256(file) !== db.sha256) return { state: 'damaged', why: 'the joined file does not match its sha256' };
  writeFileSync(into, file);
  return { state: 'ok', file: into, historySnapshots: db.historySnapshots };
}

const readJson = (site: string, rel: string): unknown => {
  const path = join(site, 'data', rel);
  const bytes = readFileSync(path);
  return JSON.parse((rel.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
};

/** The days of the site's history files, each day's ranking decoded from its file with the names table. */
export function siteHistory(site: string): HistoryEntry[] {
  const index = readJson(site, historyIndexFile()) as HistoryIndexFile;
  const names = decodeNames(readJson(site, historyNamesFile(index.gzipped)) as HistoryNamesFile, familyName);
  return index.days.map((tuple) => {
    const day = DAY_TUPLE.decode(tuple);
    const file = readJson(site, historyDayFile(day.date, index.gzipped)) as HistoryDayFile;
    const decoded = decodeDay(file, day.generatedAt);
    const ranking: [string, number][] = Array.from(decoded.configurations, (i, j) => [names.configurations[i]?.slug ?? `#${i}`, decoded.supraScores[j]!]);
    return { generatedAt: day.generatedAt, ranking };
  });
}
