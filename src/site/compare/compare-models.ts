/**
 * Two to four models side by side, from their data files: standing, per-benchmark scores on the
 * benchmarks all of them have counting scores on, with deltas and per-benchmark wins. Shared by
 * the pre-rendered comparisons and the comparison script, so both say the same thing. Each model is
 * represented by its best configuration, the one its supraScore comes from.
 */
import type { ModelFile, ModelFileScore } from '../files/model-file.ts';
import type { EvidenceFacts } from '../evidence/evidence-file.ts';
import { MIN_BENCHMARKS } from '../evidence/ranges.ts';
import { separations, type Separation } from '../evidence/separation.ts';
import { formatShare } from '../format/format.ts';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** One model's showing on a benchmark: the mean of its counting submissions there, and the first one's source. */
export interface BenchEntry {
  value: number;
  submissions: ModelFileScore[];
}

export interface SharedBench {
  bench: string;
  benchName: string;
  benchSegment: string | null;
  effectiveWeight: number;
  entries: BenchEntry[];
  /** Each entry minus the first model's. */
  deltas: number[];
  /** Index of the model with the highest score; undefined on a tie at the top. */
  winner: number | undefined;
}

export interface ComparisonResult {
  files: ModelFile[];
  /** By effectiveWeight, heaviest first. */
  shared: SharedBench[];
  /** Benchmarks each model has a counting score on. */
  counted: number[];
  wins: number[];
  /** The effectiveWeight of the benchmarks each model won. */
  weightWon: number[];
  tiedBenches: number;
  /** supraScore of each model minus the first one's. */
  gaps: number[];
}

/** The models to compare from a `?models=a,b` value: distinct segments, at most four. */
export function parseModelsParam(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((s) => s.trim()))].filter((s) => /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/.test(s)).slice(0, MAX_COMPARED);
}

function entriesOf(file: ModelFile): Map<string, BenchEntry> {
  const out = new Map<string, BenchEntry>();
  for (const s of file.scores) {
    if (!s.counts) continue;
    const entry = out.get(s.bench);
    if (entry) entry.submissions.push(s);
    else out.set(s.bench, { value: 0, submissions: [s] });
  }
  for (const entry of out.values()) entry.value = entry.submissions.reduce((sum, s) => sum + s.normalizedScore, 0) / entry.submissions.length;
  return out;
}

export function compareModels(files: readonly ModelFile[]): ComparisonResult {
  const perModel = files.map(entriesOf);
  const first = perModel[0] ?? new Map<string, BenchEntry>();
  const shared: SharedBench[] = [];
  for (const [bench, entry] of first) {
    const entries = perModel.map((m) => m.get(bench));
    if (entries.some((e) => !e)) continue;
    const values = entries.map((e) => e!.value);
    const top = Math.max(...values);
    const leaders = values.flatMap((v, i) => (v === top ? [i] : []));
    const sample = entry.submissions[0]!;
    shared.push({
      bench,
      benchName: sample.benchName,
      benchSegment: sample.benchSegment,
      effectiveWeight: sample.effectiveWeight ?? 0,
      entries: entries as BenchEntry[],
      deltas: values.map((v) => v - values[0]!),
      winner: leaders.length === 1 ? leaders[0] : undefined,
    });
  }
  shared.sort((a, b) => b.effectiveWeight - a.effectiveWeight || (a.bench < b.bench ? -1 : 1));
  const wins = files.map((_, i) => shared.filter((s) => s.winner === i).length);
  const weightWon = files.map((_, i) => shared.filter((s) => s.winner === i).reduce((sum, s) => sum + s.effectiveWeight, 0));
  return {
    files: [...files],
    shared,
    counted: perModel.map((m) => m.size),
    wins,
    weightWon,
    tiedBenches: shared.filter((s) => s.winner === undefined).length,
    gaps: files.map((f) => f.model.supraScore - files[0]!.model.supraScore),
  };
}

/** A gap with as many decimals as the two scores are shown with, so "90.92 against 90.87" is 0.05 apart, never "0.0". */
export function gapText(gap: number, aheadText: string, behindText: string): string {
  const decimals = Math.max(...[aheadText, behindText].map((t) => t.split('.')[1]?.length ?? 0));
  return gap.toFixed(decimals);
}

/** What the comparison tool's status line says: which models it could not find, and what to do next. */
export function compareStatus(found: number, missing: readonly string[]): string {
  const notes: string[] = [];
  if (missing.length) notes.push(`Not in this snapshot: ${missing.join(', ')}.`);
  // One model is drawn on its own: the view of a model without a page of its own links here.
  if (found === 1) notes.push(`Showing one model: add another to compare.`);
  else if (found < MIN_COMPARED) notes.push('Add two to four models to compare.');
  else notes.push(`Comparing ${found} models.`);
  if (found >= MAX_COMPARED) notes.push(`At most ${MAX_COMPARED} models at once.`);
  return notes.join(' ');
}

/** Fewer shared benchmarks than this, and the per-benchmark wins say little. */
export const FEW_SHARED = 3;

/**
 * What a comparison reads of the evidence: the facts of `/data/evidence.json`, and each model's
 * standard error on supraScore's scale by its segment (`/data/model-list.json`; null: no range of its
 * own); undefined where they could not be loaded.
 */
export type ComparisonEvidence = { facts: EvidenceFacts; se: ReadonlyMap<string, number | null> } | undefined;

/** The sentence on whether the evidence separates two models, from their verdict among the page's `compared` comparisons. */
function separationSentence(first: ModelFile, other: ModelFile, evidence: ComparisonEvidence, verdict: Separation | undefined, compared: number): string {
  if (!evidence) return 'The mirror’s evidence file could not be loaded, so this page cannot say whether the gap is meaningful.';
  if (!evidence.facts.ranges.shown) return evidence.facts.ranges.withheld ?? '';
  if (!verdict || verdict.p === undefined) {
    const thin = [first, other].filter((f) => (evidence.se.get(f.model.segment) ?? null) === null).map((f) => f.model.name);
    return `The mirror cannot say whether the gap between ${first.model.name} and ${other.model.name} is meaningful: ${thin.join(' and ')} ${thin.length === 1 ? 'has' : 'have'} too little evidence (a best configuration with counting scores on at least ${MIN_BENCHMARKS} benchmarks shared with the top 10 configurations).`;
  }
  if (verdict.ahead === undefined) return `They have the same supraScore: the evidence cannot order them.`;
  const [ahead, behind] = verdict.ahead === 0 ? [first, other] : [other, first];
  const level = formatShare(evidence.facts.method.separationLevel);
  const test = `a one-sided test at ${level}${compared > 1 ? `, with Holm’s correction over the ${compared} comparisons on this page` : ''}`;
  return verdict.separates
    ? `The evidence separates them: ${ahead.model.name} is above ${behind.model.name} by more than other draws of the benchmarks would move them (${test}).`
    : `The evidence does not separate them: other draws of the benchmarks could put ${behind.model.name} above ${ahead.model.name} (${test}).`;
}

/** The verdicts on the first model against each of the others, all on one page, corrected together. */
export function verdictsOf(files: readonly ModelFile[], evidence: ComparisonEvidence): (Separation | undefined)[] {
  const [first, ...rest] = files;
  if (!first || !evidence?.facts.ranges.shown) return rest.map(() => undefined);
  const compared = (f: ModelFile) => ({ supraScore: f.model.supraScore, se: evidence.se.get(f.model.segment) ?? undefined });
  return separations(
    rest.map((o) => [compared(first), compared(o)] as const),
    evidence.facts.method.separationLevel,
  );
}

/**
 * The honest answer to "is the gap meaningful?", in sentences: the gap in supraScore, whether the
 * resamples of the benchmarks separate the models (the mirror's computation), and what the shared
 * benchmarks say (how many, who wins how many).
 */
export function gapSentences(result: ComparisonResult, scoreText: (n: number) => string, evidence: ComparisonEvidence): string[] {
  const [first, ...rest] = result.files;
  if (!first || rest.length === 0) return [];
  const out: string[] = [];
  const verdicts = verdictsOf(result.files, evidence);
  for (const [i, other] of rest.entries()) {
    const gap = Math.abs(result.gaps[i + 1]!);
    const [ahead, behind] = result.gaps[i + 1]! > 0 ? [other, first] : [first, other];
    out.push(
      gap === 0
        ? `${first.model.name} and ${other.model.name} have exactly the same supraScore (${scoreText(first.model.supraScore)}).`
        : `${ahead.model.name} is ${gapText(gap, scoreText(ahead.model.supraScore), scoreText(behind.model.supraScore))} points of supraScore ahead of ${behind.model.name} (${scoreText(ahead.model.supraScore)} against ${scoreText(behind.model.supraScore)}).`,
    );
    out.push(separationSentence(first, other, evidence, verdicts[i], rest.length));
  }
  const n = result.shared.length;
  if (n === 0) {
    out.push('They share no benchmark on which each has a counting score, so there is no head-to-head evidence here.');
    return out;
  }
  const wins = result.files.map((f, i) =>
    result.wins[i] ? `${f.model.name} scores higher on ${result.wins[i]} (weight ${result.weightWon[i]!.toFixed(1)})` : `${f.model.name} on none`,
  );
  out.push(
    `On the ${n} benchmark${n === 1 ? '' : 's'} where each has a counting score, ${wins.join('; ')}${result.tiedBenches ? `; ${result.tiedBenches} tied` : ''}.` +
      (n < FEW_SHARED ? ' That is too few benchmarks to read much into.' : ''),
  );
  return out;
}
