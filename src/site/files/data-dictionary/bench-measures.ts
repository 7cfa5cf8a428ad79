/**
 * The fields of the mirror's measures of a benchmark (src/site/data/bench-measures.ts) wherever a file
 * holds them: in benchmarks.json (its verdict on the leaders, its new bests, its agreement neighbours,
 * and the thresholds beside the list), in benchmark-list.json (the verdict and the mean agreement),
 * and benchmark-agreement.json (the agreement by tag).
 */
import { z } from 'zod';
import type { BenchAgreementFile, BenchmarksMethod } from '../records.ts';
import {
  ISO,
  RHO,
  SCORE,
  count,
  rho,
  isoTime,
  nonEmpty,
  score,
  text,
  fieldsOf,
  listField,
  objectField,
  type Download,
  type Field,
  type FieldDoc,
} from './fields.ts';

const MIRRORS = 'The mirror’s computation, not the API’s (/about/#leaders).';

export const VERDICT_FIELD: FieldDoc = {
  schema: z.enum(['separates', 'saturated', 'too-few']),
  type: 'string',
  unit: 'separates, saturated or too-few',
  meaning: `Whether the benchmark still separates the leaders (the top models by model rank): separates; saturated, when at least half of those that scored sit within the gap it can tell apart of the best of them, or fewer than half of their adjacent pairs are further apart than that gap; too-few, when too few of them have a counting score here. ${MIRRORS}`,
};
export const SEPARATED_FIELD: FieldDoc = {
  schema: count(),
  unit: 'pairs',
  meaning: 'Adjacent pairs of the leaders that scored, in this benchmark’s order, further apart than the gap it can tell apart.',
};
export const PAIRS_FIELD: FieldDoc = { schema: count(), unit: 'pairs', meaning: 'Adjacent pairs of the leaders that scored: one fewer than they are.' };
export const AGREEMENT_MEAN_MEANING =
  'The mean of its rank correlations (Spearman) with the other benchmarks it shares enough models with (minShared), over the models both scored. The mirror’s computation (/about/#agreement);';

/** Another benchmark it agrees with most or least. */
const NEIGHBOUR_FIELDS: Field[] = [
  { name: 'slug', schema: nonEmpty(), meaning: 'The other benchmark’s slug.' },
  { name: 'rho', schema: rho(), unit: `${RHO}, 3 decimals`, meaning: 'Spearman’s rank correlation of the two benchmarks’ scores over the models both scored.' },
  { name: 'shared', schema: count(), unit: 'models', meaning: 'The models both scored: what the correlation is over.' },
];

/** The fields of benchmarks.json's records that hold the mirror's measures. */
export const BENCH_MEASURE_DOCS = {
  leaders: objectField('leaders', `Whether it still separates the leaders, and the figures behind the verdict. ${MIRRORS}`, [
    { name: 'verdict', ...VERDICT_FIELD },
    {
      name: 'top',
      schema: count(),
      unit: 'models',
      meaning: 'The leaders looked at: the top models by model rank (measures.leaders, fewer in a smaller field).',
    },
    { name: 'scored', schema: count(), unit: 'models', meaning: 'Of them, those with a counting score here, each by its best configuration’s mean.' },
    { name: 'best', schema: score().nullable(), unit: `${SCORE}, 3 decimals`, meaning: 'The best of their scores; null when none scored.' },
    { name: 'median', schema: score().nullable(), unit: `${SCORE}, 3 decimals`, meaning: 'The median of their scores; null when none scored.' },
    {
      name: 'noise',
      schema: z.number().positive(),
      unit: 'normalized points, 3 decimals',
      meaning: 'The gap below which two scores are not told apart here.',
    },
    {
      name: 'noiseFrom',
      schema: z.enum(['floor', 'repeats']),
      type: 'string',
      unit: 'floor or repeats',
      meaning:
        'Where the gap comes from: measures.noiseFloor, or measures.repeatFactor times the median spread between the repeated counting submissions of the configurations that repeat them here (at least measures.minRepeats of them).',
    },
    { name: 'repeats', schema: count(), unit: 'configurations', meaning: 'Configurations (of any model) with more than one counting submission here.' },
    { name: 'atTop', schema: count(), unit: 'models', meaning: 'Leaders that scored within the gap of the best of them, the best included.' },
    { name: 'atCeiling', schema: count(), unit: 'models', meaning: 'Leaders that scored within the gap of the scale’s maximum (100).' },
    { name: 'pairs', ...PAIRS_FIELD },
    { name: 'separated', ...SEPARATED_FIELD },
    listField('disagreements', 'Where the community’s rating of a quality dimension and the measure disagree; empty where they do not.', [
      {
        name: 'dimension',
        schema: z.enum(['discriminability', 'difficulty']),
        type: 'string',
        meaning: 'The rated dimension: discriminability or difficulty.',
      },
      { name: 'rating', schema: z.number(), unit: '1–5', meaning: 'The community’s rating, as in dimensions.' },
      {
        name: 'rated',
        schema: z.enum(['high', 'low']),
        type: 'string',
        unit: 'high or low',
        meaning:
          'high: rated at least measures.ratedHigh while the benchmark is saturated (discriminability) or the leaders’ median is within measures.nearMaximum of the maximum (difficulty); low: rated at most measures.ratedLow while it separates the leaders, or their median is at least measures.farFromMaximum below the maximum.',
      },
    ]),
  ]),
  stateOfTheArt: listField(
    'stateOfTheArt',
    'Each new best counting score, oldest first: a submission that beats every one accessed before it (a tie is no new best). Dated by accessedAt, from the submissions the mirror holds now; the mirror’s computation.',
    [
      { name: 'accessedAt', schema: isoTime(), unit: ISO, meaning: 'When the submitter accessed the source of the new best.' },
      { name: 'score', schema: score(), unit: SCORE, meaning: 'Its normalized score.' },
      { name: 'configuration', schema: nonEmpty(), meaning: 'The slug of the configuration that set it (see models.json).' },
      { name: 'model', schema: text(), meaning: 'Its model (familyTag).' },
    ],
  ),
  agreement: objectField('agreement', 'Which benchmarks order the models most and least like it (the mirror’s computation, /about/#agreement).', [
    {
      name: 'compared',
      schema: count(),
      unit: 'benchmarks',
      meaning: 'Benchmarks it shares at least measures.minShared models with, whose scores are not all alike.',
    },
    { name: 'mean', schema: rho().nullable(), unit: `${RHO}, 3 decimals`, meaning: 'The mean of the rank correlations with them; null when none.' },
    { name: 'tooFew', schema: count(), unit: 'benchmarks', meaning: 'Benchmarks left out that share some models with it, but fewer than measures.minShared.' },
    {
      name: 'alike',
      schema: count(),
      unit: 'benchmarks',
      meaning: 'Benchmarks left out that share enough models, where one of the two scores them all alike.',
    },
    listField('most', 'Up to measures.neighbours of them that agree with it most, the highest correlation first.', NEIGHBOUR_FIELDS),
    listField('least', 'Up to as many that agree with it least, the lowest first; never one of most.', NEIGHBOUR_FIELDS),
  ]),
} satisfies Record<string, FieldDoc>;

/** benchmarks.json's `measures`: the thresholds of the mirror's measures, each as src/site/data/bench-thresholds.ts states its reason (also on /about/#leaders). */
export const MEASURES_FIELD: Field = objectField(
  'measures',
  'The thresholds of the mirror’s measures of a benchmark, each with its reason on /about/#leaders.',
  fieldsOf<BenchmarksMethod>({
    leaders: { schema: count(), unit: 'models', meaning: 'The leaders: the top models by model rank.' },
    minScored: { schema: count(), unit: 'models', meaning: 'Fewer of the leaders with a counting score than this, and the verdict is too-few.' },
    noiseFloor: {
      schema: z.number().positive(),
      unit: 'normalized points',
      meaning: 'The gap two scores must be apart to be told apart, unless repeats measure more.',
    },
    repeatFactor: {
      schema: z.number().positive(),
      meaning: 'The gap from repeats: this times the median spread between a configuration’s own counting submissions.',
    },
    minRepeats: { schema: count(), unit: 'configurations', meaning: 'Configurations that must repeat a submission for their spread to set the gap.' },
    tiedAtTop: {
      schema: z.number().min(0).max(1),
      unit: '0–1',
      meaning: 'Saturated when at least this share of the leaders that scored sit within the gap of the best.',
    },
    minSeparated: {
      schema: z.number().min(0).max(1),
      unit: '0–1',
      meaning: 'Saturated, too, when fewer than this share of their adjacent pairs are further apart than the gap.',
    },
    ratedHigh: { schema: z.number(), unit: '1–5', meaning: 'A community rating at or above this reads as high.' },
    ratedLow: { schema: z.number(), unit: '1–5', meaning: 'A community rating at or below this reads as low.' },
    nearMaximum: {
      schema: z.number().positive(),
      unit: 'normalized points',
      meaning: 'Rated difficult while the leaders’ median is closer than this to the maximum: a disagreement.',
    },
    farFromMaximum: {
      schema: z.number().positive(),
      unit: 'normalized points',
      meaning: 'Rated easy while the leaders’ median is at least this far below the maximum: a disagreement.',
    },
    minShared: { schema: count(), unit: 'models', meaning: 'Two benchmarks are compared only over at least this many models both scored.' },
    neighbours: { schema: count(), unit: 'benchmarks', meaning: 'Benchmarks listed as agreeing most with each, and as many least.' },
    stepsListed: { schema: count(), unit: 'new bests', meaning: 'New bests a benchmark’s page lists under its chart (this file holds them all).' },
  }),
);

/** `/data/benchmark-agreement.json`: the agreement between benchmarks by tag. */
export const BENCHMARK_AGREEMENT_JSON: Download = {
  file: 'benchmark-agreement.json',
  format: 'JSON',
  what: 'How alike the benchmarks of each two tags order the models (the mirror’s computation, /about/#agreement): for every pair of benchmarks sharing at least minShared models, Spearman’s rank correlation of their scores over those models, averaged over the pairs whose benchmarks carry the two tags (a pair counted once in a cell however many of its tags match). The matrix is symmetric: mean and pairs hold its upper triangle row by row, tags[a] with tags[b] for every b ≥ a, so cell (a, b) is at a × n − a × (a − 1) / 2 + (b − a) for n tags; a = b is within one tag.',
  fields: fieldsOf<BenchAgreementFile>({
    minShared: { schema: count(), unit: 'models', meaning: 'Two benchmarks are compared only over at least this many models both scored.' },
    tags: { schema: z.array(nonEmpty()), meaning: 'The tags some benchmark carries, A to Z: the rows and columns of the matrix.' },
    mean: {
      schema: z.array(rho().nullable()),
      type: '(number or null)[]',
      unit: `${RHO}, 2 decimals`,
      meaning: 'The mean rank correlation of the pairs in each cell, in the upper triangle’s order; null where no pair was compared.',
    },
    pairs: {
      schema: z.array(count()),
      type: 'integer[]',
      unit: 'pairs of benchmarks',
      meaning: 'How many pairs of benchmarks each cell averages, same order; 0 where none.',
    },
  }),
};
