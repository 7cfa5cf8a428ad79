/** A page's view renders from its route's named fields alone: no snapshot, no site data. */
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import type { Configuration, Model } from '../../src/site/data/types.ts';
import type { ConfigurationPage } from '../../src/site/routes/configuration.ts';
import type { SiteShell } from '../../src/site/routes/shell.ts';
import { configurationPageHtml } from '../../src/views/configuration-page.ts';
import type { PastLinks } from '../../src/site/routes/past.ts';
import { pastLeaderboardPageHtml } from '../../src/views/list-page.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { siteOf } from '../../src/site/settings/config.ts';

const AT = Date.UTC(2026, 10, 16, 6);
const SHELL: SiteShell = {
  generatedAt: AT,
  sample: false,
  partial: false,
  staleAfter: undefined,
  coverage: { asOf: AT, configurations: 2, withDetails: 0, olderThan7Days: 0, olderThan30Days: 0, oldestFetchedAt: null, newestFetchedAt: null },
  previous: undefined,
  card: { file: 'og/site.png', alt: 'the site', input: {} as never },
  site: siteOf(inputOutsideBuild('snapshot.db', {}).site),
};

const configuration = (slug: string, name: string, position: number): Configuration => ({
  slug,
  name,
  provider: 'Acme <Labs>',
  familyTag: 'quillon-3',
  supraScore: 90 - position,
  benchCount: 12,
  updatedAt: AT,
  position,
  tags: [],
  hasDetail: false,
  detail: undefined,
  previousPosition: undefined,
  segment: slug,
  rank: position,
  rankTied: false,
  rankText: String(position),
  scoreText: (90 - position).toFixed(1),
  detailFetchedAt: undefined,
  hasPage: true,
  href: `/configurations/${slug}/`,
});
const high = configuration('quillon-3-high', 'Quillon 3 (high)', 1);
const low = configuration('quillon-3-low', 'Quillon 3 (low)', 2);
const model = {
  familyTag: 'quillon-3',
  name: 'Quillon 3',
  rank: 1,
  best: high,
  configurations: [high, low],
  movement: { kind: 'none' },
  segment: 'quillon-3',
  rankText: '1',
  href: '/models/quillon-3/',
} as Model;
const page = (
  configuration: Configuration,
  evidence: ConfigurationPage['evidence'] = { score: undefined, noScore: 'the mirror has no per-benchmark scores for it yet', none: false, level: 0.9 },
): ConfigurationPage => ({
  shell: SHELL,
  configuration,
  model,
  configurations: 2,
  models: 1,
  history: [],
  tags: [],
  scores: [],
  evidence,
  providerHref: '/providers/acme-labs/',
});

describe('the configuration page, from its route alone', () => {
  it('names its model and its best configuration, and escapes what the API wrote', () => {
    const $ = load(configurationPageHtml(page(low)).html);
    expect(
      $('.lede a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/providers/acme-labs/', '/models/quillon-3/', '/configurations/quillon-3-high/']);
    expect($('.lede').text()).toContain('A configuration by Acme <Labs>.');
  });

  it('says how many configurations and models its ranks are of', () => {
    const $ = load(configurationPageHtml(page(high)).html);
    expect(
      $('dl.figures small')
        .map((_, s) => $(s).text())
        .get(),
    ).toEqual(['of 2 configurations', 'of 1 models']);
  });

  it('gives its evidence score as the mirror’s, with what it rests on and a link to the method, or why it has none', () => {
    const withScore = load(
      configurationPageHtml(page(high, { score: { text: '57.1', references: 9, benchmarks: 1 }, noScore: '', none: false, level: 0.9 })).html,
    );
    expect(withScore('dl.figures div').last().text().replace(/\s+/g, ' ').trim()).toBe('Evidence score 57.1 the mirror’s');
    expect(withScore('p.evidence').text().replace(/\s+/g, ' ')).toBe(
      'Its evidence score is 57.1: its win share against 9 of the top 10 configurations on 1 benchmark they share. It is the mirror’s computation, not the API’s: how it is made.',
    );
    expect(withScore('p.evidence a').attr('href')).toBe('/about/#evidence');
    const without = load(configurationPageHtml(page(low)).html);
    expect(without('dl.figures dt').text()).not.toContain('Evidence');
    expect(without('p.evidence').text()).toContain('It has no evidence score: the mirror has no per-benchmark scores for it yet.');
    // A snapshot without any: the page's note on per-benchmark scores says so once, and the line only points to the method.
    const none = load(configurationPageHtml(page(low, { score: undefined, noScore: 'x', none: true, level: 0.9 })).html);
    expect(none('p.evidence').text().replace(/\s+/g, ' ').trim()).toBe(
      'Evidence scores and likely ranks, the mirror’s own computation, need per-benchmark scores: how they are made.',
    );
  });
});

describe('the leaderboard as it stood, from its route alone', () => {
  const links = (days: string[], pages: string[]): PastLinks => ({
    first: days[0],
    last: days.at(-1),
    historyDays: days.length,
    keptDays: days.length,
    pages: pages.map((date) => ({ date, href: `/leaderboard/as-of/${date}/`, monthEnd: true })),
    href: '/leaderboard/as-of/',
    index: '/data/history/index.json',
    gzipped: false,
  });
  const lede = (l: PastLinks) => load(pastLeaderboardPageHtml({ shell: SHELL, links: l, day: undefined }).html)('.lede');

  it('says which days it keeps, and links the days with a page of their own', () => {
    const $lede = lede(links(['2025-11-17', '2026-10-31', '2026-11-16'], ['2026-10-31', '2025-11-17']));
    expect($lede.text()).toContain('Any day of the 3 this site keeps, from 2025-11-17 to 2026-11-16:');
    expect(
      $lede
        .find('a')
        .map((_, a) => a.attribs.href)
        .get(),
    ).toEqual(['/', '/changes/#as-of']);
  });

  it('names the one day a new mirror keeps, and links no list of pages it does not have', () => {
    const $lede = lede(links(['2026-11-16'], []));
    expect($lede.text()).toContain('The one day this site keeps, 2026-11-16:');
    expect(
      $lede
        .find('a')
        .map((_, a) => a.attribs.href)
        .get(),
    ).toEqual(['/']);
  });
});
