/**
 * The extras worker of the build (badges, feeds, data files, cards) and the search index the build
 * makes from the worker's records, on the fixture snapshot, in real processes. Pagefind (about
 * 200 MB at 10,000 configurations) never runs beside the worker: it starts once the worker has
 * ended, while the Astro render still runs, when the index is small enough to fit beside it, and
 * otherwise only once the build says the render has ended.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runScript, tempDir } from '../helpers/env.ts';
import { fixtureSnapshot } from '../helpers/site.ts';
import { CARD_MANIFEST, type CardManifest, type ExtrasReport } from '../../src/publish/extras.ts';

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
async function drive(name: string, max: number, expected: 'beside' | 'after', env: Record<string, string> = {}): Promise<Seen> {
  snapshot ??= fixtureSnapshot(work.path);
  const staging = join(work.path, name);
  mkdirSync(staging);
  // The driver lives in test/helpers; runScript starts files of scripts/, so the path goes up from there.
  const r = await runScript('../test/helpers/extras-driver.ts', [staging, join(work.path, 'no-previous-site'), await snapshot, String(max), expected], env, {
    timeoutMs: 120_000,
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Seen;
}

describe('the extras worker and the search index', () => {
  /** A folder of cards of this file's own (MIRROR_TEST_CARD_CACHE), empty before the first drive: the second takes its cards from it. */
  const cache = { MIRROR_TEST_CARD_CACHE: join(work.path, 'card-cache') };
  let first: Seen;

  it('indexes a small site beside the render, once the worker has written the cards and ended', async () => {
    const seen = (first = await drive('beside', 12_000, 'beside', cache));
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
    expect(seen.report).toMatchObject({ rendered: seen.report.cards, reused: 0, cached: 0 });
  }, 150_000);

  it('indexes a site of more records than fit beside the render only after the build says the render has ended', async () => {
    // Told the render ended only once the worker has ended and the job has had a turn to act on it: a job that did
    // not wait for the render would have started the index then, and said so in its report.
    const seen = await drive('after', 0, 'after', cache);
    expect(seen.cardsWritten).toBe(true);
    expect(seen.workerEnded).toBe(true);
    expect(seen.searchBeforeRenderEnded).toBe(false);
    expect(seen.settledBeforeRenderEnded).toBe(false);
    expect(seen.priorityBeforeRenderEnded).toBe(seen.priorityAtStart);
    expect(seen.searchAfter).toBe(true);
    expect(seen.report.searchBesideRender).toBe(false);
    expect(seen.report.searchPages).toBeGreaterThan(0);
    // The same cards as the first run's: all of them from the folder of cards the two share.
    expect(seen.report).toMatchObject({ cards: first.report.cards, rendered: 0, reused: 0, cached: first.report.cards });
  }, 150_000);

  it("takes the cards the first run rendered out of the test run's folder of cards, byte for byte, and renders none", () => {
    const second = JSON.parse(readFileSync(join(work.path, 'after', CARD_MANIFEST), 'utf8')) as CardManifest;
    const cards = JSON.parse(readFileSync(join(work.path, 'beside', CARD_MANIFEST), 'utf8')) as CardManifest;
    expect(second.files).toEqual(cards.files);
    expect(cards.files.length).toBe(first.report.cards);
    for (const file of cards.files) expect(readFileSync(join(work.path, 'after', file)).equals(readFileSync(join(work.path, 'beside', file))), file).toBe(true);
    // Every card whole in the folder, under the renderer's version, and nothing half-written beside them.
    const kept = readdirSync(cache.MIRROR_TEST_CARD_CACHE, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(kept.map((e) => e.name).sort()).toEqual(cards.files.map((f) => f.split('/').at(-1)).sort());
    expect(readdirSync(cache.MIRROR_TEST_CARD_CACHE)).toEqual([cards.renderer]);
  });
});
