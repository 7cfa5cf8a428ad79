/** `/configurations/{slug}/`: one configuration, its standing, history and per-benchmark scores. */
import { configurationEvidenceOf, type EvidenceLine } from './evidence.ts';
import { providerPageOf } from '../data/providers.ts';
import type { HistoryPoint } from '../data/history-pass.ts';
import type { Bench, Configuration, Model, Score, SiteData } from '../data/types.ts';
import type { NamedLink } from '../lists/leaderboard.ts';
import { siteShellOf, tagLinksOf, type SiteShell } from './shell.ts';

/** A per-benchmark score, with its benchmark when the snapshot lists it and, when it counts, its place among the benchmark's counting scores. */
export interface ScoreLine {
  score: Score;
  bench: Bench | undefined;
  standing: { rank: number; of: number } | undefined;
}

export interface ConfigurationPage {
  shell: SiteShell;
  configuration: Configuration;
  model: Model;
  /** Configurations and models in the snapshot. */
  configurations: number;
  models: number;
  /** Its supraScore and configuration rank over time, oldest first. */
  history: HistoryPoint[];
  tags: NamedLink[];
  /** Heaviest benchmark first: the ones that move supraScore most. */
  scores: ScoreLine[];
  /** Its evidence score (the mirror's computation). */
  evidence: EvidenceLine;
  /** Its provider's page, where the provider makes a model of the snapshot (it may differ from its model's). */
  providerHref: string | undefined;
}

/** The configurations whose page this build makes (the deploy target's plan). */
export const configurationPaths = (data: SiteData) =>
  data.configurations.filter((c) => c.hasPage).map((configuration) => ({ params: { slug: configuration.segment }, props: { configuration } }));

export function configurationPage(data: SiteData, configuration: Configuration): ConfigurationPage {
  const weightOf = (bench: string) => data.benchBySlug.get(bench)?.effectiveWeight ?? -1;
  const scores = [...data.scoresFor(configuration.slug)].sort((a, b) => weightOf(b.bench) - weightOf(a.bench) || (a.bench < b.bench ? -1 : 1));
  return {
    shell: siteShellOf(data),
    configuration,
    model: data.modelByFamily.get(configuration.familyTag)!,
    configurations: data.configurations.length,
    models: data.models.length,
    history: data.historyFor(configuration.slug),
    tags: tagLinksOf(data, configuration.tags),
    evidence: configurationEvidenceOf(data, configuration),
    providerHref: providerPageOf(data, configuration.provider),
    scores: scores.map((score) => {
      const bench = data.benchBySlug.get(score.bench);
      return { score, bench, standing: score.counts && bench ? data.standingOn(bench.slug, score.normalizedScore) : undefined };
    }),
  };
}
