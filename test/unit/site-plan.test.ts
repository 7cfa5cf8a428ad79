/**
 * The plan of a build's outputs for each deploy target, as a pure function of the field's counts
 * and the weights of each kind of output: at the sizes the API reaches (300, 10,000 and 50,000
 * configurations, with and without per-benchmark details for every configuration), every target's
 * site is within its limits, or refused with the limit named; the best models keep their pages.
 */
import { describe, expect, it } from 'vitest';
import { DEPLOY_TARGETS, HOST_LIMITS, MARGIN, overLimits, type DeployTarget } from '../../src/site/plan/hosts.ts';
import { DEFAULT_WEIGHTS, scaleWeights } from '../../src/site/plan/weights.ts';
import { estimateKinds } from '../../src/site/plan/estimate-site.ts';
import { fullPlan, leftOutOf, planSite, resolvePlan } from '../../src/site/plan/site-plan.ts';
import { fieldCounts } from '../helpers/field-counts.ts';
import { LEVERS } from '../../src/site/plan/page-kinds.ts';
import { RESULTS_PER_PAGE, type BuildPlan, type SitePlan } from '../../src/site/plan/types.ts';

const SIZES = [300, 10_000, 50_000] as const;
const plans = new Map<string, SitePlan>();
const planFor = (size: number, details: boolean, target: DeployTarget | undefined) => {
  const key = `${size}:${details}:${target}`;
  let plan = plans.get(key);
  if (!plan) plans.set(key, (plan = planSite(fieldCounts(size, { details }), DEFAULT_WEIGHTS, target)));
  return plan;
};

describe('the plan of a build for its deploy target', () => {
  for (const size of SIZES)
    for (const details of [false, true])
      for (const target of DEPLOY_TARGETS) {
        it(`fits ${target} at ${size.toLocaleString('en-US')} configurations ${details ? 'with' : 'without'} details, or refuses it naming the limit`, () => {
          const plan = planFor(size, details, target);
          const over = overLimits(target, plan.estimate, MARGIN);
          if (plan.refused) {
            // Only Vercel's 100 MB is too small for what every target keeps, and GitHub Pages's 1 GB at 50,000 with details when
            // the snapshot file is in the site (the workflow publishes it in a release: STATE_URL); then nothing is left to give way.
            expect([target, size, details].join()).toMatch(/^vercel-hobby|^github-pages,50000,true$/);
            expect(plan.refused).toMatch(/whole site [\d,]+ MB of (95|950) MB/);
            expect(plan.keep.modelPages).toBe(0);
          } else expect(over).toEqual([]);
        });
      }

  it('makes everything without a target, on a bucket, and on every host the sample fits', () => {
    for (const size of SIZES) {
      const counts = fieldCounts(size, { details: true });
      const n = counts.models.length;
      for (const target of [undefined, 'bucket'] as const) {
        const plan = planFor(size, true, target);
        expect(plan.keep).toEqual({
          modelPages: n,
          configurationPages: n,
          comparisons: n,
          modelFeeds: n,
          badges: n,
          cards: Math.min(200, n),
          pastDays: counts.history.days - counts.history.alwaysKept,
          rankModels: n,
          providerRows: n,
        });
        expect([plan.resultsPerPage, plan.deepResults, plan.compressedDownloads]).toEqual([100, true, false]);
      }
    }
    for (const target of DEPLOY_TARGETS) expect(leftOutOf(planFor(300, true, target), fieldCounts(300, { details: true }).models, 200)).toEqual([]);
  });

  it('keeps a page for every model and configuration on GitHub Pages at 10,000 with details, and for the best 7,900 models at 50,000 with the snapshot file in a release (beside rank.json of every model and the measures of every benchmark)', () => {
    const at10k = planFor(10_000, true, 'github-pages');
    const n = fieldCounts(10_000, { details: true }).models.length;
    expect([at10k.keep.modelPages, at10k.keep.configurationPages]).toEqual([n, n]);
    // The workflow publishes the snapshot file (about 350 MB gzipped at 50,000 with details) in a release (STATE_URL),
    // where the build counts none of it: the best 7,900 models keep a page, beside the days of history every target keeps (8,700
    // before every benchmark's page carried the mirror's measures of it, and the downloads its agreement by tag).
    const counts = fieldCounts(50_000, { details: true });
    const withoutState = planSite({ ...counts, snapshotDb: { files: 0, bytes: 0 } }, DEFAULT_WEIGHTS, 'github-pages');
    expect(withoutState.keep.modelPages).toBeGreaterThanOrEqual(7_900);
    expect(withoutState.keep.rankModels).toBe(counts.models.length);
    expect(leftOutOf(withoutState, counts.models, 200).join('; ')).toMatch(/^model pages only for the [\d,]+ best of 34,810 models/);
    // Kept in the site (no STATE_URL), it counts like any other file: with the first pages of results, the downloads and the
    // days every target keeps, over the limit less its margin, so the plan refuses before anything renders.
    expect(planFor(50_000, true, 'github-pages').refused).toMatch(/^whole site [\d,]+ MB of 950 MB$/);
    // Without details GitHub Pages holds every model's page at 50,000 too, and the best models' configuration pages beside the snapshot file.
    const plain = planFor(50_000, false, 'github-pages');
    expect(plain.keep.modelPages).toBe(34_810);
    expect(plain.keep.configurationPages).toBeGreaterThanOrEqual(5_000);
  });

  it('keeps every tag, benchmark and leaderboard page and the best 2,000 models on Cloudflare Pages Free at 50,000 with details', () => {
    const plan = planFor(50_000, true, 'cloudflare-pages-free');
    expect(plan.keep.modelPages).toBeGreaterThanOrEqual(2_000);
    const kinds = estimateKinds(fieldCounts(50_000, { details: true }), DEFAULT_WEIGHTS, plan);
    // A page per benchmark and per tag (plus each tag's feed) at least, and the leaderboard's pages.
    expect(kinds['benchmark-page'].files).toBeGreaterThanOrEqual(2_000);
    expect(kinds['tag-page'].files).toBeGreaterThanOrEqual(2 * 800);
    expect(kinds.leaderboard.files).toBe(Math.ceil(34_810 / 100) + 2);
  });

  it('gives way cheapest first: comparisons before feeds, badges and cards, before configuration pages, before model pages', () => {
    // Netlify: only a folder of more than 54,000 entries binds, which no folder reaches at 50,000.
    expect(planFor(50_000, true, 'netlify').keep.configurationPages).toBe(34_810);
    // Cloudflare Pages Free binds on files: the long tail's model pages go, the best models keep theirs.
    const free = planFor(10_000, false, 'cloudflare-pages-free');
    expect(free.keep.modelPages).toBeGreaterThan(0);
    expect(free.keep.modelPages).toBeLessThan(7_000);
    expect(free.keep.configurationPages).toBeLessThanOrEqual(1);
    expect(free.keep.comparisons + free.keep.modelFeeds + free.keep.badges).toBe(0);
    // GitHub Pages at 10,000 with details: gzipped downloads, the comparisons and then the long tail's model feeds give way, no page of a model or configuration.
    const github = planFor(10_000, true, 'github-pages');
    expect(github.compressedDownloads).toBe(true);
    expect(github.keep.comparisons).toBe(0);
    expect(github.keep.modelFeeds).toBeGreaterThan(0);
    expect(github.keep.modelFeeds).toBeLessThan(7_000);
    // Only the cheapest levers gave way: the days of history kept, badges, cards, vendors' rows and the pages of results stay whole.
    expect([github.keep.pastDays, github.keep.badges, github.keep.cards, github.keep.providerRows, github.deepResults]).toEqual([
      365 - 103,
      7_000,
      200,
      7_000,
      true,
    ]);
    expect([github.keep.modelPages, github.keep.configurationPages]).toEqual([7_000, 7_000]);
    // At 50,000 with details (the snapshot file in a release), what gives way for the best 7,900 models' pages: every cheaper lever.
    const big = planSite({ ...fieldCounts(50_000, { details: true }), snapshotDb: { files: 0, bytes: 0 } }, DEFAULT_WEIGHTS, 'github-pages');
    expect([big.keep.configurationPages, big.keep.comparisons, big.keep.modelFeeds, big.deepResults]).toEqual([0, 0, 0, false]);
    expect(big.keep.modelPages).toBeGreaterThanOrEqual(7_900);
  });

  it('keeps the last 90 days, each month’s end and the oldest day of the leaderboard as it stood on every target, at 10,000 and 50,000', () => {
    for (const size of [10_000, 50_000])
      for (const details of [false, true])
        for (const target of DEPLOY_TARGETS) {
          const plan = planFor(size, details, target);
          if (plan.refused) continue;
          const counts = fieldCounts(size, { details });
          const kinds = estimateKinds(counts, DEFAULT_WEIGHTS, plan);
          // index.json, names.json, the page drawn from them, a file a day kept and a page a month's end: at least every target's days.
          expect(plan.keep.pastDays, `${target} at ${size}`).toBeGreaterThanOrEqual(0);
          expect(kinds.history.files, `${target} at ${size}`).toBeGreaterThanOrEqual(3 + counts.history.alwaysKept + counts.history.pages);
        }
  });

  it('gives the days of history way after comparisons and model feeds, the oldest first, and before cards, badges and pages', () => {
    // Vercel Hobby at 10,000: comparisons and feeds gone, then every day besides every target's; the best models keep pages.
    const vercel = planFor(10_000, false, 'vercel-hobby');
    expect([vercel.keep.comparisons, vercel.keep.modelFeeds, vercel.keep.pastDays]).toEqual([0, 0, 0]);
    expect(vercel.keep.modelPages).toBeGreaterThan(0);
    // The vendors' pages list only their best models before any model's page gives way; each vendor's page stays.
    const counts = fieldCounts(10_000, { details: false });
    expect(vercel.keep.providerRows).toBeLessThan(counts.providerModels[0]!);
    expect(estimateKinds(counts, DEFAULT_WEIGHTS, vercel)['provider-page'].files).toBe(2 * counts.providerModels.length);
    expect(leftOutOf(vercel, counts.models, 200)).toContain(
      `a vendor’s page lists only its ${vercel.keep.providerRows.toLocaleString('en-US')} best models (all of them are on the leaderboard)`,
    );
    expect(leftOutOf(vercel, fieldCounts(10_000, { details: false }).models, 200, { days: 365, alwaysKept: 103 })).toContain(
      'days of the leaderboard as it stood older than 90 days only at each month’s end and the oldest day',
    );
    // GitHub Pages at 10,000 with details: some comparisons give way, every day stays.
    const github = planFor(10_000, true, 'github-pages');
    expect(github.keep.pastDays).toBe(365 - 103);
    // Cloudflare Pages Free binds on files: 262 days a file each give way before any model's page.
    const free = planFor(10_000, false, 'cloudflare-pages-free');
    expect(free.keep.pastDays).toBe(0);
  });

  it('pulls a lever for the limit it helps: longer pages of results for files, gzipped downloads for bytes', () => {
    expect(planFor(50_000, false, 'cloudflare-pages-free').compressedDownloads).toBe(false);
    expect(planFor(50_000, false, 'cloudflare-pages-free').resultsPerPage).toBeGreaterThan(100);
    expect(planFor(50_000, false, 'github-pages').resultsPerPage).toBe(100);
  });

  it('says what each lever of the entries leaves out when it alone gives way, so that a new lever cannot leave something out unsaid', () => {
    const counts = fieldCounts(300, { details: true });
    const history = { days: 400, alwaysKept: 103 };
    const full: BuildPlan = { target: undefined, ...fullPlan({ ...counts, history: { ...counts.history, ...history } }) };
    const said = (plan: BuildPlan) => leftOutOf(plan, counts.models, counts.models.length, history);
    expect(said(full)).toEqual([]);
    const unsaid = LEVERS.filter((lever) => {
      const pulled: BuildPlan = { ...full, keep: { ...full.keep } };
      if (lever.by === 'count') pulled.keep[lever.name] = Math.min(1, full.keep[lever.name] - 1);
      else if (lever.by === 'switch') pulled[lever.name] = lever.pulled;
      else pulled[lever.name] = RESULTS_PER_PAGE[1];
      return said(pulled).length !== 1;
    });
    expect(LEVERS.length).toBeGreaterThan(10);
    expect(unsaid.map((lever) => lever.name)).toEqual([]);
  });

  it('refuses Vercel Hobby at 10,000 with details before anything renders, naming its limit', () => {
    const plan = planFor(10_000, true, 'vercel-hobby');
    expect(plan.refused).toMatch(/^whole site [\d,]+ MB of 95 MB$/);
    expect(HOST_LIMITS['vercel-hobby'].totalBytes?.source).toMatch(/vercel\.com\/docs\/limits/);
  });

  it('caps model pages at MODEL_PAGES whatever the target allows, and the outputs that go with a page', () => {
    const counts = fieldCounts(300, { details: true });
    const plan = planSite(counts, DEFAULT_WEIGHTS, 'bucket', 40);
    expect(plan.keep).toEqual({
      modelPages: 40,
      configurationPages: 40,
      comparisons: 40,
      modelFeeds: 40,
      badges: 40,
      cards: 40,
      pastDays: 365 - 103,
      rankModels: fieldCounts(300, { details: true }).models.length,
      providerRows: fieldCounts(300, { details: true }).models.length,
    });
    expect(leftOutOf(plan, counts.models, 200)[0]).toBe('model pages only for the 40 best of 177 models');
  });

  it('plans with what a build measured: a kind twice as heavy as estimated leaves room for fewer pages', () => {
    const counts = fieldCounts(10_000, { details: false });
    const measured = planSite(counts, scaleWeights(DEFAULT_WEIGHTS, { 'model-page': 2 }), 'vercel-hobby');
    expect(measured.keep.modelPages).toBeLessThan(planFor(10_000, false, 'vercel-hobby').keep.modelPages);
  });

  it('hands the render a plan it reads back, each count no more than the models, everything when there is none', () => {
    const plan = planFor(10_000, false, 'cloudflare-pages-free');
    const read = resolvePlan(plan, 7_000, 200);
    expect(read).toEqual({
      target: plan.target,
      keep: plan.keep,
      resultsPerPage: plan.resultsPerPage,
      compressedDownloads: false,
      deepResults: plan.deepResults,
    });
    // Without a plan: everything, every day of the history however many there are.
    const full = fullPlan(fieldCounts(20, { details: false }), 12);
    expect(resolvePlan(undefined, 12, 200)).toEqual({ target: undefined, ...full, keep: { ...full.keep, pastDays: Number.MAX_SAFE_INTEGER } });
    expect(resolvePlan({ ...resolvePlan(undefined, 99, 200), target: 'netlify' }, 12, 200).keep.modelPages).toBe(12);
  });
});
