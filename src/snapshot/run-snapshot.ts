/**
 * The snapshot step: fetch (or read a file), validate, guard, store. Every failure throws a
 * MirrorError before the store's rename, so the previous snapshot file is never touched by one.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { ApiClient } from '../api/client.ts';
import { MirrorError } from '../api/errors.ts';
import { validateDetail, validateExport, type ValidatedExport, type ValidationWarning } from '../api/validate.ts';
import { inspectSnapshot, type PreviousSnapshot, type SnapshotSource } from '../store/read-snapshot.ts';
import { writeSnapshot, type CrawlRecord, type ModelDetailRecord, type SnapshotMeta } from '../store/write-snapshot.ts';
import { describeCoverage } from '../store/coverage.ts';
import type { ApiSettings, ClientTuning } from '../cli/env.ts';
import { fetchDetails, type DetailsPlan } from './fetch-details.ts';
import { describeAllowance, nextMonthlyReset, readQuota } from './details-plan.ts';
import { fetchExport, headerWarnings } from './fetch-export.ts';
import { parseHttpDate } from '../api/http-date.ts';
import { apiChangeAnnotations } from '../cli/annotations.ts';
import { acquireLock } from '../cli/lock.ts';
import { formatBytes, type Reporter } from '../cli/reporter.ts';
import { cacheMaxAge, isFresh, readFetchState, writeFetchState } from './fetch-state.ts';

export type SnapshotInput =
  | { kind: 'api'; settings: ApiSettings; tuning: ClientTuning }
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
  /** Also print the API's deprecation and schema announcements as GitHub Actions annotations. */
  annotations?: boolean | undefined;
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

function readBounded(path: string, maxBytes: number): Buffer {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new MirrorError('usage', `cannot read ${path}: no such file`);
  }
  if (size > maxBytes) throw new MirrorError('invalid', `${path} is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} cap`);
  return readFileSync(path);
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
 * Loads details from a file of `{ slug: ModelDetail }` for the configurations of the export. An
 * entry may say when it was fetched (`mirrorFetchedAt`, Unix ms; the load time otherwise).
 */
function detailsFromFile(path: string, data: ValidatedExport, maxBytes: number, now: number, warnings: ValidationWarning[]): Map<string, ModelDetailRecord> {
  const json = parseJsonFile(readBounded(path, maxBytes), path);
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

export async function runSnapshot(req: SnapshotRequest): Promise<SnapshotOutcome> {
  const { reporter, source } = req;
  const now = req.now ?? Date.now;
  const sleep = req.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const release = await acquireLock(req.out);
  let client: ApiClient | undefined;
  // Every attempt sent counts against the quota (the ledger is conservative about retries).
  let requestsSent = 0;
  let bytesRead: SnapshotOutcome['bytes'];
  try {
    const inspection = inspectSnapshot(req.out);
    if (inspection.state === 'unreadable') reporter.warn(`the existing ${req.out} cannot be read (${inspection.reason}); a good snapshot will replace it`);
    const previous = inspection.state === 'ok' ? inspection.snapshot : undefined;

    let bodies: Buffer[];
    let json: () => unknown;
    let meta: Omit<SnapshotMeta, 'bodySha256' | 'sample'>;
    let quotaHeaders: Record<string, string> = {};
    let detailsPath: string | undefined;

    if (source.kind === 'api') {
      const origin = source.settings.baseUrl.origin;
      const state = readFetchState(req.out);
      if (!req.force && previous && state && state.origin === origin && state.bodySha256 === previous.bodySha256 && isFresh(state, now())) {
        reporter.info(
          `fresh: the stored snapshot was checked ${Math.round((now() - state.fetchedAt) / 60000)} min ago and the API allows caching it for ${Math.round(state.maxAgeSeconds / 60)} min; no request made (--force asks anyway)`,
        );
        return { status: 'fresh', generatedAt: previous.generatedAt, warnings: 0, partial: previous.partial };
      }
      client = new ApiClient({
        ...source.tuning,
        baseUrl: source.settings.baseUrl,
        key: source.settings.key,
        sleep,
        ...(req.random ? { random: req.random } : {}),
        onEvent: (e) => {
          if (e.type === 'request') requestsSent++;
          else if (e.type === 'progress') reporter.progress(`fetch ${e.path}`, e.received, e.total);
          else if (e.type === 'retry') reporter.warn(`${e.reason}; attempt ${e.attempt + 1} in ${(e.waitMs / 1000).toFixed(1)} s`);
          else if (e.type === 'redirect') reporter.info(`redirected from ${e.from} to ${e.to}${e.withKey ? '' : ' (without the key: another origin)'}`);
        },
      });
      const apiClient = client;
      // Conditional only against a whole export from this origin, and only with a Last-Modified that parsed as an HTTP-date.
      const ifModifiedSince =
        !req.force && previous && previous.source === 'api' && !previous.partial && previous.apiOrigin === origin
          ? parseHttpDate(previous.lastModified)
          : undefined;
      const fetched = await reporter.stage(
        'fetch',
        () =>
          fetchExport(apiClient, {
            fallback: req.fallback,
            onFallback: (why) =>
              reporter.warn(
                `${why.message}; building a partial snapshot from /v1/models, /v1/benches and /v1/tags (500 rows each, unless the API sends pages)`,
              ),
            ifModifiedSince,
            pageLimits: { maxBytes: source.tuning.maxBytes },
          }),
        (f) => {
          if (f.notModified) return '304 Not Modified';
          const decoded = f.bodies.reduce((n, b) => n + b.length, 0);
          const answers = f.answers > 1 ? `, ${f.answers} answers` : '';
          return `${formatBytes(decoded)} decoded, ${formatBytes(f.wireBytes)} on the wire${answers}`;
        },
      );
      bytesRead = { wire: fetched.wireBytes, decoded: fetched.bodies.reduce((n, b) => n + b.length, 0) };
      if (fetched.notModified) {
        const state = readFetchState(req.out);
        const maxAge = fetched.headers['cache-control'] !== undefined ? cacheMaxAge(fetched.headers['cache-control']) : (state?.maxAgeSeconds ?? 0);
        writeFetchState(req.out, { origin, fetchedAt: now(), maxAgeSeconds: maxAge, bodySha256: previous!.bodySha256 });
        reporter.info(
          `unchanged: the API answered 304 Not Modified to If-Modified-Since ${new Date(ifModifiedSince!).toUTCString()}; ${req.out} left untouched`,
        );
        return { status: 'unchanged', generatedAt: previous!.generatedAt, warnings: 0, partial: false, bytes: bytesRead };
      }
      for (const w of headerWarnings(fetched.headers)) reporter.warn(w);
      if (req.annotations) for (const line of apiChangeAnnotations(fetched.headers, fetched.partial ? '/v1/models' : '/v1/export.json')) reporter.info(line);
      bodies = fetched.bodies;
      json = fetched.json;
      quotaHeaders = fetched.headers;
      const computedAt = Number(fetched.headers['x-computed-at']);
      meta = {
        fetchedAt: now(),
        source: 'api',
        apiOrigin: origin,
        computedAt: Number.isInteger(computedAt) ? computedAt : undefined,
        lastModified: fetched.headers['last-modified']?.slice(0, 100),
        schemaVersion: fetched.headers['x-schema-version']?.slice(0, 20),
        cacheMaxAge: cacheMaxAge(fetched.headers['cache-control']),
        partial: fetched.partial,
      };
    } else {
      const bytes = readBounded(source.path, source.maxBytes);
      bodies = source.detailsPath ? [bytes, readBounded(source.detailsPath, source.maxBytes)] : [bytes];
      json = () => parseJsonFile(bytes, source.path);
      detailsPath = source.detailsPath;
      meta = { fetchedAt: now(), source: source.label, partial: false };
    }

    const bodySha256 = sha256(bodies);
    const rememberCheck = () => {
      if (source.kind === 'api') {
        writeFetchState(req.out, { origin: source.settings.baseUrl.origin, fetchedAt: meta.fetchedAt, maxAgeSeconds: meta.cacheMaxAge ?? 0, bodySha256 });
      }
    };
    /** Keeps the stored snapshot as it is, saying why. */
    const keep = (why: string): SnapshotOutcome => {
      rememberCheck();
      reporter.info(`${why}; ${req.out} left untouched`);
      return { status: 'unchanged', generatedAt: previous?.generatedAt, warnings: 0, partial: previous?.partial ?? false, bytes: bytesRead };
    };
    const sameData = `unchanged: the data is the same as the stored snapshot's (sha256 ${bodySha256.slice(0, 12)})`;
    if (previous?.bodySha256 === bodySha256 && !req.details) return keep(sameData);

    const data = await reporter.stage(
      'validate',
      () => validateExport(json()),
      (d) => `${d.models.length} configurations, ${d.benches.length} benchmarks, ${d.tags.length} tags, ${d.warnings.length} warnings`,
    );
    sanityGuard(data, previous, req.allowShrink);
    if (previous && data.generatedAt < previous.generatedAt && !req.force) {
      return keep(
        `kept: the API sent an export generated ${new Date(data.generatedAt).toISOString()}, older than the stored one (${new Date(previous.generatedAt).toISOString()}), as a stale cache would; --force accepts it`,
      );
    }

    const warnings = [...data.warnings];
    let details = new Map<string, ModelDetailRecord>();
    if (detailsPath) details = detailsFromFile(detailsPath, data, source.kind === 'file' ? source.maxBytes : 0, meta.fetchedAt, warnings);
    // The ledger of the mirror's requests in the quota period: a file run carries the previous one on.
    let crawl: CrawlRecord | undefined = previous?.crawl
      ? { periodReset: previous.crawl.periodReset ?? undefined, periodRequests: previous.crawl.periodRequests, runDetailRequests: 0 }
      : undefined;
    let runAllowance: number | undefined;
    let runDetailRequests = 0;
    if (req.details && client) {
      const apiClient = client;
      const result = await reporter.stage(
        'details',
        () =>
          fetchDetails(data.models, req.details!, {
            client: apiClient,
            reporter,
            stored: previous?.details ?? new Map(),
            quotaHeaders,
            ledger: previous?.crawl,
            previousRunAt: previous?.fetchedAt,
            spentThisRun: requestsSent,
            now,
            sleep,
          }),
        (r) =>
          `${r.fetched} fetched (${r.fetchedFor.missing} without details, ${r.fetchedFor['bench-count']} with a new benchCount, ${r.fetchedFor.oldest} oldest), ` +
          `${r.hidden} hidden, ${r.requests} of ${r.allowance.requests} allowed requests, ${r.waiting} waiting`,
      );
      reporter.info(describeAllowance(result.allowance, req.details.quotaShare, readQuota(quotaHeaders)));
      if (result.stoppedBecause) reporter.warn(`details stopped early: ${result.stoppedBecause}`);
      warnings.push(...result.warnings);
      details = result.details;
      runAllowance = result.allowance.requests;
      runDetailRequests = result.requests;
      if (previous?.bodySha256 === bodySha256 && details.size === 0) return keep(sameData);
    }
    if (source.kind === 'api') {
      const periodReset = readQuota(quotaHeaders).resetAt ?? nextMonthlyReset(meta.fetchedAt);
      const before = previous?.crawl && previous.crawl.periodReset === periodReset ? previous.crawl.periodRequests : 0;
      crawl = { periodReset, periodRequests: before + requestsSent, runDetailRequests, runAllowance };
    }
    printWarnings(reporter, warnings);

    const written = await reporter.stage(
      'store',
      () =>
        writeSnapshot(req.out, {
          data: { ...data, warnings },
          meta: { ...meta, bodySha256, sample: meta.source === 'sample' || data.fictional },
          details,
          crawl,
          historyLimit: req.historyLimit,
          carryFrom: previous ? req.out : undefined,
        }),
      (r) => `${r.historySnapshots} snapshots of history, ${r.detailsKept} configuration details`,
    );
    reporter.info(`coverage: ${describeCoverage(written.coverage)}`);
    rememberCheck();
    if (meta.partial) reporter.warn('this snapshot is partial: the key may not use the bulk export');
    reporter.info(
      `written: ${req.out} (generatedAt ${new Date(data.generatedAt).toISOString()}, ${data.models.length} configurations, ${data.benches.length} benchmarks, ${data.tags.length} tags)`,
    );
    return {
      status: 'written',
      generatedAt: data.generatedAt,
      counts: { models: data.models.length, benches: data.benches.length, tags: data.tags.length, details: written.detailsKept },
      warnings: warnings.length,
      partial: meta.partial,
      bytes: bytesRead,
    };
  } finally {
    await client?.close();
    release();
  }
}
