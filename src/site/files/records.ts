/**
 * A record of each download, as its file writes it: the attribution every JSON download starts with,
 * an element of models.json, benchmarks.json and tags.json, a row of models.csv and scores.csv. The data dictionary (data-dictionary.ts) describes
 * every field of each, typed against these, so a field renamed here fails to compile there.
 */
import type { Bench, Configuration, Score, SiteData, Tag } from '../data/types.ts';
import { attributionSentence, SITE } from '../settings/config.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** What every JSON download says beside its list: its source, to credit, and the snapshot. */
export function attribution(data: SiteData) {
  return {
    source: SITE.attributionName,
    sourceUrl: SITE.attributionUrl,
    attribution: attributionSentence(SITE.attributionName, SITE.attributionUrl),
    generatedAt: new Date(data.snapshot.generatedAt).toISOString(),
    fetchedAt: new Date(data.snapshot.fetchedAt).toISOString(),
    sample: data.snapshot.sample,
    partial: data.snapshot.partial,
  };
}

/** An element of models.json: a configuration. */
export const modelRecord = (c: Configuration, modelRank: number) => ({
  slug: c.slug,
  name: c.name,
  provider: c.provider,
  familyTag: c.familyTag,
  supraScore: c.supraScore,
  rank: c.position,
  modelRank,
  benchCount: c.benchCount,
  updatedAt: c.updatedAt,
  tags: c.tags,
});

/** A row of models.csv: a configuration, its time as ISO 8601 and its tags in one cell. */
export const modelsCsvRow = (c: Configuration, modelRank: number, attribution: string) => ({
  rank: c.position,
  modelRank,
  slug: c.slug,
  name: c.name,
  provider: c.provider,
  familyTag: c.familyTag,
  supraScore: c.supraScore,
  benchCount: c.benchCount,
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
