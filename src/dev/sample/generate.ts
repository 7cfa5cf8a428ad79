/**
 * A deterministic generator of realistic, clearly fictional v1 exports: the bundled sample, the
 * data of the large benchmarks, and later snapshots of the same population for history tests.
 * Same options, same bytes: every draw comes from a seeded hash, never from the clock.
 */
import { byRanking, byWeight } from '../../api/ranking.ts';
import type { BenchSummary, ModelSummary, ScoreEntry, TagInfo } from '../../api/schema.ts';
import { buildBenches, type BenchDef } from './benches.ts';
import { CHANNEL } from './channels.ts';
import { sourceScoresOfRows, type ScoreRow } from '../calibrate/source.ts';
import { countedScores, scoresOf } from './details.ts';
import { clamp, compareText, hash, rngFor, round2, unit } from './random.ts';
import { World, type Config } from './population.ts';
import { buildTaxonomy, type Taxonomy } from './taxonomy.ts';

export { serializeDetails, serializeDetailsBuffer, serializeExport } from './serialize.ts';

export interface GenerateOptions {
  /** Number of model rows (configurations) at revision 0. */
  configurations: number;
  benches: number;
  tags: number;
  /** Default 1. */
  seed?: number;
  /** Default 0; k >= 1 is the same population k daily snapshots later. */
  revision?: number;
  /** Default true; false leaves `details` empty (the large benchmarks need only the export). */
  withDetails?: boolean;
  /** Unix ms of the snapshot; default SAMPLE_EPOCH plus one day per revision. */
  generatedAt?: number;
  /** Default false; true keeps the field's size: each revision adds exactly as many configurations as it retires. */
  steady?: boolean;
}

/**
 * What `GET /v1/models/{slug}` returns: the summary fields plus `scores`; in a details file, also
 * when the mirror fetched it (`mirrorFetchedAt`, a field of the file, not of the API).
 */
export type ModelDetailBody = ModelSummary & { mirrorFetchedAt?: number; scores: ScoreEntry[] };

export interface GeneratedSample {
  export: { generatedAt: number; fictional: true; models: ModelSummary[]; benches: BenchSummary[]; tags: TagInfo[] };
  /** slug -> detail body, in slug order; an empty object when `withDetails` is false. */
  details: Record<string, ModelDetailBody>;
}

/** The bundled sample: the site's data when no API key is set. */
export const SAMPLE_SIZE = { configurations: 300, benches: 60, tags: 150 } as const;

/** 2026-11-16T06:00:00Z, the generatedAt of revision 0 unless told otherwise. */
export const SAMPLE_EPOCH = 1_794_808_800_000;

const DAY = 86_400_000;
const HOUR = 3_600_000;

function count(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min} (got ${String(value)})`);
  }
  return value;
}

/** Unix ms between a row's last refresh and generatedAt: up to 30 days, less for a row added lately. */
function refreshAge(seedKey: number, config: Config, revision: number): number {
  const window = config.createdRev === 0 ? 30 * DAY : Math.min(30 * DAY, (revision - config.createdRev) * DAY + 6 * HOUR);
  const u = unit(hash(seedKey, CHANNEL.updated, config.id, revision));
  return 60_000 + Math.floor((u * (window - 60_000)) / 1000) * 1000;
}

/**
 * How long before generatedAt the mirror fetched a configuration's detail, as a rolling crawl
 * leaves them: most within the week, some stale (7-29 days), a few older than 30 days.
 */
function fetchAge(seedKey: number, config: Config, revision: number): number {
  const u = unit(hash(seedKey, CHANNEL.fetched, config.id, revision));
  const days = u < 0.6 ? (u / 0.6) * 6 : u < 0.9 ? 7 + ((u - 0.6) / 0.3) * 22 : 30 + ((u - 0.9) / 0.1) * 30;
  return HOUR + Math.floor((days * DAY) / 1000) * 1000;
}

export interface BenchDrift {
  effectiveWeight: number;
  /** Unrounded, so each step starts from where the last one ended. */
  weight: number;
  raterCount: number;
}

/** effectiveWeight and raterCount from revision - 1 to `revision`: a small multiplicative walk, and raters only join. */
function benchStep(seedKey: number, bench: BenchDef, revision: number, state: BenchDrift): void {
  const rng = rngFor(seedKey, CHANNEL.benchDrift, bench.key, revision);
  state.weight *= Math.exp(0.03 * rng.normal());
  state.raterCount += rng.int(3);
  state.effectiveWeight = clamp(round2(state.weight), 0, 100);
}

/**
 * Gives each tag that no row carries at revision 0 (other than the reserved few) to a benchmark of
 * its domain with room for it: a tag exists in the taxonomy because something was tagged with it.
 */
function tagBenchesWithUnusedTags(taxonomy: Taxonomy, benches: BenchDef[], configs: readonly Config[]): void {
  const used = new Uint8Array(taxonomy.tags.length);
  for (const c of configs) for (const t of c.tags) used[t] = 1;
  for (const b of benches) for (const t of b.tags) used[t] = 1;
  taxonomy.tags.forEach((tag, t) => {
    if (used[t] || tag.reserved) return;
    let target: BenchDef | undefined;
    for (const b of benches) if (b.domain === tag.domain && b.tags.length < 4 && (!target || b.tags.length < target.tags.length)) target = b;
    target?.tags.push(t);
  });
}

export function generateSample(options: GenerateOptions): GeneratedSample {
  let last: GeneratedSample | undefined;
  for (const sample of generateRevisions(options, options.revision ?? 0)) last = sample;
  return last!;
}

/**
 * Revisions `from` to `options.revision` of one population, a day apart, each as `generateSample`
 * makes it alone, in one walk: a year of daily snapshots costs a year of steps, not a year of years.
 * Only the last revision gets details (when `withDetails`).
 */
export function* generateRevisions(options: GenerateOptions, from = 0): Generator<GeneratedSample> {
  const withDetails = options.withDetails ?? true;
  for (const at of walkRevisions(options, from)) {
    const { seedKey, world, benches, taxonomy, drift } = at;
    const supra = supraScores(world.alive.map(at.counted), drift);
    yield sampleOf(seedKey, world, supra, benches, taxonomy, drift, at.revision, at.generatedAt, withDetails && at.last);
  }
}

/** The population as it stands at one revision of a walk (read it before the walk takes its next step). */
export interface RevisionState {
  seedKey: number;
  world: World;
  benches: BenchDef[];
  taxonomy: Taxonomy;
  /** Each benchmark's weight at this revision, by index. */
  drift: readonly BenchDrift[];
  /** A configuration's counted scores: drawn once, they never change. */
  counted: (c: Config) => ScoreRow;
  revision: number;
  generatedAt: number;
  last: boolean;
}

/** The walk behind `generateRevisions`: the population at revisions `from` to `options.revision`, one state object stepped in place. */
export function* walkRevisions(options: GenerateOptions, from = 0): Generator<RevisionState> {
  const configurations = count('configurations', options.configurations, 0);
  const benchCount = count('benches', options.benches, 0);
  const tagCount = count('tags', options.tags, 0);
  const seed = count('seed', options.seed ?? 1, 0);
  const last = count('revision', options.revision ?? 0, 0);
  const lastAt = count('generatedAt', options.generatedAt ?? SAMPLE_EPOCH + last * DAY, 0);
  const seedKey = hash(CHANNEL.seed, seed % 0x1_0000_0000, Math.floor(seed / 0x1_0000_0000));

  const taxonomy = buildTaxonomy(seedKey, tagCount);
  const benches = buildBenches(seedKey, benchCount, taxonomy);
  const world = new World({ seedKey, configurations, benches, taxonomy, steady: options.steady ?? false });
  world.populate();
  tagBenchesWithUnusedTags(taxonomy, benches, world.alive);
  const drift = benches.map((b) => ({ effectiveWeight: clamp(round2(b.baseWeight), 0, 100), weight: b.baseWeight, raterCount: b.raterCount }));
  // Each configuration's counted scores, drawn once: they never change, and every revision's supraScore reads them.
  const memo = new WeakMap<Config, ScoreRow>();
  const counted = (c: Config) => memo.get(c) ?? memo.set(c, countedScores(seedKey, c, benches)).get(c)!;
  for (let revision = 0; revision <= last; revision++) {
    if (revision > 0) {
      world.evolve(revision);
      benches.forEach((b, i) => benchStep(seedKey, b, revision, drift[i]!));
    }
    if (revision < from) continue;
    yield { seedKey, world, benches, taxonomy, drift, counted, revision, generatedAt: lastAt - (last - revision) * DAY, last: revision === last };
  }
}

/**
 * supraScore as the API defines it (the expected win rate against the current top-10 configurations,
 * from trust-weighted pairwise comparisons of the scores that count), by a method that is not the
 * mirror's: the calibration's source (src/dev/calibrate/source.ts, its `probit` kind) on the counted
 * scores the details publish, each benchmark weighted by its effectiveWeight of this revision.
 * 0-100, two decimals, in the order of `rows`.
 */
function supraScores(rows: readonly ScoreRow[], drift: readonly BenchDrift[]): Float64Array {
  const weight = Float64Array.from(drift, (d) => d.effectiveWeight);
  const supra = sourceScoresOfRows({ cols: drift.length, rows, weight }, 'probit');
  return supra.map((s) => clamp(round2(s), 0, 100));
}

/** One revision of the population as an export (and its details); `supra` is each alive configuration's supraScore, in `world.alive`'s order. */
function sampleOf(
  seedKey: number,
  world: World,
  supra: Float64Array,
  benches: BenchDef[],
  taxonomy: Taxonomy,
  drift: readonly BenchDrift[],
  revision: number,
  generatedAt: number,
  withDetails: boolean,
): GeneratedSample {
  // Snapshot r of this population was taken (revision - r) days before generatedAt.
  const snapshotAt = (r: number) => generatedAt - (revision - r) * DAY;
  const alive = world.alive;

  const tagNames = taxonomy.tags.map((t) => t.name);
  const summaries = new Map<Config, ModelSummary>();
  alive.forEach((c, i) => {
    summaries.set(c, {
      slug: c.slug,
      name: c.name,
      provider: c.family.line.provider.name,
      familyTag: c.family.tag,
      tags: c.tags.map((t) => tagNames[t]!),
      supraScore: supra[i]!,
      benchCount: c.benchCount,
      updatedAt: generatedAt - refreshAge(seedKey, c, revision),
    });
  });
  const models = [...summaries.values()].sort(byRanking);

  const modelCounts = new Int32Array(benches.length);
  const modelTags = new Int32Array(tagNames.length);
  const benchTags = new Int32Array(tagNames.length);
  for (const c of alive) {
    const picks = c.family.picks;
    for (let i = 0; i < c.benchCount; i++) modelCounts[picks[i]!]!++;
    for (const t of c.tags) modelTags[t]!++;
  }
  for (const b of benches) for (const t of b.tags) benchTags[t]!++;

  const benchRows: BenchSummary[] = benches
    .map((b) => {
      const { effectiveWeight, raterCount } = drift[b.index]!;
      return {
        slug: b.slug,
        name: b.name,
        description: b.description,
        url: b.url,
        isOfficial: b.isOfficial,
        tags: b.tags.map((t) => tagNames[t]!),
        scaleMin: b.scale.min,
        scaleMax: b.scale.max,
        qualityScore: b.qualityScore,
        dimensions: { ...b.dimensions },
        modelCount: modelCounts[b.index]!,
        raterCount,
        effectiveWeight,
      };
    })
    .sort(byWeight);

  const tags: TagInfo[] = tagNames.map((tag, i) => ({ tag, models: modelTags[i]!, benches: benchTags[i]! })).sort((a, b) => compareText(a.tag, b.tag));

  const details: Record<string, ModelDetailBody> = {};
  if (withDetails) {
    for (const c of [...alive].sort((a, b) => compareText(a.slug, b.slug))) {
      details[c.slug] = {
        ...summaries.get(c)!,
        mirrorFetchedAt: generatedAt - fetchAge(seedKey, c, revision),
        scores: scoresOf(seedKey, c, benches, snapshotAt(c.createdRev)),
      };
    }
  }

  // Labelled fictional, so whatever takes a snapshot of it (the bundled sample, the demo, the simulator) records it as sample data.
  return { export: { generatedAt, fictional: true, models, benches: benchRows, tags }, details };
}
