/**
 * The leaderboard as it stood on a past day, as pure code: its files' encoding round-trips, a decoded
 * day ranks its models as the site's own history pass ranked them that day, what changed between two
 * days, and the view's address.
 */
import { describe, expect, it } from 'vitest';
import { readHistory } from '../../src/site/data/history-pass.ts';
import { METHOD_CHANGE_AT } from '../../src/site/format/method-change.ts';
import { readView, viewUrl } from '../../src/site/lists/list-spec.ts';
import { familyName } from '../../src/site/lists/model-ranking.ts';
import { decimalsOf, slugOf } from '../../src/site/format/compact.ts';
import { decodeDay, decodeNames, encodeDay, encodeNames, parseDay, type DayRanking, type NamesTable } from '../../src/site/lists/past-files.ts';
import { PAST_LEADERBOARD, pastRows, type PastView } from '../../src/site/lists/past-leaderboard.ts';
import { rangeChanges } from '../../src/site/lists/past-range.ts';
import type { HistoryName, HistoryPoints } from '../../src/store/read-snapshot.ts';

const DAY = 86_400_000;
const T0 = METHOD_CHANGE_AT + 30 * DAY;

/** A configuration of a test's history: slug, name, familyTag (null: not recorded), provider, tags. */
type Named = [slug: string, name: string, familyTag: string | null, provider: string | null, tags: string[] | null];
const NAMED: Named[] = [
  ['liton-4-6-high', 'Liton 4.6 (high)', 'liton-4-6', 'Wrenfield AI', ['reasoning', 'math']],
  ['liton-4-6-low', 'Liton 4.6 (low)', 'liton-4-6', 'Wrenfield AI', ['reasoning', 'math']],
  ['vaedus-4-6', 'Vaedus 4.6', 'vaedus-4-6', 'Tessellate', ['chat']],
  // A configuration of another vendor and tags than its model's first.
  ['vaedus-4-6-lab', 'Vaedus 4.6 Lab', 'vaedus-4-6', 'Tessellate Labs', ['chat', 'code']],
  // A familyTag that is not the slug of its name, and a slug that is not the slug of its name.
  ['odd-slug', 'Strange <Name> & Co', 'odd family/..', 'Evil "Corp"', ['code']],
  // Recorded before store version 5: no vendor, no tags; before version 3: no familyTag.
  ['old-one', 'Old One', 'old-one', null, null],
  ['lonely', 'Lonely', null, null, null],
];

/**
 * The names table of NAMED: today's models first, by their place today, then the others in the order met, each model's
 * configurations together; `today` gives each model's place, signed rank and page segment today.
 */
function tableOf(today: Record<string, [place: number, rank: number, segment: string]> = {}): NamesTable {
  const providers = [...new Set(NAMED.flatMap(([, , , p]) => (p === null ? [] : [p])))];
  const tags = [...new Set(NAMED.flatMap(([, , , , t]) => t ?? []))].sort();
  const met: string[] = [];
  for (const [slug, , family] of NAMED) if (!met.includes(family ?? slug)) met.push(family ?? slug);
  const keys = [...met.filter((k) => today[k]).sort((a, b) => today[a]![0] - today[b]![0]), ...met.filter((k) => !today[k])];
  const keyOf = ([slug, , family]: Named) => family ?? slug;
  const named = keys.flatMap((key) => NAMED.filter((n) => keyOf(n) === key));
  return {
    providers,
    providerSegments: providers.map((p, i) => (i === 0 ? p.toLowerCase() : null)),
    tags,
    tagSegments: tags.map((t) => (t === 'math' ? null : t)),
    kept: { modelPages: 2, configurationPages: 1 },
    models: keys.map((key) => {
      const family = NAMED.find((n) => keyOf(n) === key)![2];
      const t = today[key];
      return { familyTag: family, place: t?.[0] ?? -1, rank: t?.[1] ?? 0, segment: t?.[2] };
    }),
    configurations: named.map(([slug, name, family, provider, tagList]) => ({
      name,
      slug,
      model: keys.indexOf(family ?? slug),
      provider: provider === null ? -1 : providers.indexOf(provider),
      tags: tagList && tagList.map((t) => tags.indexOf(t)),
      segment: today[family ?? slug] ? (slug === 'odd-slug' ? 'odd-slug-1a2b3c4d' : slug) : undefined,
    })),
  };
}

/** Today: vaedus leads; liton and the odd one share =2 (a negative rank is a shared one); the others are gone. */
const TODAY: Record<string, [place: number, rank: number, segment: string]> = {
  'liton-4-6': [1, -2, 'liton-4-6'],
  'vaedus-4-6': [0, 1, 'vaedus-4-6'],
  'odd family/..': [2, -2, 'odd-family-0f1e2d3c'],
};

/** A day: slugs of NAMED in ranking order with their scores (and benchCounts, which the day's file leaves out). */
function dayOf(table: NamesTable, date: string, generatedAt: number, rows: [slug: string, score: number, benchCount: number][]): DayRanking {
  const index = (slug: string) => table.configurations.findIndex((c) => c.slug === slug);
  const file = encodeDay(
    date,
    rows.map(([slug]) => index(slug)),
    rows.map(([, score]) => score),
  );
  return decodeDay(JSON.parse(JSON.stringify(file)), generatedAt);
}

describe('the names table', () => {
  it('round-trips through its file, JSON included: names, slugs, models, vendors, tags and today’s pages', () => {
    const table = tableOf(TODAY);
    const file = JSON.parse(JSON.stringify(encodeNames(table, familyName)));
    expect(decodeNames(file, familyName)).toEqual(table);
  });

  it('writes what derives from a name as empty, and only the configurations that differ from their model', () => {
    const file = encodeNames(tableOf(TODAY), familyName);
    // Today's models first (vaedus, liton, odd), then the others. liton-4-6 is the slug of "Liton 4.6"; "odd family/.." is not
    // the slug of its name; lonely has none recorded.
    expect(file.models.familyTag).toEqual(['', '', 'odd family/..', '', null]);
    expect([file.today, file.todayRanks]).toEqual([3, [1, 1, 0]]);
    expect(file.configurations.slug).toEqual(['', '', '', '', 'odd-slug', '', '']);
    expect(file.configurations.segment).toEqual(['', '', '', '', 'odd-slug-1a2b3c4d', null, null]);
    expect(file.configurations.shared.slice(2, 4)).toEqual([0, 'Liton 4.6 ('.length]);
    expect(file.differing).toEqual([[1, file.providers.indexOf('Tessellate Labs'), [file.tags.indexOf('chat'), file.tags.indexOf('code')]]]);
    expect(slugOf('Liton 4.6 (high)')).toBe('liton-4-6-high');
  });
});

describe('a day’s file', () => {
  it('round-trips scores exactly, equal scores included, as whole drops of their decimals', () => {
    const table = tableOf();
    const day = dayOf(table, '2026-11-01', T0, [
      ['vaedus-4-6', 91.25, 12],
      ['liton-4-6-high', 88.1, 10],
      ['odd-slug', 88.1, 4],
      ['liton-4-6-low', 84.5, 10],
      ['old-one', 3, -1],
    ]);
    expect([...day.supraScores]).toEqual([91.25, 88.1, 88.1, 84.5, 3]);
    const file = encodeDay('2026-11-01', [2, 0, 4, 1, 5], [91.25, 88.1, 88.1, 84.5, 3]);
    expect([file.decimals, file.supraScores]).toEqual([2, [9125, 315, 0, 360, 8150]]);
  });

  it('keeps scores no decimal scale holds exactly as they are', () => {
    const scores = [2 / 3, 1 / 3, 1e-9];
    expect(decimalsOf(scores)).toBeNull();
    const file = encodeDay('2026-11-01', [0, 1, 2], scores);
    expect(file.decimals).toBeNull();
    expect([...decodeDay(file, T0).supraScores]).toEqual(scores);
  });

  it('refuses scores out of ranking order', () => {
    expect(() => encodeDay('2026-11-01', [0, 1], [1, 2])).toThrow(/ranking order/);
  });

  it('reads only real days', () => {
    expect([parseDay('2026-06-30'), parseDay('2026-02-30'), parseDay('2026-6-30'), parseDay(null)]).toEqual(['2026-06-30', undefined, undefined, undefined]);
  });
});

describe('a past day’s rows', () => {
  const table = tableOf(TODAY);
  const rows: [string, number, number][] = [
    ['liton-4-6-high', 90, 10],
    ['vaedus-4-6-lab', 85, 7],
    ['vaedus-4-6', 85, 8],
    ['odd-slug', 85, 3],
    ['liton-4-6-low', 70, 10],
    ['old-one', 60, -1],
    ['lonely', 60, 2],
  ];

  it('ranks the day’s models exactly as the site’s own history pass ranked them that day', () => {
    const day = dayOf(table, '2026-11-01', T0, rows);
    const names: HistoryName[] = table.configurations.map((c, i) => ({
      id: i + 1,
      kind: 'model',
      slug: c.slug,
      name: c.name,
      familyTag: table.models[c.model]!.familyTag,
      provider: null,
      tags: null,
      lastSnapshotId: 1,
    }));
    const points: HistoryPoints = {
      snapshotId: 1,
      configurations: Int32Array.from(day.configurations, (c) => c + 1),
      supraScores: day.supraScores,
      benchCounts: new Int32Array(day.configurations.length),
      scoresDigests: new Float64Array(day.configurations.length).fill(NaN),
      benches: new Int32Array(0),
      effectiveWeights: new Float64Array(0),
    };
    const families = [...new Set(names.map((n) => n.familyTag ?? n.slug))];
    const history = readHistory(
      [{ id: 1, generatedAt: T0, fetchedAt: T0, partial: false }],
      names,
      [points],
      { familyOf: new Map(names.map((n) => [n.slug, n.familyTag ?? n.slug])), families: new Set(families) },
      { chartPoints: 10, feedEntries: 1, listed: 5, recentPerModel: 1, methodChangeAt: METHOD_CHANGE_AT, familyName },
    );
    const past = pastRows(table, day, { generatedAt: T0 });
    const site = families.flatMap((f) => history.modelHistory(f).map((p) => ({ family: f, rank: p.rank, tied: p.tied })));
    expect(
      past.map((r) => ({
        family: table.models[r.model]!.familyTag ?? table.configurations.find((c) => c.model === r.model)!.slug,
        rank: r.rank,
        tied: r.rankTied,
      })),
    ).toEqual([...site].sort((a, b) => a.rank - b.rank || families.indexOf(a.family) - families.indexOf(b.family)));
    // Equal best scores share a rank: vaedus (85) and odd (85) are =2; liton is 1; old-one and lonely share =4.
    expect(past.map((r) => r.rankText)).toEqual(['1', '=2', '=2', '=4', '=4']);
  });

  it('says where each model stands today, names it as the site does, and says what the history did not record', () => {
    const day = dayOf(table, '2026-11-01', T0, rows);
    const [liton, vaedus, odd, old] = pastRows(table, day, { generatedAt: T0 + 10 * DAY });
    expect([liton!.name, vaedus!.name, odd!.name]).toEqual(['Liton 4.6', 'Vaedus 4.6', 'Strange <Name> & Co']);
    // Liton was 1 and is =2 today (rank -2): down one; vaedus was =2, is 1 today.
    expect([liton!.now, vaedus!.now]).toEqual([
      { rank: { rank: 2, tied: true }, comparable: true },
      { rank: { rank: 1, tied: false }, comparable: true },
    ]);
    expect([old!.now, old!.href, old!.provider, old!.tags]).toEqual([undefined, undefined, '', []]);
    // Its best configuration that day is the lab one: its vendor, and the tags of every configuration of the day.
    expect([vaedus!.provider, vaedus!.tags.map((t) => t.name)]).toEqual(['Tessellate Labs', ['chat', 'code']]);
    // A tag without a page today is shown, not linked; a model without a page today is linked to its row.
    expect(liton!.tags).toEqual([
      { name: 'reasoning', href: '/tags/reasoning/' },
      { name: 'math', href: undefined },
    ]);
    expect([vaedus!.href, liton!.href, odd!.href]).toEqual(['/models/vaedus-4-6/', '/models/liton-4-6/', '/#m-odd-family-0f1e2d3c']);
    expect(liton!.configurations.map((c) => [c.name, c.href, c.scoreText])).toEqual([
      ['Liton 4.6 (high)', '/models/liton-4-6/#configurations', '90.0'],
      ['Liton 4.6 (low)', '/models/liton-4-6/#configurations', '70.0'],
    ]);
  });

  it('shows no move to today across the 2026-09-17 method change', () => {
    const day = dayOf(table, '2026-09-01', METHOD_CHANGE_AT - 16 * DAY, rows);
    expect(pastRows(table, day, { generatedAt: T0 })[0]!.now).toEqual({ rank: { rank: 2, tied: true }, comparable: false });
  });
});

describe('what changed between two days', () => {
  const table = tableOf(TODAY);
  const before = dayOf(table, '2026-10-20', T0 - 12 * DAY, [
    ['vaedus-4-6', 95, 8],
    ['old-one', 90, 1],
    ['liton-4-6-high', 80, 10],
    ['odd-slug', 70, 3],
  ]);
  const after = dayOf(table, '2026-11-01', T0, [
    ['liton-4-6-high', 96, 10],
    ['lonely', 93, 2],
    ['vaedus-4-6-lab', 91, 7],
    ['odd-slug', 60, 3],
  ]);
  const rowsOf = (day: DayRanking) => ({ date: day.date, generatedAt: day.generatedAt, rows: pastRows(table, day, { generatedAt: T0 }) });

  it('lists the models that came and went, and the largest moves up and down', () => {
    const changes = rangeChanges(rowsOf(before), rowsOf(after));
    expect(changes.came.map((e) => [e.name, e.rank.rank])).toEqual([['Lonely', 2]]);
    expect(changes.went.map((e) => [e.name, e.rank.rank])).toEqual([['Old One', 2]]);
    expect(changes.up.map((e) => [e.name, e.previousRank!.rank, e.rank.rank, e.moved])).toEqual([['Liton 4.6 (high)', 3, 1, 2]]);
    // The odd one stayed 4th: no move.
    expect(changes.down.map((e) => [e.name, e.previousRank!.rank, e.rank.rank, e.moved])).toEqual([['Vaedus 4.6 Lab', 1, 3, -2]]);
    expect(changes.counts).toEqual({ came: 1, went: 1, up: 1, down: 1, leaders: 1 });
    expect(changes.up[0]!.href).toBe('/models/liton-4-6/');
  });

  it('names each tag whose leader, the best model carrying it that day, changed', () => {
    // Vaedus carries chat on both days; on the later one its only configuration is the lab one (the model is named by it, as the site
    // names a model by its configurations of the day), which also carries code, which the odd one led.
    const changes = rangeChanges(rowsOf(before), rowsOf(after));
    expect(changes.leaders.map((l) => [l.tag.name, l.leader.name, l.leader.rank.rank, l.previous?.name])).toEqual([
      ['code', 'Vaedus 4.6 Lab', 3, 'Strange <Name> & Co'],
    ]);
    // A tag no model carried on the earlier day has a new leader too.
    const fresh = rangeChanges({ ...rowsOf(before), rows: rowsOf(before).rows.filter((r) => r.name !== 'Strange <Name> & Co') }, rowsOf(after));
    expect(fresh.leaders.map((l) => [l.tag.name, l.previous])).toEqual([['code', undefined]]);
  });

  it('lists no moves across the 2026-09-17 method change, only who came and went', () => {
    const early = { ...rowsOf(before), generatedAt: METHOD_CHANGE_AT - DAY };
    const changes = rangeChanges(early, rowsOf(after));
    expect([changes.comparable, changes.up, changes.down, changes.came.length, changes.went.length]).toEqual([false, [], [], 1, 1]);
  });
});

describe('the address of the leaderboard as it stood', () => {
  const view = (search: string, path = '/leaderboard/as-of/') => readView(PAST_LEADERBOARD, path, search) as PastView;

  it('reads the day and the day to compare with from the query, and writes them first', () => {
    const v = view('?tag=math&asOf=2026-06-30&since=2026-05-31&sort=name&dir=desc&page=2');
    expect([v.asOf, v.since, v.tag, v.sort, v.dir, v.page]).toEqual(['2026-06-30', '2026-05-31', 'math', 'name', 'desc', 2]);
    expect(viewUrl(PAST_LEADERBOARD, v)).toBe('/leaderboard/as-of/?asOf=2026-06-30&since=2026-05-31&tag=math&sort=name&dir=desc&page=2');
  });

  it('reads the day of a month’s end from its static page’s path', () => {
    const v = view('', '/leaderboard/as-of/2026-06-30/');
    expect([v.asOf, v.page]).toEqual(['2026-06-30', 1]);
    expect(viewUrl(PAST_LEADERBOARD, { ...v, q: 'liton' })).toBe('/leaderboard/as-of/?asOf=2026-06-30&q=liton');
  });
});
