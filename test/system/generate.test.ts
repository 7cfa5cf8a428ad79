import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSnapshot } from '../../src/snapshot/run-snapshot.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { captureReporter, tempDir } from '../helpers/env.ts';
import { KNOWN_DIMENSIONS, type ModelSummary } from '../../src/api/schema.ts';
import { validateDetail, validateExport } from '../../src/api/validate.ts';
import {
  SAMPLE_EPOCH,
  SAMPLE_SIZE,
  generateSample,
  serializeDetails,
  serializeDetailsBuffer,
  serializeExport,
  walkRevisions,
  type GeneratedSample,
} from '../../src/dev/sample/generate.ts';
import { completeScores } from '../../src/dev/sample/details.ts';
import { generatedTruth } from '../../src/dev/sample/truth.ts';
import { sourceScoresOfRows } from '../../src/dev/calibrate/source.ts';

const DAY = 86_400_000;
const dir = tempDir();
afterAll(() => dir.cleanup());
const sample = generateSample(SAMPLE_SIZE);
const exportText = serializeExport(sample.export);
const detailsText = serializeDetails(sample.details);

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function bySlug(e: GeneratedSample['export']): Map<string, ModelSummary> {
  return new Map(e.models.map((m) => [m.slug, m]));
}

describe('generateSample', () => {
  it('gives byte-identical output for the same options', () => {
    const again = generateSample(SAMPLE_SIZE);
    expect(serializeExport(again.export)).toBe(exportText);
    expect(serializeDetails(again.details)).toBe(detailsText);
    const later = { ...SAMPLE_SIZE, revision: 3, withDetails: false };
    // The bench's details file is made in batches of lines (at 50,000 configurations it is longer than a string can be).
    expect(detailsText.split('\n').length).toBeGreaterThan(4096);
    expect(serializeDetailsBuffer(sample.details).equals(Buffer.from(detailsText))).toBe(true);
    expect(serializeExport(generateSample(later).export)).toBe(serializeExport(generateSample(later).export));
  });

  it('gives different data for another seed', () => {
    const other = generateSample({ ...SAMPLE_SIZE, seed: 2, withDetails: false });
    expect(serializeExport(other.export)).not.toBe(exportText);
  });

  it('makes the sample size with the default generatedAt', () => {
    expect(sample.export.generatedAt).toBe(Date.parse('2026-11-16T06:00:00Z'));
    expect(SAMPLE_EPOCH).toBe(sample.export.generatedAt);
    expect(sample.export.models).toHaveLength(SAMPLE_SIZE.configurations);
    expect(sample.export.benches).toHaveLength(SAMPLE_SIZE.benches);
    expect(sample.export.tags).toHaveLength(SAMPLE_SIZE.tags);
    expect(Object.keys(sample.details)).toHaveLength(SAMPLE_SIZE.configurations);
  });

  it('passes validateExport with zero warnings, and every detail passes validateDetail with zero warnings', () => {
    const validated = validateExport(JSON.parse(exportText));
    expect(validated.warnings).toEqual([]);
    expect(validated.models).toHaveLength(sample.export.models.length);
    expect(validated.benches).toHaveLength(sample.export.benches.length);
    expect(validated.tags).toHaveLength(sample.export.tags.length);

    const details = JSON.parse(detailsText) as Record<string, { scores: unknown[] }>;
    expect(Object.keys(details).sort()).toEqual(sample.export.models.map((m) => m.slug).sort());
    for (const [slug, body] of Object.entries(details)) {
      const detail = validateDetail(body, slug);
      expect(detail.warnings, slug).toEqual([]);
      expect(detail.scores).toHaveLength(body.scores.length);
      expect(detail.updatedAt).toBe(bySlug(sample.export).get(slug)?.updatedAt);
    }
  });

  it('writes one row per line, as valid JSON ending with a newline', () => {
    expect(JSON.parse(exportText)).toEqual(sample.export);
    expect(JSON.parse(detailsText)).toEqual(sample.details);
    expect(exportText.endsWith('}\n')).toBe(true);
    const e = sample.export;
    // `{`, generatedAt, fictional, three array openers and closers, `}` and the final newline.
    expect(exportText.split('\n')).toHaveLength(e.models.length + e.benches.length + e.tags.length + 11);
    expect(e.fictional).toBe(true);
    const entries = Object.values(sample.details).reduce((n, d) => n + d.scores.length, 0);
    expect(detailsText.split('\n').length).toBeGreaterThanOrEqual(entries + Object.keys(sample.details).length);
  });

  it('sorts models by supraScore and uses unique, URL-safe slugs', () => {
    const { models, benches } = sample.export;
    for (let i = 1; i < models.length; i++) expect(models[i - 1]!.supraScore).toBeGreaterThanOrEqual(models[i]!.supraScore);
    for (let i = 1; i < benches.length; i++) expect(benches[i - 1]!.effectiveWeight).toBeGreaterThanOrEqual(benches[i]!.effectiveWeight);
    for (const rows of [models, benches]) {
      expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
      for (const r of rows) expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(models.map((m) => m.name)).size).toBe(models.length);
  });

  it('spreads supraScore as a win rate against the top 10: a top near half, a long middle, a tail near 0', () => {
    const scores = sample.export.models.map((m) => m.supraScore);
    // The top 10 are (about) each other's references: together they win about half their comparisons (49.7 on the sample).
    const top10 = scores.slice(0, 10).reduce((a, b) => a + b, 0) / 10;
    expect(top10).toBeGreaterThan(40);
    expect(top10).toBeLessThan(60);
    // The best beat them more often than not, few others do (61.01, 59.67, 55.19; 4 of 300 at 50 or more).
    const top = scores.slice(0, 3);
    expect(Math.min(...top)).toBeGreaterThan(50);
    expect(Math.max(...top)).toBeLessThan(80);
    expect(Math.max(...top) - Math.min(...top)).toBeLessThan(10);
    expect(scores.filter((s) => s >= 50).length).toBeLessThan(scores.length * 0.05);
    // A long middle (15.37 a quarter of the way down, 5.84 at the median) and a tail that rarely wins.
    expect(scores[Math.floor(scores.length / 4)]!).toBeGreaterThan(10);
    const median = scores[Math.floor(scores.length / 2)]!;
    expect(median).toBeGreaterThan(2);
    expect(median).toBeLessThan(20);
    expect(Math.min(...scores)).toBeLessThan(1);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(0);
    for (const s of scores) expect(Math.round(s * 100) / 100).toBe(s);
    // Top configurations report more benchmarks than the tail.
    const mean = (rows: ModelSummary[]) => rows.reduce((n, m) => n + m.benchCount, 0) / rows.length;
    expect(mean(sample.export.models.slice(0, 30))).toBeGreaterThan(2 * mean(sample.export.models.slice(-30)));
    for (const m of sample.export.models) {
      expect(m.benchCount).toBeGreaterThanOrEqual(1);
      expect(m.benchCount).toBeLessThanOrEqual(SAMPLE_SIZE.benches);
      expect(m.tags.length).toBeGreaterThanOrEqual(1);
      expect(m.tags.length).toBeLessThanOrEqual(6);
      expect(m.updatedAt).toBeLessThan(sample.export.generatedAt);
      expect(m.updatedAt).toBeGreaterThanOrEqual(sample.export.generatedAt - 30 * DAY);
    }
  });

  it('computes supraScore from the scores the details publish, as the API says: only those with upvotes > downvotes count', () => {
    // The calibration's probit source (not the mirror's method) on what a client can read: the export's effectiveWeight
    // and each detail's counted normalized scores, one per benchmark (benchCount of them).
    for (const generated of [sample, generateSample({ ...SAMPLE_SIZE, revision: 2 })]) {
      const { models, benches } = generated.export;
      const column = new Map(benches.map((b, i) => [b.slug, i]));
      const rows = models.map((m) => {
        const counted = generated.details[m.slug]!.scores.filter((s) => s.upvotes > s.downvotes);
        expect(counted).toHaveLength(m.benchCount);
        const byColumn = counted.map((s) => [column.get(s.bench)!, s.normalizedScore] as const).sort((x, y) => x[0] - y[0]);
        return { cols: Int32Array.from(byColumn, ([c]) => c), values: Float64Array.from(byColumn, ([, v]) => v) };
      });
      const recomputed = sourceScoresOfRows({ cols: benches.length, rows, weight: Float64Array.from(benches, (b) => b.effectiveWeight) }, 'probit');
      // The same sums in another order of benchmarks (the export's, not the generator's): equal at two decimals.
      expect(models.filter((m, row) => Math.round(recomputed[row]! * 100) / 100 !== m.supraScore).map((m) => m.slug)).toEqual([]);
    }
  });

  it('groups configurations of one release under a familyTag of one provider, high effort above low', () => {
    const families = groupBy(sample.export.models, (m) => m.familyTag);
    const sizes = [...families.values()].map((f) => f.length);
    expect(sizes.filter((n) => n === 1).length).toBeGreaterThan(families.size / 2);
    expect(sizes.filter((n) => n >= 2 && n <= 4).length).toBeGreaterThanOrEqual(20);
    for (const [tag, rows] of families) expect(new Set(rows.map((r) => r.provider)).size, tag).toBe(1);

    let effortPairs = 0;
    let both = 0;
    let higher = 0;
    const counted = (slug: string) => new Map(sample.details[slug]!.scores.filter((s) => s.upvotes > s.downvotes).map((s) => [s.bench, s.normalizedScore]));
    for (const rows of families.values()) {
      const row = (effort: string) => rows.find((r) => r.name.endsWith(` (${effort})`) && !/ (Plus|Prime|Studio) /.test(r.name));
      const [high, medium, low] = ['high', 'medium', 'low'].map(row);
      if (high && low) {
        effortPairs++;
        // supraScore pools a configuration's own benchmarks: in the tail, where a high effort's one or two more of them
        // are lost to the references, it can sit a fraction of a point below its low effort; above the tail, never.
        if (high.supraScore >= 10 || low.supraScore >= 10) expect(high.supraScore, high.name).toBeGreaterThan(low.supraScore);
        expect(high.supraScore - low.supraScore).toBeLessThan(25);
        // On the benchmarks both ran, high effort scores higher (650 of 664 on the sample).
        const mine = counted(high.slug);
        for (const [bench, score] of counted(low.slug)) {
          if (!mine.has(bench)) continue;
          both++;
          if (mine.get(bench)! > score) higher++;
        }
      }
      if (high && medium) expect(high.supraScore).toBeGreaterThan(medium.supraScore);
    }
    expect(effortPairs).toBeGreaterThanOrEqual(10);
    expect(higher).toBeGreaterThan(0.95 * both);

    // Some product tiers share the release's familyTag, others have one of their own.
    const shared = [...families.values()].filter(
      (rows) => rows.some((r) => / (Plus|Prime|Studio)\b/.test(r.name)) && rows.some((r) => !/ (Plus|Prime|Studio)\b/.test(r.name)),
    );
    expect(shared.length).toBeGreaterThan(0);
    const separate = [...families.keys()].filter(
      (tag) => /-(lite|compact|swift|brisk)$/.test(tag) && families.has(tag.replace(/-(lite|compact|swift|brisk)$/, '')),
    );
    expect(separate.length).toBeGreaterThan(0);
    expect(new Set(sample.export.models.map((m) => m.provider)).size).toBe(12);
  });

  it('counts each tag over the generated rows, alphabetically, with a few tags nobody carries', () => {
    const { models, benches, tags } = sample.export;
    expect(tags.map((t) => t.tag)).toEqual([...tags.map((t) => t.tag)].sort());
    const names = new Set(tags.map((t) => t.tag));
    for (const t of tags) {
      expect(t.tag).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(t.models, t.tag).toBe(models.filter((m) => m.tags.includes(t.tag)).length);
      expect(t.benches, t.tag).toBe(benches.filter((b) => b.tags.includes(t.tag)).length);
    }
    for (const row of [...models, ...benches]) for (const tag of row.tags) expect(names.has(tag)).toBe(true);
    const unused = tags.filter((t) => t.models === 0 && t.benches === 0).length;
    expect(unused).toBeGreaterThanOrEqual(1);
    expect(unused).toBeLessThanOrEqual(8);
  });

  it('keeps qualityScore equal to the mean of the five dimensions times 20', () => {
    const official = sample.export.benches.filter((b) => b.isOfficial).length;
    expect(official).toBeGreaterThan(SAMPLE_SIZE.benches / 6);
    expect(official).toBeLessThan(SAMPLE_SIZE.benches / 2);
    for (const b of sample.export.benches) {
      expect(Object.keys(b.dimensions)).toEqual([...KNOWN_DIMENSIONS]);
      const values = KNOWN_DIMENSIONS.map((d) => b.dimensions[d]);
      for (const v of values) {
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThanOrEqual(5);
        expect(Math.round(v * 10) / 10).toBe(v);
      }
      const mean = values.reduce((a, v) => a + v, 0) / values.length;
      expect(Math.abs(b.qualityScore - mean * 20), b.slug).toBeLessThan(0.005);
      expect(b.url).toMatch(/^https:\/\/([a-z0-9-]+\.)*example(\.(org|com|net))?\//);
      expect(b.tags.length).toBeGreaterThanOrEqual(1);
      expect(b.tags.length).toBeLessThanOrEqual(4);
      expect(b.description.length).toBeGreaterThan(80);
    }
  });

  it('weights benchmarks by quality and difficulty', () => {
    const rows = sample.export.benches;
    const x = rows.map((b) => b.qualityScore * b.dimensions.difficulty);
    const y = rows.map((b) => b.effectiveWeight);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const [mx, my] = [mean(x), mean(y)];
    const cov = mean(x.map((xi, i) => (xi - mx) * (y[i]! - my)));
    const sd = (v: number[], m: number) => Math.sqrt(mean(v.map((vi) => (vi - m) ** 2)));
    expect(cov / (sd(x, mx) * sd(y, my))).toBeGreaterThan(0.5);
    for (const w of y) {
      expect(w).toBeGreaterThan(0);
      expect(w).toBeLessThan(100);
    }
  });

  it('uses invented names only', () => {
    const real = /gpt|claude|gemini|gemma|llama|qwen|grok|mistral|mixtral|deepseek|openai|anthropic|google|meta\b|microsoft|nvidia|cohere|phi-|falcon/i;
    const large = generateSample({ configurations: 3000, benches: 300, tags: 300, withDetails: false });
    for (const e of [sample.export, large.export]) {
      for (const m of e.models) expect(`${m.name} ${m.provider} ${m.slug}`).not.toMatch(real);
      for (const b of e.benches) expect(`${b.name} ${b.slug}`).not.toMatch(real);
    }
  });

  it('gives details whose scores fit the bench scales and explain benchCount and modelCount', () => {
    const benches = new Map(sample.export.benches.map((b) => [b.slug, b]));
    const counted = new Map<string, number>();
    let uncounted = 0;
    for (const m of sample.export.models) {
      const detail = sample.details[m.slug]!;
      const { scores, mirrorFetchedAt, ...summary } = detail;
      expect(summary).toEqual(m);
      expect(mirrorFetchedAt).toBeLessThan(sample.export.generatedAt);
      const valid = new Set<string>();
      for (const s of scores) {
        const bench = benches.get(s.bench)!;
        expect(bench, s.bench).toBeDefined();
        expect(s.benchName).toBe(bench.name);
        expect(s.rawScore).toBeGreaterThanOrEqual(bench.scaleMin);
        expect(s.rawScore).toBeLessThanOrEqual(bench.scaleMax);
        const position = ((s.rawScore - bench.scaleMin) / (bench.scaleMax - bench.scaleMin)) * 100;
        expect(Math.abs(s.normalizedScore - position)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(s.sourceUrl).toMatch(/^https:\/\/([a-z0-9-]+\.)*example(\.(org|com|net))?\//);
        expect(s.accessedAt).toBeLessThan(sample.export.generatedAt);
        if (s.upvotes > s.downvotes) valid.add(s.bench);
        else uncounted++;
      }
      expect(valid.size, m.slug).toBe(m.benchCount);
      for (const slug of valid) counted.set(slug, (counted.get(slug) ?? 0) + 1);
    }
    expect(uncounted).toBeGreaterThan(20);
    for (const b of sample.export.benches) expect(b.modelCount, b.slug).toBe(counted.get(b.slug) ?? 0);
  });

  it('leaves details empty without details, and the export unchanged', () => {
    const bare = generateSample({ ...SAMPLE_SIZE, withDetails: false });
    expect(bare.details).toEqual({});
    expect(serializeExport(bare.export)).toBe(exportText);
  });

  it('makes revision 1 the same population a day later, with drifted scores and a few rows in and out', () => {
    const next = generateSample({ ...SAMPLE_SIZE, revision: 1 });
    expect(next.export.generatedAt).toBe(sample.export.generatedAt + DAY);
    const before = bySlug(sample.export);
    const after = bySlug(next.export);
    const shared = [...after.keys()].filter((slug) => before.has(slug));
    expect(shared.length).toBeGreaterThanOrEqual(before.size * 0.95);
    expect(shared.length).toBeLessThan(before.size);
    expect(after.size).toBeGreaterThan(shared.length);
    const moved = shared.filter((slug) => after.get(slug)!.supraScore !== before.get(slug)!.supraScore);
    expect(moved.length).toBeGreaterThan(shared.length / 2);
    for (const slug of shared) expect(Math.abs(after.get(slug)!.supraScore - before.get(slug)!.supraScore)).toBeLessThan(10);
    const weights = sample.export.benches.map((b) => [b.effectiveWeight, next.export.benches.find((n) => n.slug === b.slug)!.effectiveWeight] as const);
    expect(weights.some(([a, b]) => a !== b)).toBe(true);
    for (const [a, b] of weights) expect(Math.abs(a - b)).toBeLessThan(Math.max(5, a * 0.2));

    const validated = validateExport(JSON.parse(serializeExport(next.export)));
    expect(validated.warnings).toEqual([]);
    for (const [slug, body] of Object.entries(next.details)) expect(validateDetail(body, slug).warnings).toEqual([]);
  });

  it('gives every configuration a detail as a rolling crawl leaves them: stale ones, scores that do not count, unofficial benchmarks', async () => {
    const out = join(dir.path, 'sample.db');
    const outcome = await runSnapshot({
      out,
      source: { kind: 'file', path: 'data/sample/export.json', detailsPath: 'data/sample/details.json', label: 'sample', maxBytes: 10_000_000 },
      force: false,
      allowShrink: false,
      fallback: false,
      historyLimit: 5,
      reporter: captureReporter().reporter,
    });
    expect(outcome.counts?.details).toBe(SAMPLE_SIZE.configurations);
    const coverage = withSnapshot(out, (r) => r.info().coverage);
    // Ages as of the sample's generatedAt: most fetched within the week, the rest stale, some over a month.
    expect(coverage).toMatchObject({ asOf: SAMPLE_EPOCH, configurations: 300, withDetails: 300 });
    expect(coverage.olderThan7Days).toBeGreaterThan(60);
    expect(coverage.olderThan7Days).toBeLessThan(180);
    expect(coverage.olderThan30Days).toBeGreaterThan(10);
    expect(coverage.olderThan30Days).toBeLessThan(coverage.olderThan7Days);
    const unofficial = new Set(sample.export.benches.filter((b) => !b.isOfficial).map((b) => b.slug));
    const scores = withSnapshot(out, (r) => r.scores());
    expect(scores.filter((s) => s.upvotes <= s.downvotes).length).toBeGreaterThan(100);
    expect(scores.filter((s) => unofficial.has(s.bench)).length).toBeGreaterThan(100);
  });

  it('makes the truth of its field: every model by its best configuration scored on every benchmark, its counted scores among them', () => {
    const truth = generatedTruth(SAMPLE_SIZE);
    if (typeof truth === 'string') throw new Error(truth);
    const models = [...new Set(sample.export.models.map((m) => m.familyTag))];
    expect([...truth.keys()].sort()).toEqual(models.sort());
    const ranks = [...truth.values()].map((t) => t.rank).sort((a, b) => a - b);
    expect(ranks[0]).toBe(1);
    expect(new Set(ranks).size).toBeGreaterThan(0.95 * models.length);
    // A complete row holds the counted scores where the configuration has them, and a score on every other benchmark.
    const [at] = [...walkRevisions(SAMPLE_SIZE)];
    for (const c of at!.world.alive.slice(0, 30)) {
      const counted = at!.counted(c);
      const complete = completeScores(at!.seedKey, c, at!.benches);
      expect(complete.values).toHaveLength(SAMPLE_SIZE.benches);
      expect(complete.values.every((v) => v >= 0 && v <= 100)).toBe(true);
      expect(Array.from(counted.cols, (b) => complete.values[b])).toEqual(Array.from(counted.values));
    }
    // Not what the API publishes: with every benchmark scored, the order moves.
    const published = new Map(models.map((tag) => [tag, sample.export.models.findIndex((m) => m.familyTag === tag)]));
    expect(models.filter((tag) => truth.get(tag)!.rank !== [...published.values()].filter((i) => i < published.get(tag)!).length + 1).length).toBeGreaterThan(
      10,
    );
    expect(generatedTruth({ configurations: 50_000, benches: 2_000, tags: 800 })).toBe(
      'its complete table would hold 100,000,000 scores (50,000 configurations x 2,000 benchmarks), over the 20,000,000 the check makes',
    );
  });

  it('matches the committed data/sample files', () => {
    expect(readFileSync(new URL('../../data/sample/export.json', import.meta.url), 'utf8')).toBe(exportText);
    expect(readFileSync(new URL('../../data/sample/details.json', import.meta.url), 'utf8')).toBe(detailsText);
  });

  it('generates and validates a 10,000-configuration export', () => {
    const large = generateSample({ configurations: 10_000, benches: 800, tags: 400, withDetails: false });
    expect(large.export.models).toHaveLength(10_000);
    expect(large.details).toEqual({});
    const validated = validateExport(JSON.parse(serializeExport(large.export)));
    expect(validated.warnings).toEqual([]);
    expect(validated.models).toHaveLength(10_000);
    expect(validated.benches).toHaveLength(800);
    expect(validated.tags).toHaveLength(400);
    expect(new Set(large.export.models.map((m) => m.provider)).size).toBeGreaterThan(12);
  });

  it('rejects sizes that are not non-negative integers', () => {
    expect(() => generateSample({ configurations: -1, benches: 1, tags: 1 })).toThrow(RangeError);
    expect(() => generateSample({ configurations: 1.5, benches: 1, tags: 1 })).toThrow(RangeError);
    expect(generateSample({ configurations: 0, benches: 0, tags: 0 }).export.models).toEqual([]);
  });
});
