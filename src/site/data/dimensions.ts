/**
 * What each quality dimension of a benchmark means, and which direction is better. The API lists
 * the keys and their 1-5 scale but not their meaning or direction: these are the mirror's
 * reading, stated as such on every benchmark page.
 */

export type Direction = 'higher' | 'lower' | 'unknown';

export interface DimensionInfo {
  meaning: string;
  better: Direction;
  /** An assumption the reader should know about, when there is one. */
  assumption?: string;
}

const KNOWN: Record<string, DimensionInfo> = {
  relevance: { meaning: 'How much the benchmark measures something that matters in real use.', better: 'higher' },
  contamination: {
    meaning: 'How likely its test items have leaked into models’ training data.',
    better: 'lower',
    assumption:
      'The API does not say which way this rating runs. The mirror reads it as a risk, so lower is better; note that the API’s qualityScore averages it as given.',
  },
  discriminability: { meaning: 'How well its scores separate stronger models from weaker ones.', better: 'higher' },
  reproducibility: { meaning: 'How reliably others can rerun it and get the same scores.', better: 'higher' },
  difficulty: {
    meaning: 'How hard it is for current models; harder benchmarks have more headroom and weigh more in effectiveWeight.',
    better: 'higher',
    assumption: 'Higher is "better" in the sense that effectiveWeight rewards it (quality × difficulty × headroom).',
  },
};

/** The mirror's reading of a dimension key; a key the API added later has no assumed direction. */
export function dimensionInfo(key: string): DimensionInfo {
  return Object.hasOwn(KNOWN, key)
    ? KNOWN[key]!
    : { meaning: 'A dimension the API added after this mirror was written; its meaning is not documented here.', better: 'unknown' };
}

export const directionText: Record<Direction, string> = {
  higher: 'higher is better',
  lower: 'lower is better (assumed)',
  unknown: 'direction not documented',
};
