/**
 * The snapshot's second home: a run that finds no snapshot restores the one its site publishes,
 * before it fetches. End to end: a year of history and details published by a build, served by
 * `npm run preview`, restored by a refresh against the simulator after the local file is deleted
 * (both the real build around the stub render of test/helpers/stub-render.ts: what is restored is
 * the snapshot file the build publishes, not a page Astro renders). Then each refusal, each run of the real snapshot step against a site on loopback that
 * publishes a damaged, older, other-version or key-holding file: refused in one line, and the run
 * goes on without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { demoKey, startSimulator, type Simulator } from '../../src/dev/simulator/index.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { refreshCli } from '../../src/publish/refresh-cli.ts';
import { MISMATCH_WAITS_MS, restoreState } from '../../src/snapshot/restore-state.ts';
import { readRunReport } from '../../src/snapshot/run-report.ts';
import { readClientTuning } from '../../src/api/settings.ts';
import { Deadline } from '../../src/core/deadline.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { STORE_VERSION } from '../../src/store/schema.ts';
import { captureReporter, fastClientEnv, fingerprint, runScript, tempDir } from '../helpers/env.ts';
import { GENERATED_AT } from '../helpers/fixture.ts';
import { killHard, startScript } from '../helpers/processes.ts';
import { stubRender } from '../helpers/stub-render.ts';
import { exportOfDay, publishAsBuilt, publishRaw, serveRecorded, yearOfHistory, type RecordingSite } from '../helpers/published-site.ts';
import { treeOf } from '../helpers/files.ts';

const KEY = demoKey('partner');
const DAY = 86_400_000;
let dir: { path: string; cleanup: () => void };
let sim: Simulator;
/** A snapshot of 365 days with details, as a year of refreshes leaves it. */
let year: string;

const snapshotOf = (path: string) =>
  withSnapshot(path, (r) => ({
    generatedAt: r.info().generatedAt,
    history: r.historySnapshots().map((h) => h.generatedAt),
    details: r.details().length,
    scores: r.scores().length,
    sample: r.info().sample,
  }));

beforeAll(async () => {
  dir = tempDir('mirror-restore-');
  year = join(dir.path, 'year.db');
  await yearOfHistory(dir.path, year);
  // The next day's export, as the API would answer the run after the cache was lost.
  sim = await startSimulator({ exportBody: JSON.stringify(exportOfDay(1)), keys: { [KEY]: { tier: 'partner' } } });
}, 120_000);

afterAll(async () => {
  await sim?.close();
  dir?.cleanup();
});

describe('a refresh whose snapshot is gone (a lost Actions cache, a Netlify build)', () => {
  it('restores the year of history and the details from the site `npm run preview` serves, then fetches, builds and publishes it again', async () => {
    const before = snapshotOf(year);
    expect(before.history).toHaveLength(365);
    expect(before.details).toBeGreaterThan(0);
    // The site a refresh of that snapshot published.
    const site = join(dir.path, 'published-dist');
    const built = await runScript('../test/helpers/stub-build.ts', ['--snapshot', year, '--out', site], {}, { timeoutMs: 600_000 });
    expect(built.code, built.stderr).toBe(0);
    const preview = startScript('preview.ts', ['--dir', site, '--port', '0'], {});
    try {
      await preview.waitFor('Serving ', 60_000);
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(preview.stdout())![1]!;
      // The local file and its fetch state are gone: all that is left is the published site.
      const local = join(dir.path, 'fresh-checkout', 'snapshot.db');
      mkdirSync(join(dir.path, 'fresh-checkout'));
      const requestsBefore = sim.requests.length;
      const r = await runScript(
        '../test/helpers/stub-refresh.ts',
        ['--out', local, '--dist', join(dir.path, 'fresh-checkout', 'dist'), '--details', '0'],
        { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY, SITE_URL: url, SNAPSHOT_HISTORY_LIMIT: '400' },
        { timeoutMs: 600_000 },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(
          `restored: ${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} from ${url}data/ \\(the snapshot of ${new Date(GENERATED_AT).toISOString()}, 365 snapshots of history, ${before.details} of 12 configurations with details; [\\d.]+ MB in 1 part, sha256 verified, [\\d.]+ s\\)`,
        ),
      );
      // Restored before the fetch: the export was asked once, and stored over the restored history.
      expect(sim.requests.length - requestsBefore).toBe(1);
      const after = snapshotOf(local);
      expect(after.history).toEqual([GENERATED_AT + DAY, ...before.history]);
      expect(after.details).toBe(before.details);
      expect(after.scores).toBe(before.scores);
      // The new site publishes the grown history in turn.
      const manifest = JSON.parse(readFileSync(join(dir.path, 'fresh-checkout/dist/data/manifest.json'), 'utf8'));
      expect(manifest.snapshotDb).toMatchObject({
        historySnapshots: 366,
        generatedAt: new Date(GENERATED_AT + DAY).toISOString(),
        storeVersion: STORE_VERSION,
      });
    } finally {
      await killHard(preview);
    }
  }, 900_000);
});

describe('the restore, against a site on loopback', () => {
  let count = 0;
  let site: RecordingSite | undefined;
  /** A folder for one case: its site's files and the run's --out. */
  const caseDir = () => {
    const path = join(dir.path, `case-${++count}`);
    mkdirSync(join(path, 'site'), { recursive: true });
    return { path, site: join(path, 'site'), out: join(path, 'snapshot.db') };
  };
  const serve = async (folder: string, before?: Parameters<typeof serveRecorded>[1], headersFor?: Parameters<typeof serveRecorded>[2]) =>
    (site = await serveRecorded(folder, before, headersFor));
  /**
   * The real snapshot step, as `npm run snapshot` runs it, with the site's address as SITE_URL. Its
   * waits are recorded, not waited: `waits` are those of a second or more (the restore's rounds).
   */
  const snapshot = async (out: string, siteUrl: string, extra: Record<string, string> = {}, flags: string[] = []) => {
    const captured = captureReporter([KEY]);
    const waits: number[] = [];
    const report = join(dirname(out), 'report.json');
    const r = await snapshotCli(['--out', out, '--details', '0', '--report', report, ...flags], {
      env: {
        ...fastClientEnv(sim.url, KEY),
        SITE_URL: siteUrl,
        SNAPSHOT_HISTORY_LIMIT: '400',
        ...extra,
      },
      reporter: captured.reporter,
      sleep: async (ms) => {
        if (ms >= 1000) waits.push(ms);
      },
    });
    return { code: r.code, outcome: r.outcome, text: captured.text(), waits, report: readRunReport(report) };
  };
  /** Every file of the published site, byte for byte. */
  const siteFiles = (folder: string) => treeOf(folder);
  /** The run ended with nothing written: no snapshot, no temporary file beside it, the published site as it was. */
  const nothingWritten = (c: ReturnType<typeof caseDir>, published: ReturnType<typeof siteFiles>) => {
    expect(existsSync(c.out)).toBe(false);
    expect(readdirSync(c.path).filter((f) => f.startsWith('snapshot.db'))).toEqual(['snapshot.db.lock']);
    expect(siteFiles(c.site)).toEqual(published);
  };
  /** A copy of the year's file, changed by `sql`. */
  const changed = (path: string, sql: string) => {
    copyFileSync(year, path);
    const db = new Database(path);
    db.exec(sql);
    db.close();
    return path;
  };
  /** The run went on without the published file: a new history of one snapshot, exit 0. */
  const startedAnew = (out: string) => expect(snapshotOf(out).history).toEqual([GENERATED_AT + DAY]);

  afterAll(async () => {
    await site?.close();
  });
  const closeSite = async () => {
    await site?.close();
    site = undefined;
  };

  it('restores a site published as the build publishes it, and never sends it the API key or any credential', async () => {
    const c = caseDir();
    await publishAsBuilt(year, c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      expect(r.code, r.text).toBe(0);
      expect(r.text).toMatch(/^restored: /m);
      expect(r.outcome?.restore).toMatchObject({ status: 'restored', historySnapshots: 365 });
      expect(snapshotOf(c.out).history).toHaveLength(366);
      expect(s.requests.length).toBeGreaterThanOrEqual(2);
      for (const req of s.requests) {
        expect(req.headers.authorization).toBeUndefined();
        expect(JSON.stringify(req)).not.toContain(KEY.slice(-20));
      }
      // Each address is unique to what is asked, so no cache in front of the site can hand back another deploy's file.
      expect(s.requests.map((q) => q.path)).toEqual([
        expect.stringMatching(/^\/data\/manifest\.json\?restore=\d+$/),
        expect.stringMatching(/^\/data\/snapshot\.db\.gz\?restore=[0-9a-f]{64}$/),
      ]);
    } finally {
      await closeSite();
    }
  });

  it('restores from STATE_URL, a release beside the site that redirects to its storage as GitHub does, what a build with STATE_URL left beside dist/', async () => {
    const c = caseDir();
    // The file storage a release download redirects to, and the release: /releases/download/mirror-state/NAME answers 302 to it.
    // Empty until the build leaves its state there: the build finds no live manifest to hold its history to.
    mkdirSync(join(c.path, 'dist-state'));
    const storage = await serveRecorded(join(c.path, 'dist-state'));
    const asked: string[] = [];
    const release = createServer((req, res) => {
      asked.push(`${req.url} ${req.headers.authorization ?? ''}`);
      const m = /^\/o\/r\/releases\/download\/mirror-state\/([^?]+)/.exec(req.url ?? '');
      if (m) res.writeHead(302, { Location: `${storage.url}${m[1]}?X-Amz-Signature=abc`, 'Content-Length': 0 }).end();
      else res.writeHead(404, { 'Content-Length': 0 }).end();
    });
    await new Promise<void>((resolve) => release.listen(0, '127.0.0.1', resolve));
    const stateUrl = `http://127.0.0.1:${(release.address() as { port: number }).port}/o/r/releases/download/mirror-state/`;
    try {
      const dist = join(c.path, 'dist');
      const built = await runScript('../test/helpers/stub-build.ts', ['--snapshot', year, '--out', dist], {
        STATE_URL: stateUrl,
        SITE_URL: 'https://mirror.example.net/',
      });
      expect(built.code, built.stderr).toBe(0);
      expect(built.stdout).toContain(`published at ${stateUrl} (STATE_URL), from ${join(c.path, 'dist-state')}/, not in the site`);
      // Nothing of the file in the site; its manifest names where it is.
      expect(readdirSync(join(dist, 'data')).filter((f) => f.startsWith('snapshot') && f.includes('.gz'))).toEqual([]);
      const siteManifest = JSON.parse(readFileSync(join(dist, 'data/manifest.json'), 'utf8'));
      expect(siteManifest.snapshotDb.url).toBe(stateUrl);
      expect(siteManifest.snapshotDb.parts).toEqual([expect.stringMatching(/^snapshot-[0-9a-f]{12}\.db\.gz$/)]);
      expect(siteManifest.snapshotDb.sha256.startsWith(siteManifest.snapshotDb.parts[0].slice(9, 21))).toBe(true);
      expect(siteManifest.files.map((f: { path: string }) => f.path)).not.toContain(siteManifest.snapshotDb.parts[0]);
      // Beside dist/: the parts and a manifest of their own, for the workflow to upload.
      expect(readdirSync(join(c.path, 'dist-state')).sort()).toEqual(['manifest.json', siteManifest.snapshotDb.parts[0]]);

      const r = await snapshot(c.out, 'http://127.0.0.1:9/', { STATE_URL: stateUrl });
      expect(r.code, r.text).toBe(0);
      expect(r.text).toMatch(
        new RegExp(`^restored: .* from ${stateUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the snapshot of .*, 365 snapshots of history`, 'm'),
      );
      expect(snapshotOf(c.out).history).toHaveLength(366);
      // Through the redirect, to the storage, with no credential on either host: the build's look at the live manifest, then the restore's.
      expect(asked.map((a) => a.split('?')[0])).toEqual([
        '/o/r/releases/download/mirror-state/manifest.json',
        '/o/r/releases/download/mirror-state/manifest.json',
        `/o/r/releases/download/mirror-state/${siteManifest.snapshotDb.parts[0]}`,
      ]);
      expect(asked.every((a) => a.endsWith(' '))).toBe(true);
      expect(storage.requests.map((q) => q.path.split('?')[0])).toEqual(['/manifest.json', '/manifest.json', `/${siteManifest.snapshotDb.parts[0]}`]);
      for (const q of storage.requests) expect(q.headers.authorization).toBeUndefined();

      // A later build without STATE_URL publishes the file in the site again, and leaves no stale folder beside it to upload.
      const again = await runScript('../test/helpers/stub-build.ts', ['--snapshot', year, '--out', dist], { SITE_URL: 'https://mirror.example.net/' });
      expect(again.code, again.stderr).toBe(0);
      expect(existsSync(join(c.path, 'dist-state'))).toBe(false);
      expect(existsSync(join(dist, 'data/snapshot.db.gz'))).toBe(true);
    } finally {
      await storage.close();
      await new Promise((resolve) => {
        release.close(resolve);
        release.closeAllConnections();
      });
    }
  }, 120_000);

  it('joins a file published in several parts', async () => {
    const c = caseDir();
    const state = publishRaw(year, c.site, {}, 4096);
    expect(state.parts.length).toBeGreaterThan(2);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      expect(r.outcome?.restore).toMatchObject({ status: 'restored', parts: state.parts.length });
      expect(snapshotOf(c.out).history).toHaveLength(366);
    } finally {
      await closeSite();
    }
  });

  it('takes a part as the bytes it is when its host labels the .gz file gzip-encoded (as some hosts and bucket metadata do)', async () => {
    const c = caseDir();
    await publishAsBuilt(year, c.site);
    const s = await serve(c.site, undefined, (path): Record<string, string> => (path.endsWith('.gz') ? { 'Content-Encoding': 'gzip' } : {}));
    try {
      const r = await snapshot(c.out, s.url);
      expect(r.outcome?.restore, r.text).toMatchObject({ status: 'restored' });
      expect(s.requests.find((q) => q.path.startsWith('/data/snapshot.db.gz'))?.headers['accept-encoding']).toBe('identity');
    } finally {
      await closeSite();
    }
  });

  /** The rounds of a mismatch: the manifest asked once a round, the waits between them spread over a minute or two, then exit 7. */
  const endedAfterRounds = (r: Awaited<ReturnType<typeof snapshot>>, s: RecordingSite) => {
    expect(r.code, r.text).toBe(7);
    expect(r.waits).toEqual(MISMATCH_WAITS_MS);
    const total = r.waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(60_000);
    expect(total).toBeLessThanOrEqual(120_000);
    expect(s.requests.filter((q) => q.path.startsWith('/data/manifest.json'))).toHaveLength(MISMATCH_WAITS_MS.length + 1);
    expect(r.report).toEqual({ code: 7, historyStop: { kind: 'checksum', why: expect.stringContaining('is not as its manifest lists it') } });
  };

  it('ends the run (exit 7, nothing written) when a part with one flipped byte still fails its checksum after rounds spread over a minute or two', async () => {
    const c = caseDir();
    const state = publishRaw(year, c.site, {}, 4096);
    const part = join(c.site, 'data', state.parts[1]!);
    const bytes = readFileSync(part);
    bytes[100] = bytes[100]! ^ 0xff;
    writeFileSync(part, bytes);
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedAfterRounds(r, s);
      expect(r.text).toMatch(
        new RegExp(
          `^error: the snapshot published at ${s.url}data/manifest\.json is not as its manifest lists it, 5 times over 100 s: snapshot\.db\.gz\.part-002 fails its checksum .* — nothing was written: a deploy may still be settling, and the next run tries again; .*run with --new-history$`,
          'm',
        ),
      );
      expect(r.text.trim().split('\n').at(-1)).toMatch(/^exit 7: .*; the previous snapshot is untouched$/);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  it("ends the run (exit 7, nothing written) when a CDN mid-deploy serves the previous deploy's part behind the new manifest, round after round", async () => {
    const c = caseDir();
    // The previous deploy's part, under the name the new manifest gives its own.
    publishRaw(year, c.site);
    const old = readFileSync(join(c.site, 'data/snapshot.db.gz'));
    publishRaw(changed(join(c.path, 'next.db'), `UPDATE snapshot SET generated_at = ${GENERATED_AT + DAY / 2}`), c.site);
    writeFileSync(join(c.site, 'data/snapshot.db.gz'), old);
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedAfterRounds(r, s);
      // The previous part is longer or shorter than the one the manifest lists (the year's file holds the times of the
      // run that made it): longer, it passes the byte cap the manifest gives it; shorter, it fails its checksum. Either is
      // the same mismatch, asked again round after round.
      expect(r.text).toMatch(
        /^error: the snapshot published at .* is not as its manifest lists it, 5 times over 100 s: snapshot\.db\.gz(?: fails its checksum|: \/data\/snapshot\.db\.gz: the response passed the \d+-byte cap)/m,
      );
      expect(s.requests.filter((q) => q.path.startsWith('/data/snapshot.db.gz'))).toHaveLength(MISMATCH_WAITS_MS.length + 1);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  it('takes the new file once the CDN has settled: a round after the mismatch restores it', async () => {
    const c = caseDir();
    publishRaw(year, c.site);
    const good = readFileSync(join(c.site, 'data/snapshot.db.gz'));
    const stale = Buffer.from(good);
    stale[200] = stale[200]! ^ 0xff;
    writeFileSync(join(c.site, 'data/snapshot.db.gz'), stale);
    // The second request for the part finds the deploy settled.
    const s = await serve(c.site, (path, n) => {
      if (path === '/data/snapshot.db.gz' && n === 2) writeFileSync(join(c.site, 'data/snapshot.db.gz'), good);
    });
    try {
      const r = await snapshot(c.out, s.url);
      expect(r.code, r.text).toBe(0);
      expect(r.waits).toEqual(MISMATCH_WAITS_MS.slice(0, 1));
      expect(r.outcome?.restore).toMatchObject({ status: 'restored', historySnapshots: 365 });
      expect(snapshotOf(c.out).history).toHaveLength(366);
    } finally {
      await closeSite();
    }
  });

  it('ends the run after its rounds when the joined file fails the checksum its manifest gives', async () => {
    const c = caseDir();
    publishRaw(year, c.site, { sha256: 'f'.repeat(64) });
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedAfterRounds(r, s);
      expect(r.text).toMatch(/^error: the snapshot published at .*: the joined file fails its checksum/m);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  /** A state only a person can judge: exit 1 at once, no rounds, one line saying what to do and how to override it. */
  const endedForAPerson = (r: Awaited<ReturnType<typeof snapshot>>, kind: string, why: RegExp, todo: RegExp) => {
    expect(r.code, r.text).toBe(1);
    expect(r.waits).toEqual([]);
    const errors = r.text.split('\n').filter((l) => l.startsWith('error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(why);
    expect(errors[0]).toMatch(todo);
    expect(errors[0]).toMatch(/; only if the published history is to be dropped, run with --new-history$/);
    expect(r.report).toEqual({ code: 1, historyStop: { kind, why: expect.stringMatching(/^cannot take the snapshot published at /) } });
  };

  it('ends the run (exit 1, nothing written) on a newer store version, as its manifest says, without downloading it', async () => {
    const c = caseDir();
    publishRaw(year, c.site, { storeVersion: STORE_VERSION + 1 });
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedForAPerson(
        r,
        'store-version',
        new RegExp(
          `^error: cannot take the snapshot published at ${s.url}data/manifest\\.json: it is of store version ${STORE_VERSION + 1}; this tool reads versions`,
        ),
        /nothing was written: update the checkout to a version that reads it/,
      );
      expect(s.requests.map((q) => q.path.split('?')[0])).toEqual(['/data/manifest.json']);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  it('ends the run (exit 1) on a file of a newer store version than its manifest gives', async () => {
    const c = caseDir();
    publishRaw(changed(join(c.path, 'v5.db'), `PRAGMA user_version = ${STORE_VERSION + 1}`), c.site, { storeVersion: STORE_VERSION });
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedForAPerson(r, 'store-version', new RegExp(`: it is of store version ${STORE_VERSION + 1}, newer than this tool reads`), /update the checkout/);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  it('ends the run (exit 1) on a damaged file: the page of one of its tables overwritten', async () => {
    const c = caseDir();
    const damaged = join(c.path, 'damaged.db');
    copyFileSync(year, damaged);
    const db = new Database(damaged, { readonly: true });
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'models'").pluck().get() as number;
    db.close();
    const bytes = readFileSync(damaged);
    bytes.fill(0xa5, (root - 1) * pageSize, root * pageSize);
    writeFileSync(damaged, bytes);
    publishRaw(damaged, c.site);
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedForAPerson(r, 'damaged', /: (it cannot be read as a snapshot file|SQLite finds it damaged) \(/, /publish the state again from a good snapshot/);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  it('ends the run (exit 1) on a file that holds the API key, even a part of it, without printing it', async () => {
    const c = caseDir();
    // 20 characters of the key's secret part: no whole key, nothing shaped like one.
    const fragment = KEY.slice(-20);
    publishRaw(changed(join(c.path, 'leak.db'), `UPDATE benches SET description = 'leaked ${fragment} here' WHERE position = 1`), c.site);
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedForAPerson(r, 'key-text', /: it contains the API key or a long part of it \(not shown\)/, /rotate the key/);
      expect(r.text).not.toContain(fragment);
      expect(JSON.stringify(r.report)).not.toContain(fragment);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  it("ends the run (exit 1) on a file that holds a string shaped like an API key, another key than this run's", async () => {
    const c = caseDir();
    const other = `other_live_${'0123456789abcdef'.repeat(4)}`;
    publishRaw(changed(join(c.path, 'other.db'), `UPDATE scores SET source_url = '${other}' WHERE slug = 'quillon-3-high'`), c.site);
    const published = siteFiles(c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      endedForAPerson(r, 'key-text', /: it holds a string shaped like an API key \(in scores\.source_url, not shown\)/, /rotate the key/);
      expect(r.text).not.toContain(other);
      nothingWritten(c, published);
    } finally {
      await closeSite();
    }
  });

  it('ends a refresh too, with its snapshot and site gone and the published state damaged: nothing written or built, the published site as it was', async () => {
    const c = caseDir();
    const state = publishRaw(year, c.site, {}, 4096);
    const part = join(c.site, 'data', state.parts[0]!);
    const bytes = readFileSync(part);
    bytes[10] = bytes[10]! ^ 0x01;
    writeFileSync(part, bytes);
    const s = await serve(c.site);
    try {
      const refresh = async () => {
        const captured = captureReporter([KEY]);
        const waits: number[] = [];
        const code = await refreshCli(['--out', c.out, '--dist', join(c.path, 'dist'), '--details', '0'], {
          env: { ...fastClientEnv(sim.url, KEY), SITE_URL: s.url },
          reporter: captured.reporter,
          render: stubRender(),
          sleep: async (ms) => {
            if (ms >= 1000) waits.push(ms);
          },
        });
        return { code, waits, text: captured.text() };
      };
      const published = siteFiles(c.site);
      const damaged = await refresh();
      expect(damaged.code, damaged.text).toBe(7);
      expect(damaged.waits).toEqual(MISMATCH_WAITS_MS);
      expect(damaged.text.trim().split('\n').at(-1)).toMatch(/^exit 7: .*; the previous snapshot and .*dist\/ are untouched$/);
      nothingWritten(c, published);
      expect(existsSync(join(c.path, 'dist'))).toBe(false);
      // A newer store version (a rollback to older code): exit 1 at once.
      publishRaw(year, c.site, { storeVersion: STORE_VERSION + 1 });
      const newer = await refresh();
      expect(newer.code, newer.text).toBe(1);
      expect(newer.waits).toEqual([]);
      expect(existsSync(c.out)).toBe(false);
      expect(existsSync(join(c.path, 'dist'))).toBe(false);
    } finally {
      await closeSite();
    }
  });

  it('starts a new history over a published state it cannot take only when told to: --new-history, or --no-restore as before', async () => {
    const c = caseDir();
    publishRaw(year, c.site, { storeVersion: STORE_VERSION + 1 });
    const s = await serve(c.site);
    try {
      for (const flag of ['--new-history', '--no-restore']) {
        rmSync(c.out, { force: true });
        const r = await snapshot(c.out, s.url, {}, [flag]);
        expect(r.code, r.text).toBe(0);
        startedAnew(c.out);
      }
      // Neither asked the site anything.
      expect(s.requests).toEqual([]);
    } finally {
      await closeSite();
    }
  });

  it('never replaces a newer snapshot that appeared while it downloaded, and refuses an older one up front', async () => {
    const c = caseDir();
    await publishAsBuilt(year, c.site);
    // A newer snapshot lands at the target while the part is on its way.
    const newer = changed(join(c.path, 'newer.db'), `UPDATE snapshot SET generated_at = ${GENERATED_AT + 2 * DAY}`);
    const s = await serve(c.site, (path) => {
      if (path === '/data/snapshot.db.gz') copyFileSync(newer, c.out);
    });
    try {
      const before = fingerprint(newer)!.sha256;
      const result = await restoreState({
        from: new URL('data/', s.url),
        target: c.out,
        tuning: readClientTuning({}),
        deadline: new Deadline(60_000, 'RANKING_DEADLINE_MS'),
        secrets: [KEY],
      });
      expect(result).toEqual({
        status: 'refused',
        why: `it is of ${new Date(GENERATED_AT).toISOString()}, not newer than the snapshot at hand (${new Date(GENERATED_AT + 2 * DAY).toISOString()}), which stays`,
      });
      expect(fingerprint(c.out)!.sha256).toBe(before);
      // A second try finds it up front and downloads nothing.
      const requests = s.requests.length;
      expect(
        (await restoreState({ from: new URL('data/', s.url), target: c.out, tuning: readClientTuning({}), deadline: new Deadline(60_000, 'X'), secrets: [] }))
          .status,
      ).toBe('refused');
      expect(s.requests.slice(requests).map((q) => q.path.split('?')[0])).toEqual(['/data/manifest.json']);
    } finally {
      await closeSite();
    }
  });

  it('refuses the fictional sample', async () => {
    const c = caseDir();
    publishRaw(changed(join(c.path, 'sample.db'), 'UPDATE snapshot SET sample = 1'), c.site);
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      expect(r.text).toMatch(/^warning: not restoring .*: it is the fictional sample/m);
      startedAnew(c.out);
    } finally {
      await closeSite();
    }
  });

  it('starts a new history, saying so, when the site publishes nothing: no manifest, no snapshot file in it, nothing listening', async () => {
    const c = caseDir();
    writeFileSync(join(c.site, 'index.html'), 'a site of an older mirror');
    const s = await serve(c.site);
    try {
      const r = await snapshot(c.out, s.url);
      expect(r.code, r.text).toBe(0);
      expect(r.text).toContain(`no snapshot to restore: ${s.url}data/manifest.json: HTTP 404; ${c.out} starts a new history`);
      startedAnew(c.out);
      mkdirSync(join(c.site, 'data'));
      writeFileSync(join(c.site, 'data/manifest.json'), JSON.stringify({ files: [] }));
      rmSync(c.out);
      expect((await snapshot(c.out, s.url)).text).toContain('lists no snapshot file (a site built before the mirror published one)');
    } finally {
      await closeSite();
    }
    rmSync(c.out);
    // The default SITE_URL of a build nobody serves.
    expect((await snapshot(c.out, 'http://127.0.0.1:9/')).text).toContain(
      'no snapshot to restore: http://127.0.0.1:9/data/manifest.json: nothing answers there',
    );
  });

  it('stops before writing anything when the site cannot be read for a while (exit 5), and the next run restores', async () => {
    const c = caseDir();
    await publishAsBuilt(year, c.site);
    let down = true;
    const s = await serve(c.site, (path) => (down && path.endsWith('.gz') ? 503 : undefined));
    try {
      const r = await snapshot(c.out, s.url);
      expect(r.code).toBe(5);
      expect(r.text).toMatch(/cannot restore the published snapshot: .*HTTP 503/);
      expect(existsSync(c.out)).toBe(false);
      down = false;
      const next = await snapshot(c.out, s.url);
      expect(next.code, next.text).toBe(0);
      expect(snapshotOf(c.out).history).toHaveLength(366);
    } finally {
      await closeSite();
    }
  });

  it('is not tried with --no-restore, from a file, or when a snapshot is at hand', async () => {
    const c = caseDir();
    await publishAsBuilt(year, c.site);
    const s = await serve(c.site);
    try {
      const captured = captureReporter([KEY]);
      const r = await snapshotCli(['--out', c.out, '--details', '0', '--no-restore'], {
        env: { RANKING_API_URL: sim.url, RANKING_API_KEY: KEY, SITE_URL: s.url },
        reporter: captured.reporter,
      });
      expect(r.code).toBe(0);
      startedAnew(c.out);
      expect((await snapshot(c.out, s.url, { RANKING_DEADLINE_MS: '60000' })).code).toBe(0);
      expect(s.requests).toEqual([]);
    } finally {
      await closeSite();
    }
  });
});
