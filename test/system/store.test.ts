/** The SQLite store on real files: history and its retention, details kept across runs, coverage, upgrades from versions 1 and 2, atomic failure. */
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { validateExport } from '../../src/api/validate.ts';
import { openSnapshot, withSnapshot } from '../../src/store/read-snapshot.ts';
import { READABLE_VERSIONS, STORE_VERSION } from '../../src/store/schema.ts';
import { writeSnapshot } from '../../src/store/write-snapshot.ts';
import { importHistory } from '../../src/store/import-history.ts';
import type { ModelDetailRecord } from '../../src/store/current-rows.ts';
import { packFloat64, packInt32, unpackFloat64, unpackInt32 } from '../../src/store/packed.ts';
import { byRanking } from '../../src/api/ranking.ts';
import type { ModelSummary } from '../../src/api/schema.ts';
import { writeOldStore } from '../helpers/old-stores.ts';
import { fingerprint, tempDir } from '../helpers/env.ts';
import { fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';

const dir = tempDir();
afterAll(() => dir.cleanup());

const DAY = 86_400_000;
const meta = (n: number) => ({ fetchedAt: GENERATED_AT + n * DAY, source: 'file' as const, bodySha256: `hash-${n}`, partial: false, sample: false });

function exportOfDay(n: number, drop: string[] = []) {
  const e = fixtureExport({ hostile: false, generatedAt: GENERATED_AT + n * DAY });
  e.models = e.models.filter((m) => !drop.includes(m.slug as string)).map((m, i) => ({ ...m, supraScore: (m.supraScore as number) - ((i * n) % 7) * 0.5 }));
  return validateExport(e);
}

const detailOf = (m: ModelSummary): ModelDetailRecord => ({
  updatedAt: m.updatedAt,
  fetchedAt: GENERATED_AT,
  benchCount: m.benchCount,
  scores: [
    {
      bench: 'prooflad',
      benchName: 'ProofLadder',
      rawScore: 1,
      normalizedScore: 50,
      sourceUrl: 'https://example.org',
      accessedAt: GENERATED_AT,
      upvotes: 2,
      downvotes: 0,
    },
  ],
});

const query = <T>(path: string, sql: string): T[] => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).raw().all() as T[];
  } finally {
    db.close();
  }
};

describe('writeSnapshot', () => {
  it('keeps the history of the last N snapshots, and names only for what they hold', () => {
    const out = join(dir.path, 'history.db');
    for (let day = 0; day < 4; day++) {
      writeSnapshot(out, { data: exportOfDay(day, day === 0 ? [] : ['plain-7']), meta: meta(day), historyLimit: 2, carryFrom: day === 0 ? undefined : out });
    }
    expect(query<[number]>(out, 'SELECT generated_at FROM history_snapshots ORDER BY id').map((r) => r[0])).toEqual([
      GENERATED_AT + 2 * DAY,
      GENERATED_AT + 3 * DAY,
    ]);
    // plain-7 was only in the first snapshot, which is gone: so is its name.
    expect(query<[string]>(out, "SELECT slug FROM history_names WHERE kind = 'model'").map((r) => r[0])).not.toContain('plain-7');
    const points = withSnapshot(out, (r) => [...r.eachHistoryPoint(0)]);
    expect(points.map((p) => [p.configurations.length, p.benches.length])).toEqual([
      [11, 3],
      [11, 3],
    ]);
    expect(query<[number]>(out, 'SELECT count(*) FROM history_points')[0]).toEqual([2]);
    expect(query<[number]>(out, 'PRAGMA user_version')[0]).toEqual([STORE_VERSION]);
  });

  it('keeps details across runs with their fetch time when updatedAt moves, and drops them when the configuration leaves the export', () => {
    const out = join(dir.path, 'details.db');
    const data = exportOfDay(0);
    const model = data.models.find((m) => m.slug === 'quillon-3-high')!;
    const other = data.models.find((m) => m.slug === 'plain-7')!;
    const record = (m: typeof model): ModelDetailRecord => ({ ...detailOf(m), fetchedAt: GENERATED_AT - 3 * DAY });
    writeSnapshot(out, {
      data,
      meta: meta(0),
      historyLimit: 5,
      details: new Map([
        [model.slug, record(model)],
        [other.slug, record(other)],
      ]),
    });

    // Every configuration's ranking refresh moved: the details stay, with the time they were fetched.
    const moved = exportOfDay(1);
    for (const m of moved.models) m.updatedAt += 3_600_000;
    writeSnapshot(out, { data: moved, meta: meta(1), historyLimit: 5, carryFrom: out });
    expect(query(out, 'SELECT slug, fetched_at, bench_count FROM model_details ORDER BY slug')).toEqual([
      ['plain-7', GENERATED_AT - 3 * DAY, 3],
      ['quillon-3-high', GENERATED_AT - 3 * DAY, 3],
    ]);
    expect(query(out, 'SELECT slug, bench, normalized_score FROM scores ORDER BY slug')).toEqual([
      ['plain-7', 'prooflad', 50],
      ['quillon-3-high', 'prooflad', 50],
    ]);

    // plain-7 leaves the export: its detail and scores go with it.
    writeSnapshot(out, { data: exportOfDay(2, ['plain-7']), meta: meta(2), historyLimit: 5, carryFrom: out });
    expect(query(out, 'SELECT slug FROM model_details')).toEqual([['quillon-3-high']]);
    expect(query(out, 'SELECT DISTINCT slug FROM scores')).toEqual([['quillon-3-high']]);
  });

  it("records coverage with the snapshot, and the reader exposes it with each detail's fetch time", () => {
    const out = join(dir.path, 'coverage.db');
    const data = exportOfDay(0);
    const asOf = GENERATED_AT; // meta(0).fetchedAt, for a snapshot from the API
    const ages = [0, 2, 8, 9, 31]; // days before the snapshot
    const details = new Map(data.models.slice(0, ages.length).map((m, i) => [m.slug, { ...detailOf(m), fetchedAt: asOf - ages[i]! * DAY }]));
    const written = writeSnapshot(out, { data, meta: { ...meta(0), source: 'api' }, historyLimit: 5, details });
    const expected = {
      asOf,
      configurations: data.models.length,
      withDetails: 5,
      olderThan7Days: 3,
      olderThan30Days: 1,
      oldestFetchedAt: asOf - 31 * DAY,
      newestFetchedAt: asOf,
    };
    expect(written.coverage).toEqual(expected);
    expect(query(out, 'SELECT with_details, older_7d, older_30d FROM details_crawl')).toEqual([[5, 3, 1]]);
    withSnapshot(out, (r) => {
      expect(r.version).toBe(STORE_VERSION);
      expect(r.info().coverage).toEqual(expected);
      const first = r.details().find((d) => d.slug === data.models[4]!.slug);
      expect(first).toMatchObject({ fetchedAt: asOf - 31 * DAY, benchCount: 3 });
    });
  });

  for (const version of [1, 2] as const) {
    it(`reads a store version ${version} file with defaults, and carries its history and details over`, () => {
      const old = join(dir.path, `v${version}.db`);
      const at = GENERATED_AT - 2 * DAY;
      const day0 = exportOfDay(0);
      const [a, b] = day0.models;
      writeOldStore(
        old,
        version,
        at,
        day0.models.map((m) => ({ slug: m.slug, supraScore: m.supraScore, benchCount: m.benchCount, updatedAt: m.updatedAt })),
        [
          { slug: a!.slug, updatedAt: a!.updatedAt, fetchedAt: at - 10 * DAY, bench: 'prooflad' },
          { slug: b!.slug, updatedAt: b!.updatedAt, fetchedAt: at - DAY, bench: 'codebench' },
        ],
      );
      withSnapshot(old, (r) => {
        expect(r.version).toBe(version);
        expect(r.info()).toMatchObject({ sample: false, crawl: null });
        // Computed as of the old snapshot's fetch time, the same way the writer records it.
        expect(r.info().coverage).toMatchObject({ asOf: at, withDetails: 2, olderThan7Days: 1, olderThan30Days: 0 });
        expect(r.details().map((d) => d.benchCount)).toEqual([null, null]);
      });

      const out = join(dir.path, `v${version}-upgraded.db`);
      copyFileSync(old, out);
      const moved = exportOfDay(1);
      for (const m of moved.models) m.updatedAt += 60_000;
      writeSnapshot(out, { data: moved, meta: meta(1), historyLimit: 5, carryFrom: out });
      expect(query(out, 'PRAGMA user_version')).toEqual([[STORE_VERSION]]);
      expect(query(out, 'SELECT count(*) FROM history_snapshots')).toEqual([[2]]);
      // The old snapshot's scores, in its ranking order, carried into the packed history.
      const [first] = withSnapshot(out, (r) => [...r.eachHistoryPoint(0)]);
      expect([...first!.supraScores]).toEqual(day0.models.map((m) => m.supraScore));
      // Both details come over, updatedAt moved or not, with the benchCount of the old file's summaries.
      expect(query(out, 'SELECT slug, fetched_at, bench_count FROM model_details ORDER BY fetched_at')).toEqual([
        [a!.slug, at - 10 * DAY, a!.benchCount],
        [b!.slug, at - DAY, b!.benchCount],
      ]);
      expect(query(out, 'SELECT bench FROM scores ORDER BY bench')).toEqual([['codebench'], ['prooflad']]);
    });
  }

  it("records each configuration's family tag, benchCount and a digest of its stored scores in the history", () => {
    const out = join(dir.path, 'evidence.db');
    const data = exportOfDay(0);
    const model = data.models.find((m) => m.slug === 'quillon-3-high')!;
    const scores = (normalizedScore: number) => [
      {
        bench: 'prooflad',
        benchName: 'ProofLadder',
        rawScore: 1,
        normalizedScore,
        sourceUrl: 'https://example.org',
        accessedAt: GENERATED_AT,
        upvotes: 2,
        downvotes: 0,
      },
    ];
    const detail = (normalizedScore: number): ModelDetailRecord => ({ updatedAt: model.updatedAt, fetchedAt: GENERATED_AT, scores: scores(normalizedScore) });
    writeSnapshot(out, { data, meta: meta(0), historyLimit: 5, details: new Map([[model.slug, detail(50)]]) });
    writeSnapshot(out, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: out, details: new Map([[model.slug, detail(55)]]) });
    const { names, points } = withSnapshot(out, (r) => ({ names: r.historyNames(), points: [...r.eachHistoryPoint(0)] }));
    const pointOf = (slug: string, snapshot: number) => {
      const id = names.find((n) => n.kind === 'model' && n.slug === slug)!.id;
      const p = points[snapshot]!;
      const j = p.configurations.indexOf(id);
      return { benchCount: p.benchCounts[j], digest: p.scoresDigests[j]! };
    };
    expect(names.find((n) => n.slug === 'quillon-3-high')?.familyTag).toBe('quillon-3');
    expect([pointOf('quillon-3-high', 0).benchCount, pointOf('quillon-3-high', 1).benchCount]).toEqual([3, 3]);
    expect(pointOf('quillon-3-high', 0).digest).toEqual(expect.any(Number));
    expect(Number.isNaN(pointOf('quillon-3-high', 0).digest)).toBe(false);
    expect(pointOf('quillon-3-high', 1).digest).not.toBe(pointOf('quillon-3-high', 0).digest);
    expect(Number.isNaN(pointOf('plain-1', 1).digest)).toBe(true);
  });

  it('gives a details write the digests a write from nothing would: those of the configurations it changed computed again', () => {
    const data = exportOfDay(0);
    const [a, b] = data.models;
    const changed = (m: ModelSummary): ModelDetailRecord => ({ ...detailOf(m), scores: [{ ...detailOf(m).scores[0]!, normalizedScore: 75 }] });
    const newestDigests = (path: string) => query<[Buffer]>(path, 'SELECT scores_digests FROM history_points ORDER BY snapshot_id DESC LIMIT 1')[0]![0];
    const out = join(dir.path, 'digests.db');
    writeSnapshot(out, { data, meta: meta(0), historyLimit: 5, details: new Map([a!, b!].map((m) => [m.slug, detailOf(m)])) });
    const before = newestDigests(out);
    writeSnapshot(out, { data, meta: meta(0), historyLimit: 5, carryFrom: out, appendHistory: false, details: new Map([[b!.slug, changed(b!)]]) });
    const reference = join(dir.path, 'digests-reference.db');
    writeSnapshot(reference, {
      data,
      meta: meta(0),
      historyLimit: 5,
      details: new Map([
        [a!.slug, detailOf(a!)],
        [b!.slug, changed(b!)],
      ]),
    });
    expect(newestDigests(out)).not.toEqual(before);
    expect(newestDigests(out)).toEqual(newestDigests(reference));
  });

  it('carries the history of a version 2 file over, its evidence unknown', () => {
    const out = join(dir.path, 'older.db');
    writeOldStore(
      out,
      2,
      GENERATED_AT - DAY,
      exportOfDay(0).models.map((m) => ({ slug: m.slug, supraScore: m.supraScore, benchCount: m.benchCount, updatedAt: m.updatedAt })),
      [],
    );
    writeSnapshot(out, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: out });
    const points = withSnapshot(out, (r) => [...r.eachHistoryPoint(0)]);
    expect(points.map((p) => [p.snapshotId, [...p.benchCounts].filter((c) => c >= 0).length])).toEqual([
      [1, 0],
      [2, 12],
    ]);
  });

  it('carries a version 3 history over whole, a row per configuration and snapshot becoming one per snapshot', () => {
    const out = join(dir.path, 'v3.db');
    const day0 = exportOfDay(0);
    writeOldStore(
      out,
      3,
      GENERATED_AT - DAY,
      day0.models.map((m) => ({ slug: m.slug, supraScore: m.supraScore, benchCount: m.benchCount, updatedAt: m.updatedAt })),
      [],
    );
    const before = withSnapshot(out, (r) => ({ version: r.version, names: r.historyNames(), points: [...r.eachHistoryPoint(0)] }));
    expect(before.version).toBe(3);
    writeSnapshot(out, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: out });
    const after = withSnapshot(out, (r) => ({ version: r.version, names: r.historyNames(), points: [...r.eachHistoryPoint(0)] }));
    expect(after.version).toBe(STORE_VERSION);
    expect(after.points).toHaveLength(2);
    expect(after.points[0]).toEqual(before.points[0]);
    expect(after.names.filter((n) => n.kind === 'model').map((n) => n.slug)).toEqual(expect.arrayContaining(day0.models.map((m) => m.slug)));
  });

  it("records each configuration's vendor and tags as last seen in the history's names, for a view of a past day", () => {
    const out = join(dir.path, 'labels.db');
    writeSnapshot(out, { data: exportOfDay(0), meta: meta(0), historyLimit: 5 });
    const day1 = exportOfDay(1, ['plain-7']);
    const renamed = day1.models.find((m) => m.slug === 'quillon-3-high')!;
    Object.assign(renamed, { provider: 'Quill Labs (renamed)', tags: ['vision', 'code-generation'] });
    writeSnapshot(out, { data: day1, meta: meta(1), historyLimit: 5, carryFrom: out });
    const names = withSnapshot(out, (r) => r.historyNames());
    const name = (slug: string) => names.find((n) => n.kind === 'model' && n.slug === slug)!;
    expect([name('quillon-3-high').provider, name('quillon-3-high').tags]).toEqual(['Quill Labs (renamed)', ['code-generation', 'vision']]);
    // Gone since: as it was last seen.
    const gone = exportOfDay(0).models.find((m) => m.slug === 'plain-7')!;
    expect([name('plain-7').provider, name('plain-7').tags]).toEqual([gone.provider, [...gone.tags].sort()]);
    expect(names.filter((n) => n.kind === 'bench').every((n) => n.provider === null && n.tags === null)).toBe(true);
  });

  it('gets the same history from the bulk import as from a write a day: names with their vendor and tags, and each day’s order', () => {
    const days = [exportOfDay(0), exportOfDay(1, ['plain-7']), exportOfDay(2)];
    const daily = join(dir.path, 'daily.db');
    days.forEach((data, n) => writeSnapshot(daily, { data, meta: meta(n), historyLimit: 5, ...(n > 0 && { carryFrom: daily }) }));
    const bulk = join(dir.path, 'bulk.db');
    importHistory(
      bulk,
      days.map((data, n) => ({ data, meta: meta(n) })),
      5,
    );
    const view = (path: string) =>
      withSnapshot(path, (r) => {
        const names = r.historyNames();
        const slugOf = new Map(names.map((n) => [n.id, n.slug]));
        return {
          names: names.map(({ id: _, ...n }) => n).sort((a, b) => a.slug.localeCompare(b.slug)),
          days: [...r.eachHistoryPoint(0)].map((p) => Array.from(p.configurations, (id) => slugOf.get(id))),
        };
      });
    expect(view(bulk)).toEqual(view(daily));
  });

  it('brings a version 4 file to this version in a copy: history byte for byte, vendor and tags unknown until a snapshot sees them', () => {
    const out = join(dir.path, 'v4.db');
    writeSnapshot(out, { data: exportOfDay(0), meta: meta(0), historyLimit: 5 });
    // Version 4, as that code wrote it: the same layout without the names' vendor and tags.
    const v4 = new Database(out);
    v4.exec('ALTER TABLE history_names DROP COLUMN provider; ALTER TABLE history_names DROP COLUMN tags; PRAGMA user_version = 4;');
    v4.close();
    expect(withSnapshot(out, (r) => r.historyNames().every((n) => n.provider === null && n.tags === null))).toBe(true);
    const before = query<[number, Buffer]>(out, 'SELECT snapshot_id, model_ids || supra_scores FROM history_points ORDER BY snapshot_id');
    writeSnapshot(out, { data: exportOfDay(1, ['plain-7']), meta: meta(1), historyLimit: 5, carryFrom: out });
    expect(query(out, 'PRAGMA user_version')).toEqual([[STORE_VERSION]]);
    expect(query<[number, Buffer]>(out, 'SELECT snapshot_id, model_ids || supra_scores FROM history_points ORDER BY snapshot_id').slice(0, 1)).toEqual(before);
    const names = withSnapshot(out, (r) => r.historyNames());
    const name = (slug: string) => names.find((n) => n.kind === 'model' && n.slug === slug)!;
    expect(name('quillon-3-high').provider).toBe(exportOfDay(1).models.find((m) => m.slug === 'quillon-3-high')!.provider);
    expect([name('plain-7').provider, name('plain-7').tags]).toEqual([null, null]);
    expect(query(out, 'PRAGMA integrity_check')).toEqual([['ok']]);
  });

  it('writes over a file of this version by changing a copy: history stays byte for byte, one row is added', () => {
    const out = join(dir.path, 'in-place.db');
    writeSnapshot(out, { data: exportOfDay(0), meta: meta(0), historyLimit: 5 });
    writeSnapshot(out, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: out });
    const before = query<[number, Buffer]>(out, 'SELECT snapshot_id, model_ids || supra_scores FROM history_points ORDER BY snapshot_id');
    writeSnapshot(out, { data: exportOfDay(2, ['plain-7']), meta: meta(2), historyLimit: 5, carryFrom: out });
    const after = query<[number, Buffer]>(out, 'SELECT snapshot_id, model_ids || supra_scores FROM history_points ORDER BY snapshot_id');
    expect(after.slice(0, 2)).toEqual(before);
    expect(after.map((r) => r[0])).toEqual([1, 2, 3]);
    // The current tables hold only the new snapshot.
    expect(withSnapshot(out, (r) => [r.counts().configurations, r.info().generatedAt])).toEqual([11, GENERATED_AT + 2 * DAY]);
    expect(query(out, 'PRAGMA integrity_check')).toEqual([['ok']]);
  });

  it('gives each configuration its place in the ranking, whatever order its rows go in, and keeps every tag', () => {
    const out = join(dir.path, 'positions.db');
    const data = exportOfDay(3);
    // Reverse the export: ranking order, slug order and the export's order all differ.
    data.models = [...data.models].reverse().map((m) => ({ ...m, tags: [...m.tags].reverse() }));
    writeSnapshot(out, { data, meta: meta(3), historyLimit: 5 });
    const ranked = [...data.models].sort(byRanking);
    expect(ranked.map((m) => m.slug)).not.toEqual([...ranked.map((m) => m.slug)].sort());
    expect(query(out, 'SELECT slug, position FROM models ORDER BY position')).toEqual(ranked.map((m, i) => [m.slug, i + 1]));
    const tags = query<[string, string]>(out, 'SELECT slug, tag FROM model_tags');
    for (const m of data.models)
      expect(
        tags
          .filter(([slug]) => slug === m.slug)
          .map(([, tag]) => tag)
          .sort(),
      ).toEqual([...m.tags].sort());
    expect(query(out, 'PRAGMA integrity_check')).toEqual([['ok']]);
  });

  it('leaves the target untouched and no temporary file when writing fails', () => {
    const out = join(dir.path, 'atomic.db');
    writeSnapshot(out, { data: exportOfDay(0), meta: meta(0), historyLimit: 5 });
    const before = fingerprint(out);
    const notADatabase = join(dir.path, 'garbage.db');
    writeFileSync(notADatabase, 'this is not an SQLite file, but long enough to be read as one '.repeat(20));
    expect(() => writeSnapshot(out, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: notADatabase })).toThrow();
    expect(fingerprint(out)).toEqual(before);
    expect(readdirSync(dir.path).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});

describe('the one reader', () => {
  it('refuses a file of another store version with one line naming both versions', () => {
    const out = join(dir.path, 'future.db');
    writeSnapshot(out, { data: exportOfDay(0), meta: meta(0), historyLimit: 5 });
    const db = new Database(out);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openSnapshot(out)).toThrow(expect.objectContaining({ kind: 'internal', exitCode: 1 }));
    expect(() => openSnapshot(out)).toThrow(`${out}: store version 99; this tool reads versions ${READABLE_VERSIONS.join(', ')} (writes ${STORE_VERSION})`);
  });

  it("refuses a file that is not a snapshot, and a missing one, as the mirror's own failure", () => {
    const text = join(dir.path, 'notes.txt');
    writeFileSync(text, 'not a database');
    expect(() => openSnapshot(text)).toThrow(expect.objectContaining({ kind: 'internal' }));
    expect(() => openSnapshot(join(dir.path, 'absent.db'))).toThrow(/no such snapshot file/);
  });

  it('reads a file of version 1, and the writer carries its history over', () => {
    const old = join(dir.path, 'v1-reader.db');
    writeOldStore(
      old,
      1,
      GENERATED_AT,
      exportOfDay(0).models.map((m) => ({ slug: m.slug, supraScore: m.supraScore, benchCount: m.benchCount, updatedAt: m.updatedAt })),
      [],
    );
    expect(withSnapshot(old, (r) => [r.version, r.info().sample, r.info().historyLimit, r.counts().configurations])).toEqual([1, false, null, 12]);
    writeSnapshot(old, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: old });
    expect(withSnapshot(old, (r) => [r.version, r.counts().historySnapshots, r.info().historyLimit])).toEqual([STORE_VERSION, 2, 5]);
  });
});

describe('packed history columns', () => {
  it('round-trip int32 and float64 arrays as little-endian bytes, NaN and negatives included', () => {
    const ints = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31)];
    const floats = [0, -0.5, 87.34, NaN, 2 ** 47 + 3, Number.MAX_VALUE];
    expect([...unpackInt32(packInt32(ints))]).toEqual(ints);
    expect([...unpackFloat64(packFloat64(floats))]).toEqual(floats);
    expect(packInt32([1]).equals(Buffer.from([1, 0, 0, 0]))).toBe(true);
    // A BLOB may start at any offset of a shared buffer.
    const shifted = Buffer.concat([Buffer.from([9]), packFloat64([1.5, 2.5])]).subarray(1);
    expect([...unpackFloat64(shifted)]).toEqual([1.5, 2.5]);
    expect(() => unpackFloat64(Buffer.alloc(7))).toThrow(RangeError);
  });
});
