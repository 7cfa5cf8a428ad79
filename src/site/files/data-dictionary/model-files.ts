/**
 * A model's data file for the comparison page, models/{model}.json, and the model-groups/{n}.json
 * that hold the files of the models without a page.
 */
import { z } from 'zod';
import type { ModelFile, ModelFileScore } from '../model-file.ts';
import { UNIX_MS, SCORE, unixMs, rank, count, score, text, nonEmpty, fieldsOf, objectField, listField, nullable, type Download } from './fields.ts';

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
    listField(
      'restsOn',
      'What its model rank rests on, the mirror’s computation (/about/#evidence-rests-on): one benchmark at a time left out of every configuration’s evidence and the models ranked again; the benchmarks whose loss moves its rank furthest, furthest first. Empty where it has no likely range.',
      fieldsOf<ModelFile['restsOn'][number]>({
        bench: { schema: nonEmpty(), meaning: 'The benchmark’s slug.' },
        benchName: { schema: text(), meaning: 'Its display name.' },
        modelRank: { schema: rank(), unit: '1 = best', meaning: 'The model rank it would have without that benchmark.' },
      }),
    ),
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
