/** The benchmarks of a snapshot, by effectiveWeight, with their tags, path segments and previous weight. */
import type { BenchRow } from '../../store/read-snapshot.ts';
import type { HistoryResult } from './history-pass.ts';
import { assignSegments } from './paths.ts';
import type { Bench } from './types.ts';

/** Path segments no benchmark may take: `/benchmarks/page/N/` and `/benchmarks/view/…/` are the list's. */
const RESERVED = ['page', 'view'];

export function buildBenches(
  rows: readonly BenchRow[],
  tagsOf: ReadonlyMap<string, string[]>,
  past: Pick<HistoryResult, 'previous' | 'snapshots' | 'weightHistory'>,
): { benches: Bench[]; benchBySlug: Map<string, Bench> } {
  const segments = assignSegments(
    rows.map((b) => b.slug),
    RESERVED,
  );
  const previousWeights = new Map<string, number>();
  if (past.previous) {
    const before = past.snapshots.at(-2)?.generatedAt;
    for (const b of rows) {
      const p = past.weightHistory(b.slug).find((w) => w.generatedAt === before);
      if (p) previousWeights.set(b.slug, p.effectiveWeight);
    }
  }
  const benches: Bench[] = rows.map((row) => ({
    ...row,
    tags: tagsOf.get(row.slug) ?? [],
    previousWeight: previousWeights.get(row.slug),
    segment: segments.get(row.slug)!,
  }));
  return { benches, benchBySlug: new Map(benches.map((b) => [b.slug, b])) };
}
