/**
 * The state of the art on a benchmark over time: the best counting score as each new best arrived.
 * Dated by `accessedAt`, when the submitter accessed the score's source, which every submission has:
 * the store keeps, per snapshot, only a digest of each configuration's scores (it can tell that they
 * changed on a day, not which score), so the day a best first appeared in the mirror's history cannot
 * be recovered. Built from the submissions the mirror holds now: a configuration that left the ranking,
 * or a submission voted out, is not in it. Pure.
 */

/** A counting submission: when its source was accessed, its normalized score, and whose it is (an index the caller names). */
export interface DatedScore {
  at: number;
  score: number;
  who: number;
}

/**
 * One step per new best, oldest first: a submission that beats every one accessed before it. A tie
 * with the best so far is no new best; of submissions accessed at the same moment, the highest counts.
 */
export function bestSteps(scores: readonly DatedScore[]): DatedScore[] {
  const order = [...scores].sort((a, b) => a.at - b.at || b.score - a.score || a.who - b.who);
  const steps: DatedScore[] = [];
  for (const s of order) if (steps.length === 0 || s.score > steps.at(-1)!.score) steps.push(s);
  return steps;
}
