/**
 * A record of each download, as its file writes it: the attribution every JSON download starts with,
 * an element of models.json, benchmarks.json and tags.json, a row of models.csv and scores.csv. The data dictionary (data-dictionary.ts) describes
 * every field of each, typed against these, so a field renamed here fails to compile there.
 */
import type { BenchMeasures } from '../data/types.ts';
import { BENCH_THRESHOLDS } from '../data/bench-thresholds.ts';
import type { Bench, Configuration, Score, SiteData, Tag } from '../data/types.ts';
import type { LikelyRange } from '../evidence/ranges.ts';
import { attributionSentence } from '../settings/config.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** What every JSON download says beside its list: its source, to credit, and the snapshot. */
export function attribution(data: SiteData) {
  return {
    source: data.site.attributionName,
    sourceUrl: data.site.attributionUrl,
    attribution: attributionSentence(data.site.attributionName, data.site.attributionUrl),
    generatedAt: new Date(data.snapshot.generatedAt).toISOString(),
    fetchedAt: new Date(data.snapshot.fetchedAt).toISOString(),
    sample: data.snapshot.sample,
    partial: data.snapshot.partial,
  };
}

/** Where a configuration stands beyond its own row: its model's rank, and the mirror's evidence score and likely model rank. */
export interface Standing {
  modelRank: number;
  /** Rounded to 3 decimals; null without one. */
  evidenceScore: number | null;
  likely: LikelyRange | undefined;
  /** The model ranks its model could hold with the whole table at once. */
  set: LikelyRange | undefined;
  tiedAbove: boolean | undefined;
  se: number | undefined;
}

/** The standing of a configuration in this snapshot. */
export function standingOf(data: SiteData, c: Configuration): Standing {
  const model = data.modelByFamily.get(c.familyTag);
  const evidence = data.evidence();
  const score = evidence.configuration(c.slug)?.score;
  const mine = model && evidence.model(model);
  return {
    modelRank: model?.rank ?? 0,
    evidenceScore: score === undefined ? null : Math.round(score * 1000) / 1000,
    likely: mine?.range,
    set: mine?.set,
    tiedAbove: mine?.tiedAbove,
    se: mine?.se,
  };
}

/** An element of models.json: a configuration. */
export const modelRecord = (c: Configuration, standing: Standing) => ({
  slug: c.slug,
  name: c.name,
  provider: c.provider,
  familyTag: c.familyTag,
  supraScore: c.supraScore,
  rank: c.position,
  modelRank: standing.modelRank,
  benchCount: c.benchCount,
  evidenceScore: standing.evidenceScore,
  likelyModelRank: standing.likely ? ([standing.likely.low, standing.likely.high] as [number, number]) : null,
  modelRankSet: standing.set ? ([standing.set.low, standing.set.high] as [number, number]) : null,
  tiedWithAbove: standing.tiedAbove ?? null,
  supraScoreSe: standing.se === undefined ? null : Math.round(standing.se * 1000) / 1000,
  updatedAt: c.updatedAt,
  tags: c.tags,
});

/** A row of models.csv: a configuration, its time as ISO 8601, its tags in one cell and its likely model rank in two. */
export const modelsCsvRow = (c: Configuration, standing: Standing, attribution: string) => ({
  rank: c.position,
  modelRank: standing.modelRank,
  slug: c.slug,
  name: c.name,
  provider: c.provider,
  familyTag: c.familyTag,
  supraScore: c.supraScore,
  benchCount: c.benchCount,
  evidenceScore: standing.evidenceScore ?? undefined,
  likelyModelRankLow: standing.likely?.low,
  likelyModelRankHigh: standing.likely?.high,
  modelRankSetLow: standing.set?.low,
  modelRankSetHigh: standing.set?.high,
  tiedWithAbove: standing.tiedAbove,
  supraScoreSe: standing.se === undefined ? undefined : Math.round(standing.se * 1000) / 1000,
  updatedAt: iso(c.updatedAt),
  tags: c.tags.join(' '),
  attribution,
});

/** A row of scores.csv: a configuration's score on a benchmark, with the benchmark's scale when the snapshot lists it. */
export const scoresCsvRow = (configuration: string, s: Score, bench: Bench | undefined, attribution: string) => ({
  configuration,
  benchmark: s.bench,
  benchmarkName: s.benchName,
  rawScore: s.rawScore,
  scaleMin: bench?.scaleMin,
  scaleMax: bench?.scaleMax,
  normalizedScore: s.normalizedScore,
  sourceUrl: s.sourceUrl,
  accessedAt: iso(s.accessedAt),
  upvotes: s.upvotes,
  downvotes: s.downvotes,
  counts: s.counts,
  attribution,
});

/** To 3 decimals, as the downloads write the mirror's own figures. */
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** An element of benchmarks.json: the benchmark as the API gives it, and the mirror's measures of it. */
export const benchRecord = (b: Bench, m: BenchMeasures) => ({
  slug: b.slug,
  name: b.name,
  description: b.description,
  url: b.url,
  isOfficial: b.isOfficial,
  scaleMin: b.scaleMin,
  scaleMax: b.scaleMax,
  qualityScore: b.qualityScore,
  dimensions: Object.fromEntries(b.dimensions),
  modelCount: b.modelCount,
  raterCount: b.raterCount,
  effectiveWeight: b.effectiveWeight,
  tags: b.tags,
  leaders: leadersRecord(m),
  stateOfTheArt: m.steps.map((s) => ({ accessedAt: iso(s.at), score: s.score, configuration: s.configuration.slug, model: s.model.familyTag })),
  agreement: agreementRecord(m),
});

/** Whether it still separates the leaders, with the figures behind the verdict and the ratings it contradicts. */
function leadersRecord({ verdict: v, disagreements }: BenchMeasures) {
  return {
    verdict: v.verdict,
    top: v.leaders,
    scored: v.scored,
    best: v.best === null ? null : round3(v.best),
    median: v.median === null ? null : round3(v.median),
    noise: round3(v.noise),
    noiseFrom: v.noiseFrom,
    repeats: v.repeats,
    atTop: v.atTop,
    atCeiling: v.atCeiling,
    pairs: v.pairs,
    separated: v.separated,
    disagreements: disagreements.map((d) => ({ dimension: d.dimension, rating: d.rating, rated: d.rated })),
  };
}

/** The benchmarks it agrees with most and least, and those left out. */
function agreementRecord({ agreement: a }: BenchMeasures) {
  const neighbour = (n: BenchMeasures['agreement']['most'][number]) => ({ slug: n.bench.slug, rho: round3(n.rho), shared: n.shared });
  return {
    compared: a.compared,
    mean: a.mean === null ? null : round3(a.mean),
    tooFew: a.tooFew,
    alike: a.alike,
    most: a.most.map(neighbour),
    least: a.least.map(neighbour),
  };
}

/** `/data/benchmarks.json`: every benchmark with the mirror's measures of it, and the thresholds those measures use. */
export function benchmarksFile(data: SiteData) {
  const measures = data.benchMeasures();
  return { ...attribution(data), measures: { ...BENCH_THRESHOLDS }, benchmarks: data.benches.map((b) => benchRecord(b, measures.of(b.slug))) };
}

/**
 * `/data/benchmark-agreement.json`: the agreement between benchmarks by tag, as the upper triangle of
 * the matrix row by row (a with b for b ≥ a), the mean to 2 decimals, null and 0 where no pair was
 * compared: at 400 tags, 80,000 cells of a few bytes each (the mirror's computation).
 */
export function benchAgreementFile(data: SiteData) {
  const { tags, cells } = data.benchMeasures().tags;
  const t = tags.length;
  const mean: (number | null)[] = new Array<number | null>((t * (t + 1)) / 2).fill(null);
  const pairs: number[] = new Array<number>(mean.length).fill(0);
  // Cell (a, b) of the upper triangle: the rows before a hold t, t - 1, … cells.
  for (const c of cells) {
    const at = c.a * t - (c.a * (c.a - 1)) / 2 + (c.b - c.a);
    mean[at] = Math.round(c.mean * 100) / 100;
    pairs[at] = c.pairs;
  }
  return { ...attribution(data), minShared: BENCH_THRESHOLDS.minShared, tags, mean, pairs };
}

/** An element of tags.json. */
export const tagRecord = (t: Tag) => ({ tag: t.tag, models: t.models, benches: t.benches });

export type ModelRecord = ReturnType<typeof modelRecord>;
export type ModelsCsvRow = ReturnType<typeof modelsCsvRow>;
export type ScoresCsvRow = ReturnType<typeof scoresCsvRow>;
export type BenchRecord = ReturnType<typeof benchRecord>;
export type TagRecord = ReturnType<typeof tagRecord>;
/** What benchmark-agreement.json holds beside the attribution. */
export type BenchAgreementFile = Omit<ReturnType<typeof benchAgreementFile>, keyof ReturnType<typeof attribution>>;
export type BenchmarksMethod = ReturnType<typeof benchmarksFile>['measures'];
