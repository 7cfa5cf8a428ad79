/** `/models/{model}/`: a model with its configurations side by side, its scores, history, recent changes, badge and comparisons. */
import type { ModelHistoryPoint, RecentModelChange } from '../data/history-pass.ts';
import type { Bench, Comparison, Model, Score, SiteData } from '../data/types.ts';
import { badgeFacts, badgeWidth, type BadgeFacts } from '../files/badges.ts';
import { modelCard, type Card } from '../files/cards.ts';
import type { NamedLink } from '../lists/leaderboard.ts';
import { modelDataHref, providerHref } from '../links/links.ts';
import { providersOf } from '../data/providers.ts';
import { changeLinksOf, type ChangeLinks } from './changes.ts';
import { siteShellOf, tagLinksOf, type SiteShell } from './shell.ts';
import { modelEvidenceOf, type EvidenceLine } from './evidence.ts';

/** A benchmark any of the model's configurations has a score on, with each configuration's scores there (in the model's order). */
export interface MatrixRow {
  bench: Bench | undefined;
  /** As the first submission names it. */
  name: string;
  cells: Score[][];
}

export interface ModelPage {
  shell: SiteShell;
  model: Model;
  /** Its own link-preview card, where the plan gives it one. */
  card: Card | undefined;
  configurations: number;
  models: number;
  /** Its score and model rank over time, oldest first. */
  history: ModelHistoryPoint[];
  /** Each configuration's tags, in the model's order. */
  tags: NamedLink[][];
  /** Heaviest benchmark first. */
  matrix: MatrixRow[];
  /** Its data file, which the comparison page reads. */
  dataHref: string;
  /** Newest first, up to a few. */
  recent: RecentModelChange[];
  links: ChangeLinks;
  /** Change sets of the snapshot (1 when there is no earlier snapshot). */
  changeSets: number;
  /** Its rank badge, where the plan gives it one, and its width as drawn. */
  badge: { facts: BadgeFacts; width: number } | undefined;
  neighbours: { above?: Comparison; below?: Comparison };
  /** Its likely model rank and its best configuration's evidence score (the mirror's computation). */
  evidence: EvidenceLine;
  /** Its provider's page. */
  providerHref: string;
}

/** The models whose page this build makes (the deploy target's plan). */
export const modelPaths = (data: SiteData) =>
  data.models.filter((model) => model.outputs.page).map((model) => ({ params: { model: model.segment }, props: { model } }));

function matrixOf(data: SiteData, model: Model): MatrixRow[] {
  const scored = model.configurations.map((c) => data.scoresFor(c.slug));
  const weightOf = (key: string) => data.benchBySlug.get(key)?.effectiveWeight ?? -1;
  const keys = [...new Set(scored.flat().map((s) => s.bench))].sort((a, b) => weightOf(b) - weightOf(a) || (a < b ? -1 : 1));
  return keys.map((key) => {
    const cells = scored.map((list) => list.filter((s) => s.bench === key));
    return { bench: data.benchBySlug.get(key), name: cells.flat()[0]!.benchName, cells };
  });
}

export function modelPage(data: SiteData, model: Model): ModelPage {
  const facts = model.outputs.badge ? badgeFacts(data, model) : undefined;
  return {
    shell: siteShellOf(data),
    model,
    card: modelCard(data, model),
    configurations: data.configurations.length,
    models: data.models.length,
    history: data.modelHistoryFor(model.familyTag),
    tags: model.configurations.map((c) => tagLinksOf(data, c.tags)),
    matrix: matrixOf(data, model),
    dataHref: modelDataHref(model, data.plan),
    recent: data.recentChangesFor(model.familyTag),
    links: changeLinksOf(data),
    changeSets: data.changes.length,
    badge: facts && { facts, width: badgeWidth(facts) },
    neighbours: data.neighboursOf(model),
    evidence: modelEvidenceOf(data, model),
    providerHref: providerHref(providersOf(data).providerByName.get(model.best.provider)!),
  };
}
