/**
 * What a page of the benchmarks list says, as plain values: each row, the heading, the title and
 * the table's caption. BenchmarkRow.astro renders a row at build time and the browser script fills
 * that component's markup with the same values, so a row reads the same whoever draws it.
 */
import type { BenchmarkIndex, IndexBench } from './benchmark-index.ts';
import type { BenchmarkListState } from './benchmark-list-state.ts';
import { formatCount, formatScore } from '../format/format.ts';
import { benchHref, tagHref } from '../links/links.ts';

/** Weight changes smaller than this read as no change at one decimal. */
const SHOWN_CHANGE = 0.05;

export interface BenchmarkRowView {
  /** Its place by effectiveWeight, whatever order the view is in. */
  position: string;
  name: string;
  href: string;
  official: boolean;
  weight: string;
  /** The weight bar's inline style. */
  bar: string;
  /** The weight's change since the previous snapshot, when it shows at one decimal. */
  change: { kind: 'up' | 'down'; text: string } | undefined;
  quality: string;
  models: string;
  raters: string;
  tags: string[];
  /** The page of each tag, same order. */
  tagHrefs: string[];
}

export function benchmarkRow(index: BenchmarkIndex, b: IndexBench): BenchmarkRowView {
  const [position, name, , segment, official, weight, previous, quality, models, raters, tagIds] = b;
  const delta = previous === null ? 0 : weight - previous;
  return {
    position: String(position),
    name,
    href: benchHref({ segment }),
    official,
    weight: formatScore(weight),
    bar: `--w:${weight.toFixed(1)}%`,
    change:
      Math.abs(delta) >= SHOWN_CHANGE
        ? { kind: delta > 0 ? 'up' : 'down', text: `${delta > 0 ? '+' : '−'}${formatScore(Math.abs(delta))} since the previous snapshot` }
        : undefined,
    quality: formatScore(quality),
    models: formatCount(models),
    raters: formatCount(raters),
    tags: tagIds.map((i) => index.tags[i] ?? ''),
    tagHrefs: tagIds.map((i) => tagHref({ segment: index.tagSegments[i] ?? '' })),
  };
}

/**
 * The row the `<template>` holds for the script to fill: every optional part present once, links to
 * real pages (the first benchmark's) and named for it, other texts empty. Undefined when there is no benchmark.
 */
export function templateBenchmarkRow(index: BenchmarkIndex): BenchmarkRowView | undefined {
  const first = index.benchmarks[0];
  if (!first) return undefined;
  const row = benchmarkRow(index, first);
  return {
    ...row,
    position: '',
    official: true,
    weight: '',
    change: { kind: 'up', text: '' },
    quality: '',
    models: '',
    raters: '',
    // One tag, when the snapshot's benchmarks carry any; otherwise no row needs one.
    tags: index.tags.slice(0, 1),
    tagHrefs: index.tagSegments.slice(0, 1).map((segment) => tagHref({ segment })),
  };
}

export const benchmarksHeading = (page: number, pages: number) => (page === 1 ? 'How much each benchmark counts' : `Benchmarks, page ${page} of ${pages}`);

/** The page title before the site's name. */
export const benchmarksTitle = (page: number) => (page === 1 ? 'Benchmarks' : `Benchmarks, page ${page}`);

const SORTED_BY: Record<BenchmarkListState['sort'], string> = {
  weight: 'effectiveWeight',
  quality: 'qualityScore',
  models: 'the number of models with a score',
  raters: 'the number of raters',
  name: 'name',
};

/** The table's caption: what the rows are sorted by, and which way. */
export function benchmarksCaption(s: Pick<BenchmarkListState, 'sort' | 'dir'>): string {
  const way = s.sort === 'name' ? (s.dir === 'asc' ? 'A to Z' : 'Z to A') : s.dir === 'desc' ? 'highest first' : 'lowest first';
  return `Benchmarks sorted by ${SORTED_BY[s.sort]}, ${way}`;
}
