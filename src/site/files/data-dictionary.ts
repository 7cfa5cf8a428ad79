/**
 * Every file under `/data/` and every field in it, with its type and unit: the one description
 * the data page (`/data/`), `data/README.txt`, the CSV headers and the published JSON Schemas
 * (data-schemas.ts) are made from. Each field's zod schema says what its values may be; the type
 * the page shows is read from it. Each file's fields are in data-dictionary/, with what they are
 * made of (fields.ts); here are the lists of files and what is read from a file's description.
 */
import { z } from 'zod';
import { EVIDENCE_JSON, RANK_BLOCK_JSON, RANK_JSON, RANK_PART_JSON, RANK_RANGES_JSON } from './data-dictionary/computed.ts';
import { BENCHMARK_AGREEMENT_JSON } from './data-dictionary/bench-measures.ts';
import type { Download, Field } from './data-dictionary/fields.ts';
import { HISTORY_DAY_JSON, HISTORY_INDEX_JSON, HISTORY_NAMES_JSON } from './data-dictionary/history.ts';
import { BENCHMARK_LIST_JSON, LEADERBOARD_JSON, MODEL_LIST_JSON } from './data-dictionary/list-indexes.ts';
import { MODEL_FILE_JSON, MODEL_GROUP_JSON } from './data-dictionary/model-files.ts';
import { MANIFEST_JSON, SNAPSHOT_JSON } from './data-dictionary/stamp-manifest.ts';
import { BENCHMARKS_JSON, HISTORY_CSV, MODELS_CSV, MODELS_JSON, SCORES_CSV, TAGS_JSON } from './data-dictionary/tables.ts';

/** In the order the data page lists them. */
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

/** The files of what the mirror computes itself, as the data page lists them beside the downloads. */
export const COMPUTED_FILES: Download[] = [EVIDENCE_JSON, RANK_JSON, RANK_BLOCK_JSON, RANK_PART_JSON, RANK_RANGES_JSON, BENCHMARK_AGREEMENT_JSON];

/** The files of the leaderboard as it stood, as the data page lists them beside the downloads. */
export const HISTORY_FILES: Download[] = [HISTORY_INDEX_JSON, HISTORY_NAMES_JSON, HISTORY_DAY_JSON];

/** Every kind of file under `/data/` that a JSON Schema describes, the downloads first. */
export const DATA_FILES: Download[] = [...DOWNLOADS, ...COMPUTED_FILES, MODEL_FILE_JSON, MODEL_GROUP_JSON, ...HISTORY_FILES, SNAPSHOT_JSON, MANIFEST_JSON];

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

/** The file of a download's schema, beside it: `models.schema.json`, `models.csv.schema.json`, `model-file.schema.json`. */
export function schemaFileOf(download: Download): string {
  if (download === MODEL_FILE_JSON) return 'model-file.schema.json';
  if (download === MODEL_GROUP_JSON) return 'model-group.schema.json';
  if (download === RANK_PART_JSON) return 'rank-part.schema.json';
  if (download === RANK_BLOCK_JSON) return 'rank-block.schema.json';
  if (download === RANK_RANGES_JSON) return 'rank-ranges.schema.json';
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
