/**
 * The state of the art on a benchmark over time: the best counting score as each new best arrived.
 * Dated by `accessedAt`, when the submitter accessed the score's source, which every submission has:
 * the store keeps, per snapshot, only a digest of each configuration's scores (it can tell that they
 * changed on a day, not which score), so the day a best first appeared in the mirror's history cannot
 * be recovered. Built from the submissions the mirror holds now: a configuration that left the ranking,
 * or a submission voted out, is not in it. Pure.
 */

/**
 * The new bests among counting submissions given as columns (when each one's source was accessed, its
 * normalized score), as their indexes, oldest first: a submission that beats every one accessed
 * before it. A tie with the best so far is no new best; of submissions accessed at the same moment,
 * the highest counts, the first of equal ones.
 */
export function bestSteps(at: ArrayLike<number>, score: ArrayLike<number>): number[] {
  // A plain array: V8 sorts it with a comparator far faster than a typed one.
  const order = Array.from({ length: at.length }, (_, i) => i).sort((a, b) => at[a]! - at[b]! || score[b]! - score[a]! || a - b);
  const steps: number[] = [];
  let best = -Infinity;
  for (const i of order) {
    if (!(score[i]! > best)) continue;
    steps.push(i);
    best = score[i]!;
  }
  return steps;
}
