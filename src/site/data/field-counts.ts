/**
 * The counts a build plans its outputs with (src/site/plan/site-plan.ts), read from a snapshot without
 * loading the site's data: for each model, benchmark and tag, what its pages show (rows, cells, tags,
 * points of history), so that a page's estimated size follows what it holds at any size of field.
 * One walk of the submissions, in typed arrays (3.5 million at 50,000 configurations with details).
 */
import type { BenchRow, ConfigurationRow, SnapshotReader } from '../../store/read-snapshot.ts';
import { familiesOf } from './models.ts';
import { historyFamilyKey } from './history-pass.ts';
import { alwaysKept, hasPage, historyDaysOf } from './past-history.ts';
import { TAGS_SHOWN } from '../lists/leaderboard.ts';
import { HISTORY_CHART_POINTS, RECENT_CHANGES_PER_MODEL } from '../settings/config.ts';
import { addressOf, FITTED_AT } from '../plan/estimate-site.ts';
import { RESULTS_PER_PAGE, type FieldCounts, type ModelCounts } from '../plan/types.ts';

/** The submissions, a configuration's together: each one's benchmark (numbered after those the snapshot lists for those it does not), and where each configuration's begin and end. */
interface Submissions {
  bench: Int32Array;
  counts: Uint8Array;
  from: Int32Array;
  to: Int32Array;
  /** Benchmarks listed and not: the size of a mark per benchmark. */
  benches: number;
}

function readSubmissions(reader: SnapshotReader, rowOf: ReadonlyMap<string, number>, benchOf: ReadonlyMap<string, number>, rows: number): Submissions {
  const { count, rows: walk } = reader.scoreBenches();
  const bench = new Int32Array(count);
  const counts = new Uint8Array(count);
  const from = new Int32Array(rows);
  const to = new Int32Array(rows);
  const unlisted = new Map<string, number>();
  let n = 0;
  let slug: string | undefined;
  let row = -1;
  for (const [s, b, c] of walk) {
    if (s !== slug) {
      if (row >= 0) to[row] = n;
      slug = s;
      row = rowOf.get(s) ?? -1;
      if (row >= 0) from[row] = n;
    }
    if (row < 0) continue;
    let id = benchOf.get(b);
    if (id === undefined) {
      if (!unlisted.has(b)) unlisted.set(b, benchOf.size + unlisted.size);
      id = unlisted.get(b)!;
    }
    bench[n] = id;
    counts[n++] = c;
  }
  if (row >= 0) to[row] = n;
  return { bench, counts, from, to, benches: benchOf.size + unlisted.size };
}

/** The counts of the snapshot `reader` reads, for a site at `siteUrl` (SITE_URL) with `cardModels` (CARD_MODELS) and its published snapshot file `snapshotDb`. */
export function fieldCountsOf(reader: SnapshotReader, cardModels: number, snapshotDb: FieldCounts['snapshotDb'], siteUrl: URL = FITTED_AT): FieldCounts {
  const ranking = rankingOf(reader);
  const tags = tagsOf(reader, ranking);
  const s = readSubmissions(reader, ranking.rowOf, ranking.benchOf, ranking.rows.length);
  const { models, lists } = countModels(reader, ranking, tags, s);
  const counts = reader.counts();
  const days = historyDaysOf(reader.historySnapshots());
  return {
    models,
    benches: ranking.benches.length,
    tags: tags.names.length,
    providers: new Set(ranking.rows.map((c) => c.provider)).size,
    providerModels: providerModelsOf(ranking.families),
    benchResults: new Map(
      ranking.benches.map((b, i) => [b.slug, { models: lists.resultModels[i]!, rows: lists.resultRows[i]!, firstRows: lists.firstRows.map((f) => f[i]!) }]),
    ),
    tagLists: new Map(
      tags.names.map((tag, t) => [
        tag,
        { carrying: lists.carrying[t]!, measured: lists.measured[t]!, benches: tags.taggedBenches[t]!, scores: lists.tagScores[t]! },
      ]),
    ),
    benchTags: tags.ofBench,
    historySnapshots: counts.historySnapshots,
    recentChanges: Math.min(RECENT_CHANGES_PER_MODEL, Math.max(0, counts.historySnapshots - 1)),
    history: {
      days: days.length,
      alwaysKept: days.filter(alwaysKept).length,
      pages: days.filter(hasPage).length,
      configurations: counts.historyConfigurations,
    },
    cardModels,
    snapshotDb,
    address: addressOf(siteUrl),
  };
}

/** The site's one model ranking, and the benchmarks the snapshot lists, each numbered in its order. */
interface Ranking {
  /** Families in the order of their best configuration. */
  families: ConfigurationRow[][];
  /** Their configurations, numbered in that order: model m's are rows firstRow[m] to firstRow[m + 1]. */
  rows: ConfigurationRow[];
  rowOf: ReadonlyMap<string, number>;
  firstRow: Int32Array;
  benches: BenchRow[];
  benchOf: ReadonlyMap<string, number>;
}

function rankingOf(reader: SnapshotReader): Ranking {
  const families = [...familiesOf(reader.configurations()).values()];
  const rows = families.flat();
  const rowOf = new Map(rows.map((c, i) => [c.slug, i]));
  const firstRow = new Int32Array(families.length + 1);
  families.forEach((list, m) => (firstRow[m + 1] = firstRow[m]! + list.length));
  const benches = reader.benches();
  const benchOf = new Map(benches.map((b, i) => [b.slug, i]));
  return { families, rows, rowOf, firstRow, benches, benchOf };
}

/** The tags, numbered: every tag has a page, the taxonomy's and any a configuration or benchmark carries. */
interface Tags {
  names: string[];
  /** The tags of each configuration, by its row. */
  byRow: Map<number, number[]>;
  /** The tags of each benchmark, by its number. */
  ofBench: number[][];
  /** Per tag, the benchmarks carrying it. */
  taggedBenches: Int32Array;
}

function tagsOf(reader: SnapshotReader, { rowOf, benches, benchOf }: Ranking): Tags {
  const configurationTags = reader.configurationTags();
  const benchTags = reader.benchTags();
  const names = [...new Set([...reader.tags().map((t) => t.tag), ...configurationTags.map((l) => l.tag), ...benchTags.map((l) => l.tag)])];
  const tagOf = new Map(names.map((t, i) => [t, i]));
  const byRow = new Map<number, number[]>();
  for (const { slug, tag } of configurationTags) {
    const row = rowOf.get(slug);
    if (row === undefined) continue;
    if (!byRow.has(row)) byRow.set(row, []);
    byRow.get(row)!.push(tagOf.get(tag)!);
  }
  const ofBench = Array.from({ length: benches.length }, () => [] as number[]);
  const taggedBenches = new Int32Array(names.length);
  for (const { slug, tag } of benchTags) {
    const b = benchOf.get(slug);
    if (b === undefined) continue;
    ofBench[b]!.push(tagOf.get(tag)!);
    taggedBenches[tagOf.get(tag)!]!++;
  }
  return { names, byRow, ofBench, taggedBenches };
}

/**
 * What the walk of the models tallies of the lists the site makes: per benchmark, its models' groups,
 * its rows and those of its first page at each of RESULTS_PER_PAGE; per tag, its models carrying it
 * and those with a counting score on its benchmarks.
 */
interface Lists {
  resultModels: Int32Array;
  resultRows: Int32Array;
  firstRows: Int32Array[];
  carrying: Int32Array;
  measured: Int32Array;
  /** Per tag, the counting submissions on its benchmarks: the scores its part of /rank/'s data holds. */
  tagScores: Int32Array;
}

/** Each model's counts, best first, and the lists of results and tags tallied on the way. */
function countModels(reader: SnapshotReader, ranking: Ranking, tags: Tags, s: Submissions): { models: ModelCounts[]; lists: Lists } {
  const { firstRow } = ranking;
  const M = ranking.families.length;
  const B = ranking.benches.length;
  const T = tags.names.length;
  // Marks of the model that last met a benchmark or tag: each counted once per model.
  const benchMark = new Int32Array(s.benches).fill(-1);
  const tagMark = new Int32Array(T).fill(-1);
  const measuredMark = new Int32Array(T).fill(-1);
  const lists: Lists = {
    resultModels: new Int32Array(B),
    resultRows: new Int32Array(B),
    firstRows: RESULTS_PER_PAGE.map(() => new Int32Array(B)),
    carrying: new Int32Array(T),
    measured: new Int32Array(T),
    tagScores: new Int32Array(T),
  };
  const { resultModels, resultRows, firstRows, carrying, measured, tagScores } = lists;
  const { historyPoints, configurationHistoryPoints } = chartPoints(reader, ranking.rows, ranking.rowOf, firstRow, M);
  const shared = sharedWithNext(s, firstRow);

  const models: ModelCounts[] = [];
  for (let m = 0; m < M; m++) {
    let scores = 0;
    let distinct = 0;
    let configurationTagCount = 0;
    let tagCount = 0;
    let points = 0;
    for (let row = firstRow[m]!; row < firstRow[m + 1]!; row++) {
      const rowTags = tags.byRow.get(row) ?? [];
      configurationTagCount += rowTags.length;
      points += configurationHistoryPoints[row]!;
      for (const t of rowTags) {
        if (tagMark[t] === m) continue;
        tagMark[t] = m;
        tagCount++;
        carrying[t]!++;
      }
      for (let i = s.from[row]!; i < s.to[row]!; i++) {
        const b = s.bench[i]!;
        scores++;
        if (benchMark[b] !== m) {
          benchMark[b] = m;
          distinct++;
          // Its group on the benchmark's pages: the models met so far are the better ones.
          if (b < B) resultModels[b]!++;
        }
        if (b >= B) continue;
        resultRows[b]!++;
        RESULTS_PER_PAGE.forEach((k, j) => {
          if (resultModels[b]! <= k) firstRows[j]![b]!++;
        });
        if (s.counts[i])
          for (const t of tags.ofBench[b]!) {
            tagScores[t]!++;
            if (measuredMark[t] === m) continue;
            measuredMark[t] = m;
            measured[t]!++;
          }
      }
    }
    const first = firstRow[m]!;
    models.push({
      configurations: firstRow[m + 1]! - first,
      scores,
      bestScores: s.to[first]! - s.from[first]!,
      benches: distinct,
      configurationTags: configurationTagCount,
      // The first few chips, and one that says how many more.
      tagsShown: Math.min(tagCount, TAGS_SHOWN + 1),
      historyPoints: historyPoints[m]!,
      configurationHistoryPoints: points,
      sharedWithNext: shared[m]!,
    });
  }
  return { models, lists };
}

/** Per model, the benchmarks its best configuration shares with the next model's, each with a counting submission (a comparison's rows). */
function sharedWithNext(s: Submissions, firstRow: Int32Array): Int32Array {
  const M = firstRow.length - 1;
  const shared = new Int32Array(M);
  // Marks of the model pair that last met a benchmark: each counted once per pair.
  const nextMark = new Int32Array(s.benches).fill(-1);
  const sharedMark = new Int32Array(s.benches).fill(-1);
  for (let m = 0; m + 1 < M; m++) {
    const next = firstRow[m + 1]!;
    for (let i = s.from[next]!; i < s.to[next]!; i++) if (s.counts[i]) nextMark[s.bench[i]!] = m;
    const best = firstRow[m]!;
    for (let i = s.from[best]!; i < s.to[best]!; i++) {
      const b = s.bench[i]!;
      if (s.counts[i] && nextMark[b] === m && sharedMark[b] !== m) {
        sharedMark[b] = m;
        shared[m]!++;
      }
    }
  }
  return shared;
}

/** Per vendor of a model's best configuration, its models, most first. */
function providerModelsOf(families: readonly (readonly { provider: string }[])[]): number[] {
  const models = new Map<string, number>();
  for (const family of families) models.set(family[0]!.provider, (models.get(family[0]!.provider) ?? 0) + 1);
  return [...models.values()].sort((a, b) => b - a);
}

/**
 * The points of each chart: per model, the snapshots of the charts' window holding any configuration
 * it had when last seen (its page's two charts); per configuration, those holding it (its page's).
 */
function chartPoints(
  reader: SnapshotReader,
  rows: readonly { slug: string; familyTag: string }[],
  rowOf: ReadonlyMap<string, number>,
  firstRow: Int32Array,
  M: number,
): { historyPoints: Int32Array; configurationHistoryPoints: Int32Array } {
  const historyPoints = new Int32Array(M);
  const configurationHistoryPoints = new Int32Array(rows.length);
  const window = reader.historySnapshots().slice(0, HISTORY_CHART_POINTS);
  if (window.length === 0) return { historyPoints, configurationHistoryPoints };
  const familyOf = new Map(rows.map((c) => [c.slug, c.familyTag]));
  const modelOfFamily = new Map<string, number>();
  for (let m = 0; m < M; m++) modelOfFamily.set(rows[firstRow[m]!]!.familyTag, m);
  const names = reader.historyNames().filter((n) => n.kind === 'model');
  const maxId = names.reduce((a, n) => Math.max(a, n.id), 0);
  const modelOfName = new Int32Array(maxId + 1).fill(-1);
  const rowOfName = new Int32Array(maxId + 1).fill(-1);
  for (const n of names) {
    modelOfName[n.id] = modelOfFamily.get(historyFamilyKey(n, familyOf)) ?? -1;
    rowOfName[n.id] = rowOf.get(n.slug) ?? -1;
  }
  const seen = new Int32Array(M).fill(-1);
  for (const p of reader.eachHistoryPoint(window.at(-1)!.id)) {
    for (const id of p.configurations) {
      if (id < 0 || id > maxId) continue;
      const m = modelOfName[id]!;
      if (m >= 0 && seen[m] !== p.snapshotId) {
        seen[m] = p.snapshotId;
        historyPoints[m]!++;
      }
      const row = rowOfName[id]!;
      if (row >= 0) configurationHistoryPoints[row]!++;
    }
  }
  return { historyPoints, configurationHistoryPoints };
}
