/**
 * The data served, prepared once per export: the exact export bytes, and the parsed rows sorted the
 * way each endpoint returns them. Rows are not validated: the simulator serves what it was given so
 * that clients' own validation can be tested against bad rows.
 */
import { byRanking, byWeight } from '../../api/ranking.ts';

export type Row = Record<string, unknown>;

export interface Dataset {
  exportBody: Buffer;
  /** The parsed export as given (an empty object when it is not one), for the pages and the live mode. */
  root: Row;
  /** Why the list endpoints cannot answer (the export is not a JSON object), or undefined. */
  unusable: string | undefined;
  /** X-Computed-At: the export's generatedAt, or the load time when it has none. */
  computedAt: number;
  /** Visible models, by supraScore descending. */
  models: Row[];
  /** Visible models by slug. */
  modelsBySlug: Map<string, Row>;
  details: Map<string, unknown>;
  /** By effectiveWeight descending. */
  benches: Row[];
  /** Alphabetical by tag. */
  tags: Row[];
  /** Last-Modified of the export: its most recent model updatedAt. */
  exportLastModified: number;
}

export const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A numeric field for sorting; anything else sorts last. */
const numberOf = (row: Row, field: string): number => (typeof row[field] === 'number' ? (row[field] as number) : -Infinity);
const textOf = (row: Row, field: string): string => (typeof row[field] === 'string' ? (row[field] as string) : '');

/** Code-point order, so the result does not depend on the host's locale. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The mirror's ranking orders, on rows that may lack the fields (those sort last). */
const rankingOf = (row: Row) => ({ supraScore: numberOf(row, 'supraScore'), slug: textOf(row, 'slug') });
const weightOf = (row: Row) => ({ effectiveWeight: numberOf(row, 'effectiveWeight'), slug: textOf(row, 'slug') });

/** The most recent `updatedAt` of the rows, or `fallback` when none has one. */
export function latestUpdatedAt(rows: readonly unknown[], fallback: number): number {
  let latest = -Infinity;
  for (const row of rows) if (isRow(row) && typeof row.updatedAt === 'number' && row.updatedAt > latest) latest = row.updatedAt;
  return Number.isFinite(latest) ? latest : fallback;
}

export function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? value.filter(isRow) : [];
}

export function loadDataset(body: string | Buffer, details: Record<string, unknown> | undefined, hiddenSlugs: ReadonlySet<string>, loadedAt: number): Dataset {
  const exportBody = Buffer.isBuffer(body) ? Buffer.from(body) : Buffer.from(body, 'utf8');
  let parsed: unknown;
  let unusable: string | undefined;
  try {
    parsed = JSON.parse(exportBody.toString('utf8'));
    if (!isRow(parsed)) unusable = 'the simulated export is not a JSON object';
  } catch {
    unusable = 'the simulated export is not JSON';
  }
  return datasetOf(exportBody, isRow(parsed) ? parsed : {}, unusable, details, hiddenSlugs, loadedAt);
}

/** The dataset of an export already parsed (the live mode changes the parsed rows, then serializes them). */
export function datasetOf(
  exportBody: Buffer,
  root: Row,
  unusable: string | undefined,
  details: Record<string, unknown> | undefined,
  hiddenSlugs: ReadonlySet<string>,
  loadedAt: number,
): Dataset {
  const computedAt = typeof root.generatedAt === 'number' && Number.isFinite(root.generatedAt) ? root.generatedAt : loadedAt;
  const allModels = rowsOf(root.models);
  const models = allModels.filter((row) => !hiddenSlugs.has(textOf(row, 'slug'))).sort((a, b) => byRanking(rankingOf(a), rankingOf(b)));
  return {
    exportBody,
    root,
    unusable,
    computedAt,
    models,
    modelsBySlug: new Map(models.filter((row) => typeof row.slug === 'string').map((row) => [row.slug as string, row])),
    details: new Map(Object.entries(details ?? {})),
    benches: rowsOf(root.benches).sort((a, b) => byWeight(weightOf(a), weightOf(b))),
    tags: rowsOf(root.tags).sort((a, b) => byText(textOf(a, 'tag'), textOf(b, 'tag'))),
    exportLastModified: latestUpdatedAt(allModels, computedAt),
  };
}
