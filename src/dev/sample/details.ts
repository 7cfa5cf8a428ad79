/**
 * The `scores` of one configuration's detail: one counted submission per benchmark it ran (the
 * family's first `benchCount` picks), plus a few that do not count because downvotes >= upvotes.
 * Raw scores come from the configuration's skill when it was added, so they stay put across
 * revisions, as submitted scores do.
 */
import type { ScoreEntry } from '../../api/schema.ts';
import { normalizedOf, rawAt, type BenchDef } from './benches.ts';
import { CHANNEL } from './channels.ts';
import { compareText, hash, normalAt, rngFor, sigmoid, type Rng } from './random.ts';
import type { Config } from './population.ts';
import { BENCH_ORGS } from './vocabulary.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function sourceUrl(config: Config, bench: BenchDef, h: number): string {
  switch (h % 4) {
    case 0:
      return `https://${bench.slug}.example.org/leaderboard`;
    case 1:
      return `https://example.com/${config.family.line.provider.slug}/models/${config.family.tag}`;
    case 2:
      return `https://papers.example.com/abs/26${pad(1 + ((h >>> 4) % 10), 2)}.${pad((h >>> 8) % 100_000, 5)}`;
    default:
      return `https://github.example/${BENCH_ORGS[(h >>> 4) % BENCH_ORGS.length]}/${bench.slug}/blob/main/results/${config.slug}.json`;
  }
}

/** The raw score of one submission, and the stream that goes on to draw its votes and date. */
function draw(seedKey: number, config: Config, bench: BenchDef, variant: number): { rng: Rng; rawScore: number } {
  const family = config.family;
  const rng = rngFor(seedKey, CHANNEL.score, config.id, bench.index, variant);
  // Family-level noise keeps a release's efforts close on each bench; disputed submissions run high.
  const x =
    bench.discrimination * (config.z0 - bench.difficulty) +
    0.4 * normalAt(seedKey, CHANNEL.scoreNoise, family.id, bench.index) +
    0.12 * rng.normal() +
    (family.line.focus === bench.domain ? 0.35 : 0) +
    (variant === 0 ? 0 : rng.range(0.2, 0.8));
  return { rng, rawScore: rawAt(bench.scale, sigmoid(x)) };
}

function entry(seedKey: number, config: Config, bench: BenchDef, variant: number, createdAt: number): ScoreEntry {
  const counted = variant === 0;
  const { rng, rawScore } = draw(seedKey, config, bench, variant);

  const q = sigmoid(config.z0);
  let upvotes: number;
  let downvotes: number;
  if (counted) {
    upvotes = 1 + Math.floor(rng.next() * (3 + 30 * bench.popularity * q));
    downvotes = Math.min(upvotes - 1, Math.floor(rng.next() * rng.next() * 6));
  } else if (rng.chance(0.3)) {
    upvotes = 0;
    downvotes = 0;
  } else {
    upvotes = rng.int(4);
    downvotes = upvotes + rng.int(6);
  }

  const age = HOUR + Math.floor(rng.next() * 120 * DAY);
  return {
    bench: bench.slug,
    benchName: bench.name,
    rawScore,
    normalizedScore: normalizedOf(bench.scale, rawScore),
    sourceUrl: sourceUrl(config, bench, hash(seedKey, CHANNEL.votes, config.id, bench.index, variant)),
    accessedAt: Math.floor((createdAt - age) / 1000) * 1000,
    upvotes,
    downvotes,
  };
}

/**
 * The normalizedScore of each submission of `config` that counts toward supraScore (variant 0, the
 * only one with upvotes > downvotes), by bench index ascending: the values its details publish,
 * without drawing the rest of each entry. They never change once the configuration exists.
 */
export function countedScores(seedKey: number, config: Config, benches: readonly BenchDef[]): { cols: Int32Array; values: Float64Array } {
  const cols = Int32Array.from(config.family.picks.subarray(0, config.benchCount)).sort();
  const values = Float64Array.from(cols, (b) => normalizedOf(benches[b]!.scale, draw(seedKey, config, benches[b]!, 0).rawScore));
  return { cols, values };
}

/**
 * The normalizedScore `config` would have on every benchmark, drawn as its counted submissions are
 * (variant 0), by bench index: a row of the complete table the bench's truth is made from (truth.ts).
 * On the benchmarks it has a counted score on, the very values `countedScores` gives.
 */
export function completeScores(seedKey: number, config: Config, benches: readonly BenchDef[]): { cols: Int32Array; values: Float64Array } {
  return {
    cols: Int32Array.from(benches, (_, b) => b),
    values: Float64Array.from(benches, (bench) => normalizedOf(bench.scale, draw(seedKey, config, bench, 0).rawScore)),
  };
}

/** The scores of `config`; `createdAt` is the generatedAt of the snapshot that first listed it. */
export function scoresOf(seedKey: number, config: Config, benches: readonly BenchDef[], createdAt: number): ScoreEntry[] {
  const picks = config.family.picks;
  const out: ScoreEntry[] = [];
  for (let i = 0; i < config.benchCount; i++) out.push(entry(seedKey, config, benches[picks[i]!]!, 0, createdAt));
  for (let j = 0; j < config.invalidCount && config.benchCount > 0; j++) {
    // A rejected submission on a bench the configuration did not run, else a disputed duplicate.
    const at = config.benchCount + j < picks.length ? config.benchCount + j : j % config.benchCount;
    out.push(entry(seedKey, config, benches[picks[at]!]!, 1 + j, createdAt));
  }
  return out.sort((a, b) => compareText(a.bench, b.bench) || a.accessedAt - b.accessedAt || compareText(a.sourceUrl, b.sourceUrl));
}
