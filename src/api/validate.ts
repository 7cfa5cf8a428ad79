/**
 * Turns an untrusted export into rows the store may write. A wrong structure rejects the whole
 * export; a bad row is dropped with a warning naming its JSON path, unless too many are dropped.
 */
import type { z } from 'zod';
import {
  BenchSummarySchema,
  ExportEnvelopeSchema,
  ModelDetailSchema,
  ModelSummarySchema,
  ScoreEntrySchema,
  TagInfoSchema,
  isSafeSegment,
  type BenchSummary,
  type ModelSummary,
  type ScoreEntry,
  type TagInfo,
} from './schema.ts';
import { MirrorError } from '../core/errors.ts';

/** A dropped row or removed value, kept with the snapshot and shown to the maintainer. */
export interface ValidationWarning {
  path: string;
  problem: string;
}

/**
 * The export is rejected when more than this share of the rows of any one collection (models,
 * benches, tags) had to be dropped: past that the API is more likely broken than a few rows bad.
 */
export const MAX_DROPPED_SHARE = 0.1;

/** Warnings kept per export; the rest are counted in one last warning, so a hostile export cannot fill memory with them. */
export const MAX_WARNINGS = 1000;

/** Collects warnings up to MAX_WARNINGS and counts the rest. */
class WarningList {
  readonly kept: ValidationWarning[] = [];
  omitted = 0;

  get full(): boolean {
    return this.kept.length >= MAX_WARNINGS;
  }

  /** Keeps `warning` while there is room; counts it otherwise (undefined: a warning not even built, as the list is full). */
  push(warning: ValidationWarning | undefined): void {
    if (warning !== undefined && !this.full) this.kept.push(warning);
    else this.omitted++;
  }

  /** The kept warnings, and one more saying how many were not kept. */
  list(): ValidationWarning[] {
    if (this.omitted === 0) return this.kept;
    return [...this.kept, { path: '(more warnings)', problem: `${this.omitted} more warnings not kept (at most ${MAX_WARNINGS} are)` }];
  }
}

export interface ValidatedExport {
  generatedAt: number;
  /** The export labels itself as generated, fictional data (`"fictional": true`, as the sample generator writes). */
  fictional: boolean;
  models: ModelSummary[];
  benches: BenchSummary[];
  tags: TagInfo[];
  warnings: ValidationWarning[];
}

type Path = ReadonlyArray<PropertyKey>;

/** `models[3].tags[0]`, `benches[1].dimensions["odd key"]`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out || '(root)';
}

/** A short, terminal-safe rendering of an untrusted value (JSON escapes control characters). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function issueWarnings(issues: z.core.$ZodIssue[], base: Path, row: unknown): ValidationWarning[] {
  return issues.map((issue) => {
    const path = [...base, ...issue.path];
    const value = valueAt(row, issue.path);
    const problem = value === undefined && issue.code === 'invalid_type' ? 'missing' : `${issue.message} (got ${describeValue(value)})`;
    return { path: formatPath(path), problem };
  });
}

function valueAt(root: unknown, path: Path): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

interface RowsResult<T> {
  rows: T[];
  dropped: number;
}

/**
 * Parses each row on its own; drops invalid rows and later duplicates of a key. Stops at the first
 * row past the dropped share: the export is rejected then whatever the remaining rows hold, so
 * validating them would only spend time and memory.
 */
function parseRows<S extends z.ZodObject>(
  name: string,
  input: unknown[],
  schema: S,
  keyOf: (row: z.infer<S>) => string,
  warnings: WarningList,
): RowsResult<z.infer<S>> {
  const rows: z.infer<S>[] = [];
  const seen = new Set<string>();
  const required = Object.keys(schema.shape).filter((key) => !schema.shape[key]!.safeParse(undefined).success);
  let dropped = 0;
  let firstDropped: ValidationWarning | undefined;
  /** Once no more warnings are kept (and this collection has its first), a dropped row is only counted: no message is built. */
  const quiet = () => warnings.full && firstDropped !== undefined;
  const drop = (warning: ValidationWarning | undefined) => {
    dropped++;
    firstDropped ??= warning;
    warnings.push(warning);
    if (dropped > input.length * MAX_DROPPED_SHARE) rejectTooManyDropped(name, input.length, dropped, firstDropped);
  };
  for (let i = 0; i < input.length; i++) {
    const raw = input[i];
    // A row without a required field is invalid whatever else it holds: no need for zod's issues when they are not kept.
    if (quiet() && !(raw !== null && typeof raw === 'object' && required.every((key) => Object.hasOwn(raw, key)))) {
      drop(undefined);
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      if (quiet()) {
        drop(undefined);
        continue;
      }
      const [first, ...more] = issueWarnings(parsed.error.issues, [name, i], raw);
      const extra = more.length ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
      drop({ path: first?.path ?? formatPath([name, i]), problem: `${first?.problem ?? 'invalid'}; row dropped${extra}` });
      continue;
    }
    const key = keyOf(parsed.data);
    if (seen.has(key)) {
      drop(quiet() ? undefined : { path: formatPath([name, i]), problem: `duplicate key ${describeValue(key)}; row dropped` });
      continue;
    }
    seen.add(key);
    rows.push(parsed.data);
  }
  return { rows, dropped };
}

/** Keeps the safe, distinct tags of a row; warns about each one removed. */
function cleanTags(tags: string[], base: Path, warnings: WarningList): string[] {
  const kept = new Set<string>();
  tags.forEach((tag, i) => {
    if (isSafeSegment(tag)) kept.add(tag);
    else warnings.push({ path: formatPath([...base, 'tags', i]), problem: `${describeValue(tag)} is not a safe URL path segment; tag removed, row kept` });
  });
  return [...kept];
}

function rejectTooManyDropped(name: string, received: number, dropped: number, first: ValidationWarning | undefined): never {
  throw new MirrorError(
    'invalid',
    `the export is not a valid v1 export: ${dropped} of ${received} ${name} rows are invalid, more than ${MAX_DROPPED_SHARE * 100}% (validation stopped there)` +
      (first ? `; first: ${first.path}: ${first.problem}` : ''),
    { hint: 'check that RANKING_API_URL points at the v1 API; nothing was written' },
  );
}

/** Validates a parsed `/v1/export.json` body. Throws a MirrorError of kind `invalid` to reject it. */
export function validateExport(json: unknown): ValidatedExport {
  const envelope = ExportEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const [first] = issueWarnings(envelope.error.issues, [], json);
    throw new MirrorError('invalid', `the response is not a valid v1 export: ${first?.path}: ${first?.problem}`, {
      hint: 'check that RANKING_API_URL points at the v1 API; nothing was written',
    });
  }
  const { generatedAt } = envelope.data;
  const warnings = new WarningList();

  const tags = parseRows('tags', envelope.data.tags, TagInfoSchema, (t) => t.tag, warnings);
  const models = parseRows('models', envelope.data.models, ModelSummarySchema, (m) => m.slug, warnings);
  const benches = parseRows('benches', envelope.data.benches, BenchSummarySchema, (b) => b.slug, warnings);

  // Tag warnings name the row's position in the input, found by its (first) slug.
  const withCleanTags = <T extends { tags: string[]; slug: string }>(name: string, rows: T[], input: unknown[]): T[] => {
    const position = new Map<string, number>();
    input.forEach((raw, i) => {
      const slug = (raw as { slug?: unknown } | null)?.slug;
      if (typeof slug === 'string' && !position.has(slug)) position.set(slug, i);
    });
    return rows.map((row) => ({ ...row, tags: cleanTags(row.tags, [name, position.get(row.slug) ?? -1], warnings) }));
  };

  const cleanModels = withCleanTags('models', models.rows, envelope.data.models);
  const cleanBenches = withCleanTags('benches', benches.rows, envelope.data.benches);
  return {
    generatedAt,
    fictional: (envelope.data as Record<string, unknown>).fictional === true,
    models: cleanModels,
    benches: cleanBenches,
    tags: tags.rows,
    warnings: warnings.list(),
  };
}

export interface ValidatedDetail {
  updatedAt: number | undefined;
  scores: ScoreEntry[];
  warnings: ValidationWarning[];
}

/** Validates a `/v1/models/{slug}` body. A bad entry of `scores` is dropped, the detail kept. */
export function validateDetail(json: unknown, slug: string): ValidatedDetail {
  const base = [`details[${JSON.stringify(slug)}]`];
  const parsed = ModelDetailSchema.safeParse(json);
  if (!parsed.success) {
    const [first] = issueWarnings(parsed.error.issues, [], json);
    throw new MirrorError('invalid', `the detail of ${describeValue(slug)} is not a valid v1 ModelDetail: ${first?.path}: ${first?.problem}`);
  }
  const warnings: ValidationWarning[] = [];
  const scores: ScoreEntry[] = [];
  parsed.data.scores.forEach((raw, i) => {
    const entry = ScoreEntrySchema.safeParse(raw);
    if (entry.success) scores.push(entry.data);
    else {
      const [first] = issueWarnings(entry.error.issues, ['scores', i], raw);
      if (first) warnings.push({ path: `${base[0]}.${first.path}`, problem: `${first.problem}; entry dropped` });
    }
  });
  return { updatedAt: parsed.data.updatedAt, scores, warnings };
}
