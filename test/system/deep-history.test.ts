/**
 * A deep history at a size CI affords: a store version 3 file holding 60 daily snapshots of 300
 * configurations (a row per configuration and snapshot), upgraded by one write to the packed
 * format, then read by the site: charts, ranks and history.csv give back every day as it was.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { validateExport } from '../../src/api/validate.ts';
import { writeSnapshot } from '../../src/store/write-snapshot.ts';
import { STORE_VERSION } from '../../src/store/schema.ts';
import { HISTORY_DAYS } from '../../src/site/links/output-paths.ts';
import type { RenderInput } from '../../src/site/plan/render-input.ts';
import { tempDir } from '../helpers/env.ts';
import { fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';
import { writeOldStore } from '../helpers/old-stores.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';

const DAY = 86_400_000;
const DAYS = 60;
const EXTRA = 289;
const T0 = GENERATED_AT - DAYS * DAY;
const dir = tempDir();
const current = fixtureExport({ hostile: false, generatedAt: GENERATED_AT });
const slugs = [...current.models.map((m) => m.slug as string), ...Array.from({ length: EXTRA }, (_, i) => `old-${i}`)];
const N = slugs.length;
/** Day d of the old history: the ranking rotates by one place a day, scores distinct. */
const positionOn = (i: number, d: number) => ((i + d) % N) + 1;
const scoreOn = (i: number, d: number) => 1000 - positionOn(i, d);
let data: typeof import('../../src/site/data/site-data.ts');
let input: RenderInput;

beforeAll(async () => {
  const out = join(dir.path, 'deep.db');
  const ranked = (d: number) =>
    slugs.map((slug, i) => ({ slug, supraScore: scoreOn(i, d), benchCount: 3, updatedAt: T0 })).sort((a, b) => b.supraScore - a.supraScore);
  writeOldStore(out, 3, T0, ranked(0), []);
  const db = new Database(out);
  const nameId = new Map(
    (db.prepare("SELECT slug, id FROM history_names WHERE kind = 'model'").all() as { slug: string; id: number }[]).map((r) => [r.slug, r.id]),
  );
  const snapshot = db.prepare("INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, 'old', 0)");
  const point = db.prepare('INSERT INTO history_models (name_id, snapshot_id, supra_score, position, bench_count) VALUES (?, ?, ?, ?, 3)');
  db.transaction(() => {
    for (let d = 1; d < DAYS; d++) {
      const id = snapshot.run(T0 + d * DAY, T0 + d * DAY).lastInsertRowid;
      slugs.forEach((slug, i) => point.run(nameId.get(slug)!, id, scoreOn(i, d), positionOn(i, d)));
    }
  })();
  db.close();
  writeSnapshot(out, {
    data: validateExport(current),
    meta: { fetchedAt: GENERATED_AT, source: 'file', bodySha256: 'today', partial: false, sample: false },
    historyLimit: 1000,
    carryFrom: out,
  });
  const upgraded = new Database(out, { readonly: true });
  expect(upgraded.pragma('user_version', { simple: true })).toBe(STORE_VERSION);
  expect(upgraded.prepare('SELECT count(*) AS n FROM history_points').get()).toEqual({ n: DAYS + 1 });
  upgraded.close();
  input = inputOutsideBuild(out, {});
  data = await import('../../src/site/data/site-data.ts');
});

afterAll(() => dir.cleanup());

describe('a deep history carried over from store version 3', () => {
  it('charts every old day of a configuration with its score and rank then, and today last', () => {
    const site = data.getSiteData(input);
    current.models.forEach((m, i) => {
      const points = site.historyFor(m.slug as string);
      expect(points).toHaveLength(DAYS + 1);
      for (let d = 0; d < DAYS; d++) {
        expect(points[d]).toMatchObject({
          generatedAt: T0 + d * DAY,
          supraScore: scoreOn(i, d),
          position: positionOn(i, d),
          rank: positionOn(i, d),
          tied: false,
        });
      }
      expect(points[DAYS]!.generatedAt).toBe(GENERATED_AT);
    });
  });

  it('puts every old day in history.csv, a configuration gone today with its old ranks and an empty cell for today', async () => {
    const { historyCsv } = await import('../../src/site/files/downloads.ts');
    const lines = historyCsv(data.readRecentHistory(HISTORY_DAYS, input.snapshot), input.site.attributionUrl).toString('utf8').trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const rankColumns = header.map((h, at) => [h, at] as const).filter(([h]) => h.startsWith('rank_'));
    expect(rankColumns).toHaveLength(DAYS + 1);
    expect(lines).toHaveLength(1 + N);
    const i = current.models.length + 7;
    const row = lines.find((l) => l.startsWith(`${slugs[i]},`))!.split(',');
    expect(rankColumns.slice(0, DAYS).map(([, at]) => Number(row[at]))).toEqual(Array.from({ length: DAYS }, (_, d) => positionOn(i, d)));
    expect(row[rankColumns[DAYS]![1]]).toBe('');
  });

  it("leaves out the configurations' series where asked (the extras worker), with the models' series the same", () => {
    const full = data.getSiteData(input);
    const model = full.models[3]!;
    const modelSeries = full.modelHistoryFor(model.familyTag);
    expect(modelSeries).toHaveLength(DAYS + 1);
    data.releaseSiteData();
    try {
      const lean = data.getSiteData(input, { configurationSeries: false });
      expect(() => lean.historyFor(model.best.slug)).toThrow(/configurationSeries: false/);
      expect(lean.modelHistoryFor(model.familyTag)).toEqual(modelSeries);
      expect(lean.recentChangesFor(model.familyTag)).toEqual(full.recentChangesFor(model.familyTag));
    } finally {
      data.releaseSiteData();
    }
    expect(data.getSiteData(input).historyFor(model.best.slug)).toHaveLength(DAYS + 1);
  });

  it('honours the options of a later load instead of handing back the first one', () => {
    const slug = data.getSiteData(input).models[3]!.best.slug;
    expect(data.getSiteData(input).historyFor(slug)).toHaveLength(DAYS + 1);
    expect(() => data.getSiteData(input, { configurationSeries: false }).historyFor(slug)).toThrow(/configurationSeries: false/);
    // And back: the full load is made again, not the lean one reused.
    expect(data.getSiteData(input).historyFor(slug)).toHaveLength(DAYS + 1);
    expect(data.getSiteData(input, { configurationSeries: false })).toBe(data.getSiteData(input, { configurationSeries: false }));
  });
});
