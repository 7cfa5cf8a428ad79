/**
 * Every download and every field in it, with its type and unit: the one description the data page
 * (`/data/`), `data/README.txt` and the CSV headers are made from.
 */

export interface Field {
  name: string;
  type: string;
  /** The unit or scale of a number, the form of a date, or how a list is written. */
  unit?: string;
  meaning: string;
  /** A column written once per snapshot, `{generatedAt}` in its name standing for the snapshot's time. */
  perSnapshot?: boolean;
}

export interface Download {
  file: string;
  format: 'CSV' | 'JSON';
  /** One line: what a row (or the file) is. */
  what: string;
  /** The fields of each record (a CSV row, or an element of the JSON file's list). */
  fields: Field[];
  /** The JSON key holding the list of records. */
  listKey?: string;
  /** Further top-level fields of a JSON file, beside the attribution and the list. */
  topFields?: Field[];
}

const ISO = 'ISO 8601 date-time, UTC (2026-11-16T06:00:00.000Z)';
const UNIX_MS = 'Unix time in milliseconds';
const SCORE = '0–100';

/** Every CSV row ends with this column, so any copy of any part of a file still names its source. */
export const ATTRIBUTION_COLUMN: Field = {
  name: 'attribution',
  type: 'URL',
  meaning: 'The data source to credit when you republish the data: link to this address. The same on every row.',
};

/** The fields at the top of every JSON download, beside its list. */
export const JSON_HEADER_FIELDS: Field[] = [
  { name: 'source', type: 'string', meaning: 'Name of the data source to credit.' },
  { name: 'sourceUrl', type: 'URL', meaning: 'Address of the data source: link to it when you republish the data.' },
  { name: 'attribution', type: 'string', meaning: 'The attribution sentence to keep with the data.' },
  { name: 'generatedAt', type: 'string', unit: ISO, meaning: 'When the API assembled the snapshot.' },
  { name: 'fetchedAt', type: 'string', unit: ISO, meaning: 'When the mirror took the snapshot.' },
  { name: 'sample', type: 'boolean', meaning: 'true when the data is the fictional sample, not live rankings.' },
  { name: 'partial', type: 'boolean', meaning: 'true when the snapshot was assembled from the list endpoints (at most 500 rows each), not the full export.' },
];

const configurationFields = (format: 'CSV' | 'JSON'): Field[] => [
  {
    name: 'rank',
    type: 'integer',
    unit: '1 = best',
    meaning: 'Configuration rank: the position among all configurations of the snapshot, by supraScore descending, then slug.',
  },
  {
    name: 'modelRank',
    type: 'integer',
    unit: '1 = best',
    meaning: 'Model rank: the rank of its model (familyTag) on the leaderboard, where each model is scored by its best configuration.',
  },
  { name: 'slug', type: 'string', meaning: 'The configuration’s identifier in the API (/v1/models/{slug}).' },
  { name: 'name', type: 'string', meaning: 'Display name of the configuration.' },
  { name: 'provider', type: 'string', meaning: 'Vendor name.' },
  { name: 'familyTag', type: 'string', meaning: 'The model (one release) this configuration belongs to; its configurations share it.' },
  {
    name: 'supraScore',
    type: 'number',
    unit: `${SCORE}, percent`,
    meaning: 'Expected win rate against the current top-10 configurations. Relative to the current field; not comparable across the 2026-09-17 method change.',
  },
  { name: 'benchCount', type: 'integer', unit: 'benchmarks', meaning: 'Distinct benchmarks contributing to supraScore.' },
  format === 'CSV'
    ? { name: 'updatedAt', type: 'string', unit: ISO, meaning: 'Last ranking refresh of the configuration.' }
    : { name: 'updatedAt', type: 'integer', unit: UNIX_MS, meaning: 'Last ranking refresh of the configuration.' },
  format === 'CSV'
    ? { name: 'tags', type: 'string', unit: 'tags separated by single spaces (a tag has no spaces)', meaning: 'Capability tags upvoted by the community.' }
    : { name: 'tags', type: 'string[]', meaning: 'Capability tags upvoted by the community.' },
];

export const MODELS_CSV: Download = {
  file: 'models.csv',
  format: 'CSV',
  what: 'One row per configuration (a row of /v1/models), in configuration rank order.',
  fields: [...configurationFields('CSV'), ATTRIBUTION_COLUMN],
};

export const SCORES_CSV: Download = {
  file: 'scores.csv',
  format: 'CSV',
  what: 'One row per per-benchmark score submission of a configuration, for the configurations whose details the mirror fetched.',
  fields: [
    { name: 'configuration', type: 'string', meaning: 'The configuration’s slug (see models.csv).' },
    { name: 'benchmark', type: 'string', meaning: 'The benchmark’s slug (see benchmarks.json).' },
    { name: 'benchmarkName', type: 'string', meaning: 'Display name of the benchmark, as the submission gives it.' },
    { name: 'rawScore', type: 'number', unit: 'the benchmark’s native units (scaleMin to scaleMax)', meaning: 'The score as the source reports it.' },
    {
      name: 'scaleMin',
      type: 'number',
      unit: 'native units',
      meaning: 'Lower bound of the benchmark’s native scale; empty when the benchmark is not in the snapshot.',
    },
    {
      name: 'scaleMax',
      type: 'number',
      unit: 'native units',
      meaning: 'Upper bound of the benchmark’s native scale; empty when the benchmark is not in the snapshot.',
    },
    { name: 'normalizedScore', type: 'number', unit: SCORE, meaning: 'The score on the 0–100 scale the aggregation uses.' },
    { name: 'sourceUrl', type: 'string', meaning: 'Where the score was taken from, as submitted (not checked by the mirror).' },
    { name: 'accessedAt', type: 'string', unit: ISO, meaning: 'When the submitter accessed the source.' },
    { name: 'upvotes', type: 'integer', unit: 'votes', meaning: 'Community upvotes on the submission.' },
    { name: 'downvotes', type: 'integer', unit: 'votes', meaning: 'Community downvotes on the submission.' },
    {
      name: 'counts',
      type: 'boolean',
      unit: 'true or false',
      meaning: 'true when the submission counts toward supraScore (more upvotes than downvotes).',
    },
    ATTRIBUTION_COLUMN,
  ],
};

/** Days of history in history.csv, counted back from the snapshot. */
export const HISTORY_DAYS = 90;

export const HISTORY_CSV: Download = {
  file: 'history.csv',
  format: 'CSV',
  what: `One row per configuration in any snapshot of the last ${HISTORY_DAYS} days the mirror holds, with a rank and a supraScore column per snapshot, oldest snapshot first; rows in rank order of the newest snapshot that holds them. Wide, so each configuration and date is written once: pandas.wide_to_long(df, ['rank', 'supraScore'], i='configuration', j='generatedAt', sep='_', suffix='.+') makes it one row per configuration and snapshot.`,
  fields: [
    { name: 'configuration', type: 'string', meaning: 'The configuration’s slug (it may have left the current snapshot).' },
    { name: 'name', type: 'string', meaning: 'Its display name in the newest snapshot that holds it.' },
    {
      name: 'rank_{generatedAt}',
      type: 'integer',
      unit: '1 = best',
      perSnapshot: true,
      meaning: 'Configuration rank in the snapshot generated at {generatedAt} (ISO 8601, UTC); empty when it was not in that snapshot.',
    },
    {
      name: 'supraScore_{generatedAt}',
      type: 'number',
      unit: `${SCORE}, percent`,
      perSnapshot: true,
      meaning:
        'supraScore in that snapshot; empty when it was not in it. Values before 2026-09-17 come from an older method and are not comparable with later ones.',
    },
    ATTRIBUTION_COLUMN,
  ],
};

/** A CSV's columns: its fields, with those named per snapshot written once for each snapshot (oldest first). */
export function csvColumns(download: Download, snapshots: readonly string[] = []): string[] {
  const columns: string[] = [];
  const repeated = download.fields.filter((f) => f.perSnapshot);
  for (const f of download.fields) {
    if (!f.perSnapshot) columns.push(f.name);
    else if (f === repeated[0]) for (const at of snapshots) for (const r of repeated) columns.push(r.name.replace('{generatedAt}', at));
  }
  return columns;
}

export const MODELS_JSON: Download = {
  file: 'models.json',
  format: 'JSON',
  what: 'Every configuration, in configuration rank order.',
  listKey: 'models',
  fields: configurationFields('JSON'),
};

export const BENCHMARKS_JSON: Download = {
  file: 'benchmarks.json',
  format: 'JSON',
  what: 'Every benchmark, by effectiveWeight (highest first).',
  listKey: 'benchmarks',
  fields: [
    { name: 'slug', type: 'string', meaning: 'The benchmark’s identifier.' },
    { name: 'name', type: 'string', meaning: 'Display name.' },
    { name: 'description', type: 'string', meaning: 'One paragraph on what it measures.' },
    { name: 'url', type: 'string', meaning: 'Its canonical page (paper, leaderboard or repository), as the API gives it.' },
    { name: 'isOfficial', type: 'boolean', meaning: 'true when the URL is a reviewed first-party or original source: provenance, not endorsement.' },
    { name: 'scaleMin', type: 'number', unit: 'native units', meaning: 'Lower bound of the native scale.' },
    { name: 'scaleMax', type: 'number', unit: 'native units', meaning: 'Upper bound of the native scale.' },
    { name: 'qualityScore', type: 'number', unit: SCORE, meaning: 'Mean of the quality dimensions × 20.' },
    {
      name: 'dimensions',
      type: 'object of numbers',
      unit: '1–5 each',
      meaning: 'Community averages per quality dimension (relevance, contamination, discriminability, reproducibility, difficulty; keys may be added).',
    },
    { name: 'modelCount', type: 'integer', unit: 'models', meaning: 'Distinct models with at least one valid score.' },
    { name: 'raterCount', type: 'integer', unit: 'users', meaning: 'Users who rated the benchmark.' },
    {
      name: 'effectiveWeight',
      type: 'number',
      unit: SCORE,
      meaning: 'The weight of a pairwise comparison on this benchmark in supraScore (quality × difficulty × headroom, adjusted by net upvotes).',
    },
    { name: 'tags', type: 'string[]', meaning: 'Capability tags voted up by the community.' },
  ],
};

export const TAGS_JSON: Download = {
  file: 'tags.json',
  format: 'JSON',
  what: 'The tag taxonomy, alphabetical, with any tag a row carries.',
  listKey: 'tags',
  fields: [
    { name: 'tag', type: 'string', meaning: 'Lowercase, hyphenated identifier.' },
    { name: 'models', type: 'integer', unit: 'configurations', meaning: 'Configurations carrying the tag, as the taxonomy counts them.' },
    { name: 'benches', type: 'integer', unit: 'benchmarks', meaning: 'Benchmarks tagged with it.' },
  ],
};

export const LEADERBOARD_JSON: Download = {
  file: 'leaderboard.json',
  format: 'JSON',
  what: 'The compact index the leaderboard’s filters read: one array per model (a familyTag), in model rank order, with provider and tag names listed once.',
  listKey: 'models',
  topFields: [
    { name: 'providers', type: 'string[]', meaning: 'Provider names, each listed once; a model refers to its provider by position in this list.' },
    { name: 'tags', type: 'string[]', meaning: 'The tags models carry, each listed once; a model refers to its tags by position in this list.' },
    { name: 'tagSegments', type: 'string[]', meaning: 'The path segment of each tag in `tags` (its page is `/tags/{segment}/`), same order.' },
  ],
  fields: [
    { name: '[0] rank', type: 'integer', unit: '1 = best', meaning: 'Model rank (equal supraScores share it).' },
    { name: '[1] name', type: 'string', meaning: 'The model’s name (the common part of its configurations’ names).' },
    { name: '[2] familyTag', type: 'string', meaning: 'The model’s familyTag.' },
    { name: '[3] best', type: 'string', meaning: 'Slug of its best configuration.' },
    { name: '[4] provider', type: 'integer', meaning: 'Index into `providers`.' },
    { name: '[5] supraScore', type: 'number', unit: `${SCORE}, percent`, meaning: 'The model’s score: its best configuration’s.' },
    { name: '[6] benchCount', type: 'integer', unit: 'benchmarks', meaning: 'benchCount of its best configuration.' },
    { name: '[7] tags', type: 'integer[]', meaning: 'Indexes into `tags`: the tags of any of its configurations.' },
    {
      name: '[8] configurations',
      type: '[slug, name, supraScore, segment, supraScore as shown][]',
      meaning: 'Its configurations, best first, with the path segment of each page and the score with the digits that tell it apart.',
    },
    {
      name: '[9] movement',
      type: 'string',
      unit: '+N, -N, =, new, or empty',
      meaning: 'Model rank change since the previous comparable snapshot: up N, down N, unchanged, new, or nothing to compare with.',
    },
    { name: '[10] segment', type: 'string', meaning: 'The path segment of the model’s page (`/models/{segment}/`).' },
    { name: '[11] rank as shown', type: 'string', meaning: 'The model rank as pages show it: `=5` when shared.' },
    { name: '[12] supraScore as shown', type: 'string', meaning: 'The score with the digits that tell it apart from its neighbours’.' },
  ],
};

export const BENCHMARK_LIST_JSON: Download = {
  file: 'benchmark-list.json',
  format: 'JSON',
  what: 'The compact index the benchmarks list’s sorting and filters read: one array per benchmark, by effectiveWeight (highest first), with tag names listed once.',
  listKey: 'benchmarks',
  topFields: [
    { name: 'tags', type: 'string[]', meaning: 'The tags benchmarks carry, each listed once; a benchmark refers to its tags by position in this list.' },
    { name: 'tagSegments', type: 'string[]', meaning: 'The path segment of each tag in `tags` (its page is `/tags/{segment}/`), same order.' },
  ],
  fields: [
    { name: '[0] position', type: 'integer', unit: '1 = highest', meaning: 'Its place in the list by effectiveWeight, then slug.' },
    { name: '[1] name', type: 'string', meaning: 'Display name.' },
    { name: '[2] slug', type: 'string', meaning: 'The benchmark’s identifier.' },
    { name: '[3] segment', type: 'string', meaning: 'The path segment of its page (`/benchmarks/{segment}/`).' },
    { name: '[4] isOfficial', type: 'boolean', meaning: 'true when its URL is a reviewed first-party or original source: provenance, not endorsement.' },
    { name: '[5] effectiveWeight', type: 'number', unit: SCORE, meaning: 'The weight of a pairwise comparison on this benchmark in supraScore.' },
    {
      name: '[6] previousWeight',
      type: 'number or null',
      unit: SCORE,
      meaning: 'effectiveWeight in the previous comparable snapshot; null when there is none to compare with.',
    },
    { name: '[7] qualityScore', type: 'number', unit: SCORE, meaning: 'Mean of the quality dimensions × 20.' },
    { name: '[8] modelCount', type: 'integer', unit: 'models', meaning: 'Distinct models with at least one valid score.' },
    { name: '[9] raterCount', type: 'integer', unit: 'users', meaning: 'Users who rated the benchmark.' },
    { name: '[10] tags', type: 'integer[]', meaning: 'Indexes into `tags`.' },
  ],
};

/** In the order the data page lists them. */
export const DOWNLOADS: Download[] = [MODELS_CSV, SCORES_CSV, HISTORY_CSV, MODELS_JSON, BENCHMARKS_JSON, TAGS_JSON, LEADERBOARD_JSON, BENCHMARK_LIST_JSON];
