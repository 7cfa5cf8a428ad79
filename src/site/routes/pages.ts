/**
 * The routes with one page each and no list of their own to page through: the tags, the comparison
 * tool, a pre-rendered comparison, about and the downloads' page. The not-found page and the old
 * addresses of the leaderboard show only the site's shell (shell.ts).
 */
import type { ComparisonEvidence } from '../compare/compare-models.ts';
import type { Verdict } from '../data/bench-verdict.ts';
import { evidenceSectionOf, type EvidenceSection } from './evidence.ts';
import type { Comparison, Model, SiteData, SnapshotInfo, Tag } from '../data/types.ts';
import { attribution } from '../files/records.ts';
import { recentModelFile, type ModelFile } from '../files/model-file.ts';
import { publishedName } from '../links/output-paths.ts';
import { leftOutOf } from '../plan/site-plan.ts';
import type { BuildPlan } from '../plan/types.ts';
import { siteShellOf, type SiteShell } from './shell.ts';
import { pastLinksOf, type PastLinks } from './past.ts';

/** `/tags/`: every tag, A to Z. */
export const tagsPage = (data: SiteData): { shell: SiteShell; tags: Tag[] } => ({ shell: siteShellOf(data), tags: data.tags });

/** A comparison's two models, the better ranked first (its address has them in canonical order). */
export const bestFirst = (c: Comparison) => [...c.models].sort((a, b) => a.index - b.index) as [Model, Model];

/** Pre-rendered comparisons the comparison tool lists for readers without JavaScript: the closest contests at the top. */
const LISTED = 10;

/** `/compare/`: the comparison tool. */
export const comparePage = (data: SiteData): { shell: SiteShell; top: { comparison: Comparison; pair: [Model, Model] }[]; models: number } => ({
  shell: siteShellOf(data),
  top: data.comparisons
    .filter((c) => c.models.every((m) => m.index < LISTED + 1))
    .slice(0, LISTED)
    .map((comparison) => ({ comparison, pair: bestFirst(comparison) })),
  models: data.models.length,
});

/** Each model with its neighbour just below: the comparisons model pages link to without JavaScript. */
export const comparisonPaths = (data: SiteData) => data.comparisons.map((comparison) => ({ params: { pair: comparison.segment }, props: { comparison } }));

/** `/compare/{a}-vs-{b}/`: two neighbours side by side, from their data files (as the comparison tool draws any). */
export function comparisonPage(
  data: SiteData,
  comparison: Comparison,
): { shell: SiteShell; comparison: Comparison; pair: [Model, Model]; files: ModelFile[]; evidence: ComparisonEvidence } {
  const pair = bestFirst(comparison);
  // The evidence as /data/evidence.json and /data/model-list.json hold it, which the comparison script reads: both draw the same sentences.
  const evidence = data.evidence();
  const se = new Map(pair.map((m) => [m.segment, evidence.model(m).se ?? null]));
  return {
    shell: siteShellOf(data),
    comparison,
    pair,
    files: pair.map((m) => recentModelFile(data, m, attribution(data))),
    evidence: { facts: evidence.facts, se },
  };
}

export interface AboutPage {
  shell: SiteShell;
  snapshot: SnapshotInfo;
  plan: BuildPlan;
  /** What the deploy target's limits left out, in words. */
  leftOut: string[];
  counts: { models: number; configurations: number; benchmarks: number; tags: number };
  /** The names scores.csv and history.csv are published under (gzipped where the plan asks). */
  downloads: { scores: string; history: string };
  /** The days of the leaderboard as it stood. */
  past: PastLinks;
  /** The evidence behind supraScore: the method's choices and this snapshot's agreement. */
  evidence: EvidenceSection;
  /** How many benchmarks have each verdict on the leaders in this snapshot (the mirror's measure). */
  verdicts: Record<Verdict, number>;
}

/** `/about/`. */
export function aboutPage(data: SiteData): AboutPage {
  const { plan } = data;
  return {
    shell: siteShellOf(data),
    snapshot: data.snapshot,
    plan,
    leftOut: leftOutOf(
      plan,
      data.models.map((m) => ({ configurations: m.configurations.length })),
      data.site.cardModels,
      { days: data.past.history.days, alwaysKept: data.past.alwaysKept },
    ),
    counts: { models: data.models.length, configurations: data.configurations.length, benchmarks: data.benches.length, tags: data.tags.length },
    downloads: { scores: publishedName('scores.csv', plan.compressedDownloads), history: publishedName('history.csv', plan.compressedDownloads) },
    past: pastLinksOf(data),
    evidence: evidenceSectionOf(data),
    verdicts: verdictCounts(data),
  };
}

/** How many benchmarks have each verdict. */
function verdictCounts(data: SiteData): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { separates: 0, saturated: 0, 'too-few': 0 };
  const measures = data.benchMeasures();
  for (const b of data.benches) counts[measures.of(b.slug).verdict.verdict]++;
  return counts;
}

export interface DataPage {
  shell: SiteShell;
  snapshot: SnapshotInfo;
  /** Whether the plan gzips the large downloads. */
  compressed: boolean;
  /** Rows of each download whose rows the page counts. */
  rows: Record<string, number | undefined>;
}

/** `/data/`: the downloads and their fields. */
export function dataPage(data: SiteData): DataPage {
  const { configurations, benches, tags, scoreCountFor } = data;
  return {
    shell: siteShellOf(data),
    snapshot: data.snapshot,
    compressed: data.plan.compressedDownloads,
    rows: {
      'models.csv': configurations.length,
      'models.json': configurations.length,
      'scores.csv': configurations.reduce((n, c) => n + scoreCountFor(c.slug), 0),
      'benchmarks.json': benches.length,
      'tags.json': tags.length,
    },
  };
}
