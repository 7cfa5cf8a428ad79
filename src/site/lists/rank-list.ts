/**
 * `/rank/` as a list (list-spec.ts): the models ranked by the evidence under a visitor's own weights
 * (src/site/evidence/reweigh.ts), drawn from `/data/rank.json`. The weights are the view's sources
 * (`w`, `b`, `by`: src/site/evidence/weights.ts); search, the provider filter, the sort and the pages
 * work on the rows they give, the ranked models first and those listed apart after them. Pure.
 */
import type { RankData } from '../evidence/rank-file.ts';
import type { RankRanges } from '../evidence/rank-ranges.ts';
import type { LikelyRange } from '../evidence/ranges.ts';
import type { Ranking } from '../evidence/reweigh.ts';
import { formatShare } from '../format/format.ts';
import { scoreFormatter } from '../format/precision.ts';
import { formatRank, type Ranked } from '../format/ranks.ts';
import { compareHref, href, modelAddress } from '../links/links.ts';
import { byNumber, byText, viewUrl, type BaseView, type ListSpec } from './list-spec.ts';
import { LEADERBOARD_PAGE_SIZE } from './pagination.ts';

/** A model as a row of the ranking by the visitor's weights. */
export interface RankRow {
  /** Its place in the model ranking (by supraScore), from 0. */
  model: number;
  /** Its place among the rows: the ranked models in rank order, then those listed apart. */
  order: number;
  /** Its rank by these weights; undefined for a model listed apart. */
  rank: Ranked | undefined;
  rankText: string;
  name: string;
  /** Its page, or (when the build made none) the comparison page drawing it. */
  href: string;
  provider: string;
  /** Its model rank by supraScore, as the leaderboard shows it. */
  modelRank: string;
  /** Its evidence score under the weights, with the digits that tell it apart. */
  score: number;
  scoreText: string;
  /** The share of the weight its evidence covers. */
  coverage: number;
  coverageText: string;
  /** Its likely range (rank-ranges.ts), once made: of its model rank as the source weighs, else of its rank here; and whether the evidence cannot tell it from the row above. */
  likely?: LikelyRange;
  tiedAbove?: boolean;
  /** What its range is of (RowRanges'), and whether it is still being made (the page draws a mark where it will be). */
  likelyOf?: RankRanges['of'];
  pending?: boolean;
}

/** What a ranking's likely ranges say, beside its rows: what a range is of, or why there are none. */
export interface RowRanges {
  of: RankRanges['of'];
  withheld: string | undefined;
  /** Per row, in the rows' order: low, high (0 and 0: none) and 1 where tied with the row above. */
  cells: Int32Array;
}

/**
 * The ranges of `rows` (rankRows' of the same ranking), per row. A tie is with the row above: as
 * the source weighs, where the row above is the model ranked just above it by supraScore (the
 * leaderboard's neighbour), since the rows are in the evidence's order.
 */
export function rowRanges(data: RankData, rows: readonly RankRow[], ranges: RankRanges): RowRanges {
  const local = new Map<number, number>();
  data.models.place.forEach((place, m) => local.set(place, m));
  const cells = new Int32Array(3 * rows.length);
  rows.forEach((row, i) => {
    const m = local.get(row.model)!;
    if (!row.rank || ranges.high[m] === 0) return;
    cells[3 * i] = ranges.low[m]!;
    cells[3 * i + 1] = ranges.high[m]!;
    const above = rows[i - 1];
    cells[3 * i + 2] = ranges.tiedAbove[m] && above?.rank && (ranges.of === 'rank' || above.model === row.model - 1) ? 1 : 0;
  });
  return { of: ranges.of, withheld: ranges.withheld, cells };
}

/** The likely ranges as the source weighs, as the build publishes them (src/site/routes/rank.ts' sourceRangesFile, /data/rank/ranges.json): by model place, 0 and 0 for none; `tied` 1 where the evidence cannot tell a model from the one just above it by supraScore. */
export interface PublishedRanges {
  withheld: string | null;
  low: readonly number[];
  high: readonly number[];
  tied: readonly number[];
}

/** The ranges of `rows` (a ranking in the source's proportions) from the published ones: what rowRanges makes of the same ranges, by place. */
export function publishedRowRanges(rows: readonly RankRow[], published: PublishedRanges): RowRanges {
  const cells = new Int32Array(3 * rows.length);
  rows.forEach((row, i) => {
    const high = published.high[row.model] ?? 0;
    if (!row.rank || high === 0) return;
    cells[3 * i] = published.low[row.model]!;
    cells[3 * i + 1] = high;
    const above = rows[i - 1];
    cells[3 * i + 2] = published.tied[row.model] && above?.rank && above.model === row.model - 1 ? 1 : 0;
  });
  return { of: 'model rank', withheld: published.withheld ?? undefined, cells };
}

/** Puts each row's range and tie in it (the rows a page draws). */
export function putRanges(rows: readonly RankRow[], { cells, of }: RowRanges): void {
  rows.forEach((row, i) => {
    row.likelyOf = of;
    row.likely = cells[3 * i + 1]! > 0 ? { low: cells[3 * i]!, high: cells[3 * i + 1]! } : undefined;
    row.tiedAbove = cells[3 * i + 2] === 1;
    row.pending = false;
  });
}

/** The rows of a ranking: the ranked models, then those listed apart. */
export function rankRows(data: RankData, ranking: Ranking): RankRow[] {
  const { models, kept } = data;
  const listed = [...ranking.ranked, ...ranking.apart];
  const scoreText = scoreFormatter(listed.map((m) => ranking.scores[m]!));
  return listed.map((m, order) => {
    const rank = ranking.ranks[order];
    const segment = models.segment[m]!;
    const place = models.place[m]!;
    const address = { segment, index: place };
    return {
      model: place,
      order,
      rank,
      rankText: rank ? formatRank(rank) : '',
      name: models.name[m]!,
      href: place < kept.modelPages ? modelAddress(address, kept) : compareHref([address]),
      provider: models.provider[m]!,
      modelRank: formatRank(models.rank[m]!),
      score: ranking.scores[m]!,
      scoreText: scoreText(ranking.scores[m]!),
      coverage: ranking.coverage[m]!,
      coverageText: formatShare(ranking.coverage[m]!),
    };
  });
}

/**
 * A ranking's rows as columns, as the worker posts them: copying thousands of row objects to the
 * page is slow (a structured clone reads each object's properties by name), numbers in typed arrays
 * are moved and one array of strings copies fast. `text`: each row's seven strings, in turn.
 */
export interface PackedRows {
  model: Int32Array;
  /** Its rank, 0 for a model listed apart; 1 where another shares it. */
  rank: Int32Array;
  tied: Uint8Array;
  score: Float64Array;
  coverage: Float64Array;
  text: string[];
}

const TEXTS = 7;

export function packRows(rows: readonly RankRow[]): PackedRows {
  const n = rows.length;
  const packed: PackedRows = {
    model: new Int32Array(n),
    rank: new Int32Array(n),
    tied: new Uint8Array(n),
    score: new Float64Array(n),
    coverage: new Float64Array(n),
    text: [],
  };
  rows.forEach((row, i) => {
    packed.model[i] = row.model;
    packed.rank[i] = row.rank?.rank ?? 0;
    packed.tied[i] = row.rank?.tied ? 1 : 0;
    packed.score[i] = row.score;
    packed.coverage[i] = row.coverage;
    packed.text.push(row.rankText, row.name, row.href, row.provider, row.modelRank, row.scoreText, row.coverageText);
  });
  return packed;
}

/** The buffers packRows' columns move in, for postMessage's transfer list. */
export const packedBuffers = (p: PackedRows): ArrayBuffer[] => [p.model, p.rank, p.tied, p.score, p.coverage].map((a) => a.buffer as ArrayBuffer);

/** The rows packRows packed, as rankRows made them (their order is their place). */
export function unpackRows(p: PackedRows): RankRow[] {
  return Array.from(p.model, (model, order) => {
    const t = TEXTS * order;
    return {
      model,
      order,
      rank: p.rank[order]! > 0 ? { rank: p.rank[order]!, tied: p.tied[order] === 1 } : undefined,
      rankText: p.text[t]!,
      name: p.text[t + 1]!,
      href: p.text[t + 2]!,
      provider: p.text[t + 3]!,
      modelRank: p.text[t + 4]!,
      score: p.score[order]!,
      scoreText: p.text[t + 5]!,
      coverage: p.coverage[order]!,
      coverageText: p.text[t + 6]!,
    };
  });
}

export interface RankView extends BaseView {
  /** The weights (src/site/evidence/weights.ts): per tag, per benchmark, and every benchmark alike. */
  w: string;
  b: string;
  by: string;
  provider: string;
  sort: 'rank' | 'name' | 'provider' | 'score' | 'coverage';
}

/** The page's address. */
export const RANK_PATH = '/rank/';

/** The page with weights: `rankHref({ w: 'coding:1' })`, as a tag's page links it. */
export const rankHref = (weights: Partial<Pick<RankView, 'w' | 'b' | 'by'>> = {}) => viewUrl(RANK, { ...RANK.plain, ...weights, page: 1 } as RankView);

export const RANK = {
  name: 'rank',
  noun: 'model',
  pageHref: () => href(RANK_PATH),
  pageSize: LEADERBOARD_PAGE_SIZE,
  index: { path: '/data/rank.json', label: 'data of this ranking' },
  pagerLabel: 'Pages of the ranking by your weights',
  columns: [
    { key: 'rank', label: 'Rank', sort: { dir: 'asc', compare: byNumber((r) => r.order) } },
    { key: 'name', label: 'Model', sort: { dir: 'asc', compare: byText((r) => r.name) } },
    { key: 'provider', label: 'Provider', class: 'wide-only', sort: { dir: 'asc', compare: byText((r) => r.provider) } },
    { key: 'score', label: 'Score', class: 'num', sort: { dir: 'desc', compare: byNumber((r) => r.score) } },
    { key: 'coverage', label: 'Coverage', class: 'num wide-only', sort: { dir: 'desc', compare: byNumber((r) => r.coverage) } },
  ],
  plain: { q: '', w: '', b: '', by: '', provider: '', sort: 'rank', dir: 'asc' },
  sources: ['w', 'b', 'by'],
  tiebreak: byNumber((r) => r.order),
  // Those listed apart come after the ranked, whatever the sort: they have no rank to sort among the others by.
  group: (r) => (r.rank ? 0 : 1),
  filters: {
    provider: { label: 'Provider', matches: (r, provider) => r.provider === provider },
  },
  searched: (r) => ({ texts: [r.name, r.provider], tags: [] }),
  heading: (page, pages) => (page === 1 ? 'Rank by what you weigh' : `Rank by what you weigh, page ${page} of ${pages}`),
  title: (page) => (page === 1 ? 'Rank by what you weigh' : `Rank by what you weigh, page ${page}`),
  caption: () => 'Models ranked by the evidence under the weights above (the mirror’s computation), then those listed apart',
} as const satisfies ListSpec<RankRow, RankView, 'w' | 'b' | 'by'>;

/** What a ranking's sentences say of it: how many models it ranks, lists apart and cannot rank, its references, and the models its data holds. */
export interface RankSummary {
  /** The weights are the source's own (in proportion). */
  source: boolean;
  weighed: boolean;
  ranked: number;
  apart: number;
  /** Models of the snapshot with no evidence under these weights (the data's field holds every model with any). */
  none: number;
  references: Ranking['references'];
  /** Models in the snapshot, and the best of them the data holds (all of them but where the budget or a host's limits cut it), and why it cuts. */
  total: number;
  cut: number;
  cutBy: 'host' | 'budget' | undefined;
}

export const rankSummary = (data: Pick<RankData, 'total' | 'cut' | 'hostModels'>, ranking: Ranking, source: boolean): RankSummary => ({
  source,
  weighed: ranking.weighed,
  ranked: ranking.ranked.length,
  apart: ranking.apart.length,
  none: Math.min(data.total, data.cut) - ranking.ranked.length - ranking.apart.length,
  references: ranking.references,
  total: data.total,
  cut: data.cut,
  cutBy: data.cut >= data.total ? undefined : data.cut >= data.hostModels ? 'host' : 'budget',
});
