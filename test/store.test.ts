/** The SQLite store on real files: history and its retention, details carried over, atomic failure. */
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { validateExport } from '../src/api/validate.ts';
import { STORE_VERSION } from '../src/store/schema.ts';
import { writeSnapshot, type ModelDetailRecord } from '../src/store/write-snapshot.ts';
import { fingerprint, tempDir } from './helpers/env.ts';
import { fixtureExport, GENERATED_AT } from './helpers/fixture.ts';

const dir = tempDir();
afterAll(() => dir.cleanup());

const DAY = 86_400_000;
const meta = (n: number) => ({ fetchedAt: GENERATED_AT + n * DAY, source: 'file' as const, bodySha256: `hash-${n}`, partial: false, sample: false });

function exportOfDay(n: number, drop: string[] = []) {
  const e = fixtureExport({ hostile: false, generatedAt: GENERATED_AT + n * DAY });
  e.models = e.models.filter((m) => !drop.includes(m.slug as string)).map((m, i) => ({ ...m, supraScore: (m.supraScore as number) - ((i * n) % 7) * 0.5 }));
  return validateExport(e);
}

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
    expect(query<[number]>(out, 'SELECT count(DISTINCT snapshot_id) FROM history_models')[0]).toEqual([2]);
    expect(query<[number]>(out, 'SELECT count(*) FROM history_benches')[0]).toEqual([6]);
    expect(query<[number]>(out, 'PRAGMA user_version')[0]).toEqual([STORE_VERSION]);
  });

  it('carries details over while the configuration is unchanged, and drops them when it changes', () => {
    const out = join(dir.path, 'details.db');
    const data = exportOfDay(0);
    const model = data.models.find((m) => m.slug === 'quillon-3-high')!;
    const detail: ModelDetailRecord = {
      updatedAt: model.updatedAt,
      fetchedAt: GENERATED_AT,
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
    };
    writeSnapshot(out, { data, meta: meta(0), historyLimit: 5, details: new Map([[model.slug, detail]]) });
    writeSnapshot(out, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: out });
    expect(query(out, 'SELECT slug FROM model_details')).toEqual([['quillon-3-high']]);
    expect(query(out, 'SELECT bench, normalized_score FROM scores')).toEqual([['prooflad', 50]]);

    const changed = exportOfDay(2);
    changed.models.find((m) => m.slug === 'quillon-3-high')!.updatedAt += 1000;
    writeSnapshot(out, { data: changed, meta: meta(2), historyLimit: 5, carryFrom: out });
    expect(query(out, 'SELECT count(*) FROM model_details')).toEqual([[0]]);
    expect(query(out, 'SELECT count(*) FROM scores')).toEqual([[0]]);
  });

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
    const rows = query<[number, string | null, number | null, number | null]>(
      out,
      `SELECT h.snapshot_id, n.family_tag, h.bench_count, h.scores_digest FROM history_models h JOIN history_names n ON n.id = h.name_id
       WHERE n.slug = 'quillon-3-high' ORDER BY h.snapshot_id`,
    );
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      ['quillon-3', 3],
      ['quillon-3', 3],
    ]);
    expect(rows[0]![3]).toEqual(expect.any(Number));
    expect(rows[1]![3]).not.toBe(rows[0]![3]);
    expect(
      query<[number | null]>(out, "SELECT h.scores_digest FROM history_models h JOIN history_names n ON n.id = h.name_id WHERE n.slug = 'plain-1'")[0],
    ).toEqual([null]);
  });

  it('carries the history of a version 2 file over, its evidence unknown', () => {
    const out = join(dir.path, 'older.db');
    writeSnapshot(out, { data: exportOfDay(0), meta: meta(0), historyLimit: 5 });
    const db = new Database(out);
    db.exec(
      'ALTER TABLE history_models DROP COLUMN bench_count; ALTER TABLE history_models DROP COLUMN scores_digest; ALTER TABLE history_names DROP COLUMN family_tag',
    );
    db.pragma('user_version = 2');
    db.close();
    writeSnapshot(out, { data: exportOfDay(1), meta: meta(1), historyLimit: 5, carryFrom: out });
    expect(query<[number, number | null]>(out, 'SELECT snapshot_id, count(bench_count) FROM history_models GROUP BY snapshot_id ORDER BY snapshot_id')).toEqual(
      [
        [1, 0],
        [2, 12],
      ],
    );
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
