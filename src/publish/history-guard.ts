/**
 * No build publishes a shorter history over a longer one. Before anything is rendered, the build
 * holds its snapshot's history to the one published now: the manifest of the previous site it
 * replaces, else the live manifest at STATE_URL (or SITE_URL's /data/), read as the restore reads it,
 * without any key. A shorter history (src/store/published-history.ts) is refused with one line and
 * nothing swapped in, unless the build is told `--new-history`. With neither address set, it asks
 * no network; a manifest that says nothing of its history is nothing to compare with.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readClientTuning } from '../api/settings.ts';
import { Deadline, readDeadlines } from '../core/deadline.ts';
import type { Env } from '../core/env.ts';
import { MirrorError } from '../core/errors.ts';
import type { Reporter } from '../core/reporter.ts';
import { restoreSourceOf } from '../snapshot/restore-state.ts';
import { SiteFetcher } from '../snapshot/site-fetch.ts';
import { historyFiguresOf, historyFiguresOfManifest, shorterHistory } from '../store/published-history.ts';
import { STATE_MANIFEST } from '../store/published-state.ts';
import { now as clockNow } from '../core/clock.ts';

export interface HistoryGuardRequest {
  /** The snapshot file about to be published. */
  snapshot: string;
  /** The folder the build replaces (resolved), and how the user named it. */
  target: string;
  outDir: string;
  reporter: Reporter;
  /** STATE_URL and SITE_URL, and the HTTP client's settings for the live manifest. */
  env: Env;
  /** For tests: the waits between retries. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** The published manifest the build is held to, and where it is; undefined when nothing is published there. */
export type Published = { manifest: unknown; where: string } | undefined;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The manifest the build of `target` is held to: the previous site's, when it has one; else the live one (read only when asked). */
export function previousManifest(target: string, outDir: string): Published {
  const previous = join(target, 'data', STATE_MANIFEST);
  return existsSync(previous) ? { manifest: parseJson(readFileSync(previous, 'utf8')), where: join(outDir, 'data', STATE_MANIFEST) } : undefined;
}

/**
 * The live manifest in the folder `from` (STATE_URL's, or SITE_URL's /data/), read without any key,
 * past any cache; undefined when nothing is published there. Trouble reaching it throws (exit 5 or 7).
 */
export async function readLiveManifest(
  from: URL,
  env: Env,
  purpose: string,
  sleep?: (ms: number) => Promise<void>,
  missing: (why: string) => void = () => {},
): Promise<Published> {
  const url = new URL(STATE_MANIFEST, from);
  const tuning = readClientTuning(env);
  const deadline = new Deadline(readDeadlines(env).exportMs, 'RANKING_DEADLINE_MS');
  const fetcher = new SiteFetcher({
    tuning,
    deadline,
    sleep,
    purpose,
    hint: `nothing was built or swapped in, and the next build tries again; only to publish this history whatever is live, build with --new-history`,
  });
  try {
    const asked = new URL(url);
    asked.search = `?history=${clockNow()}`;
    const answer = await fetcher.get(asked, tuning.maxBytes);
    if (answer.status === 'missing') {
      missing(answer.why);
      return undefined;
    }
    return { manifest: answer.status === 'ok' ? parseJson(answer.body.toString('utf8')) : undefined, where: url.href };
  } finally {
    deadline.dispose();
    await fetcher.close();
  }
}

/** What the history rule says of `snapshot` against a published manifest: the line it prints, and why it refuses, if it does. */
export type HistoryJudgement = { refused: false; line: string } | { refused: true; why: string; error: MirrorError };

export function judgeHistory(snapshot: string, published: Published): HistoryJudgement {
  const figures = published && historyFiguresOfManifest(published.manifest);
  if (!published || !figures) {
    return { refused: false, line: `history: ${published ? `${published.where} says nothing of its history` : 'no published history'} to hold this build to` };
  }
  if (figures.sample) return { refused: false, line: `history: ${published.where} publishes the fictional sample, which no history is held to` };
  const next = historyFiguresOf(snapshot);
  const why = shorterHistory(next, figures);
  if (why) {
    const error = new MirrorError('internal', `not publishing ${snapshot} over the history published at ${published.where}: ${why}`, {
      hint:
        `nothing was built; the previous site and state are kept. To keep the published history, remove ${snapshot} so the next refresh restores it ` +
        `(in the workflow: delete the Actions cache); only if the published history is to be dropped, build with --new-history`,
      historyStop: 'shorter',
    });
    return { refused: true, why, error };
  }
  return {
    refused: false,
    line: `history: ${next.snapshots} snapshot${next.snapshots === 1 ? '' : 's'}, not shorter than the ${figures.snapshots} published at ${published.where}`,
  };
}

/**
 * Refuses (exit 1, `historyStop: 'shorter'`) a snapshot whose history is shorter than the one
 * published, before the build writes anything; says in one line what it compared.
 */
export async function guardPublishedHistory(request: HistoryGuardRequest): Promise<void> {
  const { from } = restoreSourceOf(request.env);
  const published =
    previousManifest(request.target, request.outDir) ??
    (from ? await readLiveManifest(from, request.env, 'read the live manifest to compare the histories', request.sleep) : undefined);
  const judged = judgeHistory(request.snapshot, published);
  if (judged.refused) throw judged.error;
  request.reporter.info(judged.line);
}
