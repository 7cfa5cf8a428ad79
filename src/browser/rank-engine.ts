/**
 * What `/rank/` ranks with, away from the page: for an address's weights, the parts of the data they
 * need (src/site/evidence/rank-file.ts' partsFor), fetched once and kept, assembled into a field and
 * ranked by the build's own module (src/site/evidence/reweigh.ts), then made into the list's rows.
 * The page's worker (rank-worker.ts) runs it; where a browser has no module workers, the page does.
 */
import { readJson } from '../site/compare/model-data.ts';
import {
  assembleRank,
  decodePart,
  namesOf,
  partsFor,
  type PartEntry,
  type RankData,
  type RankFile,
  type RankPart,
  type RankPartFile,
} from '../site/evidence/rank-file.ts';
import { rankUnder } from '../site/evidence/reweigh.ts';
import { readWeights, weighingOf, type WeightParams, type Weights } from '../site/evidence/weights.ts';
import { rankRows, rankSummary, type RankRow, type RankSummary } from '../site/lists/rank-list.ts';

/** How far a ranking is: its parts fetched of those it needs, then each pass of the references' rule. */
export type RankProgress = { phase: 'load'; done: number; of: number } | { phase: 'rank'; passes: number };

/** A ranking as the page draws it: its rows, what it says of itself, what the address gave that it could not use, and the weights read. */
export interface RankResult {
  rows: RankRow[];
  summary: RankSummary;
  ignored: string[];
  weights: Weights;
}

/** Parts kept decoded, beside the part of every benchmark: a visitor going back and forth between a few capabilities fetches each once. */
const KEPT_PARTS = 12;

export class RankEngine {
  readonly #index: RankFile;
  readonly #base: string;
  readonly #names: ReturnType<typeof namesOf>;
  readonly #parts = new Map<string, Promise<RankPart>>();
  #field: { key: string; data: RankData } | undefined;

  /** `url`: where the index was read, which the parts' paths are relative to. */
  constructor(index: RankFile, url: string) {
    this.#index = index;
    this.#base = url;
    this.#names = namesOf(index);
  }

  #part(entry: PartEntry): Promise<RankPart> {
    let part = this.#parts.get(entry.path);
    if (part) this.#parts.delete(entry.path);
    else
      part = fetch(new URL(entry.path, this.#base))
        .then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status} for ${r.url}`);
          return readJson<RankPartFile>(r);
        })
        .then(decodePart);
    this.#parts.set(entry.path, part);
    part.catch(() => this.#parts.delete(entry.path));
    while (this.#parts.size > KEPT_PARTS) this.#parts.delete(this.#parts.keys().next().value!);
    return part;
  }

  async rank(params: WeightParams, progress: (p: RankProgress) => void = () => {}): Promise<RankResult> {
    const { weights, ignored } = readWeights(params, this.#names.names);
    const weighing = weighingOf(weights, this.#names.benchmarks);
    const entries = partsFor(this.#index, weighing.weight);
    const key = entries.map((e) => e.path).join(' ');
    if (this.#field?.key !== key) {
      let done = 0;
      progress({ phase: 'load', done, of: entries.length });
      const parts = await Promise.all(
        entries.map((e) =>
          this.#part(e).then((p) => {
            progress({ phase: 'load', done: ++done, of: entries.length });
            return p;
          }),
        ),
      );
      this.#field = { key, data: assembleRank(this.#index, parts) };
    }
    const { data } = this.#field;
    const ranking = rankUnder(data.field, weighing, (passes) => progress({ phase: 'rank', passes }));
    return { rows: rankRows(data, ranking), summary: rankSummary(data, ranking, weighing.source), ignored, weights };
  }
}
