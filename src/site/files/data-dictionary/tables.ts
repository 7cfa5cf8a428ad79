/**
 * The snapshot's tables as downloads: models.csv, scores.csv and history.csv, and models.json,
 * benchmarks.json and tags.json, each field keyed by the record it describes (src/site/files/records.ts).
 */
import { z } from 'zod';
import { HISTORY_DAYS } from '../../links/output-paths.ts';
import type { BenchRecord, ModelRecord, ModelsCsvRow, ScoresCsvRow, TagRecord } from '../records.ts';
import {
  ISO,
  LIKELY_MEANING,
  SET_MEANING,
  TIED_MEANING,
  SET_FIELD,
  UNIX_MS,
  SCORE,
  isoTime,
  unixMs,
  rank,
  count,
  score,
  text,
  nonEmpty,
  fieldsOf,
  jsonListOf,
  ATTRIBUTION_COLUMN,
  LIKELY_FIELD,
  type Download,
  type FieldDoc,
} from './fields.ts';
import { BENCH_MEASURE_DOCS, MEASURES_FIELD } from './bench-measures.ts';

/** What models.csv and models.json say alike of a configuration (its time and tags aside), in their order. */
const CONFIGURATION_FIELDS = {
  rank: {
    schema: rank(),
    unit: '1 = best',
    meaning: 'Configuration rank: the position among all configurations of the snapshot, by supraScore descending, then slug.',
  },
  modelRank: {
    schema: rank(),
    unit: '1 = best',
    meaning: 'Model rank: the rank of its model (familyTag) on the leaderboard, where each model is scored by its best configuration.',
  },
  slug: { schema: nonEmpty(), meaning: 'The configuration’s identifier in the API (/v1/models/{slug}).' },
  name: { schema: text(), meaning: 'Display name of the configuration.' },
  provider: { schema: text(), meaning: 'Vendor name.' },
  familyTag: { schema: text(), meaning: 'The model (one release) this configuration belongs to; its configurations share it.' },
  supraScore: {
    schema: score(),
    unit: `${SCORE}, percent`,
    meaning: 'Expected win rate against the current top-10 configurations. Relative to the current field; not comparable across the 2026-09-17 method change.',
  },
  benchCount: { schema: count(), unit: 'benchmarks', meaning: 'Distinct benchmarks contributing to supraScore.' },
  evidenceScore: {
    schema: score().nullable(),
    unit: `${SCORE}, rounded to 3 decimals`,
    meaning:
      'The evidence score: the mirror’s recomputation of supraScore from the per-benchmark scores it holds, its win share against the top 10 configurations on the benchmarks they share (/about/#evidence). The mirror’s computation, not the API’s; null without per-benchmark scores shared with them.',
  },
} satisfies Record<string, FieldDoc>;

/** A model's standard error, wherever a download holds it. */
const SE_FIELD: FieldDoc = {
  schema: z.number().nonnegative().nullable(),
  unit: 'supraScore points, rounded to 3 decimals',
  meaning:
    'The standard error of its model’s supraScore, from resamples of the benchmarks, moderated towards its neighbours’ spread (/about/#evidence-ranges); what a comparison tests a gap against. The mirror’s computation, not the API’s; null where its model has no range.',
};

export const MODELS_CSV: Download = {
  file: 'models.csv',
  format: 'CSV',
  what: 'One row per configuration (a row of /v1/models), in configuration rank order.',
  fields: fieldsOf<ModelsCsvRow>({
    ...CONFIGURATION_FIELDS,
    likelyModelRankLow: { schema: rank().nullable(), unit: '1 = best', meaning: `${LIKELY_MEANING} Its low end; empty where the mirror gives none.` },
    likelyModelRankHigh: { schema: rank().nullable(), unit: '1 = best', meaning: `${LIKELY_MEANING} Its high end; empty where the mirror gives none.` },
    modelRankSetLow: { schema: rank().nullable(), unit: '1 = best', meaning: `${SET_MEANING} Its low end; empty where the mirror gives none.` },
    modelRankSetHigh: { schema: rank().nullable(), unit: '1 = best', meaning: `${SET_MEANING} Its high end; empty where the mirror gives none.` },
    tiedWithAbove: { schema: z.boolean().nullable(), unit: 'true or false', meaning: `true: ${TIED_MEANING} Empty where its model has no range.` },
    supraScoreSe: SE_FIELD,
    updatedAt: { schema: isoTime(), unit: ISO, meaning: 'Last ranking refresh of the configuration.' },
    tags: { schema: text(), unit: 'tags separated by single spaces (a tag has no spaces)', meaning: 'Capability tags upvoted by the community.' },
    attribution: ATTRIBUTION_COLUMN,
  }),
};

export const SCORES_CSV: Download = {
  file: 'scores.csv',
  format: 'CSV',
  what:
    'One row per per-benchmark score submission of a configuration, for the configurations whose details the mirror fetched, in configuration rank order. ' +
    'Past 20 MB the table continues, split between rows, in scores-2.csv, scores-3.csv and so on, each with the same header and schema (manifest.json lists every part), ' +
    'so that no file passes the 25 MiB a static host such as Cloudflare Pages allows.',
  fields: fieldsOf<ScoresCsvRow>({
    configuration: { schema: nonEmpty(), meaning: 'The configuration’s slug (see models.csv).' },
    benchmark: { schema: nonEmpty(), meaning: 'The benchmark’s slug (see benchmarks.json).' },
    benchmarkName: { schema: text(), meaning: 'Display name of the benchmark, as the submission gives it.' },
    rawScore: { schema: z.number(), unit: 'the benchmark’s native units (scaleMin to scaleMax)', meaning: 'The score as the source reports it.' },
    scaleMin: {
      schema: z.number().nullable(),
      unit: 'native units',
      meaning: 'Lower bound of the benchmark’s native scale; empty when the benchmark is not in the snapshot.',
    },
    scaleMax: {
      schema: z.number().nullable(),
      unit: 'native units',
      meaning: 'Upper bound of the benchmark’s native scale; empty when the benchmark is not in the snapshot.',
    },
    normalizedScore: { schema: score(), unit: SCORE, meaning: 'The score on the 0–100 scale the aggregation uses.' },
    sourceUrl: { schema: text(), meaning: 'Where the score was taken from, as submitted (not checked by the mirror).' },
    accessedAt: { schema: isoTime(), unit: ISO, meaning: 'When the submitter accessed the source.' },
    upvotes: { schema: count(), unit: 'votes', meaning: 'Community upvotes on the submission.' },
    downvotes: { schema: count(), unit: 'votes', meaning: 'Community downvotes on the submission.' },
    counts: { schema: z.boolean(), unit: 'true or false', meaning: 'true when the submission counts toward supraScore (more upvotes than downvotes).' },
    attribution: ATTRIBUTION_COLUMN,
  }),
};

/** How a per-snapshot column's `{generatedAt}` is written: the snapshot's time as in generatedAt. */
export const PER_SNAPSHOT_TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`;

export const HISTORY_CSV: Download = {
  file: 'history.csv',
  format: 'CSV',
  what: `One row per configuration in any snapshot of the last ${HISTORY_DAYS} days the mirror holds, with a rank and a supraScore column per snapshot, oldest snapshot first; rows in rank order of the newest snapshot that holds them. Wide, so each configuration and date is written once: pandas.wide_to_long(df, ['rank', 'supraScore'], i='configuration', j='generatedAt', sep='_', suffix='.+') makes it one row per configuration and snapshot. Past 20 MB the table continues, split between rows, in history-2.csv, history-3.csv and so on, each with the same header and schema (manifest.json lists every part).`,
  fields: [
    { name: 'configuration', schema: nonEmpty(), meaning: 'The configuration’s slug (it may have left the current snapshot).' },
    { name: 'name', schema: text(), meaning: 'Its display name in the newest snapshot that holds it.' },
    {
      name: 'rank_{generatedAt}',
      schema: rank().nullable(),
      unit: '1 = best',
      perSnapshot: true,
      meaning: 'Configuration rank in the snapshot generated at {generatedAt} (ISO 8601, UTC); empty when it was not in that snapshot.',
    },
    {
      name: 'supraScore_{generatedAt}',
      schema: score().nullable(),
      unit: `${SCORE}, percent`,
      perSnapshot: true,
      meaning:
        'supraScore in that snapshot; empty when it was not in it. Values before 2026-09-17 come from an older method and are not comparable with later ones.',
    },
    ATTRIBUTION_COLUMN,
  ],
};

export const MODELS_JSON = jsonListOf<ModelRecord>('models.json', 'models', 'Every configuration, in configuration rank order.', {
  ...CONFIGURATION_FIELDS,
  likelyModelRank: { ...LIKELY_FIELD, name: 'likelyModelRank' },
  modelRankSet: { ...SET_FIELD, name: 'modelRankSet' },
  tiedWithAbove: { schema: z.boolean().nullable(), unit: 'true or false', meaning: `true: ${TIED_MEANING} null where its model has no range.` },
  supraScoreSe: SE_FIELD,
  updatedAt: { schema: unixMs(), unit: UNIX_MS, meaning: 'Last ranking refresh of the configuration.' },
  tags: { schema: z.array(text()), meaning: 'Capability tags upvoted by the community.' },
});

export const BENCHMARKS_JSON = jsonListOf<BenchRecord>(
  'benchmarks.json',
  'benchmarks',
  'Every benchmark, by effectiveWeight (highest first), with the mirror’s measures of it: whether it still separates the leaders, its new bests over time and the benchmarks it agrees with most and least.',
  {
    slug: { schema: nonEmpty(), meaning: 'The benchmark’s identifier.' },
    name: { schema: text(), meaning: 'Display name.' },
    description: { schema: text(), meaning: 'One paragraph on what it measures.' },
    url: { schema: text(), meaning: 'Its canonical page (paper, leaderboard or repository), as the API gives it.' },
    isOfficial: { schema: z.boolean(), meaning: 'true when the URL is a reviewed first-party or original source: provenance, not endorsement.' },
    scaleMin: { schema: z.number(), unit: 'native units', meaning: 'Lower bound of the native scale.' },
    scaleMax: { schema: z.number(), unit: 'native units', meaning: 'Upper bound of the native scale.' },
    qualityScore: { schema: score(), unit: SCORE, meaning: 'Mean of the quality dimensions × 20.' },
    dimensions: {
      schema: z.record(z.string(), z.number()),
      type: 'object of numbers',
      unit: '1–5 each',
      meaning: 'Community averages per quality dimension (relevance, contamination, discriminability, reproducibility, difficulty; keys may be added).',
    },
    modelCount: { schema: count(), unit: 'models', meaning: 'Distinct models with at least one valid score.' },
    raterCount: { schema: count(), unit: 'users', meaning: 'Users who rated the benchmark.' },
    effectiveWeight: {
      schema: score(),
      unit: SCORE,
      meaning: 'The weight of a pairwise comparison on this benchmark in supraScore (quality × difficulty × headroom, adjusted by net upvotes).',
    },
    tags: { schema: z.array(text()), meaning: 'Capability tags voted up by the community.' },
    ...BENCH_MEASURE_DOCS,
  },
  [MEASURES_FIELD],
);

export const TAGS_JSON = jsonListOf<TagRecord>('tags.json', 'tags', 'The tag taxonomy, alphabetical, with any tag a row carries.', {
  tag: { schema: nonEmpty(), meaning: 'Lowercase, hyphenated identifier.' },
  models: { schema: count(), unit: 'configurations', meaning: 'Configurations carrying the tag, as the taxonomy counts them.' },
  benches: { schema: count(), unit: 'benchmarks', meaning: 'Benchmarks tagged with it.' },
});
