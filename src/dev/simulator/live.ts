/**
 * What the real service may do between two looks, as pure functions of the parsed export and the
 * details: every ranking refresh moves every configuration's `updatedAt`; details change now and
 * then (a new submission, a vote that flips whether a score counts); a configuration vanishes (404
 * on detail lookup at once, gone from the export at the next ranking refresh). The server keeps the
 * state and calls these.
 */
import { isRow, rowsOf, type Row } from './dataset.ts';

/** How many details change at each ranking refresh. */
export interface DetailChurn {
  /** New counted submissions on a benchmark the configuration had no counted score for (benchCount + 1). */
  submissions: number;
  /** Votes that flip whether one score counts (benchCount -1 or +1 when it was the benchmark's only counted score). */
  voteFlips: number;
}

export interface LiveOptions {
  /** Ranking refreshes on a clock: at every multiple of this many ms (60,000 is a calendar-minute clock). */
  refreshEveryMs?: number;
  /** Details that change at each ranking refresh. */
  churn?: DetailChurn;
  /** Configurations that vanish right after each export answer. */
  vanishPerExport?: number;
  /** Seed of the deterministic choices. */
  seed?: number;
}

/** The start of the ranking refresh period `now` is in. */
export const refreshTick = (now: number, everyMs: number): number => Math.floor(now / everyMs) * everyMs;

/** A small deterministic hash (FNV-1a over 32-bit words). */
export function mix(...words: number[]): number {
  let h = 0x811c9dc5;
  for (const w of words) {
    for (let i = 0; i < 4; i++) {
      h ^= (w >>> (i * 8)) & 0xff;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h;
}

/** A ranking refresh at `at`: every configuration's updatedAt and the export's generatedAt become `at`; vanished ones leave. */
export function refreshRankings(root: Row, at: number, vanished: ReadonlySet<string> = new Set()): Row {
  const models = rowsOf(root.models)
    .filter((m) => !(typeof m.slug === 'string' && vanished.has(m.slug)))
    .map((m) => ({ ...m, updatedAt: at }));
  return { ...root, generatedAt: at, models };
}

interface Score extends Row {
  bench: string;
  upvotes: number;
  downvotes: number;
}

const counts = (s: Score) => s.upvotes > s.downvotes;
const scoresOf = (detail: unknown): Score[] =>
  isRow(detail) && Array.isArray(detail.scores) ? (detail.scores.filter((s) => isRow(s) && typeof s.bench === 'string') as Score[]) : [];

/**
 * `churn` changes of details at `at`, chosen by `seed` and `at`: returns the export with the changed
 * configurations' benchCount and the details with their new scores. A configuration with no given
 * detail starts from its summary with no scores.
 */
export function churnDetails(
  root: Row,
  details: Readonly<Record<string, unknown>>,
  churn: DetailChurn,
  seed: number,
  at: number,
): { root: Row; details: Record<string, unknown> } {
  const models = rowsOf(root.models).filter((m) => typeof m.slug === 'string');
  const benches = rowsOf(root.benches).filter((b) => typeof b.slug === 'string');
  if (models.length === 0) return { root, details: { ...details } };
  const nextDetails: Record<string, unknown> = { ...details };
  const summaries = new Map(models.map((m) => [m.slug as string, { ...m }]));
  const bump = (slug: string, by: number) => {
    const m = summaries.get(slug)!;
    m.benchCount = Math.max(0, (typeof m.benchCount === 'number' ? m.benchCount : 0) + by);
  };
  const detailOf = (slug: string): { scores: Score[] } & Row => {
    const given = nextDetails[slug];
    return isRow(given) ? { ...given, scores: scoresOf(given).map((s) => ({ ...s })) } : { ...summaries.get(slug)!, scores: [] };
  };
  const pick = (salt: number, i: number) => models[mix(seed, Math.floor(at / 1000), salt, i) % models.length]!.slug as string;

  for (let i = 0; i < churn.submissions && benches.length > 0; i++) {
    const slug = pick(1, i);
    const detail = detailOf(slug);
    const counted = new Set(detail.scores.filter(counts).map((s) => s.bench));
    const start = mix(seed, Math.floor(at / 1000), 2, i) % benches.length;
    const bench = [...benches.slice(start), ...benches.slice(0, start)].find((b) => !counted.has(b.slug as string));
    if (!bench) continue;
    const normalized = 20 + (mix(seed, at, 3, i) % 7000) / 100;
    detail.scores.push({
      bench: bench.slug as string,
      benchName: typeof bench.name === 'string' ? bench.name : (bench.slug as string),
      rawScore: normalized,
      normalizedScore: normalized,
      sourceUrl: `https://submissions.example.org/${bench.slug as string}/${slug}/${at}`,
      accessedAt: at,
      upvotes: 3,
      downvotes: 0,
    });
    bump(slug, 1);
    nextDetails[slug] = detail;
  }

  for (let i = 0; i < churn.voteFlips; i++) {
    const slug = pick(4, i);
    const detail = detailOf(slug);
    if (detail.scores.length === 0) continue;
    const score = detail.scores[mix(seed, Math.floor(at / 1000), 5, i) % detail.scores.length]!;
    const countedBefore = detail.scores.some((s) => s.bench === score.bench && counts(s));
    if (counts(score)) score.downvotes = score.upvotes;
    else score.upvotes = score.downvotes + 1;
    const countedAfter = detail.scores.some((s) => s.bench === score.bench && counts(s));
    if (countedBefore !== countedAfter) bump(slug, countedAfter ? 1 : -1);
    nextDetails[slug] = detail;
  }

  // A changed detail carries its summary's fields as they are now.
  for (const [slug, detail] of Object.entries(nextDetails)) {
    if (detail !== details[slug] && isRow(detail)) nextDetails[slug] = { ...detail, benchCount: summaries.get(slug)?.benchCount };
  }
  return { root: { ...root, models: rowsOf(root.models).map((m) => (typeof m.slug === 'string' ? (summaries.get(m.slug) ?? m) : m)) }, details: nextDetails };
}

/** `n` visible configurations to vanish after the export answered at `at`. */
export function pickVanishing(visible: readonly Row[], n: number, seed: number, at: number): string[] {
  const out = new Set<string>();
  for (let i = 0; out.size < Math.min(n, visible.length) && i < n * 20; i++) {
    const slug = visible[mix(seed, Math.floor(at / 1000), 6, i) % visible.length]!.slug;
    if (typeof slug === 'string') out.add(slug);
  }
  return [...out];
}
