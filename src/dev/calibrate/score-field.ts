/**
 * What a field's published ranges and verdicts say, held against its truth: counts that add up over
 * fields (coverage, misses by side, widths, joint coverage, wrong "separates"), so a scenario's
 * figures are sums over its fields, never means of means.
 */
import type { TrueModel } from './field.ts';

/** A model as the published files show it. */
export interface ReadModel {
  familyTag: string;
  /** Its model rank today. */
  rank: number;
  /** Its likely model rank (marginal), or null. */
  likely: readonly [number, number] | null;
  /** The model ranks it could hold with the whole table at once (joint), or null. */
  set: readonly [number, number] | null;
  /** Benchmarks its evidence rests on, or null. */
  benchmarks: number | null;
}

/** A "separates" verdict a page shows: it claims `ahead` truly ranks above `behind`. */
export interface Claim {
  ahead: string;
  behind: string;
}

export interface FieldReading {
  models: ReadModel[];
  /** The comparisons pages show, each a list of the claims one page makes and how many comparisons it made. */
  pages: { kind: 'neighbours' | 'four'; compared: number; claims: Claim[] }[];
}

/** Held or missed, by side: `better` when the true model rank is better (smaller) than the range's low end. */
export interface Coverage {
  ranges: number;
  held: number;
  better: number;
  worse: number;
  /** Sum of widths (high - low + 1, in model ranks). */
  width: number;
}

const emptyCoverage = (): Coverage => ({ ranges: 0, held: 0, better: 0, worse: 0, width: 0 });

export const GROUPS = [
  'all',
  'top third',
  'middle third',
  'bottom third',
  'top 20',
  'under 8 benchmarks',
  '8 to 15 benchmarks',
  '16 or more benchmarks',
] as const;
export type Group = (typeof GROUPS)[number];

export interface FieldScore {
  models: number;
  marginal: Record<Group, Coverage>;
  joint: Record<Group, Coverage>;
  /** Whether every model's joint set held its true rank (1 or 0), for fields with sets at all. */
  jointFields: number;
  jointHeld: number;
  /** Models a set calls tied with the one above, and those that truly are within a point of it. */
  separates: Record<'neighbours' | 'four', { compared: number; claims: number; wrong: number; pagesWithWrong: number; pages: number }>;
}

function groupsOf(m: ReadModel, models: number): Group[] {
  const third = m.rank <= models / 3 ? 'top third' : m.rank <= (2 * models) / 3 ? 'middle third' : 'bottom third';
  const out: Group[] = ['all', third];
  if (m.rank <= 20) out.push('top 20');
  const k = m.benchmarks ?? 0;
  out.push(k < 8 ? 'under 8 benchmarks' : k < 16 ? '8 to 15 benchmarks' : '16 or more benchmarks');
  return out;
}

function add(c: Coverage, range: readonly [number, number], truth: number): boolean {
  const [low, high] = range;
  c.ranges++;
  c.width += high - low + 1;
  if (truth < low) c.better++;
  else if (truth > high) c.worse++;
  else c.held++;
  return truth >= low && truth <= high;
}

export function scoreField(reading: FieldReading, truth: ReadonlyMap<string, TrueModel>): FieldScore {
  const n = reading.models.length;
  const marginal = Object.fromEntries(GROUPS.map((g) => [g, emptyCoverage()])) as Record<Group, Coverage>;
  const joint = Object.fromEntries(GROUPS.map((g) => [g, emptyCoverage()])) as Record<Group, Coverage>;
  let sets = 0;
  let allHeld = true;
  for (const m of reading.models) {
    const t = truth.get(m.familyTag);
    if (!t) throw new Error(`no truth for ${m.familyTag}`);
    for (const g of groupsOf(m, n)) {
      if (m.likely) add(marginal[g], m.likely, t.rank);
      if (m.set && !add(joint[g], m.set, t.rank) && g === 'all') allHeld = false;
    }
    if (m.set) sets++;
  }
  const separates = {
    neighbours: { compared: 0, claims: 0, wrong: 0, pagesWithWrong: 0, pages: 0 },
    four: { compared: 0, claims: 0, wrong: 0, pagesWithWrong: 0, pages: 0 },
  };
  for (const page of reading.pages) {
    const s = separates[page.kind];
    s.pages++;
    s.compared += page.compared;
    s.claims += page.claims.length;
    const wrong = page.claims.filter((c) => !(truth.get(c.ahead)!.score > truth.get(c.behind)!.score)).length;
    s.wrong += wrong;
    if (wrong) s.pagesWithWrong++;
  }
  return { models: n, marginal, joint, jointFields: sets > 0 ? 1 : 0, jointHeld: sets > 0 && allHeld ? 1 : 0, separates };
}

/** The sum of field scores. */
export function sumScores(scores: readonly FieldScore[]): FieldScore {
  const out: FieldScore = {
    models: 0,
    marginal: Object.fromEntries(GROUPS.map((g) => [g, emptyCoverage()])) as Record<Group, Coverage>,
    joint: Object.fromEntries(GROUPS.map((g) => [g, emptyCoverage()])) as Record<Group, Coverage>,
    jointFields: 0,
    jointHeld: 0,
    separates: {
      neighbours: { compared: 0, claims: 0, wrong: 0, pagesWithWrong: 0, pages: 0 },
      four: { compared: 0, claims: 0, wrong: 0, pagesWithWrong: 0, pages: 0 },
    },
  };
  for (const s of scores) {
    out.models += s.models;
    out.jointFields += s.jointFields;
    out.jointHeld += s.jointHeld;
    for (const g of GROUPS)
      for (const kind of ['marginal', 'joint'] as const) for (const k of Object.keys(s[kind][g]) as (keyof Coverage)[]) out[kind][g][k] += s[kind][g][k];
    for (const kind of ['neighbours', 'four'] as const)
      for (const k of Object.keys(s.separates[kind]) as (keyof FieldScore['separates']['neighbours'])[]) out.separates[kind][k] += s.separates[kind][k];
  }
  return out;
}
