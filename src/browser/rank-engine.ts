/**
 * What `/rank/` ranks with, away from the page: for an address's weights, the parts of the data they
 * need (src/site/evidence/rank-file.ts' partsFor), fetched once and kept, assembled into a field and
 * ranked by the build's own module (src/site/evidence/reweigh.ts), then made into the list's rows.
 * The page's worker (rank-worker.ts) runs it; where a browser has no module workers, the page does.
 */
import { readJson } from '../site/compare/model-data.ts';
import {
  assembleRank,
  decodeBlock,
  decodePart,
  namesOf,
  partsFor,
  type FileEntry,
  type RankBlock,
  type RankBlockFile,
  type RankData,
  type RankFile,
  type RankPart,
  type RankPartFile,
} from '../site/evidence/rank-file.ts';
import { MAX_PASSES, rankUnder, type Ranking } from '../site/evidence/reweigh.ts';
import { rangesUnder } from '../site/evidence/rank-ranges.ts';
import { readWeights, weighingOf, type Weighing, type WeightParams, type Weights } from '../site/evidence/weights.ts';
import { rankRows, rankSummary, rowRanges, type RankRow, type RankSummary, type RowRanges } from '../site/lists/rank-list.ts';

/** How far a ranking is: its parts fetched of those it needs, then each pass of the references' rule of at most `of`. */
export type RankProgress = { phase: 'load'; done: number; of: number } | { phase: 'rank'; passes: number; of: number };
/** How far a ranking's likely ranges are: the parts its ranges worker reads, then the resampling (`rounds` resamples of the benchmarks, over `models`). */
export type RangesProgress = { phase: 'load'; done: number; of: number } | { phase: 'resample'; rounds: number; models: number };

/** A ranking as the page draws it: its rows, what it says of itself, what the address gave that it could not use, and the weights read. */
export interface RankResult {
  rows: RankRow[];
  summary: RankSummary;
  ignored: string[];
  weights: Weights;
}

/**
 * A span of a ranking's work, as a User Timing measure (`rank:…`) from `start` to now: what the bench
 * (src/dev/bench/rank-page.ts) splits a change's time into. Returns its value.
 */
export function timed<T>(name: string, start: number, value: T): T {
  performance.measure(`rank:${name}`, { start, end: performance.now() });
  return value;
}

/** The data a ranking reads and the weights it weighs by. */
export interface Loaded {
  data: RankData;
  weighing: Weighing;
  weights: Weights;
  ignored: string[];
}

/** A ranking made, as its ranges are made from it. */
interface Made {
  data: RankData;
  ranking: Ranking;
  weighing: Weighing;
  rows: RankRow[];
}

/** A block or part of the data, decoded, by its path: as one worker's engine hands it to the other's. */
export interface HeldFile {
  path: string;
  file: RankPart | RankBlock;
}

/** Parts kept decoded, beside the blocks: a visitor going back and forth between a few capabilities fetches each once. */
const KEPT_FILES = 12;

export class RankEngine {
  readonly #index: RankFile;
  readonly #base: string;
  readonly #names: ReturnType<typeof namesOf>;
  readonly #files = new Map<string, Promise<RankPart | RankBlock>>();
  #field: { key: string; data: RankData } | undefined;
  /** The last ranking made, whose likely ranges `ranges` makes. */
  #last: Made | undefined;
  /** The ranking of each result still held. */
  readonly #made = new WeakMap<RankResult, Ranking>();

  /** `url`: where the index was read, which the other files' paths are relative to. */
  constructor(index: RankFile, url: string) {
    this.#index = index;
    this.#base = url;
    this.#names = namesOf(index);
  }

  /** A block or part, fetched once and kept among the last few (the blocks, which every weighting of a capability needs, among them). */
  #file<T extends RankPart | RankBlock>(entry: FileEntry, decode: (file: never) => T): Promise<T> {
    let file = this.#files.get(entry.path) as Promise<T> | undefined;
    if (file) this.#files.delete(entry.path);
    else {
      const asked = performance.now();
      file = fetch(new URL(entry.path, this.#base)).then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status} for ${r.url}`);
        const read = timed('fetch', asked, performance.now());
        const json = timed('read', read, await readJson<never>(r));
        const decoding = performance.now();
        return timed('decode', decoding, decode(json));
      });
    }
    this.#keep(entry.path, file);
    return file;
  }

  /** A file kept as the most recent, the oldest let go beyond the last few. */
  #keep(path: string, file: Promise<RankPart | RankBlock>): void {
    this.#files.set(path, file);
    file.catch(() => this.#files.delete(path));
    while (this.#files.size > KEPT_FILES + this.#index.blocks.length) this.#files.delete(this.#files.keys().next().value!);
  }

  /** The weights of `params` read, and the blocks and parts of the data they need. */
  #needs(params: WeightParams) {
    const { weights, ignored } = readWeights(params, this.#names.names);
    const weighing = weighingOf(weights, this.#names.benchmarks);
    const loads = partsFor(this.#index, weighing.weight);
    return { weights, ignored, weighing, blocks: this.#index.blocks.slice(0, loads.blocks), parts: loads.parts };
  }

  /**
   * The files the weights of `params` need but those in `except`, as this engine holds them decoded (all of them, once `load`
   * of those weights is done): what the ranking worker hands the ranges worker, but what that worker said it holds.
   */
  async filesFor(params: WeightParams, except: ReadonlySet<string> = new Set()): Promise<HeldFile[]> {
    const { blocks, parts } = this.#needs(params);
    const held = [...blocks, ...parts].flatMap((e) => {
      const file = except.has(e.path) ? undefined : this.#files.get(e.path);
      return file ? [file.then((f) => ({ path: e.path, file: f }))] : [];
    });
    return Promise.all(held);
  }

  /** The paths of the files this engine holds (or is reading). */
  heldPaths(): string[] {
    return [...this.#files.keys()];
  }

  /** Files another engine has read (`filesFor`), kept as if this one had: its `load` of the same weights then reads nothing. */
  adopt(files: readonly HeldFile[]): void {
    for (const { path, file } of files) if (!this.#files.has(path)) this.#keep(path, Promise.resolve(file));
  }

  /** Whether every file the weights of `params` need has been asked for already: loading them reads nothing more. */
  holdsFilesFor(params: WeightParams): boolean {
    const { blocks, parts } = this.#needs(params);
    return [...blocks, ...parts].every((e) => this.#files.has(e.path));
  }

  /** The data the weights of `params` need, fetched, decoded and assembled (kept for the next weights that need the same), and the weights read. */
  async load(params: WeightParams, progress: (p: RankProgress) => void = () => {}): Promise<Loaded> {
    const started = performance.now();
    const { weights, ignored, weighing, blocks, parts } = this.#needs(params);
    const key = [...blocks, ...parts].map((e) => e.path).join(' ');
    if (this.#field?.key !== key) {
      let done = 0;
      const of = blocks.length + parts.length;
      const counted = <T>(file: Promise<T>) =>
        file.then((f) => {
          progress({ phase: 'load', done: ++done, of });
          return f;
        });
      progress({ phase: 'load', done, of });
      const [loadedBlocks, loadedParts] = await Promise.all([
        Promise.all(blocks.map((e) => counted(this.#file(e, (f: RankBlockFile) => decodeBlock(f))))),
        Promise.all(parts.map((e) => counted(this.#file(e, (f: RankPartFile) => decodePart(f))))),
      ]);
      timed('files', started, undefined);
      const assembling = performance.now();
      this.#field = { key, data: timed('assemble', assembling, assembleRank(this.#index, loadedBlocks, loadedParts)) };
    }
    return { data: this.#field.data, weighing, weights, ignored };
  }

  async rank(params: WeightParams, progress: (p: RankProgress) => void = () => {}): Promise<RankResult> {
    const started = performance.now();
    const { data, weighing, weights, ignored } = await this.load(params, progress);
    const ranking = performance.now();
    const ranked = timed(
      'rank',
      ranking,
      rankUnder(data.field, weighing, (passes) => progress({ phase: 'rank', passes, of: MAX_PASSES })),
    );
    const rowing = performance.now();
    const rows = timed('rows', rowing, rankRows(data, ranked));
    const result: RankResult = { rows, summary: rankSummary(data, ranked, weighing.source), ignored, weights };
    this.#last = { data, ranking: ranked, weighing, rows };
    this.#made.set(result, ranked);
    return timed('engine', started, result);
  }

  /** The ranking `result` was made of, as another worker's engine makes its ranges from it (`rangesOf`). */
  rankingOf(result: RankResult): Ranking {
    return this.#made.get(result)!;
  }

  /** The likely ranges of the last ranking's rows (rank-ranges.ts: the leaderboard's resamples, for these weights). */
  ranges(): RowRanges {
    const last = this.#last!;
    return rowRanges(last.data, last.rows, rangesUnder(last.data, last.ranking, last.weighing));
  }
}

/** The likely ranges of the rows of `ranking` (made by another engine from the same data, for the same weights) from `loaded`, this engine's load of those weights. */
export const rangesOf = ({ data, weighing }: Loaded, ranking: Ranking): RowRanges =>
  rowRanges(data, rankRows(data, ranking), rangesUnder(data, ranking, weighing));
