/**
 * The files of the leaderboard as it stood: history/index.json (the days kept), history/names.json
 * (the names every day refers to) and history/days/{date}.json (one day's ranking).
 */
import { z } from 'zod';
import { DAY_TUPLE, type HistoryDayFile, type HistoryIndexFile, type HistoryNamesFile } from '../../lists/past-files.ts';
import { UNIX_MS, SCORE, unixMs, count, text, nonEmpty, ints, fieldsOf, positional, objectField, columns, type Download, type FieldDoc } from './fields.ts';

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const DAY_UNIT = 'UTC date, YYYY-MM-DD';

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
