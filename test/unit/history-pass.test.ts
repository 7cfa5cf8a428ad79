/** The one pass over history: model ranks per snapshot, change sets by model with reasons, series for current rows only. */
import { afterEach, describe, expect, it } from 'vitest';
import { readHistory, type HistoryOptions } from '../../src/site/data/history-pass.ts';
import { METHOD_CHANGE_AT } from '../../src/site/format/method-change.ts';
import type { HistoryName, HistoryPoints, HistorySnapshotRow } from '../../src/store/read-snapshot.ts';

const DAY = 86_400_000;
const T0 = METHOD_CHANGE_AT + 10 * DAY;
const options: HistoryOptions = {
  chartPoints: 120,
  feedEntries: 20,
  listed: 25,
  recentPerModel: 5,
  methodChangeAt: METHOD_CHANGE_AT,
  familyName: (names) => names[0]!,
};

type Row = [slug: string, family: string, score: number, benchCount: number];
/** Snapshots oldest first; each row list in ranking order. */
function history(...snapshots: { at: number; rows: Row[] }[]) {
  const meta: HistorySnapshotRow[] = snapshots.map((s, i) => ({ id: i + 1, generatedAt: s.at, fetchedAt: s.at, partial: false })).reverse();
  // As the reader hands them over: names by id, each snapshot's configurations in ranking order.
  const names = new Map<string, HistoryName>();
  const idOf = (slug: string, familyTag: string) => {
    let n = names.get(slug);
    if (!n)
      names.set(slug, (n = { id: names.size + 1, kind: 'model', slug, name: slug.toUpperCase(), familyTag, provider: null, tags: null, lastSnapshotId: null }));
    return n.id;
  };
  const points: HistoryPoints[] = snapshots.map((s, i) => ({
    snapshotId: i + 1,
    configurations: Int32Array.from(s.rows, ([slug, family]) => idOf(slug, family)),
    supraScores: Float64Array.from(s.rows, (r) => r[2]),
    benchCounts: Int32Array.from(s.rows, (r) => r[3]),
    scoresDigests: new Float64Array(s.rows.length).fill(NaN),
    benches: new Int32Array(0),
    effectiveWeights: new Float64Array(0),
  }));
  const last = snapshots.at(-1)!.rows;
  const current = { familyOf: new Map(last.map(([slug, family]) => [slug, family])), families: new Set(last.map(([, family]) => family)) };
  return readHistory(meta, [...names.values()], walk(points), current, options);
}

/** How the pass last walked the store's points: in which order they were handed over, and whether the walk was ended. */
const walked = { order: [] as number[], ended: false };
/** Hands the points over as the store does, one at a time from a one-shot walk, in the order `reorder` gives. */
let reorder = (points: HistoryPoints[]) => points;
function* walk(points: HistoryPoints[]): Generator<HistoryPoints> {
  Object.assign(walked, { order: [], ended: false });
  try {
    for (const p of reorder(points)) {
      walked.order.push(p.snapshotId);
      yield p;
    }
  } finally {
    walked.ended = true;
  }
}

const day1: Row[] = [
  ['a-high', 'a', 90, 10],
  ['b', 'b', 85, 8],
  ['a-low', 'a', 80, 10],
  ['gone', 'gone', 70, 5],
];
const day2: Row[] = [
  ['b', 'b', 91, 9],
  ['a-high', 'a', 90, 10],
  ['a-low', 'a', 79, 10],
  ['fresh', 'fresh', 60, 3],
];

describe('readHistory', () => {
  afterEach(() => {
    reorder = (points) => points;
  });

  it('ranks models in each snapshot by their best configuration, equal scores sharing a rank', () => {
    const result = history(
      { at: T0, rows: day1 },
      {
        at: T0 + DAY,
        rows: [
          ['a-high', 'a', 90, 10],
          ['b', 'b', 90, 8],
        ],
      },
    );
    expect(result.modelHistory('a').map((p) => [p.rank, p.tied])).toEqual([
      [1, false],
      [1, true],
    ]);
    expect(result.modelHistory('b').map((p) => p.rank)).toEqual([2, 1]);
  });

  it('reports moves by model, with the reason of its best configuration', () => {
    const [set] = history({ at: T0, rows: day1 }, { at: T0 + DAY, rows: day2 }).changes;
    expect(set!.models.movedUp.map((m) => [m.familyTag, m.previousRank!.rank, m.rank.rank, m.reason.kind])).toEqual([['b', 2, 1, 'evidence']]);
    expect(set!.models.movedDown.map((m) => [m.familyTag, m.reason])).toEqual([['a', { kind: 'field', scoreChanged: false }]]);
  });

  it('lists a model whose configurations all left as removed, with its last model rank and date', () => {
    const [set] = history({ at: T0, rows: day1 }, { at: T0 + DAY, rows: day2 }).changes;
    expect(set!.models.removed.map((m) => [m.familyTag, m.rank.rank, m.reason])).toEqual([['gone', 3, { kind: 'removed', lastSeen: T0 }]]);
    expect(set!.models.added.map((m) => m.familyTag)).toEqual(['fresh']);
  });

  it('lists a model’s configurations that changed beneath it', () => {
    const [set] = history({ at: T0, rows: day1 }, { at: T0 + DAY, rows: day2 }).changes;
    const a = set!.models.movedDown[0]!;
    expect(a.configurations.map((c) => [c.slug, c.reason!.kind])).toEqual([
      ['a-high', 'field'],
      ['a-low', 'field'],
    ]);
  });

  it('says when another configuration became a model’s best, and lists each configuration list by position', () => {
    const before: Row[] = [
      ['c-old', 'c', 95, 4],
      ['d', 'd', 94, 6],
      ['e', 'e', 93, 7],
      ['c-new', 'c', 50, 4],
      ['f', 'f', 40, 2],
    ];
    const after: Row[] = [
      ['c-new', 'c', 99, 5],
      ['d', 'd', 94, 6],
      ['e', 'e', 93, 7],
      ['c-old', 'c', 60, 4],
      ['g', 'g', 45, 1],
      ['f', 'f', 40, 2],
    ];
    const result = history({ at: T0, rows: before }, { at: T0 + DAY, rows: after });
    const [set] = result.changes;
    const c = set!.models.movedUp.concat(set!.models.movedDown).find((m) => m.familyTag === 'c');
    // Model c kept its model rank 1, but its best configuration changed: it is listed, by its new best's reason.
    expect(c).toBeUndefined();
    expect(result.recentByModel.get('c')![0]!.change).toMatchObject({
      status: 'present',
      rank: { rank: 1, tied: false },
      previousRank: { rank: 1, tied: false },
      bestChanged: { from: 'C-OLD', to: 'C-NEW' },
      configurationCount: 2,
      reason: { kind: 'evidence', benchCount: [4, 5], scoresChanged: false },
    });
    expect(result.recentByModel.get('c')![0]!.change.configurations.map((x) => [x.slug, x.previousPosition, x.position])).toEqual([
      ['c-new', 4, 1],
      ['c-old', 1, 4],
    ]);
    // d and e stood still, with their evidence: no change for them at all.
    expect(result.recentByModel.has('d')).toBe(false);
    expect(result.recentByModel.has('e')).toBe(false);
    // f fell a place because g arrived above it: the field moved.
    expect(set!.movedUp.map((x) => [x.slug, x.previousPosition, x.position])).toEqual([['c-new', 4, 1]]);
    expect(set!.movedDown.map((x) => [x.slug, x.previousPosition, x.position])).toEqual([
      ['c-old', 1, 4],
      ['f', 5, 6],
    ]);
    expect(set!.added.map((x) => [x.slug, x.position, x.rank])).toEqual([['g', 5, { rank: 5, tied: false }]]);
    expect(set!.models.movedDown.map((m) => [m.familyTag, m.previousRank!.rank, m.rank.rank, m.reason.kind])).toEqual([['f', 4, 5, 'field']]);
    // The movement markers compare with the snapshot before, by slug and by model.
    expect(result.previous!.positions).toEqual(
      new Map([
        ['c-old', 1],
        ['d', 2],
        ['e', 3],
        ['c-new', 4],
        ['f', 5],
      ]),
    );
    expect(result.previous!.scores.get('c-new')).toBe(50);
    expect(result.previous!.modelRanks.get('f')).toEqual({ rank: 4, tied: false });
  });

  it('compares nothing across the method change', () => {
    const result = history({ at: METHOD_CHANGE_AT - DAY, rows: day1 }, { at: T0, rows: day2 });
    expect(result.changes[0]!.comparable).toBe(false);
    expect(result.changes[0]!.models.movedCount).toBe(0);
    expect(result.previous).toBeUndefined();
    expect(result.hasPrevious).toBe(true);
  });

  it('keeps series and recent changes only for what the latest snapshot holds', () => {
    const result = history({ at: T0, rows: day1 }, { at: T0 + DAY, rows: day2 });
    expect(result.configurationHistory('gone')).toEqual([]);
    expect(result.modelHistory('gone')).toEqual([]);
    expect(result.configurationHistory('a-low').map((p) => p.supraScore)).toEqual([80, 79]);
    expect(result.recentByModel.get('b')![0]!.change.rank.rank).toBe(1);
    expect(result.changes[0]!.anchor).toBe(`snapshot-${T0 + DAY}`);
  });

  it('walks the points once, ends the walk, and takes a snapshot that comes early in its turn', () => {
    const days = [
      { at: T0, rows: day1 },
      { at: T0 + DAY, rows: day2 },
      { at: T0 + 2 * DAY, rows: day1 },
    ] as const;
    const inOrder = history(...days);
    expect(walked).toEqual({ order: [1, 2, 3], ended: true });
    reorder = (points) => [...points].reverse();
    const reversed = history(...days);
    expect(walked).toEqual({ order: [3, 2, 1], ended: true });
    expect(reversed.changes).toEqual(inOrder.changes);
    expect(reversed.modelHistory('a')).toEqual(inOrder.modelHistory('a'));
    expect(reversed.configurationHistory('a-low').map((p) => p.supraScore)).toEqual([80, 79, 80]);
  });

  it('keeps each current model’s series in its own place among models that left', () => {
    // Families in order of first appearance: a, b, gone, fresh; the current ones a, b, fresh.
    const result = history({ at: T0, rows: day1 }, { at: T0 + DAY, rows: day2 });
    expect(result.modelHistory('fresh').map((p) => [p.supraScore, p.rank])).toEqual([[60, 3]]);
    expect(result.modelHistory('b').map((p) => [p.supraScore, p.rank])).toEqual([
      [85, 2],
      [91, 1],
    ]);
    expect(result.modelHistory('a').map((p) => [p.supraScore, p.rank])).toEqual([
      [90, 1],
      [90, 2],
    ]);
  });
});
