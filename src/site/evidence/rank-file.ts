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
import { MAX_PASSES } from './reweigh.ts';
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
  method: { references: number; scale: number; maxPasses: number; minBenchmarks: number; maxWeight: number };
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

/** Integers from steps, the first from `start` (places and scores in order take fewer digits as steps: stepsOf). */
const fromSteps = (steps: readonly number[], start: number) => {
  const out = new Int32Array(steps.length);
  let at = start;
  for (let i = 0; i < steps.length; i++) out[i] = at += steps[i]!;
  return out;
};
/** Scores as whole numbers of 10^-decimals in steps, or as they are (decimals null), as numbers. */
function scoresOf(values: readonly number[], decimals: number | null): Float64Array {
  const out = new Float64Array(values.length);
  if (decimals === null) out.set(values);
  else {
    const scale = 10 ** decimals;
    let at = 0;
    for (let i = 0; i < values.length; i++) out[i] = (at += values[i]!) / scale;
  }
  return out;
}

/** The paths of the parts, from /data/. */
export const RANK_PARTS_DIR = 'rank';
export const rankPartPath = (part: { tag: string } | 'all' | 'untagged') =>
  typeof part === 'string' ? `${RANK_PARTS_DIR}/${part}.json` : `${RANK_PARTS_DIR}/tags/${part.tag}.json`;

/**
 * Every configuration's means by benchmark: configurations numbered in model rank order (a model's
 * from `first[m]`, its best first), and for each benchmark the configurations with a mean on it,
 * ascending, and those means.
 */
export interface Columns {
  first: Int32Array;
  configuration: Int32Array[];
  value: Float64Array[];
  model: Int32Array;
  /** By configuration: its model and supraScore. By model: its segment as a part writes it ('' for the slug of its name) and whether its model rank is shared. */
  supraScore: Float64Array;
  segment: string[];
  tied: Uint8Array;
}

export function columnsOf(input: RankInput): Columns {
  const first = new Int32Array(input.models.length + 1);
  input.models.forEach((m, i) => (first[i + 1] = first[i]! + m.configurations.length));
  const lengths = new Int32Array(input.benchmarks.length);
  for (const m of input.models) for (const c of m.configurations) for (const b of c.means.bench) lengths[b]!++;
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
  const supraScore = new Float64Array(first[input.models.length]!);
  const model = new Int32Array(first[input.models.length]!);
  input.models.forEach((m, i) =>
    m.configurations.forEach((c, place) => {
      supraScore[first[i]! + place] = c.supraScore;
      model[first[i]! + place] = i;
    }),
  );
  const rank = (i: number) => input.models[i]?.rank;
  return {
    first,
    configuration,
    value,
    model,
    supraScore,
    segment: input.models.map((m) => (m.segment === slugOf(m.name) ? '' : m.segment)),
    tied: Uint8Array.from(input.models, (m, i) => (rank(i - 1) === m.rank || rank(i + 1) === m.rank ? 1 : 0)),
  };
}

/** Models with a counting score on any of `benchmarks`, by place. */
export function modelsOn(columns: Columns, benchmarks: readonly number[]): number[] {
  const seen = new Uint8Array(columns.first.length - 1);
  for (const b of benchmarks) for (const c of columns.configuration[b]!) seen[columns.model[c]!] = 1;
  const out: number[] = [];
  seen.forEach((s, m) => s && out.push(m));
  return out;
}

/** Integers as steps, the first from `start`. */
function stepsOf(values: ArrayLike<number>, start: number): number[] {
  const out = new Array<number>(values.length);
  let at = start;
  for (let i = 0; i < values.length; i++) {
    out[i] = values[i]! - at;
    at = values[i]!;
  }
  return out;
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
  const { first } = columns;
  // The part's configurations: each with a score on one of its benchmarks, numbered in model rank order.
  // Each configuration's number in the part; SCORED for one with a score here not (yet) numbered, -1 for the others.
  const SCORED = -2;
  const local = new Int32Array(first[first.length - 1]!).fill(-1);
  for (const b of benchmarks) for (const c of columns.configuration[b]!) local[c] = SCORED;
  const cModel: number[] = [];
  const cPlace: number[] = [];
  const cScore: number[] = [];
  kept.forEach((m, i) => {
    for (let c = first[m]!; c < first[m + 1]!; c++) {
      if (local[c] !== SCORED) continue;
      local[c] = cModel.length;
      cModel.push(i);
      cPlace.push(c - first[m]!);
      cScore.push(columns.supraScore[c]!);
    }
  });
  const columnsHere = benchmarks.map((b) => {
    const at: number[] = [];
    const values: number[] = [];
    const configuration = columns.configuration[b]!;
    for (let j = 0; j < configuration.length; j++) {
      const c = local[configuration[j]!]!;
      if (c >= 0) {
        at.push(c);
        values.push(columns.value[b]![j]!);
      }
    }
    return { at, values };
  });
  const decimals = decimalsOf(columnsHere.flatMap((c) => c.values));
  const scale = 10 ** (decimals ?? 0);
  const tied = kept.flatMap((m, i) => (columns.tied[m] ? [i] : []));
  return {
    benchmarks: stepsOf(benchmarks, -1),
    models: {
      place: stepsOf(kept, -1),
      name: kept.map((m) => input.models[m]!.name),
      segment: kept.map((m) => columns.segment[m]!),
      provider: kept.map((m) => providers.id(input.models[m]!.provider)),
      rank: stepsOf(
        kept.map((m) => input.models[m]!.rank),
        0,
      ),
      tied: stepsOf(tied, -1),
    },
    cut,
    configurations: { model: stepsOf(cModel, 0), place: cPlace, supraScore: cScore },
    decimals,
    scores: columnsHere.map(({ at, values }) => [
      stepsOf(at, -1),
      decimals === null
        ? values
        : stepsOf(
            values.map((v) => Math.round(v * scale)),
            0,
          ),
    ]),
  };
}

/** The running sum of steps stays below `limit` for how many of them (steps in order, the first from `start`). */
function prefixBelow(steps: readonly number[], start: number, limit: number): number {
  let at = start;
  for (let i = 0; i < steps.length; i++) if ((at += steps[i]!) >= limit) return i;
  return steps.length;
}

/**
 * A part cut at place `cut` in the model ranking: what `encodePart` makes of the same benchmarks
 * with that cut, taken from the part as a prefix of each list (models, configurations and every
 * column are in model rank order), with its scale of decimals kept.
 */
export function truncatePart(file: RankPartFile, cut: number): RankPartFile {
  const models = prefixBelow(file.models.place, -1, cut);
  const configurations = prefixBelow(file.configurations.model, 0, models);
  return {
    ...file,
    models: {
      place: file.models.place.slice(0, models),
      name: file.models.name.slice(0, models),
      segment: file.models.segment.slice(0, models),
      provider: file.models.provider.slice(0, models),
      rank: file.models.rank.slice(0, models),
      tied: file.models.tied.slice(0, prefixBelow(file.models.tied, -1, models)),
    },
    cut,
    configurations: {
      model: file.configurations.model.slice(0, configurations),
      place: file.configurations.place.slice(0, configurations),
      supraScore: file.configurations.supraScore.slice(0, configurations),
    },
    scores: file.scores.map(([at, values]) => {
      const k = prefixBelow(at, -1, configurations);
      return [at.slice(0, k), values.slice(0, k)];
    }),
  };
}

/** The index, once its parts are made. `providers` is the table the parts numbered vendors in. */
export function encodeIndex(input: RankInput, providers: StringTable, parts: RankFile['parts'], budget: number, hostModels: number): RankFile {
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
    references: input.references.map((r) => ({
      slug: r.slug,
      name: r.name,
      model: r.model,
      best: r.best,
      benchmarks: stepsOf(r.means.bench, -1),
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
    columns: file.scores.map(([configurations, values]) => ({ configuration: fromSteps(configurations, -1), value: scoresOf(values, file.decimals) })),
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
  // The smallest part that holds every benchmark wanted (one capability's); else greedy: the part holding the most still wanted per byte, until every one is held.
  const whole = options.filter((o) => [...wanted].every((b) => o.holds.includes(b))).sort((x, y) => x.entry.bytes - y.entry.bytes)[0];
  const chosen: PartEntry[] = [];
  if (whole) {
    chosen.push(whole.entry);
    wanted.clear();
  }
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
    // Past the budget already: the part of every benchmark, without looking further.
    if (chosen.reduce((sum, e) => sum + e.bytes, 0) > file.budget) return [file.parts.all];
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
export function namesOf(file: RankFile): IndexNames {
  let made = indexNames.get(file);
  if (!made) {
    const benchTags = file.benchmarks.tags.map((ts) => ts.map((t) => file.tags.segment[t]!));
    made = {
      benchmarks: { slug: file.benchmarks.slug, name: file.benchmarks.name, effectiveWeight: file.benchmarks.effectiveWeight, tags: benchTags },
      names: { tags: new Set(file.tags.segment), benches: new Map(file.benchmarks.slug.map((s, b) => [s, benchTags[b]!])) },
      keys: Uint32Array.from(file.benchmarks.slug, benchKey),
    };
    indexNames.set(file, made);
  }
  return made;
}

/** What an index names, made once per index: every field assembled from it shares them. */
interface IndexNames {
  benchmarks: RankData['benchmarks'];
  names: WeightNames;
  /** The benchmarks' resampling keys (resample.ts' benchKey of each slug). */
  keys: Uint32Array;
}
const indexNames = new WeakMap<RankFile, IndexNames>();

/**
 * The field of the index and the parts loaded: their models together, by place, each with its best
 * configuration's means on every benchmark the parts hold (a benchmark held by two parts is the same
 * column in each), and the API's top 10 as references.
 */
export function assembleRank(file: RankFile, parts: readonly RankPart[]): RankData {
  // Below the lowest cut a model's scores may be in one part and not in another: the field stops there.
  const cut = Math.min(file.models, ...parts.map((p) => p.cut));
  const held = new Uint8Array(cut);
  for (const part of parts) for (const m of part.models.place) if (m < cut) held[m] = 1;
  const localOf = new Int32Array(cut).fill(-1);
  const places: number[] = [];
  for (let m = 0; m < cut; m++) if (held[m]) localOf[m] = places.push(m) - 1;
  const n = places.length;
  const name = new Array<string>(n);
  const segment = new Array<string>(n);
  const provider = new Array<string>(n);
  const rank = new Int32Array(n);
  const tied = new Uint8Array(n);
  // Each part's best configurations as models of the field (-1: another configuration, or below the cut).
  const bestOf = parts.map((part) => {
    const local = Int32Array.from(part.models.place, (m) => (m < cut ? localOf[m]! : -1));
    part.models.tied.forEach((k) => local[k]! >= 0 && (tied[local[k]!] = 1));
    local.forEach((i, k) => {
      if (i < 0) return;
      name[i] = part.models.name[k]!;
      segment[i] = part.models.segment[k]!;
      provider[i] = file.providers[part.models.provider[k]!] ?? '';
      rank[i] = part.models.rank[k]!;
    });
    return Int32Array.from(part.configurations.model, (m, c) => (part.configurations.place[c] === 0 ? local[m]! : -1));
  });
  // Each benchmark's column once (a benchmark two parts hold is the same column in each): counted, then filled.
  const columnOf = (visit: (b: number, i: number, value: number) => void) => {
    const done = new Uint8Array(file.benchmarks.slug.length);
    parts.forEach((part, p) =>
      part.benchmarks.forEach((b, j) => {
        if (done[b]) return;
        done[b] = 1;
        const { configuration, value } = part.columns[j]!;
        for (let k = 0; k < configuration.length; k++) {
          const i = bestOf[p]![configuration[k]!]!;
          if (i >= 0) visit(b, i, value[k]!);
        }
      }),
    );
  };
  const lengths = new Int32Array(n);
  columnOf((_, i) => lengths[i]!++);
  // One buffer for every row, each row a view of it: a few thousand buffers of their own cost more than the filling.
  const starts = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) starts[i + 1] = starts[i]! + lengths[i]!;
  const benchAll = new Int32Array(starts[n]!);
  const valueAll = new Float64Array(starts[n]!);
  const filled = starts.slice(0, n);
  columnOf((b, i, v) => {
    benchAll[filled[i]!] = b;
    valueAll[filled[i]!++] = v;
  });
  const rows: ScoreSet[] = Array.from({ length: n }, (_, i) => ({
    bench: benchAll.subarray(starts[i]!, starts[i + 1]!),
    value: valueAll.subarray(starts[i]!, starts[i + 1]!),
  }));
  // From several parts a row's benchmarks come in parts' order: ascending, as the build's score sets are.
  if (parts.length > 1) rows.forEach((row, i) => (rows[i] = ascending(row)));
  const references = file.references.map((r) => {
    const value = new Float64Array(file.benchmarks.slug.length).fill(Number.NaN);
    fromSteps(r.benchmarks, -1).forEach((b, k) => (value[b] = r.scores[k]!));
    const model = r.best && r.model < cut ? localOf[r.model]! : -1;
    const reference: Reference = { slug: model >= 0 ? `#${model}` : r.slug, value };
    return { reference, model };
  });
  const { benchmarks, names, keys } = namesOf(file);
  return {
    field: { slugs: file.benchmarks.slug, key: keys, rows, references },
    benchmarks,
    tags: file.tags,
    models: { place: Int32Array.from(places), name, segment, provider, rank: Array.from(rank, (r, k) => ({ rank: r, tied: tied[k] === 1 })) },
    total: file.models,
    cut,
    hostModels: file.hostModels,
    kept: file.kept,
    names,
  };
}

/** A score set with its benchmarks in ascending order. */
function ascending(set: ScoreSet): ScoreSet {
  let sorted = true;
  for (let k = 1; k < set.bench.length && sorted; k++) sorted = set.bench[k - 1]! < set.bench[k]!;
  if (sorted) return set;
  const order = Array.from(set.bench.keys()).sort((a, b) => set.bench[a]! - set.bench[b]!);
  return { bench: Int32Array.from(order, (k) => set.bench[k]!), value: Float64Array.from(order, (k) => set.value[k]!) };
}
