/**
 * `/data/evidence.json`: the evidence behind supraScore as the build made it: the choices of the
 * method, how well the evidence score reproduces supraScore's order, whether the site shows likely
 * ranges, the width of the whole-table statement, and what the evidence score compares with (the
 * references' scores and their benchmarks' weights). The comparison page reads the method's level
 * from it; each model's own figures are in its data file.
 */
import type { Agreement } from './agreement.ts';

/** The agreement a width of the comparison other than the one chosen would give. */
export interface Sensitivity {
  scale: number;
  spearman: number | null;
  topShared: number;
}

export interface EvidenceFacts {
  /** The choices the method makes (method.ts, resample.ts, moves.ts, posterior.ts, rank-sets.ts, separation.ts, agreement.ts), for a reader of the file. */
  method: {
    references: number;
    candidates: number;
    scale: number;
    rounds: number;
    seed: number;
    grid: number;
    fitSteps: number;
    level: number;
    minBenchmarks: number;
    separationLevel: number;
    minAgreement: number;
    maxMismatch: number;
  };
  agreement: Agreement;
  sensitivity: Sensitivity[];
  /** Whether the site shows likely ranges, why not when it does not, and the whole-table statement's width. */
  ranges: {
    shown: boolean;
    withheld: string | null;
    /** Models with ranges of their own. */
    models: number;
    /** Every model's interval on supraScore is its supraScore ± this many of its standard errors, all at once; null without ranges. */
    width: number | null;
  };
  /** The benchmarks the references have a counting score on, with a positive effectiveWeight. */
  benchmarks: { slug: string[]; effectiveWeight: number[] };
  /** The top configurations by supraScore, best first, with their mean counting score on each of `benchmarks` (null: none). */
  references: { slug: string; name: string; supraScore: number; scores: (number | null)[] }[];
}
