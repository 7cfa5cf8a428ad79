/**
 * The pure parts of `npm run bench`: its flags, sizes, statistics, the commands it reads from
 * package.json, and the report it makes of its results (on synthetic results and a few files).
 * The benchmark itself runs end to end in test/bench.test.ts.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBenchArgs } from '../../src/dev/bench/args.ts';
import { gzipSize, measureDist, samplePages } from '../../src/dev/bench/dist-stats.ts';
import { heapFlagsOf, nodeCommandOf } from '../../src/dev/bench/npm-script.ts';
import { sizeFor } from '../../src/dev/bench/proportions.ts';
import { writeHistorySeed } from '../../src/dev/bench/history-seed.ts';
import { growthTargets, markdownTable, pageTypeTable, sizeReport, sizeTargets } from '../../src/dev/bench/report.ts';
import type { SizeResult } from '../../src/dev/bench/results.ts';
import { innerSteps, reportedPeakKb } from '../../src/dev/bench/run-bench.ts';
import { median, spread } from '../../src/dev/bench/stats.ts';
import { ROOT, tempDir } from '../helpers/env.ts';

describe('median and spread', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(RangeError);
  });
  it('reports min and max beside the median, without reordering its input', () => {
    const values = [5, 1, 9];
    expect(spread(values)).toEqual({ median: 5, min: 1, max: 9 });
    expect(values).toEqual([5, 1, 9]);
  });
});

describe('sizes', () => {
  it('keeps the issue’s proportions at 10,000 and 50,000 and the sample’s at 300', () => {
    expect(sizeFor(10_000)).toEqual({ configurations: 10_000, benches: 800, tags: 400 });
    expect(sizeFor(50_000)).toEqual({ configurations: 50_000, benches: 2_000, tags: 800 });
    expect(sizeFor(300)).toEqual({ configurations: 300, benches: 60, tags: 150 });
  });
  it('never goes below 60 benchmarks and 150 tags, and grows between and beyond the anchors', () => {
    expect(sizeFor(1)).toMatchObject({ benches: 60, tags: 150 });
    expect(sizeFor(30_000)).toEqual({ configurations: 30_000, benches: 1_400, tags: 600 });
    expect(sizeFor(100_000)).toEqual({ configurations: 100_000, benches: 3_500, tags: 1_300 });
    let previous = sizeFor(1);
    for (const n of [500, 2_000, 9_999, 10_001, 49_999, 70_000]) {
      const s = sizeFor(n);
      expect(s.benches).toBeGreaterThanOrEqual(previous.benches);
      expect(s.tags).toBeGreaterThanOrEqual(previous.tags);
      previous = s;
    }
  });
});

describe('npm script commands', () => {
  it('splits node flags, the script and its arguments', () => {
    const build = nodeCommandOf('node --max-old-space-size=1024 --import tsx scripts/build.ts');
    expect(build).toEqual({ nodeArgs: ['--max-old-space-size=1024', '--import', 'tsx'], script: 'scripts/build.ts', args: [] });
    expect(heapFlagsOf(build)).toEqual(['--max-old-space-size=1024']);
    expect(nodeCommandOf('tsx scripts/snapshot.ts --force')).toEqual({ nodeArgs: ['--import', 'tsx'], script: 'scripts/snapshot.ts', args: ['--force'] });
  });
  it('refuses what is not a plain node or tsx command', () => {
    expect(() => nodeCommandOf('astro build')).toThrow(/node or tsx/);
    expect(() => nodeCommandOf('node a.js && node b.js')).toThrow(/shell/);
    expect(() => nodeCommandOf('node --import tsx')).toThrow(/no script/);
  });
  it('reads the commands of this repository’s package.json', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['snapshot', 'build', 'refresh']) {
      const c = nodeCommandOf(scripts[name]!);
      expect(c.script).toBe(`scripts/${name}.ts`);
      expect(c.nodeArgs.join(' ')).toContain('--import tsx');
    }
  });
});

describe('flags', () => {
  it('defaults to one size of 10,000 and 3 runs', () => {
    expect(parseBenchArgs([])).toMatchObject({ sizes: [10_000], runs: 3, details: true, keep: false, json: undefined, timeoutMs: undefined });
    expect(parseBenchArgs(['--skip-details'])).toMatchObject({ details: false });
  });
  it('takes several sizes, sorted and without repeats', () => {
    expect(parseBenchArgs(['--sizes', '50000,10000,10000', '--runs', '1', '--keep', '--json', 'r.json'])).toMatchObject({
      sizes: [10_000, 50_000],
      runs: 1,
      keep: true,
      json: 'r.json',
    });
  });
  it('takes a simulated month of the details crawl, a Pro key by default', () => {
    expect(parseBenchArgs([]).crawlMonth).toBeUndefined();
    expect(parseBenchArgs(['--crawl-month', '10000']).crawlMonth).toEqual({ configurations: 10_000, quota: 100_000, ratePerMinute: 300, share: 0.1 });
    expect(parseBenchArgs(['--crawl-month', '50000', '--crawl-quota', '500000', '--crawl-rate', '600', '--crawl-share', '0.25']).crawlMonth).toEqual({
      configurations: 50_000,
      quota: 500_000,
      ratePerMinute: 600,
      share: 0.25,
    });
  });
  it('refuses bad values with a usage error', () => {
    for (const argv of [
      ['--size', '0'],
      ['--size', '1e4'],
      ['--runs', 'two'],
      ['--size', '1', '--sizes', '2'],
      ['--frobnicate'],
      ['--crawl-month', 'lots'],
      ['--crawl-month', '100', '--crawl-share', '2'],
      ['--crawl-quota', '5'],
    ]) {
      expect(() => parseBenchArgs(argv), argv.join(' ')).toThrow(expect.objectContaining({ kind: 'usage', exitCode: 2 }));
    }
  });
});

describe('report', () => {
  it('pads a Markdown table and right-aligns number columns, headers included', () => {
    expect(
      markdownTable(
        ['stage', 's'],
        [
          ['build', '12.34'],
          ['fetch', '0.5'],
        ],
        ['l', 'r'],
      ),
    ).toBe(['| stage |     s |', '|-------|------:|', '| build | 12.34 |', '| fetch |   0.5 |'].join('\n'));
  });

  const result = (configurations: number, buildMs: number, pages: number, peakKb: number): SizeResult => ({
    size: sizeFor(configurations),
    exportBytes: 1,
    runs: 1,
    ratio: 1.5,
    stages: [
      { stage: 'fetch', ms: [100], peakRssKb: 100_000 },
      { stage: 'validate+store', ms: [1_500], peakRssKb: 200_000 },
      { stage: 'build', ms: [buildMs], peakRssKb: peakKb, pages, distBytes: 1 },
      { stage: 'unchanged refresh', ms: [3_500], peakRssKb: 150_000 },
      { stage: 'reference build', ms: [buildMs / 1.5], peakRssKb: 300_000, pages, distBytes: 1 },
    ],
    historyDays: 1,
    snapshotBytes: 1,
    dist: {
      pages,
      files: pages,
      bytes: 1,
      diskBytes: 4096,
      largestFile: { path: 'index.html', raw: 200_000 },
      index: { raw: 200_000, gzip: 30_000 },
      largestPage: { path: 'index.html', raw: 200_000, gzip: 30_000 },
      js: { files: 1, raw: 30_000, gzip: 21_000 },
      heaviestPageJs: { path: 'index.html', gzip: 21_000, scripts: 1 },
      sampledPages: pages,
    },
  });

  it('marks each target PASS or FAIL with the measured value', () => {
    const { targets } = sizeTargets(result(10_000, 60_000, 10_000, 600_000));
    const byLabel = Object.fromEntries(targets.map((t) => [t.label, t.pass]));
    expect(byLabel).toEqual({
      'full build <= 1.5 x the trivial reference': true,
      'full build <= 2 x the trivial reference (the first step)': true,
      'validate+store < 2 s': true,
      'unchanged refresh < 3 s': false,
      'every stage peak RSS < 1 GiB': true,
      'dist/ < 100 MB': true,
      'largest file < 25 MB (one file on Cloudflare Pages)': true,
      'leaderboard first page < 100 KB gzipped HTML': true,
      'no page ships > 20 KB gzipped JavaScript': false,
    });
    // Between the two steps: within 2 x, not yet 1.5 x.
    const between = sizeTargets({ ...result(10_000, 60_000, 10_000, 600_000), ratio: 1.8 }).targets.filter((t) => t.label.startsWith('full build'));
    expect(between.map((t) => t.pass)).toEqual([false, true]);
    const large = sizeTargets(result(50_000, 300_000, 50_000, 2.1 * 1024 * 1024));
    expect(large.targets[0]).toMatchObject({ pass: false, value: expect.stringMatching(/^2150 MB \(build\)/) });
  });

  it('allows build time per page to grow by at most 1.2 x from the smaller size to the larger', () => {
    expect(growthTargets([result(50_000, 500_000, 50_000, 1), result(10_000, 100_000, 10_000, 1)])[0]).toMatchObject({
      pass: true,
      value: expect.stringContaining('1.00 x'),
    });
    expect(growthTargets([result(10_000, 100_000, 10_000, 1), result(50_000, 700_000, 50_000, 1)])[0]?.pass).toBe(false);
    expect(growthTargets([result(10_000, 100_000, 10_000, 1)])).toEqual([]);
  });

  it('says the build with details was not measured (--skip-details), or reports its failure as a failed target', () => {
    const measured = sizeReport({
      ...result(300, 10_000, 400, 100_000),
      details: { ms: 12_000, peakRssKb: 300_000, snapshotBytes: 1, dist: result(300, 1, 400, 1).dist },
    });
    expect(measured).toMatch(/^- with details for every configuration \(one build, 12\.00 s, /m);
    const skipped = sizeReport(result(300, 10_000, 400, 100_000));
    expect(skipped).toMatch(/^- with details for every configuration: not measured \(--skip-details\)$/m);
    expect(skipped).not.toMatch(/^- (PASS|FAIL) .*with details/m);
    // A build with details that ran out of memory is reported as a failed target, not a missing measurement.
    const failed = sizeReport({
      ...result(300, 10_000, 400, 100_000),
      detailsFailed: 'build with details failed: exit code 134 (JavaScript heap out of memory)',
    });
    expect(failed).toMatch(/^- with details for every configuration: no result: build with details failed: exit code 134 \(JavaScript heap out of memory\)$/m);
    expect(failed).toMatch(/^- FAIL {2}the build with details for every configuration finishes: build with details failed: exit code 134/m);
  });
});

describe('page weights', () => {
  let dist: { path: string; cleanup: () => void };
  beforeAll(() => {
    dist = tempDir('mirror-bench-dist-');
    const write = (rel: string, text: string) => {
      mkdirSync(join(dist.path, rel, '..'), { recursive: true });
      writeFileSync(join(dist.path, rel), text);
    };
    write('_astro/page.js', `import{a}from"./shared.js";console.log(a,${JSON.stringify('x'.repeat(3000))});`);
    write('_astro/shared.js', `export const a=${JSON.stringify('y'.repeat(2000))};`);
    write('_astro/unused.js', 'export{};');
    // Under a base path, as with SITE_URL=https://host/mirror/
    write('index.html', '<html><script type="module" src="/mirror/_astro/page.js"></script><script type="application/ld+json">{"a":1}</script></html>');
    write('models/a/index.html', `<html><script>${'let z=1;'.repeat(50)}</script><p>${'a'.repeat(5000)}</p></html>`);
    write('data/models.json', '[]');
  });
  afterAll(() => dist.cleanup());

  it('follows a page’s scripts through their imports and skips JSON scripts', () => {
    const stats = measureDist(dist.path);
    expect(stats).toMatchObject({ pages: 2, files: 6, js: { files: 3 }, sampledPages: 2 });
    const page = readFileSync(join(dist.path, '_astro/page.js'));
    const shared = readFileSync(join(dist.path, '_astro/shared.js'));
    expect(stats.heaviestPageJs).toEqual({ path: 'index.html', gzip: gzipSize(page) + gzipSize(shared), scripts: 1 });
    expect(stats.largestPage?.path).toBe('models/a/index.html');
    expect(stats.index?.raw).toBe(statSync(join(dist.path, 'index.html')).size);
  });

  it('samples every top-level folder evenly', () => {
    const pages = ['index.html', ...Array.from({ length: 10 }, (_, i) => `models/m${i}/index.html`), 'tags/t/index.html'];
    const sample = samplePages(pages, 3);
    expect(sample).toContain('index.html');
    expect(sample).toContain('tags/t/index.html');
    expect(sample.filter((p) => p.startsWith('models/'))).toEqual(['models/m0/index.html', 'models/m3/index.html', 'models/m6/index.html']);
  });
});

describe('the history seed', () => {
  it('makes the details of every configuration only when the build with details is measured', () => {
    const dir = tempDir('mirror-seed-test-');
    try {
      const without = writeHistorySeed(sizeFor(300), 2, join(dir.path, 'a.db'), 365, false);
      const withDetails = writeHistorySeed(sizeFor(300), 2, join(dir.path, 'b.db'), 365);
      expect(Object.keys(without.details)).toEqual([]);
      expect(Object.keys(withDetails.details).length).toBeGreaterThan(0);
      // The export is the same either way: details are never part of it.
      expect(without.exportBody.equals(withDetails.exportBody)).toBe(true);
      expect(without.seed?.snapshots).toBe(1);
    } finally {
      dir.cleanup();
    }
  });
});

describe('the project’s own step lines', () => {
  it('are read from a stage’s output, other lines ignored', () => {
    const output = [
      'rendering the snapshot generated 2026-11-16T06:00:00.000Z (file): 10000 configurations',
      'render      26.26 s',
      'check        0.86 s  (11262 pages, 11275 files, 60.1 MB)',
      'built /tmp/x/dist/: 11262 pages, 60.1 MB in 30.77 s',
      'validate+store 1.00 s',
    ].join('\n');
    expect(innerSteps(output)).toEqual([
      ['render', 26_260],
      ['check', 860],
      ['validate+store', 1_000],
    ]);
  });
});

describe('the peak memory a build reports', () => {
  const lines = [
    'render      26.26 s  (Astro 25.10 s CPU, peak 512 MB)',
    'extras       0.40 s  (602 cards (602 rendered, 0 reused) in 13.51 s CPU; search index of 18197 pages made in 21.95 s; worker 37.75 s, 29.51 s CPU, peak 475 MB; Pagefind peak 120 MB)',
    'check        2.32 s  (25360 pages, 72653 files, 422.9 MB)',
  ];
  it('is what it sampled of all its processes at once, never below the process’s own peak', () => {
    const output = [...lines, 'built dist/: 25360 pages, 377.8 MB in 36.00 s; memory peak 900 MB, all processes at once'].join('\n');
    expect(reportedPeakKb(output, 150 * 1024)).toBe(900 * 1024);
    expect(reportedPeakKb(output, 1000 * 1024)).toBe(1000 * 1024);
  });
  it('is otherwise the sum of the Astro render’s, the extras worker’s, Pagefind’s and its own peaks', () => {
    expect(reportedPeakKb(lines.join('\n'), 100 * 1024)).toBe((100 + 512 + 475 + 120) * 1024);
    expect(reportedPeakKb('render      1.00 s', 7)).toBe(7);
  });
});

describe('the page type table', () => {
  const size = (files: number, bytes: number) => ({ route: '', files, bytes, medianBytes: bytes / files, largest: { path: 'x', bytes: (2 * bytes) / files } });
  const plainOnly = { route: 'configurations/[slug]', ms: [9_000], plain: size(10_000, 80 * 1024 * 1024), withDetails: undefined };
  const both = { route: 'tags/[tag]/page/[page]', ms: [300], plain: size(85, 2 * 1024 * 1024), withDetails: size(4_000, 120 * 1024 * 1024) };
  const cells = (table: string, route: string) =>
    table
      .split('\n')
      .find((l) => l.startsWith(`| ${route} `))!
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());

  it('gives the size of all files of each build in its own column, and leaves the details columns empty without that build', () => {
    const table = pageTypeTable([plainOnly, both]);
    expect(cells(table, 'page type')).toEqual([
      'page type',
      'files',
      'median KB',
      'largest KB',
      'all MB',
      'files, details',
      'median KB, details',
      'largest KB, details',
      'all MB, details',
      'build s',
    ]);
    expect(cells(table, 'configurations/[slug]')).toEqual(['configurations/[slug]', '10,000', '8.2', '16.4', '80', '', '', '', '', '9.00']);
    expect(cells(table, 'tags/[tag]/page/[page]')).toEqual(['tags/[tag]/page/[page]', '85', '24.1', '48.2', '2.0', '4,000', '30.7', '61.4', '120', '0.30']);
  });
});
