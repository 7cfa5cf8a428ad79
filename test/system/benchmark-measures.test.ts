/**
 * The mirror's measures of a benchmark on the bundled sample. A variant of the sample made into two
 * known cases (one benchmark every leader aces, one that spreads them four points apart, every other
 * submission on the two taken away), snapshotted as `npm run snapshot -- --from-file --details-file`
 * does, says so on both benchmarks' pages, in the list and its pre-rendered view, and in the downloads,
 * each made by the route builders, views and file makers the build renders them with. The sample as
 * the fast tier builds it says the same verdict everywhere it says one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSiteData, releaseSiteData, type SiteData } from '../../src/site/data/site-data.ts';
import { documentSchema } from '../../src/site/files/data-schemas.ts';
import { BENCHMARK_AGREEMENT_JSON } from '../../src/site/files/data-dictionary/bench-measures.ts';
import { BENCHMARKS_JSON } from '../../src/site/files/data-dictionary/tables.ts';
import { benchAgreementFile, benchmarksFile } from '../../src/site/files/records.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { benchmarkPage } from '../../src/site/routes/benchmark.ts';
import { benchmarkListPage } from '../../src/site/routes/benchmark-list.ts';
import { benchmarkPageHtml } from '../../src/views/benchmark-page.ts';
import { benchmarkListPageHtml } from '../../src/views/list-page.ts';
import { ROOT, runScript, tempDir } from '../helpers/env.ts';
import { sharedSite } from '../helpers/shared-sites.ts';
import { readSite } from '../helpers/site.ts';

/**
 * The benchmark made saturated and the one made to spread the leaders: each had the other verdict in
 * the sample as it is, and the community rates the first's discriminability high (4.4) and the
 * second's low (2.2), so each page says the rating and the measure disagree.
 */
const ACED = 'almanac-recall';
const SPREAD = 'ward-rounds';
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 5, 1);

interface Score {
  bench: string;
  benchName: string;
  rawScore: number;
  normalizedScore: number;
  sourceUrl: string;
  accessedAt: number;
  upvotes: number;
  downvotes: number;
}
type Details = Record<string, { scores: Score[] }>;
interface Summary {
  slug: string;
  familyTag: string;
  supraScore: number;
}

/** The best configuration of each of the top 20 models (familyTags) by supraScore, best first. */
function leadersOf(models: Summary[]): string[] {
  const best = new Map<string, string>();
  for (const m of models.toSorted((a, b) => b.supraScore - a.supraScore)) if (!best.has(m.familyTag)) best.set(m.familyTag, m.slug);
  return [...best.values()].slice(0, 20);
}

/**
 * The sample's details with both benchmarks' submissions replaced: on ACED the leaders score 99.5 but
 * the best, 100, each accessed a day after the next better one (so the first new best is the 20th's
 * 99.5, the last the best's 100: the ties between are no step); on SPREAD the i-th leader scores
 * 95 − 4i, accessed likewise (20 new bests, from 19 to 95).
 */
function variantDetails(details: Details, leaders: string[], benches: Map<string, { name: string; scaleMin: number; scaleMax: number }>): Details {
  const out: Details = {};
  for (const [slug, d] of Object.entries(details)) out[slug] = { ...d, scores: d.scores.filter((s) => s.bench !== ACED && s.bench !== SPREAD) };
  leaders.forEach((slug, i) => {
    const at = BASE + (19 - i) * DAY;
    const submission = (bench: string, score: number): Score => ({
      bench,
      benchName: benches.get(bench)!.name,
      rawScore: benches.get(bench)!.scaleMin + (score / 100) * (benches.get(bench)!.scaleMax - benches.get(bench)!.scaleMin),
      normalizedScore: score,
      sourceUrl: `https://example.org/${bench}/${slug}`,
      accessedAt: at,
      upvotes: 5,
      downvotes: 0,
    });
    out[slug]!.scores.push(submission(ACED, i === 0 ? 100 : 99.5), submission(SPREAD, 95 - 4 * i));
  });
  return out;
}

let dir: { path: string; cleanup: () => void };
let data: SiteData;
let leaders: string[];

beforeAll(async () => {
  dir = tempDir('bench-measures-');
  const sample = JSON.parse(readFileSync(join(ROOT, 'data/sample/export.json'), 'utf8')) as {
    models: Summary[];
    benches: { slug: string; name: string; scaleMin: number; scaleMax: number }[];
  };
  const details = JSON.parse(readFileSync(join(ROOT, 'data/sample/details.json'), 'utf8')) as Details;
  leaders = leadersOf(sample.models);
  const [exportPath, detailsPath, snapshot] = ['export.json', 'details.json', 'snapshot.db'].map((f) => join(dir.path, f)) as [string, string, string];
  writeFileSync(exportPath, JSON.stringify(sample));
  writeFileSync(detailsPath, JSON.stringify(variantDetails(details, leaders, new Map(sample.benches.map((b) => [b.slug, b])))));
  const r = await runScript('snapshot.ts', ['--from-file', exportPath, '--details-file', detailsPath, '--out', snapshot], {});
  expect(r.code, r.stderr).toBe(0);
  data = getSiteData(inputOutsideBuild(snapshot, {}));
});

afterAll(() => {
  releaseSiteData();
  dir?.cleanup();
});

/** A benchmark's first page as the build renders it, parsed. */
const pageOf = (slug: string) => {
  const bench = data.benchBySlug.get(slug)!;
  return load(benchmarkPageHtml(benchmarkPage(data, { bench, page: 1, pages: 1 })).html);
};
const nameOf = (slug: string) => data.modelByFamily.get(data.configurationBySlug.get(slug)!.familyTag)!.name;

describe('a variant of the sample with two benchmarks made into known cases', () => {
  it('finds its leaders among the top 20 models, and each case as made', () => {
    expect(leaders.map((slug) => data.modelByFamily.get(data.configurationBySlug.get(slug)!.familyTag)!.index)).toEqual([...Array(20).keys()]);
    const measures = data.benchMeasures();
    expect(measures.of(ACED).verdict).toMatchObject({ verdict: 'saturated', scored: 20, best: 100, atTop: 20, atCeiling: 20, separated: 0 });
    expect(measures.of(SPREAD).verdict).toMatchObject({ verdict: 'separates', scored: 20, best: 95, atTop: 1, atCeiling: 0, pairs: 19, separated: 19 });
  });

  it('says each verdict on its page, with its figures and the community’s rating it contradicts', () => {
    const aced = pageOf(ACED);
    expect(aced('[data-verdict]').attr('data-verdict')).toBe('saturated');
    expect(aced('[data-verdict]').text()).toBe('Saturated');
    expect(aced('[data-verdict-figures]').text().replace(/\s+/g, ' ')).toContain(
      '20 of them are within 1 point of the best, 100.0, and 20 within 1 point of the scale’s maximum; 0 of the 19 adjacent pairs',
    );
    const spread = pageOf(SPREAD);
    expect(spread('[data-verdict]').text()).toBe('Still separates the leaders');
    expect(spread('[data-verdict-figures]').text().replace(/\s+/g, ' ')).toContain(
      '19 of the 19 adjacent pairs of them, in this benchmark’s order, are more than 1 point apart',
    );
    expect(aced('[data-disagree] li').text()).toBe(
      'Rated 4.4/5 for discriminability; measured: 20 of the top 20 within 1 point of the top, 0 of 19 adjacent pairs more than 1 point apart.',
    );
    expect(spread('[data-disagree] li').text()).toBe(
      'Rated 2.2/5 for discriminability; measured: 19 of 19 adjacent pairs of the top 20 more than 1 point apart.',
    );
    expect(spread('p').text()).toContain('The community rates it: discriminability 2.2 of 5, difficulty 2.3 of 5.');
  });

  it('charts the best score over time with one step per new best, labelled, and says the first and latest in words', () => {
    const aced = pageOf(ACED);
    // The 20th leader's 99.5 first; eighteen ties; the best's 100 last.
    expect(aced('figure.stepchart ol.steps li').length).toBe(2);
    expect(aced('figure.stepchart figcaption').text()).toBe(
      `The best counting normalized score here, a step at each of its 2 new bests: first 99.5 by ${nameOf(leaders[19]!)}, accessed 2026-06-01; the latest 100.0 by ${nameOf(leaders[0]!)}, accessed 2026-06-20.`,
    );
    const spread = pageOf(SPREAD);
    const dots = spread('figure.stepchart path.dots').attr('d')!;
    expect(dots.match(/M/g)).toHaveLength(20);
    // Each new best labelled, the newest first.
    expect(spread('figure.stepchart ol.steps li')).toHaveLength(20);
    expect(spread('figure.stepchart ol.steps li').first().text()).toContain(`2026-06-20 95.0 ${nameOf(leaders[0]!)}`);
    expect(spread('figure.stepchart ol.steps li').last().text()).toContain(`2026-06-01 19.0 ${nameOf(leaders[19]!)}`);
    expect(spread('figure.stepchart svg').attr('aria-hidden')).toBe('true');
  });

  it('shows both verdicts in the list, in the view of those that still separate the leaders and in its order by verdict', () => {
    const list = load(benchmarkListPageHtml(benchmarkListPage(data, 1)).html);
    const verdictOf = ($: ReturnType<typeof load>, slug: string) => $(`tbody tr:has(a[href="/benchmarks/${slug}/"]) td.verdict-cell .verdict`).text();
    expect([verdictOf(list, ACED), verdictOf(list, SPREAD)]).toEqual(['saturated', 'separates']);
    const separating = benchmarkListPage(data, 1, 'separates');
    expect(separating.rows.map((r) => r.slug)).toContain(SPREAD);
    expect(separating.rows.map((r) => r.slug)).not.toContain(ACED);
    expect(separating.rows.every((r) => r.verdict === 'separates')).toBe(true);
    const byVerdict = benchmarkListPage(data, 1, 'by-verdict').rows;
    // Every pair of adjacent leaders told apart: among the first, with the others that tell every pair apart, before any saturated one.
    const whole = byVerdict.findIndex((r) => r.separated < r.pairs);
    expect(byVerdict.findIndex((r) => r.slug === SPREAD)).toBeLessThan(whole);
    expect(byVerdict.findIndex((r) => r.slug === ACED)).toBeGreaterThan(byVerdict.findLastIndex((r) => r.verdict === 'separates'));
  });

  it('writes both verdicts with their figures, the new bests and the agreement into the downloads, as their schemas describe them', () => {
    const file = benchmarksFile(data);
    documentSchema(BENCHMARKS_JSON).parse(JSON.parse(JSON.stringify(file)));
    const record = (slug: string) => file.benchmarks.find((b) => b.slug === slug)!;
    expect(record(ACED).leaders).toMatchObject({ verdict: 'saturated', top: 20, scored: 20, atTop: 20, noise: 1, noiseFrom: 'floor' });
    expect(record(SPREAD).leaders).toMatchObject({ verdict: 'separates', scored: 20, separated: 19, pairs: 19 });
    expect(record(ACED).stateOfTheArt.map((s) => [s.accessedAt.slice(0, 10), s.score, s.configuration])).toEqual([
      ['2026-06-01', 99.5, leaders[19]],
      ['2026-06-20', 100, leaders[0]],
    ]);
    expect(record(SPREAD).stateOfTheArt.map((s) => s.score)).toEqual([...Array(20).keys()].map((k) => 19 + 4 * k));
    // SPREAD orders the leaders by model rank, as ACED's near-ties barely do: they share the 20 leaders.
    expect(
      record(SPREAD)
        .agreement.most.concat(record(SPREAD).agreement.least)
        .find((n) => n.slug === ACED)?.shared ?? 20,
    ).toBe(20);
    documentSchema(BENCHMARK_AGREEMENT_JSON).parse(JSON.parse(JSON.stringify(benchAgreementFile(data))));
  });
});

describe('the sample as the fast tier builds it', () => {
  let site: ReturnType<typeof readSite>;
  // Built once per run for every test that reads it (test/helpers/shared-sites.ts), in a hook: a build is no test's time.
  beforeAll(async () => {
    site = readSite((await sharedSite('sample')).dist);
  });

  it('says one verdict per benchmark on its page, in the list and in benchmarks.json, and counts them on the about page', () => {
    const file = JSON.parse(site.read('data/benchmarks.json')) as { benchmarks: { slug: string; leaders: { verdict: string } }[] };
    const list = load(site.read('benchmarks/index.html'));
    const counts: Record<string, number> = {};
    for (const b of file.benchmarks) {
      counts[b.leaders.verdict] = (counts[b.leaders.verdict] ?? 0) + 1;
      expect(load(site.read(`benchmarks/${b.slug}/index.html`))('[data-verdict]').attr('data-verdict'), b.slug).toBe(b.leaders.verdict);
      expect(list(`tbody tr:has(a[href="/benchmarks/${b.slug}/"]) td.verdict-cell .verdict`).attr('class'), b.slug).toBe(`verdict ${b.leaders.verdict}`);
    }
    // The figures docs/site.md quotes.
    expect(counts).toEqual({ separates: 46, saturated: 12, 'too-few': 2 });
    const separating = load(site.read('benchmarks/view/separates/index.html'));
    expect(separating('tbody tr')).toHaveLength(46);
    expect(separating('[data-benchmarks-heading]').text()).toBe('Benchmarks that still separate the leaders');
    expect(load(site.read('about/index.html'))('#leaders + p').text().replace(/\s+/g, ' ')).toContain(
      '46 benchmarks still separate the leaders, 12 are saturated and 2 have too few of the leaders scored',
    );
  });
});
