/**
 * What `/rank/` ranks the models from, in the browser, as files under `/data/`: `rank.json`, the
 * index (the benchmarks, their tags, the vendors, the API's top 10 configurations with their means,
 * and the parts), and the parts, each the columns of some benchmarks for every model with a counting
 * score on one of them: one per tag (`rank/tags/{segment}.json`), one for the benchmarks without a
 * tag (`rank/untagged.json`) and one of every benchmark for the best models (`rank/all.json`). A
 * weighting loads the index and the parts that hold its weighed benchmarks (whereParts); what one
 * weighting loads stays within the index's `budget`, gzipped.
 *
 * A part holds, for each of its models, every configuration with a counting score on its benchmarks
 * (the best by supraScore first, each with its place among its model's configurations and its
 * supraScore) and their means (exactly as the build's evidence averaged them): what a resampled
 * ranking needs besides the benchmarks' keys, which come from their slugs (resample.ts). The build
 * encodes them here, and both the build (for the page's first, static rows) and the browser decode
 * them here, so both rank from the same numbers. Pure.
 */
import type { PagesKept } from '../links/links.ts';
import { StringTable } from '../lists/index-tuples.ts';
import { decimalsOf, slugOf } from '../lists/past-files.ts';
import type { Ranked } from '../format/ranks.ts';
import { REFERENCES, SCALE, type Reference, type ScoreSet } from './method.ts';
import { MIN_BENCHMARKS } from './ranges.ts';
import { benchKey } from './resample.ts';
import type { RankField } from './reweigh.ts';
import { MAX_ROUNDS } from './reweigh.ts';
import { MAX_WEIGHT, type WeighedBenchmarks, type WeightNames } from './weights.ts';

/** A part as the index lists it: where it is (from /data/), how many models it holds, its cut (RankPartFile's) and its bytes gzipped (gzip -9). */
export interface PartEntry {
  path: string;
  models: number;
  cut: number;
  bytes: number;
}

/** `/data/rank.json` beside its attribution. */
export interface RankFile {
  /** The choices of the method under the visitor's weights (reweigh.ts), for a reader of the file. */
  method: { references: number; scale: number; maxRounds: number; minBenchmarks: number; maxWeight: number };
  /** The most the parts one weighting loads may weigh, gzipped (gzip -9): with the index, within the data's budget. */
  budget: number;
  /** By benchmark id: as the build's evidence numbers them (the snapshot's order). */
  benchmarks: { slug: string[]; name: string[]; effectiveWeight: number[]; tags: number[][] };
  /** The tags some benchmark carries: their names and their pages' segments (what an address weighs them by). */
  tags: { name: string[]; segment: string[] };
  providers: string[];
  /** Models in the snapshot, and how many of the best of them this host's limits let the parts hold. */
  models: number;
  hostModels: number;
  /** The API's top configurations by supraScore, best first: their model's place, and their means by benchmark id (steps from -1). */
  references: { slug: string; name: string; model: number; best: boolean; benchmarks: number[]; scores: number[] }[];
  /** How many of the best models have pages on this host. */
  kept: PagesKept;
  /** The parts: every benchmark for the best models; by tag (null: none); the benchmarks without a tag (null: none). */
  parts: { all: PartEntry; tags: (PartEntry | null)[]; untagged: PartEntry | null };
}

/** A part: the columns of some benchmarks for the models with a counting score on one of them. */
export interface RankPartFile {
  /** Its benchmarks by id, as steps from -1. */
  benchmarks: number[];
  /** Its models in model rank order: their places in the model ranking (steps from -1), names, pages' segments ('' where it is the slug of the name), vendors (into the index's providers), model ranks (steps) and which of them share their rank (indexes, steps from -1). */
  models: { place: number[]; name: string[]; segment: string[]; provider: number[]; rank: number[]; tied: number[] };
  /** It holds every model with a counting score on its benchmarks above this place in the model ranking, and none below: the snapshot's count of models unless the budget or a host's limits cut it. */
  cut: number;
  /** Its configurations, each model's together, best first: their model (steps from 0 over models), place among the model's configurations (0: its best) and supraScore. */
  configurations: { model: number[]; place: number[]; supraScore: number[] };
  /** The scores are whole numbers of 10^-decimals, each column's first as it is and each next as the step from the one before; null: as they are. */
  decimals: number | null;
  /** By benchmark, in the order of `benchmarks`: [the configurations' indexes, as steps from -1; their means]. */
  scores: [number[], number[]][];
}

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
  /** In model rank order, each with its configurations, the best by supraScore first. */
  models: { name: string; segment: string; provider: string; rank: number; configurations: RankConfiguration[] }[];
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

/** The paths of the parts, from /data/. */
export const RANK_PARTS_DIR = 'rank';
export const rankPartPath = (part: { tag: string } | 'all' | 'untagged') =>
  typeof part === 'string' ? `${RANK_PARTS_DIR}/${part}.json` : `${RANK_PARTS_DIR}/tags/${part.tag}.json`;

/** Every configuration's means by benchmark: for each benchmark, its (model, place among the model's configurations, mean), in model order. */
export interface Columns {
  model: Int32Array[];
  place: Int32Array[];
  value: Float64Array[];
}

export function columnsOf(input: RankInput): Columns {
  const lists = input.benchmarks.map(() => ({ model: [] as number[], place: [] as number[], value: [] as number[] }));
  input.models.forEach((m, model) =>
    m.configurations.forEach((c, place) => {
      for (let k = 0; k < c.means.bench.length; k++) {
        const list = lists[c.means.bench[k]!]!;
        list.model.push(model);
        list.place.push(place);
        list.value.push(c.means.value[k]!);
      }
    }),
  );
  return {
    model: lists.map((l) => Int32Array.from(l.model)),
    place: lists.map((l) => Int32Array.from(l.place)),
    value: lists.map((l) => Float64Array.from(l.value)),
  };
}

/** Models with a counting score on any of `benchmarks`, by place. */
export function modelsOn(columns: Columns, benchmarks: readonly number[]): number[] {
  const seen = new Set<number>();
  for (const b of benchmarks) for (const m of columns.model[b]!) seen.add(m);
  return [...seen].sort((a, b) => a - b);
}

/**
 * The part of `benchmarks` (ids, ascending) for `models` (places, ascending: every model with a score
 * on them) above place `cut`. `providers` numbers the vendors as the index does.
 */
export function encodePart(
  input: RankInput,
  columns: Columns,
  benchmarks: readonly number[],
  models: readonly number[],
  cut: number,
  providers: StringTable,
): RankPartFile {
  const kept = models.filter((m) => m < cut);
  const local = new Map(kept.map((m, i) => [m, i]));
  // Each model's configurations with a score here, by their place among its configurations.
  const configurationsOf = new Map<number, Set<number>>();
  for (const b of benchmarks) {
    const model = columns.model[b]!;
    const place = columns.place[b]!;
    for (let j = 0; j < model.length; j++) {
      if (!local.has(model[j]!)) continue;
      let set = configurationsOf.get(model[j]!);
      if (!set) configurationsOf.set(model[j]!, (set = new Set()));
      set.add(place[j]!);
    }
  }
  const configuration = new Map<string, number>();
  const cModel: number[] = [];
  const cPlace: number[] = [];
  const cScore: number[] = [];
  kept.forEach((m, i) => {
    for (const place of [...configurationsOf.get(m)!].sort((a, b) => a - b)) {
      configuration.set(`${m}:${place}`, cModel.length);
      cModel.push(i);
      cPlace.push(place);
      cScore.push(input.models[m]!.configurations[place]!.supraScore);
    }
  });
  const scores = benchmarks.map((b) => {
    const pairs: [number, number][] = [];
    const model = columns.model[b]!;
    for (let j = 0; j < model.length; j++) {
      const c = configuration.get(`${model[j]}:${columns.place[b]![j]}`);
      if (c !== undefined) pairs.push([c, columns.value[b]![j]!]);
    }
    return pairs.sort((x, y) => x[0] - y[0]);
  });
  const decimals = decimalsOf(scores.flatMap((pairs) => pairs.map((p) => p[1])));
  const scale = 10 ** (decimals ?? 0);
  const ranks = kept.map((m) => input.models[m]!.rank);
  const rankOf = (m: number) => input.models[m]?.rank;
  const tied = kept.flatMap((m, i) => (rankOf(m - 1) === rankOf(m) || rankOf(m + 1) === rankOf(m) ? [i] : []));
  return {
    benchmarks: toSteps(benchmarks, -1),
    models: {
      place: toSteps(kept, -1),
      name: kept.map((m) => input.models[m]!.name),
      segment: kept.map((m) => (input.models[m]!.segment === slugOf(input.models[m]!.name) ? '' : input.models[m]!.segment)),
      provider: kept.map((m) => providers.id(input.models[m]!.provider)),
      rank: toSteps(ranks, 0),
      tied: toSteps(tied, -1),
    },
    cut,
    configurations: { model: toSteps(cModel, 0), place: cPlace, supraScore: cScore },
    decimals,
    scores: scores.map((pairs) => {
      const units = pairs.map((p) => (decimals === null ? p[1] : Math.round(p[1] * scale)));
      return [
        toSteps(
          pairs.map((p) => p[0]),
          -1,
        ),
        decimals === null ? units : toSteps(units, 0),
      ];
    }),
  };
}

/** The index, once its parts are made. `providers` is the table the parts numbered vendors in. */
export function encodeIndex(input: RankInput, providers: StringTable, parts: RankFile['parts'], budget: number, hostModels: number): RankFile {
  const tags = new StringTable();
  const benchTags = input.benchmarks.map((b) => b.tags.map(tags.id));
  return {
    method: { references: REFERENCES, scale: SCALE, maxRounds: MAX_ROUNDS, minBenchmarks: MIN_BENCHMARKS, maxWeight: MAX_WEIGHT },
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
    references: input.references.map((r) => ({
      slug: r.slug,
      name: r.name,
      model: r.model,
      best: r.best,
      benchmarks: toSteps(r.means.bench, -1),
      scores: Array.from(r.means.value),
    })),
    kept: input.kept,
    parts,
  };
}

/** The tags of the index as the build lists them: each tag's benchmarks by id, in the order of the index's tags. */
export function tagBenchmarks(file: Pick<RankFile, 'benchmarks' | 'tags'>): number[][] {
  const out = file.tags.name.map(() => [] as number[]);
  file.benchmarks.tags.forEach((ts, b) => ts.forEach((t) => out[t]!.push(b)));
  return out;
}

/** The benchmarks without a tag, by id. */
export const untaggedBenchmarks = (file: Pick<RankFile, 'benchmarks'>) => file.benchmarks.tags.flatMap((ts, b) => (ts.length === 0 ? [b] : []));

/** A part decoded: its benchmarks, models, configurations and columns. */
export interface RankPart {
  benchmarks: Int32Array;
  models: { place: Int32Array; name: string[]; segment: string[]; provider: number[]; rank: Int32Array; tied: Int32Array };
  cut: number;
  configurations: { model: Int32Array; place: Int32Array; supraScore: number[] };
  /** In the order of `benchmarks`: the configurations (indexes) with a score, and their means. */
  columns: { configuration: Int32Array; value: Float64Array }[];
}

export function decodePart(file: RankPartFile): RankPart {
  const scale = 10 ** (file.decimals ?? 0);
  return {
    benchmarks: fromSteps(file.benchmarks, -1),
    models: {
      place: fromSteps(file.models.place, -1),
      name: file.models.name,
      segment: file.models.segment.map((s, k) => s || slugOf(file.models.name[k]!)),
      provider: file.models.provider,
      rank: fromSteps(file.models.rank, 0),
      tied: fromSteps(file.models.tied, -1),
    },
    cut: file.cut,
    configurations: {
      model: fromSteps(file.configurations.model, 0),
      place: Int32Array.from(file.configurations.place),
      supraScore: file.configurations.supraScore,
    },
    columns: file.scores.map(([configurations, values]) => ({
      configuration: fromSteps(configurations, -1),
      value: file.decimals === null ? Float64Array.from(values) : Float64Array.from(fromSteps(values, 0), (u) => u / scale),
    })),
  };
}

/** The parts one weighting loads: the fewest bytes that hold every weighed benchmark whole, or the part of every benchmark where those would weigh more than the budget. */
export function partsFor(file: RankFile, weighed: ArrayLike<number>): PartEntry[] {
  const wanted = new Set<number>();
  for (let b = 0; b < weighed.length; b++) if (weighed[b]! > 0) wanted.add(b);
  if (wanted.size === 0) return [];
  const byTag = tagBenchmarks(file);
  const options: { entry: PartEntry; holds: number[] }[] = [];
  file.parts.tags.forEach((entry, t) => entry && options.push({ entry, holds: byTag[t]! }));
  if (file.parts.untagged) options.push({ entry: file.parts.untagged, holds: untaggedBenchmarks(file) });
  // Greedy: the part holding the most benchmarks still wanted per byte, until every one is held.
  const chosen: PartEntry[] = [];
  const left = new Set(wanted);
  while (left.size > 0) {
    let best: { entry: PartEntry; holds: number[] } | undefined;
    let bestValue = 0;
    for (const o of options) {
      const gain = o.holds.filter((b) => left.has(b)).length;
      const value = gain / (o.entry.bytes + 1);
      if (gain > 0 && value > bestValue) [best, bestValue] = [o, value];
    }
    if (!best) return [file.parts.all];
    chosen.push(best.entry);
    for (const b of best.holds) left.delete(b);
  }
  const bytes = chosen.reduce((sum, e) => sum + e.bytes, 0);
  const all = file.parts.all;
  // The part of every benchmark where it holds as many models and weighs less; the tags' parts where they fit the budget; else the part of every benchmark.
  const cut = Math.min(...chosen.map((e) => e.cut));
  if (all.cut >= cut && all.bytes <= bytes) return [all];
  return bytes <= file.budget ? chosen : [all];
}

/** The data a ranking reads, decoded: the field the passes read, what the rows name, and what the page says of the field. */
export interface RankData {
  field: RankField;
  benchmarks: WeighedBenchmarks & { name: readonly string[] };
  tags: RankFile['tags'];
  /** By model of the field: its place in the model ranking, name, page's segment, vendor and model rank. */
  models: { place: Int32Array; name: string[]; segment: string[]; provider: string[]; rank: Ranked[] };
  /** Models in the snapshot; the field holds every model with a score on the parts' benchmarks above place `cut` in the model ranking. */
  total: number;
  cut: number;
  /** How many of the best models this host's limits let the parts hold. */
  hostModels: number;
  kept: PagesKept;
  names: WeightNames;
}

/** The names a field's weights may use, and its benchmarks as the weights read them: from the index alone. */
export function namesOf(file: RankFile): { benchmarks: RankData['benchmarks']; names: WeightNames } {
  const benchTags = file.benchmarks.tags.map((ts) => ts.map((t) => file.tags.segment[t]!));
  return {
    benchmarks: { slug: file.benchmarks.slug, name: file.benchmarks.name, effectiveWeight: file.benchmarks.effectiveWeight, tags: benchTags },
    names: { tags: new Set(file.tags.segment), benches: new Map(file.benchmarks.slug.map((s, b) => [s, benchTags[b]!])) },
  };
}

/**
 * The field of the index and the parts loaded: their models together, by place, each with its best
 * configuration's means on every benchmark the parts hold (a benchmark held by two parts is the same
 * column in each), and the API's top 10 as references.
 */
export function assembleRank(file: RankFile, parts: readonly RankPart[]): RankData {
  // Below the lowest cut a model's scores may be in one part and not in another: the field stops there.
  const cut = Math.min(file.models, ...parts.map((p) => p.cut));
  const places = [...new Set(parts.flatMap((p) => [...p.models.place]))].filter((m) => m < cut).sort((a, b) => a - b);
  const local = new Map(places.map((m, i) => [m, i]));
  const name: string[] = new Array<string>(places.length);
  const segment: string[] = new Array<string>(places.length);
  const provider: string[] = new Array<string>(places.length);
  const rank = new Int32Array(places.length);
  const tied = new Uint8Array(places.length);
  const best = places.map(() => new Map<number, number>());
  for (const part of parts) {
    part.models.tied.forEach((k) => {
      const i = local.get(part.models.place[k]!);
      if (i !== undefined) tied[i] = 1;
    });
    part.models.place.forEach((m, k) => {
      const i = local.get(m);
      if (i === undefined) return;
      name[i] = part.models.name[k]!;
      segment[i] = part.models.segment[k]!;
      provider[i] = file.providers[part.models.provider[k]!] ?? '';
      rank[i] = part.models.rank[k]!;
    });
    part.benchmarks.forEach((b, j) => {
      const { configuration, value } = part.columns[j]!;
      for (let k = 0; k < configuration.length; k++) {
        const c = configuration[k]!;
        const i = local.get(part.models.place[part.configurations.model[c]!]!);
        if (part.configurations.place[c] === 0 && i !== undefined) best[i]!.set(b, value[k]!);
      }
    });
  }
  const rows: ScoreSet[] = best.map((means) => {
    const ids = [...means.keys()].sort((a, b) => a - b);
    return { bench: Int32Array.from(ids), value: Float64Array.from(ids, (b) => means.get(b)!) };
  });
  const n = file.benchmarks.slug.length;
  const references = file.references.map((r) => {
    const value = new Float64Array(n).fill(Number.NaN);
    fromSteps(r.benchmarks, -1).forEach((b, k) => (value[b] = r.scores[k]!));
    const model = r.best ? (local.get(r.model) ?? -1) : -1;
    const reference: Reference = { slug: model >= 0 ? `#${model}` : r.slug, value };
    return { reference, model };
  });
  const ranks = Array.from(rank);
  const { benchmarks, names } = namesOf(file);
  return {
    field: { slugs: file.benchmarks.slug, key: Uint32Array.from(file.benchmarks.slug, benchKey), rows, references },
    benchmarks,
    tags: file.tags,
    models: {
      place: Int32Array.from(places),
      name,
      segment,
      provider,
      rank: ranks.map((r, k) => ({ rank: r, tied: tied[k] === 1 })),
    },
    total: file.models,
    cut,
    hostModels: file.hostModels,
    kept: file.kept,
    names,
  };
}
