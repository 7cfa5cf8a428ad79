/**
 * The SQLite layout of a snapshot file. Columns are the API's fields in snake case; indexes serve
 * the site's queries (ranking, families, tags, per-benchmark scores). History keeps one row per
 * accepted snapshot holding its configurations and benchmarks as packed columns: a year of daily
 * snapshots grows the file by days x configurations, is appended and trimmed a row at a time, and
 * reads back without parsing.
 */

/**
 * Bumped when the layout changes. The reader also reads the older versions listed in
 * `READABLE_VERSIONS` (filling what they lack with defaults), and the writer carries their history
 * over, so upgrading the tool never costs a maintainer's history.
 */
export const STORE_VERSION = 5;

/**
 * Versions the reader understands: 1 lacks `snapshot.sample` and `snapshot.history_limit`; 1 and 2
 * lack `model_details.bench_count`, the `details_crawl` row (coverage and the quota ledger) and the
 * history's `family_tag`, `bench_count` and `scores_digest` (read as unknown); 1 to 3 keep history
 * as a row per configuration and snapshot (`history_models`, `history_benches`) instead of
 * `history_points`, and lack `history_names.last_snapshot_id`; 1 to 4 lack a configuration's
 * `provider` and `tags` in `history_names` (read as unknown).
 */
export const READABLE_VERSIONS: readonly number[] = [1, 2, 3, 4, 5];

/**
 * Versions whose file a write copies and brings to this layout in the copy, with these statements:
 * they differ from it by columns added since, so a year of history is never rewritten to upgrade.
 */
export const UPGRADES_IN_COPY: ReadonlyMap<number, string> = new Map([
  [4, 'ALTER TABLE history_names ADD COLUMN provider TEXT; ALTER TABLE history_names ADD COLUMN tags TEXT;'],
]);

/** Where a snapshot came from: the API (export or list endpoints), an export file, or the bundled sample. */
export const SNAPSHOT_SOURCES = ['api', 'file', 'sample'] as const;
export type SnapshotSource = (typeof SNAPSHOT_SOURCES)[number];

export const DDL = `
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

-- One row per slug in the history kept, so history holds small integers. family_tag, provider and
-- tags (a JSON array, sorted): a configuration's model, vendor and tags when it was last seen (NULL
-- for benchmarks, and where a file of an older version did not record them); last_snapshot_id: the
-- newest snapshot holding it, so trimming the oldest snapshot finds the names it leaves unused.
CREATE TABLE history_names (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('model', 'bench')),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  family_tag TEXT,
  last_snapshot_id INTEGER NOT NULL,
  provider TEXT,
  tags TEXT,
  UNIQUE (kind, slug)
);

-- One row per snapshot of history: its configurations in ranking order (position = index + 1) and
-- its benchmarks, as little-endian arrays of equal length: int32 history_names ids, float64
-- supraScore, int32 benchCount (-1 unknown), float64 digest of the stored per-benchmark scores (NaN
-- without them; the column NULL when no configuration has them), float64 effectiveWeight.
CREATE TABLE history_points (
  snapshot_id INTEGER PRIMARY KEY,
  model_ids BLOB NOT NULL,
  supra_scores BLOB NOT NULL,
  bench_counts BLOB NOT NULL,
  scores_digests BLOB,
  bench_ids BLOB NOT NULL,
  effective_weights BLOB NOT NULL
);
`;
