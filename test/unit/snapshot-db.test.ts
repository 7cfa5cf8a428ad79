/** The data page's description of the published SQLite file against the store's own layout: every table and column, and nothing else. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DDL } from '../../src/store/schema.ts';
import { ATTRIBUTION_DDL } from '../../src/store/published-state.ts';
import { SNAPSHOT_TABLES } from '../../src/site/snapshot-db.ts';

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
