/**
 * A plan made again from what a build measured (planAgain, src/publish/build-plan.ts): each kind of
 * output weighed at least as measured, in proportion and per file; what the first plan misjudged
 * gives way, and a site that cannot fit as measured is refused with the limit named; and a page's
 * estimate follows what it shows and the address its links carry. Pure: a field's counts
 * (test/helpers/field-counts.ts), no snapshot.
 */
import { describe, expect, it } from 'vitest';
import { MirrorError } from '../../src/core/errors.ts';
import { planAgain, replanLine, type PlannedBuild } from '../../src/publish/build-plan.ts';
import type { MeasuredSite } from '../../src/publish/site-figures.ts';
import { overLimits, type DeployTarget } from '../../src/site/plan/hosts.ts';
import { OUTPUT_KINDS, type KindFigures, type OutputKind } from '../../src/site/plan/output-kinds.ts';
import { addressOf, atLeastAsMeasured, estimateKinds, estimateSite } from '../../src/site/plan/estimate-site.ts';
import { DEFAULT_WEIGHTS } from '../../src/site/plan/weights.ts';
import { planSite } from '../../src/site/plan/site-plan.ts';
import type { FieldCounts } from '../../src/site/plan/types.ts';
import { fieldCounts } from '../helpers/field-counts.ts';

/** A first plan as a build makes it for a folder never built. */
function firstPlan(counts: FieldCounts, target: DeployTarget): PlannedBuild {
  const plan = planSite(counts, DEFAULT_WEIGHTS, target);
  const { keep, resultsPerPage, compressedDownloads, deepResults } = plan;
  const configurationPages = counts.models.slice(0, keep.configurationPages).reduce((n, m) => n + m.configurations, 0);
  return {
    plan,
    counts,
    handed: { target, keep, resultsPerPage, compressedDownloads, deepResults },
    expected: { modelPages: keep.modelPages, configurationPages, compressedDownloads, target },
    leftOut: [],
    scale: {},
    maxModelPages: Infinity,
  };
}

/** What a build of `planned` measures when each kind weighs `factor` times its estimate (and, with `extraFiles`, makes files the plan did not count). */
function measuredAs(planned: PlannedBuild, factor: Partial<Record<OutputKind, number>>, extraFiles = 0): MeasuredSite {
  const kinds = estimateKinds(planned.counts, DEFAULT_WEIGHTS, planned.plan);
  const measured = Object.fromEntries(OUTPUT_KINDS.map((k) => [k, { files: kinds[k].files, bytes: kinds[k].bytes * (factor[k] ?? 1) }])) as KindFigures;
  measured.other.files += extraFiles;
  const site = planned.plan.estimate;
  const bytes = Object.values(measured).reduce((n, k) => n + k.bytes, 0);
  return { ...site, files: site.files + extraFiles, bytes, kinds: measured };
}

describe('a plan made again from what a build measured', () => {
  const counts = fieldCounts(50_000, { details: true });
  const noState = { ...counts, snapshotDb: { files: 0, bytes: 0 } };

  it('leaves out what the first plan misjudged, and fits the limit as measured', () => {
    const first = firstPlan(noState, 'github-pages');
    // Model pages 1.36 times, tag pages 1.67 times their estimate: the issue's first build, over GitHub Pages' 1 GB.
    const measured = measuredAs(first, { 'model-page': 1.36, 'tag-page': 1.67, leaderboard: 1.16 });
    expect(overLimits('github-pages', measured)).not.toEqual([]);
    const again = planAgain(first, measured);
    expect(again.handed.keep.modelPages).toBeLessThan(first.handed.keep.modelPages);
    expect(again.handed.keep.modelPages).toBeGreaterThan(0);
    // Built as planned again, the kinds weighing as this build measured them, the site is within the limit less its margin.
    expect(overLimits('github-pages', measuredAs(again, { 'model-page': 1.36, 'tag-page': 1.67, leaderboard: 1.16 }), 0.05)).toEqual([]);
    expect(replanLine(first, again, overLimits('github-pages', measured))).toMatch(
      /^re-plan for github-pages: the site as first planned is over its limits \(whole site [\d,]+ MB of 1,000 MB\); planned again from what it measured: model pages only for the [\d,]+ best of 34,810 models; .*; estimated files [\d,]+; .* \(first 950 MB\); rendering again$/,
    );
  });

  it('counts the files a build made but its plan did not', () => {
    const first = firstPlan(fieldCounts(10_000, { details: false }), 'cloudflare-pages-free');
    const measured = measuredAs(first, {}, 1_500);
    expect(overLimits('cloudflare-pages-free', measured)).toEqual([expect.stringMatching(/^files [\d,]+ of 20,000$/)]);
    const again = planAgain(first, measured);
    expect(again.plan.estimate.files).toBeLessThanOrEqual(19_000);
    expect(again.handed.keep.modelPages).toBeLessThan(first.handed.keep.modelPages);
  });

  it('refuses, naming the limit, a site that cannot fit even with only what every target keeps, as measured', () => {
    const first = firstPlan(noState, 'github-pages');
    const measured = measuredAs(first, { 'benchmark-page': 6 });
    expect(() => planAgain(first, measured)).toThrow(MirrorError);
    expect(() => planAgain(first, measured)).toThrow(
      /^the site does not fit GitHub Pages, even with only what every target keeps as this build measured it: whole site [\d,]+ MB of 950 MB$/,
    );
  });

  it('weighs each kind at least as measured: in proportion, and per file made', () => {
    const kinds = estimateKinds(noState, DEFAULT_WEIGHTS, firstPlan(noState, 'github-pages').plan);
    const heavier = atLeastAsMeasured(kinds, { 'model-page': { ratio: 2, perFile: 0 }, 'tag-page': { ratio: 1, perFile: 1_000 } });
    expect(heavier['model-page'].bytes).toBeCloseTo(2 * kinds['model-page'].bytes);
    expect(heavier['tag-page'].bytes).toBeCloseTo(kinds['tag-page'].bytes + 1_000 * kinds['tag-page'].files);
    expect(heavier.leaderboard).toEqual(kinds.leaderboard);
    // A lever that leaves out part of every page (a badge's section) still leaves each page as heavy as measured beyond its estimate.
    const plan = firstPlan(noState, 'github-pages').plan;
    const fewer = { ...plan, keep: { ...plan.keep, badges: 0 } };
    const asMeasured = { 'model-page': { ratio: 1.01, perFile: 5_000 } };
    const pages = (p: typeof plan) => atLeastAsMeasured(estimateKinds(noState, DEFAULT_WEIGHTS, p), asMeasured)['model-page'].bytes;
    expect(pages(plan) - pages(fewer)).toBeCloseTo(DEFAULT_WEIGHTS.modelPage.badge * Math.min(plan.keep.badges, plan.keep.modelPages));
    // The site's figures take each kind so.
    expect(estimateSite(noState, DEFAULT_WEIGHTS, plan, asMeasured).bytes - estimateSite(noState, DEFAULT_WEIGHTS, plan).bytes).toBeCloseTo(
      5_000 * plan.keep.modelPages,
      -1,
    );
  });
});

describe('a page’s estimate follows what it shows', () => {
  const base = fieldCounts(10_000, { details: true });
  const kinds = (c: FieldCounts) => estimateKinds(c, DEFAULT_WEIGHTS, planSite(c, DEFAULT_WEIGHTS, undefined));

  it('a model page: its table of scores is a row per benchmark and a cell per configuration, whatever its submissions', () => {
    // The same submissions on more benchmarks (as at 50,000, with 2,000 of them): more rows, more cells, a heavier page.
    const spread = { ...base, models: base.models.map((m) => ({ ...m, benches: Math.round(m.benches * 1.5) })) };
    const per = (c: FieldCounts) => kinds(c)['model-page'].bytes / c.models.length;
    const rows = base.models.reduce((n, m) => n + Math.round(m.benches * 1.5) - m.benches, 0);
    const cells = base.models.reduce((n, m) => n + (Math.round(m.benches * 1.5) - m.benches) * m.configurations, 0);
    expect(per(spread) - per(base)).toBeCloseTo((DEFAULT_WEIGHTS.modelPage.perBench * rows + DEFAULT_WEIGHTS.modelPage.perCell * cells) / base.models.length);
    expect(per(spread)).toBeGreaterThan(per(base) * 1.1);
  });

  it('every page, by the site’s address its links carry: a project site on GitHub Pages weighs a tenth more than at the root', () => {
    const project = { ...base, address: addressOf(new URL('https://someone.github.io/ai-model-rankings-mirror/')) };
    const share = DEFAULT_WEIGHTS.address['model-page']!;
    expect(kinds(project)['model-page'].bytes / kinds(base)['model-page'].bytes).toBeCloseTo(1 + 25 * share.perBaseChar + 4 * share.perOriginChar);
    expect(kinds(project)['model-page'].bytes / kinds(base)['model-page'].bytes).toBeGreaterThan(1.1);
    // The downloads name no page: the same bytes.
    expect(kinds(project).downloads.bytes).toBe(kinds(base).downloads.bytes);
    // So GitHub Pages at 50,000 with details keeps fewer models' pages for it.
    const at50k = { ...fieldCounts(50_000, { details: true }), snapshotDb: { files: 0, bytes: 0 } };
    const keptAt = (address: FieldCounts['address']) => planSite({ ...at50k, address }, DEFAULT_WEIGHTS, 'github-pages').keep.modelPages;
    expect(keptAt(project.address)).toBeLessThan(keptAt(base.address));
  });

  it('a tag’s pages: each lists its benchmarks', () => {
    const more = { ...base, tagLists: new Map([...base.tagLists].map(([t, l]) => [t, { ...l, benches: l.benches + 2 }])) };
    const pages = kinds(base)['tag-page'].files - base.tags;
    expect(kinds(more)['tag-page'].bytes - kinds(base)['tag-page'].bytes).toBeCloseTo(2 * pages * DEFAULT_WEIGHTS.tagPage.perBenchListed);
  });
});
