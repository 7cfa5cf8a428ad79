/**
 * The files of what the mirror computes itself: evidence.json (the evidence behind supraScore)
 * and rank.json (what /rank/ ranks the models from), and the agreement the manifest repeats.
 */
import { z } from 'zod';
import type { RankBlockFile, RankFile, RankPartFile } from '../../evidence/rank-file.ts';
import type { PublishedRanges } from '../../lists/rank-list.ts';
import { RHO, SCORE, count, rho, score, text, nonEmpty, ints, fieldsOf, objectField, listField, columns, type Field, type Download } from './fields.ts';

/** How well the evidence reproduces supraScore's order: in evidence.json, and its summary in manifest.json. */
export const AGREEMENT_FIELDS: Field[] = [
  { name: 'configurations', schema: count(), meaning: 'Configurations in the snapshot.' },
  { name: 'withEvidence', schema: count(), meaning: 'Configurations with an evidence score.' },
  {
    name: 'spearman',
    schema: rho().nullable(),
    unit: RHO,
    meaning: 'Spearman’s rank correlation of evidence score and supraScore over the configurations with one; null with fewer than 10 of them.',
  },
  { name: 'topShared', schema: count(), unit: 'configurations', meaning: 'How many of the API’s top configurations are among the best by evidence score.' },
  { name: 'top', schema: count(), unit: 'configurations', meaning: 'How many top configurations that compares (10, or fewer in a smaller field).' },
  {
    name: 'mismatch',
    schema: z.number().nonnegative().nullable(),
    unit: 'standard errors',
    meaning:
      'How far the evidence strays from supraScore where it matters for a range: the 75th percentile, over the models with one, of the gap between a model’s supraScore and the supraScore at the place its evidence holds, in its standard errors; null where the ranges were not resampled.',
  },
];
export const RANGES_FIELDS: Field[] = [
  {
    name: 'shown',
    schema: z.boolean(),
    meaning: 'true when the site shows likely ranges: the rank correlation is at least method.minAgreement and the mismatch at most method.maxMismatch.',
  },
  { name: 'withheld', schema: text().nullable(), meaning: 'Why the site shows no likely ranges, in one sentence; null when it shows them.' },
];

/** `/data/evidence.json` (src/site/evidence/evidence-file.ts): the evidence behind supraScore. */
export const EVIDENCE_JSON: Download = {
  file: 'evidence.json',
  format: 'JSON',
  what: 'The evidence behind supraScore, the mirror’s computation (/about/#evidence): the choices its method makes, how well it reproduces supraScore’s order, whether the site shows likely ranges and how wide the whole-table statement is, and what the evidence score compares with.',
  fields: [
    objectField('method', 'The choices the method makes where the API leaves them open (the about page explains each).', [
      { name: 'references', schema: count(), unit: 'configurations', meaning: 'The top configurations by supraScore every configuration is compared with.' },
      {
        name: 'scale',
        schema: z.number().positive(),
        unit: 'normalized points',
        meaning: 'Width of the comparison on one benchmark, a logistic of the normalized-score gap: a gap this wide is a 73% win.',
      },
      {
        name: 'candidates',
        schema: count(),
        unit: 'configurations',
        meaning: 'The top configurations by supraScore each resample takes its own references from.',
      },
      { name: 'rounds', schema: count(), unit: 'resamples', meaning: 'Resamples of the benchmarks (a Poisson bootstrap).' },
      { name: 'seed', schema: count(), meaning: 'The seed of the resamples: every build of a snapshot draws the same ones.' },
      {
        name: 'grid',
        schema: count(),
        unit: 'points',
        meaning: 'Points (at equal shares of the models’ supraScores) the spread of true scores over the field is fitted on.',
      },
      { name: 'fitSteps', schema: count(), unit: 'steps', meaning: 'EM steps of that fit.' },
      {
        name: 'level',
        schema: z.number().min(0).max(1),
        unit: '0–1',
        meaning:
          'The level of a likely range (the middle share of a model’s drawn ranks) and of the whole-table sets (the share of resamples in which they all hold).',
      },
      {
        name: 'minBenchmarks',
        schema: count(),
        unit: 'benchmarks',
        meaning: 'A model’s evidence must rest on this many benchmarks shared with the references for a likely range of its own.',
      },
      {
        name: 'separationLevel',
        schema: z.number().min(0).max(1),
        unit: '0–1',
        meaning: 'The level of the one-sided test that says the evidence separates two models, held over all of a page’s comparisons by Holm’s correction.',
      },
      { name: 'minAgreement', schema: z.number(), unit: RHO, meaning: 'Below this rank correlation with supraScore the site shows no likely ranges.' },
      {
        name: 'maxMismatch',
        schema: z.number(),
        unit: 'standard errors',
        meaning: 'Above this mismatch (agreement.mismatch) the site shows no likely ranges.',
      },
    ]),
    objectField('agreement', 'How well the evidence score reproduces supraScore’s order in this snapshot.', AGREEMENT_FIELDS),
    listField('sensitivity', 'The agreement the comparison would give at other widths (half and twice scale), to show how much hinges on that one choice.', [
      { name: 'scale', schema: z.number().positive(), unit: 'normalized points', meaning: 'The other width.' },
      { name: 'spearman', schema: rho().nullable(), unit: RHO, meaning: 'The rank correlation with supraScore at that width.' },
      { name: 'topShared', schema: count(), unit: 'configurations', meaning: 'The API’s top configurations among the best by evidence score at that width.' },
    ]),
    objectField('ranges', 'Whether the site shows likely ranges, and the whole-table statement’s width.', [
      ...RANGES_FIELDS,
      { name: 'models', schema: count(), unit: 'models', meaning: 'Models with a likely range of their own.' },
      {
        name: 'width',
        schema: z.number().nonnegative().nullable(),
        unit: 'standard errors',
        meaning:
          'Every model’s interval on supraScore, all at once, is its supraScore ± this many of its standard errors (models.json’s supraScoreSe); its model rank set and ties follow from them. null without ranges.',
      },
    ]),
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
  ],
};

const FILE_ENTRY: Field[] = [
  { name: 'path', schema: nonEmpty(), meaning: 'The file, from /data/.' },
  {
    name: 'bytes',
    schema: count(),
    unit: 'bytes, gzipped',
    meaning: 'Its size gzipped (at level 1, or 6 near the budget: at least what gzip -9 makes of it), which the page budgets what it loads by.',
  },
];
const PART_ENTRY: Field[] = [
  ...FILE_ENTRY,
  { name: 'blocks', schema: count(), unit: 'blocks', meaning: 'The blocks it needs: the first this many of blocks.' },
  {
    name: 'cut',
    schema: count(),
    unit: 'models',
    meaning:
      'It holds every configuration with a counting score on its benchmarks among the best cut models by model rank, and none below (models unless the budget or this host’s limits cut it).',
  },
];
const REFERENCE_ENTRY: Field[] = [
  { name: 'slug', schema: nonEmpty(), meaning: 'The configuration’s slug.' },
  { name: 'name', schema: text(), meaning: 'Its name.' },
  { name: 'model', schema: count(), meaning: 'Its model’s place in the model ranking, from 0.' },
  { name: 'best', schema: z.boolean(), meaning: 'true when it is its model’s best configuration, which is then not compared with it.' },
  {
    name: 'place',
    schema: count(),
    meaning: 'Its place among its model’s configurations, by supraScore from 0: with the block’s numbering, its number across the ranking.',
  },
  {
    name: 'benchmarks',
    schema: ints(1),
    type: 'integer[]',
    meaning: 'The benchmarks it has a counting score on, by number, each as the step from the one before (the first from -1).',
  },
  { name: 'scores', schema: z.array(score()), type: 'number[]', unit: SCORE, meaning: 'Its mean counting score on each, same order.' },
];
const entrySchema = (fields: Field[]) => z.object(Object.fromEntries(fields.map((f) => [f.name, f.schema])));

/** `/data/rank.json` (src/site/evidence/rank-file.ts): the index of what /rank/ re-ranks the models from in the browser. */
export const RANK_JSON: Download = {
  file: 'rank.json',
  format: 'JSON',
  what:
    'The index of what /rank/ ranks the models from by a visitor’s own weights, in the browser (the mirror’s computation, /about/#rank): the benchmarks, their effectiveWeight and tags, ' +
    'the API’s top 10 configurations with their own scores, the blocks of the model ranking (rank/models/{n}.json) and the parts (rank/{part}.json), each the counting scores on some benchmarks of every configuration with one: ' +
    'a weighting loads the parts that hold the benchmarks it weighs and the blocks they name. ' +
    'Benchmarks are numbered from 0 in the order of benchmarks (the snapshot’s), models by their place in the model ranking; lists of numbers in order are written as steps to take fewer digits.',
  fields: fieldsOf<RankFile>({
    method: objectField('method', 'The choices of the method under a visitor’s weights (the page and the about page explain each).', [
      { name: 'references', schema: count(), unit: 'configurations', meaning: 'How many references each model is compared with.' },
      { name: 'scale', schema: z.number().positive(), unit: 'normalized points', meaning: 'Width of the comparison on one benchmark, as in evidence.json.' },
      {
        name: 'maxPasses',
        schema: count(),
        unit: 'passes',
        meaning: 'The most passes the references’ rule takes under a visitor’s weights: the start, and one step to the 10 best against it.',
      },
      {
        name: 'minBenchmarks',
        schema: count(),
        unit: 'benchmarks',
        meaning:
          'A model is ranked when its evidence rests on at least this many weighed benchmarks shared with the references (as evidence.json’s, for a likely range).',
      },
      { name: 'maxWeight', schema: z.number().positive(), meaning: 'The largest weight an address may give a tag or a benchmark.' },
    ]),
    budget: { schema: count(), unit: 'bytes, gzip -9', meaning: 'The most the parts one weighting loads may weigh together.' },
    benchmarks: columns('benchmarks', 'One entry per benchmark, by its number.', [
      { name: 'slug', schema: z.array(nonEmpty()), type: 'string[]', meaning: 'Its slug: the name b= weighs it by, and what its resamples are drawn from.' },
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
    providers: { schema: z.array(text()), meaning: 'Vendor names, each listed once: the parts point into it.' },
    models: { schema: count(), unit: 'models', meaning: 'Models (familyTags) in the snapshot.' },
    hostModels: { schema: count(), unit: 'models', meaning: 'How many of the best models this host’s limits let the parts hold (models where nothing binds).' },
    references: listField('references', 'The API’s top 10 configurations by supraScore, best first: the references as the source weighs.', REFERENCE_ENTRY),
    candidates: listField(
      'candidates',
      'The next 10 configurations by supraScore: with the references, those each resample of the likely ranges as the source weighs takes its own references from (as evidence.json’s method.candidates).',
      REFERENCE_ENTRY,
    ),
    ranges: objectField('ranges', 'Whether the leaderboard shows its likely ranges: /rank/ shows them, or withholds them, as it does.', [
      { name: 'shown', schema: z.boolean(), meaning: 'true when the leaderboard shows its likely ranges.' },
      { name: 'withheld', schema: text().nullable(), type: 'string or null', meaning: 'Why it withholds them, in a sentence; null when it shows them.' },
    ]),
    kept: {
      schema: z.object({}),
      type: 'object',
      meaning: 'How many of the best models have pages on this host (as in leaderboard.json).',
      fields: [
        { name: 'modelPages', schema: count(), unit: 'models', meaning: 'Models, best first, with a page of their own.' },
        { name: 'configurationPages', schema: count(), unit: 'models', meaning: 'Models, best first, whose configurations have pages of their own.' },
      ],
    },
    blocks: {
      schema: z.array(entrySchema(FILE_ENTRY)),
      type: 'object[]',
      meaning: 'The blocks of the model ranking, best first, 1,000 models each (rank/models/{n}.json), as far as this host’s limits keep models.',
      fields: FILE_ENTRY,
    },
    parts: objectField('parts', 'The parts, each as rank/{part}.json describes it.', [
      objectField('all', 'Every benchmark, for the best models that fit the budget: rank/all.json.', PART_ENTRY),
      {
        name: 'tags',
        schema: z.array(entrySchema(PART_ENTRY).nullable()),
        type: '(object or null)[]',
        meaning: 'By tag, in the order of tags: the part of the benchmarks carrying it (rank/tags/{segment}.json), with the fields of all.',
      },
      {
        name: 'untagged',
        schema: entrySchema(PART_ENTRY).nullable(),
        type: 'object or null',
        meaning: 'The part of the benchmarks without a tag (rank/untagged.json), with the fields of all; null when every benchmark has a tag.',
      },
    ]),
  }),
};

/** `/data/rank/models/{n}.json` (src/site/evidence/rank-file.ts): a block of the model ranking, for /rank/. */
export const RANK_BLOCK_JSON: Download = {
  file: 'rank/models/{n}.json',
  format: 'JSON',
  what:
    'A block of the model ranking as /rank/ names its rows (rank.json lists them): 1,000 models from place from, each with its name, page, vendor and model rank, and its configurations’ supraScores. ' +
    'Configurations are numbered across the ranking, each model’s together, its best by supraScore first: the numbers the parts give them.',
  fields: fieldsOf<RankBlockFile>({
    from: { schema: count(), meaning: 'The place in the model ranking (from 0) of its first model.' },
    firstConfiguration: { schema: count(), meaning: 'The number of its first model’s best configuration.' },
    models: columns('models', 'One entry per model, in model rank order.', [
      { name: 'name', schema: z.array(text()), type: 'string[]', meaning: 'The model’s name.' },
      {
        name: 'segment',
        schema: z.array(z.string()),
        type: 'string[]',
        meaning:
          'Its page’s path segment (/models/{segment}/ where this host keeps its page); "" when it is the slug of its name (lowercase, every run of other characters than a–z and 0–9 one hyphen).',
      },
      { name: 'provider', schema: ints(), type: 'integer[]', meaning: 'Index into rank.json’s providers: its best configuration’s vendor.' },
      { name: 'rank', schema: ints(), type: 'integer[]', meaning: 'Its model rank: the first as it is, each next as the step from the one before.' },
      {
        name: 'tied',
        schema: ints(),
        type: 'integer[]',
        meaning: 'The entries (each as the step from the one before, the first from -1) whose model rank another model shares (=5).',
      },
    ]),
    configurations: columns('configurations', 'Its models’ configurations.', [
      { name: 'count', schema: ints(1), type: 'integer[]', meaning: 'By model: how many configurations it has.' },
      { name: 'supraScore', schema: z.array(score()), type: 'number[]', unit: SCORE, meaning: 'By configuration, in their numbers’ order: its supraScore.' },
    ]),
    benchCount: {
      schema: ints(),
      type: 'integer[]',
      unit: 'benchmarks',
      meaning:
        'By model: the benchmarks behind its best configuration’s supraScore (the API’s benchCount): what the likely ranges read a model’s spread from where it has no evidence of its own.',
    },
  }),
};

/** `/data/rank/{part}.json` (src/site/evidence/rank-file.ts): the counting scores on some benchmarks, for /rank/. */
export const RANK_PART_JSON: Download = {
  file: 'rank/{part}.json',
  format: 'JSON',
  what:
    'A part of what /rank/ ranks from (rank.json lists them): rank/tags/{segment}.json for the benchmarks carrying a tag, rank/untagged.json for those without one, rank/all.json for every benchmark. ' +
    'It holds every configuration with a counting score on one of its benchmarks (among the best models, where rank.json says a part is cut), not only each model’s best, by its number across the ranking (the blocks’), and those means, ' +
    'exactly as the mirror’s evidence score reads them: with the blocks’ supraScores and the benchmarks’ slugs (their resamples’ keys), what a resampled ranking needs.',
  fields: fieldsOf<RankPartFile>({
    benchmarks: {
      schema: ints(),
      type: 'integer[]',
      meaning: 'Its benchmarks, by their number in rank.json, each as the step from the one before (the first from -1).',
    },
    cut: {
      schema: count(),
      unit: 'models',
      meaning: 'It holds every configuration with a counting score on its benchmarks among the best cut models by model rank, and none below.',
    },
    decimals: {
      schema: z.number().int().min(0).max(6).nullable(),
      type: 'integer or null',
      meaning:
        'The scores are whole numbers of 10^-decimals, each benchmark’s first as it is and each next as the step from the one before. null: each score as it is.',
    },
    scores: {
      schema: z.array(z.tuple([ints(), z.array(z.number())])),
      type: '[integer[], number[]][]',
      unit: `${SCORE}, as decimals says`,
      meaning:
        'One entry per benchmark, in the order of benchmarks: the configurations with a counting score on it (by number, each as the step from the one before, the first from -1), and those scores: the mean of its counting submissions there.',
    },
  }),
};

/** `/data/rank/ranges.json` (src/site/routes/rank.ts' sourceRangesFile): the likely ranges as the source weighs, for /rank/. */
export const RANK_RANGES_JSON: Download = {
  file: 'rank/ranges.json',
  format: 'JSON',
  what: 'The likely model ranks as the source weighs, the leaderboard’s own, by model place (from 0, in model rank order, as the blocks number the models): what /rank/ draws under a ranking in the source’s proportions (*:2, or the source’s own weights with a search or a filter) instead of resampling them in the browser.',
  fields: fieldsOf<PublishedRanges>({
    withheld: {
      schema: text().nullable(),
      meaning:
        'Why there are none, as /rank/ says it (the leaderboard withholds its ranges, or the data stops above some of the API’s top configurations); null when there are.',
    },
    low: { schema: ints(), type: 'integer[]', meaning: 'By model place: the low end of its likely model rank; 0 without one.' },
    high: { schema: ints(), type: 'integer[]', meaning: 'By model place: the high end of its likely model rank; 0 without one.' },
    tied: {
      schema: ints(),
      type: 'integer[]',
      meaning: 'By model place: 1 where the evidence cannot tell it from the model just above it by supraScore, else 0.',
    },
  }),
};
