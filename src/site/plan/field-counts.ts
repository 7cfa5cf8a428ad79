/** The counts a build plans its outputs with (src/site/plan/site-plan.ts), read from a snapshot without loading the site's data. */
import type { SnapshotReader } from '../../store/read-snapshot.ts';
import { familiesOf } from '../data/models.ts';
import { alwaysKept, hasPage, historyDaysOf } from '../data/past-history.ts';
import type { FieldCounts } from './site-plan.ts';

export function fieldCountsOf(reader: SnapshotReader, cardModels: number, snapshotDb: FieldCounts['snapshotDb']): FieldCounts {
  const rows = reader.configurations();
  const { scoresBySlug, modelsByBench, modelsByTag } = reader.planCounts();
  const scoresOf = (slug: string) => scoresBySlug.get(slug) ?? 0;
  // The site's one model ranking: families in the order of their best configuration.
  const models = [...familiesOf(rows).values()].map((list) => ({
    configurations: list.length,
    scores: list.reduce((n, c) => n + scoresOf(c.slug), 0),
    bestScores: scoresOf(list[0]!.slug),
  }));
  // Every tag has a page: the taxonomy's and any a configuration or benchmark carries.
  const tags = new Set([...reader.tags().map((t) => t.tag), ...reader.configurationTags().map((l) => l.tag), ...reader.benchTags().map((l) => l.tag)]);
  const counts = reader.counts();
  const days = historyDaysOf(reader.historySnapshots());
  return {
    models,
    benches: reader.benches().length,
    tags: tags.size,
    benchResultModels: modelsByBench,
    tagListModels: [...modelsByTag.values()],
    historySnapshots: counts.historySnapshots,
    history: {
      days: days.length,
      alwaysKept: days.filter(alwaysKept).length,
      pages: days.filter(hasPage).length,
      configurations: counts.historyConfigurations,
    },
    cardModels,
    snapshotDb,
  };
}
