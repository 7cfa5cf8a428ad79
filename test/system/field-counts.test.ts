/**
 * The counts a build plans with (src/site/data/field-counts.ts, one walk of a real snapshot file)
 * are what the pages show, as the site's own data and route builders make them: a model page's rows
 * and cells of scores, its tags and the points of its charts; a configuration's chart; a comparison's
 * shared benchmarks; a benchmark's groups and rows of results; a tag's two rankings and its
 * benchmarks. A snapshot of 300 configurations with 5 days of history and details for each.
 */
import { inputOutsideBuild } from '../../src/site/plan/render-input.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeHistorySeed } from '../../src/dev/bench/history-seed.ts';
import { sizeFor } from '../../src/dev/bench/proportions.ts';
import { serializeDetails } from '../../src/dev/sample/generate.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { compareModels } from '../../src/site/compare/compare-models.ts';
import { getSiteData, releaseSiteData } from '../../src/site/data/site-data.ts';
import { modelFile } from '../../src/site/files/model-file.ts';
import { attribution } from '../../src/site/files/records.ts';
import { TAGS_SHOWN } from '../../src/site/lists/leaderboard.ts';
import { configurationPage } from '../../src/site/routes/configuration.ts';
import { modelPage } from '../../src/site/routes/model.ts';
import { fieldCountsOf } from '../../src/site/data/field-counts.ts';
import { RESULTS_PER_PAGE, type FieldCounts } from '../../src/site/plan/types.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import type { SiteData } from '../../src/site/data/types.ts';
import { captureReporter, tempDir } from '../helpers/env.ts';

const dir = tempDir();
let counts: FieldCounts;
let data: SiteData;

beforeAll(async () => {
  const seed = writeHistorySeed(sizeFor(300), 5, join(dir.path, 'seed.db'), 365, true);
  const snapshot = join(dir.path, 'snapshot.db');
  copyFileSync(seed.seed!.path, snapshot);
  writeFileSync(join(dir.path, 'export.json'), seed.exportBody);
  writeFileSync(join(dir.path, 'details.json'), serializeDetails(seed.details));
  const captured = captureReporter();
  const args = ['--from-file', join(dir.path, 'export.json'), '--details-file', join(dir.path, 'details.json'), '--out', snapshot];
  const r = await snapshotCli(args, { env: {}, reporter: captured.reporter });
  if (r.code !== 0) throw new Error(`the snapshot failed:\n${captured.text()}`);
  counts = withSnapshot(snapshot, (reader) => fieldCountsOf(reader, 50, { files: 1, bytes: 1 }));
  data = getSiteData(inputOutsideBuild(snapshot, {}));
}, 120_000);

afterAll(() => {
  releaseSiteData();
  dir.cleanup();
});

describe('the counts a build plans with', () => {
  it('are the site’s models, in its ranking, with their configurations and submissions', () => {
    expect(counts.models.length).toBe(data.models.length);
    expect(counts.models.map((m) => m.configurations)).toEqual(data.models.map((m) => m.configurations.length));
    const scores = (slug: string) => data.scoresFor(slug).length;
    expect(counts.models.map((m) => m.scores)).toEqual(data.models.map((m) => m.configurations.reduce((n, c) => n + scores(c.slug), 0)));
    expect(counts.models.map((m) => m.bestScores)).toEqual(data.models.map((m) => scores(m.best.slug)));
    expect(counts.models.reduce((n, m) => n + m.scores, 0)).toBeGreaterThan(1_000);
    expect([counts.benches, counts.tags, counts.providers]).toEqual([
      data.benches.length,
      data.tags.length,
      new Set(data.configurations.map((c) => c.provider)).size,
    ]);
  });

  it('count what a model’s page shows: its table of scores, its configurations’ tags and the points of its charts', () => {
    const pages = data.models.map((m) => modelPage(data, m));
    expect(counts.models.map((m) => m.benches)).toEqual(pages.map((p) => p.matrix.length));
    expect(counts.models.map((m) => m.configurationTags)).toEqual(pages.map((p) => p.tags.flat().length));
    // A leaderboard row's chips: the first TAGS_SHOWN of a model's tags, and one of how many more.
    expect(counts.models.map((m) => m.tagsShown)).toEqual(data.models.map((m) => Math.min(m.tags.length, TAGS_SHOWN + 1)));
    expect(counts.models.some((m) => m.tagsShown > TAGS_SHOWN)).toBe(true);
    expect(counts.models.map((m) => m.historyPoints)).toEqual(pages.map((p) => p.history.length));
    // Five snapshots: a model on all of them has five points, one that came since fewer.
    expect(Math.max(...counts.models.map((m) => m.historyPoints))).toBe(5);
    expect(Math.min(...counts.models.map((m) => m.historyPoints))).toBeLessThan(5);
    expect(counts.recentChanges).toBe(4);
    expect(counts.models.map((m) => m.configurationHistoryPoints)).toEqual(
      data.models.map((m) => m.configurations.reduce((n, c) => n + configurationPage(data, c).history.length, 0)),
    );
  });

  it('count the benchmarks two neighbours’ comparison shares', () => {
    const files = attribution(data);
    const shared = data.models.map((m, i) => {
      const next = data.models[i + 1];
      return next ? compareModels([modelFile(data, m, files), modelFile(data, next, files)]).shared.length : 0;
    });
    expect(counts.models.map((m) => m.sharedWithNext)).toEqual(shared);
    expect(shared.some((n) => n > 0)).toBe(true);
  });

  it('count a benchmark’s results: a group per model, a row per submission, and those of its first page', () => {
    for (const bench of data.benches) {
      const results = data.resultsFor(bench.slug);
      const r = counts.benchResults.get(bench.slug)!;
      expect([r.models, r.rows], bench.slug).toEqual([results.groups.length, results.submissions]);
      expect(r.firstRows, bench.slug).toEqual(RESULTS_PER_PAGE.map((k) => results.groups.slice(0, k).reduce((n, g) => n + g.rows.length, 0)));
    }
  });

  it('count a tag’s rankings, the models carrying it and those measured on its benchmarks, its benchmarks and the counting submissions on them', () => {
    for (const tag of data.tags) {
      const measured = data.measuredFor(tag.tag);
      const onTag = new Set(tag.benchList.map((b) => b.slug));
      const scores = data.configurations.reduce((n, c) => n + data.scoresFor(c.slug).filter((s) => s.counts && onTag.has(s.bench)).length, 0);
      expect(counts.tagLists.get(tag.tag), tag.tag).toEqual({
        carrying: tag.modelList.length,
        measured: measured.ranked.length + measured.apart.length,
        benches: tag.benchList.length,
        scores,
      });
    }
  });
});
