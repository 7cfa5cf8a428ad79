/** What the snapshot step needs to know about the file it may replace. */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { STORE_VERSION } from './schema.ts';

export interface PreviousSnapshot {
  generatedAt: number;
  fetchedAt: number;
  source: string;
  partial: boolean;
  bodySha256: string;
  modelSlugs: Set<string>;
  /** slug -> the summary `updatedAt` its stored detail was fetched for. */
  details: Map<string, number>;
}

export type Inspection =
  | { state: 'missing' }
  | { state: 'unreadable'; reason: string }
  | { state: 'ok'; snapshot: PreviousSnapshot };

/** Opens the file read-only; anything it cannot read is `unreadable`, never an exception. */
export function inspectSnapshot(path: string): Inspection {
  if (!existsSync(path)) return { state: 'missing' };
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const version = db.pragma('user_version', { simple: true });
    if (version !== STORE_VERSION) return { state: 'unreadable', reason: `store version ${String(version)}, expected ${STORE_VERSION}` };
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return { state: 'unreadable', reason: `quick_check: ${String(check)}` };
    const row = db
      .prepare('SELECT generated_at, fetched_at, source, partial, body_sha256 FROM snapshot WHERE id = 1')
      .get() as { generated_at: number; fetched_at: number; source: string; partial: number; body_sha256: string } | undefined;
    if (!row) return { state: 'unreadable', reason: 'no snapshot row' };
    const modelSlugs = new Set(db.prepare('SELECT slug FROM models').pluck().all() as string[]);
    const details = new Map(
      (db.prepare('SELECT slug, updated_at FROM model_details').raw().all() as [string, number][]).map(([s, u]) => [s, u]),
    );
    return {
      state: 'ok',
      snapshot: {
        generatedAt: row.generated_at,
        fetchedAt: row.fetched_at,
        source: row.source,
        partial: row.partial === 1,
        bodySha256: row.body_sha256,
        modelSlugs,
        details,
      },
    };
  } catch (err) {
    return { state: 'unreadable', reason: (err as Error).message };
  } finally {
    db?.close();
  }
}
