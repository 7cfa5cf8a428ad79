/**
 * Finds a value shaped like an API key in any column of any table of a snapshot file, as SQL sees
 * the values: a key split across SQLite's overflow pages is still found whole. Used on the copy the
 * site publishes (the build never has the key) and on a copy restored from a site.
 */
import type Database from 'better-sqlite3';
import { KEY_LIKE, KEY_MARKER } from '../core/redact.ts';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The first table and column holding a key-shaped value, or undefined. */
export function findKeyText(db: Database.Database): { table: string; column: string } | undefined {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  for (const table of tables) {
    const columns = (db.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string }[]).map((c) => c.name);
    // SQLite's instr does the scan; only the rare row holding the marker comes into JavaScript.
    const where = columns.map((c) => `instr(${quote(c)}, '${KEY_MARKER}') > 0`).join(' OR ');
    const rows = db
      .prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)} WHERE ${where}`)
      .raw()
      .iterate() as IterableIterator<unknown[]>;
    for (const row of rows) {
      const at = row.findIndex((v) => (typeof v === 'string' || Buffer.isBuffer(v)) && KEY_LIKE.test(Buffer.isBuffer(v) ? v.toString('latin1') : v));
      if (at !== -1) {
        rows.return?.();
        return { table, column: columns[at]! };
      }
    }
  }
  return undefined;
}
