/**
 * What the data dictionary is made of: a field and a data file as it describes them, the units and
 * value schemas its fields share, the builders of fields from a record's type or layout, and the
 * fields every file has (the attribution, the JSON header, a likely rank).
 */
import { z } from 'zod';

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

/** The units and scales fields share. */
export const ISO = 'ISO 8601 date-time, UTC (2026-11-16T06:00:00.000Z)';
/** What a likely model rank is, wherever a file holds one. */
export const LIKELY_MEANING =
  'The likely model rank: a range meant to hold, 9 times in 10, the model rank it would have if supraScore were computed from every benchmark there is, from resamples of the benchmarks the mirror holds and the spread of the whole field (held against simulated fields with a known truth: npm run calibrate). The mirror’s computation, not the API’s (/about/#evidence).';
/** What a model rank set is, wherever a file holds one. */
export const SET_MEANING =
  'The model ranks it could hold with the whole table at once: the sets of all models hold their true model ranks together in 9 fields of 10 (from 1 + the models confidently above it to the field less those confidently below it). The mirror’s computation (/about/#evidence-table).';
/** What a tie with the model above means, wherever a file holds one. */
export const TIED_MEANING =
  'The evidence cannot tell this model from the one ranked just above it, with the whole table at once (their intervals on supraScore overlap). The mirror’s computation (/about/#evidence-table).';
export const UNIX_MS = 'Unix time in milliseconds';
export const SCORE = '0–100';
/** A rank correlation's scale (Spearman's). */
export const RHO = '−1 to 1';

/** The schemas of the values fields share. */
export const isoTime = () => z.iso.datetime();
export const unixMs = () => z.number().int().nonnegative();
export const rank = () => z.number().int().min(1);
export const count = () => z.number().int().nonnegative();
export const score = () => z.number().min(0).max(100);
export const rho = () => z.number().min(-1).max(1);
export const text = () => z.string();
export const nonEmpty = () => z.string().min(1);
export const ints = (min = 0) => z.array(z.number().int().min(min));

/** What the dictionary says of a field of a record it names by key: its name, when not the key, and the rest of a Field. */
export type FieldDoc = Omit<Field, 'name'> & { name?: string };
type Layout<R> = { fields: readonly (keyof R)[]; encode: (record: R) => unknown };
const docName = <R>(docs: Record<keyof R, FieldDoc>, key: keyof R) => docs[key].name ?? String(key);

/** The fields of a record of type R, in the order given: each field of R exactly once, so a field renamed in R fails to compile here. */
export const fieldsOf = <R>(docs: { [K in keyof R]-?: FieldDoc }): Field[] =>
  Object.entries<FieldDoc>(docs).map(([key, doc]) => ({ ...doc, name: doc.name ?? key }));

/** A JSON download whose records are a list under `listKey`, each record's fields keyed by its type (fieldsOf), with any fields beside the list. */
export const jsonListOf = <R>(file: string, listKey: string, what: string, docs: { [K in keyof R]-?: FieldDoc }, topFields?: Field[]): Download => ({
  file,
  format: 'JSON',
  what,
  listKey,
  ...(topFields && { topFields }),
  fields: fieldsOf<R>(docs),
});

/** The fields of a record an index file writes as an array, numbered in its layout's order (`[5] supraScore`): a field renamed in the record fails to compile here. */
export const positional = <R>(layout: Layout<R>, docs: Record<keyof R, FieldDoc>): Field[] =>
  layout.fields.map((key, i) => ({ ...docs[key], name: `[${i}] ${docName(docs, key)}` }));
/** A record written as an array inside another, as a tuple of its fields' schemas. */
export const tupleSchema = <R>(layout: Layout<R>, docs: Record<keyof R, FieldDoc>) =>
  z.tuple(layout.fields.map((key) => docs[key].schema) as [z.ZodType, ...z.ZodType[]]);
export const tupleNames = <R>(layout: Layout<R>, docs: Record<keyof R, FieldDoc>) => layout.fields.map((key) => docName(docs, key)).join(', ');

const record = (fields: Field[]) => z.object(Object.fromEntries(fields.map((f) => [f.name, f.schema])));
/** A field holding an object, its fields documented beneath it. */
export const objectField = (name: string, meaning: string, fields: Field[]): Field => ({ name, schema: record(fields), type: 'object', meaning, fields });
/** A field holding a list of objects, their fields documented beneath it. */
export const listField = (name: string, meaning: string, fields: Field[]): Field => ({
  name,
  schema: z.array(record(fields)),
  type: 'object[]',
  meaning,
  fields,
});
/** A field that may be null, saying when. */
export const nullable = <F extends FieldDoc>(field: F, when: string): F => ({
  ...field,
  schema: field.schema.nullable(),
  meaning: `${field.meaning} null ${when}.`,
});
/** The columns of a list of records, each an array of equal length. */
export const columns = (name: string, meaning: string, fields: Field[]): Field => ({ name, schema: z.object({}), type: 'object of arrays', meaning, fields });

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

/** A model's rank set, where a file holds it as a pair. */
export const SET_FIELD: FieldDoc = {
  name: 'model rank set',
  schema: z.tuple([rank(), rank()]).nullable(),
  type: '[integer, integer] or null',
  unit: '1 = best',
  meaning: `${SET_MEANING} [low, high]; null where the mirror gives none (too little evidence, or ranges withheld: see evidence.json).`,
};

/** A model's likely rank range, where a file holds it as a pair. */
export const LIKELY_FIELD: FieldDoc = {
  name: 'likely model rank',
  schema: z.tuple([rank(), rank()]).nullable(),
  type: '[integer, integer] or null',
  unit: '1 = best',
  meaning: `${LIKELY_MEANING} [low, high]; null where the mirror gives none (too little evidence, or ranges withheld: see evidence.json).`,
};
