/**
 * The truth of a generated field, as the calibration's fields have theirs (src/dev/calibrate/field.ts):
 * the model rank each model (familyTag) would have with every benchmark scored, which the likely
 * ranges promise to hold 9 times in 10 (docs/site.md, "How the ranges are checked"). At the last
 * revision every configuration alive is scored on every benchmark, drawn as its counted submissions
 * are (details.ts `completeScores`); supraScore's method as the generator runs it (the calibration's
 * `probit` source, each benchmark at that revision's effectiveWeight) scores that complete table; each
 * model takes its best configuration's score, and its rank among the models follows.
 */
import { competitionRanks, type TrueModel } from '../calibrate/field.ts';
import { sourceScoresOfRows } from '../calibrate/source.ts';
import { completeScores } from './details.ts';
import { walkRevisions, type GenerateOptions, type RevisionState } from './generate.ts';

/** Above this many scores (configurations x benchmarks) the complete table is not made: 10,000 x 800 is 8 million, 50,000 x 2,000 is 100 million. */
export const TRUTH_CELLS = 20_000_000;

/** The truth of the field `options` generates at its last revision, or why it is not made. */
export function generatedTruth(options: GenerateOptions): Map<string, TrueModel> | string {
  const cells = options.configurations * options.benches;
  if (cells > TRUTH_CELLS)
    return `its complete table would hold ${cells.toLocaleString('en-US')} scores (${options.configurations.toLocaleString('en-US')} configurations x ${options.benches.toLocaleString('en-US')} benchmarks), over the ${TRUTH_CELLS.toLocaleString('en-US')} the check makes`;
  let state: RevisionState | undefined;
  for (const at of walkRevisions(options, options.revision ?? 0)) state = at;
  const { seedKey, world, benches, drift } = state!;
  const alive = world.alive;
  const rows = alive.map((c) => completeScores(seedKey, c, benches));
  const scores = sourceScoresOfRows({ cols: benches.length, rows, weight: Float64Array.from(drift, (d) => d.effectiveWeight) }, 'probit');
  const best = new Map<string, number>();
  alive.forEach((c, i) => best.set(c.family.tag, Math.max(best.get(c.family.tag) ?? -Infinity, scores[i]!)));
  const tags = [...best.keys()];
  const ranks = competitionRanks(tags.map((t) => best.get(t)!));
  return new Map(tags.map((t, i) => [t, { score: best.get(t)!, rank: ranks[i]! }]));
}
