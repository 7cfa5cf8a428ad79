/**
 * The JSON Schemas of the files under `/data/`, generated from the data dictionary's zod field
 * schemas (data-dictionary.ts) with zod's own `z.toJSONSchema`, so a field's name, meaning, unit
 * and type come from one place. The publish step writes them beside the files; the site's pages
 * only link them (this module stays out of Astro's build and every browser bundle).
 */
import { z } from 'zod';
import { DATA_FILES, schemaFileOf } from './data-dictionary.ts';
import { JSON_HEADER_FIELDS, type Download, type Field } from './data-dictionary/fields.ts';
import { PER_SNAPSHOT_TIME } from './data-dictionary/tables.ts';

/** How a CSV row becomes the object its schema describes. */
export const CSV_READING =
  'Each row is read as an object keyed by the header line. A cell of a column whose type is number, integer or boolean is read as that type (true or false); an empty cell is null where null is allowed, else an empty string.';

const describe = (f: Field) => (f.unit ? `${f.meaning} (${f.unit})` : f.meaning);

/** A field's schema with its description; an object or a list of objects with its own fields described too. */
function fieldSchema(f: Field): z.ZodType {
  let schema = f.schema;
  if (f.fields) {
    const record = z.strictObject(Object.fromEntries(f.fields.map((sub) => [sub.name, fieldSchema(sub)])));
    schema = f.schema instanceof z.ZodArray ? z.array(record) : record;
  }
  return schema.describe(describe(f));
}

const objectOf = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));

/** The zod schema of one whole file (a CSV file: of one of its rows). */
export function documentSchema(d: Download): z.ZodType {
  if (d.format === 'CSV') {
    const fixed = z.strictObject(objectOf(d.fields.filter((f) => !f.perSnapshot)));
    const repeated = d.fields.filter((f) => f.perSnapshot);
    if (!repeated.length) return fixed;
    // One column per snapshot: matched by name, and every other name refused.
    const patternProperties = Object.fromEntries(
      repeated.map((f) => [`^${f.name.replace('{generatedAt}', PER_SNAPSHOT_TIME)}$`, z.toJSONSchema(fieldSchema(f), { target: 'draft-2020-12' })]),
    );
    return z.object(objectOf(d.fields.filter((f) => !f.perSnapshot))).meta({ patternProperties, additionalProperties: false });
  }
  const header = d.attributed === false ? {} : objectOf(JSON_HEADER_FIELDS);
  const record = d.positional ? z.tuple(d.fields.map(fieldSchema) as [z.ZodType, ...z.ZodType[]]) : z.strictObject(objectOf(d.fields));
  const body = d.listKey ? { ...objectOf(d.topFields ?? []), [d.listKey]: z.array(record).describe(d.what) } : objectOf(d.fields);
  return z.strictObject({ ...header, ...body });
}

/** The JSON Schema (draft 2020-12) published beside the file, as `/data/{schemaFileOf(d)}`. */
export function publishedSchema(d: Download, siteUrl: URL): Record<string, unknown> {
  const json = z.toJSONSchema(documentSchema(d), { target: 'draft-2020-12' }) as Record<string, unknown>;
  const { $schema, ...rest } = json;
  return {
    $schema,
    $id: new URL(`data/${schemaFileOf(d)}`, siteUrl).href,
    title: `/data/${d.file}`,
    description: d.format === 'CSV' ? `One row of ${d.file}: ${d.what} ${CSV_READING}` : d.what,
    ...rest,
  };
}

/** Every published schema of a site at `siteUrl`: its file under `/data/` and its text. */
export function schemaFiles(siteUrl: URL): { file: string; text: string }[] {
  return DATA_FILES.map((d) => ({ file: schemaFileOf(d), text: `${JSON.stringify(publishedSchema(d, siteUrl), null, 2)}\n` }));
}
