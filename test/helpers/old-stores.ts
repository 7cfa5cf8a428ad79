/**
 * Snapshot files as store versions 1 and 2 wrote them, for the upgrade tests: the current layout
 * without what each later version added (v2: `model_details.bench_count` and `details_crawl`;
 * v1 also `snapshot.sample` and `snapshot.history_limit`).
 */
import Database from 'better-sqlite3';
import { DDL } from '../../src/store/schema.ts';

function without(ddl: string, part: string | RegExp): string {
  const out = ddl.replace(part, '');
  if (out === ddl) throw new Error(`old-stores: ${String(part)} is no longer in the DDL; update this helper`);
  return out;
}

export function oldDdl(version: 1 | 2): string {
  let ddl = without(DDL, /,\n {2}bench_count INTEGER(?=\n\) WITHOUT ROWID;)/);
  ddl = without(ddl, /-- The details crawl as of this snapshot[\s\S]*?run_allowance INTEGER\n\);\n/);
  if (version === 1) {
    ddl = without(
      ddl,
      /,\n {2}-- 1 when the data is fictional[^\n]*\n {2}sample INTEGER NOT NULL DEFAULT 0,\n {2}-- Snapshots of history[^\n]*\n {2}history_limit INTEGER/,
    );
  }
  return ddl;
}

export interface OldModel {
  slug: string;
  supraScore: number;
  benchCount: number;
  updatedAt: number;
}

export interface OldDetail {
  slug: string;
  updatedAt: number;
  fetchedAt: number;
  bench: string;
}

/** A small snapshot file of store version 1 or 2, with one history snapshot and the given details. */
export function writeOldStore(path: string, version: 1 | 2, at: number, models: OldModel[], details: OldDetail[]): void {
  const db = new Database(path);
  try {
    db.exec(oldDdl(version));
    db.pragma(`user_version = ${version}`);
    db.prepare(`INSERT INTO snapshot (id, generated_at, fetched_at, source, body_sha256, partial) VALUES (1, ?, ?, 'api', 'old-${version}', 0)`).run(at, at);
    const model = db.prepare(
      `INSERT INTO models (slug, name, provider, family_tag, supra_score, bench_count, updated_at, position) VALUES (?, ?, 'Acme', ?, ?, ?, ?, ?)`,
    );
    models.forEach((m, i) => model.run(m.slug, `Model ${m.slug}`, m.slug, m.supraScore, m.benchCount, m.updatedAt, i + 1));
    for (const d of details) {
      db.prepare('INSERT INTO model_details (slug, updated_at, fetched_at) VALUES (?, ?, ?)').run(d.slug, d.updatedAt, d.fetchedAt);
      db.prepare(
        `INSERT INTO scores (slug, position, bench, bench_name, raw_score, normalized_score, source_url, accessed_at, upvotes, downvotes)
         VALUES (?, 0, ?, 'Bench', 1, 50, 'https://example.org', ?, 3, 1)`,
      ).run(d.slug, d.bench, d.fetchedAt);
    }
    const id = db.prepare("INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, 'old', 0)").run(at, at).lastInsertRowid;
    models.forEach((m, i) => {
      const nameId = db.prepare("INSERT INTO history_names (kind, slug, name) VALUES ('model', ?, ?)").run(m.slug, `Model ${m.slug}`).lastInsertRowid;
      db.prepare('INSERT INTO history_models (name_id, snapshot_id, supra_score, position) VALUES (?, ?, ?, ?)').run(nameId, id, m.supraScore, i + 1);
    });
  } finally {
    db.close();
  }
}
