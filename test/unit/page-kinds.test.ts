/** The table of page kinds: which kind a file of the site is, which pages the sitemap lists, the order things give way in, and the hosts' lifetimes of each kind's files. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GIVE_WAY, kindOf, outOfSitemap, PAGE_KINDS, pageKindOf } from '../../src/site/plan/page-kinds.ts';
import { DEFAULT_WEIGHTS } from '../../src/site/plan/weights.ts';
import { planSite } from '../../src/site/plan/site-plan.ts';
import { fieldCounts } from '../helpers/field-counts.ts';
import { estimateKinds } from '../../src/site/plan/estimate-site.ts';
import { DEPLOY_TARGETS } from '../../src/site/plan/hosts.ts';
import { TAG_PAIR_BENCHES } from '../../src/site/plan/output-kinds.ts';
import { ROOT } from '../helpers/env.ts';
import { bucketSyncCalls, headersFor, parseHeadersFile, parseRedirectsFile, syncIncludes, urlPathOf } from '../helpers/hosts.ts';

describe('the table of page kinds', () => {
  it('gives each file of a site the kind of output the plan weighs it as', () => {
    const expected: Record<string, string> = {
      'index.html': 'leaderboard',
      'leaderboard/index.html': 'leaderboard',
      'leaderboard/3/index.html': 'leaderboard',
      'leaderboard/as-of/index.html': 'history',
      'leaderboard/as-of/2026-10-31/index.html': 'history',
      'data/history/days/2026-10-31.json': 'history',
      'models/gpt-x/index.html': 'model-page',
      'models/gpt-x/feed.xml': 'model-feed',
      'models/gpt-x/badge.svg': 'badge',
      'models/gpt-x/badge.json': 'badge',
      'configurations/gpt-x-high/index.html': 'configuration-page',
      'compare/index.html': 'other',
      'compare/a-vs-b/index.html': 'comparison',
      'og/models/gpt-x.png': 'card',
      'pagefind/fragment/en_1.pf_fragment': 'search',
      'benchmarks/index.html': 'other',
      'benchmarks/page/2/index.html': 'other',
      'benchmarks/mmlu/index.html': 'benchmark-page',
      'benchmarks/mmlu/page/2/index.html': 'benchmark-page',
      'tags/index.html': 'other',
      'tags/coding/index.html': 'tag-page',
      'tags/coding/feed.xml': 'tag-page',
      'tags/coding/page/2/index.html': 'tag-page',
      'tags/coding/with/math/index.html': 'tag-pair-page',
      'providers/saffron-collective/index.html': 'provider-page',
      'providers/saffron-collective/feed.xml': 'provider-page',
      'rank/index.html': 'rank',
      'data/rank.json': 'rank',
      'data/rank/all.json': 'rank',
      'data/rank/tags/coding.json': 'rank',
      'data/models/gpt-x.json': 'model-file',
      'data/model-groups/0.json.gz': 'model-file',
      'data/snapshot.db.gz.part-001': 'snapshot-db',
      'data/scores.csv': 'downloads',
      'data/models.json': 'downloads',
      'data/index.html': 'downloads',
      'about/index.html': 'other',
      '404.html': 'other',
      '_astro/base.Ab12Cd.css': 'other',
      'sitemap-0.xml': 'other',
    };
    expect(Object.fromEntries(Object.keys(expected).map((path) => [path, kindOf(path)]))).toEqual(expected);
    expect(pageKindOf('providers/saffron-collective/index.html').name).toBe('provider');
    expect(pageKindOf('providers/saffron-collective/feed.xml').name).toBe('provider feed');
  });

  it('lists in the sitemap every page but the not-found page, the redirects and the page the leaderboard as it stood draws from its query', () => {
    const listed = ['', 'leaderboard/2/', 'leaderboard/as-of/2026-10-31/', 'models/gpt-x/', 'providers/saffron-collective/', 'rank/', 'about/', 'compare/'];
    const unlisted = ['404/', 'leaderboard/', 'leaderboard/1/', 'leaderboard/as-of/'];
    expect(listed.filter(outOfSitemap)).toEqual([]);
    expect(unlisted.filter((path) => !outOfSitemap(path))).toEqual([]);
  });

  it('names, for each kind that gives way, a step of the plan, and the plan pulls them in that order', () => {
    expect(PAGE_KINDS.filter((k) => k.givesWay && !GIVE_WAY.includes(k.givesWay)).map((k) => k.name)).toEqual([]);
    // A vendor's page gives way by its rows (its feed and the page itself stay).
    expect(PAGE_KINDS.filter((k) => k.plan === 'provider-page').map((k) => [k.name, k.givesWay])).toEqual([
      ['provider feed', undefined],
      ['provider', 'providerRows'],
    ]);
    // At 50,000 with details on GitHub Pages (the snapshot file published elsewhere), model pages give way, and what comes
    // before them in the order gave way first: fewer comparisons, model feeds and configuration pages than model pages.
    const counts = fieldCounts(50_000, { details: true });
    const plan = planSite({ ...counts, snapshotDb: { files: 0, bytes: 0 } }, DEFAULT_WEIGHTS, 'github-pages');
    expect(plan.refused).toBeUndefined();
    expect(plan.keep.modelPages).toBeLessThan(counts.models.length);
    for (const before of ['comparisons', 'modelFeeds', 'configurationPages'] as const) expect(plan.keep[before]).toBeLessThan(plan.keep.modelPages);
    // rank.json, last in the order, keeps every model; a vendor's page keeps at least its 10 best models' rows.
    expect(plan.keep.rankModels).toBe(counts.models.length);
    expect(plan.keep.providerRows).toBeGreaterThanOrEqual(10);
  });

  it('weighs a page of each pair of tags that share enough benchmarks, and keeps them on every target at every size', () => {
    const base = fieldCounts(300, { details: true });
    // Tags 0 and 1 share three benchmarks, tags 1 and 2 one: one page, of three rows.
    const counts = {
      ...base,
      benchTags: [
        [0, 1],
        [1, 0, 3],
        [0, 1],
        [1, 2],
      ],
    };
    const pairs = (c: typeof base) => estimateKinds(c, DEFAULT_WEIGHTS, planSite(c, DEFAULT_WEIGHTS, undefined))['tag-pair-page'];
    expect(TAG_PAIR_BENCHES).toBe(2);
    expect(pairs(counts)).toEqual({ files: 1, bytes: DEFAULT_WEIGHTS.tagPairPage.perPage + 3 * DEFAULT_WEIGHTS.tagPairPage.perBench });
    expect(
      pairs({
        ...base,
        benchTags: [
          [0, 1],
          [1, 2],
        ],
      }).files,
    ).toBe(0);
    for (const size of [300, 10_000, 50_000])
      for (const details of [true, false]) {
        const field = fieldCounts(size, { details });
        for (const target of DEPLOY_TARGETS) {
          const plan = planSite(field, DEFAULT_WEIGHTS, target);
          // Where a target holds the field without the pairs' pages (Vercel's Hobby plan holds no field of 10,000), it holds them too.
          const without = planSite({ ...field, benchTags: [] }, DEFAULT_WEIGHTS, target);
          expect(plan.refused === undefined, `${target} at ${size}`).toBe(without.refused === undefined);
          expect(estimateKinds(field, DEFAULT_WEIGHTS, plan)['tag-pair-page'].files, `${target} at ${size}`).toBe(pairs(field).files);
        }
      }
  });
});

describe("the hosts' cache lifetimes", () => {
  // A file of each kind's output (`*` and `**` filled in), and the URL a visitor asks for it by (a folder's index.html is its folder).
  const sampleOf = (output: string) =>
    output
      .split('/')
      .map((part) => (part === '**' ? 'x/index.html' : part.replace(/\*/g, 'x')))
      .join('/');
  // Every file the other kinds do not take (`**`: Astro's hashed assets, the sitemap, the icons) has its own rules.
  const files = PAGE_KINDS.filter((k) => k.output !== '**').map((k) => ({ kind: k.name, file: sampleOf(k.output) }));

  it('give every kind of page and file a Cache-Control of exactly one rule of public/_headers', () => {
    expect(files.filter(({ kind, file }) => pageKindOf(file).name !== kind)).toEqual([]);
    const rules = parseHeadersFile(readFileSync(join(ROOT, 'public/_headers'), 'utf8'));
    const unruled = files.filter(({ file }) => headersFor(rules, urlPathOf(file)).get('cache-control')?.length !== 1);
    expect(unruled).toEqual([]);
  });

  it('upload every kind of page and file to a bucket once (deploy/bucket-sync.sh), with the Cache-Control _headers gives it', () => {
    const rules = parseHeadersFile(readFileSync(join(ROOT, 'public/_headers'), 'utf8'));
    const run = bucketSyncCalls('dist');
    expect(run.status, run.stderr).toBe(0);
    const lifetimes = files.map(({ file }) => {
      const uploads = run.calls.filter((c) => syncIncludes(c.slice(4), file));
      return [file, uploads.map((c) => c[c.indexOf('--cache-control') + 1])];
    });
    expect(lifetimes).toEqual(files.map(({ file }) => [file, headersFor(rules, urlPathOf(file)).get('cache-control')]));
  });
});

describe('the addresses that moved', () => {
  const moved = PAGE_KINDS.filter((k) => k.redirect !== undefined);

  it('have each a rule of public/_redirects to where the entry says, and no other rule is there', () => {
    const rules = parseRedirectsFile(readFileSync(join(ROOT, 'public/_redirects'), 'utf8'));
    expect(rules.map((r) => [r.from, r.to, r.status])).toEqual(moved.map((k) => [urlPathOf(k.output), k.redirect, 301]));
  });

  it('have each a page drawn by the one redirect component, to where the entry says, and no other page is one', () => {
    const redirects = PAGE_KINDS.filter((k) => k.route && /<Redirect\b/.test(readFileSync(join(ROOT, 'src/pages', k.route), 'utf8')));
    expect(redirects.map((k) => k.name)).toEqual(moved.map((k) => k.name));
    for (const k of moved) expect(readFileSync(join(ROOT, 'src/pages', k.route!), 'utf8'), k.name).toContain(`to="${k.redirect}"`);
  });
});
