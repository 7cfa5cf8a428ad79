/**
 * Snapshot files as store versions 1 to 3 wrote them, for the upgrade tests: version 3's layout
 * (history as a row per configuration and snapshot), without what each later version added (v2:
 * `model_details.bench_count` and `details_crawl`; v1 also `snapshot.sample` and
 * `snapshot.history_limit`).
 */
import Database from 'better-sqlite3';

/** The layout of store version 3, as it shipped. */
export const V3_DDL = `
CREATE TABLE snapshot (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generated_at INTEGER NOT NULL,
  fetched_at INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('api', 'file', 'sample')),
  api_origin TEXT,
  computed_at INTEGER,
  last_modified TEXT,
  schema_version TEXT,
  cache_max_age INTEGER,
  body_sha256 TEXT NOT NULL,
  partial INTEGER NOT NULL DEFAULT 0,
  -- 1 when the data is fictional (the bundled sample, the demo, the simulator label what they make).
  sample INTEGER NOT NULL DEFAULT 0,
  -- Snapshots of history the writer kept (SNAPSHOT_HISTORY_LIMIT), this one included.
  history_limit INTEGER
);

CREATE TABLE warnings (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  problem TEXT NOT NULL
);

CREATE TABLE models (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  provider TEXT NOT NULL,
  family_tag TEXT NOT NULL,
  supra_score REAL NOT NULL,
  bench_count INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  position INTEGER NOT NULL UNIQUE
) WITHOUT ROWID;
CREATE INDEX models_by_family ON models (family_tag, supra_score DESC);
CREATE INDEX models_by_provider ON models (provider);

CREATE TABLE model_tags (
  slug TEXT NOT NULL,
  tag TEXT NOT NULL,
  PRIMARY KEY (slug, tag)
) WITHOUT ROWID;
CREATE INDEX model_tags_by_tag ON model_tags (tag, slug);

CREATE TABLE benches (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  url TEXT NOT NULL,
  is_official INTEGER NOT NULL,
  scale_min REAL NOT NULL,
  scale_max REAL NOT NULL,
  quality_score REAL NOT NULL,
  dimensions TEXT NOT NULL,
  model_count INTEGER NOT NULL,
  rater_count INTEGER NOT NULL,
  effective_weight REAL NOT NULL,
  position INTEGER NOT NULL UNIQUE
) WITHOUT ROWID;

CREATE TABLE bench_tags (
  slug TEXT NOT NULL,
  tag TEXT NOT NULL,
  PRIMARY KEY (slug, tag)
) WITHOUT ROWID;
CREATE INDEX bench_tags_by_tag ON bench_tags (tag, slug);

CREATE TABLE tags (
  tag TEXT PRIMARY KEY,
  models INTEGER NOT NULL,
  benches INTEGER NOT NULL
) WITHOUT ROWID;

-- Per-configuration detail from /v1/models/{slug}, kept across runs until the configuration leaves the export;
-- updated_at and bench_count are the summary's when it was fetched (bench_count NULL when unknown).
CREATE TABLE model_details (
  slug TEXT PRIMARY KEY,
  updated_at INTEGER NOT NULL,
  fetched_at INTEGER NOT NULL,
  bench_count INTEGER
) WITHOUT ROWID;

-- The details crawl as of this snapshot: coverage (a recorded fact), and the mirror's spend in the quota period.
CREATE TABLE details_crawl (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  -- Ages are measured from here: the fetch time for a snapshot from the API, generatedAt for one from a file.
  as_of INTEGER NOT NULL,
  configurations INTEGER NOT NULL,
  with_details INTEGER NOT NULL,
  older_7d INTEGER NOT NULL,
  older_30d INTEGER NOT NULL,
  oldest_fetched_at INTEGER,
  newest_fetched_at INTEGER,
  -- X-Quota-Reset (Unix ms) of the period the ledger counts, and the mirror's requests in it, this run's included.
  quota_period_reset INTEGER,
  quota_period_requests INTEGER NOT NULL DEFAULT 0,
  -- This run: detail requests sent, and the allowance it had (NULL when it did not crawl).
  run_detail_requests INTEGER NOT NULL DEFAULT 0,
  run_allowance INTEGER
);

CREATE TABLE scores (
  slug TEXT NOT NULL,
  position INTEGER NOT NULL,
  bench TEXT NOT NULL,
  bench_name TEXT NOT NULL,
  raw_score REAL NOT NULL,
  normalized_score REAL NOT NULL,
  source_url TEXT NOT NULL,
  accessed_at INTEGER NOT NULL,
  upvotes INTEGER NOT NULL,
  downvotes INTEGER NOT NULL,
  PRIMARY KEY (slug, position)
) WITHOUT ROWID;
CREATE INDEX scores_by_bench ON scores (bench);

CREATE TABLE history_snapshots (
  id INTEGER PRIMARY KEY,
  generated_at INTEGER NOT NULL,
  fetched_at INTEGER NOT NULL,
  body_sha256 TEXT NOT NULL,
  partial INTEGER NOT NULL
);

-- One row per slug ever kept in history, so the history rows hold small integers. family_tag: a
-- configuration's model when it was last seen (NULL for benchmarks and in files before version 3).
CREATE TABLE history_names (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('model', 'bench')),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  family_tag TEXT,
  UNIQUE (kind, slug)
);

-- bench_count and scores_digest (of the stored per-benchmark scores, NULL without them) tell a
-- configuration's own evidence changing from the field moving; NULL before version 3.
CREATE TABLE history_models (
  name_id INTEGER NOT NULL,
  snapshot_id INTEGER NOT NULL,
  supra_score REAL NOT NULL,
  position INTEGER NOT NULL,
  bench_count INTEGER,
  scores_digest INTEGER,
  PRIMARY KEY (name_id, snapshot_id)
) WITHOUT ROWID;

CREATE TABLE history_benches (
  name_id INTEGER NOT NULL,
  snapshot_id INTEGER NOT NULL,
  effective_weight REAL NOT NULL,
  PRIMARY KEY (name_id, snapshot_id)
) WITHOUT ROWID;
`;

function without(ddl: string, part: string | RegExp): string {
  const out = ddl.replace(part, '');
  if (out === ddl) throw new Error(`old-stores: ${String(part)} is no longer in the DDL; update this helper`);
  return out;
}

export function oldDdl(version: 1 | 2 | 3): string {
  if (version === 3) return V3_DDL;
  let ddl = without(V3_DDL, /,\n {2}bench_count INTEGER(?=\n\) WITHOUT ROWID;)/);
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

/** A small snapshot file of store version 1, 2 or 3, with one history snapshot and the given details. */
export function writeOldStore(path: string, version: 1 | 2 | 3, at: number, models: OldModel[], details: OldDetail[]): void {
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
