/**
 * The static data API of a real build (the hostile fixture): every file under /data/ is validated
 * with ajv against the JSON Schema published beside it (CSV rows read as the schema says), and the
 * manifest's sizes and hashes are checked against the files.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { sharedSite } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';
import { filesUnder } from '../helpers/files.ts';

// Both are CommonJS modules whose default export is the class/function.
const Ajv2020 = (Ajv2020Module as unknown as { default: typeof Ajv2020Module }).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  type?: string | string[];
  anyOf?: Schema[];
};
interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
  schema: string | null;
}

let site: BuiltSite;
let data: string;
let manifest: { counts: Record<string, number>; files: ManifestEntry[]; source: string };
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);

beforeAll(async () => {
  site = readSite((await sharedSite('hostile')).dist);
  data = join(site.dist, 'data');
  manifest = JSON.parse(site.read('data/manifest.json'));
}, 600_000);

const schemaOf = (file: string) => JSON.parse(readFileSync(join(data, file), 'utf8')) as Schema;
const validatorFor = (schemaFile: string) => ajv.getSchema(schemaOf(schemaFile).$id as string) ?? ajv.compile(schemaOf(schemaFile));

/** A CSV cell as its column's schema types it: numbers and booleans as such, an empty cell as null where null is allowed. */
function typed(cell: string, schema: Schema | undefined): unknown {
  const types = [schema, ...(schema?.anyOf ?? [])].flatMap((s) => ([] as string[]).concat(s?.type ?? []));
  if (cell === '' && types.includes('null')) return null;
  if (types.includes('integer') || types.includes('number')) return cell === '' ? cell : Number(cell);
  if (types.includes('boolean')) return cell === 'true' ? true : cell === 'false' ? false : cell;
  return cell;
}

function columnSchema(schema: Schema, column: string): Schema | undefined {
  if (schema.properties?.[column]) return schema.properties[column];
  const [, matched] = Object.entries(schema.patternProperties ?? {}).find(([pattern]) => new RegExp(pattern).test(column)) ?? [];
  return matched;
}

describe('the data API', () => {
  it('lists every file under /data/ in the manifest with its size and sha256, and the snapshot’s counts', () => {
    const listed = new Map(manifest.files.map((f) => [f.path, f]));
    const onDisk = [...filesUnder(data)].filter((f) => f !== 'index.html' && f !== 'manifest.json').sort();
    expect([...listed.keys()].sort()).toEqual(onDisk);
    for (const file of onDisk) {
      const bytes = readFileSync(join(data, file));
      expect(listed.get(file), file).toMatchObject({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
    const list = (file: string, key: string) => (JSON.parse(site.read(`data/${file}`)) as Record<string, unknown[]>)[key]!.length;
    expect(manifest.counts).toEqual({
      configurations: list('models.json', 'models'),
      models: list('model-list.json', 'models'),
      benchmarks: list('benchmarks.json', 'benchmarks'),
      tags: list('tags.json', 'tags'),
      historyDays: list('history/index.json', 'days'),
    });
    expect(manifest.source).toBe('Ranking API "Official"');
  });

  it('publishes a JSON Schema for every JSON and CSV file, and the data page links each one', () => {
    const $ = site.html.get('data/index.html')!;
    const linked = new Set(
      $('main a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    );
    const described = manifest.files.filter((f) => /\.(json|csv)$/.test(f.path) && !f.path.endsWith('.schema.json'));
    expect(described.length).toBeGreaterThan(10);
    for (const file of described) {
      expect(file.schema, file.path).toMatch(/\.schema\.json$/);
      expect(site.files, file.path).toContain(`data/${file.schema}`);
      expect(linked, file.schema!).toContain(`/data/${file.schema}`);
    }
  });

  it('validates every JSON file against its published schema', () => {
    const json = manifest.files.filter((f) => f.path.endsWith('.json') && f.schema);
    expect(json.map((f) => f.path)).toEqual(
      expect.arrayContaining(['models.json', 'leaderboard.json', 'snapshot.json', 'models/quillon-3.json', 'history/index.json', 'history/names.json']),
    );
    for (const file of json) {
      const validate = validatorFor(file.schema!);
      const ok = validate(JSON.parse(readFileSync(join(data, file.path), 'utf8')));
      expect(ok ? [] : validate.errors, file.path).toEqual([]);
    }
    const manifestValidator = validatorFor('manifest.schema.json');
    expect(manifestValidator(manifest) ? [] : manifestValidator.errors).toEqual([]);
  });

  it('validates every row of every CSV file against its published schema, cells typed as the schema says', () => {
    const csv = manifest.files.filter((f) => f.path.endsWith('.csv'));
    expect(csv.map((f) => f.path).sort()).toEqual(['history.csv', 'models.csv', 'scores.csv']);
    for (const file of csv) {
      const schema = schemaOf(file.schema!);
      const validate = validatorFor(file.schema!);
      const rows = parse(readFileSync(join(data, file.path)), { columns: true, bom: false }) as Record<string, string>[];
      expect(rows.length, file.path).toBeGreaterThan(0);
      for (const [i, row] of rows.entries()) {
        const record = Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, typed(cell, columnSchema(schema, column))]));
        expect(validate(record) ? [] : validate.errors, `${file.path} row ${i + 1}`).toEqual([]);
      }
    }
  });

  it('refuses what breaks a schema: a rank of 0, an unknown field, a missing attribution', () => {
    const validate = validatorFor('models.schema.json');
    const models = JSON.parse(site.read('data/models.json')) as { models: Record<string, unknown>[]; attribution?: string };
    expect(validate(models)).toBe(true);
    expect(validate({ ...models, models: [{ ...models.models[0], rank: 0 }] })).toBe(false);
    expect(validate({ ...models, models: [{ ...models.models[0], surprise: 1 }] })).toBe(false);
    const { attribution: _, ...unattributed } = models;
    expect(validate(unattributed)).toBe(false);
  });
});
