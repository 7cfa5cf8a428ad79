/**
 * What changed between two days of history: the models that came and went, the largest moves up and
 * down in model rank, and each tag whose leader changed. A tag's leader on a day is the best model
 * by supraScore (its best configuration's) among the models carrying the tag that day, as the
 * leaderboard's tag filter finds them. Across the 2026-09-17 method change no move is listed: ranks
 * before it do not compare with later ones. Pure: the script draws it from the two days' rows.
 */
import { isComparable, METHOD_CHANGE_AT } from '../format/method-change.ts';
import type { Ranked } from '../format/ranks.ts';
import type { Day } from './past-files.ts';
import type { PastRow, TagChip } from './past-leaderboard.ts';

/** A model in a list of changes: its name and address, its model rank on the later day (for one that went: on the earlier), and on the earlier. */
export interface RangeEntry {
  name: string;
  /** Its page, or its row on today's leaderboard; undefined when it is not on today's leaderboard. */
  href: string | undefined;
  rank: Ranked;
  previousRank: Ranked | undefined;
  /** Places gained (negative: lost); 0 for one that came or went. */
  moved: number;
}

/** A tag whose leader is another model on the later day. */
export interface TagLeader {
  tag: TagChip;
  leader: RangeEntry;
  /** Its leader on the earlier day; undefined when no model carried it then. */
  previous: RangeEntry | undefined;
}

export interface RangeChanges {
  since: { date: Day; generatedAt: number };
  asOf: { date: Day; generatedAt: number };
  /** False across the 2026-09-17 method change: no moves are listed. */
  comparable: boolean;
  counts: { came: number; went: number; up: number; down: number; leaders: number };
  came: RangeEntry[];
  went: RangeEntry[];
  up: RangeEntry[];
  down: RangeEntry[];
  leaders: TagLeader[];
}

/** Entries kept per list; the counts say how many there are. */
export const RANGE_LISTED = 25;

const entry = (row: PastRow, previous: PastRow | undefined, moved = 0): RangeEntry => ({
  name: row.name,
  href: row.href,
  rank: { rank: row.rank, tied: row.rankTied },
  previousRank: previous && { rank: previous.rank, tied: previous.rankTied },
  moved,
});

/** Each tag's leader among `rows` (in model rank order): the first row carrying it. */
function leadersOf(rows: readonly PastRow[]): Map<string, PastRow> {
  const leaders = new Map<string, PastRow>();
  for (const row of rows) for (const tag of row.tags) if (!leaders.has(tag.name)) leaders.set(tag.name, row);
  return leaders;
}

/**
 * The changes from the rows of `since` to those of `asOf` (each in model rank order, as pastRows makes
 * them from one names table), each list at most `listed` long.
 */
export function rangeChanges(
  since: { date: Day; generatedAt: number; rows: readonly PastRow[] },
  asOf: { date: Day; generatedAt: number; rows: readonly PastRow[] },
  listed = RANGE_LISTED,
): RangeChanges {
  const comparable = isComparable(since.generatedAt, asOf.generatedAt, METHOD_CHANGE_AT);
  const before = new Map(since.rows.map((r) => [r.model, r]));
  const after = new Map(asOf.rows.map((r) => [r.model, r]));
  const came = asOf.rows.filter((r) => !before.has(r.model)).map((r) => entry(r, undefined));
  const went = since.rows.filter((r) => !after.has(r.model)).map((r) => entry(r, undefined));
  const moves = comparable
    ? asOf.rows.flatMap((r) => {
        const old = before.get(r.model);
        return old && old.rank !== r.rank ? [entry(r, old, old.rank - r.rank)] : [];
      })
    : [];
  // The largest moves first; equal moves by model rank on the later day.
  const up = moves.filter((m) => m.moved > 0).sort((a, b) => b.moved - a.moved || a.rank.rank - b.rank.rank);
  const down = moves.filter((m) => m.moved < 0).sort((a, b) => a.moved - b.moved || a.rank.rank - b.rank.rank);
  const then = leadersOf(since.rows);
  const chips = new Map(asOf.rows.flatMap((r) => r.tags.map((t) => [t.name, t] as const)));
  const leaders: TagLeader[] = [];
  for (const [tag, row] of [...leadersOf(asOf.rows)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const old = then.get(tag);
    if (old?.model === row.model) continue;
    leaders.push({ tag: chips.get(tag)!, leader: entry(row, before.get(row.model)), previous: old && entry(old, undefined) });
  }
  return {
    since: { date: since.date, generatedAt: since.generatedAt },
    asOf: { date: asOf.date, generatedAt: asOf.generatedAt },
    comparable,
    counts: { came: came.length, went: went.length, up: up.length, down: down.length, leaders: leaders.length },
    came: came.slice(0, listed),
    went: went.slice(0, listed),
    up: up.slice(0, listed),
    down: down.slice(0, listed),
    leaders: leaders.slice(0, listed),
  };
}
