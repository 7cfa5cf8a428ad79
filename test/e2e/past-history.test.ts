/**
 * One truth for the past: the leaderboard as it stood on a past day, read from the files a build
 * writes the way the browser reads them, is the leaderboard the site built on that day showed
 * (getSiteData of the snapshot cut back to that day). And the files as a build writes them
 * (the stub render around the real build): the days kept, their schemas, the manifest, and the days
 * a tight plan leaves out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { getSiteData, releaseSiteData } from '../../src/site/data/site-data.ts';
import { alwaysKept, historyDaysOf } from '../../src/site/data/past-history.ts';
import { leaderboardRows } from '../../src/site/lists/leaderboard.ts';
import { leaderboardIndexOf } from '../../src/site/routes/leaderboard.ts';
import { familyName } from '../../src/site/lists/model-ranking.ts';
import { DAY_TUPLE, decodeDay, decodeNames, type HistoryDayFile, type HistoryIndexFile, type HistoryNamesFile } from '../../src/site/lists/past-files.ts';
import { pastRows, type PastRow } from '../../src/site/lists/past-leaderboard.ts';
import { weightsFileFor } from '../../src/publish/build-plan.ts';
import { fieldCountsOf } from '../../src/site/data/field-counts.ts';
import { DEFAULT_WEIGHTS } from '../../src/site/plan/weights.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { runScript, tempDir } from '../helpers/env.ts';
import { GENERATED_AT } from '../helpers/fixture.ts';
import { importDays } from '../helpers/published-site.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';

const Ajv2020 = (Ajv2020Module as unknown as { default: typeof Ajv2020Module }).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

const DAY = 86_400_000;
/** Days -129 to 0 before the fixture's date (2026-11-16): across the 2026-09-17 method change, with models coming and going. */
const FIRST = -129;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const dir = tempDir();
const full = join(dir.path, 'full.db');

beforeAll(() => importDays(full, range(FIRST, 0)));
afterAll(() => {
  releaseSiteData();
  dir.cleanup();
});

/** What a row of the leaderboard shows, today's or a past day's, its addresses aside (today's site links today's pages). */
const shown = (r: Pick<PastRow, 'rankText' | 'name' | 'provider' | 'supraScore' | 'scoreText' | 'configurations' | 'tags'>) => ({
  rank: r.rankText,
  name: r.name,
  provider: r.provider,
  supraScore: r.supraScore,
  score: r.scoreText,
  configurations: r.configurations.map((c) => `${c.name} ${c.scoreText}`),
  tags: r.tags.map((t) => t.name),
});

/** Day `day` of the full history as the browser reads it: its files through JSON, decoded, ranked. */
function pastDayOf(day: number): PastRow[] {
  const data = getSiteData(inputOutsideBuild(full, {}));
  const { names, days } = data.past.files();
  const date = new Date(GENERATED_AT + day * DAY).toISOString().slice(0, 10);
  let file: HistoryDayFile | undefined;
  let generatedAt = 0;
  for (const d of days) {
    if (d.day.date !== date) continue;
    file = d.file;
    generatedAt = d.day.generatedAt;
  }
  const table = decodeNames(JSON.parse(JSON.stringify(names)) as HistoryNamesFile, familyName);
  return pastRows(table, decodeDay(JSON.parse(JSON.stringify(file)) as HistoryDayFile, generatedAt), { generatedAt: data.snapshot.generatedAt });
}

describe('a past day, from the files a build writes', () => {
  it.for([
    ['after the method change, with a newcomer', -20],
    ['before the method change, with a model gone since', -70],
    ['the oldest day', FIRST],
  ] as const)('ranks and shows its models as the site built on that day did (%s)', ([, day]) => {
    const cut = join(dir.path, `through-${-day}.db`);
    importDays(cut, range(FIRST, day));
    const then = getSiteData(inputOutsideBuild(cut, {}));
    const expected = leaderboardRows(leaderboardIndexOf(then)).map(shown);
    expect(expected.length).toBeGreaterThan(5);
    expect(pastDayOf(day).map(shown)).toEqual(expected);
  });

  it('says where each model of the day stands today, and which are gone', () => {
    const rows = pastDayOf(-120);
    const today = getSiteData(inputOutsideBuild(full, {}));
    const gone = rows.filter((r) => !r.now).map((r) => r.name);
    expect(gone).toEqual(['Plain Seven']);
    for (const r of rows.filter((x) => x.now)) {
      const model = today.models.find((m) => m.name === r.name)!;
      expect(r.now, r.name).toEqual({ rank: { rank: model.rank, tied: model.rankTied }, comparable: false });
      expect(r.href).toBe(model.href);
    }
  });
});

describe('the history files of a build', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  const read = (dist: string, path: string) => {
    const bytes = readFileSync(join(dist, 'data', path));
    return JSON.parse((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as Record<string, unknown>;
  };
  const validate = (dist: string, schema: string, body: unknown) => {
    const s = read(dist, schema);
    const check = ajv.getSchema(s.$id as string) ?? ajv.compile(s);
    return check(body) ? [] : check.errors;
  };
  const build = (out: string, env: Record<string, string> = {}) =>
    runScript('../src/dev/stub-render/stub-build.ts', ['--snapshot', full, '--out', out, '--new-history'], env, { timeoutMs: 300_000 });

  it('writes every day of the history, the names and the index, each valid against its published schema and listed in the manifest', async () => {
    const dist = join(dir.path, 'site');
    const r = await build(dist);
    expect(r.code, r.stderr).toBe(0);
    const index = read(dist, 'history/index.json') as unknown as HistoryIndexFile & { attribution: string };
    const days = index.days.map(DAY_TUPLE.decode);
    expect(days).toHaveLength(-FIRST + 1);
    expect(index.history).toEqual({ from: days[0]!.date, to: '2026-11-16', days: -FIRST + 1 });
    // The month ends before November, and the oldest day, have a page of their own.
    expect(days.filter((d) => d.page).map((d) => d.date)).toEqual(['2026-07-10', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31']);
    expect(readdirSync(join(dist, 'data/history/days')).sort()).toEqual(days.map((d) => `${d.date}.json`));
    expect(index.attribution).toMatch(/./);
    expect(validate(dist, 'history-index.schema.json', index)).toEqual([]);
    expect(validate(dist, 'history-names.schema.json', read(dist, 'history/names.json'))).toEqual([]);
    for (const d of days) {
      const body = read(dist, `history/days/${d.date}.json`);
      expect(validate(dist, 'history-day.schema.json', body), d.date).toEqual([]);
      expect([body.date, Date.parse(body.generatedAt as string)]).toEqual([d.date, d.generatedAt]);
    }
    const manifest = read(dist, 'manifest.json') as { counts: Record<string, number>; files: { path: string; schema: string | null }[] };
    const listed = new Map(manifest.files.map((f) => [f.path, f.schema]));
    expect([listed.get('history/index.json'), listed.get('history/names.json'), listed.get(`history/days/${days[0]!.date}.json`)]).toEqual([
      'history-index.schema.json',
      'history-names.schema.json',
      'history-day.schema.json',
    ]);
    expect(manifest.counts.historyDays).toBe(days.length);
    // Today's file ranks today's models as the site does.
    const data = getSiteData(inputOutsideBuild(full, {}));
    const names = decodeNames(read(dist, 'history/names.json') as unknown as HistoryNamesFile, familyName);
    const today = decodeDay(read(dist, 'history/days/2026-11-16.json') as unknown as HistoryDayFile, data.snapshot.generatedAt);
    expect(pastRows(names, today, data.snapshot).map((r) => [r.name, r.rankText, r.now?.rank])).toEqual(
      data.models.map((m) => [m.name, m.rankText, { rank: m.rank, tied: m.rankTied }]),
    );
  }, 300_000);

  it('keeps the last 90 days, each month’s end and the oldest day where the host’s limits bind, gzipped, and lists only the days it wrote', async () => {
    const dist = join(dir.path, 'tight');
    // A previous build of this folder measured the history so much heavier than the plan's weights that GitHub Pages' 1 GB
    // (less its margin) takes the days every target keeps, gzipped, but not every day.
    const counts = withSnapshot(full, (reader) => fieldCountsOf(reader, 0, { files: 1, bytes: 0 }));
    const w = DEFAULT_WEIGHTS.history;
    const daysOf = (days: number) => w.gzipped * (w.perName * counts.history.configurations + days * (w.perDay + w.perCell * 12));
    const scale = (0.9 * 950_000_000) / daysOf(counts.history.alwaysKept);
    expect(daysOf(counts.history.days) * scale).toBeGreaterThan(950_000_000);
    writeFileSync(weightsFileFor(dist), JSON.stringify({ scale: { history: scale } }));
    const r = await build(dist, { DEPLOY_TARGET: 'github-pages' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/days of the leaderboard as it stood older than 90 days only at each month’s end and the oldest day/);
    const index = read(dist, 'history/index.json') as unknown as HistoryIndexFile;
    const kept = index.days.map(DAY_TUPLE.decode).map((d) => d.date);
    const all = withSnapshot(full, (reader) => historyDaysOf(reader.historySnapshots()));
    expect(index.gzipped).toBe(true);
    expect(kept.length).toBeLessThan(all.length);
    expect(kept).toEqual(expect.arrayContaining(all.filter(alwaysKept).map((d) => d.date)));
    expect(readdirSync(join(dist, 'data/history/days')).sort()).toEqual(kept.map((d) => `${d}.json.gz`));
    expect(existsSync(join(dist, 'data/history/names.json.gz'))).toBe(true);
    // The days left out are the oldest of those a host may leave out.
    const optional = all.filter((d) => !alwaysKept(d)).map((d) => d.date);
    const keptOptional = optional.filter((d) => kept.includes(d));
    expect(keptOptional).toEqual(optional.slice(optional.length - keptOptional.length));
  }, 300_000);
});
