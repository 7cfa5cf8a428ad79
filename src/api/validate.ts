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
import { MirrorError } from './errors.ts';

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

/** Parses each row on its own; drops invalid rows and later duplicates of a key. */
function parseRows<S extends z.ZodType>(
  name: string,
  input: unknown[],
  schema: S,
  keyOf: (row: z.infer<S>) => string,
  warnings: ValidationWarning[],
): RowsResult<z.infer<S>> {
  const rows: z.infer<S>[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  input.forEach((raw, i) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      dropped++;
      const [first, ...more] = issueWarnings(parsed.error.issues, [name, i], raw);
      const extra = more.length ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
      if (first) warnings.push({ path: first.path, problem: `${first.problem}; row dropped${extra}` });
      return;
    }
    const key = keyOf(parsed.data);
    if (seen.has(key)) {
      dropped++;
      warnings.push({ path: formatPath([name, i]), problem: `duplicate key ${describeValue(key)}; row dropped` });
      return;
    }
    seen.add(key);
    rows.push(parsed.data);
  });
  return { rows, dropped };
}

/** Keeps the safe, distinct tags of a row; warns about each one removed. */
function cleanTags(tags: string[], base: Path, warnings: ValidationWarning[]): string[] {
  const kept = new Set<string>();
  tags.forEach((tag, i) => {
    if (isSafeSegment(tag)) kept.add(tag);
    else warnings.push({ path: formatPath([...base, 'tags', i]), problem: `${describeValue(tag)} is not a safe URL path segment; tag removed, row kept` });
  });
  return [...kept];
}

function rejectIfTooManyDropped(name: string, received: number, dropped: number, warnings: ValidationWarning[]): void {
  if (received === 0 || dropped / received <= MAX_DROPPED_SHARE) return;
  const first = warnings.find((w) => w.path.startsWith(`${name}[`));
  throw new MirrorError(
    'invalid',
    `the export is not a valid v1 export: ${dropped} of ${received} ${name} rows are invalid (more than ${MAX_DROPPED_SHARE * 100}%)` +
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
  const warnings: ValidationWarning[] = [];

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

  rejectIfTooManyDropped('models', envelope.data.models.length, models.dropped, warnings);
  rejectIfTooManyDropped('benches', envelope.data.benches.length, benches.dropped, warnings);
  rejectIfTooManyDropped('tags', envelope.data.tags.length, tags.dropped, warnings);

  return {
    generatedAt,
    fictional: (envelope.data as Record<string, unknown>).fictional === true,
    models: withCleanTags('models', models.rows, envelope.data.models),
    benches: withCleanTags('benches', benches.rows, envelope.data.benches),
    tags: tags.rows,
    warnings,
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
