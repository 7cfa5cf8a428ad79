/**
 * A calibration field: a simulated world whose truth is known. Configurations have latent abilities
 * by capability (a general one, one per capability, and an effort offset per configuration); a
 * universe of benchmarks, several times the published set, each with a capability, a difficulty, a
 * discrimination and noise, scores every configuration on every one of them. The source method
 * (source.ts) on that whole universe, complete, is the truth; the API publishes a uniform sample of
 * the benchmarks, each configuration with scores on only some of them, and supraScore computed by
 * the source method on what it publishes. Seeded: the same options give the same field.
 */
import { byRanking, byWeight } from '../../api/ranking.ts';
import type { BenchSummary, ModelSummary, TagInfo } from '../../api/schema.ts';
import type { ModelDetailBody } from '../sample/generate.ts';
import { SAMPLE_EPOCH } from '../sample/generate.ts';
import { Rng, clamp, hash, round2 } from '../sample/random.ts';
import { normalCdf, sourceScores, type ScoreMatrix, type SourceKind } from './source.ts';

export const CAPABILITIES = ['coding', 'math', 'reasoning', 'knowledge', 'vision', 'agents'] as const;

export interface FieldOptions {
  configurations: number;
  /** Benchmarks the API publishes. */
  benches: number;
  /** The universe's size as a multiple of the published set. */
  universe: number;
  /** The mean share of the published benchmarks a configuration has no score on, 0 to 1. */
  missing: number;
  seed: number;
  source: SourceKind;
}

/** What the truth says of a model (a familyTag): its best configuration's score on the whole universe, and its model rank by it. */
export interface TrueModel {
  score: number;
  rank: number;
}

export interface Field {
  export: { generatedAt: number; fictional: true; models: ModelSummary[]; benches: BenchSummary[]; tags: TagInfo[] };
  details: Record<string, ModelDetailBody>;
  truth: Map<string, TrueModel>;
  /** Each configuration's score on the whole universe, by slug. */
  trueScores: Map<string, number>;
}

interface Model {
  familyTag: string;
  provider: string;
  general: number;
  /** Capabilities it has no published score on at all (a text-only model and vision, say). */
  skips: number;
  coverage: number;
  configurations: { slug: string; name: string; ability: Float64Array }[];
}

interface Bench {
  slug: string;
  loading: Float64Array;
  capability: number;
  difficulty: number;
  discrimination: number;
  noise: number;
  weight: number;
}

const PROVIDERS = 24;
/** Configurations per model: 1 to 4, as reasoning efforts and tiers of a release. */
const PER_MODEL = [0.45, 0.3, 0.15, 0.1];
const EFFORTS = ['', 'high', 'medium', 'low'];

/** A seeded standard normal (Box-Muller: unbounded tails, unlike the sample's bounded one). */
function gaussian(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

function modelsOf(rng: Rng, count: number): Model[] {
  const models: Model[] = [];
  let made = 0;
  for (let m = 0; made < count; m++) {
    const general = gaussian(rng);
    const special = Float64Array.from(CAPABILITIES, () => 0.45 * gaussian(rng));
    const n = Math.min(count - made, 1 + rng.weighted(PER_MODEL));
    const provider = rng.int(PROVIDERS);
    const familyTag = `lab-${String(provider + 1).padStart(2, '0')}-model-${String(m + 1).padStart(5, '0')}`;
    const configurations = Array.from({ length: n }, (_, j) => {
      // The first configuration is the release's strongest effort; the others trail it.
      const offset = j === 0 ? 0 : -rng.range(0.05, 0.7);
      const ability = Float64Array.from(special, (s) => general + s + offset + 0.08 * gaussian(rng));
      const effort = EFFORTS[j]!;
      return { slug: effort ? `${familyTag}-${effort}` : familyTag, name: `Model ${m + 1}${effort ? ` (${effort})` : ''}`, ability };
    });
    models.push({
      familyTag,
      provider: `Lab ${provider + 1}`,
      general,
      skips: rng.chance(0.15) ? 1 << rng.int(CAPABILITIES.length) : 0,
      coverage: general,
      configurations,
    });
    made += n;
  }
  return models;
}

function benchesOf(rng: Rng, count: number): Bench[] {
  return Array.from({ length: count }, (_, b) => {
    const capability = rng.int(CAPABILITIES.length);
    const loading = new Float64Array(CAPABILITIES.length);
    loading[capability] = 1;
    if (rng.chance(0.3)) loading[(capability + 1 + rng.int(CAPABILITIES.length - 1)) % CAPABILITIES.length] = 0.5;
    const total = loading.reduce((a, x) => a + x, 0);
    for (let k = 0; k < loading.length; k++) loading[k]! /= total;
    return {
      slug: `bench-${String(b + 1).padStart(5, '0')}`,
      loading,
      capability,
      difficulty: 0.4 + 0.9 * gaussian(rng),
      discrimination: rng.range(0.6, 1.5),
      noise: rng.range(0.15, 0.45),
      weight: round2(5 + 90 * Math.pow(rng.next(), 1.3)),
    };
  });
}

/** Every configuration's normalized score on every benchmark of the universe, rounded to 0.1 as sources report it. */
function universeScores(models: readonly Model[], benches: readonly Bench[], seed: number): Float32Array {
  const rows = models.reduce((n, m) => n + m.configurations.length, 0);
  const out = new Float32Array(rows * benches.length);
  let row = 0;
  models.forEach((model, m) => {
    // One stream per model: its noise on each benchmark, shared by its configurations, then each one's own.
    const noise = new Rng(hash(seed, 0x5a, m));
    benches.forEach((bench, b) => {
      const shared = gaussian(noise);
      model.configurations.forEach((c, j) => {
        let skill = 0;
        for (let k = 0; k < bench.loading.length; k++) skill += bench.loading[k]! * c.ability[k]!;
        const x = bench.discrimination * (skill - bench.difficulty) + bench.noise * (0.8 * shared + 0.6 * gaussian(noise));
        out[(row + j) * benches.length + b] = Math.round(1000 * normalCdf(x)) / 10;
      });
    });
    row += model.configurations.length;
  });
  return out;
}

/** Competition ranks (1 + how many are strictly higher) of `scores`. */
export function competitionRanks(scores: readonly number[]): number[] {
  const sorted = [...scores].sort((a, b) => b - a);
  return scores.map((s) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! > s) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  });
}

export function makeField(options: FieldOptions): Field {
  const rng = new Rng(hash(0xca11b, options.seed));
  const models = modelsOf(rng, options.configurations);
  const universe = benchesOf(rng, Math.max(options.benches, Math.round(options.universe * options.benches)));
  const published = rng
    .shuffle(Array.from(universe.keys()))
    .slice(0, options.benches)
    .sort((a, b) => a - b);
  const scores = universeScores(models, universe, options.seed);
  const configs = models.flatMap((m) => m.configurations.map((c) => ({ model: m, ...c })));
  const capability = Uint8Array.from(universe, (b) => b.capability);

  // The truth: the source on the whole universe, every configuration scored on every benchmark.
  const whole: ScoreMatrix = { rows: configs.length, cols: universe.length, value: scores, weight: Float64Array.from(universe, (b) => b.weight), capability };
  const trueScore = sourceScores(whole, options.source);

  // What the API publishes: the sampled benchmarks, each configuration's scores on some of them.
  const shown = new Float32Array(configs.length * published.length).fill(Number.NaN);
  let row = 0;
  for (const model of models) {
    const share = clamp(1 - options.missing + 0.1 * model.general + 0.15 * gaussian(rng), 0.03, 1);
    const keep = published.map((u) => !(model.skips & (1 << universe[u]!.capability)) && rng.chance(share));
    if (!keep.some(Boolean)) keep[rng.int(keep.length)] = true;
    model.configurations.forEach((_, j) => {
      const mine = keep.map((k) => k && (j === 0 || rng.chance(0.9)));
      if (!mine.some(Boolean)) mine[keep.indexOf(true)] = true;
      mine.forEach((k, p) => {
        if (k) shown[(row + j) * published.length + p] = scores[(row + j) * universe.length + published[p]!]!;
      });
    });
    row += model.configurations.length;
  }
  const publishedMatrix: ScoreMatrix = {
    rows: configs.length,
    cols: published.length,
    value: shown,
    weight: Float64Array.from(published, (u) => universe[u]!.weight),
    capability: Uint8Array.from(published, (u) => universe[u]!.capability),
  };
  const supra = sourceScores(publishedMatrix, options.source);

  const generatedAt = SAMPLE_EPOCH;
  const summaries: ModelSummary[] = configs.map((c, i) => {
    let benchCount = 0;
    for (let p = 0; p < published.length; p++) if (!Number.isNaN(shown[i * published.length + p]!)) benchCount++;
    const ability = c.ability;
    return {
      slug: c.slug,
      name: c.name,
      provider: c.model.provider,
      familyTag: c.model.familyTag,
      tags: CAPABILITIES.filter((_, k) => ability[k]! - c.model.general > 0.3),
      supraScore: round2(supra[i]!),
      benchCount,
      updatedAt: generatedAt - 3_600_000,
    };
  });
  const details: Record<string, ModelDetailBody> = {};
  configs.forEach((c, i) => {
    const entries = published.flatMap((u, p) => {
      const v = shown[i * published.length + p]!;
      if (Number.isNaN(v)) return [];
      const bench = universe[u]!;
      const submission = {
        bench: bench.slug,
        benchName: `Bench ${u + 1}`,
        rawScore: v,
        normalizedScore: v,
        sourceUrl: `https://${bench.slug}.example.org/`,
        accessedAt: generatedAt - 86_400_000,
      };
      // Now and then a submission the community voted down, scored high: it must not count.
      const disputed = rng.chance(0.04)
        ? [{ ...submission, rawScore: Math.min(100, v + 15), normalizedScore: Math.min(100, v + 15), upvotes: 0, downvotes: 2 }]
        : [];
      return [{ ...submission, upvotes: 3, downvotes: 0 }, ...disputed];
    });
    details[c.slug] = { ...summaries[i]!, mirrorFetchedAt: generatedAt - 3_600_000, scores: entries };
  });

  const counts = new Int32Array(published.length);
  for (let i = 0; i < configs.length; i++) for (let p = 0; p < published.length; p++) if (!Number.isNaN(shown[i * published.length + p]!)) counts[p]!++;
  const benches: BenchSummary[] = published
    .map((u, p) => {
      const b = universe[u]!;
      return {
        slug: b.slug,
        name: `Bench ${u + 1}`,
        description: `A simulated benchmark of ${CAPABILITIES[b.capability]}.`,
        url: `https://${b.slug}.example.org/`,
        isOfficial: true,
        tags: [CAPABILITIES[b.capability]!],
        scaleMin: 0,
        scaleMax: 100,
        qualityScore: 60,
        dimensions: { relevance: 3, contamination: 3, discriminability: 3, reproducibility: 3, difficulty: 3 },
        modelCount: counts[p]!,
        raterCount: 10,
        effectiveWeight: b.weight,
      };
    })
    .sort(byWeight);
  const tags: TagInfo[] = CAPABILITIES.map((tag) => ({
    tag,
    models: summaries.filter((s) => s.tags.includes(tag)).length,
    benches: benches.filter((b) => b.tags.includes(tag)).length,
  }));

  // Each model's true score is its best configuration's on the universe; its true model rank follows.
  const rowOf = new Map(configs.map((c, i) => [c.slug, i]));
  const modelScores = models.map((m) => Math.max(...m.configurations.map((c) => trueScore[rowOf.get(c.slug)!]!)));
  const ranks = competitionRanks(modelScores);
  return {
    export: { generatedAt, fictional: true, models: summaries.sort(byRanking), benches, tags },
    details,
    truth: new Map(models.map((m, i) => [m.familyTag, { score: modelScores[i]!, rank: ranks[i]! }])),
    trueScores: new Map(configs.map((c, i) => [c.slug, trueScore[i]!])),
  };
}
