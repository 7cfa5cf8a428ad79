/**
 * Phase 4 of the snapshot step (src/snapshot/run-snapshot.ts): the accepted export stored, alone or
 * followed by the details crawl and its checkpoints.
 */
import type { ValidationWarning } from '../api/validate.ts';
import type { PreviousSnapshot } from '../store/read-snapshot.ts';
import { writeSnapshot, type WriteResult } from '../store/write-snapshot.ts';
import type { CrawlRecord, ModelDetailRecord } from '../store/current-rows.ts';
import { Deadline } from '../core/deadline.ts';
import { pauseForTest } from '../core/test-pause.ts';
import { stopOnSignal, StoppedBySignal, type StopSignal } from '../core/signals.ts';
import { fetchDetails, type DetailsPlan, type DetailsResult } from './fetch-details.ts';
import { describeAllowance, nextMonthlyReset, readQuota } from './details-plan.ts';
import { formatSeconds, type Reporter } from '../core/reporter.ts';
import type { SnapshotInput } from './snapshot-request.ts';
import { clientFor, type Run } from './run-state.ts';
import { dropEchoedDetails } from './echoed-key.ts';
import type { Accepted } from './accept-answer.ts';

function printWarnings(reporter: Reporter, warnings: readonly ValidationWarning[]): void {
  const shown = 10;
  for (const w of warnings.slice(0, shown)) reporter.warn(`${w.path}: ${w.problem}`);
  if (warnings.length > shown) reporter.warn(`... and ${warnings.length - shown} more, stored with the snapshot`);
}

/** The writer of one accepted export: each write a stage of its own, `carry` from the file at the target (its history, and the details this write does not hold). */
function writerOf(run: Run, { data, meta, quotaHeaders }: Accepted, previous: PreviousSnapshot | undefined) {
  const { req, target } = run;
  /** The ledger of the mirror's requests in the quota period; a file run carries the previous one on. */
  const ledger = (runDetailRequests: number, runAllowance: number | undefined): CrawlRecord | undefined => {
    if (req.source.kind !== 'api') {
      return previous?.crawl
        ? { periodReset: previous.crawl.periodReset ?? undefined, periodRequests: previous.crawl.periodRequests, runDetailRequests: 0 }
        : undefined;
    }
    const periodReset = readQuota(quotaHeaders).resetAt ?? nextMonthlyReset(meta.fetchedAt);
    const before = previous?.crawl && previous.crawl.periodReset === periodReset ? previous.crawl.periodRequests : 0;
    return { periodReset, periodRequests: before + run.requests, runDetailRequests, runAllowance };
  };
  const options = (
    withDetails: ReadonlyMap<string, ModelDetailRecord>,
    storeWarnings: ValidationWarning[],
    appendHistory: boolean,
    carry: boolean,
    crawl: CrawlRecord | undefined,
  ) => ({
    data: { ...data, warnings: storeWarnings },
    meta,
    details: withDetails,
    crawl,
    historyLimit: req.historyLimit,
    carryFrom: carry ? target : undefined,
    appendHistory,
  });
  const store = (...args: Parameters<typeof options>) =>
    req.reporter.stage(
      'store',
      () => writeSnapshot(target, options(...args)),
      (r) => `${r.historySnapshots} snapshots of history, ${r.detailsKept} configuration details`,
    );
  return { ledger, options, store };
}

/** Phase 4, without a crawl: the export and the details it came with, stored. */
export async function storeExport(run: Run, accepted: Accepted, previous: PreviousSnapshot | undefined): Promise<WriteResult> {
  const { warnings, details } = accepted;
  const { store, ledger } = writerOf(run, accepted, previous);
  printWarnings(run.req.reporter, warnings);
  return store(details, warnings, true, previous !== undefined, ledger(0, undefined));
}

/**
 * Phase 4 with the details crawl: the export is stored first (a crawl cut short by its deadline, a
 * signal or a kill never costs it), then the crawl's details, with checkpoints on the way. A signal
 * ends the crawl instead of the process: what it fetched is stored, then the run ends with the
 * signal's code. Undefined when neither the export nor any detail was new.
 */
export async function storeWithCrawl(
  run: Run,
  api: Extract<SnapshotInput, { kind: 'api' }>,
  plan: DetailsPlan,
  accepted: Accepted,
  previous: PreviousSnapshot | undefined,
): Promise<WriteResult | undefined> {
  const { req, target, secrets } = run;
  const { reporter } = req;
  const { data, warnings, details, meta, quotaHeaders } = accepted;
  const { store, ledger, options } = writerOf(run, accepted, previous);
  let written: WriteResult | undefined;
  const newData = previous?.bodySha256 !== meta.bodySha256;
  if (newData) {
    printWarnings(reporter, warnings);
    written = await store(details, warnings, true, previous !== undefined, ledger(0, undefined));
    accepted.rememberCheck();
  }
  pauseForTest('details');
  const detailsDeadline = new Deadline(run.deadlines.detailsMs, 'RANKING_DETAILS_DEADLINE_MS');
  const crawler = clientFor(run, api, detailsDeadline);
  /** What the crawl gathered so far, over the stored export: a kill then loses only what came after. */
  const checkpoint = (progress: DetailsResult) => {
    const gathered = new Map(progress.details);
    const detailWarnings = [...progress.warnings];
    dropEchoedDetails(gathered, secrets, detailWarnings);
    if (gathered.size === 0) return;
    const started = performance.now();
    const crawl = ledger(progress.requests, progress.allowance.requests);
    writeSnapshot(target, { ...options(gathered, [...warnings, ...detailWarnings], false, true, crawl), checkpoint: true });
    reporter.info(`checkpoint: ${gathered.size} details of this run stored (${formatSeconds(performance.now() - started)})`);
  };
  let stoppedBy: StopSignal | undefined;
  const releaseStop = stopOnSignal((signal) => {
    stoppedBy = signal;
    reporter.warn(`${signal}: stopping the details crawl; what it fetched is stored first`);
    detailsDeadline.stop(signal);
  });
  let fetchedDetails = 0;
  try {
    const result = await reporter.stage(
      'details',
      () =>
        fetchDetails(data.models, plan, {
          client: crawler,
          reporter,
          stored: previous?.details ?? new Map(),
          quotaHeaders,
          ledger: previous?.crawl,
          previousRunAt: previous?.fetchedAt,
          spentThisRun: run.requests,
          now: run.now,
          sleep: (ms) => detailsDeadline.sleep(ms, req.sleep),
          deadline: detailsDeadline,
          checkpoint,
        }),
      (r) =>
        `${r.fetched} fetched (${r.fetchedFor.missing} without details, ${r.fetchedFor['bench-count']} with a new benchCount, ${r.fetchedFor.oldest} oldest), ` +
        `${r.hidden} hidden, ${r.requests} of ${r.allowance.requests} allowed requests, ${r.waiting} waiting`,
    );
    reporter.info(describeAllowance(result.allowance, plan.quotaShare, readQuota(quotaHeaders)));
    if (result.stoppedBecause) reporter.warn(`details stopped early: ${result.stoppedBecause}`);
    const detailWarnings = [...result.warnings];
    dropEchoedDetails(result.details, secrets, detailWarnings);
    fetchedDetails = result.details.size;
    if (result.details.size > 0) {
      printWarnings(reporter, newData ? detailWarnings : [...warnings, ...detailWarnings]);
      // History records exports, not crawl runs: the export is in it already (just written, or the same as the stored one).
      written = await store(result.details, [...warnings, ...detailWarnings], false, true, ledger(result.requests, result.allowance.requests));
    }
  } finally {
    releaseStop();
  }
  if (stoppedBy) {
    const kept = `${newData ? 'the new export and ' : ''}${fetchedDetails} detail${fetchedDetails === 1 ? '' : 's'}`;
    throw new StoppedBySignal(stoppedBy, `stopped by ${stoppedBy} during the details crawl; ${req.out} holds ${kept} fetched before it`);
  }
  return written;
}
