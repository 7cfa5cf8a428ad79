/** The details of a run from a file (`--details-file`): a JSON object of slug -> ModelDetail, read for the export's configurations. */
import { MirrorError } from '../core/errors.ts';
import { validateDetail, type ValidatedExport, type ValidationWarning } from '../api/validate.ts';
import type { ModelDetailRecord } from '../store/current-rows.ts';

/** A file's bytes as JSON, or an `invalid` error naming the file. */
export function parseJsonFile(bytes: Buffer, path: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new MirrorError('invalid', `${path} is not JSON: ${(err as Error).message.slice(0, 120)}`);
  }
}

/** `mirrorFetchedAt` of a details file entry: when the mirror fetched it, in Unix ms, not after `now`. */
function fetchedAtOf(entry: unknown, now: number): number {
  const at = (entry as { mirrorFetchedAt?: unknown }).mirrorFetchedAt;
  return typeof at === 'number' && Number.isSafeInteger(at) && at > 946_684_800_000 && at <= now ? at : now;
}

/**
 * Loads details from the bytes of a file of `{ slug: ModelDetail }` for the configurations of the
 * export. An entry may say when it was fetched (`mirrorFetchedAt`, Unix ms; the load time otherwise).
 */
export function detailsFromFile(
  bytes: Buffer,
  path: string,
  data: ValidatedExport,
  now: number,
  warnings: ValidationWarning[],
): Map<string, ModelDetailRecord> {
  const json = parseJsonFile(bytes, path);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new MirrorError('invalid', `${path} is not an object of slug -> detail`);
  const details = new Map<string, ModelDetailRecord>();
  for (const model of data.models) {
    if (!Object.hasOwn(json, model.slug)) continue;
    try {
      const entry = (json as Record<string, unknown>)[model.slug];
      const detail = validateDetail(entry, model.slug);
      warnings.push(...detail.warnings);
      // The body's benchCount was validated with it: the count when the detail was fetched.
      const benchCount = (entry as { benchCount: number }).benchCount;
      details.set(model.slug, { updatedAt: model.updatedAt, fetchedAt: fetchedAtOf(entry, now), benchCount, scores: detail.scores });
    } catch (err) {
      warnings.push({ path: `details[${JSON.stringify(model.slug)}]`, problem: `${(err as Error).message}; detail skipped` });
    }
  }
  return details;
}
