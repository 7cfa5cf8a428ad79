/** Phase 2 of the snapshot step (src/snapshot/run-snapshot.ts): the answer to store, from the API (when it is not fresh or unchanged) or from a file. */
import { parseComputedAt, parseLastModified, parseSchemaVersion } from '../api/response-meta.ts';
import type { PreviousSnapshot } from '../store/read-snapshot.ts';
import type { SnapshotMeta } from '../store/current-rows.ts';
import { Deadline } from '../core/deadline.ts';
import { fetchExport, headerWarnings } from './fetch-export.ts';
import { parseHttpDate } from '../api/http-dates.ts';
import { apiChangeAnnotations } from '../core/annotations.ts';
import { formatBytes } from '../core/reporter.ts';
import { cacheMaxAge, isFresh, readFetchState, writeFetchState } from './fetch-state.ts';
import type { SnapshotInput } from './snapshot-request.ts';
import { clientFor, ran, type Run, type Step } from './run-state.ts';
import { parseJsonFile } from './details-file.ts';

/** An answer to store: its bodies, how to parse them, what it says of itself, its quota headers, and a details file's bytes. */
export interface Body {
  bodies: Buffer[];
  json: () => unknown;
  meta: Omit<SnapshotMeta, 'bodySha256' | 'sample'>;
  quotaHeaders: Record<string, string>;
  detailsBytes?: Buffer | undefined;
}

/** Phase 2 from the API: no request within the stored answer's cache lifetime, 304 when it has not changed, else the export. */
export async function fetchFromApi(
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
export function fromFile(run: Run, file: Extract<SnapshotInput, { kind: 'file' }>, [bytes, details]: Buffer[]): Body {
  return {
    bodies: details ? [bytes!, details] : [bytes!],
    json: () => parseJsonFile(bytes!, file.path),
    meta: { fetchedAt: run.now(), source: file.label, partial: false },
    quotaHeaders: {},
    detailsBytes: details,
  };
}
