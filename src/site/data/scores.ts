/**
 * The per-benchmark scores of a snapshot, read once into columns and indexed two ways: by
 * configuration (its page) and by benchmark (a benchmark's results, and where a score stands among
 * its peers). A score becomes an object only when a page asks for it: at 50,000 configurations with
 * details for every one, 3.5 million rows as objects (and the copies that cleaned them) took more
 * than the render's heap, and as columns they take about 50 bytes a row plus each distinct string
 * once.
 */
import type { ScoreTuple } from '../../store/read-snapshot.ts';
import type { BenchSum } from './tag-measurement.ts';
import { countingMeans, type Submission } from '../evidence/method.ts';
import { scoreFormatter } from '../format/precision.ts';
import { cleanText } from './text.ts';
import { groupBy, memo, recent } from './group-by.ts';
import type { BenchResultGroup, BenchResults, Configuration, Model, Score } from './types.ts';

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
 * The index of `count` rows walked from `rows` (by configuration, in stored order, as the reader
 * gives them). Third-party text (benchmark names, source addresses) is cleaned here, once per
 * distinct string; slugs are safe segments already.
 */
export function buildScores(
  count: number,
  rows: Iterable<ScoreTuple>,
  configurationBySlug: ReadonlyMap<string, Configuration>,
  modelByFamily: ReadonlyMap<string, Model>,
): ScoreIndex {
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
  /** Each row's configuration, as an index into `owners`. */
  const owner = new Int32Array(count);
  const owners: (Configuration | undefined)[] = [];
  /** A configuration slug's rows: [first, end). */
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
  const [benches, names, urls] = [benchText.values, nameText.values, urlText.values];

  // Rows of each benchmark (of configurations in the ranking), in stored order: one array, a range per benchmark.
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

  const scoreAt = (i: number): Score => ({
    bench: benches[bench[i]!]!,
    benchName: names[benchName[i]!]!,
    rawScore: rawScore[i]!,
    normalizedScore: normalizedScore[i]!,
    sourceUrl: urls[sourceUrl[i]!]!,
    accessedAt: accessedAt[i]!,
    upvotes: upvotes[i]!,
    downvotes: downvotes[i]!,
    counts: upvotes[i]! > downvotes[i]!,
  });
  const rowsOn = (benchSlug: string) => {
    const range = benchRange.get(benchSlug);
    return range ? benchRows.subarray(range[0], range[1]) : new Int32Array();
  };
  const configurationsOn = (benchSlug: string) => Array.from(rowsOn(benchSlug), (i) => owners[owner[i]!]!);
  const onBench = (benchSlug: string) => Array.from(rowsOn(benchSlug), (i) => ({ configuration: owners[owner[i]!]!, score: scoreAt(i) }));

  const resultsFor = recent((benchSlug: string): BenchResults => {
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
  }, RESULTS_KEPT);

  const modelsOn = memo((benchSlug: string) => new Set(configurationsOn(benchSlug).map((c) => c.familyTag)).size);

  const sumsByConfiguration = (benchSlugs: Iterable<string>) => {
    /** A sum with the row of its first score and its configuration's slot. */
    type Sum = BenchSum & { first: number; slot: number };
    const found = new Map<number, Sum[]>();
    for (const benchSlug of new Set(benchSlugs)) {
      // A configuration's rows on a benchmark are next to each other here (rows come by configuration).
      let current: Sum | undefined;
      for (const i of rowsOn(benchSlug)) {
        const slot = owner[i]!;
        let sums = found.get(slot);
        if (!sums) found.set(slot, (sums = []));
        if (upvotes[i]! <= downvotes[i]!) continue;
        if (current?.slot !== slot) sums.push((current = { bench: benchSlug, sum: 0, n: 0, first: i, slot }));
        current.sum += normalizedScore[i]!;
        current.n++;
      }
    }
    const out = new Map<Configuration, BenchSum[]>();
    for (const [slot, sums] of found) out.set(owners[slot]!, sums.sort((a, b) => a.first - b.first));
    return out;
  };

  // Counting scores of each benchmark, best first, for a score's standing among its peers.
  const sortedCountingOn = memo((benchSlug: string) =>
    Float64Array.from(rowsOn(benchSlug).filter((i) => upvotes[i]! > downvotes[i]!), (i) => normalizedScore[i]!).sort((a, b) => b - a),
  );
  const standingOn = (benchSlug: string, value: number) => {
    const sorted = sortedCountingOn(benchSlug);
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! > value) lo = mid + 1;
      else hi = mid;
    }
    return { rank: lo + 1, of: sorted.length };
  };

  const scoresFor = (slug: string) => {
    const range = rangeOf.get(slug);
    const list: Score[] = [];
    if (range) for (let i = range[0]; i < range[1]; i++) list.push(scoreAt(i));
    return list;
  };
  // One object, refilled row by row: countingMeans reads each before it asks for the next.
  function* submissionsOf(slug: string): Generator<Submission> {
    const range = rangeOf.get(slug);
    if (!range) return;
    const row = { bench: '', normalizedScore: 0, counts: false };
    for (let i = range[0]; i < range[1]; i++) {
      row.bench = benches[bench[i]!]!;
      row.normalizedScore = normalizedScore[i]!;
      row.counts = upvotes[i]! > downvotes[i]!;
      yield row;
    }
  }
  const countingMeansOf = (slug: string) => countingMeans(submissionsOf(slug));
  const scoreCountFor = (slug: string) => {
    const range = rangeOf.get(slug);
    return range ? range[1] - range[0] : 0;
  };
  return { scoresFor, scoreCountFor, countingMeansOf, configurationsOn, submissionsOn: (benchSlug) => rowsOn(benchSlug).length, modelsOn, sumsByConfiguration, resultsFor, standingOn };
}
