/**
 * The whole snapshot as a download and as the mirror's second home: the hostile fixture's real
 * build publishes its snapshot file gzipped under /data/, listed in the manifest with sha256, store
 * version and date, carrying the attribution, documented on the data page; a file holding a string
 * shaped like an API key is never published (the build stops, its render unfinished); a large file comes
 * in parts that join into it.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageSnapshotDownload } from '../../src/publish/snapshot-download.ts';
import { STORE_VERSION } from '../../src/store/schema.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { SNAPSHOT_TABLES } from '../../src/site/files/snapshot-db.ts';
import { runScript, tempDir } from '../helpers/env.ts';
import { HOSTILE_ENV, sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';
import { STUB_STARTED } from '../../src/dev/stub-render/stub-render.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { siteOf } from '../../src/site/settings/config.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Manifest {
  generatedAt: string;
  snapshotDb: {
    file: string;
    encoding: string;
    storeVersion: number;
    generatedAt: string;
    historySnapshots: number;
    bytes: number;
    sha256: string;
    parts: string[];
  };
  files: { path: string; bytes: number; sha256: string; schema: string | null }[];
}

let fixture: BuiltFixture;
let site: BuiltSite;
let manifest: Manifest;
/** The published file, joined and decompressed. */
let joined: Buffer;

beforeAll(async () => {
  fixture = await sharedSite('hostile');
  site = readSite(fixture.dist);
  manifest = JSON.parse(site.read('data/manifest.json')) as Manifest;
  joined = gunzipSync(Buffer.concat(manifest.snapshotDb.parts.map((p) => readFileSync(join(fixture.dist, 'data', p)))));
}, 600_000);

describe('the published snapshot file', () => {
  it('is listed in the manifest: its parts with size and sha256, the joined file with its own, its store version and date', () => {
    const db = manifest.snapshotDb;
    const info = withSnapshot(fixture.snapshot, (r) => ({ generatedAt: r.info().generatedAt, history: r.counts().historySnapshots }));
    expect(db).toMatchObject({
      file: 'snapshot.db',
      encoding: 'gzip',
      storeVersion: STORE_VERSION,
      generatedAt: new Date(info.generatedAt).toISOString(),
      historySnapshots: info.history,
      parts: ['snapshot.db.gz'],
      url: `${HOSTILE_ENV.SITE_URL}data/`,
    });
    for (const part of db.parts) {
      const bytes = readFileSync(join(fixture.dist, 'data', part));
      expect(manifest.files.find((f) => f.path === part)).toEqual({ path: part, bytes: bytes.length, sha256: sha256(bytes), schema: null });
    }
    expect(joined.length).toBe(db.bytes);
    expect(sha256(joined)).toBe(db.sha256);
  });

  it('is the whole snapshot, history and details, compact, and opens as SQLite with its attribution', () => {
    const path = join(tempDir('mirror-download-').path, 'snapshot.db');
    writeFileSync(path, joined);
    const mine = withSnapshot(fixture.snapshot, (r) => ({ counts: r.counts(), history: r.historySnapshots(), details: r.details().length }));
    const theirs = withSnapshot(path, (r) => ({ counts: r.counts(), history: r.historySnapshots(), details: r.details().length }));
    expect(theirs).toEqual(mine);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    expect(db.prepare('SELECT source, source_url, attribution FROM attribution').get()).toEqual({
      source: HOSTILE_ENV.ATTRIBUTION_NAME,
      source_url: HOSTILE_ENV.ATTRIBUTION_URL,
      attribution: `Data from ${HOSTILE_ENV.ATTRIBUTION_NAME} (${HOSTILE_ENV.ATTRIBUTION_URL}). Please keep this attribution when you republish it.`,
    });
    db.close();
  });

  it('is offered on the data page, with how to open it and every table it holds', () => {
    const $ = site.html.get('data/index.html')!;
    const section = $('section[aria-labelledby="snapshot-db"]');
    expect(section.find('h2').text()).toBe('The whole snapshot as SQLite');
    expect(section.find('a[href="/data/snapshot.db.gz"]').text()).toBe('snapshot.db.gz');
    expect(section.text()).toContain('gunzip -c snapshot.db.gz > snapshot.db');
    expect(section.text()).toContain('sqlite3 snapshot.db');
    expect(
      section
        .find('dt code')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(SNAPSHOT_TABLES.map((t) => t.table));
    expect(section.find(`a[href="${HOSTILE_ENV.ATTRIBUTION_URL}"]`).text()).toBe(HOSTILE_ENV.ATTRIBUTION_NAME);
  });
});

describe('a snapshot file about to be published', () => {
  it('comes in parts of the size asked for, numbered so that they join in order into the file', async () => {
    const dir = tempDir('mirror-parts-');
    const staged = await stageSnapshotDownload(fixture.snapshot, join(dir.path, 'stage'), siteOf(inputOutsideBuild(fixture.snapshot, {}).site), 4096);
    expect(staged.files).toBeGreaterThan(2);
    expect(staged.parts.map((p) => p.name)).toEqual(staged.parts.map((_, i) => `snapshot.db.gz.part-${String(i + 1).padStart(3, '0')}`));
    for (const part of staged.parts) expect(part.bytes).toBeLessThanOrEqual(4096);
    expect(staged.bytes).toBe(staged.parts.reduce((n, p) => n + p.bytes, 0));
    const whole = gunzipSync(Buffer.concat(staged.parts.map((p) => readFileSync(p.path))));
    expect(sha256(whole)).toBe(staged.state.sha256);
    dir.cleanup();
  });

  it('is never published holding a string shaped like an API key: the build stops its render and ends with one line', async () => {
    const dir = tempDir('mirror-leak-');
    const snapshot = join(dir.path, 'snapshot.db');
    copyFileSync(fixture.snapshot, snapshot);
    const key = `someone_live_${'c0ffee'.repeat(10)}abcd`;
    const db = new Database(snapshot);
    db.prepare('UPDATE benches SET description = ? WHERE position = 1').run(`see ${key}`);
    db.close();
    const out = join(dir.path, 'dist');
    // --new-history: the build asks no live site (HOSTILE_ENV's SITE_URL names no host of this machine).
    const r = await runScript('build.ts', ['--snapshot', snapshot, '--out', out, '--new-history'], HOSTILE_ENV, { timeoutMs: 120_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the snapshot holds a string shaped like an API key \(in benches\.description, not shown\); refusing to publish it/m);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(r.stdout).not.toMatch(/^render /m);
    expect(existsSync(out)).toBe(false);
    dir.cleanup();
  }, 120_000);
});

describe('when the build makes the published snapshot file', () => {
  // The stub render (src/dev/stub-render/stub-render.ts) says whether the file was made when it started,
  // and names its parts in its data page once the build hands them over, as the data page does.
  const stubBuild = async (flags: string[]) => {
    const dir = tempDir('mirror-order-');
    const out = join(dir.path, 'dist');
    const r = await runScript(
      '../src/dev/stub-render/stub-build.ts',
      ['--snapshot', fixture.snapshot, '--out', out, '--say-start', '--new-history', ...flags],
      HOSTILE_ENV,
      {
        timeoutMs: 120_000,
      },
    );
    const parts = r.code === 0 ? (JSON.parse(readFileSync(join(out, 'data/manifest.json'), 'utf8')) as Manifest).snapshotDb.parts : [];
    const dataPage = r.code === 0 ? readFileSync(join(out, 'data/index.html'), 'utf8') : '';
    dir.cleanup();
    return { ...r, parts, dataPage };
  };

  it('makes it beside the render without a target, and the data page still names the parts it made', async () => {
    const r = await stubBuild([]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${STUB_STARTED} before the snapshot file was handed over`);
    expect(r.parts.length).toBeGreaterThan(0);
    expect(r.dataPage).toContain(`stub data/ ${r.parts.join(' ')}`);
    expect(r.stdout).toMatch(/^snapshot-db .*gzipped in/m);
  }, 120_000);

  it('makes it before the render for a deploy target, whose plan counts its bytes', async () => {
    const r = await stubBuild(['--target', 'bucket']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${STUB_STARTED} after the snapshot file was handed over`);
    expect(r.dataPage).toContain(`stub data/ ${r.parts.join(' ')}`);
  }, 120_000);
});
