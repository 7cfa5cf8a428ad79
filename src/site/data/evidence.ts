/**
 * The evidence behind supraScore, for this snapshot (the method: src/site/evidence/): every
 * configuration's evidence score, the agreement with the API's order, and each model's likely rank
 * range, made once per process on first use (the render asks; the extras worker does not).
 */
import { agreementOf, MAX_MISMATCH, MIN_AGREEMENT, rangesWithheld } from '../evidence/agreement.ts';
import type { EvidenceFacts, Sensitivity } from '../evidence/evidence-file.ts';
import { benchIds, CANDIDATES, REFERENCES, referenceOf, referencesCompared, SCALE, scoreOf, scoreSet, termsOf, type EvidenceField, type Terms } from '../evidence/method.ts';
import { enoughForRange, MIN_BENCHMARKS } from '../evidence/ranges.ts';
import { fieldRanges, LEVEL } from '../evidence/field-ranges.ts';
import { FIT_STEPS, GRID } from '../evidence/posterior.ts';
import { SEPARATION_LEVEL } from '../evidence/separation.ts';
import { restsOn, RESTS_ON } from '../evidence/rests-on.ts';
import { benchKey, ROUNDS, SEED } from '../evidence/resample.ts';
import { scoreFormatter } from '../format/precision.ts';
import type { Bench, Configuration, Model, RangedEvidence, SiteEvidence } from './types.ts';

export interface EvidenceInput {
  configurations: readonly Configuration[];
  models: readonly Model[];
  benches: readonly Bench[];
  countingMeansOf(slug: string): Map<string, number>;
}

/** The other widths the about page shows the agreement at: half and twice SCALE. */
const OTHER_SCALES = [SCALE / 2, SCALE * 2];

function fieldFor(input: EvidenceInput): { field: EvidenceField; ids: Map<string, number> } {
  const slugs = input.benches.map((b) => b.slug);
  const ids = benchIds(slugs);
  // The evidence score's references and, after them, the candidates a resample takes its own from.
  const references = input.configurations.slice(0, CANDIDATES).map((c) => referenceOf(c.slug, input.countingMeansOf(c.slug), ids));
  return {
    field: { slugs, weight: Float64Array.from(input.benches, (b) => (b.effectiveWeight > 0 ? b.effectiveWeight : 0)), key: Uint32Array.from(slugs, benchKey), references },
    ids,
  };
}

/** The file's benchmarks and references: the benchmarks some reference has a counting score on, with a positive weight. */
function referenceFacts(input: EvidenceInput, field: EvidenceField): Pick<EvidenceFacts, 'benchmarks' | 'references'> {
  const used = field.slugs.flatMap((_, id) => (field.weight[id]! > 0 && field.references.slice(0, REFERENCES).some((r) => !Number.isNaN(r.value[id]!)) ? [id] : []));
  return {
    benchmarks: { slug: used.map((id) => field.slugs[id]!), effectiveWeight: used.map((id) => field.weight[id]!) },
    references: field.references.slice(0, REFERENCES).map((r, i) => {
      const c = input.configurations[i]!;
      return { slug: r.slug, name: c.name, supraScore: c.supraScore, scores: used.map((id) => (Number.isNaN(r.value[id]!) ? null : r.value[id]!)) };
    }),
  };
}

/**
 * The evidence of a snapshot. `resampleAnyway` is the benchmark's: it resamples even where the site
 * withholds the ranges, so the pass's cost is measured on any field; `ungated` is the calibration's:
 * it shows the ranges whatever the agreement (the facts still state the agreement). The site sets neither.
 */
export function buildEvidence(
  input: EvidenceInput,
  { resampleAnyway = false, seed = undefined as number | undefined, ungated = false } = {},
): SiteEvidence {
  const { field, ids } = fieldFor(input);
  const sets = input.configurations.map((c) => scoreSet(input.countingMeansOf(c.slug), ids));
  const terms = input.configurations.map((c, i) => termsOf(field, sets[i]!, c.slug));
  // The other widths read the evidence score's references only.
  const ten = { ...field, references: field.references.slice(0, REFERENCES) };
  const termsAt = (scale: number) => input.configurations.map((c, i) => termsOf(ten, sets[i]!, c.slug, scale));
  const scores = terms.map((t) => t && scoreOf(t));
  const supra = input.configurations.map((c) => c.supraScore);
  const agreement = agreementOf(supra, scores, REFERENCES);
  const sensitivity: Sensitivity[] = OTHER_SCALES.map((scale) => {
    const other = agreementOf(
      supra,
      termsAt(scale).map((t) => t && scoreOf(t)),
      REFERENCES,
    );
    return { scale, spearman: other.spearman, topShared: other.topShared };
  });
  const measured = scores.flatMap((s) => (s === undefined ? [] : [s]));
  const index = new Map(input.configurations.map((c, i) => [c.slug, i]));
  // First the order, then, resampled, how far the evidence strays from supraScore in its own uncertainty.
  const ordered = ungated || rangesWithheld(agreement) === undefined;
  const resampled = ordered || resampleAnyway ? rangesOf(input, terms, field.key, index, seed) : undefined;
  if (ordered && resampled && resampled.models.size > 0) agreement.mismatch = resampled.mismatch;
  const withheld = ungated ? undefined : rangesWithheld(agreement);
  const ranges = withheld === undefined ? resampled?.models : undefined;
  const facts: EvidenceFacts = {
    method: {
      references: REFERENCES,
      candidates: CANDIDATES,
      scale: SCALE,
      rounds: ROUNDS,
      seed: SEED,
      grid: GRID,
      fitSteps: FIT_STEPS,
      level: LEVEL,
      minBenchmarks: MIN_BENCHMARKS,
      separationLevel: SEPARATION_LEVEL,
      minAgreement: MIN_AGREEMENT,
      maxMismatch: MAX_MISMATCH,
    },
    agreement,
    sensitivity,
    ranges: { shown: withheld === undefined, withheld: withheld ?? null, models: ranges?.size ?? 0, width: ranges ? resampled!.width : null },
    ...referenceFacts(input, field),
  };
  const referencesWithScores = field.references.slice(0, REFERENCES).filter((r) => r.value.some((v) => !Number.isNaN(v))).length;

  return {
    agreement,
    withheld,
    resampledModels: resampled?.models.size ?? 0,
    referencesWithScores,
    facts,
    scoreText: scoreFormatter(measured),
    configuration(slug) {
      const i = index.get(slug);
      const t = i === undefined ? undefined : terms[i];
      return t && { score: scores[i!]!, references: referencesCompared(t), benchmarks: t.benchmarks };
    },
    means: (slug) => sets[index.get(slug) ?? -1],
    resampled: (model) => resampled?.models.get(model),
    model(model) {
      if (withheld !== undefined) return { why: withheld };
      const range = ranges?.get(model);
      if (range) return range;
      const best = terms[index.get(model.best.slug)!];
      if (!model.best.hasDetail) return { why: 'No likely range: the mirror has no per-benchmark scores for its best configuration yet.' };
      if (!best) return { why: 'No likely range: its best configuration shares no weighted benchmark with the top 10 configurations.' };
      return {
        why: `No likely range: its evidence rests on ${best.benchmarks} benchmark${best.benchmarks === 1 ? '' : 's'} shared with the top 10 configurations; a range needs ${MIN_BENCHMARKS}, because with fewer its own resamples say little of how far it would move.`,
      };
    },
  };
}

/** Every model with enough evidence, and its ranges (field-ranges.ts). */
function rangesOf(
  input: EvidenceInput,
  terms: readonly (Terms | undefined)[],
  keys: Uint32Array,
  index: ReadonlyMap<string, number>,
  seed: number | undefined,
): { models: Map<Model, RangedEvidence>; width: number; mismatch: number } {
  const modelOf = new Map(input.models.map((m, i) => [m.familyTag, i]));
  const supraScore = Float64Array.from(input.configurations, (c) => c.supraScore);
  const best = Int32Array.from(input.models, (m) => index.get(m.best.slug)!);
  const enough = Uint8Array.from(input.models, (m) => (enoughForRange(terms[index.get(m.best.slug)!]) ? 1 : 0));
  const found = fieldRanges({
    keys,
    terms,
    supraScore,
    model: Int32Array.from(input.configurations, (c) => modelOf.get(c.familyTag)!),
    best,
    benchmarks: Float64Array.from(input.models, (m) => terms[index.get(m.best.slug)!]?.benchmarks ?? m.best.benchCount),
    enough,
    candidates: Int32Array.from(input.configurations.slice(0, CANDIDATES), (_, i) => i),
    rounds: ROUNDS,
    seed: seed ?? SEED,
  });
  const resting = restsOn({ terms, supraScore, best, enough, benchmarks: keys.length });
  const out = new Map<Model, RangedEvidence>();
  input.models.forEach((m, i) => {
    if (!found.measured[i]) return;
    const benches = Array.from(resting.bench.subarray(i * RESTS_ON, (i + 1) * RESTS_ON));
    out.set(m, {
      range: { low: found.likelyLow[i]!, high: found.likelyHigh[i]! },
      set: { low: found.setLow[i]!, high: found.setHigh[i]! },
      tiedAbove: found.tiedAbove[i] === 1,
      se: found.se[i]!,
      restsOn: benches.flatMap((b, k) => (b < 0 ? [] : [{ bench: input.benches[b]!, rank: resting.rank[i * RESTS_ON + k]! }])),
    });
  });
  return { models: out, width: found.width, mismatch: found.mismatch };
}
