/**
 * Why a configuration's or a model's standing changed between two consecutive snapshots, in the
 * terms the data can support. supraScore is relative to the field, so a score can move although
 * nothing about the configuration did: the mirror says "its own evidence changed" only when its
 * benchCount or its stored per-benchmark scores changed, "the field moved" only when both are
 * known to be unchanged, and says plainly when it cannot tell.
 */

/** A configuration in one snapshot, as history keeps it. */
export interface StandingRecord {
  supraScore: number;
  position: number;
  /** null: not recorded (history written before the mirror kept it). */
  benchCount: number | null;
  /** Digest of its stored per-benchmark scores; null when the mirror had none. */
  scoresDigest: number | null;
}

export type ChangeReason =
  /** Not in the previous snapshot. */
  | { kind: 'new' }
  /** Not in this snapshot any more; `lastSeen` is the previous snapshot's generatedAt. */
  | { kind: 'removed'; lastSeen: number }
  /** The two snapshots straddle the 2026-09-17 method change: nothing is comparable. */
  | { kind: 'method' }
  /** benchCount or the stored per-benchmark scores changed. */
  | { kind: 'evidence'; benchCount: [number, number] | undefined; scoresChanged: boolean }
  /** Its evidence is known to be unchanged: only its position relative to the field moved. */
  | { kind: 'field'; scoreChanged: boolean }
  /** The score or rank changed, and the mirror has no record to tell which of the two it was. */
  | { kind: 'unknown'; scoreChanged: boolean }
  /** Nothing changed. */
  | { kind: 'none' };

/** Why one configuration's standing differs between `before` and `after` (either may be absent). */
export function explainChange(
  before: StandingRecord | undefined,
  after: StandingRecord | undefined,
  comparable: boolean,
  previousGeneratedAt: number,
): ChangeReason {
  if (!before && !after) return { kind: 'none' };
  if (!before) return { kind: 'new' };
  if (!after) return { kind: 'removed', lastSeen: previousGeneratedAt };
  if (!comparable) return { kind: 'method' };
  const benchCountChanged = before.benchCount !== null && after.benchCount !== null && before.benchCount !== after.benchCount;
  const scoresChanged = before.scoresDigest !== null && after.scoresDigest !== null && before.scoresDigest !== after.scoresDigest;
  if (benchCountChanged || scoresChanged) {
    return { kind: 'evidence', benchCount: benchCountChanged ? [before.benchCount!, after.benchCount!] : undefined, scoresChanged };
  }
  const scoreChanged = before.supraScore !== after.supraScore;
  if (!scoreChanged && before.position === after.position) return { kind: 'none' };
  // A score that did not change cannot come from its own evidence: others moved around it.
  if (!scoreChanged) return { kind: 'field', scoreChanged };
  const evidenceKnown = before.benchCount !== null && after.benchCount !== null;
  return evidenceKnown ? { kind: 'field', scoreChanged } : { kind: 'unknown', scoreChanged };
}

/** One plain sentence for a reason, the same on the changes page, the model pages and the feed. */
export function describeReason(reason: ChangeReason, formatDate: (ms: number) => string): string {
  switch (reason.kind) {
    case 'new':
      return 'New: not in the previous snapshot.';
    case 'removed':
      return `Removed: last seen in the snapshot of ${formatDate(reason.lastSeen)}; kept here as a record.`;
    case 'method':
      return 'Not comparable: the supraScore method changed on 2026-09-17 between these snapshots.';
    case 'evidence': {
      const parts: string[] = [];
      if (reason.benchCount) parts.push(`benchCount ${reason.benchCount[0]} → ${reason.benchCount[1]}`);
      if (reason.scoresChanged) parts.push('its per-benchmark scores changed');
      return `Its own evidence changed: ${parts.join('; ')}.`;
    }
    case 'field':
      return reason.scoreChanged
        ? 'The field moved: its benchCount and stored scores are unchanged, and supraScore is relative to the other configurations.'
        : 'The field moved: its own supraScore is unchanged; others moved past it or fell behind.';
    case 'unknown':
      return 'Its supraScore changed; the mirror has no benchCount recorded for the earlier snapshot, so it cannot tell its own evidence from the field.';
    case 'none':
      return 'Unchanged.';
  }
}

/**
 * The reason in a table of a model's recent changes, where one key beneath says once what the
 * commonest reason means: "The field moved." stands for its sentence, every other reason is said in full.
 */
export const shortReason = (reason: ChangeReason, formatDate: (ms: number) => string) =>
  reason.kind === 'field' ? 'The field moved.' : describeReason(reason, formatDate);

/** The key of `shortReason`'s "The field moved." */
export const FIELD_MOVED_KEY =
  'The field moved: its benchCount and stored scores are unchanged; supraScore is relative to the other configurations, and they moved around it.';
