/** The site's query module on a long history: bounded charts and feed, movement against the last snapshot. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { validateExport } from '../../src/api/validate.ts';
import { FEED_ENTRIES, HISTORY_CHART_POINTS } from '../../src/site/settings/config.ts';
import { HISTORY_DAYS } from '../../src/site/links/output-paths.ts';
import { writeSnapshot } from '../../src/store/write-snapshot.ts';
import type { RenderInput } from '../../src/site/plan/render-input.ts';
import { tempDir } from '../helpers/env.ts';
import { fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';

const SNAPSHOTS = HISTORY_CHART_POINTS + 5;
const DAY = 86_400_000;
const dir = tempDir();
let data: typeof import('../../src/site/data/site-data.ts');
let input: RenderInput;

beforeAll(async () => {
  const out = join(dir.path, 'long.db');
  for (let n = 0; n < SNAPSHOTS; n++) {
    const e = fixtureExport({ hostile: false, generatedAt: GENERATED_AT + n * DAY });
    // On the last day plain-1 overtakes the configuration above it.
    if (n === SNAPSHOTS - 1) e.models = e.models.map((m) => (m.slug === 'plain-1' ? { ...m, supraScore: 52 } : m));
    writeSnapshot(out, {
      data: validateExport(e),
      meta: { fetchedAt: GENERATED_AT + n * DAY, source: 'file', bodySha256: `h${n}`, partial: false, sample: false },
      historyLimit: 1000,
      carryFrom: n ? out : undefined,
    });
  }
  input = inputOutsideBuild(out, {});
  data = await import('../../src/site/data/site-data.ts');
});

afterAll(() => dir.cleanup());

describe('getSiteData', () => {
  it('charts the newest snapshots only, oldest first', () => {
    const points = data.getSiteData(input).historyFor('plain-1');
    expect(points).toHaveLength(HISTORY_CHART_POINTS);
    expect(points.at(-1)!.generatedAt).toBe(GENERATED_AT + (SNAPSHOTS - 1) * DAY);
    expect(points[0]!.generatedAt).toBe(GENERATED_AT + (SNAPSHOTS - HISTORY_CHART_POINTS) * DAY);
  });

  it('lists the changes of the newest snapshots for the feed, with exact counts', () => {
    const { changes } = data.getSiteData(input);
    expect(changes).toHaveLength(FEED_ENTRIES);
    const [latest] = changes;
    expect(latest).toMatchObject({ comparable: true, addedCount: 0, removedCount: 0 });
    expect(latest!.movedUp.map((c) => [c.slug, c.previousPosition, c.position])).toEqual([['plain-1', 6, 5]]);
    expect(latest!.movedCount).toBe(2);
  });

  it('moves a model against the previous snapshot', () => {
    const model = data.getSiteData(input).modelByFamily.get('plain-1')!;
    expect(model.movement).toEqual({ kind: 'up', by: 1 });
    expect(data.getSiteData(input).modelByFamily.get('quillon-3')!.movement).toEqual({ kind: 'same', by: 0 });
  });

  it('puts the snapshots of the last 90 days in the history download, oldest first', async () => {
    const { historyCsv } = await import('../../src/site/files/downloads.ts');
    const header = historyCsv(data.readRecentHistory(HISTORY_DAYS, input.snapshot), input.site.attributionUrl).toString('utf8').split('\r\n')[0]!.split(',');
    const times = header.filter((h) => h.startsWith('rank_')).map((h) => h.slice('rank_'.length));
    const last = GENERATED_AT + (SNAPSHOTS - 1) * DAY;
    expect(times).toHaveLength(HISTORY_DAYS + 1);
    expect([times[0], times.at(-1)]).toEqual([new Date(last - HISTORY_DAYS * DAY).toISOString(), new Date(last).toISOString()]);
  });

  it('makes addresses under the base path of the site it was handed, and leaves no base behind for the next load', async () => {
    const { href } = await import('../../src/site/links/links.ts');
    const { providerPageOf } = await import('../../src/site/data/providers.ts');
    const under = data.getSiteData(inputOutsideBuild(input.snapshot, { SITE_URL: 'https://example.org/mirror/' }));
    const first = under.models[0]!;
    expect(first.href).toMatch(/^\/mirror\/models\//);
    expect(first.configurations.every((c) => c.href.startsWith('/mirror/'))).toBe(true);
    expect(providerPageOf(under, first.best.provider)).toMatch(/^\/mirror\/providers\//);
    // Loading data set nothing: an address made outside it is still under the build's own base.
    expect(href('/changes/')).toBe('/changes/');
    const atRoot = data.getSiteData(input);
    expect(atRoot.models[0]!.href).toMatch(/^\/models\//);
  });
});
