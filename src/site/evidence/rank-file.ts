/**
 * What `/rank/` ranks the models from, in the browser, as files under `/data/`, read here (the build
 * writes them with rank-encode.ts): `rank.json`, the index (the benchmarks, their tags, the vendors,
 * the API's top 10 configurations with their means, the blocks and the parts); the blocks
 * (`rank/models/{n}.json`), the model ranking in slices of BLOCK models with their names, pages,
 * vendors, model ranks and configurations; and the parts, the counting means on some benchmarks of
 * every configuration with one, by its number across the ranking: one per tag
 * (`rank/tags/{segment}.json`), one for the benchmarks without a tag (`rank/untagged.json`) and one of
 * every benchmark for the best models that fit (`rank/all.json`). A weighting loads the index, the
 * parts that hold its weighed benchmarks (partsFor) and the blocks they name, within the index's
 * budget, gzipped.
 *
 * The parts hold every configuration's means, not only each model's best, and the blocks each
 * configuration's supraScore: with the benchmarks' keys (resample.ts' benchKey of their slugs), what
 * a resampled ranking needs. Both the build (the page's first, static rows) and the browser decode
 * them here, so both rank from the same numbers. Pure.
 */
import type { PagesKept } from '../links/links.ts';
import { slugOf } from '../format/compact.ts';
import type { Ranked } from '../format/ranks.ts';
import type { Reference, ScoreSet } from './method.ts';
import { benchKey } from './resample.ts';
import type { RankField } from './reweigh.ts';
import type { WeighedBenchmarks, WeightNames } from './weights.ts';

/** Models a block holds. */
export const BLOCK = 1000;

/** A file as the index lists it: where it is (from /data/) and its bytes gzipped. */
export interface FileEntry {
  path: string;
  bytes: number;
}

/** A part as the index lists it: with the blocks it needs (the first `blocks` of them) and its cut (RankPartFile's). */
export interface PartEntry extends FileEntry {
  blocks: number;
  cut: number;
}

/** `/data/rank.json` beside its attribution. */
export interface RankFile {
  /** The choices of the method under the visitor's weights (reweigh.ts), for a reader of the file. */
  method: { references: number; scale: number; maxPasses: number; minBenchmarks: number; maxWeight: number };
  /** The most the blocks and parts one weighting loads may weigh together, gzipped: with the index, within the data's budget. */
  budget: number;
  /** By benchmark id: as the build's evidence numbers them (the snapshot's order). */
  benchmarks: { slug: string[]; name: string[]; effectiveWeight: number[]; tags: number[][] };
  /** The tags some benchmark carries: their names and their pages' segments (what an address weighs them by). */
  tags: { name: string[]; segment: string[] };
  providers: string[];
  /** Models in the snapshot, and how many of the best of them this host's limits let the data hold. */
  models: number;
  hostModels: number;
  /** The API's top REFERENCES configurations by supraScore, best first: the references of the evidence score. */
  references: RankReference[];
  /** The next configurations by supraScore, up to CANDIDATES: with the references, those a resample of the likely ranges takes its own references from (moves.ts). */
  candidates: RankReference[];
  /** Whether the leaderboard shows the likely ranges, or why it withholds them (the evidence's gate): /rank/ shows them, or withholds them, as it does. */
  ranges: { shown: boolean; withheld: string | null };
  /** How many of the best models have pages on this host. */
  kept: PagesKept;
  /** The blocks of the model ranking, best first, BLOCK models each. */
  blocks: FileEntry[];
  /** The parts: every benchmark for the best models; by tag (null: none); the benchmarks without a tag (null: none). */
  parts: { all: PartEntry; tags: (PartEntry | null)[]; untagged: PartEntry | null };
}

/** A configuration of the API's top ones by supraScore: its model's place, whether it is that model's best and its place among the model's configurations, and its means by benchmark id (steps from -1). */
export interface RankReference {
  slug: string;
  name: string;
  model: number;
  best: boolean;
  place: number;
  benchmarks: number[];
  scores: number[];
}

/** A block: models `from` to `from` + BLOCK of the model ranking, and their configurations. */
export interface RankBlockFile {
  from: number;
  /** The number across the ranking of its first configuration (a model's configurations together, its best by supraScore first). */
  firstConfiguration: number;
  /** Its models: names, pages' segments ('' where it is the slug of the name), vendors (into the index's providers), model ranks (the first as it is, then steps) and which share their rank (indexes, steps from -1). */
  models: { name: string[]; segment: string[]; provider: number[]; rank: number[]; tied: number[] };
  /** Each model's count of configurations, and each configuration's supraScore, in their order. */
  configurations: { count: number[]; supraScore: number[] };
  /** Each model's benchCount (the benchmarks behind its best configuration's supraScore, the API's). */
  benchCount: number[];
}

/** A part: the columns of some benchmarks. */
export interface RankPartFile {
  /** Its benchmarks by id, as steps from -1. */
  benchmarks: number[];
  /** It holds every configuration with a counting score on its benchmarks among the best `cut` models of the ranking, and none below. */
  cut: number;
  /** The means are whole numbers of 10^-decimals, each column's first as it is and each next as the step from the one before; null: as they are. */
  decimals: number | null;
  /** By benchmark, in the order of `benchmarks`: [the configurations with a counting score, by number (steps from -1); their means]. */
  scores: [number[], number[]][];
}

/** The paths of the blocks and parts, from /data/. */
export const RANK_PARTS_DIR = 'rank';
/** A block's or part's path; `.json.gz` where the build gzips the large downloads (the browser reads either). */
export const rankPartPath = (part: { tag: string } | { block: number } | 'all' | 'untagged', gzipped = false) =>
  (typeof part === 'string'
    ? `${RANK_PARTS_DIR}/${part}.json`
    : 'tag' in part
      ? `${RANK_PARTS_DIR}/tags/${part.tag}.json`
      : `${RANK_PARTS_DIR}/models/${part.block}.json`) + (gzipped ? '.gz' : '');

/** Integers from steps, the first from `start` (places and scores in order take fewer digits as steps). */
export const fromSteps = (steps: readonly number[], start: number) => {
  const out = new Int32Array(steps.length);
  let at = start;
  for (let i = 0; i < steps.length; i++) out[i] = at += steps[i]!;
  return out;
};

/** Means as whole numbers of 10^-decimals in steps, or as they are (decimals null), as numbers. */
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

/** Each tag's benchmarks by id, in the order of the index's tags. */
export function tagBenchmarks(file: Pick<RankFile, 'benchmarks' | 'tags'>): number[][] {
  const out = file.tags.name.map(() => [] as number[]);
  file.benchmarks.tags.forEach((ts, b) => ts.forEach((t) => out[t]!.push(b)));
  return out;
}

/** The benchmarks without a tag, by id. */
export const untaggedBenchmarks = (file: Pick<RankFile, 'benchmarks'>) => file.benchmarks.tags.flatMap((ts, b) => (ts.length === 0 ? [b] : []));

/** A block decoded. */
export interface RankBlock {
  from: number;
  firstConfiguration: number;
  name: string[];
  segment: string[];
  provider: number[];
  rank: Int32Array;
  tied: Uint8Array;
  count: Int32Array;
  supraScore: number[];
  benchCount: Int32Array;
}

export function decodeBlock(file: RankBlockFile): RankBlock {
  const tied = new Uint8Array(file.models.name.length);
  for (const k of fromSteps(file.models.tied, -1)) tied[k] = 1;
  return {
    from: file.from,
    firstConfiguration: file.firstConfiguration,
    name: file.models.name,
    segment: file.models.segment.map((s, k) => s || slugOf(file.models.name[k]!)),
    provider: file.models.provider,
    rank: fromSteps(file.models.rank, 0),
    tied,
    count: Int32Array.from(file.configurations.count),
    supraScore: file.configurations.supraScore,
    benchCount: Int32Array.from(file.benchCount),
  };
}

/** A part decoded: its benchmarks, its cut and, in the order of the benchmarks, each column's configurations (by number) and means. */
export interface RankPart {
  benchmarks: Int32Array;
  cut: number;
  columns: { configuration: Int32Array; value: Float64Array }[];
}

export const decodePart = (file: RankPartFile): RankPart => ({
  benchmarks: fromSteps(file.benchmarks, -1),
  cut: file.cut,
  columns: file.scores.map(([configurations, values]) => ({ configuration: fromSteps(configurations, -1), value: scoresOf(values, file.decimals) })),
});

/** What one weighting loads: the first `blocks` blocks and these parts. */
export interface Loads {
  blocks: number;
  parts: PartEntry[];
}

/** What `loads` weighs gzipped, as the index says. */
export const bytesOf = (file: RankFile, loads: Loads) =>
  file.blocks.slice(0, loads.blocks).reduce((sum, e) => sum + e.bytes, 0) + loads.parts.reduce((sum, e) => sum + e.bytes, 0);

/**
 * What one weighting loads: the parts that hold every weighed benchmark at the fewest bytes (the
 * smallest one that holds them all, else greedily the most still wanted per byte) with their
 * blocks, or the part of every benchmark where that holds as many models for fewer bytes, or where
 * those would weigh more than the budget.
 */
export function partsFor(file: RankFile, weighed: ArrayLike<number>): Loads {
  const wanted = new Set<number>();
  for (let b = 0; b < weighed.length; b++) if (weighed[b]! > 0) wanted.add(b);
  if (wanted.size === 0) return { blocks: 0, parts: [] };
  const all: Loads = { blocks: file.parts.all.blocks, parts: [file.parts.all] };
  const byTag = tagBenchmarks(file);
  const options: { entry: PartEntry; holds: number[] }[] = [];
  file.parts.tags.forEach((entry, t) => entry && options.push({ entry, holds: byTag[t]! }));
  if (file.parts.untagged) options.push({ entry: file.parts.untagged, holds: untaggedBenchmarks(file) });
  const whole = options.filter((o) => [...wanted].every((b) => o.holds.includes(b))).sort((x, y) => x.entry.bytes - y.entry.bytes)[0];
  const chosen: PartEntry[] = whole ? [whole.entry] : [];
  const left = whole ? new Set<number>() : new Set(wanted);
  while (left.size > 0) {
    let best: { entry: PartEntry; holds: number[] } | undefined;
    let bestValue = 0;
    for (const o of options) {
      const gain = o.holds.filter((b) => left.has(b)).length;
      const value = gain / (o.entry.bytes + 1);
      if (gain > 0 && value > bestValue) [best, bestValue] = [o, value];
    }
    if (!best) return all;
    chosen.push(best.entry);
    // Past the budget already: the part of every benchmark, without looking further.
    if (chosen.reduce((sum, e) => sum + e.bytes, 0) > file.budget) return all;
    for (const b of best.holds) left.delete(b);
  }
  const loads: Loads = { blocks: Math.max(...chosen.map((e) => e.blocks)), parts: chosen };
  const cut = Math.min(...chosen.map((e) => e.cut));
  if (file.parts.all.cut >= cut && bytesOf(file, all) <= bytesOf(file, loads)) return all;
  return bytesOf(file, loads) <= file.budget ? loads : all;
}

/** The data a ranking reads, decoded: the field the passes read, what the rows name, and what the page says of the field. */
export interface RankData {
  field: RankField;
  benchmarks: WeighedBenchmarks & { name: readonly string[] };
  tags: RankFile['tags'];
  /** By model of the field: its place in the model ranking, name, page's segment, vendor and model rank. */
  models: { place: Int32Array; name: string[]; segment: string[]; provider: string[]; rank: Ranked[] };
  /** Models in the snapshot; the field holds every model whose best configuration has a score on the parts' benchmarks above place `cut`. */
  total: number;
  cut: number;
  /** How many of the best models this host's limits let the data hold. */
  hostModels: number;
  kept: PagesKept;
  names: WeightNames;
  /** The API's top CANDIDATES configurations (the references, then the candidates): their means by benchmark id, their model's place and their number across the ranking (-1: below the cut). */
  candidates: { value: Float64Array; model: number; configuration: number }[];
  /** Whether the leaderboard shows its likely ranges, or why not. */
  ranges: RankFile['ranges'];
  /** Every configuration of the models above the cut, made on first need (the likely ranges as the source weighs read them). */
  configurations(): RankConfigurations;
}

/** The configurations of the models above the cut, numbered across the ranking, a model's together, its best by supraScore first. */
export interface RankConfigurations {
  /** By configuration: its model's place, its supraScore and its means on the parts' benchmarks (ascending ids). */
  model: Int32Array;
  supraScore: Float64Array;
  sets: ScoreSet[];
  /** By model place: the number of its first (best) configuration, one more at the end; and its benchCount. */
  first: Int32Array;
  benchCount: Int32Array;
}

/** What an index names, made once per index: every field assembled from it shares them. */
interface IndexNames {
  benchmarks: RankData['benchmarks'];
  names: WeightNames;
  /** The benchmarks' resampling keys (resample.ts' benchKey of each slug). */
  keys: Uint32Array;
}
const indexNames = new WeakMap<RankFile, IndexNames>();

/** The names a field's weights may use, its benchmarks as the weights read them, and their keys: from the index alone. */
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

/** The configurations the blocks number (up to `cut` models): each one's model and its place among the model's configurations. */
function configurationsOf(blocks: readonly RankBlock[], cut: number) {
  const end = blocks.length === 0 ? 0 : blocks.at(-1)!.firstConfiguration + blocks.at(-1)!.count.reduce((a, b) => a + b, 0);
  const model = new Int32Array(end).fill(-1);
  const place = new Int32Array(end);
  for (const block of blocks) {
    let c = block.firstConfiguration;
    block.count.forEach((n, k) => {
      const m = block.from + k;
      for (let p = 0; p < n; p++, c++)
        if (m < cut) {
          model[c] = m;
          place[c] = p;
        }
    });
  }
  return { model, place };
}

/**
 * The field of the index and what was loaded: every model whose best configuration has a mean on
 * a benchmark the parts hold, by place, with those means (a benchmark two parts hold is the same
 * column in each), its name and model rank from the blocks, and the API's top 10 as references.
 */
export function assembleRank(file: RankFile, blocks: readonly RankBlock[], parts: readonly RankPart[]): RankData {
  // Below the lowest cut a model's scores may be in one part and not in another: the field stops there.
  const covered = blocks.length === 0 ? 0 : blocks.at(-1)!.from + blocks.at(-1)!.name.length;
  const cut = Math.min(file.models, covered, ...parts.map((p) => p.cut));
  const configuration = configurationsOf(blocks, cut);
  // Each benchmark's column once, its best configurations' entries only: counted by model, then filled.
  const columnOf = (visit: (b: number, m: number, value: number) => void) => {
    const done = new Uint8Array(file.benchmarks.slug.length);
    for (const part of parts)
      part.benchmarks.forEach((b, j) => {
        if (done[b]) return;
        done[b] = 1;
        const { configuration: at, value } = part.columns[j]!;
        for (let k = 0; k < at.length; k++) {
          const c = at[k]!;
          if (c < configuration.model.length && configuration.place[c] === 0 && configuration.model[c]! >= 0) visit(b, configuration.model[c]!, value[k]!);
        }
      });
  };
  const lengths = new Int32Array(cut);
  columnOf((_, m) => lengths[m]!++);
  const places: number[] = [];
  const localOf = new Int32Array(cut).fill(-1);
  for (let m = 0; m < cut; m++) if (lengths[m]! > 0) localOf[m] = places.push(m) - 1;
  const n = places.length;
  // One buffer for every row, each row a view of it: a few thousand buffers of their own cost more than the filling.
  const starts = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) starts[i + 1] = starts[i]! + lengths[places[i]!]!;
  const benchAll = new Int32Array(starts[n]!);
  const valueAll = new Float64Array(starts[n]!);
  const filled = starts.slice(0, n);
  columnOf((b, m, v) => {
    const i = localOf[m]!;
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
  const blockOf = (m: number) => blocks[Math.floor(m / BLOCK)]!;
  const configurationNumber = (r: RankReference) =>
    r.model < cut ? blockOf(r.model).firstConfiguration + countBefore(blockOf(r.model), r.model) + r.place : -1;
  const candidates = [...file.references, ...file.candidates].map((r) => {
    const value = new Float64Array(file.benchmarks.slug.length).fill(Number.NaN);
    fromSteps(r.benchmarks, -1).forEach((b, k) => (value[b] = r.scores[k]!));
    return { value, model: r.model, configuration: configurationNumber(r) };
  });
  let all: RankConfigurations | undefined;
  return {
    field: { slugs: file.benchmarks.slug, key: keys, rows, references },
    benchmarks,
    tags: file.tags,
    models: {
      place: Int32Array.from(places),
      name: places.map((m) => blockOf(m).name[m % BLOCK]!),
      segment: places.map((m) => blockOf(m).segment[m % BLOCK]!),
      provider: places.map((m) => file.providers[blockOf(m).provider[m % BLOCK]!] ?? ''),
      rank: places.map((m) => ({ rank: blockOf(m).rank[m % BLOCK]!, tied: blockOf(m).tied[m % BLOCK] === 1 })),
    },
    total: file.models,
    cut,
    hostModels: file.hostModels,
    kept: file.kept,
    names,
    candidates,
    ranges: file.ranges,
    configurations: () => (all ??= everyConfiguration(blocks, parts, cut)),
  };
}

/** The configurations of a block's models before model `m` (a place in the block). */
function countBefore(block: RankBlock, m: number): number {
  let n = 0;
  for (let k = 0; k < m - block.from; k++) n += block.count[k]!;
  return n;
}

/** Every configuration of the first `cut` models, with its means on the parts' benchmarks (a benchmark two parts hold read once). */
function everyConfiguration(blocks: readonly RankBlock[], parts: readonly RankPart[], cut: number): RankConfigurations {
  const first = new Int32Array(cut + 1);
  const benchCount = new Int32Array(cut);
  const supra: number[] = [];
  const owner: number[] = [];
  for (const block of blocks) {
    let c = block.firstConfiguration;
    block.count.forEach((n, k) => {
      const m = block.from + k;
      if (m >= cut) return;
      first[m] = c;
      benchCount[m] = block.benchCount[k]!;
      for (let p = 0; p < n; p++, c++) {
        supra[c] = block.supraScore[c - block.firstConfiguration]!;
        owner[c] = m;
      }
      first[m + 1] = c;
    });
  }
  const n = first[cut]!;
  const lengths = new Int32Array(n);
  const visit = (each: (c: number, b: number, v: number) => void) => {
    const done = new Set<number>();
    for (const part of parts)
      part.benchmarks.forEach((b, j) => {
        if (done.has(b)) return;
        done.add(b);
        const { configuration: at, value } = part.columns[j]!;
        for (let k = 0; k < at.length && at[k]! < n; k++) each(at[k]!, b, value[k]!);
      });
  };
  visit((c) => lengths[c]!++);
  const starts = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) starts[c + 1] = starts[c]! + lengths[c]!;
  const bench = new Int32Array(starts[n]!);
  const value = new Float64Array(starts[n]!);
  const filled = starts.slice(0, n);
  visit((c, b, v) => {
    bench[filled[c]!] = b;
    value[filled[c]!++] = v;
  });
  const sets = Array.from({ length: n }, (_, c) =>
    ascending({ bench: bench.subarray(starts[c]!, starts[c + 1]!), value: value.subarray(starts[c]!, starts[c + 1]!) }),
  );
  return { model: Int32Array.from(owner), supraScore: Float64Array.from(supra), sets, first, benchCount };
}

/** A score set with its benchmarks in ascending order. */
function ascending(set: ScoreSet): ScoreSet {
  let sorted = true;
  for (let k = 1; k < set.bench.length && sorted; k++) sorted = set.bench[k - 1]! < set.bench[k]!;
  if (sorted) return set;
  const order = Array.from(set.bench.keys()).sort((a, b) => set.bench[a]! - set.bench[b]!);
  return { bench: Int32Array.from(order, (k) => set.bench[k]!), value: Float64Array.from(order, (k) => set.value[k]!) };
}
