/**
 * A vendor's page on the bundled sample, built as a fresh clone builds it: every model of the vendor
 * by model rank, with its feed; and, where a deploy target's plan cuts the vendor's rows
 * (`keep.providerRows`, src/site/plan/page-kinds.ts), its best models, and a note of how many more
 * there are, linking the leaderboard filtered by the vendor.
 */
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSiteData, releaseSiteData, type SiteData } from '../../src/site/data/site-data.ts';
import { providersOf } from '../../src/site/data/providers.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { resolvePlan } from '../../src/site/plan/site-plan.ts';
import { providerPage } from '../../src/site/routes/provider.ts';
import { providerPageHtml } from '../../src/views/provider-page.ts';
import { sharedSite } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';

let site: BuiltSite;
let snapshot: string;

beforeAll(async () => {
  const sample = await sharedSite('sample');
  site = readSite(sample.dist);
  snapshot = sample.snapshot;
}, 600_000);

afterAll(() => releaseSiteData());

/** The sample's data under a plan for Vercel (Hobby) that lists `rows` models on a vendor's page. */
function dataWithRows(rows: number): SiteData {
  const all = resolvePlan(undefined, Number.MAX_SAFE_INTEGER, 0);
  return getSiteData(inputOutsideBuild(snapshot, {}, { ...all, target: 'vercel-hobby', keep: { ...all.keep, providerRows: rows } }));
}

describe('a vendor’s page', () => {
  it('lists every model of the vendor by model rank in the built sample, with its feed, and no note', () => {
    const data = getSiteData(inputOutsideBuild(snapshot, {}));
    const { providers } = providersOf(data);
    expect(providers.length).toBeGreaterThan(1);
    for (const provider of providers) {
      const $ = site.html.get(`providers/${provider.segment}/index.html`)!;
      expect($('h1').text()).toBe(provider.name);
      const linked = $('tbody tr th a, tbody tr td a')
        .map((_, a) => $(a).attr('href'))
        .get()
        .filter((href) => href.startsWith('/models/'));
      expect([...new Set(linked)]).toEqual(provider.models.map((m) => `/models/${m.segment}/`));
      expect($('p.note').text()).not.toMatch(/are listed here/);
      expect(site.files).toContain(`providers/${provider.segment}/feed.xml`);
    }
  });

  it('lists only its best models where the plan cuts its rows, says how many more, and links the leaderboard filtered by the vendor', () => {
    const data = dataWithRows(2);
    const biggest = [...providersOf(data).providers].sort((a, b) => b.models.length - a.models.length)[0]!;
    expect(biggest.models.length).toBeGreaterThan(2);
    const page = providerPage(data, biggest);
    expect(page.rows.map((r) => r.name)).toEqual(biggest.models.slice(0, 2).map((m) => m.name));
    expect(page.more).toBe(biggest.models.length - 2);
    const $ = load(providerPageHtml(page).html);
    expect($('tbody tr').length).toBe(2);
    const note = $('p.note').filter((_, p) => /are listed here/.test($(p).text()));
    expect(note.text().replace(/\s+/g, ' ')).toContain(
      `The best 2 of its ${biggest.models.length} models are listed here: this site is built for vercel-hobby, whose limits leave out the other ${biggest.models.length - 2}.`,
    );
    expect(note.find('a').attr('href')).toBe(`/?provider=${encodeURIComponent(biggest.name)}`);
  });
});
