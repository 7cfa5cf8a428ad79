/**
 * The one description of the v1 shapes (../shared/api-v1.md). Types come from these schemas;
 * the store writes what they accept. Objects are loose: the API adds fields without a version bump.
 */
import { z } from 'zod';
import { SAFE_SEGMENT } from './segment.ts';

export { SAFE_SEGMENT, isSafeSegment } from './segment.ts';

/** 2000-01-01 and 2100-01-01 in Unix ms: outside this a value is in seconds, or garbage. */
const MIN_MS = 946_684_800_000;
const MAX_MS = 4_102_444_800_000;

const unixMs = z
  .number()
  .int()
  .min(MIN_MS, 'not a Unix-millisecond time after 2000 (seconds instead of ms?)')
  .max(MAX_MS, 'not a Unix-millisecond time before 2100');
const score100 = z.number().min(0).max(100);
const count = z.number().int().nonnegative();
/** A display string: bounded, and free of control characters that would garble a page or a terminal. */
const label = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'contains control characters');
const segment = z.string().regex(SAFE_SEGMENT, 'not a safe URL path segment (letters, digits, . _ ~ - only)');

/** A row of `/v1/models` and `/v1/best`, and of `models` in the export: one configuration. */
export const ModelSummarySchema = z.looseObject({
  slug: segment,
  name: label(300),
  provider: label(200),
  familyTag: label(300),
  tags: z.array(z.string()),
  supraScore: score100,
  benchCount: count,
  updatedAt: unixMs,
});
export type ModelSummary = z.infer<typeof ModelSummarySchema>;

export const KNOWN_DIMENSIONS = ['relevance', 'contamination', 'discriminability', 'reproducibility', 'difficulty'] as const;
const dimension = z.number().min(1).max(5);

/** Per-dimension averages on 1-5; the five known keys are required and any new key is kept. */
export const DimensionsSchema = z
  .object(Object.fromEntries(KNOWN_DIMENSIONS.map((k) => [k, dimension])) as Record<(typeof KNOWN_DIMENSIONS)[number], typeof dimension>)
  .catchall(dimension)
  .refine((d) => Object.keys(d).every((k) => k.length <= 64 && /^[A-Za-z][A-Za-z0-9_-]*$/.test(k)), 'a dimension key is not a plain identifier');

/** A row of `/v1/benches`, and of `benches` in the export. */
export const BenchSummarySchema = z
  .looseObject({
    slug: segment,
    name: label(300),
    description: z.string().max(5000),
    url: z.string().max(2000),
    isOfficial: z.boolean(),
    tags: z.array(z.string()),
    scaleMin: z.number(),
    scaleMax: z.number(),
    qualityScore: score100,
    dimensions: DimensionsSchema,
    modelCount: count,
    raterCount: count,
    effectiveWeight: score100,
  })
  .refine((b) => b.scaleMin <= b.scaleMax, { message: 'scaleMin is above scaleMax', path: ['scaleMin'] });
export type BenchSummary = z.infer<typeof BenchSummarySchema>;

/** An element of `/v1/tags`, and of `tags` in the export. */
export const TagInfoSchema = z.looseObject({
  tag: segment,
  models: count,
  benches: count,
});
export type TagInfo = z.infer<typeof TagInfoSchema>;

/** One entry of `scores` in `/v1/models/{slug}`. */
export const ScoreEntrySchema = z.looseObject({
  bench: z.string().min(1).max(200),
  benchName: label(300),
  rawScore: z.number(),
  normalizedScore: score100,
  sourceUrl: z.string().max(2000),
  accessedAt: unixMs,
  upvotes: count,
  downvotes: count,
});
export type ScoreEntry = z.infer<typeof ScoreEntrySchema>;

/**
 * `/v1/models/{slug}`: the summary fields plus `scores`. The contract's example shows no
 * `updatedAt` in the detail body, so it is optional here. Entries are checked one by one.
 */
export const ModelDetailSchema = z.looseObject({
  ...ModelSummarySchema.shape,
  updatedAt: unixMs.optional(),
  scores: z.array(z.unknown()),
});

/**
 * The export's structure. Rows are checked one at a time (a bad row is dropped, not fatal);
 * a wrong structure rejects the whole export.
 */
export const ExportEnvelopeSchema = z.looseObject({
  generatedAt: unixMs,
  models: z.array(z.unknown()),
  benches: z.array(z.unknown()),
  tags: z.array(z.unknown()),
});

/** The error body of every non-2xx answer. Lenient: an unknown or missing code still gets a message. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string().max(100).optional(),
    message: z.string().max(2000).optional(),
    hint: z.string().max(2000).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>['error'];
