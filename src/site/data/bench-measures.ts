/**
 * The mirror's measures of each benchmark, made once per build on first use (the render asks; the
 * extras worker does not): whether it still separates the leaders, with the community ratings that
 * measure contradicts (bench-verdict.ts), its state of the art over time (best-steps.ts), and which
 * other benchmarks order the models most and least alike, with the same by tag (bench-agreement.ts).
 * A model's score on a benchmark is its best configuration's there: the highest mean of a
 * configuration's counting submissions, as the evidence averages them (src/site/evidence/method.ts).
 */
import { benchAgreement, type BenchScores } from './bench-agreement.ts';
import { BENCH_THRESHOLDS } from './bench-thresholds.ts';
import { disagreementsOf, verdictOf } from './bench-verdict.ts';
import { bestSteps } from './best-steps.ts';
import type { Bench, BenchMeasures, BenchmarkMeasures, BestStep, CountingRows, Model } from './types.ts';

export interface MeasuresInput {
  benches: readonly Bench[];
  models: readonly Model[];
  modelByFamily: ReadonlyMap<string, Model>;
  countingOn(benchSlug: string): CountingRows;
}

/** What one benchmark's counting submissions give: each model's score, the repeats' spreads and the new bests. */
interface BenchReading {
  scores: BenchScores;
  spreads: number[];
  steps: BestStep[];
}

/** A benchmark's counting submissions read into its models' scores (by model index), its repeats' spreads and its new bests. */
function readBench(rows: CountingRows, modelByFamily: ReadonlyMap<string, Model>): BenchReading {
  const n = rows.configurations.length;
  const best = new Map<number, number>();
  const spreads: number[] = [];
  const modelOf: Model[] = new Array<Model>(n);
  // A configuration's submissions are next to each other: a run each.
  for (let i = 0; i < n; ) {
    const configuration = rows.configurations[i]!;
    const model = modelByFamily.get(configuration.familyTag)!;
    let sum = 0;
    let low = Infinity;
    let high = -Infinity;
    let j = i;
    for (; j < n && rows.configurations[j] === configuration; j++) {
      const s = rows.scores[j]!;
      sum += s;
      if (s < low) low = s;
      if (s > high) high = s;
      modelOf[j] = model;
    }
    if (j - i > 1) spreads.push(high - low);
    const mean = sum / (j - i);
    const before = best.get(model.index);
    if (before === undefined || mean > before) best.set(model.index, mean);
    i = j;
  }
  const models = Int32Array.from(best.keys()).sort();
  return {
    scores: { models, scores: Float64Array.from(models, (m) => best.get(m)!) },
    spreads,
    steps: bestSteps(rows.accessedAt, rows.scores).map((j) => ({ at: rows.accessedAt[j]!, score: rows.scores[j]!, configuration: rows.configurations[j]!, model: modelOf[j]! })),
  };
}

/** Every benchmark's measures, and the agreement by tag. */
export function buildBenchMeasures(input: MeasuresInput): BenchmarkMeasures {
  const { benches, models } = input;
  const readings = benches.map((b) => readBench(input.countingOn(b.slug), input.modelByFamily));
  const leaders = Math.min(BENCH_THRESHOLDS.leaders, models.length);
  const tags = [...new Set(benches.flatMap((b) => b.tags))].sort();
  const tagId = new Map(tags.map((t, i) => [t, i]));
  const agreement = benchAgreement(
    readings.map((r) => r.scores),
    models.length,
    benches.map((b) => b.tags.map((t) => tagId.get(t)!)),
    tags.length,
  );
  const neighbours = (list: readonly { other: number; rho: number; shared: number }[]) =>
    list.map((p) => ({ bench: benches[p.other]!, rho: p.rho, shared: p.shared }));
  const bySlug = new Map(
    benches.map((b, i): [string, BenchMeasures] => {
      const { scores, spreads, steps } = readings[i]!;
      const leaderScores = scores.scores.filter((_, k) => scores.models[k]! < leaders);
      const verdict = verdictOf(leaders, leaderScores, spreads);
      const a = agreement.benches[i]!;
      return [
        b.slug,
        { verdict, disagreements: disagreementsOf(verdict, b.dimensions), steps, agreement: { ...a, most: neighbours(a.most), least: neighbours(a.least) } },
      ];
    }),
  );
  return { of: (slug) => bySlug.get(slug)!, tags: { tags, cells: agreement.tags } };
}
