/**
 * A record of each download, as its file writes it: the attribution every JSON download starts with,
 * an element of models.json, benchmarks.json and tags.json, a row of models.csv and scores.csv. The data dictionary (data-dictionary.ts) describes
 * every field of each, typed against these, so a field renamed here fails to compile there.
 */
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

/** An element of benchmarks.json. */
export const benchRecord = (b: Bench) => ({
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
});

/** An element of tags.json. */
export const tagRecord = (t: Tag) => ({ tag: t.tag, models: t.models, benches: t.benches });

export type ModelRecord = ReturnType<typeof modelRecord>;
export type ModelsCsvRow = ReturnType<typeof modelsCsvRow>;
export type ScoresCsvRow = ReturnType<typeof scoresCsvRow>;
export type BenchRecord = ReturnType<typeof benchRecord>;
export type TagRecord = ReturnType<typeof tagRecord>;
