/**
 * The per-benchmark scores of a snapshot, read once into columns and indexed two ways: by
 * configuration (its page) and by benchmark (a benchmark's results, and where a score stands among
 * its peers). A score becomes an object only when a page asks for it: a large field's rows as
 * objects (and the copies that cleaned them) do not fit in the render's heap, and as columns a row
 * takes a few bytes a field, each distinct string kept once.
 */
import type { ScoreTuple } from '../../store/read-snapshot.ts';
import type { BenchSum } from './tag-measurement.ts';
import { countingMeans, type Submission } from '../evidence/method.ts';
import { scoreFormatter } from '../format/precision.ts';
import { cleanText } from './text.ts';
import { groupBy, memo, recent } from './group-by.ts';
import type { BenchResultGroup, BenchResults, Configuration, CountingRows, Model, Score } from './types.ts';

export interface ScoreIndex {
  scoresFor(slug: string): Score[];
  /** How many scores a configuration has, without making them. */
  scoreCountFor(slug: string): number;
  /** The configurations with a score on a benchmark, once for each of their scores there. */
  configurationsOn(benchSlug: string): Configuration[];
  /** How many submissions a benchmark has (of configurations in the ranking), without making them. */
  submissionsOn(benchSlug: string): number;
  /** How many models have a submission on a benchmark: the groups of its results. */
  modelsOn(benchSlug: string): number;
  /**
   * Each configuration with a score on some benchmarks (a tag's), as they first come benchmark by
   * benchmark, with its counting scores there summed by benchmark in the order measureSums reads
   * them: what a tag's measured ranking needs, from the rows of those benchmarks alone, with an
   * object per sum rather than per score.
   */
  sumsByConfiguration(benchSlugs: Iterable<string>): Map<Configuration, BenchSum[]>;
  /** A configuration's counting scores averaged per benchmark, as the evidence reads them (src/site/evidence/method.ts `countingMeans`). */
  countingMeansOf(slug: string): Map<string, number>;
  resultsFor(benchSlug: string): BenchResults;
  /** A benchmark's counting submissions, a configuration's next to each other: what the mirror's measures of a benchmark read (bench-measures.ts). */
  countingOn(benchSlug: string): CountingRows;
  standingOn(benchSlug: string, normalizedScore: number): { rank: number; of: number };
}

/** Benchmarks whose results stay made: a benchmark's pages are rendered together (Astro renders 4 pages at a time). */
const RESULTS_KEPT = 8;

/** Each distinct string once, cleaned for output once (src/site/data/text.ts), by a number. */
class Strings {
  readonly values: string[] = [];
  private ids: Map<string, number> | undefined = new Map();
  private readonly clean: (value: string) => string;
  constructor(clean: (value: string) => string) {
    this.clean = clean;
  }
  id(value: string): number {
    let id = this.ids!.get(value);
    if (id === undefined) {
      id = this.values.push(this.clean(value)) - 1;
      this.ids!.set(value, id);
    }
    return id;
  }
  /** Loading is done: the lookup goes, the values stay. */
  seal(): void {
    this.ids = undefined;
  }
}

/**
 * The rows as columns: each field a typed array (its strings as numbers into their table), each
 * row's configuration, each configuration's run of rows, and each benchmark's rows.
 */
interface ScoreColumns {
  bench: Int32Array;
  benchName: Int32Array;
  rawScore: Float64Array;
  normalizedScore: Float64Array;
  sourceUrl: Int32Array;
  accessedAt: Float64Array;
  upvotes: Int32Array;
  downvotes: Int32Array;
  /** The tables the string columns number into. */
  benches: string[];
  names: string[];
  urls: string[];
  /** Each row's configuration, as an index into `owners`. */
  owner: Int32Array;
  owners: (Configuration | undefined)[];
  /** A configuration slug's rows: [first, end). */
  rangeOf: Map<string, [number, number]>;
  /** Rows of each benchmark (of configurations in the ranking), in stored order: one array, a range per benchmark. */
  benchRange: Map<string, [number, number]>;
  benchRows: Int32Array;
}

/**
 * Walks up to `count` rows (by configuration, in stored order, as the reader gives them) into
 * columns. Third-party text (benchmark names, source addresses) is cleaned here, once per distinct
 * string; slugs are safe segments already.
 */
function readColumns(count: number, rows: Iterable<ScoreTuple>, configurationBySlug: ReadonlyMap<string, Configuration>): ScoreColumns {
  // A table per column: the benchmarks' few thousand strings stay in small tables, apart from the source addresses' millions.
  const benchText = new Strings(cleanText);
  const nameText = new Strings(cleanText);
  const urlText = new Strings(cleanText);
  const bench = new Int32Array(count);
  const benchName = new Int32Array(count);
  const rawScore = new Float64Array(count);
  const normalizedScore = new Float64Array(count);
  const sourceUrl = new Int32Array(count);
  const accessedAt = new Float64Array(count);
  const upvotes = new Int32Array(count);
  const downvotes = new Int32Array(count);
  const owner = new Int32Array(count);
  const owners: (Configuration | undefined)[] = [];
  const rangeOf = new Map<string, [number, number]>();

  let n = 0;
  for (const row of rows) {
    if (n === count) break;
    const [slug] = row;
    let range = rangeOf.get(slug);
    if (!range || range[1] !== n) {
      // Rows come by configuration; a slug seen again out of order would be a tampered file, and keeps its first run.
      if (range) continue;
      rangeOf.set(slug, (range = [n, n]));
      owners.push(configurationBySlug.get(slug));
    }
    owner[n] = owners.length - 1;
    bench[n] = benchText.id(row[1]);
    benchName[n] = nameText.id(row[2]);
    rawScore[n] = row[3];
    normalizedScore[n] = row[4];
    sourceUrl[n] = urlText.id(row[5]);
    accessedAt[n] = row[6];
    upvotes[n] = row[7];
    downvotes[n] = row[8];
    range[1] = ++n;
  }
  for (const t of [benchText, nameText, urlText]) t.seal();
  const benches = benchText.values;
  const { benchRange, benchRows } = rowsByBench(n, bench, benches, owner, owners);
  return {
    bench,
    benchName,
    rawScore,
    normalizedScore,
    sourceUrl,
    accessedAt,
    upvotes,
    downvotes,
    benches,
    names: nameText.values,
    urls: urlText.values,
    owner,
    owners,
    rangeOf,
    benchRange,
    benchRows,
  };
}

/** The first `n` rows of each benchmark (of configurations in the ranking), in stored order: one array, a range per benchmark. */
function rowsByBench(n: number, bench: Int32Array, benches: readonly string[], owner: Int32Array, owners: readonly (Configuration | undefined)[]) {
  const perBench = new Map<number, number>();
  for (let i = 0; i < n; i++) if (owners[owner[i]!]) perBench.set(bench[i]!, (perBench.get(bench[i]!) ?? 0) + 1);
  const benchRange = new Map<string, [number, number]>();
  const fill = new Map<number, number>();
  let at = 0;
  for (const [id, rowsOn] of perBench) {
    benchRange.set(benches[id]!, [at, at + rowsOn]);
    fill.set(id, at);
    at += rowsOn;
  }
  const benchRows = new Int32Array(at);
  for (let i = 0; i < n; i++) {
    if (!owners[owner[i]!]) continue;
    const slot = fill.get(bench[i]!)!;
    benchRows[slot] = i;
    fill.set(bench[i]!, slot + 1);
  }
  return { benchRange, benchRows };
}

/** Row `i` as the object a page reads. */
const scoreAt = (c: ScoreColumns, i: number): Score => ({
  bench: c.benches[c.bench[i]!]!,
  benchName: c.names[c.benchName[i]!]!,
  rawScore: c.rawScore[i]!,
  normalizedScore: c.normalizedScore[i]!,
  sourceUrl: c.urls[c.sourceUrl[i]!]!,
  accessedAt: c.accessedAt[i]!,
  upvotes: c.upvotes[i]!,
  downvotes: c.downvotes[i]!,
  counts: c.upvotes[i]! > c.downvotes[i]!,
});

/** A benchmark's rows; empty when it has none. */
function rowsOn(c: ScoreColumns, benchSlug: string): Int32Array {
  const range = c.benchRange.get(benchSlug);
  return range ? c.benchRows.subarray(range[0], range[1]) : new Int32Array();
}

/** A benchmark's results, grouped by model. */
function resultsOf(c: ScoreColumns, benchSlug: string, modelByFamily: ReadonlyMap<string, Model>): BenchResults {
  const results = Array.from(rowsOn(c, benchSlug), (i) => ({ configuration: c.owners[c.owner[i]!]!, score: scoreAt(c, i) }));
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
}

/** ScoreIndex's `sumsByConfiguration`. */
function sumsByConfiguration(c: ScoreColumns, benchSlugs: Iterable<string>): Map<Configuration, BenchSum[]> {
  /** A sum with the row of its first score and its configuration's slot. */
  type Sum = BenchSum & { first: number; slot: number };
  const found = new Map<number, Sum[]>();
  for (const benchSlug of new Set(benchSlugs)) {
    // A configuration's rows on a benchmark are next to each other here (rows come by configuration).
    let current: Sum | undefined;
    for (const i of rowsOn(c, benchSlug)) {
      const slot = c.owner[i]!;
      let sums = found.get(slot);
      if (!sums) found.set(slot, (sums = []));
      if (c.upvotes[i]! <= c.downvotes[i]!) continue;
      if (current?.slot !== slot) sums.push((current = { bench: benchSlug, sum: 0, n: 0, first: i, slot }));
      current.sum += c.normalizedScore[i]!;
      current.n++;
    }
  }
  const out = new Map<Configuration, BenchSum[]>();
  for (const [slot, sums] of found) out.set(c.owners[slot]!, sums.sort((a, b) => a.first - b.first));
  return out;
}

/** ScoreIndex's `countingOn`. */
function countingOn(c: ScoreColumns, benchSlug: string): CountingRows {
  const all = rowsOn(c, benchSlug);
  let n = 0;
  for (const i of all) if (c.upvotes[i]! > c.downvotes[i]!) n++;
  const out: CountingRows = { configurations: new Array<Configuration>(n), scores: new Float64Array(n), accessedAt: new Float64Array(n) };
  let k = 0;
  for (const i of all) {
    if (!(c.upvotes[i]! > c.downvotes[i]!)) continue;
    out.configurations[k] = c.owners[c.owner[i]!]!;
    out.scores[k] = c.normalizedScore[i]!;
    out.accessedAt[k++] = c.accessedAt[i]!;
  }
  return out;
}

/** Where `value` stands among scores sorted best first: one more than how many are better. */
function standingAmong(sorted: Float64Array, value: number): { rank: number; of: number } {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > value) lo = mid + 1;
    else hi = mid;
  }
  return { rank: lo + 1, of: sorted.length };
}

/** A configuration's submissions as countingMeans reads them: one object, refilled row by row, since it reads each before it asks for the next. */
function* submissionsOf(c: ScoreColumns, slug: string): Generator<Submission> {
  const range = c.rangeOf.get(slug);
  if (!range) return;
  const row = { bench: '', normalizedScore: 0, counts: false };
  for (let i = range[0]; i < range[1]; i++) {
    row.bench = c.benches[c.bench[i]!]!;
    row.normalizedScore = c.normalizedScore[i]!;
    row.counts = c.upvotes[i]! > c.downvotes[i]!;
    yield row;
  }
}

/** The index of `count` rows walked from `rows` (by configuration, in stored order, as the reader gives them). */
export function buildScores(
  count: number,
  rows: Iterable<ScoreTuple>,
  configurationBySlug: ReadonlyMap<string, Configuration>,
  modelByFamily: ReadonlyMap<string, Model>,
): ScoreIndex {
  const c = readColumns(count, rows, configurationBySlug);
  const configurationsOn = (benchSlug: string) => Array.from(rowsOn(c, benchSlug), (i) => c.owners[c.owner[i]!]!);
  // Counting scores of each benchmark, best first, for a score's standing among its peers.
  const sortedCountingOn = memo((benchSlug: string) =>
    Float64Array.from(rowsOn(c, benchSlug).filter((i) => c.upvotes[i]! > c.downvotes[i]!), (i) => c.normalizedScore[i]!).sort((a, b) => b - a),
  );
  return {
    scoresFor: (slug) => {
      const range = c.rangeOf.get(slug);
      const list: Score[] = [];
      if (range) for (let i = range[0]; i < range[1]; i++) list.push(scoreAt(c, i));
      return list;
    },
    scoreCountFor: (slug) => {
      const range = c.rangeOf.get(slug);
      return range ? range[1] - range[0] : 0;
    },
    countingMeansOf: (slug) => countingMeans(submissionsOf(c, slug)),
    configurationsOn,
    submissionsOn: (benchSlug) => rowsOn(c, benchSlug).length,
    modelsOn: memo((benchSlug: string) => new Set(configurationsOn(benchSlug).map((configuration) => configuration.familyTag)).size),
    sumsByConfiguration: (benchSlugs) => sumsByConfiguration(c, benchSlugs),
    resultsFor: recent((benchSlug: string) => resultsOf(c, benchSlug, modelByFamily), RESULTS_KEPT),
    countingOn: (benchSlug) => countingOn(c, benchSlug),
    standingOn: (benchSlug, value) => standingAmong(sortedCountingOn(benchSlug), value),
  };
}
