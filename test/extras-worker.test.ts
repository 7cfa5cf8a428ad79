/**
 * The extras worker of the build (badges, feeds, data files, cards and the search index) on the
 * fixture snapshot, in a real process: Pagefind, about 200 MB at 10,000 configurations, starts only
 * once the build says the Astro render has ended, so the two never hold their memory at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runScript, tempDir } from './helpers/env.ts';
import { fixtureSnapshot } from './helpers/site.ts';
import type { ExtrasReport } from '../src/publish/extras.ts';

const work = tempDir();
afterAll(() => work.cleanup());

describe('the extras worker', () => {
  it('writes the cards while the render runs, and the search index only after the build says the render has ended', async () => {
    const snapshot = await fixtureSnapshot(work.path);
    const staging = join(work.path, 'staging');
    mkdirSync(staging);
    // The driver lives in test/helpers; runScript starts files of scripts/, so the path goes up from there.
    const r = await runScript(
      '../test/helpers/extras-driver.ts',
      [staging, join(work.path, 'no-previous-site')],
      { MIRROR_SNAPSHOT_DB: snapshot },
      { timeoutMs: 120_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
      arenaMax: string | undefined;
      cardsWritten: boolean;
      searchBeforeRenderEnded: boolean;
      settledBeforeRenderEnded: boolean;
      searchAfter: boolean;
      report: ExtrasReport;
    };
    // glibc's heaps limited to two (src/publish/child-env.ts), the maintainer's own setting kept.
    expect(seen.arenaMax).toBe('2');
    expect(seen.cardsWritten).toBe(true);
    expect(seen.searchBeforeRenderEnded).toBe(false);
    expect(seen.settledBeforeRenderEnded).toBe(false);
    expect(seen.searchAfter).toBe(true);
    expect(seen.report.searchPages).toBeGreaterThan(0);
    expect(seen.report.searchReused).toBe(false);
    expect(seen.report.rendered).toBe(seen.report.cards);
  }, 150_000);
});
