/**
 * Every file under `/data/` and every field in it, with its type and unit: the one description
 * the data page (`/data/`), `data/README.txt`, the CSV headers and the published JSON Schemas
 * (data-schemas.ts) are made from. Each field's zod schema says what its values may be; the type
 * the page shows is read from it.
 */
import { z } from 'zod';
import { SNAPSHOT_SOURCES } from '../../store/schema.ts';
import { DEPLOY_TARGETS } from '../plan/hosts.ts';
import { HISTORY_DAYS } from '../links/output-paths.ts';
import { BENCHMARK_TUPLE } from '../lists/benchmarks.ts';
import { CONFIGURATION_TUPLE, LEADERBOARD_TUPLE, type ConfigurationRecord } from '../lists/leaderboard.ts';
import { DAY_TUPLE, type HistoryDayFile, type HistoryIndexFile, type HistoryNamesFile } from '../lists/past-files.ts';
import type { ModelFile, ModelFileScore } from './model-file.ts';
import type { RankFile } from '../evidence/rank-file.ts';
import type { BenchRecord, ModelRecord, ModelsCsvRow, ScoresCsvRow, TagRecord } from './records.ts';

export interface Field {
  name: string;
  /** The values it may take. In a CSV file, a number or boolean is written as text and an empty cell is null. */
  schema: z.ZodType;
  /** The type as the page names it, where the schema's own name would not say it (a position of a compact array). */
  type?: string;
  /** The unit or scale of a number, the form of a date, or how a list is written. */
  unit?: string;
  meaning: string;
  /** A column written once per snapshot, `{generatedAt}` in its name standing for the snapshot's time. */
  perSnapshot?: boolean;
  /** The fields of the object it holds, or of each object in its list, documented beneath it. */
  fields?: Field[];
}

export interface Download {
  file: string;
  format: 'CSV' | 'JSON';
  /** One line: what a row (or the file) is. */
  what: string;
  /** The fields of each record (a CSV row, or an element of the JSON file's list), or of the file itself when it has no list. */
  fields: Field[];
  /** The JSON key holding the list of records. */
  listKey?: string;
  /** Records are arrays, one value per position (`fields` in order), not objects. */
  positional?: boolean;
  /** Further top-level fields of a JSON file, beside the attribution and the list. */
  topFields?: Field[];
  /** False for a file that does not start with the attribution fields (the build stamp). */
  attributed?: boolean;
}

const ISO = 'ISO 8601 date-time, UTC (2026-11-16T06:00:00.000Z)';
/** What a likely model rank is, wherever a file holds one. */
const LIKELY_MEANING =
  'The likely model rank: where the model ranks in 90% of 200 resamples of the benchmarks, its supraScore moved as its evidence score moves. The mirror’s computation, not the API’s (/about/#evidence).';
const UNIX_MS = 'Unix time in milliseconds';
const SCORE = '0–100';

const isoTime = () => z.iso.datetime();
const unixMs = () => z.number().int().nonnegative();
const rank = () => z.number().int().min(1);
const count = () => z.number().int().nonnegative();
const score = () => z.number().min(0).max(100);
const text = () => z.string();
const nonEmpty = () => z.string().min(1);

/** What the dictionary says of a field of a record it names by key: its name, when not the key, and the rest of a Field. */
type FieldDoc = Omit<Field, 'name'> & { name?: string };
type Layout<R> = { fields: readonly (keyof R)[]; encode: (record: R) => unknown };
const docName = <R>(docs: Record<keyof R, FieldDoc>, key: keyof R) => docs[key].name ?? String(key);

/** The fields of a record of type R, in the order given: each field of R exactly once, so a field renamed in R fails to compile here. */
const fieldsOf = <R>(docs: { [K in keyof R]-?: FieldDoc }): Field[] => Object.entries<FieldDoc>(docs).map(([key, doc]) => ({ ...doc, name: doc.name ?? key }));

/** The fields of a record an index file writes as an array, numbered in its layout's order (`[5] supraScore`): a field renamed in the record fails to compile here. */
const positional = <R>(layout: Layout<R>, docs: Record<keyof R, FieldDoc>): Field[] =>
  layout.fields.map((key, i) => ({ ...docs[key], name: `[${i}] ${docName(docs, key)}` }));
/** A record written as an array inside another, as a tuple of its fields' schemas. */
const tupleSchema = <R>(layout: Layout<R>, docs: Record<keyof R, FieldDoc>) =>
  z.tuple(layout.fields.map((key) => docs[key].schema) as [z.ZodType, ...z.ZodType[]]);
const tupleNames = <R>(layout: Layout<R>, docs: Record<keyof R, FieldDoc>) => layout.fields.map((key) => docName(docs, key)).join(', ');

/** Every CSV row ends with this column, so any copy of any part of a file still names its source. */
export const ATTRIBUTION_COLUMN: Field = {
  name: 'attribution',
  schema: z.url(),
  meaning: 'The data source to credit when you republish the data: link to this address. The same on every row.',
};

/** The fields at the top of every JSON download, beside its list. */
export const JSON_HEADER_FIELDS: Field[] = [
  { name: 'source', schema: nonEmpty(), meaning: 'Name of the data source to credit.' },
  { name: 'sourceUrl', schema: z.url(), meaning: 'Address of the data source: link to it when you republish the data.' },
  { name: 'attribution', schema: nonEmpty(), meaning: 'The attribution sentence to keep with the data.' },
  { name: 'generatedAt', schema: isoTime(), unit: ISO, meaning: 'When the API assembled the snapshot.' },
  { name: 'fetchedAt', schema: isoTime(), unit: ISO, meaning: 'When the mirror took the snapshot.' },
  { name: 'sample', schema: z.boolean(), meaning: 'true when the data is the fictional sample, not live rankings.' },
  {
    name: 'partial',
    schema: z.boolean(),
    meaning: 'true when the snapshot was assembled from the list endpoints (at most 500 rows each), not the full export.',
  },
];

/** A model's likely rank range, where a file holds it as a pair. */
const LIKELY_FIELD: FieldDoc = {
  name: 'likely model rank',
  schema: z.tuple([rank(), rank()]).nullable(),
  type: '[integer, integer] or null',
  unit: '1 = best',
  meaning: `${LIKELY_MEANING} [low, high]; null where the mirror gives none (too little evidence, or ranges withheld: see evidence.json).`,
};

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

export const MODELS_CSV: Download = {
  file: 'models.csv',
  format: 'CSV',
  what: 'One row per configuration (a row of /v1/models), in configuration rank order.',
  fields: fieldsOf<ModelsCsvRow>({
    ...CONFIGURATION_FIELDS,
    likelyModelRankLow: { schema: rank().nullable(), unit: '1 = best', meaning: `${LIKELY_MEANING} Its low end; empty where the mirror gives none.` },
    likelyModelRankHigh: { schema: rank().nullable(), unit: '1 = best', meaning: `${LIKELY_MEANING} Its high end; empty where the mirror gives none.` },
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
  fields: fieldsOf<ModelRecord>({
    ...CONFIGURATION_FIELDS,
    likelyModelRank: { ...LIKELY_FIELD, name: 'likelyModelRank' },
    updatedAt: { schema: unixMs(), unit: UNIX_MS, meaning: 'Last ranking refresh of the configuration.' },
    tags: { schema: z.array(text()), meaning: 'Capability tags upvoted by the community.' },
  }),
};

export const BENCHMARKS_JSON: Download = {
  file: 'benchmarks.json',
  format: 'JSON',
  what: 'Every benchmark, by effectiveWeight (highest first).',
  listKey: 'benchmarks',
  fields: fieldsOf<BenchRecord>({
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
  }),
};

export const TAGS_JSON: Download = {
  file: 'tags.json',
  format: 'JSON',
  what: 'The tag taxonomy, alphabetical, with any tag a row carries.',
  listKey: 'tags',
  fields: fieldsOf<TagRecord>({
    tag: { schema: nonEmpty(), meaning: 'Lowercase, hyphenated identifier.' },
    models: { schema: count(), unit: 'configurations', meaning: 'Configurations carrying the tag, as the taxonomy counts them.' },
    benches: { schema: count(), unit: 'benchmarks', meaning: 'Benchmarks tagged with it.' },
  }),
};

/** A configuration inside a leaderboard record. */
const CONFIGURATION_DOCS: Record<keyof ConfigurationRecord, FieldDoc> = {
  slug: { schema: nonEmpty(), meaning: 'The configuration’s slug.' },
  name: { schema: text(), meaning: 'Its name.' },
  supraScore: { schema: score(), meaning: 'Its supraScore.' },
  segment: { schema: nonEmpty(), meaning: 'Its page’s path segment.' },
  scoreText: { name: 'supraScore as shown', schema: text(), meaning: 'Its supraScore with the digits that tell it apart.' },
};

export const LEADERBOARD_JSON: Download = {
  file: 'leaderboard.json',
  format: 'JSON',
  what: 'The compact index the leaderboard’s filters read: one array per model (a familyTag), in model rank order, with provider and tag names listed once.',
  listKey: 'models',
  positional: true,
  topFields: [
    { name: 'providers', schema: z.array(text()), meaning: 'Provider names, each listed once; a model refers to its provider by position in this list.' },
    { name: 'tags', schema: z.array(text()), meaning: 'The tags models carry, each listed once; a model refers to its tags by position in this list.' },
    {
      name: 'tagSegments',
      schema: z.array(nonEmpty()),
      meaning: 'The path segment of each tag in `tags` (its page is `/tags/{segment}/`), same order.',
    },
    {
      name: 'providerSegments',
      schema: z.array(nonEmpty()),
      meaning: 'The path segment of each provider in `providers` (its page is `/providers/{segment}/`), same order.',
    },
    {
      name: 'kept',
      schema: z.object({}),
      type: 'object',
      meaning:
        'How many of the best models have pages on this host (its limits may leave the others out): a model in the first `modelPages` has a page at `/models/{segment}/`, and its configurations theirs when it is among the first `configurationPages`.',
      fields: [
        { name: 'modelPages', schema: count(), unit: 'models', meaning: 'Models, best first, with a page of their own.' },
        { name: 'configurationPages', schema: count(), unit: 'models', meaning: 'Models, best first, whose configurations have pages of their own.' },
      ],
    },
  ],
  fields: positional(LEADERBOARD_TUPLE, {
    rank: { schema: rank(), unit: '1 = best', meaning: 'Model rank (equal supraScores share it).' },
    name: { schema: text(), meaning: 'The model’s name (the common part of its configurations’ names).' },
    familyTag: { schema: text(), meaning: 'The model’s familyTag.' },
    best: { schema: nonEmpty(), meaning: 'Slug of its best configuration.' },
    provider: { schema: count(), type: 'integer', meaning: 'Index into `providers`.' },
    supraScore: { schema: score(), unit: `${SCORE}, percent`, meaning: 'The model’s score: its best configuration’s.' },
    benchCount: { schema: count(), unit: 'benchmarks', meaning: 'benchCount of its best configuration.' },
    tags: { schema: z.array(count()), type: 'integer[]', meaning: 'Indexes into `tags`: the tags of any of its configurations.' },
    configurations: {
      schema: z.array(tupleSchema(CONFIGURATION_TUPLE, CONFIGURATION_DOCS)),
      type: `[${tupleNames(CONFIGURATION_TUPLE, CONFIGURATION_DOCS)}][]`,
      meaning: 'Its configurations, best first, with the path segment of each page and the score with the digits that tell it apart.',
    },
    movement: {
      schema: z.string().regex(/^(\+\d+|-\d+|=|new|)$/),
      type: 'string',
      unit: '+N, -N, =, new, or empty',
      meaning: 'Model rank change since the previous comparable snapshot: up N, down N, unchanged, new, or nothing to compare with.',
    },
    segment: { schema: nonEmpty(), meaning: 'The path segment of the model’s page (`/models/{segment}/`).' },
    rankText: { name: 'rank as shown', schema: z.string().regex(/^=?\d+$/), type: 'string', meaning: 'The model rank as pages show it: `=5` when shared.' },
    scoreText: { name: 'supraScore as shown', schema: text(), meaning: 'The score with the digits that tell it apart from its neighbours’.' },
    likely: LIKELY_FIELD,
  }),
};

export const MODEL_LIST_JSON: Download = {
  file: 'model-list.json',
  format: 'JSON',
  what: 'Every model, in model rank order, as the comparison page’s picker lists them.',
  listKey: 'models',
  positional: true,
  fields: [
    { name: '[0] segment', schema: nonEmpty(), meaning: 'The path segment of the model’s page and data file (`/data/models/{segment}.json`).' },
    { name: '[1] name', schema: text(), meaning: 'The model’s name.' },
    { name: '[2] rank as shown', schema: z.string().regex(/^=?\d+$/), type: 'string', meaning: 'The model rank: `=5` when shared.' },
    { name: '[3] supraScore', schema: score(), unit: `${SCORE}, percent`, meaning: 'Its best configuration’s supraScore.' },
    {
      name: '[4] data file',
      schema: z.string().regex(/^(models\/[^/]+|model-groups\/\d+)\.json(\.gz)?$/),
      type: 'string',
      meaning:
        'Its data file under /data/: models/{segment}.json for a model with a page of its own, else the model-groups/{n}.json it shares with other models; gzipped (.gz) where this host’s limits ask for it.',
    },
  ],
};

export const BENCHMARK_LIST_JSON: Download = {
  file: 'benchmark-list.json',
  format: 'JSON',
  what: 'The compact index the benchmarks list’s sorting and filters read: one array per benchmark, by effectiveWeight (highest first), with tag names listed once.',
  listKey: 'benchmarks',
  positional: true,
  topFields: [
    { name: 'tags', schema: z.array(text()), meaning: 'The tags benchmarks carry, each listed once; a benchmark refers to its tags by position in this list.' },
    { name: 'tagSegments', schema: z.array(nonEmpty()), meaning: 'The path segment of each tag in `tags` (its page is `/tags/{segment}/`), same order.' },
  ],
  fields: positional(BENCHMARK_TUPLE, {
    position: { schema: rank(), unit: '1 = highest', meaning: 'Its place in the list by effectiveWeight, then slug.' },
    name: { schema: text(), meaning: 'Display name.' },
    slug: { schema: nonEmpty(), meaning: 'The benchmark’s identifier.' },
    segment: { schema: nonEmpty(), meaning: 'The path segment of its page (`/benchmarks/{segment}/`).' },
    isOfficial: { schema: z.boolean(), meaning: 'true when its URL is a reviewed first-party or original source: provenance, not endorsement.' },
    effectiveWeight: { schema: score(), unit: SCORE, meaning: 'The weight of a pairwise comparison on this benchmark in supraScore.' },
    previousWeight: {
      schema: score().nullable(),
      type: 'number or null',
      unit: SCORE,
      meaning: 'effectiveWeight in the previous comparable snapshot; null when there is none to compare with.',
    },
    qualityScore: { schema: score(), unit: SCORE, meaning: 'Mean of the quality dimensions × 20.' },
    modelCount: { schema: count(), unit: 'models', meaning: 'Distinct models with at least one valid score.' },
    raterCount: { schema: count(), unit: 'users', meaning: 'Users who rated the benchmark.' },
    tags: { schema: z.array(count()), type: 'integer[]', meaning: 'Indexes into `tags`.' },
  }),
};

/** In the order the data page lists them. */

const record = (fields: Field[]) => z.object(Object.fromEntries(fields.map((f) => [f.name, f.schema])));
/** A field holding an object, its fields documented beneath it. */
const objectField = (name: string, meaning: string, fields: Field[]): Field => ({ name, schema: record(fields), type: 'object', meaning, fields });
/** A field holding a list of objects, their fields documented beneath it. */
const listField = (name: string, meaning: string, fields: Field[]): Field => ({ name, schema: z.array(record(fields)), type: 'object[]', meaning, fields });
const nullable = <F extends FieldDoc>(field: F, when: string): F => ({ ...field, schema: field.schema.nullable(), meaning: `${field.meaning} null ${when}.` });

/** How well the evidence reproduces supraScore's order: in evidence.json, and its summary in manifest.json. */
const AGREEMENT_FIELDS: Field[] = [
  { name: 'configurations', schema: count(), meaning: 'Configurations in the snapshot.' },
  { name: 'withEvidence', schema: count(), meaning: 'Configurations with an evidence score.' },
  {
    name: 'spearman',
    schema: z.number().min(-1).max(1).nullable(),
    unit: '−1 to 1',
    meaning: 'Spearman’s rank correlation of evidence score and supraScore over the configurations with one; null with fewer than 10 of them.',
  },
  { name: 'topShared', schema: count(), unit: 'configurations', meaning: 'How many of the API’s top configurations are among the best by evidence score.' },
  { name: 'top', schema: count(), unit: 'configurations', meaning: 'How many top configurations that compares (10, or fewer in a smaller field).' },
];
const RANGES_FIELDS: Field[] = [
  { name: 'shown', schema: z.boolean(), meaning: 'true when the site shows likely ranges: the agreement’s rank correlation is at least method.minAgreement.' },
  { name: 'withheld', schema: text().nullable(), meaning: 'Why the site shows no likely ranges, in one sentence; null when it shows them.' },
];

/** `/data/evidence.json` (src/site/evidence/evidence-file.ts): the evidence behind supraScore. */
export const EVIDENCE_JSON: Download = {
  file: 'evidence.json',
  format: 'JSON',
  what: 'The evidence behind supraScore, the mirror’s computation (/about/#evidence): the choices its method makes, how well it reproduces supraScore’s order, whether the site shows likely ranges, and what the comparison page recomputes a model’s resamples from.',
  fields: [
    objectField('method', 'The choices the method makes where the API leaves them open (the about page explains each).', [
      { name: 'references', schema: count(), unit: 'configurations', meaning: 'The top configurations by supraScore every configuration is compared with.' },
      {
        name: 'scale',
        schema: z.number().positive(),
        unit: 'normalized points',
        meaning: 'Width of the comparison on one benchmark, a logistic of the normalized-score gap: a gap this wide is a 73% win.',
      },
      { name: 'rounds', schema: count(), unit: 'resamples', meaning: 'Resamples of the benchmarks (a Poisson bootstrap).' },
      { name: 'seed', schema: count(), meaning: 'The seed of the resamples: every build of a snapshot draws the same ones.' },
      {
        name: 'percentiles',
        schema: z.tuple([z.number(), z.number()]),
        type: '[number, number]',
        unit: '0–1',
        meaning: 'The percentiles of a model rank over the resamples that a likely range spans.',
      },
      {
        name: 'minBenchmarks',
        schema: count(),
        unit: 'benchmarks',
        meaning: 'A model’s evidence must rest on this many benchmarks shared with the references for a likely range.',
      },
      {
        name: 'separates',
        schema: z.number().min(0).max(1),
        unit: '0–1',
        meaning: 'The share of resamples in which one model must lead another for the evidence to separate them.',
      },
      { name: 'minAgreement', schema: z.number(), unit: '−1 to 1', meaning: 'Below this rank correlation with supraScore the site shows no likely ranges.' },
    ]),
    objectField('agreement', 'How well the evidence score reproduces supraScore’s order in this snapshot.', AGREEMENT_FIELDS),
    listField('sensitivity', 'The agreement the comparison would give at other widths (half and twice scale), to show how much hinges on that one choice.', [
      { name: 'scale', schema: z.number().positive(), unit: 'normalized points', meaning: 'The other width.' },
      { name: 'spearman', schema: z.number().min(-1).max(1).nullable(), unit: '−1 to 1', meaning: 'The rank correlation with supraScore at that width.' },
      { name: 'topShared', schema: count(), unit: 'configurations', meaning: 'The API’s top configurations among the best by evidence score at that width.' },
    ]),
    objectField('ranges', 'Whether the site shows likely ranges.', RANGES_FIELDS),
    objectField('benchmarks', 'The benchmarks the references have a counting score on, with a positive effectiveWeight, as two lists of one order.', [
      { name: 'slug', schema: z.array(nonEmpty()), type: 'string[]', meaning: 'Their slugs.' },
      { name: 'effectiveWeight', schema: z.array(score()), type: 'number[]', unit: SCORE, meaning: 'Their effectiveWeight.' },
    ]),
    listField('references', 'The top configurations by supraScore, best first.', [
      { name: 'slug', schema: nonEmpty(), meaning: 'The configuration’s slug.' },
      { name: 'name', schema: text(), meaning: 'Its name.' },
      { name: 'supraScore', schema: score(), unit: `${SCORE}, percent`, meaning: 'Its supraScore.' },
      {
        name: 'scores',
        schema: z.array(score().nullable()),
        type: '(number or null)[]',
        unit: SCORE,
        meaning: 'Its mean counting normalized score on each of benchmarks.slug, same order; null where it has none.',
      },
    ]),
    objectField(
      'map',
      'Where an evidence score is read on supraScore’s scale: equal quantiles of the two over the configurations with both, as two lists of one order.',
      [
        { name: 'evidence', schema: z.array(score()), type: 'number[]', unit: SCORE, meaning: 'Evidence scores at the quantiles 0, 1%, …, 100%.' },
        { name: 'supraScore', schema: z.array(score()), type: 'number[]', unit: SCORE, meaning: 'supraScores at the same quantiles.' },
      ],
    ),
  ],
};

export const DOWNLOADS: Download[] = [
  MODELS_CSV,
  SCORES_CSV,
  HISTORY_CSV,
  MODELS_JSON,
  BENCHMARKS_JSON,
  TAGS_JSON,
  LEADERBOARD_JSON,
  MODEL_LIST_JSON,
  BENCHMARK_LIST_JSON,
];

/** `/data/models/{model}.json` (src/site/files/model-file.ts writes it). */
export const MODEL_FILE_JSON: Download = {
  file: 'models/{model}.json',
  format: 'JSON',
  what: 'One file per model, for the comparison page: its standing, its configurations, its best configuration’s per-benchmark scores and its history.',
  fields: [
    objectField(
      'model',
      'The model.',
      fieldsOf<ModelFile['model']>({
        familyTag: { schema: text(), meaning: 'The model’s familyTag.' },
        segment: {
          schema: nonEmpty(),
          meaning: 'Its path segment: its page is /models/{segment}/ and its file /data/models/{segment}.json, when this build made them.',
        },
        href: {
          schema: nonEmpty(),
          meaning: 'Its address on this site: its page, or its row on the leaderboard when the deploy target’s limits left its page out.',
        },
        name: { schema: text(), meaning: 'The model’s name.' },
        provider: { schema: text(), meaning: 'Its best configuration’s provider.' },
        providerHref: { schema: nonEmpty(), meaning: 'The address of that provider’s page on this site.' },
        supraScore: { schema: score(), unit: `${SCORE}, percent`, meaning: 'Its best configuration’s supraScore.' },
        rank: { schema: rank(), unit: '1 = best', meaning: 'Model rank.' },
        rankTied: { schema: z.boolean(), meaning: 'true when another model has exactly the same score (the rank is shared).' },
        of: { schema: count(), unit: 'models', meaning: 'Models in the snapshot.' },
      }),
    ),
    listField(
      'configurations',
      'Its configurations in ranking order; the first is the one the model is scored by.',
      fieldsOf<ModelFile['configurations'][number]>({
        slug: { schema: nonEmpty(), meaning: 'The configuration’s slug.' },
        segment: { schema: nonEmpty(), meaning: 'Its page’s path segment (/configurations/{segment}/), when this build made the page.' },
        href: { schema: nonEmpty(), meaning: 'Its address on this site: its page, or where its model lists it.' },
        name: { schema: text(), meaning: 'Display name.' },
        supraScore: { schema: score(), unit: `${SCORE}, percent`, meaning: 'Its supraScore.' },
        rank: { schema: rank(), unit: '1 = best', meaning: 'Configuration rank.' },
        rankTied: { schema: z.boolean(), meaning: 'true when the configuration rank is shared.' },
        benchCount: { schema: count(), unit: 'benchmarks', meaning: 'Distinct benchmarks contributing to supraScore.' },
        tags: { schema: z.array(text()), meaning: 'Capability tags.' },
        detailFetchedAt: nullable({ schema: unixMs(), unit: UNIX_MS, meaning: 'When its per-benchmark scores were fetched;' }, 'when the mirror has none'),
      }),
    ),
    listField(
      'scores',
      'Per-benchmark submissions of its best configuration (empty when the mirror has none).',
      fieldsOf<ModelFileScore>({
        bench: { schema: nonEmpty(), meaning: 'The benchmark’s slug.' },
        benchName: { schema: text(), meaning: 'Display name of the benchmark, as the submission gives it.' },
        benchSegment: nullable({ schema: nonEmpty(), meaning: 'The benchmark page’s path segment;' }, 'when the snapshot does not list the benchmark'),
        effectiveWeight: nullable({ schema: score(), unit: SCORE, meaning: 'The benchmark’s weight;' }, 'when the snapshot does not list it'),
        scaleMin: nullable({ schema: z.number(), unit: 'native units', meaning: 'Lower bound of its native scale;' }, 'when unlisted'),
        scaleMax: nullable({ schema: z.number(), unit: 'native units', meaning: 'Upper bound of its native scale;' }, 'when unlisted'),
        rawScore: { schema: z.number(), unit: 'native units', meaning: 'The score as the source reports it.' },
        normalizedScore: { schema: score(), unit: SCORE, meaning: 'The score on the 0–100 scale.' },
        sourceUrl: { schema: text(), meaning: 'Where the score was taken from, as submitted: only an http(s) address is a link.' },
        accessedAt: { schema: unixMs(), unit: UNIX_MS, meaning: 'When the submitter accessed the source.' },
        upvotes: { schema: count(), unit: 'votes', meaning: 'Community upvotes.' },
        downvotes: { schema: count(), unit: 'votes', meaning: 'Community downvotes.' },
        counts: { schema: z.boolean(), meaning: 'true when it counts toward supraScore (more upvotes than downvotes).' },
      }),
    ),
    objectField(
      'history',
      'Its score and model rank in each of the newest snapshots, oldest first, as three columns of equal length.',
      fieldsOf<ModelFile['history']>({
        generatedAt: { schema: z.array(unixMs()), unit: UNIX_MS, meaning: 'The snapshots.' },
        supraScore: { schema: z.array(score()), unit: SCORE, meaning: 'Its best configuration’s supraScore in each.' },
        rank: { schema: z.array(rank()), unit: '1 = best', meaning: 'Its model rank in each.' },
      }),
    ),
  ],
};

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const DAY_UNIT = 'UTC date, YYYY-MM-DD';
const ints = (min = 0) => z.array(z.number().int().min(min));

/** `/data/history/index.json` (src/site/files/history-files.ts writes it): the days of the leaderboard as it stood that this site keeps. */
export const HISTORY_INDEX_JSON: Download = {
  file: 'history/index.json',
  format: 'JSON',
  what:
    'The days of the leaderboard as it stood that this site keeps, one file each under history/days/: the newest snapshot of each UTC date. ' +
    'Every host keeps the last 90 days, each month’s end and the oldest day; where its limits bind, the other days give way, the oldest first.',
  listKey: 'days',
  positional: true,
  topFields: [
    {
      name: 'methodChangeAt',
      schema: unixMs(),
      unit: UNIX_MS,
      meaning: 'When the supraScore method changed (2026-09-17): ranks and scores before it do not compare with later ones.',
    } satisfies FieldDoc & { name: keyof HistoryIndexFile },
    objectField('history', 'The days the mirror’s history holds, whether or not this site keeps their files.', [
      { name: 'from', schema: DATE, type: 'string', unit: DAY_UNIT, meaning: 'Its oldest day.' },
      { name: 'to', schema: DATE, type: 'string', unit: DAY_UNIT, meaning: 'Its newest day: the current snapshot’s.' },
      { name: 'days', schema: count(), unit: 'days', meaning: 'Days with a snapshot.' },
    ]),
    {
      name: 'gzipped',
      schema: z.boolean(),
      meaning: 'true when names.json and the days’ files are published gzipped, as names.json.gz and days/{date}.json.gz.',
    },
  ],
  fields: positional(DAY_TUPLE, {
    date: { schema: DATE, type: 'string', unit: DAY_UNIT, meaning: 'The day: its file is history/days/{date}.json.' },
    generatedAt: { schema: unixMs(), unit: UNIX_MS, meaning: 'When the API assembled that day’s snapshot (the newest of its date).' },
    page: {
      schema: z.boolean(),
      meaning: 'true when the day has a page of its own, readable without JavaScript (/leaderboard/as-of/{date}/): a month’s end, or the oldest day.',
    },
  }),
};

/** The columns of a list of records, each an array of equal length. */
const columns = (name: string, meaning: string, fields: Field[]): Field => ({ name, schema: z.object({}), type: 'object of arrays', meaning, fields });

/** `/data/history/names.json`: the names every day's file refers to. */
export const HISTORY_NAMES_JSON: Download = {
  file: 'history/names.json',
  format: 'JSON',
  what:
    'Every configuration the days kept name, once: its name, slug, model (familyTag), vendor and tags as the mirror last saw them, each model’s configurations together, ' +
    'and each model’s place on today’s leaderboard. Laid out in columns: each array of models has one entry per model, each array of configurations one per configuration, in the same order. ' +
    'A day’s file names configurations by their position here (from 0).',
  fields: fieldsOf<HistoryNamesFile>({
    providers: { schema: z.array(text()), meaning: 'Vendor names, each listed once.' },
    tags: { schema: z.array(text()), meaning: 'Tags, each listed once.' },
    tagSegments: {
      schema: z.array(nonEmpty().nullable()),
      type: '(string or null)[]',
      meaning: 'The path segment of each tag’s page (/tags/{segment}/), same order; null for a tag this site has no page of today.',
    },
    providerSegments: {
      schema: z.array(nonEmpty().nullable()),
      type: '(string or null)[]',
      meaning:
        'The path segment of each provider’s page (/providers/{segment}/), as `providers` orders them; null for a vendor that makes none of today’s models.',
    },
    kept: {
      schema: z.object({}),
      type: 'object',
      meaning: 'How many of today’s best models have pages on this host (as in leaderboard.json).',
      fields: [
        { name: 'modelPages', schema: count(), unit: 'models', meaning: 'Today’s models, best first, with a page of their own.' },
        { name: 'configurationPages', schema: count(), unit: 'models', meaning: 'Today’s models, best first, whose configurations have pages.' },
      ],
    },
    today: {
      schema: count(),
      unit: 'models',
      meaning: 'How many models are on today’s leaderboard: the first ones in models, in model rank order (the first has place 0, as in leaderboard.json).',
    },
    todayRanks: {
      schema: ints(),
      type: 'integer[]',
      meaning: 'The model rank today of each of those: the first as it is, each next as the step from the one before; a step of 0 is a shared rank (=5).',
    },
    models: columns('models', 'One entry per model, in the order their configurations come.', [
      {
        name: 'familyTag',
        schema: z.array(z.string().nullable()),
        type: '(string or null)[]',
        meaning:
          'Its familyTag; "" when it is the slug of the model’s name (lowercase, every run of other characters than a–z and 0–9 one hyphen); null where the history did not record one.',
      },
      {
        name: 'provider',
        schema: ints(-1),
        type: 'integer[]',
        meaning: 'Index into providers: its first configuration’s vendor; -1 where the history did not record it.',
      },
      {
        name: 'tags',
        schema: z.array(z.array(count()).nullable()),
        type: '(integer[] or null)[]',
        meaning: 'Indexes into tags: its first configuration’s tags; null where the history did not record them.',
      },
      { name: 'configurations', schema: ints(1), type: 'integer[]', meaning: 'How many configurations, the next ones in order, are this model’s.' },
      {
        name: 'segment',
        schema: z.array(z.string().nullable()),
        type: '(string or null)[]',
        meaning:
          'Its page’s path segment today (/models/{segment}/ where the host keeps its page); "" when it is its familyTag; null when it is not on today’s leaderboard.',
      },
    ]),
    configurations: columns('configurations', 'One entry per configuration, each model’s together.', [
      {
        name: 'shared',
        schema: ints(),
        type: 'integer[]',
        meaning: 'How many characters its name shares with the start of the previous configuration’s name.',
      },
      { name: 'name', schema: z.array(z.string()), meaning: 'The rest of its name, after those characters.' },
      { name: 'slug', schema: z.array(z.string()), meaning: 'Its slug; "" when it is the slug of its name.' },
      {
        name: 'segment',
        schema: z.array(z.string().nullable()),
        type: '(string or null)[]',
        meaning:
          'Its page’s path segment today (/configurations/{segment}/ where the host keeps it); "" when it is its slug; null when it is not in today’s snapshot.',
      },
    ]),
    differing: {
      schema: z.array(z.tuple([count(), z.number().int().min(-1), z.array(count()).nullable()])),
      type: '[configuration, provider, tags][]',
      meaning:
        'The configurations whose vendor or tags are not their model’s: its position (the first as it is, each next as the step from the one before), its provider and its tags, as in models.',
    },
  }),
};

/** `/data/history/days/{date}.json`: one day's ranking. */
export const HISTORY_DAY_JSON: Download = {
  file: 'history/days/{date}.json',
  format: 'JSON',
  what:
    'The ranking of one day (the newest snapshot of that UTC date): its configurations in ranking order and their supraScores. ' +
    'The attribution’s generatedAt, fetchedAt and partial are that snapshot’s. Model ranks follow from the order: a model is ranked by its first configuration, equal scores sharing a rank.',
  fields: fieldsOf<HistoryDayFile>({
    date: { schema: DATE, type: 'string', unit: DAY_UNIT, meaning: 'The day.' },
    decimals: {
      schema: z.number().int().min(0).max(6).nullable(),
      type: 'integer or null',
      meaning: 'The scores are whole numbers of 10^-decimals: the first is the best score, each next the drop from the one before. null: each score as it is.',
    },
    configurations: {
      schema: ints(),
      type: 'integer[]',
      meaning: 'Positions in names.json’s configurations, in the day’s ranking order (supraScore descending, then slug).',
    },
    supraScores: { schema: z.array(z.number()), type: 'number[]', unit: `${SCORE}, as decimals says`, meaning: 'Their supraScores, same order.' },
  }),
};

/** When a copy of the site counts as out of date; in the build stamp and the manifest (src/site/settings/staleness.ts). */
const STALE_AFTER_FIELD: Field = {
  name: 'staleAfter',
  schema: isoTime(),
  unit: ISO,
  meaning:
    'When this snapshot counts as stale: generatedAt plus the mirror’s threshold (its daily schedule and a day more, by default). A copy still showing it after then has stopped refreshing; the pages then say so.',
};

/** The whole snapshot as an SQLite file, in the manifest (src/store/published-state.ts describes it). */
const SNAPSHOT_DB_FIELD: Field = objectField(
  'snapshotDb',
  'The whole snapshot as one SQLite file (history and per-benchmark details included), published gzipped under /data/ (or at url, beside the site), in parts when over 20 MiB.',
  [
    { name: 'file', schema: z.literal('snapshot.db'), meaning: 'The name of the SQLite file once joined and decompressed.' },
    { name: 'encoding', schema: z.literal('gzip'), meaning: 'How the parts are compressed: joined in order, they are one gzip stream.' },
    { name: 'storeVersion', schema: rank(), meaning: 'The layout of the file (its PRAGMA user_version), as this mirror’s code numbers it.' },
    { name: 'generatedAt', schema: isoTime(), unit: ISO, meaning: 'When the API assembled the snapshot the file holds.' },
    { name: 'fetchedAt', schema: isoTime(), unit: ISO, meaning: 'When the mirror took it.' },
    { name: 'historySnapshots', schema: count(), meaning: 'Snapshots of history the file holds, this one included.' },
    nullable(
      { name: 'historyFrom', schema: isoTime(), unit: ISO, meaning: 'When the API assembled the oldest snapshot of history the file holds;' },
      'when it holds none',
    ),
    nullable(
      {
        name: 'historyLimit',
        schema: rank(),
        meaning: 'The most snapshots of history the file keeps (its SNAPSHOT_HISTORY_LIMIT): a full history drops its oldest as it takes a new one;',
      },
      'for a file of store version 1, which does not record it',
    ),
    { name: 'sample', schema: z.boolean(), meaning: 'true when the file holds the fictional sample.' },
    { name: 'bytes', schema: count(), unit: 'bytes', meaning: 'Size of the SQLite file, decompressed.' },
    { name: 'sha256', schema: z.string().regex(/^[0-9a-f]{64}$/), type: 'string', unit: 'hex', meaning: 'sha256 of the SQLite file, decompressed.' },
    {
      name: 'parts',
      schema: z.array(nonEmpty()),
      meaning: 'The compressed parts in order, by name in url; each is listed with its size and sha256 in the files of the manifest.json there.',
    },
    {
      name: 'url',
      schema: z.url(),
      meaning:
        'The folder the parts are published in: this site’s /data/, or a folder beside the site (a GitHub Pages mirror keeps them in a release of its repository) that holds a manifest.json of its own.',
    },
  ],
);

/** `/data/snapshot.json`, the build stamp (src/publish/build-stamp.ts writes it). */
export const SNAPSHOT_JSON: Download = {
  file: 'snapshot.json',
  format: 'JSON',
  what: 'Which snapshot the site shows and which version of the mirror’s code rendered it: the stamp a refresh compares.',
  attributed: false,
  fields: [
    { name: 'stamp', schema: nonEmpty(), meaning: 'Identifies the snapshot file and the code that rendered it; a refresh rebuilds when it differs.' },
    { name: 'attribution', schema: nonEmpty(), meaning: 'The attribution sentence to keep with the data.' },
    { name: 'sourceUrl', schema: z.url(), meaning: 'Address of the data source.' },
    { name: 'generatedAt', schema: isoTime(), unit: ISO, meaning: 'When the API assembled the snapshot.' },
    { name: 'fetchedAt', schema: isoTime(), unit: ISO, meaning: 'When the mirror took the snapshot.' },
    { name: 'source', schema: z.enum(SNAPSHOT_SOURCES), meaning: 'Where the snapshot came from: the API, an export file, or the bundled sample.' },
    {
      name: 'target',
      schema: z.enum(DEPLOY_TARGETS).nullable(),
      meaning: 'The deploy target the site was planned for (what it leaves out depends on it); null when built for none, with everything.',
    },
    { name: 'sample', schema: z.boolean(), meaning: 'true for the fictional sample.' },
    { name: 'partial', schema: z.boolean(), meaning: 'true when assembled from the list endpoints.' },
    { name: 'sha256', schema: z.string().regex(/^[0-9a-f]{64}$/), type: 'string', unit: 'hex', meaning: 'sha256 of the export’s body.' },
    { name: 'configurations', schema: count(), meaning: 'Configurations in the snapshot.' },
    { name: 'benches', schema: count(), meaning: 'Benchmarks in the snapshot.' },
    { name: 'tags', schema: count(), meaning: 'Tags in the taxonomy of the snapshot.' },
    STALE_AFTER_FIELD,
  ],
};

/** `/data/manifest.json` (src/publish/data-api.ts writes it once every other file is written). */
export const MANIFEST_JSON: Download = {
  file: 'manifest.json',
  format: 'JSON',
  what: 'What the data API holds: the snapshot’s counts, and every file under /data/ with its size, sha256 and schema.',
  fields: [
    STALE_AFTER_FIELD,
    SNAPSHOT_DB_FIELD,
    objectField('evidence', 'The evidence behind supraScore in brief (evidence.json has it whole): the agreement, and whether the site shows likely ranges.', [
      ...AGREEMENT_FIELDS,
      ...RANGES_FIELDS.map((f) => ({ ...f, name: f.name === 'shown' ? 'rangesShown' : f.name })),
    ]),
    objectField('counts', 'Records in the snapshot, as the files hold them.', [
      { name: 'configurations', schema: count(), meaning: 'Configurations (rows of models.json and models.csv).' },
      { name: 'models', schema: count(), meaning: 'Models, that is familyTags (rows of model-list.json, files under models/).' },
      { name: 'benchmarks', schema: count(), meaning: 'Benchmarks (benchmarks.json).' },
      { name: 'tags', schema: count(), meaning: 'Tags (tags.json).' },
      { name: 'historyDays', schema: count(), meaning: 'Days of the leaderboard as it stood this site keeps (history/index.json).' },
    ]),
    listField('files', 'Every file under /data/ but this one and the data page, by path.', [
      { name: 'path', schema: nonEmpty(), meaning: 'Its path under /data/.' },
      { name: 'bytes', schema: count(), unit: 'bytes', meaning: 'Its size.' },
      { name: 'sha256', schema: z.string().regex(/^[0-9a-f]{64}$/), type: 'string', unit: 'hex', meaning: 'sha256 of its bytes.' },
      nullable(
        { name: 'schema', schema: nonEmpty(), meaning: 'The path under /data/ of the JSON Schema that describes it;' },
        'for README.txt, the schemas themselves and the parts of snapshotDb',
      ),
    ]),
  ],
};

/** `/data/model-groups/{n}.json` (src/site/files/model-file.ts writes it): the data of the models without a page, a hundred a file. */
export const MODEL_GROUP_JSON: Download = {
  file: 'model-groups/{n}.json',
  format: 'JSON',
  what:
    'The data files of the models that have no page of their own on this host (its limits leave their pages out), a hundred models a file in model rank order, ' +
    'each as its own file (models/{model}.json) would hold it; model-list.json says which file holds a model.',
  listKey: 'models',
  fields: MODEL_FILE_JSON.fields,
};

/** `/data/rank.json` (src/site/evidence/rank-file.ts): what /rank/ re-ranks the models from in the browser. */
export const RANK_JSON: Download = {
  file: 'rank.json',
  format: 'JSON',
  what:
    'What /rank/ ranks the models from by a visitor’s own weights, in the browser (the mirror’s computation, /about/#rank): each model’s best configuration’s counting scores laid out by benchmark, ' +
    'the benchmarks’ effectiveWeight and tags, each model’s name, page and model rank, and the API’s top 10 configurations with their own scores. ' +
    'Benchmarks are numbered from 0 in the order of benchmarks (the snapshot’s), models in model rank order; lists of numbers in order are written as steps to take fewer digits.',
  fields: fieldsOf<RankFile>({
    method: objectField('method', 'The choices of the method under a visitor’s weights (the page and the about page explain each).', [
      { name: 'references', schema: count(), unit: 'configurations', meaning: 'How many references each model is compared with.' },
      { name: 'scale', schema: z.number().positive(), unit: 'normalized points', meaning: 'Width of the comparison on one benchmark, as in evidence.json.' },
      { name: 'maxRounds', schema: count(), unit: 'passes', meaning: 'At most this many passes find the references under a visitor’s weights.' },
      {
        name: 'coverageShare',
        schema: z.number().min(0).max(1),
        unit: '0–1',
        meaning:
          'A model is ranked when its coverage is at least this share of the median coverage of the bestCovered best-covered models; else it is listed apart.',
      },
      { name: 'bestCovered', schema: count(), unit: 'models', meaning: 'How many of the best-covered models set that median.' },
      { name: 'maxWeight', schema: z.number().positive(), meaning: 'The largest weight an address may give a tag or a benchmark.' },
    ]),
    benchmarks: columns('benchmarks', 'One entry per benchmark, by its number.', [
      { name: 'slug', schema: z.array(nonEmpty()), type: 'string[]', meaning: 'Its slug: the name b= weighs it by.' },
      { name: 'name', schema: z.array(text()), type: 'string[]', meaning: 'Its display name.' },
      {
        name: 'effectiveWeight',
        schema: z.array(score()),
        type: 'number[]',
        unit: SCORE,
        meaning: 'Its effectiveWeight: its base weight as the source weighs.',
      },
      { name: 'tags', schema: z.array(ints()), type: 'integer[][]', meaning: 'Indexes into tags: the capabilities it carries.' },
    ]),
    tags: columns('tags', 'The tags some benchmark carries, one entry each.', [
      { name: 'name', schema: z.array(text()), type: 'string[]', meaning: 'The tag.' },
      { name: 'segment', schema: z.array(nonEmpty()), type: 'string[]', meaning: 'Its page’s path segment (/tags/{segment}/): the name w= weighs it by.' },
    ]),
    providers: { schema: z.array(text()), meaning: 'Vendor names, each listed once.' },
    models: columns(
      'models',
      'One entry per model (a familyTag), in model rank order: every model, or the best ones where this host’s limits leave the others out.',
      [
        { name: 'name', schema: z.array(text()), type: 'string[]', meaning: 'The model’s name.' },
        {
          name: 'segment',
          schema: z.array(z.string()),
          type: 'string[]',
          meaning:
            'Its page’s path segment (/models/{segment}/ where this host keeps its page); "" when it is the slug of its name (lowercase, every run of other characters than a–z and 0–9 one hyphen).',
        },
        { name: 'provider', schema: ints(), type: 'integer[]', meaning: 'Index into providers: its best configuration’s vendor.' },
        {
          name: 'rank',
          schema: ints(),
          type: 'integer[]',
          meaning: 'Its model rank: the first as it is, each next as the step from the one before; a step of 0 is a shared rank (=5).',
        },
      ],
    ),
    kept: {
      schema: z.object({}),
      type: 'object',
      meaning: 'How many of the best models have pages on this host (as in leaderboard.json).',
      fields: [
        { name: 'modelPages', schema: count(), unit: 'models', meaning: 'Models, best first, with a page of their own.' },
        { name: 'configurationPages', schema: count(), unit: 'models', meaning: 'Models, best first, whose configurations have pages of their own.' },
      ],
    },
    decimals: {
      schema: z.number().int().min(0).max(6).nullable(),
      type: 'integer or null',
      meaning:
        'The scores are whole numbers of 10^-decimals, each benchmark’s first as it is and each next as the step from the one before. null: each score as it is.',
    },
    scores: {
      schema: z.array(z.tuple([ints(1), z.array(z.number())])),
      type: '[integer[], number[]][]',
      unit: `${SCORE}, as decimals says`,
      meaning:
        'One entry per benchmark, by its number: the models whose best configuration has a counting score on it (their places in models, each as the step from the one before, the first from -1), and those scores: the mean of its counting submissions there, exactly as the mirror’s evidence score reads it.',
    },
    references: listField('references', 'The API’s top configurations by supraScore, best first: the references as the source weighs.', [
      { name: 'slug', schema: nonEmpty(), meaning: 'The configuration’s slug.' },
      { name: 'name', schema: text(), meaning: 'Its name.' },
      { name: 'model', schema: count(), meaning: 'Its model’s place in the model ranking (in models, unless this host leaves that model out).' },
      {
        name: 'best',
        schema: z.boolean(),
        meaning: 'true when it is the best configuration of a model in models, which is then not compared with it.',
      },
      {
        name: 'benchmarks',
        schema: ints(1),
        type: 'integer[]',
        meaning: 'The benchmarks it has a counting score on, by number, each as the step from the one before (the first from -1).',
      },
      { name: 'scores', schema: z.array(score()), type: 'number[]', unit: SCORE, meaning: 'Its mean counting score on each, same order.' },
    ]),
  }),
};

/** The files of what the mirror computes itself, as the data page lists them beside the downloads. */
export const COMPUTED_FILES: Download[] = [EVIDENCE_JSON, RANK_JSON];

/** The files of the leaderboard as it stood, as the data page lists them beside the downloads. */
export const HISTORY_FILES: Download[] = [HISTORY_INDEX_JSON, HISTORY_NAMES_JSON, HISTORY_DAY_JSON];

/** Every kind of file under `/data/` that a JSON Schema describes, the downloads first. */
export const DATA_FILES: Download[] = [...DOWNLOADS, ...COMPUTED_FILES, MODEL_FILE_JSON, MODEL_GROUP_JSON, ...HISTORY_FILES, SNAPSHOT_JSON, MANIFEST_JSON];

/** The file of a download's schema, beside it: `models.schema.json`, `models.csv.schema.json`, `model-file.schema.json`. */
export function schemaFileOf(download: Download): string {
  if (download === MODEL_FILE_JSON) return 'model-file.schema.json';
  if (download === MODEL_GROUP_JSON) return 'model-group.schema.json';
  if (download.file.startsWith('history/'))
    return `history-${download === HISTORY_DAY_JSON ? 'day' : download.file.slice('history/'.length, -'.json'.length)}.schema.json`;
  return download.format === 'JSON' ? download.file.replace(/\.json$/, '.schema.json') : `${download.file}.schema.json`;
}

/** The type the data page shows for a field: its explicit one, else the name of its schema's type. */
export function typeOf(field: Field): string {
  if (field.type) return field.type;
  const name = (json: Record<string, unknown>): string => {
    if (json.format === 'uri') return 'URL';
    const types = ([] as unknown[]).concat(json.type ?? (json.anyOf as Record<string, unknown>[] | undefined)?.map(name) ?? 'any');
    const main = types.filter((t) => t !== 'null').map((t) => (t === 'array' ? `${name(json.items as Record<string, unknown>)}[]` : String(t)));
    // A nullable schema is `anyOf: [T, {type: 'null'}]`: the null branch alone names itself.
    if (main.length === 0) return types.length ? 'null' : 'any';
    return `${main.join(' or ')}${types.includes('null') ? ' or null' : ''}`;
  };
  return name(z.toJSONSchema(field.schema) as Record<string, unknown>);
}

/** Fields with the fields of their objects after them, named by path (`model.rank`, `configurations[].slug`), for the data page. */
export function flattenFields(fields: Field[], prefix = ''): Field[] {
  return fields.flatMap((f) => {
    const name = `${prefix}${f.name}`;
    const nested = f.fields ? flattenFields(f.fields, `${name}${f.schema instanceof z.ZodArray ? '[]' : ''}.`) : [];
    return [{ ...f, name }, ...nested];
  });
}
