/**
 * Ranking by a visitor's weights on the bundled sample, built as a fresh clone builds it: the page's
 * data (rank.json), decoded as the browser decodes it and ranked as the source weighs, gives every
 * model its best configuration's evidence score as the build computed it from the same snapshot, to
 * the bit; the page's own first rows are that ranking; the leaderboard and each tag's page link it.
 */
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { load } from 'cheerio';
import { gzipSync } from 'node:zlib';
import { fitRankFile, RANK_FILE_BUDGET, rankFileFor, rankFileOf, rankPage } from '../../src/site/routes/rank.ts';
import { rankPageHtml } from '../../src/views/rank-page.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSiteData, releaseSiteData, type SiteData } from '../../src/site/data/site-data.ts';
import { decodeRank, type RankData, type RankFile } from '../../src/site/evidence/rank-file.ts';
import { rankUnder, type Ranking } from '../../src/site/evidence/reweigh.ts';
import { benchWeights, isSourceWeights, readWeights, SOURCE_WEIGHTS } from '../../src/site/evidence/weights.ts';
import { rankRows } from '../../src/site/lists/rank-list.ts';
import { sharedSite } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';

let site: BuiltSite;
let data: SiteData;
let file: RankFile;
let rank: RankData;
let ranking: Ranking;

beforeAll(async () => {
  const sample = await sharedSite('sample');
  site = readSite(sample.dist);
  // The snapshot the build rendered, loaded again here as a page loads it: its evidence is the build's.
  data = getSiteData(inputOutsideBuild(sample.snapshot, {}));
  file = JSON.parse(site.read('data/rank.json')) as RankFile;
  rank = decodeRank(file);
  ranking = rankUnder(rank.field, benchWeights(SOURCE_WEIGHTS, rank.benchmarks), true);
  return () => releaseSiteData();
});

describe('/rank/ on the bundled sample', () => {
  it('ranks as the source weighs by each model’s evidence score, bit for bit the build’s', () => {
    const evidence = data.evidence();
    expect(rank.field.models).toBe(data.models.length);
    const differ = data.models.flatMap((m, i) => {
      const built = evidence.configuration(m.best.slug)?.score ?? Number.NaN;
      return Object.is(ranking.scores[i], built) ? [] : [`${m.familyTag}: ${ranking.scores[i]} on the page, ${built} in the build`];
    });
    expect(differ).toEqual([]);
    expect(ranking.none).toBe(0);
    expect(ranking.references.end).toBe('source');
  });

  it('finds the references under each capability’s weight in at most 8 passes, and says how', () => {
    const ends = new Map<string, number>();
    const rounds: number[] = [];
    const weighings = [...rank.tags.segment.flatMap((t) => [{ w: `${t}:1` }, { w: `${t}:3,*:1` }]), { by: 'alike' }];
    for (const weighing of weighings) {
      const { weights } = readWeights({ w: '', b: '', by: '', ...weighing }, rank.names);
      const r = rankUnder(rank.field, benchWeights(weights, rank.benchmarks), isSourceWeights(weights));
      const { end, models } = r.references;
      ends.set(end, (ends.get(end) ?? 0) + 1);
      rounds.push(r.references.rounds);
      expect(r.references.rounds).toBeLessThanOrEqual(8);
      expect(['settled', 'cycle', 'bound']).toContain(end);
      // Settled: the references are the ten it ranks first; a cycle: more than ten, every set of the cycle.
      if (end === 'settled') expect(new Set(models)).toEqual(new Set(r.ranked.slice(0, 10)));
      if (end === 'cycle') expect(models.length).toBeGreaterThan(10);
    }
    rounds.sort((a, b) => a - b);
    // The figures docs/site.md quotes.
    console.info(
      `${weighings.length} weighings of the sample: ${[...ends].map(([e, n]) => `${n} ${e}`).join(', ')}; passes ${rounds[0]}–${rounds.at(-1)}, median ${rounds[rounds.length >> 1]}`,
    );
  });

  it('shows that ranking as its first rows, and says how many it ranks and lists apart', () => {
    const $ = load(site.read('rank/index.html'));
    const rows = rankRows(rank, ranking).slice(0, 100);
    const shown = $('[data-rank] tbody tr')
      .toArray()
      .map((tr) => [
        $(tr).find('th.model-name > a').text(),
        $(tr).find('td.rank .apart').length ? 'apart' : $(tr).find('td.rank strong').text(),
        $(tr).find('td.num .score > span').first().text(),
      ]);
    expect(shown).toEqual(rows.map((r) => [r.name, r.rank ? r.rankText : 'apart', r.scoreText]));
    expect($('[data-rank]').attr('data-total')).toBe(String(ranking.ranked.length + ranking.apart.length));
    expect($('[data-rank-summary]').text()).toContain(`${ranking.ranked.length} models ranked as the source weighs, ${ranking.apart.length} listed apart`);
    expect($('[data-rank-about]').text()).toContain('The mirror’s computation, not the source’s');
  });

  it('without JavaScript says what it does and links each tag some benchmark carries', () => {
    const $ = load(site.read('rank/index.html'));
    // A noscript's content is text to a parser that runs scripts: read it as markup.
    const $n = load($('noscript').first().text());
    expect($n.text()).toContain('needs JavaScript');
    expect(
      $n('.tag-links a')
        .toArray()
        .map((a) => $n(a).attr('href'))
        .sort(),
    ).toEqual(rank.tags.segment.map((s) => `/tags/${s}/`).sort());
  });

  it('is linked from the leaderboard and from each tag’s page with that tag weighed', () => {
    expect(load(site.read('index.html'))('.lede a[href="/rank/"]').length).toBe(1);
    const tag = data.tags.find((t) => t.benchList.length > 0)!;
    expect(load(site.read(`tags/${tag.segment}/index.html`))(`a[href="/rank/?w=${tag.segment}:1"]`).length).toBe(1);
    const bare = data.tags.find((t) => t.benchList.length === 0);
    if (bare) expect(load(site.read(`tags/${bare.segment}/index.html`))('a[href^="/rank/"]').length).toBe(0);
  });

  it('writes rank.json with the attribution, listed in the manifest with its schema', () => {
    expect(file).toMatchObject({ source: expect.any(String), sourceUrl: expect.any(String), sample: true });
    const manifest = JSON.parse(site.read('data/manifest.json')) as { files: { path: string; schema: string | null }[] };
    expect(manifest.files.find((f) => f.path === 'rank.json')).toMatchObject({ schema: 'rank.schema.json' });
    expect(site.files).toContain('data/rank.schema.json');
  });

  it('holds, where its file would weigh more than a budget gzipped, the best models that fit, and says so on the page', () => {
    const whole = gzipSync(JSON.stringify(rankFileFor(data, data.models.length)), { level: 9 }).length;
    // The sample's file fits the budget whole (the page's own figure, RANK_FILE_BUDGET), so it holds every model.
    expect(whole).toBeLessThanOrEqual(RANK_FILE_BUDGET);
    expect(rankFileOf(data).models.name).toHaveLength(data.models.length);
    // A budget of two thirds of it: the file of the most models that fits it, within a few models of the most.
    const budget = Math.round((whole * 2) / 3);
    const fitted = fitRankFile((n) => rankFileFor(data, n), data.models.length, budget);
    const held = fitted.models.name.length;
    expect(gzipSync(JSON.stringify(fitted), { level: 9 }).length).toBeLessThanOrEqual(budget);
    expect(held).toBeLessThan(data.models.length);
    expect(gzipSync(JSON.stringify(rankFileFor(data, held + 5)), { level: 9 }).length).toBeGreaterThan(budget);
    expect(fitted.models.name).toEqual(data.models.slice(0, held).map((m) => m.name));
    // The page says why the ranking holds fewer models than the site has.
    const page = rankPageHtml({ ...rankPage(data), leftOut: data.models.length - held, held, leftOutBy: 'budget' }).html;
    expect(load(page)('p.note').text().replace(/\s+/g, ' ')).toContain(
      `To keep what this page loads under 700 KB, the mirror keeps the ranking to the ${held} best models by supraScore; the other ${data.models.length - held} are left out of it.`,
    );
  });
});
