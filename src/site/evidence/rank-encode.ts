/**
 * The files of `/rank/`'s data as the build writes them (rank-file.ts reads them and describes each):
 * from every model's configurations and their counting means, exactly as the build's evidence
 * averaged them, the blocks of the model ranking, the parts (by benchmark, every configuration with
 * a mean there, by its number across the ranking) and the index. Pure.
 */
import type { PagesKept } from '../links/links.ts';
import { decimalsOf, slugOf, StringTable } from '../format/compact.ts';
import { CANDIDATES, REFERENCES, SCALE, type ScoreSet } from './method.ts';
import { MIN_BENCHMARKS } from './ranges.ts';
import { BLOCK, type RankBlockFile, type RankFile, type RankPartFile, type RankReference } from './rank-file.ts';
import { MAX_PASSES } from './reweigh.ts';
import { MAX_WEIGHT } from './weights.ts';

/** A configuration as the build hands it to the encoder: its supraScore and counting means. */
export interface RankConfiguration {
  supraScore: number;
  means: ScoreSet;
}

/** What the build hands the encoder. */
export interface RankInput {
  benchmarks: { slug: string; name: string; effectiveWeight: number; tags: readonly string[] }[];
  /** Each tag's page segment. */
  tagSegment: (tag: string) => string;
  /** In model rank order, each with its configurations, the best by supraScore first, and the benchmarks behind its best's supraScore (the API's benchCount). */
  models: { name: string; segment: string; provider: string; rank: number; benchCount: number; configurations: RankConfiguration[] }[];
  /** The API's top CANDIDATES configurations by supraScore: the first REFERENCES the references, the rest the candidates a resample takes its own from; each with its model, its place among the model's configurations and its means. */
  references: RankReferenceInput[];
  kept: PagesKept;
  /** Whether the leaderboard shows its likely ranges, or why not (the evidence's gate). */
  ranges: RankFile['ranges'];
}

export interface RankReferenceInput {
  slug: string;
  name: string;
  model: number;
  place: number;
  means: ScoreSet;
}

/** Integers as steps, the first from `start`. */
export function stepsOf(values: ArrayLike<number>, start: number): number[] {
  const out = new Array<number>(values.length);
  let at = start;
  for (let i = 0; i < values.length; i++) {
    out[i] = values[i]! - at;
    at = values[i]!;
  }
  return out;
}

/**
 * Every configuration's means by benchmark: configurations numbered across the ranking (a model's
 * from `first[m]`, its best first), each one's model, and for each benchmark the configurations with
 * a mean on it, ascending, and those means.
 */
export interface Columns {
  first: Int32Array;
  model: Int32Array;
  configuration: Int32Array[];
  value: Float64Array[];
}

export function columnsOf(input: RankInput): Columns {
  const first = new Int32Array(input.models.length + 1);
  input.models.forEach((m, i) => (first[i + 1] = first[i]! + m.configurations.length));
  const model = new Int32Array(first[input.models.length]!);
  const lengths = new Int32Array(input.benchmarks.length);
  input.models.forEach((m, i) =>
    m.configurations.forEach((c, place) => {
      model[first[i]! + place] = i;
      for (const b of c.means.bench) lengths[b]!++;
    }),
  );
  const configuration = Array.from(lengths, (n) => new Int32Array(n));
  const value = Array.from(lengths, (n) => new Float64Array(n));
  const filled = new Int32Array(input.benchmarks.length);
  input.models.forEach((m, i) =>
    m.configurations.forEach((c, place) => {
      for (let k = 0; k < c.means.bench.length; k++) {
        const b = c.means.bench[k]!;
        configuration[b]![filled[b]!] = first[i]! + place;
        value[b]![filled[b]!++] = c.means.value[k]!;
      }
    }),
  );
  return { first, model, configuration, value };
}

/** The most models (by place, plus one) any configuration with a mean on `benchmarks` belongs to: the blocks a part of them needs. */
export function modelsReached(columns: Columns, benchmarks: readonly number[]): number {
  let last = -1;
  for (const b of benchmarks) {
    const at = columns.configuration[b]!;
    if (at.length > 0) last = Math.max(last, columns.model[at[at.length - 1]!]!);
  }
  return last + 1;
}

/** The blocks of the best `models` models; `providers` numbers the vendors as the index lists them. */
export function encodeBlocks(input: RankInput, columns: Columns, models: number, providers: StringTable): RankBlockFile[] {
  return Array.from({ length: Math.ceil(models / BLOCK) }, (_, k) => {
    const block = input.models.slice(k * BLOCK, Math.min(models, (k + 1) * BLOCK));
    const rankOf = (m: number) => input.models[m]?.rank;
    const tied = block.flatMap((m, i) => (rankOf(k * BLOCK + i - 1) === m.rank || rankOf(k * BLOCK + i + 1) === m.rank ? [i] : []));
    return {
      from: k * BLOCK,
      firstConfiguration: columns.first[k * BLOCK]!,
      models: {
        name: block.map((m) => m.name),
        segment: block.map((m) => (m.segment === slugOf(m.name) ? '' : m.segment)),
        provider: block.map((m) => providers.id(m.provider)),
        rank: stepsOf(
          block.map((m) => m.rank),
          0,
        ),
        tied: stepsOf(tied, -1),
      },
      configurations: { count: block.map((m) => m.configurations.length), supraScore: block.flatMap((m) => m.configurations.map((c) => c.supraScore)) },
      benchCount: block.map((m) => m.benchCount),
    };
  });
}

/** The part of `benchmarks` (ids, ascending): every configuration with a mean on one of them among the best `cut` models. */
export function encodePart(columns: Columns, benchmarks: readonly number[], cut: number): RankPartFile {
  const below = columns.first[Math.min(cut, columns.first.length - 1)]!;
  const kept = benchmarks.map((b) => {
    const at = columns.configuration[b]!;
    let k = 0;
    while (k < at.length && at[k]! < below) k++;
    return { at: at.subarray(0, k), values: columns.value[b]!.subarray(0, k) };
  });
  const decimals = decimalsOf(kept.flatMap((c) => Array.from(c.values)));
  const scale = 10 ** (decimals ?? 0);
  return {
    benchmarks: stepsOf(benchmarks, -1),
    cut,
    decimals,
    scores: kept.map(({ at, values }) => [
      stepsOf(at, -1),
      decimals === null
        ? Array.from(values)
        : stepsOf(
            Array.from(values, (v) => Math.round(v * scale)),
            0,
          ),
    ]),
  };
}

/** The running sum of steps stays below `limit` for how many of them (steps in order, the first from -1). */
function prefixBelow(steps: readonly number[], limit: number): number {
  let at = -1;
  for (let i = 0; i < steps.length; i++) if ((at += steps[i]!) >= limit) return i;
  return steps.length;
}

/**
 * A part cut at place `cut` in the model ranking: what encodePart makes of the same benchmarks with
 * that cut, taken as a prefix of each column (its configurations are numbered in model rank order),
 * with its scale of decimals kept.
 */
export function truncatePart(file: RankPartFile, columns: Columns, cut: number): RankPartFile {
  const below = columns.first[Math.min(cut, columns.first.length - 1)]!;
  return {
    ...file,
    cut,
    scores: file.scores.map(([at, values]) => {
      const k = prefixBelow(at, below);
      return [at.slice(0, k), values.slice(0, k)];
    }),
  };
}

const referenceEntry = (r: RankReferenceInput): RankReference => ({
  slug: r.slug,
  name: r.name,
  model: r.model,
  best: r.place === 0,
  place: r.place,
  benchmarks: stepsOf(r.means.bench, -1),
  scores: Array.from(r.means.value),
});

/** The index, once its blocks and parts are made. `providers` is the table the blocks numbered vendors in. */
export function encodeIndex(input: RankInput, providers: StringTable, files: Pick<RankFile, 'blocks' | 'parts'>, budget: number, hostModels: number): RankFile {
  const tags = new StringTable();
  const benchTags = input.benchmarks.map((b) => b.tags.map(tags.id));
  return {
    method: { references: REFERENCES, scale: SCALE, maxPasses: MAX_PASSES, minBenchmarks: MIN_BENCHMARKS, maxWeight: MAX_WEIGHT },
    budget,
    benchmarks: {
      slug: input.benchmarks.map((b) => b.slug),
      name: input.benchmarks.map((b) => b.name),
      effectiveWeight: input.benchmarks.map((b) => b.effectiveWeight),
      tags: benchTags,
    },
    tags: { name: tags.list, segment: tags.list.map(input.tagSegment) },
    providers: providers.list,
    models: input.models.length,
    hostModels,
    references: input.references.slice(0, REFERENCES).map(referenceEntry),
    candidates: input.references.slice(REFERENCES, CANDIDATES).map(referenceEntry),
    ranges: input.ranges,
    kept: input.kept,
    blocks: files.blocks,
    parts: files.parts,
  };
}
