/**
 * `npm run demo`: the whole flow on one machine without a key. A first snapshot loads the bundled
 * sample with its details as a rolling crawl left them (every configuration, some stale); the
 * bundled simulator then serves the next day's data on loopback and `refresh` takes it, crawling
 * a day's worth of details (new configurations, changed benchCounts, then the oldest), and builds
 * the site, so it has history (rank movement, score over time, what changed) and per-benchmark
 * scores of mixed ages to show. Then the static server of `npm run preview` serves `dist/`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EXIT_CODES } from '../../core/errors.ts';
import { refreshCli } from '../../publish/refresh-cli.ts';
import { serveStatic } from '../../publish/static-server.ts';
import { SAMPLE_DETAILS, SAMPLE_EXPORT } from '../../publish/build-site.ts';
import { generateSample, SAMPLE_SIZE, serializeExport } from '../sample/generate.ts';
import { demoKey, startSimulator, type Simulator } from '../simulator/index.ts';
import { withSnapshot } from '../../store/read-snapshot.ts';
import { readSiteSettings } from '../../site/settings/config.ts';
import { DEFAULT_OUT, snapshotCli } from '../../snapshot/snapshot-cli.ts';
import type { Env } from '../../core/env.ts';
import type { Reporter } from '../../core/reporter.ts';
import { statePath } from '../../snapshot/fetch-state.ts';

/** The demo's own snapshot: never `data/snapshot.db`, which holds the maintainer's real one. */
export const DEMO_SNAPSHOT = 'data/demo/snapshot.db';
export const DEMO_HOST = '127.0.0.1';
export const DEMO_PORT = 4321;
/** The demo is not about the rate limit. */
const DEMO_RATE_PER_MINUTE = 10_000;
/** Detail requests of the demo's crawl: enough to refresh the stalest, few enough to leave some stale details to show. */
const DEMO_DETAILS_BUDGET = 60;

export interface DemoOptions {
  /** The snapshot file the demo writes (and starts afresh on every run). */
  out: string;
  /** Where the site is built and served from. */
  dist: string;
  /** Port of the preview server; 0 picks a free one. */
  port: number;
  reporter: Reporter;
  /** The process environment: SITE_URL, ATTRIBUTION_* and SNAPSHOT_HISTORY_LIMIT are taken from it, nothing else. */
  env: Env;
}

export type DemoResult = { ok: true; url: string } | { ok: false; code: number };

export interface Demo {
  /** Runs the steps and serves the site; on failure everything started is stopped again. */
  start(): Promise<DemoResult>;
  /** Stops the preview server and the simulator, whichever are running. Safe to call at any time, and twice. */
  stop(): Promise<void>;
}

/** details.json is `{ slug: ModelDetail }`. */
function readDetails(path: string): Record<string, unknown> | undefined {
  if (!existsSync(path)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

/** True when `path` is a readable snapshot of sample data (what an earlier demo wrote). */
function isSampleSnapshot(path: string): boolean {
  try {
    return withSnapshot(path, (r) => r.info().sample);
  } catch {
    return false;
  }
}

/**
 * Each demo starts from an empty snapshot, so its history is exactly "sample, then one day later".
 * Only the demo's own file is removed: the default path, or a snapshot of sample data (what an
 * earlier demo wrote). Anything else is refused, and `data/snapshot.db` always is.
 */
export function resetDemoSnapshot(out: string): { ok: true } | { ok: false; reason: string } {
  const target = resolve(out);
  if (target === resolve(DEFAULT_OUT)) {
    return { ok: false, reason: `${out} holds the maintainer's real snapshot; the demo writes ${DEMO_SNAPSHOT} (or pass another --out)` };
  }
  if (existsSync(target) && target !== resolve(DEMO_SNAPSHOT) && !isSampleSnapshot(target)) {
    return { ok: false, reason: `${out} exists and is not a snapshot of sample data an earlier demo wrote; pass another --out` };
  }
  for (const path of [target, `${target}-wal`, `${target}-shm`, `${target}-journal`, statePath(target)]) rmSync(path, { force: true });
  mkdirSync(dirname(target), { recursive: true });
  return { ok: true };
}

export function createDemo(options: DemoOptions): Demo {
  const { reporter } = options;
  let sim: Simulator | undefined;
  let preview: { stop(): Promise<void> } | undefined;
  let stopping: Promise<void> | undefined;

  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      const results = await Promise.allSettled([preview?.stop(), sim?.close()]);
      for (const r of results) if (r.status === 'rejected') reporter.warn(`while stopping: ${(r.reason as Error)?.message ?? String(r.reason)}`);
    })();
    return stopping;
  };

  const fail = async (code: number, line: string): Promise<DemoResult> => {
    reporter.error(line);
    await stop();
    return { ok: false, code };
  };

  const start = async (): Promise<DemoResult> => {
    const reset = resetDemoSnapshot(options.out);
    if (!reset.ok) return fail(EXIT_CODES.usage, `demo: ${reset.reason}`);
    if (!existsSync(SAMPLE_EXPORT)) return fail(EXIT_CODES.usage, `demo: the bundled sample ${SAMPLE_EXPORT} is missing; run npm run generate-sample first`);

    const key = demoKey('partner');
    reporter.info(`demo: starting the API simulator on ${DEMO_HOST} with the bundled sample (${SAMPLE_EXPORT})`);
    try {
      sim = await startSimulator({
        exportBody: readFileSync(SAMPLE_EXPORT),
        details: readDetails(SAMPLE_DETAILS),
        keys: { [key]: { tier: 'partner', ratePerMinute: DEMO_RATE_PER_MINUTE } },
        host: DEMO_HOST,
      });
    } catch (err) {
      return fail(1, `demo: the API simulator could not start: ${(err as Error)?.message ?? String(err)}`);
    }
    reporter.info(`demo: simulator at ${sim.url}, using the public partner demo key`);

    // Only the key and the address are the demo's own; the site's settings come from the environment as for a real build.
    const env: Env = {
      RANKING_API_URL: sim.url,
      RANKING_API_KEY: key,
      SITE_URL: options.env.SITE_URL,
      ATTRIBUTION_URL: options.env.ATTRIBUTION_URL,
      ATTRIBUTION_NAME: options.env.ATTRIBUTION_NAME,
      SNAPSHOT_HISTORY_LIMIT: options.env.SNAPSHOT_HISTORY_LIMIT,
    };
    reporter.info(`demo: snapshot 1 of 2, the bundled sample with its details, into ${options.out}`);
    const first = await snapshotCli(['--out', options.out, '--from-file', SAMPLE_EXPORT, '--details-file', SAMPLE_DETAILS], { env, reporter });
    if (first.code !== 0) return fail(first.code, `demo: the first snapshot failed (exit ${first.code}); see the line above`);

    // Revision 1 is the same population one daily snapshot later: scores move, a few configurations come and go.
    const next = generateSample({ ...SAMPLE_SIZE, revision: 1 });
    sim.setExport(serializeExport(next.export), next.details);
    reporter.info(`demo: the simulator now serves the next day's data (generatedAt ${new Date(next.export.generatedAt).toISOString()})`);

    reporter.info(`demo: snapshot 2 of 2 from the simulator, with the details crawl, and the site build, into ${options.dist}/`);
    // The demo's history is fictional and starts afresh each run: never held to the one a SITE_URL of the environment publishes.
    const flags = ['--out', options.out, '--force', '--details-budget', String(DEMO_DETAILS_BUDGET), '--new-history'];
    const second = await refreshCli([...flags, '--dist', options.dist], { env, reporter });
    if (second !== 0) return fail(second, `demo: the refresh failed (exit ${second}); see the lines above`);

    try {
      const server = await serveStatic({ dir: options.dist, base: readSiteSettings(options.env).siteUrl.pathname, host: DEMO_HOST, port: options.port });
      preview = { stop: () => server.close() };
      return { ok: true, url: server.url };
    } catch (err) {
      return fail(
        1,
        `demo: cannot serve ${options.dist}/ on ${DEMO_HOST}:${options.port}: ${(err as Error)?.message ?? String(err)} (try --port 0 for any free port)`,
      );
    }
  };

  return { start, stop };
}
