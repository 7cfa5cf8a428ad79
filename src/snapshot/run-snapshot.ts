/**
 * The snapshot step: fetch (or read a file), validate, guard, store. Every failure throws a
 * MirrorError before the store's rename, so the previous snapshot file is never touched by one.
 * Its phases are read-previous.ts, get-answer.ts, accept-answer.ts and store-answer.ts; what a run
 * carries between them is run-state.ts.
 */
import { describeInstant } from '../api/http-dates.ts';
import { describeCoverage } from '../store/coverage.ts';
import { DEFAULT_DEADLINES } from '../core/deadline.ts';
import { acquireLock } from '../core/lock.ts';
import { resolveOutputPath } from './output-path.ts';
import { readInputFile } from './read-file.ts';
import type { SnapshotOutcome, SnapshotRequest } from './snapshot-request.ts';
import { ran, type Run } from './run-state.ts';
import { readPrevious } from './read-previous.ts';
import { fetchFromApi, fromFile } from './get-answer.ts';
import { accept } from './accept-answer.ts';
import { storeExport, storeWithCrawl } from './store-answer.ts';
import { now as clockNow } from '../core/clock.ts';

/**
 * The snapshot step, as phases: what a user can get wrong is checked before the lock and before any
 * request; then the previous file is read (or restored), the answer fetched or read, accepted, and
 * stored. A phase may end the run early with its outcome (fresh, unchanged, kept).
 */
export async function runSnapshot(req: SnapshotRequest): Promise<SnapshotOutcome> {
  const { reporter, source } = req;
  const { target } = resolveOutputPath(req.out);
  const fileBodies: Buffer[] = [];
  if (source.kind === 'file') {
    fileBodies.push(await readInputFile(source.path, source.maxBytes));
    if (source.detailsPath !== undefined) fileBodies.push(await readInputFile(source.detailsPath, source.maxBytes, '--details-file'));
  }
  const release = await acquireLock(target, undefined, (lock) => reporter.info(`waiting: another run holds ${lock}; this one goes on when it ends`));
  const run: Run = {
    req,
    target,
    secrets: [...(req.secrets ?? []), ...(source.kind === 'api' ? [source.settings.key] : [])],
    deadlines: (source.kind === 'api' && source.deadlines) || DEFAULT_DEADLINES,
    now: req.now ?? clockNow,
    timers: [],
    clients: [],
    requests: 0,
    bytes: undefined,
    restored: undefined,
  };
  try {
    const { previous, exportDeadline } = await readPrevious(run);
    const body = source.kind === 'api' ? await fetchFromApi(run, source, previous, exportDeadline) : { next: fromFile(run, source, fileBodies) };
    if ('done' in body) return body.done;
    const checked = await accept(run, body.next, previous);
    if ('done' in checked) return checked.done;
    const accepted = checked.next;

    const written =
      req.details && source.kind === 'api' ? await storeWithCrawl(run, source, req.details, accepted, previous) : await storeExport(run, accepted, previous);
    if (!written) return accepted.keep(accepted.sameData);
    reporter.info(`coverage: ${describeCoverage(written.coverage)}`);
    accepted.rememberCheck();
    const { data, meta, warnings } = accepted;
    if (meta.partial) reporter.warn('this snapshot is partial: the key may not use the bulk export');
    reporter.info(
      `written: ${req.out} (generatedAt ${describeInstant(data.generatedAt)}, ${data.models.length} configurations, ${data.benches.length} benchmarks, ${data.tags.length} tags)`,
    );
    return {
      status: 'written',
      generatedAt: data.generatedAt,
      counts: { models: data.models.length, benches: data.benches.length, tags: data.tags.length, details: written.detailsKept },
      warnings: warnings.length,
      partial: meta.partial,
      bytes: run.bytes,
      ...ran(run),
    };
  } finally {
    for (const deadline of run.timers) deadline.dispose();
    for (const client of run.clients) await client.close();
    release();
  }
}
