/**
 * `/data/rank.json`: what `/rank/` re-ranks the models from in the browser, laid out by benchmark.
 * For each benchmark, the models whose best configuration has a counting score on it (as steps of
 * the model's place, in model rank order) and those scores (the mean of its counting submissions,
 * exactly as the build averaged them); the benchmarks' effectiveWeight and tags; each model's name,
 * page and model rank; and the API's top 10 configurations with their own means. Names and tags are
 * listed once, in columns. The build encodes it here and both the build (for the page's first,
 * static rows) and the browser decode it here, so both rank from the same numbers. Pure.
 */
import type { PagesKept } from '../links/links.ts';
import { decimalsOf, slugOf, StringTable } from '../format/compact.ts';
import type { Ranked } from '../format/ranks.ts';
import { REFERENCES, SCALE, type ScoreSet } from './method.ts';
import type { RankField, Sparse } from './reweigh.ts';
import { BEST_COVERED, COVERAGE_SHARE, MAX_ROUNDS } from './reweigh.ts';
import { MAX_WEIGHT, type WeighedBenchmarks, type WeightNames } from './weights.ts';

/** rank.json beside its attribution. */
export interface RankFile {
  /** The choices of the method under the visitor's weights (reweigh.ts), for a reader of the file. */
  method: { references: number; scale: number; maxRounds: number; coverageShare: number; bestCovered: number; maxWeight: number };
  /** By benchmark id: as the build's evidence numbers them (the snapshot's order). */
  benchmarks: { slug: string[]; name: string[]; effectiveWeight: number[]; tags: number[][] };
  /** The tags some benchmark carries: their names and their pages' segments (what an address weighs them by). */
  tags: { name: string[]; segment: string[] };
  providers: string[];
  /** In model rank order. */
  models: {
    name: string[];
    /** Its page's segment; '' when it is the slug of its name. */
    segment: string[];
    /** Index into `providers`: its best configuration's vendor. */
    provider: number[];
    /** Model ranks: the first as it is, each next as the step from the one before; a step of 0 is a shared rank. */
    rank: number[];
  };
  /** How many of the best models have pages on this host. */
  kept: PagesKept;
  /** The scores are whole numbers of 10^-decimals, each column's first as it is and each next as the step from the one before; null: as they are. */
  decimals: number | null;
  /** By benchmark id: [the models' places, as steps from -1; their scores]. */
  scores: [number[], number[]][];
  /** The API's top configurations by supraScore, best first: their model's place, and their means by benchmark id (steps from -1). */
  references: { slug: string; name: string; model: number; best: boolean; benchmarks: number[]; scores: number[] }[];
}

/** What the build hands the encoder. */
export interface RankInput {
  benchmarks: { slug: string; name: string; effectiveWeight: number; tags: readonly string[] }[];
  /** Each tag's page segment. */
  tagSegment: (tag: string) => string;
  /** In model rank order, with their best configuration's means. */
  models: { name: string; segment: string; provider: string; rank: number; means: ScoreSet }[];
  references: { slug: string; name: string; model: number; best: boolean; means: ScoreSet }[];
  kept: PagesKept;
}

/** Integers as steps, the first from `start`, and back: places and scores in order take fewer digits so. */
const toSteps = (values: ArrayLike<number>, start: number) => Array.from(values, (v, i) => v - (i === 0 ? start : values[i - 1]!));
const fromSteps = (steps: readonly number[], start: number) => {
  const out = new Int32Array(steps.length);
  let at = start;
  steps.forEach((s, i) => (out[i] = at += s));
  return out;
};

export function encodeRank(input: RankInput): RankFile {
  const tags = new StringTable();
  const providers = new StringTable();
  const columns: [number[], number[]][] = input.benchmarks.map(() => [[], []]);
  input.models.forEach((m, place) => {
    for (let k = 0; k < m.means.bench.length; k++) {
      const column = columns[m.means.bench[k]!]!;
      column[0].push(place);
      column[1].push(m.means.value[k]!);
    }
  });
  const decimals = decimalsOf(columns.flatMap(([, scores]) => scores));
  const scale = 10 ** (decimals ?? 0);
  const benchTags = input.benchmarks.map((b) => b.tags.map(tags.id));
  const modelProviders = input.models.map((m) => providers.id(m.provider));
  return {
    method: { references: REFERENCES, scale: SCALE, maxRounds: MAX_ROUNDS, coverageShare: COVERAGE_SHARE, bestCovered: BEST_COVERED, maxWeight: MAX_WEIGHT },
    benchmarks: {
      slug: input.benchmarks.map((b) => b.slug),
      name: input.benchmarks.map((b) => b.name),
      effectiveWeight: input.benchmarks.map((b) => b.effectiveWeight),
      tags: benchTags,
    },
    tags: { name: tags.list, segment: tags.list.map(input.tagSegment) },
    providers: providers.list,
    models: {
      name: input.models.map((m) => m.name),
      segment: input.models.map((m) => (m.segment === slugOf(m.name) ? '' : m.segment)),
      provider: modelProviders,
      rank: input.models.map((m, i) => m.rank - (i === 0 ? 0 : input.models[i - 1]!.rank)),
    },
    kept: input.kept,
    decimals,
    scores: columns.map(([places, scores]) => {
      const units = decimals === null ? scores : scores.map((s) => Math.round(s * scale));
      return [toSteps(places, -1), decimals === null ? units : toSteps(units, 0)];
    }),
    references: input.references.map((r) => ({
      slug: r.slug,
      name: r.name,
      model: r.model,
      best: r.best,
      benchmarks: toSteps(r.means.bench, -1),
      scores: Array.from(r.means.value),
    })),
  };
}

/** rank.json decoded: the field the passes read, and what the page names. */
export interface RankData {
  field: RankField;
  benchmarks: WeighedBenchmarks & { name: readonly string[] };
  tags: RankFile['tags'];
  models: { name: string[]; segment: string[]; provider: string[]; rank: Ranked[] };
  kept: PagesKept;
  names: WeightNames;
}

export function decodeRank(file: RankFile): RankData {
  const n = file.models.name.length;
  const scale = 10 ** (file.decimals ?? 0);
  const columns: Sparse[] = file.scores.map(([places, values]) => {
    const scores = file.decimals === null ? Float64Array.from(values) : Float64Array.from(fromSteps(values, 0), (u) => u / scale);
    return { ids: fromSteps(places, -1), scores };
  });
  // Each model's row, its benchmarks ascending: the transpose of the columns.
  const lengths = new Int32Array(n);
  for (const c of columns) for (const m of c.ids) lengths[m] = lengths[m]! + 1;
  const rows: Sparse[] = Array.from(lengths, (len) => ({ ids: new Int32Array(len), scores: new Float64Array(len) }));
  const filled = new Int32Array(n);
  columns.forEach((c, b) =>
    c.ids.forEach((m, j) => {
      const row = rows[m]!;
      row.ids[filled[m]!] = b;
      row.scores[filled[m]!++] = c.scores[j]!;
    }),
  );
  const segmentOf = (t: number) => file.tags.segment[t]!;
  const ranks: number[] = [];
  file.models.rank.forEach((step, k) => ranks.push((k === 0 ? 0 : ranks[k - 1]!) + step));
  const benchTags = file.benchmarks.tags.map((ts) => ts.map(segmentOf));
  return {
    field: {
      models: n,
      columns,
      rows,
      references: file.references.map((r) => ({ ids: fromSteps(r.benchmarks, -1), scores: Float64Array.from(r.scores), self: r.best ? r.model : -1 })),
    },
    benchmarks: { slug: file.benchmarks.slug, name: file.benchmarks.name, effectiveWeight: file.benchmarks.effectiveWeight, tags: benchTags },
    tags: file.tags,
    models: {
      name: file.models.name,
      segment: file.models.segment.map((s, k) => s || slugOf(file.models.name[k]!)),
      provider: file.models.provider.map((p) => file.providers[p] ?? ''),
      rank: ranks.map((rank, k) => ({ rank, tied: ranks[k - 1] === rank || ranks[k + 1] === rank })),
    },
    kept: file.kept,
    names: { tags: new Set(file.tags.segment), benches: new Map(file.benchmarks.slug.map((s, b) => [s, benchTags[b]!])) },
  };
}
