/** What pages say of the evidence behind supraScore: whether the build shows likely ranges (the leaderboard's legend, a model's rank), and the method's figures (/about/#evidence). */
import type { EvidenceFacts } from '../evidence/evidence-file.ts';
import { LEVEL } from '../evidence/field-ranges.ts';
import type { Bench, Configuration, Model, SiteData } from '../data/types.ts';
import type { LikelyRange } from '../evidence/ranges.ts';

export interface RangesNote {
  /** Why the build shows no likely ranges, or undefined when it shows them. */
  withheld: string | undefined;
  /** The level a likely range and the whole-table statement are stated at. */
  level: number;
}

export const rangesNoteOf = (data: SiteData): RangesNote => ({ withheld: data.evidence().withheld, level: LEVEL });

/** The about page's section on the evidence: the method's choices and this snapshot's agreement. */
export interface EvidenceSection extends RangesNote {
  facts: EvidenceFacts;
  /** References with per-benchmark scores, of the top 10. */
  referencesWithScores: number;
  /** Models with a likely range, of all. */
  modelsWithRange: number;
  models: number;
}

export function evidenceSectionOf(data: SiteData): EvidenceSection {
  const evidence = data.evidence();
  return {
    ...rangesNoteOf(data),
    facts: evidence.facts,
    referencesWithScores: evidence.referencesWithScores,
    modelsWithRange: data.models.filter((m) => evidence.model(m).range).length,
    models: data.models.length,
  };
}

/** What a model's or a configuration's page says of its evidence. */
export interface EvidenceLine {
  /** A model's likely rank, or why it has none (a configuration's page has neither). */
  range?: LikelyRange | undefined;
  why?: string | undefined;
  /** A model's set of ranks with the whole table at once, and whether it is tied with the model above. */
  set?: LikelyRange | undefined;
  tiedAbove?: boolean | undefined;
  /** The benchmarks whose loss moves its model rank furthest, and the model rank without each. */
  restsOn?: { bench: Bench; rank: number }[] | undefined;
  /** The evidence score (a model's: its best configuration's), or undefined without one. */
  score: { text: string; references: number; benchmarks: number } | undefined;
  /** Why there is no evidence score. */
  noScore: string;
  /** No configuration has an evidence score: the snapshot's note on per-benchmark scores says why, and the line need not. */
  none: boolean;
  level: number;
}

function scoreOf(data: SiteData, configuration: Configuration): Pick<EvidenceLine, 'score' | 'noScore' | 'none'> {
  const evidence = data.evidence();
  const found = evidence.configuration(configuration.slug);
  return {
    none: evidence.agreement.withEvidence === 0,
    score: found && { text: evidence.scoreText(found.score), references: found.references, benchmarks: found.benchmarks },
    noScore: configuration.hasDetail ? 'it shares no weighted benchmark with the top 10 configurations' : 'the mirror has no per-benchmark scores for it yet',
  };
}

export const configurationEvidenceOf = (data: SiteData, configuration: Configuration): EvidenceLine => ({ ...scoreOf(data, configuration), level: LEVEL });

export function modelEvidenceOf(data: SiteData, model: Model): EvidenceLine {
  const { range, why, set, tiedAbove, restsOn } = data.evidence().model(model);
  return { range, why, set, tiedAbove, restsOn, ...scoreOf(data, model.best), level: LEVEL };
}
