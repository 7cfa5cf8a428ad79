/**
 * The v1 API simulator: a node:http server on loopback serving one export object.
 *
 * Behaviour the contract leaves "not shown", as chosen here:
 * - Auth comes first on every path. A missing or malformed `Authorization` header, or an unknown key,
 *   is 401 `invalid_key`; a revoked key is 401 `key_revoked`. 401s carry `WWW-Authenticate: Bearer`
 *   and no limit headers. The key's format is not checked: an unknown value is simply unknown.
 * - Limits: the quota is checked before the rate limit (when it is used up, waiting a minute does not
 *   help). A request that passes auth and both limits counts once against both, whatever the route
 *   then answers (400, 403, 404, 405 and 500 included). 401s and 429s do not count.
 * - Every answer after auth (errors too, 429s included) carries X-RateLimit-* and X-Quota-*; error
 *   answers carry `Cache-Control: no-store`.
 * - A non-integer `limit` is 400 `invalid_param` on /v1/models and /v1/best as on /v1/benches; an
 *   integer out of range is clamped (negative and 0 to 1). An empty `limit=` is not an integer.
 * - `tag` matches exactly (no case folding). On /v1/models an empty `tag=` means no filter; on
 *   /v1/best a missing or empty tag is 400 `bad_request`, and a tag no model carries gives `[]`.
 * - Ties in supraScore or effectiveWeight are broken by slug, so the order is deterministic; tags are
 *   in code-point order. Unknown query parameters are ignored (the API adds optional ones).
 * - `/v1/models/` is 400 `bad_request` (empty slug); a slug containing `/` or broken
 *   percent-encoding, or one that is only in `details`, is 404 `not_found`.
 * - Hidden slugs leave /v1/models, /v1/best and detail lookup; /v1/export.json still serves the
 *   export's exact bytes, so a body hash stays stable.
 * - Unknown path: 404 `not_found`. Any method but GET (HEAD included): 405 `method_not_allowed` with
 *   `Allow: GET`, after auth and counted like any routed answer.
 * - Last-Modified: the latest `updatedAt` of the rows in the body (of all models for the export);
 *   bodies without any (benches, tags, an empty list) use the export's generatedAt, which is also
 *   X-Computed-At. A detail without `updatedAt` uses its summary's.
 * - An export body that is not a JSON object is still served byte for byte at /v1/export.json (so
 *   clients' validation can be tested); the other endpoints then answer 500 `internal_error`.
 * - Faults apply after auth: a request refused with 401 consumes no fault. Only the first matching
 *   fault is used per request. A replacing fault (status, rate_limited, quota_exceeded, redirect,
 *   drop) answers instead of the API, skips the limits, sends only the headers it describes, and
 *   counts against the limits only when its status is 2xx. A damaging fault (slow-headers, cut-body,
 *   stall-body, invalid-json, body, headers) spoils the API's normal answer, which went through the
 *   limits and counted as usual; invalid-json and body keep the normal status (200 for a valid
 *   request). A slow-headers answer is decided (and counted) on arrival and sent after the delay.
 *   cut-body and stall-body send at most length - 1 bytes, so the body is always short.
 *
 * What the service has announced or may do, each off unless asked for (live.ts, routes.ts, encoding.ts):
 * - `live.refreshEveryMs`: the first request after each tick of that clock sees a ranking refresh:
 *   every configuration's updatedAt and the export's generatedAt become the tick (the export is
 *   re-serialized). `refreshRankings()` does one now. `live.churn` changes that many details at each
 *   refresh (a new counted submission: benchCount + 1; a vote flip: the score counts or stops
 *   counting); `changeDetails()` does it now. `live.vanishPerExport`: after each (last page of an)
 *   export, that many configurations vanish: 404 on lookup at once, out of the export at the next
 *   refresh. `hide()` hides configurations now (the export keeps them).
 * - `pageSize`: the export (each collection), /v1/tags, /v1/models and /v1/benches in pages of that
 *   size (of `limit` when smaller), each with `X-Next-Cursor` while rows remain; `?after=` takes it.
 *   A cursor it did not give out is 400 invalid_param. Without `pageSize`, `after` is ignored.
 * - `conditional`: 304 (no body, the success headers, counted) when If-Modified-Since is an HTTP-date
 *   at or after Last-Modified.
 * - `compression`: 200 answers in br or gzip when Accept-Encoding allows (br first); the body fault
 *   may send its own bytes compressed (`encoding`), other replaced bodies go uncompressed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { datasetOf, loadDataset, type Dataset } from './dataset.ts';
import { damage, faultAnswer, FaultQueue, isReplacing, jsonBody, type DamagingFault } from './faults.ts';
import { encodeAnswer } from './encoding.ts';
import { churnDetails, pickVanishing, refreshRankings, refreshTick, type DetailChurn, type LiveOptions } from './live.ts';
import { authenticate } from './keys.ts';
import { allowanceOf, minuteBucket, UsageCounters, type Verdict } from './limits.ts';
import { isNotModified, route, type RouteError } from './routes.ts';
import type { Answer, KeySpec, RequestLogEntry, Simulator, SimulatorOptions } from './types.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Loopback only: the simulator hands out demo keys and must never be reachable from a network. */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function errorAnswer(error: Omit<RouteError, 'ok'>, headers: Record<string, string> = {}): Answer {
  return {
    status: error.status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', 'x-schema-version': 'v1', ...headers, ...error.headers },
    body: jsonBody({ error: { code: error.code, message: error.message, hint: error.hint } }),
  };
}

/** The request target as a URL; an origin-form target keeps a leading `//` in its path. */
function parseTarget(target: string): { pathname: string; search: string; query: URLSearchParams } {
  try {
    const url = new URL(target.startsWith('/') ? `http://simulator${target}` : target);
    return { pathname: url.pathname, search: url.search.replace(/^\?/, ''), query: url.searchParams };
  } catch {
    return { pathname: target, search: '', query: new URLSearchParams() };
  }
}

/** A 429 of the limits, with the limit headers and when to retry. */
function limitRefusal(verdict: Exclude<Verdict, { ok: true }>, limitHeaders: Record<string, string>): Answer {
  const headers = { ...limitHeaders, 'retry-after': String(verdict.retryAfter) };
  return verdict.code === 'rate_limited'
    ? errorAnswer(
        {
          status: 429,
          code: 'rate_limited',
          message: 'Per-minute rate limit exceeded.',
          hint: `Retry after ${verdict.retryAfter} s with exponential backoff.`,
        },
        headers,
      )
    : errorAnswer(
        {
          status: 429,
          code: 'quota_exceeded',
          message: 'Monthly quota exceeded.',
          hint: 'Wait for the monthly reset (X-Quota-Reset) or upgrade the tier; retrying does not help.',
        },
        headers,
      );
}

/** What the simulated API serves and how it changes: the export and its details, hidden and vanished slugs, the refresh clock, the limits. */
class SimulatedApi {
  data: Dataset;
  details: Record<string, unknown>;
  readonly hidden: Set<string>;
  /** Vanished since the last ranking refresh: 404 on lookup now, out of the export at the next refresh. */
  readonly vanished = new Set<string>();
  readonly counters = new UsageCounters();
  readonly seed: number;
  private readonly options: SimulatorOptions;
  private readonly live: LiveOptions;
  private readonly now: () => number;
  private tick: number;

  constructor(options: SimulatorOptions, now: () => number) {
    this.options = options;
    this.now = now;
    this.hidden = new Set(options.hiddenSlugs ?? []);
    this.details = { ...options.details };
    this.data = loadDataset(options.exportBody, this.details, this.hidden, now());
    this.live = options.live ?? {};
    this.seed = this.live.seed ?? 1;
    this.tick = this.live.refreshEveryMs ? refreshTick(now(), this.live.refreshEveryMs) : 0;
  }

  /** The dataset of a changed export: serialized once, hidden and vanished slugs left out of the lists. */
  rebuild(root: Dataset['root'], body?: Buffer): void {
    this.data = datasetOf(
      body ?? Buffer.from(JSON.stringify(root), 'utf8'),
      root,
      undefined,
      this.details,
      new Set([...this.hidden, ...this.vanished]),
      this.now(),
    );
  }

  refreshAt(at: number): void {
    if (this.data.unusable !== undefined) return;
    let root = refreshRankings(this.data.root, at, this.vanished);
    this.vanished.clear();
    if (this.live.churn) ({ root, details: this.details } = churnDetails(root, this.details, this.live.churn, this.seed, at));
    this.rebuild(root);
  }

  /** On a refresh clock, the first request after a tick sees the ranking refresh. */
  advance(at: number): void {
    if (!this.live.refreshEveryMs) return;
    const t = refreshTick(at, this.live.refreshEveryMs);
    if (t > this.tick) {
      this.tick = t;
      this.refreshAt(t);
    }
  }

  /** What the API itself answers: limits, then the route, with the headers of the contract. */
  answer(method: string, pathname: string, query: URLSearchParams, key: string, spec: KeySpec, at: number, ifModifiedSince?: string): Answer {
    const { counters, data } = this;
    const allowance = allowanceOf(spec);
    const verdict = counters.verdict(key, allowance, at);
    if (!verdict.ok) return limitRefusal(verdict, counters.headers(key, allowance, at));
    counters.record(key, at);
    const limitHeaders = counters.headers(key, allowance, at);
    const outcome = route(method, pathname, query, data, spec.tier, { pageSize: this.options.pageSize });
    if (!outcome.ok) return errorAnswer(outcome, limitHeaders);
    const headers = {
      ...limitHeaders,
      'x-computed-at': String(data.computedAt),
      'x-schema-version': 'v1',
      'last-modified': new Date(outcome.lastModified).toUTCString(),
      'cache-control': `private, max-age=${outcome.cacheSeconds}`,
      ...(outcome.nextCursor ? { 'x-next-cursor': outcome.nextCursor } : {}),
    };
    if (this.options.conditional && isNotModified(ifModifiedSince, outcome.lastModified)) return { status: 304, headers, body: Buffer.alloc(0) };
    if (pathname === '/v1/export.json' && !outcome.nextCursor && this.live.vanishPerExport) {
      // Gone between this export and the lookups that follow it.
      for (const slug of pickVanishing(data.models, this.live.vanishPerExport, this.seed, at)) this.vanished.add(slug);
      this.rebuild(data.root, data.exportBody);
    }
    return {
      status: 200,
      headers: { 'content-type': JSON_TYPE, ...headers },
      body: Buffer.isBuffer(outcome.body) ? outcome.body : jsonBody(outcome.body),
    };
  }
}

/** The server's side of the requests: their log and its waiters, the queued faults, the timers of slow answers. */
interface Traffic {
  requests: RequestLogEntry[];
  /** Waiters of `received`, by path. */
  awaited: Map<string, ((entry: RequestLogEntry) => void)[]>;
  faults: FaultQueue;
  timers: Set<NodeJS.Timeout>;
}

function writeHead(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
}

function send(res: ServerResponse, entry: RequestLogEntry, answer: Answer): void {
  entry.status = answer.status;
  writeHead(res, answer);
  res.end(answer.body);
}

/** At most length - 1 bytes, so the client always sees fewer bytes than Content-Length. */
const partOf = (body: Buffer, afterBytes: number): Buffer => body.subarray(0, Math.min(afterBytes, Math.max(0, body.length - 1)));

/** Delivers an answer a damaging fault spoiled: late, cut, stalled, or as it is. */
function deliverDamaged(
  req: IncomingMessage,
  res: ServerResponse,
  entry: RequestLogEntry,
  answer: Answer,
  fault: DamagingFault,
  timers: Set<NodeJS.Timeout>,
): void {
  switch (fault.type) {
    case 'slow-headers': {
      entry.status = answer.status;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(res, entry, answer);
      }, fault.delayMs);
      timers.add(timer);
      res.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
      return;
    }
    case 'cut-body':
      writeHead(res, answer);
      // Destroy only once the partial body has reached the socket, so the client really gets it.
      res.write(partOf(answer.body, fault.afterBytes), () => req.socket.destroy());
      return;
    case 'stall-body':
      writeHead(res, answer);
      res.write(partOf(answer.body, fault.afterBytes)); // then silence, until the client or close() gives up
      return;
    default:
      return send(res, entry, answer);
  }
}

/** One request: logged, authenticated, then answered by a replacing fault, or by the API (spoiled by a damaging fault). */
function handle(api: SimulatedApi, traffic: Traffic, options: SimulatorOptions, at: number, req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET';
  const { pathname, search, query } = parseTarget(req.url ?? '/');
  const auth = authenticate(req.headers.authorization, options.keys);
  const entry: RequestLogEntry = {
    at,
    method,
    path: pathname,
    query: search,
    key: auth.key,
    hadAuthorization: req.headers.authorization !== undefined,
    ifModifiedSince: req.headers['if-modified-since'],
    acceptEncoding: req.headers['accept-encoding'],
    status: 'fault',
    minuteBucket: minuteBucket(at),
  };
  traffic.requests.push(entry);
  for (const wake of traffic.awaited.get(pathname) ?? []) wake(entry);
  traffic.awaited.delete(pathname);
  if (!auth.ok) {
    const hint = auth.code === 'key_revoked' ? 'Create a new key in the web profile.' : 'Send "Authorization: Bearer <API_KEY>" with a valid key.';
    return send(res, entry, errorAnswer({ status: 401, code: auth.code, message: auth.message, hint }, { 'www-authenticate': 'Bearer realm="v1"' }));
  }

  const fault = traffic.faults.take(pathname);
  if (fault?.type === 'drop') {
    req.socket.destroy();
    return;
  }
  if (fault !== undefined && isReplacing(fault)) {
    const answer = faultAnswer(fault, at);
    if (answer.status >= 200 && answer.status < 300) api.counters.record(auth.key, at);
    return send(res, entry, answer);
  }

  api.advance(at);
  const answered = api.answer(method, pathname, query, auth.key, auth.spec, at, entry.ifModifiedSince);
  const normal = options.compression ? encodeAnswer(answered, req.headers['accept-encoding']) : answered;
  if (fault === undefined) return send(res, entry, normal);
  deliverDamaged(req, res, entry, damage(normal, fault), fault, traffic.timers);
}

/** Listens on `host` and gives the base address. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackAddress(host)) throw new Error(`the simulator listens on loopback only, not on "${host}"`);
  const now = options.now ?? Date.now;
  const api = new SimulatedApi(options, now);
  const traffic: Traffic = { requests: [], awaited: new Map(), faults: new FaultQueue(), timers: new Set() };
  const { requests, awaited, faults, timers } = traffic;
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    try {
      handle(api, traffic, options, now(), req, res);
    } catch (err) {
      // A bug here must not hang a test: answer 500 if nothing went out yet, else cut the connection.
      if (res.headersSent) req.socket.destroy();
      else res.writeHead(500, { 'content-type': JSON_TYPE }).end(jsonBody({ error: { code: 'internal_error', message: String(err) } }));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const url = await listen(server, options.port ?? 0, host);

  let closing: Promise<void> | undefined;
  return {
    url,
    requests,
    received(path) {
      const seen = requests.find((r) => r.path === path);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => awaited.set(path, [...(awaited.get(path) ?? []), resolve]));
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
    addFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    setExport(body, given) {
      api.details = { ...given };
      api.vanished.clear();
      api.data = loadDataset(body, api.details, api.hidden, now());
    },
    refreshRankings: () => api.refreshAt(now()),
    changeDetails(churn: DetailChurn) {
      if (api.data.unusable !== undefined) return;
      const changed = churnDetails(api.data.root, api.details, churn, api.seed, now());
      api.details = changed.details;
      api.rebuild(changed.root);
    },
    hide(slugs) {
      for (const slug of slugs) api.hidden.add(slug);
      api.rebuild(api.data.root, api.data.exportBody);
    },
    current: () => ({ exportBody: api.data.exportBody, details: { ...api.details } }),
    usage: (key) => api.counters.view(key, now()),
  };
}
