/**
 * The compact indexes the lists' scripts read: leaderboard.json, model-list.json and
 * benchmark-list.json, their records arrays in the layouts of src/site/lists/.
 */
import { z } from 'zod';
import { BENCHMARK_TUPLE } from '../../lists/benchmarks.ts';
import { CONFIGURATION_TUPLE, LEADERBOARD_TUPLE, type ConfigurationRecord } from '../../lists/leaderboard.ts';
import {
  RHO,
  SCORE,
  rho,
  rank,
  count,
  score,
  text,
  nonEmpty,
  positional,
  tupleSchema,
  tupleNames,
  LIKELY_FIELD,
  TIED_MEANING,
  type Download,
  type FieldDoc,
} from './fields.ts';
import { AGREEMENT_MEAN_MEANING, PAIRS_FIELD, SEPARATED_FIELD, VERDICT_FIELD } from './bench-measures.ts';

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
    tied: { name: 'tied with the one above', schema: z.union([z.literal(0), z.literal(1)]), type: 'integer', unit: '1 or 0', meaning: `1: ${TIED_MEANING}` },
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
    {
      name: '[5] standard error',
      schema: z.number().nonnegative().nullable(),
      type: 'number or null',
      unit: 'supraScore points, rounded to 3 decimals',
      meaning:
        'The standard error of its supraScore, from resamples of the benchmarks (the mirror’s computation, /about/#evidence-ranges): what the comparison page tests a gap against. null where the model has no range of its own.',
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
    verdict: VERDICT_FIELD,
    separated: SEPARATED_FIELD,
    pairs: PAIRS_FIELD,
    agreement: {
      schema: rho().nullable(),
      type: 'number or null',
      unit: `${RHO}, 3 decimals`,
      meaning: `${AGREEMENT_MEAN_MEANING} null when it shares enough models with no other benchmark.`,
    },
  }),
};
