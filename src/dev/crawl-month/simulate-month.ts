/**
 * A simulated month of daily `snapshot` runs with a fake clock, against the simulator in its live
 * mode (every updatedAt moves each minute, details change, configurations vanish): the real client,
 * the real store, one file carried from day to day. Measures what the rolling details crawl does:
 * coverage per day, requests per day, the share of the quota. The test suite runs it small, the
 * benchmark (`npm run bench -- --crawl-month N`) at size.
 */
import { join } from 'node:path';
import { generateSample, serializeExport } from '../sample/generate.ts';
import { demoKey, startSimulator, type DetailChurn, type KeySpec } from '../simulator/index.ts';
import { readClientTuning } from '../../api/settings.ts';
import { createReporter, type Reporter } from '../../core/reporter.ts';
import { runSnapshot } from '../../snapshot/run-snapshot.ts';
import { withSnapshot } from '../../store/read-snapshot.ts';
import { sizeFor } from '../bench/proportions.ts';

const DAY = 86_400_000;

export interface MonthOptions {
  configurations: number;
  /** The key: its tier, monthly quota and per-minute limit. */
  key: KeySpec;
  /** The maintainer's share of the monthly quota. */
  share: number;
  /** The first run; the month's runs follow it daily until the quota resets. Default 2026-12-01 06:17 UTC. */
  start?: number;
  /** Runs; default every day until the month ends. */
  days?: number;
  churn?: DetailChurn;
  vanishPerExport?: number;
  /** Folder for the snapshot file. */
  dir: string;
  /** Where the runs' own lines go; default nowhere. */
  reporter?: Reporter;
  onDay?: (day: DayResult) => void;
}

export interface DayResult {
  day: number;
  /** The run's start, Unix ms. */
  at: number;
  status: string;
  configurations: number;
  withDetails: number;
  olderThan7Days: number;
  olderThan30Days: number;
  /** Every request the simulator received in this run. */
  requests: number;
  detailRequests: number;
  /** The detail requests the run was allowed. */
  allowance: number;
  /** The export's bytes this run, decoded and on the wire (the simulator compresses as asked). */
  exportBytes: { wire: number; decoded: number } | undefined;
  /** Most requests in one calendar minute during the run. */
  maxPerMinute: number;
  /** The key's use this month after the run, by the simulator's own counter. */
  monthUsed: number;
  /** Configurations whose stored benchCount differed at the run's start, and how many of them it refreshed. */
  benchCountChanged: number;
  benchCountRefreshed: number;
  /** Among stored details with nothing changed: the latest previous fetch of those refreshed, the earliest of those kept. */
  latestRefreshedFetch: number | null;
  earliestKeptFetch: number | null;
}

export interface MonthResult {
  days: DayResult[];
  monthlyQuota: number;
  share: number;
  /** The first day every configuration had details; undefined when none did. */
  fullCoverageDay: number | undefined;
}

const quiet = (): Reporter => createReporter({ out: { write: () => true } as never, err: { write: () => true } as never, interactive: false });

interface Stored {
  fetchedAt: number;
  benchCount: number | null;
}

/** The stored details, and each configuration's benchCount in the snapshot's export. */
function readState(path: string): { details: Map<string, Stored>; benchCounts: Map<string, number> } {
  return withSnapshot(path, (r) => ({
    details: new Map(r.details().map((d) => [d.slug, { fetchedAt: d.fetchedAt, benchCount: d.benchCount }])),
    benchCounts: new Map(r.configurations().map((c) => [c.slug, c.benchCount])),
  }));
}

export async function simulateMonth(options: MonthOptions): Promise<MonthResult> {
  const start = options.start ?? Date.UTC(2026, 11, 1, 6, 17);
  const monthEnd = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + 1, 1);
  const days = options.days ?? Math.ceil((monthEnd - start) / DAY);
  const size = sizeFor(options.configurations);
  const sample = generateSample({ configurations: options.configurations, benches: size.benches, tags: size.tags });
  const key = demoKey(options.key.tier);
  const clock = { t: start };
  const sim = await startSimulator({
    exportBody: serializeExport(sample.export),
    details: sample.details,
    keys: { [key]: options.key },
    now: () => clock.t,
    live: { refreshEveryMs: 60_000, churn: options.churn, vanishPerExport: options.vanishPerExport },
    compression: true,
  });
  const out = join(options.dir, 'crawl-month.db');
  const result: MonthResult = { days: [], monthlyQuota: options.key.monthlyQuota ?? 0, share: options.share, fullCoverageDay: undefined };
  try {
    let before: ReturnType<typeof readState> = { details: new Map(), benchCounts: new Map() };
    for (let day = 1; day <= days; day++) {
      clock.t = start + (day - 1) * DAY;
      const at = clock.t;
      const logged = sim.requests.length;
      const outcome = await runSnapshot({
        out,
        source: {
          kind: 'api',
          settings: { baseUrl: new URL(sim.url), key, warnings: [] },
          tuning: { ...readClientTuning({}), retries: 1, retryBaseMs: 5, retryMaxMs: 20 },
        },
        force: false,
        allowShrink: false,
        fallback: true,
        details: { count: 'all', quotaShare: options.share, budget: undefined },
        historyLimit: 40,
        reporter: options.reporter ?? quiet(),
        now: () => clock.t,
        // Pacing waits move the fake clock; the simulator sees the same time.
        sleep: async (ms) => {
          clock.t += ms;
        },
      });
      const after = readState(out);
      const { coverage, crawl } = withSnapshot(out, (r) => r.info());
      const sent = sim.requests.slice(logged);
      const perMinute = new Map<number, number>();
      for (const r of sent) perMinute.set(r.minuteBucket, (perMinute.get(r.minuteBucket) ?? 0) + 1);

      let benchCountChanged = 0;
      let benchCountRefreshed = 0;
      let latestRefreshedFetch: number | null = null;
      let earliestKeptFetch: number | null = null;
      for (const [slug, prev] of before.details) {
        const now = after.benchCounts.get(slug);
        const next = after.details.get(slug);
        if (now === undefined || next === undefined) continue; // left the export
        const refreshed = next.fetchedAt !== prev.fetchedAt;
        // The run compared the stored benchCount with that of the export it fetched.
        if (prev.benchCount !== null && prev.benchCount !== now) {
          benchCountChanged++;
          if (refreshed) benchCountRefreshed++;
        } else if (refreshed) latestRefreshedFetch = Math.max(latestRefreshedFetch ?? -Infinity, prev.fetchedAt);
        else earliestKeptFetch = Math.min(earliestKeptFetch ?? Infinity, prev.fetchedAt);
      }

      const dayResult: DayResult = {
        day,
        at,
        status: outcome.status,
        configurations: coverage.configurations,
        withDetails: coverage.withDetails,
        olderThan7Days: coverage.olderThan7Days,
        olderThan30Days: coverage.olderThan30Days,
        requests: sent.length,
        detailRequests: sent.filter((r) => r.path.startsWith('/v1/models/')).length,
        allowance: crawl?.runAllowance ?? 0,
        exportBytes: outcome.bytes,
        maxPerMinute: Math.max(0, ...perMinute.values()),
        monthUsed: sim.usage(key).monthUsed,
        benchCountChanged,
        benchCountRefreshed,
        latestRefreshedFetch,
        earliestKeptFetch,
      };
      if (result.fullCoverageDay === undefined && dayResult.withDetails === dayResult.configurations) result.fullCoverageDay = day;
      result.days.push(dayResult);
      options.onDay?.(dayResult);
      before = after;
    }
  } finally {
    await sim.close();
  }
  return result;
}
