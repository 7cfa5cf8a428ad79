/** Whether `refresh` must render: a pure function of what the snapshot step did and what `dist/` shows. */
import type { SnapshotOutcome } from '../snapshot/snapshot-request.ts';

export interface RefreshInputs {
  /** What the snapshot step did. */
  snapshot: SnapshotOutcome['status'];
  /** The stamp of the site in `outDir`, undefined when there is none. */
  current: string | undefined;
  /** The stamp a build of the stored snapshot by this code would carry. */
  wanted: string;
  outDir: string;
}

export type RefreshDecision = { build: boolean; reason: string };

export function decideRefresh({ snapshot, current, wanted, outDir }: RefreshInputs): RefreshDecision {
  if (current === undefined) return { build: true, reason: `${outDir}/ is missing or has no build stamp` };
  if (snapshot === 'written') return { build: true, reason: 'the snapshot changed' };
  if (current !== wanted) return { build: true, reason: `${outDir}/ shows another snapshot, or was built by other code or for another deploy target` };
  return { build: false, reason: `up to date: ${outDir}/ already shows this snapshot` };
}
