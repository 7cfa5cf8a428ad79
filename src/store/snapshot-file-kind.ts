/**
 * What a regular file at a snapshot's path holds, for deciding whether a run may replace it and how
 * a write carries it over: `snapshot` (this tool's, of this store version or an older one, damaged
 * rows included), `newer` (this tool's, from a later store version), `empty`, or `foreign`
 * (anything else: text, another program's database). It looks at the header and the schema only;
 * reading a snapshot's rows is src/store/read-snapshot.ts's.
 */
import Database from 'better-sqlite3';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { STORE_VERSION } from './schema.ts';

export type SnapshotFileKind =
  | { kind: 'empty' }
  | { kind: 'foreign' }
  /** `version`: the file's store version (`PRAGMA user_version`). */
  | { kind: 'snapshot'; version: number }
  | { kind: 'newer'; version: number };

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** Tables every version of this tool's layout has; another program's database lacks them. */
const OWN_TABLES = ['snapshot', 'models', 'history_snapshots'];

/** Never throws: a file it cannot open or read is `foreign`. */
export function snapshotFileKind(path: string): SnapshotFileKind {
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  let size: number;
  try {
    const fd = openSync(path, 'r');
    try {
      size = fstatSync(fd).size;
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return { kind: 'foreign' };
  }
  if (size === 0) return { kind: 'empty' };
  if (!head.equals(SQLITE_MAGIC)) return { kind: 'foreign' };
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    if (!OWN_TABLES.every((t) => tables.has(t))) return { kind: 'foreign' };
    const version = db.pragma('user_version', { simple: true }) as number;
    return { kind: version > STORE_VERSION ? 'newer' : 'snapshot', version };
  } catch {
    // The SQLite header is there but the schema cannot be read: too damaged to say whose it is.
    return { kind: 'foreign' };
  } finally {
    db?.close();
  }
}
