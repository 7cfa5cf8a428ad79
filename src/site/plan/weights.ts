/**
 * The weights of the kinds of output: as fitted on built sites (DEFAULT_WEIGHTS, from each kind's
 * entry in src/site/plan/output-kinds.ts), the same scaled by what a build measured (scaleWeights),
 * and each kind weighed with them (kindsAtFittedAddress).
 */
import { weighingOf } from './kind-figures.ts';
import { entryOf, OUTPUT_KINDS, weightsKey, type KindFigures, type KindEntry, type OutputKind, type Weights } from './output-kinds.ts';
import type { Draft, FieldCounts } from './types.ts';

/** A kind's weights in `weights`. */
export const weightsOf = (weights: Weights, kind: OutputKind) => (weights as unknown as Record<string, Record<string, number>>)[weightsKey(kind)]!;

/**
 * The weights as fitted; a build plans with these scaled by what the previous build of its folder
 * measured (src/publish/build-plan.ts).
 */
export const DEFAULT_WEIGHTS = {
  ...Object.fromEntries(OUTPUT_KINDS.map((kind) => [weightsKey(kind), entryOf(kind).weights])),
  address: Object.fromEntries(OUTPUT_KINDS.flatMap((kind) => (entryOf(kind).address ? [[kind, entryOf(kind).address]] : []))),
} as Weights;

/** Weights scaled, kind by kind, by what a build measured against what the plan expected of it (1 where either is missing); a kind's ratios as they are. */
export function scaleWeights(weights: Weights, scale: Partial<Record<OutputKind, number>>): Weights {
  const scaled = OUTPUT_KINDS.map((kind) => {
    const factor = scale[kind];
    const by = factor && Number.isFinite(factor) ? factor : 1;
    const ratios: readonly string[] = entryOf(kind).ratios ?? [];
    return [weightsKey(kind), Object.fromEntries(Object.entries(weightsOf(weights, kind)).map(([k, v]) => [k, ratios.includes(k) ? v : v * by]))];
  });
  return { ...Object.fromEntries(scaled), address: weights.address } as Weights;
}

/** The kinds of output a plan makes, weighed as at FITTED_AT, each by its entry's figure in the order of the entries. */
export function kindsAtFittedAddress(counts: FieldCounts, weights: Weights, plan: Draft): KindFigures {
  const e = weighingOf(counts, plan);
  const done: Record<string, ReturnType<KindEntry<Record<string, number>>['figure']>> = {};
  const kinds = {} as KindFigures;
  for (const kind of OUTPUT_KINDS) {
    const figure = (done[kind] = entryOf(kind).figure(weightsOf(weights, kind), { ...e, done }));
    kinds[kind] = { files: figure.files, bytes: figure.bytes };
  }
  return kinds;
}
