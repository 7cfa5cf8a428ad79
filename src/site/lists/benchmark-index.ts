/**
 * The compact index the benchmarks list's script sorts and filters in the browser
 * (`/data/benchmark-list.json`): one array per benchmark, and tag names listed once.
 */
import type { Bench, SiteData } from '../data/site-data.ts';

export type IndexBench = [
  position: number,
  name: string,
  slug: string,
  segment: string,
  isOfficial: boolean,
  effectiveWeight: number,
  /** effectiveWeight in the previous comparable snapshot, or null. */
  previousWeight: number | null,
  qualityScore: number,
  modelCount: number,
  raterCount: number,
  /** Indexes into `tags`. */
  tags: number[],
];

export interface BenchmarkIndex {
  tags: string[];
  /** The path segment of each tag in `tags`, same order. */
  tagSegments: string[];
  /** In weight order, as the static pages list them. */
  benchmarks: IndexBench[];
}

export function buildBenchmarkIndex(benches: readonly Bench[], tagSegment: (tag: string) => string): BenchmarkIndex {
  const tags: string[] = [];
  const tagIndex = new Map<string, number>();
  const tagId = (tag: string) => tagIndex.get(tag) ?? tagIndex.set(tag, tags.push(tag) - 1).get(tag)!;
  const rows = benches.map((b): IndexBench => [
    b.position,
    b.name,
    b.slug,
    b.segment,
    b.isOfficial,
    b.effectiveWeight,
    b.previousWeight ?? null,
    b.qualityScore,
    b.modelCount,
    b.raterCount,
    b.tags.map(tagId),
  ]);
  return { tags, tagSegments: tags.map(tagSegment), benchmarks: rows };
}

const built = new WeakMap<SiteData, BenchmarkIndex>();

/** The index of this build's benchmarks, made once: every page of the list and the download share it. */
export function benchmarkIndexOf(data: SiteData): BenchmarkIndex {
  let index = built.get(data);
  if (!index) {
    index = buildBenchmarkIndex(data.benches, (tag) => data.tagByName.get(tag)!.segment);
    built.set(data, index);
  }
  return index;
}
