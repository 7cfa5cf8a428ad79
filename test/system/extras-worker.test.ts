/**
 * The extras worker of the build (badges, feeds, data files, cards) and the search index the build
 * makes from the worker's records, on the fixture snapshot, in real processes. Pagefind (about
 * 200 MB at 10,000 configurations) never runs beside the worker: it starts once the worker has
 * ended, while the Astro render still runs, when the index is small enough to fit beside it, and
 * otherwise only once the build says the render has ended.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runScript, tempDir } from '../helpers/env.ts';
import { fixtureSnapshot } from '../helpers/site.ts';
import type { ExtrasReport } from '../../src/publish/extras.ts';

const work = tempDir();
afterAll(() => work.cleanup());
/** The fixture's snapshot, made once for both runs. */
let snapshot: Promise<string> | undefined;

interface Seen {
  arenaMax: string | undefined;
  cardsWritten: boolean;
  workerEnded: boolean;
  searchWhileWorkerRan: boolean;
  searchBeforeRenderEnded: boolean;
  settledBeforeRenderEnded: boolean;
  priorityAtStart: number;
  priorityBeforeRenderEnded: number;
  searchAfter: boolean;
  report: ExtrasReport;
}

/**
 * Runs the worker as a build would, with Pagefind allowed beside the render up to `max` records;
 * the render is said to have ended once the job settles (`beside`) or at once when the worker has ended (`after`).
 */
async function drive(name: string, max: number, expected: 'beside' | 'after'): Promise<Seen> {
  snapshot ??= fixtureSnapshot(work.path);
  const staging = join(work.path, name);
  mkdirSync(staging);
  // The driver lives in test/helpers; runScript starts files of scripts/, so the path goes up from there.
  const r = await runScript(
    '../test/helpers/extras-driver.ts',
    [staging, join(work.path, 'no-previous-site'), await snapshot, String(max), expected],
    {},
    { timeoutMs: 120_000 },
  );
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Seen;
}

describe('the extras worker and the search index', () => {
  it('indexes a small site beside the render, once the worker has written the cards and ended', async () => {
    const seen = await drive('beside', 12_000, 'beside');
    // glibc's heaps limited to two (src/publish/child-env.ts), the maintainer's own setting kept.
    expect(seen.arenaMax).toBe('2');
    expect(seen.cardsWritten).toBe(true);
    expect(seen.workerEnded).toBe(true);
    expect(seen.searchWhileWorkerRan).toBe(false);
    expect(seen.searchBeforeRenderEnded).toBe(true);
    expect(seen.settledBeforeRenderEnded).toBe(true);
    expect(seen.report.searchBesideRender).toBe(true);
    // Pagefind started at the worker's lower priority, so that it takes only the CPU the render leaves.
    expect(seen.priorityBeforeRenderEnded).toBe(Math.max(seen.priorityAtStart, 10));
    expect(seen.report.searchPages).toBeGreaterThan(0);
    expect(seen.report.searchPages).toBeLessThanOrEqual(12_000);
    expect(seen.report.searchReused).toBe(false);
    expect(seen.report.rendered).toBe(seen.report.cards);
  }, 150_000);

  it('indexes a site of more records than fit beside the render only after the build says the render has ended', async () => {
    // Told the render ended only once the worker has ended and the job has had a turn to act on it: a job that did
    // not wait for the render would have started the index then, and said so in its report.
    const seen = await drive('after', 0, 'after');
    expect(seen.cardsWritten).toBe(true);
    expect(seen.workerEnded).toBe(true);
    expect(seen.searchBeforeRenderEnded).toBe(false);
    expect(seen.settledBeforeRenderEnded).toBe(false);
    expect(seen.priorityBeforeRenderEnded).toBe(seen.priorityAtStart);
    expect(seen.searchAfter).toBe(true);
    expect(seen.report.searchBesideRender).toBe(false);
    expect(seen.report.searchPages).toBeGreaterThan(0);
  }, 150_000);
});
