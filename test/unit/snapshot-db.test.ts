/**
 * The data page's description of the published SQLite file against the store's own layout: every
 * table and column, and nothing else; and how the build hands the page the file it published.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DDL } from '../../src/store/schema.ts';
import { ATTRIBUTION_DDL } from '../../src/store/published-state.ts';
import { handOverPublishedState, readPublishedState, SNAPSHOT_TABLES, type PublishedState } from '../../src/site/files/snapshot-db.ts';

describe('the tables of the published snapshot file, as the data page documents them', () => {
  it('name every table and column the file holds, and only those', () => {
    const db = new Database(':memory:');
    db.exec(DDL);
    db.exec(ATTRIBUTION_DDL);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const layout = Object.fromEntries(tables.map((t) => [t, (db.pragma(`table_info(${t})`) as { name: string }[]).map((c) => c.name).sort()]));
    db.close();
    const documented = Object.fromEntries(SNAPSHOT_TABLES.map((t) => [t.table, Object.keys(t.columns).sort()]));
    expect(documented).toEqual(layout);
    for (const t of SNAPSHOT_TABLES)
      for (const [column, meaning] of Object.entries(t.columns)) expect(meaning.length, `${t.table}.${column}`).toBeGreaterThan(3);
  });
});

describe('the published file handed to the render', () => {
  const state: PublishedState = {
    file: 'snapshot.db',
    encoding: 'gzip',
    storeVersion: 1,
    generatedAt: '2026-11-26T00:00:00.000Z',
    fetchedAt: '2026-11-26T00:01:00.000Z',
    historySnapshots: 3,
    bytes: 4096,
    sha256: 'a'.repeat(64),
    parts: ['snapshot.db.gz'],
    url: 'https://mirror.example/data/',
  };

  it('is waited for by the data page until the build has made the file, which may be after the render started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mirror-handover-'));
    const path = join(dir, 'snapshot-db.json');
    const reading = readPublishedState(path, 10_000);
    let read: PublishedState | undefined | 'pending' = 'pending';
    void reading.then((s) => (read = s));
    await sleep(200);
    expect(read).toBe('pending');
    handOverPublishedState(path, state);
    await expect(reading).resolves.toEqual(state);
    expect(readdirSync(dir)).toEqual(['snapshot-db.json']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends the wait with an error naming the missing file, and is nothing outside a build', async () => {
    const path = join(tmpdir(), `mirror-handover-missing-${process.pid}.json`);
    await expect(readPublishedState(path, 300)).rejects.toThrow(`(${path} is missing)`);
    await expect(readPublishedState(undefined)).resolves.toBeUndefined();
  });

  it('stops waiting when the render it serves is stopped', async () => {
    const path = join(tmpdir(), `mirror-handover-stopped-${process.pid}.json`);
    const stop = new AbortController();
    const reading = readPublishedState(path, 60_000, stop.signal);
    stop.abort();
    await expect(reading).rejects.toThrow(/aborted/i);
  });
});
