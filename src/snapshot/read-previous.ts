/** Phase 1 of the snapshot step (src/snapshot/run-snapshot.ts): the file at the target, or the one restored from the published copy. */
import { inspectSnapshot, type PreviousSnapshot } from '../store/read-snapshot.ts';
import { Deadline } from '../core/deadline.ts';
import { sweepLeftovers } from './leftovers.ts';
import { describeRestore, restoreState } from './restore-state.ts';
import type { Run } from './run-state.ts';

/**
 * Phase 1: the file at the target, after clearing what killed runs left beside it, restored from
 * the published copy when a run from the API finds none usable; and the export's deadline, which
 * the restore spends too, so the job's deadline arithmetic stays what it was.
 */
export async function readPrevious(run: Run): Promise<{ previous: PreviousSnapshot | undefined; exportDeadline: Deadline }> {
  const { req, target, secrets } = run;
  const { reporter, source } = req;
  const swept = sweepLeftovers(target);
  if (swept.length > 0) reporter.info(`removed ${swept.length} file(s) left beside ${req.out} by an interrupted run`);
  let inspection = inspectSnapshot(target);
  if (inspection.state === 'unreadable') reporter.warn(`the existing ${req.out} cannot be read (${inspection.reason}); a good snapshot will replace it`);
  const exportDeadline = new Deadline(run.deadlines.exportMs, 'RANKING_DEADLINE_MS');
  run.timers.push(exportDeadline);
  if (req.restoreFrom && source.kind === 'api' && inspection.state !== 'ok') {
    const from = req.restoreFrom;
    try {
      run.restored = await restoreState({
        from,
        target,
        tuning: source.tuning,
        deadline: exportDeadline,
        secrets,
        sleep: req.sleep,
        onBytes: (done, total) => reporter.progress('restore', { done, total, unit: 'bytes', detail: `from ${from.href}` }),
      });
    } finally {
      reporter.endProgress('restore');
    }
    const line = describeRestore(run.restored, req.out);
    if (run.restored.status === 'refused') reporter.warn(line);
    else reporter.info(line);
    if (run.restored.status === 'restored') inspection = inspectSnapshot(target);
  }
  return { previous: inspection.state === 'ok' ? inspection.snapshot : undefined, exportDeadline };
}
