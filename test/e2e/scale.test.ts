/**
 * Correctness at a size CI can afford (1,000 configurations): every row gets its page, the
 * leaderboard pages cover the ranking exactly once, and the size budgets hold. Speed is measured
 * by `npm run bench`, never asserted here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { byRanking } from '../../src/api/ranking.ts';
import { generateSample } from '../../src/dev/sample/generate.ts';
import { competitionRanks } from '../../src/site/format/ranks.ts';
import { LARGE, LARGE_CARD_MODELS, sharedSite } from '../helpers/shared-sites.ts';
import { fileFor, readSite, type BuiltSite } from '../helpers/site.ts';

const sample = generateSample(LARGE);
const families = new Set(sample.export.models.map((m) => m.familyTag)).size;
/** Each family's best score, in the ranking order of its best configuration. */
const familyBestScores = () => {
  const best = new Map<string, number>();
  for (const m of [...sample.export.models].sort(byRanking)) if (!best.has(m.familyTag)) best.set(m.familyTag, m.supraScore);
  return [...best.values()];
};
let site: BuiltSite;

beforeAll(async () => {
  site = readSite((await sharedSite('large')).dist);
}, 600_000);

describe(`a ${LARGE.configurations.toLocaleString('en-US')}-configuration site`, () => {
  it('has a page for every configuration, model, benchmark and tag', () => {
    const files = new Set(site.files);
    for (const m of sample.export.models) expect(files.has(`configurations/${m.slug}/index.html`), m.slug).toBe(true);
    for (const m of sample.export.models) expect(files.has(`models/${m.familyTag}/index.html`), m.familyTag).toBe(true);
    for (const b of sample.export.benches) expect(files.has(`benchmarks/${b.slug}/index.html`), b.slug).toBe(true);
    for (const t of sample.export.tags) expect(files.has(`tags/${t.tag}/index.html`), t.tag).toBe(true);
    const models = JSON.parse(site.read('data/models.json')) as { models: unknown[] };
    expect(models.models).toHaveLength(LARGE.configurations);
  });

  it('says once on each page, not twice, that a snapshot without details has no per-benchmark scores', () => {
    const pages = site.files.filter((f) => /^(configurations|models)\/[^/]+\/index\.html$/.test(f));
    expect(pages.length).toBe(LARGE.configurations + families);
    const counts = new Set(pages.map((f) => site.read(f).match(/no per-benchmark scores/g)?.length ?? 0));
    expect([...counts]).toEqual([1]);
    expect(site.read(`configurations/${sample.export.models[0]!.slug}/index.html`)).toContain(
      '<p class="meta coverage">The mirror has no per-benchmark scores in this snapshot yet',
    );
  });

  it('ranks every model exactly once across the leaderboard pages', () => {
    const pages = Math.ceil(families / 100);
    expect(pages).toBeGreaterThan(5);
    const ranks: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const $ = site.html.get(p === 1 ? 'index.html' : `leaderboard/${p}/index.html`)!;
      expect($, `page ${p}`).toBeDefined();
      const rows = $('tbody tr');
      expect(rows.length).toBe(p < pages ? 100 : families - 100 * (pages - 1));
      rows.each((_, tr) => void ranks.push($(tr).find('td.rank strong').text()));
      $('[data-pager] a').each((_, a) => expect(site.files).toContain(fileFor($(a).attr('href')!)));
    }
    // Standard competition ranking of the families' best scores: equal scores share a rank ("=5").
    expect(ranks.map((r) => Number(r.replace('=', '')))).toEqual(competitionRanks(familyBestScores()).map((r) => r.rank));
    expect(ranks.filter((r) => r.startsWith('=')).length).toBe(competitionRanks(familyBestScores()).filter((r) => r.tied).length);
    expect(site.files).not.toContain(`leaderboard/${pages + 1}/index.html`);
  });

  it('lists every benchmark once across the pages of the benchmarks list, by weight', () => {
    const listed: string[] = [];
    for (const file of ['benchmarks/index.html', 'benchmarks/page/2/index.html']) {
      const $ = site.html.get(file)!;
      $('tbody th a').each((_, a) => void listed.push($(a).attr('href')!));
      $('[data-pager] a').each((_, a) => expect(site.files).toContain(fileFor($(a).attr('href')!)));
    }
    const byWeight = [...sample.export.benches].sort((a, b) => b.effectiveWeight - a.effectiveWeight || (a.slug < b.slug ? -1 : 1));
    expect(listed).toEqual(byWeight.map((b) => `/benchmarks/${b.slug}/`));
    expect(site.files).not.toContain('benchmarks/page/3/index.html');
  });

  it('lists every model carrying a tag across the pages of the tag, readable without JavaScript', () => {
    const carried = new Map<string, Set<string>>();
    for (const m of sample.export.models) for (const t of m.tags) (carried.get(t) ?? carried.set(t, new Set()).get(t)!).add(m.familyTag);
    const [tag, families] = [...carried].sort((a, b) => b[1].size - a[1].size)[0]!;
    expect(families.size).toBeGreaterThan(100);
    const listed: string[] = [];
    for (let p = 1; ; p++) {
      const $ = site.html.get(p === 1 ? `tags/${tag}/index.html` : `tags/${tag}/page/${p}/index.html`);
      if (!$) break;
      $('#carrying ~ .table-wrap tbody th > a').each((_, a) => void listed.push($(a).attr('href')!));
      $('[data-pager] a').each((_, a) => expect(site.files).toContain(fileFor($(a).attr('href')!)));
    }
    expect(listed.sort()).toEqual([...families].map((f) => `/models/${f}/`).sort());
  });

  it('keeps the leaderboard page and the JavaScript of every page within budget', () => {
    const leaderboard = gzipSync(readFileSync(join(site.dist, 'index.html')), { level: 9 }).length;
    expect(leaderboard).toBeLessThan(100 * 1024);
    for (const [file, $] of site.html) {
      const js = $('script[src]')
        .map((_, s) => gzipSync(readFileSync(join(site.dist, fileFor($(s).attr('src')!)))).length)
        .get()
        .reduce((a: number, b: number) => a + b, 0);
      expect(js, file).toBeLessThan(20 * 1024);
    }
  });

  it('gives the top CARD_MODELS models a link-preview card of their own, and the pages of the others the site’s card', () => {
    const card = (file: string) => site.html.get(file)!('meta[property="og:image"]').attr('content')!;
    const siteCard = card('about/index.html');
    const ranked = (JSON.parse(site.read('data/model-list.json')) as { models: [string][] }).models.map(([segment]) => segment);
    expect(ranked.length).toBeGreaterThan(LARGE_CARD_MODELS);
    ranked.forEach((segment, i) => {
      const shown = card(`models/${segment}/index.html`);
      if (i < LARGE_CARD_MODELS) expect(shown, segment).toMatch(new RegExp(`/og/models/${segment}-[0-9a-f]{12}\\.png$`));
      else expect(shown, segment).toBe(siteCard);
    });
  });

  it('lists every page but the 404, the two redirects to page 1 and the page drawn from the query (/leaderboard/as-of/) in the sitemap', () => {
    const locs = site.files.filter((f) => /^sitemap-\d+\.xml$/.test(f)).flatMap((f) => site.read(f).match(/<loc>/g) ?? []);
    expect(locs.length).toBe(site.html.size - 4);
  });
});
