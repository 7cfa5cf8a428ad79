/**
 * The snapshot step: fetch (or read a file), validate, guard, store. Every failure throws a
 * MirrorError before the store's rename, so the previous snapshot file is never touched by one.
 */
import { createHash } from 'node:crypto';
import { ApiClient, type ClientOptions } from '../api/client.ts';
import { MirrorError } from '../core/errors.ts';
import { describeInstant } from '../api/http-dates.ts';
import { checkJsonDensity } from '../api/json-density.ts';
import { parseComputedAt, parseLastModified, parseSchemaVersion } from '../api/response-meta.ts';
import { validateDetail, validateExport, type ValidatedExport, type ValidationWarning } from '../api/validate.ts';
import { inspectSnapshot, type PreviousSnapshot, type SnapshotSource } from '../store/read-snapshot.ts';
import { writeSnapshot, type WriteResult } from '../store/write-snapshot.ts';
import type { CrawlRecord, ModelDetailRecord, SnapshotMeta } from '../store/current-rows.ts';
import { describeCoverage } from '../store/coverage.ts';
import type { ApiSettings, ClientTuning } from '../api/settings.ts';
import { Deadline, DEFAULT_DEADLINES, type Deadlines } from '../core/deadline.ts';
import { containsSecret } from '../core/redact.ts';
import { pauseForTest } from '../core/test-pause.ts';
import { stopOnSignal, StoppedBySignal, type StopSignal } from '../core/signals.ts';
import { fetchDetails, type DetailsPlan, type DetailsResult } from './fetch-details.ts';
import { describeAllowance, nextMonthlyReset, readQuota } from './details-plan.ts';
import { fetchExport, headerWarnings } from './fetch-export.ts';
import { parseHttpDate } from '../api/http-dates.ts';
import { apiChangeAnnotations } from '../core/annotations.ts';
import { acquireLock } from '../core/lock.ts';
import { formatBytes, formatSeconds, type Reporter } from '../core/reporter.ts';
import { cacheMaxAge, isFresh, readFetchState, writeFetchState } from './fetch-state.ts';
import { checkNotInFuture, judgeOlderExport } from './export-time.ts';
import { sweepLeftovers } from './leftovers.ts';
import { resolveOutputPath } from './output-path.ts';
import { readInputFile } from './read-file.ts';
import { describeRestore, restoreState, type RestoreResult } from './restore-state.ts';

export type SnapshotInput =
  | { kind: 'api'; settings: ApiSettings; tuning: ClientTuning; deadlines?: Deadlines | undefined }
  | { kind: 'file'; path: string; detailsPath?: string | undefined; label: Exclude<SnapshotSource, 'api'>; maxBytes: number };

export interface SnapshotRequest {
  out: string;
  source: SnapshotInput;
  /** Ask the API even within the stored answer's cache lifetime. */
  force: boolean;
  /** Accept a snapshot that lost over half of the previous one's configurations. */
  allowShrink: boolean;
  /** On 403 `tier_forbidden`, build a partial snapshot from the list endpoints. */
  fallback: boolean;
  details?: DetailsPlan | undefined;
  historyLimit: number;
  reporter: Reporter;
  /** Values nothing stored may hold (the API key, also when reading a file): an export holding one is refused. */
  secrets?: readonly string[] | undefined;
  /** Also print the API's deprecation and schema announcements as GitHub Actions annotations. */
  annotations?: boolean | undefined;
  /** The folder the mirror publishes its snapshot file in (SITE_URL's /data/, or STATE_URL): a run from the API that finds no usable snapshot restores it from there first. */
  restoreFrom?: URL | undefined;
  /** For tests: the clock, the sleep between retries and pacing waits, the jitter. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface SnapshotOutcome {
  /** `written`: a new file; `unchanged`: same data, file untouched; `fresh`: no request made. */
  status: 'written' | 'unchanged' | 'fresh';
  generatedAt?: number;
  counts?: { models: number; benches: number; tags: number; details: number };
  warnings: number;
  partial: boolean;
  /** Bytes of the export (or list) answers on the wire and decoded, when the API was asked. */
  bytes?: { wire: number; decoded: number } | undefined;
  /** Requests this run sent to the API (every attempt, export and details), as its quota counts them. */
  requests: number;
  /** What the restore did, when the run tried one. */
  restore?: RestoreResult | undefined;
}

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

function parseJsonFile(bytes: Buffer, path: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new MirrorError('invalid', `${path} is not JSON: ${(err as Error).message.slice(0, 120)}`);
  }
}

/** The refusal of an export that holds the key: an echo of the Authorization header must never be stored or published. */
const echoedKey = (what: string) =>
  new MirrorError('invalid', `${what} contains the API key or a long part of it (not shown); refusing to store or publish it`, {
    hint: 'something between here and the API (a proxy, a debug page) echoes the Authorization header; fix that, then rotate the key',
  });

/**
 * Whether any string (or object key) in `value` holds a secret, after JSON decoding: catches a key
 * hidden behind `\u` escapes. JSON.stringify leaves a key's characters as they are, and one search
 * over its output is far faster than one per string.
 */
function holdsSecret(value: unknown, secrets: readonly string[]): boolean {
  return secrets.length > 0 && containsSecret(JSON.stringify(value) ?? '', secrets);
}

/** Drops (with a warning) any detail that holds a secret; the export itself was checked already. */
function dropEchoedDetails(details: Map<string, ModelDetailRecord>, secrets: readonly string[], warnings: ValidationWarning[]): void {
  if (secrets.length === 0) return;
  for (const [slug, detail] of details) {
    if (!holdsSecret(detail.scores, secrets)) continue;
    details.delete(slug);
    warnings.push({ path: `details[${JSON.stringify(slug)}]`, problem: 'contains the API key or a long part of it (not shown); detail dropped' });
  }
}

function printWarnings(reporter: Reporter, warnings: readonly ValidationWarning[]): void {
  const shown = 10;
  for (const w of warnings.slice(0, shown)) reporter.warn(`${w.path}: ${w.problem}`);
  if (warnings.length > shown) reporter.warn(`... and ${warnings.length - shown} more, stored with the snapshot`);
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

/**
 * What one run carries from phase to phase: its request, the file it writes and the secrets it
 * refuses, and what it has counted so far (the requests it sent, the bytes it read, its restore).
 */
interface Run {
  req: SnapshotRequest;
  target: string;
  secrets: string[];
  deadlines: Deadlines;
  now: () => number;
  /** Deadlines and clients started by this run, stopped and closed when it ends. */
  timers: Deadline[];
  clients: ApiClient[];
  /** Every attempt sent counts against the quota (the ledger is conservative about retries). */
  requests: number;
  bytes: SnapshotOutcome['bytes'];
  restored: RestoreResult | undefined;
}

/** What every outcome carries besides its own: the run's requests and its restore. */
const ran = (run: Run) => ({ requests: run.requests, restore: run.restored });

/** A client whose every request and wait ends at `deadline`; with `bytesOf`, the bytes of its answers are that stage's progress. */
function clientFor(run: Run, api: Extract<SnapshotInput, { kind: 'api' }>, deadline: Deadline, bytesOf?: string): ApiClient {
  const { req } = run;
  run.timers.push(deadline);
  const client = new ApiClient({
    ...api.tuning,
    baseUrl: api.settings.baseUrl,
    key: api.settings.key,
    deadline,
    sleep: req.sleep,
    ...(req.random ? { random: req.random } : {}),
    onEvent: (e) => {
      if (e.type === 'request') run.requests++;
      else if (e.type === 'progress' && bytesOf) req.reporter.progress(bytesOf, { done: e.received, total: e.total, unit: 'bytes', detail: e.path });
      else if (e.type === 'retry') req.reporter.warn(`${e.reason}; attempt ${e.attempt + 1} in ${(e.waitMs / 1000).toFixed(1)} s`);
      else if (e.type === 'redirect') req.reporter.info(`redirected from ${e.from} to ${e.to}${e.withKey ? '' : ' (without the key: another origin)'}`);
    },
  } satisfies ClientOptions);
  run.clients.push(client);
  return client;
}

/**
 * Phase 1: the file at the target, after clearing what killed runs left beside it, restored from
 * the published copy when a run from the API finds none usable; and the export's deadline, which
 * the restore spends too, so the job's deadline arithmetic stays what it was.
 */
async function readPrevious(run: Run): Promise<{ previous: PreviousSnapshot | undefined; exportDeadline: Deadline }> {
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

/** An answer to store: its bodies, how to parse them, what it says of itself, its quota headers, and a details file's bytes. */
interface Body {
  bodies: Buffer[];
  json: () => unknown;
  meta: Omit<SnapshotMeta, 'bodySha256' | 'sample'>;
  quotaHeaders: Record<string, string>;
  detailsBytes?: Buffer | undefined;
}

/** Where a phase ends the run early (with its outcome), or what it hands the next. */
type Step<T> = { done: SnapshotOutcome } | { next: T };

/** Phase 2 from the API: no request within the stored answer's cache lifetime, 304 when it has not changed, else the export. */
async function fetchFromApi(
  run: Run,
  api: Extract<SnapshotInput, { kind: 'api' }>,
  previous: PreviousSnapshot | undefined,
  exportDeadline: Deadline,
): Promise<Step<Body>> {
  const { req, target, now } = run;
  const { reporter } = req;
  const origin = api.settings.baseUrl.origin;
  const state = readFetchState(target);
  if (!req.force && previous && state && state.origin === origin && state.bodySha256 === previous.bodySha256 && isFresh(state, now())) {
    reporter.info(
      `fresh: the stored snapshot was checked ${Math.round((now() - state.fetchedAt) / 60000)} min ago and the API allows caching it for ${Math.round(state.maxAgeSeconds / 60)} min; no request made (--force asks anyway)`,
    );
    return { done: { status: 'fresh', generatedAt: previous.generatedAt, warnings: 0, partial: previous.partial, ...ran(run) } };
  }
  const client = clientFor(run, api, exportDeadline, 'fetch');
  // Conditional only against a whole export from this origin, and only with a Last-Modified that parsed as an HTTP-date.
  const ifModifiedSince =
    !req.force && previous && previous.source === 'api' && !previous.partial && previous.apiOrigin === origin
      ? parseHttpDate(previous.lastModified)
      : undefined;
  const fetched = await reporter.stage(
    'fetch',
    () =>
      fetchExport(client, {
        fallback: req.fallback,
        onFallback: (why) =>
          reporter.warn(`${why.message}; building a partial snapshot from /v1/models, /v1/benches and /v1/tags (500 rows each, unless the API sends pages)`),
        ifModifiedSince,
        pageLimits: { maxBytes: api.tuning.maxBytes },
      }),
    (f) => {
      if (f.notModified) return '304 Not Modified';
      const decoded = f.bodies.reduce((n, b) => n + b.length, 0);
      const answers = f.answers > 1 ? `, ${f.answers} answers` : '';
      return `${formatBytes(decoded)} decoded, ${formatBytes(f.wireBytes)} on the wire${answers}`;
    },
  );
  run.bytes = { wire: fetched.wireBytes, decoded: fetched.bodies.reduce((n, b) => n + b.length, 0) };
  if (fetched.notModified) {
    const stored = readFetchState(target);
    const maxAge = fetched.headers['cache-control'] !== undefined ? cacheMaxAge(fetched.headers['cache-control']) : (stored?.maxAgeSeconds ?? 0);
    writeFetchState(target, { origin, fetchedAt: now(), maxAgeSeconds: maxAge, bodySha256: previous!.bodySha256 });
    reporter.info(`unchanged: the API answered 304 Not Modified to If-Modified-Since ${new Date(ifModifiedSince!).toUTCString()}; ${req.out} left untouched`);
    return { done: { status: 'unchanged', generatedAt: previous!.generatedAt, warnings: 0, partial: false, bytes: run.bytes, ...ran(run) } };
  }
  for (const w of headerWarnings(fetched.headers)) reporter.warn(w);
  if (req.annotations) for (const line of apiChangeAnnotations(fetched.headers, fetched.partial ? '/v1/models' : '/v1/export.json')) reporter.info(line);
  return {
    next: {
      bodies: fetched.bodies,
      json: fetched.json,
      quotaHeaders: fetched.headers,
      meta: {
        fetchedAt: now(),
        source: 'api',
        apiOrigin: origin,
        // Only values that parse as what they claim to be are stored (an echoed header is not).
        computedAt: parseComputedAt(fetched.headers['x-computed-at']),
        lastModified: parseLastModified(fetched.headers['last-modified']),
        schemaVersion: parseSchemaVersion(fetched.headers['x-schema-version']),
        cacheMaxAge: cacheMaxAge(fetched.headers['cache-control']),
        partial: fetched.partial,
      },
    },
  };
}

/** Phase 2 from a file: the bytes read before the lock, an export and perhaps a details file. */
function fromFile(run: Run, file: Extract<SnapshotInput, { kind: 'file' }>, [bytes, details]: Buffer[]): Body {
  return {
    bodies: details ? [bytes!, details] : [bytes!],
    json: () => parseJsonFile(bytes!, file.path),
    meta: { fetchedAt: run.now(), source: file.label, partial: false },
    quotaHeaders: {},
    detailsBytes: details,
  };
}

/** What a run found new: the export as validation accepted it, with its warnings and details, and what it remembers of the answer. */
interface Accepted {
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
async function accept(run: Run, { bodies, json, meta, quotaHeaders, detailsBytes }: Body, previous: PreviousSnapshot | undefined): Promise<Step<Accepted>> {
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
async function storeExport(run: Run, accepted: Accepted, previous: PreviousSnapshot | undefined): Promise<WriteResult> {
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
async function storeWithCrawl(
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
    now: req.now ?? Date.now,
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
