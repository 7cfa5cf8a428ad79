/** Phase 3 of the snapshot step (src/snapshot/run-snapshot.ts): the answer checked before anything is stored, and the sanity guard. */
import { createHash } from 'node:crypto';
import { MirrorError } from '../core/errors.ts';
import { checkJsonDensity } from '../api/json-density.ts';
import { validateExport, type ValidatedExport, type ValidationWarning } from '../api/validate.ts';
import type { PreviousSnapshot } from '../store/read-snapshot.ts';
import type { ModelDetailRecord, SnapshotMeta } from '../store/current-rows.ts';
import { containsSecret } from '../core/redact.ts';
import { pauseForTest } from '../core/test-pause.ts';
import { writeFetchState } from './fetch-state.ts';
import { checkNotInFuture, judgeOlderExport } from './export-time.ts';
import type { SnapshotOutcome } from './snapshot-request.ts';
import { ran, type Run, type Step } from './run-state.ts';
import { dropEchoedDetails, echoedKey, holdsSecret } from './echoed-key.ts';
import { detailsFromFile } from './details-file.ts';
import type { Body } from './get-answer.ts';

/** Refuse a snapshot that would empty or gut the mirror: more likely an API fault than real news. */
export function sanityGuard(data: ValidatedExport, previous: PreviousSnapshot | undefined, allowShrink: boolean): void {
  if (data.models.length === 0) {
    throw new MirrorError('invalid', 'the export has no models', { hint: 'refusing to publish an empty mirror; the previous snapshot is kept' });
  }
  if (!previous || previous.modelSlugs.size === 0 || allowShrink) return;
  const present = new Set(data.models.map((m) => m.slug));
  let lost = 0;
  for (const slug of previous.modelSlugs) if (!present.has(slug)) lost++;
  if (lost > previous.modelSlugs.size / 2) {
    throw new MirrorError('invalid', `the export lost ${lost} of the previous snapshot's ${previous.modelSlugs.size} configurations (over half)`, {
      hint: 'if that is real, run again with --allow-shrink; the previous snapshot is kept',
    });
  }
}

const sha256 = (parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** What a run found new: the export as validation accepted it, with its warnings and details, and what it remembers of the answer. */
export interface Accepted {
  data: ValidatedExport;
  warnings: ValidationWarning[];
  details: Map<string, ModelDetailRecord>;
  meta: SnapshotMeta;
  quotaHeaders: Record<string, string>;
  /** Records, for a run from the API, that the API was asked now and what it answered. */
  rememberCheck: () => void;
  /** Keeps the stored snapshot as it is, saying why. */
  keep: (why: string, loud?: boolean) => SnapshotOutcome;
  /** `unchanged`: the data is the same as the stored snapshot's. */
  sameData: string;
}

/**
 * Phase 3: the answer checked, in order: no secret in it, not the stored data again, not too dense
 * to parse, valid, not from the future, past the sanity guard, not older than the stored one.
 */
export async function accept(
  run: Run,
  { bodies, json, meta, quotaHeaders, detailsBytes }: Body,
  previous: PreviousSnapshot | undefined,
): Promise<Step<Accepted>> {
  const { req, target, secrets, now } = run;
  const { reporter, source } = req;
  const what = source.kind === 'api' ? 'the export' : source.path;
  if (bodies.some((body) => containsSecret(body, secrets))) throw echoedKey(what);

  const bodySha256 = sha256(bodies);
  const rememberCheck = () => {
    if (source.kind !== 'api') return;
    writeFetchState(target, { origin: source.settings.baseUrl.origin, fetchedAt: meta.fetchedAt, maxAgeSeconds: meta.cacheMaxAge ?? 0, bodySha256 });
  };
  const keep = (why: string, loud = false): SnapshotOutcome => {
    rememberCheck();
    reporter[loud ? 'warn' : 'info'](`${why}; ${req.out} left untouched`);
    return { status: 'unchanged', generatedAt: previous?.generatedAt, warnings: 0, partial: previous?.partial ?? false, bytes: run.bytes, ...ran(run) };
  };
  const sameData = `unchanged: the data is the same as the stored snapshot's (sha256 ${bodySha256.slice(0, 12)})`;
  if (previous?.bodySha256 === bodySha256 && !req.details) return { done: keep(sameData) };

  pauseForTest('validate');
  // Refused unparsed: a body of tiny rows would cost many times its size in memory before validation.
  for (const body of bodies) checkJsonDensity(body, what);
  const data = await reporter.stage(
    'validate',
    () => validateExport(json()),
    (d) => `${d.models.length} configurations, ${d.benches.length} benchmarks, ${d.tags.length} tags, ${d.warnings.length} warnings`,
  );
  if (holdsSecret(data, secrets)) throw echoedKey(what);
  // The bundled sample is fixed data, dated whatever the machine's clock says.
  if (!(source.kind === 'file' && source.label === 'sample')) checkNotInFuture(data.generatedAt, now());
  sanityGuard(data, previous, req.allowShrink);
  const older = judgeOlderExport(data.generatedAt, previous, now(), req.force);
  if (older.keep) return { done: keep(older.warning, true) };
  if (older.warning) reporter.warn(older.warning);

  const warnings = [...data.warnings];
  const details =
    detailsBytes && source.kind === 'file' && source.detailsPath !== undefined
      ? detailsFromFile(detailsBytes, source.detailsPath, data, meta.fetchedAt, warnings)
      : new Map<string, ModelDetailRecord>();
  dropEchoedDetails(details, secrets, warnings);
  return {
    next: {
      data,
      warnings,
      details,
      meta: { ...meta, bodySha256, sample: meta.source === 'sample' || data.fictional },
      quotaHeaders,
      rememberCheck,
      keep,
      sameData,
    },
  };
}
