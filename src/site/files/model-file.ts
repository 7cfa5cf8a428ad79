/**
 * `/data/models/{model}.json`: one small file per model, what a comparison needs (its standing,
 * its configurations, its best configuration's per-benchmark scores, its score and model rank over
 * time) with the attribution. The comparison script loads these; the pre-rendered comparisons are
 * drawn from the same objects.
 */
import type { Bench, Configuration, Model, Score, SiteData } from '../data/site-data.ts';
import type { attribution } from './records.ts';
import { providersOf } from '../data/providers.ts';
import { providerHref } from '../links/links.ts';

/** A per-benchmark score of its best configuration, with its benchmark's page, weight and scale (null when the snapshot does not list it). */
export type ModelFileScore = Score & { benchSegment: string | null } & { [K in 'effectiveWeight' | 'scaleMin' | 'scaleMax']: Bench[K] | null };

export interface ModelFile extends Attribution {
  model: Pick<Model, 'familyTag' | 'segment' | 'href' | 'name' | 'rank' | 'rankTied'> &
    Pick<Configuration, 'provider' | 'supraScore'> & {
      /** Its provider's page. */
      providerHref: string;
      /** Models in the snapshot. */
      of: number;
    };
  /** Its configurations in ranking order; the first is the one the model is scored by. */
  configurations: (Pick<Configuration, 'slug' | 'segment' | 'href' | 'name' | 'supraScore' | 'rank' | 'rankTied' | 'benchCount' | 'tags'> & {
    detailFetchedAt: number | null;
  })[];
  /** Per-benchmark submissions of its best configuration (empty when the mirror has none). */
  scores: ModelFileScore[];
  /** Its score (its best configuration's) and model rank in each of the newest snapshots, oldest first, as columns. */
  history: { generatedAt: number[]; supraScore: number[]; rank: number[] };
  /** What its model rank rests on (the mirror's computation): the benchmarks whose loss moves it furthest, and its model rank without each; empty without a likely range. */
  restsOn: { bench: string; benchName: string; modelRank: number }[];
}

/** What every JSON download says of its source (records.ts). */
type Attribution = ReturnType<typeof attribution>;

export function modelFile(data: SiteData, model: Model, attribution: Attribution): ModelFile {
  const history = data.modelHistoryFor(model.familyTag);
  return {
    ...attribution,
    model: {
      familyTag: model.familyTag,
      segment: model.segment,
      href: model.href,
      name: model.name,
      provider: model.best.provider,
      providerHref: providerHref(providersOf(data).providerByName.get(model.best.provider)!),
      supraScore: model.best.supraScore,
      rank: model.rank,
      rankTied: model.rankTied,
      of: data.models.length,
    },
    configurations: model.configurations.map((c) => ({
      slug: c.slug,
      segment: c.segment,
      href: c.href,
      name: c.name,
      supraScore: c.supraScore,
      rank: c.rank,
      rankTied: c.rankTied,
      benchCount: c.benchCount,
      tags: c.tags,
      detailFetchedAt: c.detailFetchedAt ?? null,
    })),
    scores: data.scoresFor(model.best.slug).map((s) => {
      const bench = data.benchBySlug.get(s.bench);
      return {
        bench: s.bench,
        benchName: s.benchName,
        benchSegment: bench?.segment ?? null,
        effectiveWeight: bench?.effectiveWeight ?? null,
        scaleMin: bench?.scaleMin ?? null,
        scaleMax: bench?.scaleMax ?? null,
        rawScore: s.rawScore,
        normalizedScore: s.normalizedScore,
        sourceUrl: s.sourceUrl,
        accessedAt: s.accessedAt,
        upvotes: s.upvotes,
        downvotes: s.downvotes,
        counts: s.counts,
      };
    }),
    history: {
      generatedAt: history.map((p) => p.generatedAt),
      supraScore: history.map((p) => p.supraScore),
      rank: history.map((p) => p.rank),
    },
    restsOn: (data.evidence().model(model).restsOn ?? []).map((r) => ({ bench: r.bench.slug, benchName: r.bench.name, modelRank: r.rank })),
  };
}

/** The data file the models without a page of their own share: each as its own file would hold it, with the attribution once. */
export interface SharedModelFile extends Attribution {
  models: Omit<ModelFile, keyof Attribution>[];
}

export function sharedModelFile(data: SiteData, models: readonly Model[], attribution: Attribution): SharedModelFile {
  return {
    ...attribution,
    models: models.map((m) => {
      const { model, configurations, scores, history, restsOn } = modelFile(data, m, attribution);
      return { model, configurations, scores, history, restsOn };
    }),
  };
}

/**
 * The pre-rendered comparisons pair each model with its neighbour below, in ranking order, so each
 * model's file is wanted by two pages in a row: the last few made are kept.
 */
const recent: { model: Model; file: ModelFile }[] = [];
export function recentModelFile(data: SiteData, model: Model, attribution: Attribution): ModelFile {
  const hit = recent.find((r) => r.model === model);
  if (hit) return hit.file;
  const file = modelFile(data, model, attribution);
  recent.push({ model, file });
  if (recent.length > 8) recent.shift();
  return file;
}
