/**
 * `/data/evidence.json`: what the comparison script needs to recompute a model's evidence and its
 * resamples exactly as the build did (the references' scores, their benchmarks' weights, the map onto
 * supraScore's scale), with the agreement and whether the site shows likely ranges. The build draws
 * its pre-rendered comparisons from the same object, so both say the same.
 */
import type { Agreement, ScoreMap } from './agreement.ts';
import { benchIds, countingMeans, scoreSet, termsOf, type EvidenceField, type Submission } from './method.ts';
import { benchKey } from './resample.ts';
import { enoughForRange, type Moving, type Resampling } from './ranges.ts';

/** The agreement a width of the comparison other than the one chosen would give. */
export interface Sensitivity {
  scale: number;
  spearman: number | null;
  topShared: number;
}

export interface EvidenceFacts {
  /** The choices the method makes (method.ts, resample.ts, ranges.ts, agreement.ts), for a reader of the file. */
  method: {
    references: number;
    scale: number;
    rounds: number;
    seed: number;
    percentiles: [number, number];
    minBenchmarks: number;
    separates: number;
    minAgreement: number;
  };
  agreement: Agreement;
  sensitivity: Sensitivity[];
  /** Whether the site shows likely ranges, and why not when it does not. */
  ranges: { shown: boolean; withheld: string | null };
  /** The benchmarks the references have a counting score on, with a positive effectiveWeight. */
  benchmarks: { slug: string[]; effectiveWeight: number[] };
  /** The top configurations by supraScore, best first, with their mean counting score on each of `benchmarks` (null: none). */
  references: { slug: string; name: string; supraScore: number; scores: (number | null)[] }[];
  map: ScoreMap;
}

/** The field a reader of the file compares with: its benchmarks and references. */
export function fieldOf(facts: Pick<EvidenceFacts, 'benchmarks' | 'references'>): EvidenceField {
  const { slug, effectiveWeight } = facts.benchmarks;
  return {
    slugs: slug,
    weight: Float64Array.from(effectiveWeight, (w) => (w > 0 ? w : 0)),
    key: Uint32Array.from(slug, benchKey),
    references: facts.references.map((r) => ({ slug: r.slug, value: Float64Array.from(r.scores, (v) => v ?? Number.NaN) })),
  };
}

/** What resamples read, from the file; undefined where the site shows no ranges. */
export function resamplingOf(facts: EvidenceFacts): (Resampling & { ids: Map<string, number> }) | undefined {
  if (!facts.ranges.shown) return undefined;
  const field = fieldOf(facts);
  return { field, map: facts.map, rounds: facts.method.rounds, seed: facts.method.seed, ids: benchIds(field.slugs) };
}

/** A model as the resamples move it, from its best configuration's slug and submissions (a model data file's). */
export function movingOf(
  resampling: { field: EvidenceField; ids: Map<string, number> },
  model: { supraScore: number; best: string; scores: Iterable<Submission> },
): Moving {
  const terms = termsOf(resampling.field, scoreSet(countingMeans(model.scores), resampling.ids), model.best);
  return { supraScore: model.supraScore, terms: enoughForRange(terms) ? terms : undefined };
}
