/**
 * Sites that publish a snapshot file under /data/ as a build does (src/publish/snapshot-download.ts),
 * or as a damaged or tampered site would, served on loopback by a static server that records every
 * request and can hold one back; and snapshot files with a year of (non-sample) history.
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { validateExport } from '../../src/api/validate.ts';
import { importHistory, type ImportedSnapshot } from '../../src/store/import-history.ts';
import { STATE_DB, STATE_PART_BYTES, statePartName, type PublishedState } from '../../src/store/published-state.ts';
import Database from 'better-sqlite3';
import { placeSnapshotDownload, stageSnapshotDownload } from '../../src/publish/snapshot-download.ts';
import { answer } from '../../src/publish/static-server.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { captureReporter } from './env.ts';
import { fixtureDetails, fixtureExport, GENERATED_AT } from './fixture.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { siteOf } from '../../src/site/settings/config.ts';

const DAY = 86_400_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes `data/manifest.json` of `site` listing `state` and its parts (with their real sizes and sha256). */
function writeManifest(site: string, state: PublishedState): void {
  const files = state.parts.map((path) => {
    const bytes = readFileSync(join(site, 'data', path));
    return { path, bytes: bytes.length, sha256: sha256(bytes), schema: null };
  });
  writeFileSync(join(site, 'data/manifest.json'), JSON.stringify({ generatedAt: state.generatedAt, snapshotDb: state, files }));
}

/** Publishes `snapshot` under `site/data/` exactly as a build does, with a manifest listing it. */
export async function publishAsBuilt(snapshot: string, site: string): Promise<PublishedState> {
  mkdirSync(join(site, 'data'), { recursive: true });
  const stage = join(site, 'stage');
  const staged = await stageSnapshotDownload(snapshot, stage, siteOf(inputOutsideBuild(snapshot, {}).site));
  placeSnapshotDownload(staged, site, stage);
  writeManifest(site, staged.state);
  return staged.state;
}

/**
 * Publishes the SQLite file `db` as it is, bypassing the build's own checks (a tampered or damaged
 * site): gzipped, cut into parts of `partBytes`, the manifest describing it truthfully unless `state` says otherwise.
 */
export function publishRaw(db: string, site: string, state: Partial<PublishedState> = {}, partBytes = STATE_PART_BYTES): PublishedState {
  rmSync(join(site, 'data'), { recursive: true, force: true });
  mkdirSync(join(site, 'data'), { recursive: true });
  const file = readFileSync(db);
  const gz = gzipSync(file);
  const count = Math.ceil(gz.length / partBytes);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = statePartName(i, count);
    writeFileSync(join(site, 'data', name), gz.subarray(i * partBytes, (i + 1) * partBytes));
    parts.push(name);
  }
  // Read as SQL, not through the store's reader: a file of another store version is published too.
  const sqlite = new Database(db, { readonly: true });
  const [generatedAt, fetchedAt] = sqlite.prepare('SELECT generated_at, fetched_at FROM snapshot').raw().get() as [number, number];
  const history = sqlite.prepare('SELECT count(*) FROM history_snapshots').pluck().get() as number;
  const version = sqlite.pragma('user_version', { simple: true }) as number;
  sqlite.close();
  const published: PublishedState = {
    file: STATE_DB,
    encoding: 'gzip',
    storeVersion: version,
    generatedAt: new Date(generatedAt).toISOString(),
    fetchedAt: new Date(fetchedAt).toISOString(),
    historySnapshots: history,
    bytes: file.length,
    sha256: sha256(file),
    parts,
    ...state,
  };
  writeManifest(site, published);
  return published;
}

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface RecordingSite {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1 as the static hosts do (src/publish/static-server.ts's answers), recording
 * every request; `before` may answer a path itself (a status) or hold it back until it resolves, and
 * `headersFor` adds response headers to a path's file.
 */
export function serveRecorded(
  dir: string,
  before?: (path: string, count: number) => Promise<number | void> | number | void,
  headersFor: (path: string) => Record<string, string> = () => ({}),
): Promise<RecordingSite> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: `${url.pathname}${url.search}`, headers: req.headers });
    const count = requests.filter((r) => r.path.split('?')[0] === url.pathname).length;
    void Promise.resolve(before?.(url.pathname, count)).then((status) => {
      if (typeof status === 'number') {
        res.writeHead(status, { 'Content-Length': 0 }).end();
        return;
      }
      const result = answer(dir, '/', url.pathname, url.search);
      if (result.kind === 'redirect') res.writeHead(301, { Location: result.location, 'Content-Length': 0 }).end();
      else if (result.kind === 'not-found') res.writeHead(404, { 'Content-Length': 0 }).end();
      else {
        res.writeHead(result.status, { 'Content-Length': statSync(result.path).size, ...headersFor(url.pathname) });
        createReadStream(result.path).pipe(res);
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}/`,
        requests,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** The fixture export of day `day` (0 = the fixture's own date), its scores moved a little each day so ranks change. */
export function exportOfDay(day: number): ReturnType<typeof fixtureExport> {
  const data = fixtureExport({ hostile: false, generatedAt: GENERATED_AT + day * DAY });
  data.models = data.models.map((m, i) => ({ ...m, supraScore: Math.min(100, Math.max(0, (m.supraScore as number) + (((day * 7 + i * 13) % 11) - 5) / 2)) }));
  return data;
}

/**
 * A snapshot file at `out` with `days` daily snapshots of live (not sample) data ending at the
 * fixture's date, the last one with per-benchmark details: what a year of refreshes leaves.
 */
export async function yearOfHistory(
  dir: string,
  out: string,
  days = 365,
  exportOf: (day: number) => ReturnType<typeof fixtureExport> = exportOfDay,
): Promise<void> {
  function* past(): Generator<ImportedSnapshot> {
    for (let day = -(days - 1); day < 0; day++) {
      yield importedDay(day, exportOf);
    }
  }
  importHistory(out, past(), Math.max(days, 365));
  writeFileSync(join(dir, 'last.json'), JSON.stringify(exportOf(0)));
  writeFileSync(join(dir, 'last-details.json'), JSON.stringify(fixtureDetails({ site: true })));
  const captured = captureReporter();
  const r = await snapshotCli(['--from-file', join(dir, 'last.json'), '--details-file', join(dir, 'last-details.json'), '--out', out], {
    env: { SNAPSHOT_HISTORY_LIMIT: '400' },
    reporter: captured.reporter,
  });
  if (r.code !== 0) throw new Error(`the year of history failed:\n${captured.text()}`);
}

/**
 * The fixture export of day `day`, its scores moved as exportOfDay moves them, with models coming
 * and going: Plain Seven leaves after day -30; Fresh One (a newcomer, the best at reasoning and the
 * only one at agents) arrives on day -40; Early Bird is there only until day -200.
 */
export function changingExportOfDay(day: number): ReturnType<typeof fixtureExport> {
  const data = exportOfDay(day);
  data.models = data.models.filter((m) => m.slug !== 'plain-7' || day <= -30);
  if (day >= -40)
    data.models.push({
      slug: 'fresh-1',
      name: 'Fresh One',
      provider: 'Newcomer Labs',
      familyTag: 'fresh-1',
      tags: ['reasoning', 'agents'],
      supraScore: 95 + (day % 3) / 4,
      benchCount: 2,
      updatedAt: data.generatedAt - DAY,
    });
  if (day <= -200)
    data.models.push({
      slug: 'early-bird',
      name: 'Early Bird',
      provider: 'Dawn Systems',
      familyTag: 'early-bird',
      tags: ['math'],
      supraScore: 45,
      benchCount: 1,
      updatedAt: data.generatedAt - DAY,
    });
  return data;
}

/** Day `day`'s export, validated, as the import takes a snapshot the API answered a minute after it was generated. */
function importedDay(day: number, exportOf: (day: number) => ReturnType<typeof fixtureExport>): ImportedSnapshot {
  const data = validateExport(exportOf(day));
  return {
    data,
    meta: {
      fetchedAt: data.generatedAt + 60_000,
      source: 'api',
      apiOrigin: 'http://127.0.0.1:1',
      sample: false,
      bodySha256: sha256(Buffer.from(String(day))),
      partial: false,
    },
  };
}

/** A snapshot file at `out` whose history is the exports of `days` (ascending), the last one its current snapshot, without details. */
export function importDays(out: string, days: readonly number[], exportOf: (day: number) => ReturnType<typeof fixtureExport> = changingExportOfDay): void {
  importHistory(
    out,
    days.map((day) => importedDay(day, exportOf)),
    400,
  );
}

/**
 * A year of history with models coming and going (changingExportOfDay), the last day with details, and
 * a model gone since recorded as a file before store version 5 recorded it (no vendor, no tags).
 */
export async function yearOfChanges(dir: string, out: string, days = 365): Promise<void> {
  await yearOfHistory(dir, out, days, changingExportOfDay);
  const db = new Database(out);
  try {
    db.prepare("UPDATE history_names SET provider = NULL, tags = NULL WHERE kind = 'model' AND slug = 'early-bird'").run();
  } finally {
    db.close();
  }
}
