/**
 * The counts of a generated field at any size, in the shape the plan reads (src/site/plan/types.ts),
 * without generating it: what `npm run generate-sample` makes at 300, 10,000 and 50,000
 * configurations, measured once (src/site/data/field-counts.ts on the bench's snapshots), as smooth curves.
 * The best models have the most configurations and submissions, as in the generated field.
 */
import { RESULTS_PER_PAGE, type FieldCounts } from '../../src/site/plan/types.ts';

/** `models` shared among `vendors` as 1/rank^0.6 (the generator's shares), most first, each at least one. */
function providerModels(models: number, vendors: number): number[] {
  const shares = Array.from({ length: vendors }, (_, i) => 1 / Math.pow(i + 1, 0.6));
  const total = shares.reduce((a, b) => a + b, 0);
  const out = shares.map((w) => Math.max(1, Math.floor((models * w) / total)));
  out[0]! += Math.max(0, models - out.reduce((a, b) => a + b, 0));
  return out;
}

/** Linear between the measured sizes (300, 10,000, 50,000), flat outside. */
function between(configurations: number, at300: number, at10k: number, at50k: number): number {
  if (configurations <= 300) return at300;
  if (configurations <= 10_000) return at300 + ((at10k - at300) * (configurations - 300)) / 9_700;
  if (configurations <= 50_000) return at10k + ((at50k - at10k) * (configurations - 10_000)) / 40_000;
  return at50k;
}

const snapshotDbOf = (bytes: number) => ({ files: Math.max(1, Math.ceil(bytes / (20 * 1024 * 1024))), bytes });

/** A fixed sequence of well-spread integers (murmur3's finalizer), for a synthetic field's choices. */
function draw(i: number): number {
  let x = Math.imul(i + 1, 0x9e3779b1);
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export function fieldCounts(configurations: number, { details }: { details: boolean }): FieldCounts {
  // Models per configuration: 177 of 300, 6,997 of 10,000, 34,810 of 50,000.
  const n = Math.round(configurations * between(configurations, 0.59, 0.7, 0.6962));
  // Submissions per configuration with details for all: 36 at 10,000 (359,805), 70 at 50,000 (3,489,351).
  const perConfiguration = details ? between(configurations, 20, 36, 70) : 0;
  // Every model has a configuration; the others go to the best models first, a round at a time (at most 4 a model, as generated).
  const configs = new Array<number>(n).fill(1);
  let extra = configurations - n;
  for (let round = 0; extra > 0 && round < 3; round++) {
    const k = Math.min(extra, round === 2 ? n : Math.ceil(n * [0.6, 0.3][round]!));
    for (let i = 0; i < k; i++) configs[i]!++;
    extra -= k;
  }
  // The best tenth of the models hold 1.7 times the submissions of the last tenth (121 and 72 at 50,000); in all, perConfiguration each.
  const shares = configs.map((c, i) => c * (1.25 - (0.5 * i) / n));
  const total = shares.reduce((a, b) => a + b, 0);
  // A year of daily snapshots: a model is on 92 of the charts' 120 points, a configuration on 88.
  const models = configs.map((c, i) => {
    const scores = Math.round((configurations * perConfiguration * shares[i]!) / total);
    const bestScores = Math.round(scores / c);
    return {
      configurations: c,
      scores,
      bestScores,
      // A model's configurations have their submissions on mostly the same benchmarks (73 of 105 cells a model at 50,000).
      benches: Math.round(bestScores * (1 + 0.05 * (c - 1))),
      configurationTags: 3 * c,
      // Three tags a model: its leaderboard row shows them all.
      tagsShown: 3,
      historyPoints: 92,
      configurationHistoryPoints: 88 * c,
      // Benchmarks the best configurations of two neighbours share: 2 at 10,000, 3 at 50,000.
      sharedWithNext: details ? Math.round(between(configurations, 5, 2, 3)) : 0,
    };
  });
  const benches = Math.round(between(configurations, 60, 800, 2_000));
  const tags = Math.round(between(configurations, 150, 400, 800));
  const scores = models.reduce((a, m) => a + m.scores, 0);
  // Model-benchmark pairs with a submission: 263,897 of 359,805 submissions at 10,000, 2,102,760 of 3,561,379 at 50,000.
  const pairs = scores * between(configurations, 0.75, 0.73, 0.59);
  const resultModels = Math.round(pairs / benches);
  const resultRows = Math.round(scores / benches);
  // A benchmark's best models have a quarter more submissions there than its average model (measured: 161 of 450 rows for its best 100 of 330 at 10,000).
  const firstRows = (k: number) => Math.min(resultRows, Math.round((1.25 * k * resultRows) / Math.max(1, resultModels)));
  // Models carrying a tag (about 53 a tag at 10,000, 132 at 50,000), with a counting score on its benchmarks (1,205; 5,756), and its benchmarks (4.5; 5.5).
  const carrying = between(configurations, 4, 53, 132);
  const measured = details ? between(configurations, 37, 1_205, 5_756) : 0;
  const tagged = between(configurations, 1, 4.5, 5.5);
  return {
    models,
    benches,
    tags,
    // Vendors: 70 at 10,000, 155 at 50,000.
    providers: Math.round(between(configurations, 20, 70, 155)),
    // Vendors of a model's best configuration, with a long tail of models: nearly all the vendors.
    providerModels: providerModels(models.length, Math.round(between(configurations, 20, 70, 155))),
    benchResults: new Map(
      Array.from({ length: details ? benches : 0 }, (_, b) => [
        `bench-${b}`,
        { models: resultModels, rows: resultRows, firstRows: RESULTS_PER_PAGE.map(firstRows) },
      ]),
    ),
    tagLists: new Map(
      Array.from({ length: tags }, (_, t) => [
        `tag-${t}`,
        // The submissions on its benchmarks: a benchmark's rows each.
        { carrying: Math.round(carrying), measured: Math.round(measured), benches: Math.round(tagged), scores: Math.round(tagged * resultRows) },
      ]),
    ),
    // Two or three tags a benchmark (2.5 on the sample), drawn over the taxonomy by a fixed sequence: as on the sample, two tags seldom share two benchmarks.
    benchTags: Array.from({ length: benches }, (_, b) => [...new Set([0, 1, ...(b % 2 ? [2] : [])].map((k) => draw(b * 3 + k) % tags))]),
    historySnapshots: 365,
    recentChanges: 5,
    // A year of daily snapshots: the last 90 days and the day before them, 11 more month ends and the oldest day every target keeps;
    // the configurations named over the year, 3.2 times the field's (the bench's population at 10,000 named 31,925).
    history: { days: 365, alwaysKept: 103, pages: 12, configurations: Math.round(configurations * 3.19) },
    cardModels: 200,
    // The published snapshot file, gzipped, in parts of 20 MiB: at 10,000 x 365, 27.7 MB without details and 48.8 MB with
    // them (measured: stageSnapshotDownload of the bench's snapshots), so about 7.6 bytes a history cell and 58.6 a submission.
    snapshotDb: snapshotDbOf(configurations * 365 * 7.6 + scores * 58.6),
    // The address the weights are fitted at (FITTED_AT).
    address: { base: 1, origin: 21 },
  };
}
