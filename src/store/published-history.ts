/**
 * How much history a snapshot file holds, and whether a new one is shorter than the one published:
 * a year of history is never replaced by a shorter one unless a person says so (`--new-history`).
 * The build holds its snapshot to the previous site's or the live manifest's `snapshotDb`
 * (src/publish/history-guard.ts); the workflow's state job asks the same of the release with jq.
 */
import { withSnapshot } from './read-snapshot.ts';

/** A history's extent, from a snapshot file or a manifest's `snapshotDb`. */
export interface HistoryFigures {
  /** Snapshots of history, the current one included. */
  snapshots: number;
  /** generatedAt of the oldest of them (Unix ms); undefined where a manifest of an older build does not say. */
  from: number | undefined;
  /** The most snapshots the history keeps (the writer's SNAPSHOT_HISTORY_LIMIT); undefined where unknown. */
  limit: number | undefined;
  /** The fictional sample: not a history worth keeping. */
  sample: boolean;
}

/** The figures of the snapshot file at `path`. */
export function historyFiguresOf(path: string): HistoryFigures {
  return withSnapshot(path, (reader) => {
    const info = reader.info();
    const history = reader.historySnapshots();
    const from = history.reduce((oldest, h) => Math.min(oldest, h.generatedAt), Infinity);
    return {
      snapshots: history.length,
      from: Number.isFinite(from) ? from : undefined,
      limit: info.historyLimit ?? undefined,
      sample: info.sample,
    };
  });
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const record = (v: unknown): Record<string, unknown> | undefined => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);

/**
 * The figures a manifest (the site's /data/manifest.json, or a state folder's) gives of the history
 * it publishes; undefined when it lists no snapshot file or no count of its history. Read leniently:
 * a manifest of an older build lacks the first day and the limit, and is compared on what it has.
 */
export function historyFiguresOfManifest(manifest: unknown): HistoryFigures | undefined {
  const db = record(record(manifest)?.snapshotDb);
  if (!db || !isCount(db.historySnapshots)) return undefined;
  const from = typeof db.historyFrom === 'string' ? Date.parse(db.historyFrom) : NaN;
  return {
    snapshots: db.historySnapshots,
    from: Number.isFinite(from) ? from : undefined,
    limit: isCount(db.historyLimit) && db.historyLimit > 0 ? db.historyLimit : undefined,
    // The site's manifest says it at its top (the downloads' header); a state folder's, in snapshotDb.
    sample: db.sample === true || record(manifest)?.sample === true,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const snapshotsOf = (n: number) => `${n.toLocaleString('en-US')} snapshot${n === 1 ? '' : 's'}`;

/**
 * Why `next` is a shorter history than `published`, or undefined when it is not: fewer snapshots, or
 * a later first day while below its limit. A full history drops its oldest snapshot as it takes a
 * new one, so its first day moves on every day; the published sample is never worth keeping.
 */
export function shorterHistory(next: HistoryFigures, published: HistoryFigures): string | undefined {
  if (published.sample) return undefined;
  if (next.snapshots < published.snapshots) {
    return `it holds ${snapshotsOf(next.snapshots)} of history, fewer than the ${snapshotsOf(published.snapshots)} published`;
  }
  const full = next.limit !== undefined && next.snapshots >= next.limit;
  if (next.from !== undefined && published.from !== undefined && next.from > published.from && !full) {
    return `its history begins at ${iso(next.from)}, later than the published one's ${iso(published.from)}, and holds ${snapshotsOf(next.snapshots)}${next.limit === undefined ? '' : `, below its limit of ${next.limit}`}`;
  }
  return undefined;
}
