/**
 * The files that describe the site's data rather than hold it: snapshot.json (the build stamp)
 * and manifest.json (every file under /data/, and the snapshot file published beside them).
 */
import { z } from 'zod';
import { SNAPSHOT_SOURCES } from '../../../store/schema.ts';
import { DEPLOY_TARGETS } from '../../plan/hosts.ts';
import { AGREEMENT_FIELDS, RANGES_FIELDS } from './computed.ts';
import { ISO, isoTime, rank, count, nonEmpty, objectField, listField, nullable, type Field, type Download } from './fields.ts';

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
