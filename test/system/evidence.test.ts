/**
 * The evidence behind supraScore on whole snapshots, each stored by the snapshot command from an
 * export and its details: a calibration field, whose supraScore its simulated API computes from the
 * scores the mirror holds, and the bundled sample (whose generator computes it from the scores it
 * publishes, by the same simulated method) show ranges, sets, ties and what each rank rests on; one
 * whose API weighs what effectiveWeight does not say and a field whose supraScore is unrelated to the
 * scores have them withheld, with the reason;
 * partial coverage, and a field of extremes, zero weights and a single benchmark.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { makeField } from '../../src/dev/calibrate/field.ts';
import type { SourceKind } from '../../src/dev/calibrate/source.ts';
import { MAX_MISMATCH, MIN_AGREEMENT } from '../../src/site/evidence/agreement.ts';
import { MIN_BENCHMARKS } from '../../src/site/evidence/ranges.ts';
import { getSiteData, releaseSiteData, type SiteData } from '../../src/site/data/site-data.ts';
import { leaderboardPage } from '../../src/site/routes/leaderboard.ts';
import { modelPage } from '../../src/site/routes/model.ts';
import { leaderboardPageHtml } from '../../src/views/list-page.ts';
import { modelPageHtml } from '../../src/views/model-page.ts';
import { ROOT, runScript } from '../helpers/env.ts';
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { modelFile } from '../../src/site/files/model-file.ts';
import { attribution } from '../../src/site/files/records.ts';
import { documentSchema } from '../../src/site/files/data-schemas.ts';
import { MODEL_FILE_JSON } from '../../src/site/files/data-dictionary/model-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'mirror-evidence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Export = { models: { slug: string; supraScore: number }[]; benches: { slug: string; effectiveWeight: number }[] } & Record<string, unknown>;
type Details = Record<string, { supraScore: number; scores: { bench: string; normalizedScore: number; upvotes: number; downvotes: number }[] }>;

const sampleExport = (): Export => JSON.parse(readFileSync(join(ROOT, 'data/sample/export.json'), 'utf8'));
const sampleDetails = (): Details => JSON.parse(readFileSync(join(ROOT, 'data/sample/details.json'), 'utf8'));

/** The site's data of a snapshot the snapshot command stored from `body` and `details`. */
async function siteOf(name: string, body: object, details: object): Promise<SiteData> {
  const [exportPath, detailsPath, out] = ['export.json', 'details.json', 'snapshot.db'].map((f) => join(dir, `${name}-${f}`));
  writeFileSync(exportPath!, JSON.stringify(body));
  writeFileSync(detailsPath!, JSON.stringify(details));
  const r = await runScript('snapshot.ts', ['--from-file', exportPath!, '--details-file', detailsPath!, '--out', out!], {});
  expect(r.code, r.stderr).toBe(0);
  releaseSiteData();
  return getSiteData(inputOutsideBuild(out!, {}));
}

/** The most configurations holding one evidence score, as the site shows it. */
function largestTie(data: SiteData): number {
  const evidence = data.evidence();
  const shown = new Map<string, number>();
  for (const c of data.configurations) {
    const e = evidence.configuration(c.slug);
    if (e) shown.set(evidence.scoreText(e.score), (shown.get(evidence.scoreText(e.score)) ?? 0) + 1);
  }
  return Math.max(...shown.values());
}

/** Every model whose evidence is enough for a range has one, with its set, its standard error and what it rests on; the others say why not. */
function expectRanges(data: SiteData): void {
  const evidence = data.evidence();
  for (const model of data.models) {
    const found = evidence.model(model);
    const best = evidence.configuration(model.best.slug);
    if (best && best.benchmarks >= MIN_BENCHMARKS) {
      expect(found.range, model.familyTag).toBeDefined();
      expect(found.range!.low).toBeLessThanOrEqual(found.range!.high);
      expect(found.set!.low).toBeLessThanOrEqual(found.set!.high);
      expect(found.se!).toBeGreaterThan(0);
      expect(found.restsOn!.length).toBeLessThanOrEqual(3);
    } else expect(found.why, model.familyTag).toMatch(/^No likely range: /);
  }
}

/** A calibration field (src/dev/calibrate/field.ts): supraScore computed by its simulated API from the scores the mirror holds. */
const calibrationField = (seed: number, source: SourceKind = 'probit') =>
  makeField({ configurations: 300, benches: 60, universe: 8, missing: 0.4, seed, source });

describe('a field whose supraScore comes from the scores the mirror holds', () => {
  it('shows ranges, sets, ties and what each rank rests on, on the leaderboard and each model’s page', async () => {
    const field = calibrationField(41);
    const data = await siteOf('calibration', field.export, field.details);
    const { agreement, withheld } = data.evidence();
    expect(agreement.spearman!).toBeGreaterThanOrEqual(0.9);
    expect(agreement.mismatch!).toBeLessThanOrEqual(MAX_MISMATCH);
    expect(withheld).toBeUndefined();
    expectRanges(data);
    // The top of the field is told apart from the middle.
    const [first] = data.models;
    expect(data.evidence().model(first!).range!.high).toBeLessThan(20);

    const leaderboard = load(leaderboardPageHtml(leaderboardPage(data, 1)).html);
    expect(leaderboard('.rank .likely').length).toBeGreaterThan(50);
    expect(leaderboard('.rank .tied').length).toBe(data.models.slice(0, 100).filter((m) => data.evidence().model(m).tiedAbove).length);
    expect(leaderboard('p.legend').text()).toContain('meant to hold, 9 times in 10, the model rank it would have with every benchmark scored');
    const resting = data.models.find((m) => data.evidence().model(m).restsOn?.length)!;
    const page = load(modelPageHtml(modelPage(data, resting)).html);
    expect(page('#rests-on').text()).toBe('What its rank rests on');
    expect(page('#rests-on + p + section tbody tr')).toHaveLength(data.evidence().model(resting).restsOn!.length);
    expect(page('dl.figures dt').text()).toContain('With the whole table');
    expect(page('p.evidence').text()).toMatch(/Likely model rank \d+(–\d+)?: meant to hold, 9 times in 10/);
    // The downloads carry it too: the model's data file, as its schema describes it.
    const file = modelFile(data, resting, attribution(data));
    expect(file.restsOn).toEqual(
      data
        .evidence()
        .model(resting)
        .restsOn!.map((r) => ({ bench: r.bench.slug, benchName: r.bench.name, modelRank: r.rank })),
    );
    expect(documentSchema(MODEL_FILE_JSON).safeParse(file).success).toBe(true);
  });

  it('withholds them, saying why, where the evidence strays from supraScore by more than its standard errors', async () => {
    // Its API weighs one capability's benchmarks four times the others', which effectiveWeight does not say: the order
    // agrees (rank correlation 0.98), the places the evidence gives do not.
    const field = calibrationField(42, 'focus');
    const data = await siteOf('focus', field.export, field.details);
    const { agreement, withheld } = data.evidence();
    expect(agreement.spearman!).toBeGreaterThanOrEqual(MIN_AGREEMENT);
    expect(agreement.mismatch!).toBeGreaterThan(MAX_MISMATCH);
    expect(withheld).toMatch(
      /^The mirror’s recomputation strays from supraScore by more than its own uncertainty \(a quarter of the models sit \d\.\d\d standard errors or more/,
    );
    for (const m of data.models) expect(data.evidence().model(m)).toEqual({ why: withheld });
    expect(load(leaderboardPageHtml(leaderboardPage(data, 1)).html)('p.legend').text()).toContain(withheld);
  });
});

describe('the bundled sample', () => {
  it('shows the ranges: its supraScore is computed from the scores it carries (by a method not the mirror’s), and the evidence speaks for it', async () => {
    const data = await siteOf('sample', sampleExport(), sampleDetails());
    const { agreement, withheld } = data.evidence();
    expect(agreement.withEvidence).toBe(data.configurations.length);
    expect(agreement.spearman!).toBeGreaterThanOrEqual(0.9);
    expect(largestTie(data)).toBeLessThanOrEqual(0.05 * agreement.withEvidence);
    expect(agreement.mismatch!).toBeLessThanOrEqual(MAX_MISMATCH);
    expect(withheld).toBeUndefined();
    expectRanges(data);
    const ranged = data.models.filter((m) => data.evidence().model(m).range);
    expect(ranged.length).toBeGreaterThan(data.models.length / 2);
    const leaderboard = load(leaderboardPageHtml(leaderboardPage(data, 1)).html);
    expect(leaderboard('.rank .likely').length).toBe(data.models.slice(0, 100).filter((m) => data.evidence().model(m).range).length);
    expect(leaderboard('.rank .tied').length).toBe(data.models.slice(0, 100).filter((m) => data.evidence().model(m).tiedAbove).length);
    expect(leaderboard('.rank .tied').length).toBeGreaterThan(0);
    expect(leaderboard('p.legend').text()).toContain('meant to hold, 9 times in 10, the model rank it would have with every benchmark scored');
  });
});

describe('a field whose supraScore is unrelated to its scores', () => {
  it('withholds the ranges, saying why in one sentence on the leaderboard and each model’s page', async () => {
    // The same configurations and scores, their supraScores dealt out again at random: the order the API gives no longer follows the scores.
    const body = sampleExport();
    const details = sampleDetails();
    const scores = body.models.map((m) => m.supraScore);
    let seed = 7;
    for (let i = scores.length - 1; i > 0; i--) {
      seed = (seed * 16807) % 2147483647;
      const j = seed % (i + 1);
      [scores[i], scores[j]] = [scores[j]!, scores[i]!];
    }
    body.models.forEach((m, i) => {
      m.supraScore = scores[i]!;
      if (details[m.slug]) details[m.slug]!.supraScore = scores[i]!;
    });
    body.models.sort((a, b) => b.supraScore - a.supraScore);
    const data = await siteOf('unrelated', body, details);
    const { agreement, withheld } = data.evidence();
    expect(agreement.spearman!).toBeLessThan(0.8);
    expect(withheld).toMatch(
      /^The mirror’s recomputation reproduces supraScore’s order too weakly \(rank correlation -?0\.\d\d, below 0\.95\) to speak for its uncertainty, so it shows no likely ranges\.$/,
    );
    for (const m of data.models) expect(data.evidence().model(m)).toEqual({ why: withheld });

    const leaderboard = load(leaderboardPageHtml(leaderboardPage(data, 1)).html);
    expect(leaderboard('.rank .likely')).toHaveLength(0);
    expect(leaderboard('p.legend').text()).toContain(withheld);
    const modelHtml = load(modelPageHtml(modelPage(data, data.models[0]!)).html);
    expect(modelHtml('dl.figures dt').text()).not.toContain('Likely');
    expect(modelHtml('p.evidence').text()).toContain(withheld);
  });
});

describe('partial coverage', () => {
  it('scores who has details, compares nobody with a top-10 member without them, and says why a model has no range', async () => {
    const field = calibrationField(43);
    const body = field.export;
    const details = field.details as Record<string, unknown>;
    // The third configuration and every fourth one have no details yet: three of the top 10 among them (3, 4 and 8).
    const without = new Set(body.models.flatMap((m, i) => (i === 2 || i % 4 === 3 ? [m.slug] : [])));
    for (const slug of without) delete details[slug];
    const data = await siteOf('partial', body, details);
    const evidence = data.evidence();
    expect(evidence.referencesWithScores).toBe(7);
    expect(evidence.agreement.withEvidence).toBe(body.models.length - without.size);
    expect(evidence.withheld).toBeUndefined();
    for (const c of data.configurations) {
      const e = evidence.configuration(c.slug);
      if (without.has(c.slug)) expect(e).toBeUndefined();
      // Seven references with details; a reference is not compared with itself.
      else expect(e!.references).toBeLessThanOrEqual(c.position <= 10 ? 6 : 7);
    }
    const bare = data.models.find((m) => without.has(m.best.slug))!;
    expect(evidence.model(bare).why).toBe('No likely range: the mirror has no per-benchmark scores for its best configuration yet.');
    const page = load(modelPageHtml(modelPage(data, bare)).html);
    expect(page('p.evidence').text()).toContain('Its best configuration has no evidence score: the mirror has no per-benchmark scores for it yet.');
  });
});

describe('a field of extremes', () => {
  it('gives finite evidence with scores of 0 and 100, ignores zero weights, and survives a single benchmark', async () => {
    const body = sampleExport();
    const details = sampleDetails();
    // Half the benchmarks weigh nothing; the scores are all 0 or 100.
    body.benches.forEach((b, i) => (b.effectiveWeight = i % 2 ? 0 : b.effectiveWeight));
    for (const d of Object.values(details)) for (const s of d.scores) s.normalizedScore = s.normalizedScore >= 50 ? 100 : 0;
    const data = await siteOf('extremes', body, details);
    const evidence = data.evidence();
    for (const c of data.configurations) {
      const e = evidence.configuration(c.slug);
      if (e) expect(Number.isFinite(e.score) && e.score >= 0 && e.score <= 100).toBe(true);
    }
    expect(evidence.facts.benchmarks.effectiveWeight.every((w) => w > 0)).toBe(true);

    // One benchmark, every configuration scored on it: evidence without a range for anyone.
    const single = sampleExport();
    const only = single.benches[0]!.slug;
    single.benches = [single.benches[0]!];
    const oneDetails = sampleDetails();
    for (const d of Object.values(oneDetails)) d.scores = d.scores.filter((s) => s.bench === only);
    const one = await siteOf('single', single, oneDetails);
    const e1 = one.evidence();
    expect(e1.facts.benchmarks.slug).toEqual([only]);
    expect(one.models.every((m) => e1.model(m).range === undefined)).toBe(true);
    expect(load(leaderboardPageHtml(leaderboardPage(one, 1)).html)('.rank .likely')).toHaveLength(0);
  });
});
