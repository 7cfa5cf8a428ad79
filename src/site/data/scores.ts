/**
 * The per-benchmark scores of a snapshot, read once and indexed two ways: by configuration (its
 * page) and by benchmark (a benchmark's results, and where a score stands among its peers).
 */
import type { ScoreRow } from '../../store/read-snapshot.ts';
import { scoreFormatter } from '../precision.ts';
import { groupBy, memo } from './group-by.ts';
import type { BenchResultGroup, BenchResults, Configuration, Model, Score } from './types.ts';

export interface ScoreIndex {
  scoresFor(slug: string): Score[];
  /** The configurations with a score on a benchmark, each with that score. */
  onBench(benchSlug: string): readonly { configuration: Configuration; score: Score }[];
  resultsFor(benchSlug: string): BenchResults;
  standingOn(benchSlug: string, normalizedScore: number): { rank: number; of: number };
}

export function buildScores(
  rows: readonly ScoreRow[],
  configurationBySlug: ReadonlyMap<string, Configuration>,
  modelByFamily: ReadonlyMap<string, Model>,
): ScoreIndex {
  const bySlug = new Map<string, Score[]>();
  const byBench = new Map<string, { configuration: Configuration; score: Score }[]>();
  for (const { slug, ...row } of rows) {
    const score: Score = { ...row, counts: row.upvotes > row.downvotes };
    const list = bySlug.get(slug);
    if (list) list.push(score);
    else bySlug.set(slug, [score]);
    const configuration = configurationBySlug.get(slug);
    if (!configuration) continue;
    const results = byBench.get(row.bench);
    if (results) results.push({ configuration, score });
    else byBench.set(row.bench, [{ configuration, score }]);
  }
  const onBench = (benchSlug: string) => byBench.get(benchSlug) ?? [];

  const resultsFor = memo((benchSlug: string): BenchResults => {
    const results = onBench(benchSlug);
    const groups: BenchResultGroup[] = [...groupBy(results, (r) => r.configuration.familyTag)].map(([familyTag, list]) => {
      const sorted = list.sort(
        (a, b) =>
          Number(b.score.counts) - Number(a.score.counts) ||
          b.score.normalizedScore - a.score.normalizedScore ||
          a.configuration.position - b.configuration.position,
      );
      const counting = sorted.filter((r) => r.score.counts).map((r) => r.score.normalizedScore);
      return { model: modelByFamily.get(familyTag)!, rows: sorted, best: counting.length ? Math.max(...counting) : undefined };
    });
    // Models with a counting score first, by it; then the others, by model rank.
    groups.sort((a, b) => (b.best ?? -1) - (a.best ?? -1) || a.model.index - b.model.index);
    return {
      groups,
      configurations: new Set(results.map((r) => r.configuration.slug)).size,
      submissions: results.length,
      normalizedText: scoreFormatter(results.map((r) => r.score.normalizedScore)),
    };
  });

  // Counting scores of each benchmark, best first, for a score's standing among its peers.
  const countingOn = memo((benchSlug: string) =>
    onBench(benchSlug)
      .filter((r) => r.score.counts)
      .map((r) => r.score.normalizedScore)
      .sort((a, b) => b - a),
  );
  const standingOn = (benchSlug: string, value: number) => {
    const sorted = countingOn(benchSlug);
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! > value) lo = mid + 1;
      else hi = mid;
    }
    return { rank: lo + 1, of: sorted.length };
  };

  return { scoresFor: (slug) => bySlug.get(slug) ?? [], onBench, resultsFor, standingOn };
}
