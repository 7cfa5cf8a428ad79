/**
 * The pure parts of `npm run bench`: its flags, sizes, statistics, the commands it reads from
 * package.json, and the report it makes of its results (on synthetic results and a few files).
 * The benchmark itself runs end to end in test/e2e/bench.test.ts.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_TARGETS, parseBenchArgs } from '../../src/dev/bench/args.ts';
import { gzipSize, measureDist, samplePages } from '../../src/dev/bench/dist-stats.ts';
import { heapFlagsOf, nodeCommandOf } from '../../src/dev/bench/npm-script.ts';
import { benchField, sizeFor } from '../../src/dev/bench/proportions.ts';
import { rangesSplitOf, splitLine, splitOf } from '../../src/dev/bench/rank-page.ts';
import { writeHistorySeed } from '../../src/dev/bench/history-seed.ts';
import {
  firstBuildFailures,
  growthTargets,
  hostTarget,
  leftOutLines,
  markdownTable,
  pageTypeTable,
  sizeReport,
  historyTable,
  sizeTargets,
  targetTable,
} from '../../src/dev/bench/report.ts';
import { figuresText } from '../../src/publish/build-plan.ts';
import type { KindedFigures, SizeResult, TargetBuild } from '../../src/dev/bench/results.ts';
import { targetBuildOf } from '../../src/dev/bench/target-builds.ts';
import type { ChildRun } from '../../src/dev/bench/child.ts';
import { DEPLOY_TARGETS, limitsText } from '../../src/site/plan/hosts.ts';
import { OUTPUT_KINDS } from '../../src/site/plan/output-kinds.ts';
import { innerSteps, reportedPeakKb } from '../../src/dev/bench/stage-process.ts';
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
  it('are sizeFor’s but in a test that asks for another field (MIRROR_TEST_BENCH_FIELD=benchmarks,tags)', () => {
    expect(benchField(12, {})).toEqual(sizeFor(12));
    expect(benchField(12, { MIRROR_TEST_BENCH_FIELD: '10,20' })).toEqual({ configurations: 12, benches: 10, tags: 20 });
    expect(benchField(12, { MIRROR_TEST_BENCH_FIELD: '10' })).toEqual(sizeFor(12));
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
    const build = nodeCommandOf('node --max-old-space-size=1024 --import ./scripts/supported-node.mjs scripts/build.ts');
    expect(build).toEqual({ nodeArgs: ['--max-old-space-size=1024', '--import', './scripts/supported-node.mjs'], script: 'scripts/build.ts', args: [] });
    expect(heapFlagsOf(build)).toEqual(['--max-old-space-size=1024']);
    expect(nodeCommandOf('node scripts/snapshot.ts --force')).toEqual({ nodeArgs: [], script: 'scripts/snapshot.ts', args: ['--force'] });
  });
  it('refuses what is not a plain node command', () => {
    expect(() => nodeCommandOf('astro build')).toThrow(/must start with node/);
    expect(() => nodeCommandOf('tsx scripts/build.ts')).toThrow(/must start with node/);
    expect(() => nodeCommandOf('node a.js && node b.js')).toThrow(/shell/);
    expect(() => nodeCommandOf('node --import ./scripts/supported-node.mjs')).toThrow(/no script/);
  });
  it('reads the commands of this repository’s package.json', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['snapshot', 'build', 'refresh']) {
      const c = nodeCommandOf(scripts[name]!);
      expect(c.script).toBe(`scripts/${name}.ts`);
      expect(c.nodeArgs.join(' ')).toContain('--import ./scripts/supported-node.mjs');
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
  it('takes a folder to measure /rank/ alone in, at one size', () => {
    expect(parseBenchArgs([]).rankSite).toBeUndefined();
    expect(parseBenchArgs(['--size', '10000', '--rank-site', '/tmp/site/'])).toMatchObject({ sizes: [10_000], rankSite: '/tmp/site' });
  });
  it('takes the deploy targets to build for, in their order, none first; all of them; or none at all by default', () => {
    expect(parseBenchArgs([]).targets).toEqual([]);
    expect(parseBenchArgs(['--targets', 'github-pages, none']).targets).toEqual(['none', 'github-pages']);
    expect(parseBenchArgs(['--targets', 'all']).targets).toEqual(['none', ...DEPLOY_TARGETS]);
    expect(BENCH_TARGETS).toEqual(['none', ...DEPLOY_TARGETS]);
  });
  it('refuses bad values with a usage error', () => {
    for (const argv of [
      ['--targets', 'heroku'],
      ['--targets', ','],
      ['--size', '0'],
      ['--size', '1e4'],
      ['--runs', 'two'],
      ['--size', '1', '--sizes', '2'],
      ['--frobnicate'],
      ['--crawl-month', 'lots'],
      ['--crawl-month', '100', '--crawl-share', '2'],
      ['--crawl-quota', '5'],
      ['--rank-site', ''],
      ['--rank-site', 'x', '--sizes', '10000,50000'],
      ['--rank-site', 'x', '--crawl-month', '100'],
    ]) {
      expect(() => parseBenchArgs(argv), argv.join(' ')).toThrow(expect.objectContaining({ kind: 'usage', exitCode: 2 }));
    }
  });
});

/** A size's results as the bench writes them, with the figures the targets judge. */
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

describe('the builds per deploy target', () => {
  /** A site in the terms hosts limit; its kinds all zero but the snapshot file's. */
  const site = (files: number, bytes: number, folder: number, file: number): KindedFigures => ({
    files,
    bytes,
    largestFolder: { path: 'configurations', entries: folder },
    largestFile: { path: 'data/scores.csv', bytes: file },
    kinds: {
      ...(Object.fromEntries(OUTPUT_KINDS.map((k) => [k, { files: 0, bytes: 0 }])) as KindedFigures['kinds']),
      'snapshot-db': { files: 1, bytes: 2_000_000 },
    },
  });
  const built = (target: TargetBuild['target'], measured: KindedFigures, more: Partial<TargetBuild> = {}): TargetBuild => ({
    target,
    details: false,
    outcome: 'built',
    ms: 61_000,
    peakRssKb: 700 * 1024,
    measured,
    estimate: site(measured.files + 100, measured.bytes * 1.1, 1, 1),
    over: [],
    ...more,
  });
  const builds: TargetBuild[] = [
    built('none', site(62_624, 1_592_000_000, 10_001, 30_000_000), {
      fits: ['bucket'],
      lastLine: 'fits bucket; does not fit github-pages (whole site 1,592 MB of 1,000 MB)',
    }),
    built('github-pages', site(40_000, 900_000_000, 10_001, 20_000_000), { leftOut: 'scores.csv and history.csv gzipped' }),
    built('netlify', site(62_624, 1_592_000_000, 60_000, 30_000_000), {
      over: ['largest folder configurations/ 60,000 entries of 54,000'],
      lastLine: "netlify's limits leave nothing out",
      leftOut: 'nothing',
    }),
    {
      target: 'vercel-hobby',
      details: false,
      outcome: 'refused',
      why: 'error: the site does not fit Vercel (Hobby), even with only what every target keeps: files 16,000 of 14,250',
      ms: 4_000,
      peakRssKb: undefined,
      over: [],
    },
    { target: 'cloudflare-pages-free', details: false, outcome: 'failed', why: 'exit code 134', ms: 9_000, peakRssKb: 100 * 1024, over: [] },
  ];
  const cells = (table: string, first: string) =>
    table
      .split('\n')
      .find((l) => l.startsWith(`| ${first} `))!
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());

  it('gives a row per target: its limits, files, the largest folder and file, the whole site beside the plan, time, memory and the verdict', () => {
    const table = targetTable(builds);
    expect(cells(table, 'target')).toEqual([
      'target',
      "host's limits",
      'files',
      'plan: files',
      'largest folder (entries)',
      'largest file',
      'whole site',
      'plan: site',
      'written / plan: files; bytes',
      'build s',
      'peak RSS MB',
      'verdict',
    ]);
    expect(cells(table, 'none')).toEqual([
      'none',
      '(everything rendered)',
      '62,624',
      '62,724',
      'configurations/ 10,001',
      'data/scores.csv 30 MB',
      '1,592 MB',
      '1,751 MB',
      '0.998; 0.909',
      '61.00',
      '700',
      'fits bucket',
    ]);
    expect(cells(table, 'github-pages')).toEqual([
      'github-pages',
      limitsText('github-pages'),
      '40,000',
      '40,100',
      'configurations/ 10,001',
      'data/scores.csv 20 MB',
      '900 MB',
      '990 MB',
      '0.998; 0.909',
      '61.00',
      '700',
      'fits',
    ]);
    expect(cells(table, 'netlify').at(-1)).toBe('over: largest folder configurations/ 60,000 entries of 54,000');
    expect(cells(table, 'vercel-hobby')).toEqual([
      'vercel-hobby',
      limitsText('vercel-hobby'),
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '4.00',
      '?',
      'refused before rendering',
    ]);
    expect(cells(table, 'cloudflare-pages-free').at(-1)).toBe('failed');
  });

  it('says what each left out, which targets the whole site fits, and why a build was refused or failed', () => {
    expect(leftOutLines(builds)).toEqual([
      '- none: fits bucket; does not fit github-pages (whole site 1,592 MB of 1,000 MB)',
      '- github-pages: scores.csv and history.csv gzipped',
      '- netlify: nothing',
      '- vercel-hobby: refused: error: the site does not fit Vercel (Hobby), even with only what every target keeps: files 16,000 of 14,250',
      '- cloudflare-pages-free: failed: exit code 134',
    ]);
  });

  it('passes a target within its limits, fails one over them or failed, and lets only vercel-hobby be refused before rendering', () => {
    const refusedElsewhere: TargetBuild = { ...builds[3]!, target: 'cloudflare-pages', details: true };
    const { targets } = sizeTargets({ ...result(10_000, 60_000, 10_000, 600_000), targetBuilds: [...builds, refusedElsewhere] });
    const hosts = targets.filter((t) => /^[a-z-]+( with details for every configuration)?: the first build is within /.test(t.label));
    expect(hosts.map((t) => [t.label.split(':')[0], t.pass])).toEqual([
      ['github-pages', true],
      ['netlify', false],
      ['vercel-hobby', true],
      ['cloudflare-pages-free', false],
      ['cloudflare-pages with details for every configuration', false],
    ]);
    expect(hosts[1]!.value).toMatch(/; over: largest folder configurations\/ 60,000 entries of 54,000$/);
  });

  it('fails a target whose first site was over its limits, though the build planned again and fit: the bench exits on it', () => {
    const line =
      're-plan for github-pages: the site as first planned is over its limits (whole site 1,060 MB of 1,000 MB); planned again from what it measured: model pages only for the 9 best of 9 models; estimated …; rendering again';
    const again: TargetBuild = { ...builds[1]!, details: true, replanned: line };
    const target = hostTarget(again);
    expect([target.pass, target.value]).toEqual([
      false,
      `${figuresText(again.measured!)}; planned again, its first site over: whole site 1,060 MB of 1,000 MB`,
    ]);
    expect(cells(targetTable([again]), 'github-pages').slice(-4)).toEqual([
      '',
      '61.00',
      '700',
      'planned again (first over: whole site 1,060 MB of 1,000 MB); fits',
    ]);
    const sizes = [{ ...result(50_000, 300_000, 35_000, 2_000_000), targetBuilds: [...builds, again] }];
    expect(firstBuildFailures({ sizes })).toEqual([
      `50,000 configurations, netlify: the first build is within Netlify's limits: ${hostTarget(builds[2]!).value}`,
      `50,000 configurations, cloudflare-pages-free: the first build is within Cloudflare Pages (Free)'s limits: failed: exit code 134`,
      `50,000 configurations, github-pages with details for every configuration: the first build is within GitHub Pages's limits: ${target.value}`,
    ]);
    expect(firstBuildFailures({ sizes: [{ ...sizes[0]!, targetBuilds: builds.slice(0, 2) }] })).toEqual([]);
  });

  it('reports the history files of each build and a first past view, and holds them to their budgets at 10,000', () => {
    const history = {
      files: 367,
      bytes: 28_000_000,
      gzip: 10_600_000,
      days: 365,
      indexGzip: 4_000,
      namesGzip: 245_000,
      dayGzip: { median: 28_000, max: 29_500 },
      firstView: { median: 277_000, max: 278_500 },
    };
    const withHistory = [{ ...builds[0]!, history }, { ...builds[1]!, history: { ...history, files: 110, days: 108 } }, ...builds.slice(2)];
    const table = historyTable(withHistory);
    expect(cells(table, 'none')).toEqual(['none', '367', '365', '28 MB', '11 MB', '239.3 KB', '27.3 KB; 28.8 KB', '270.5 KB; 272.0 KB']);
    expect(cells(table, 'github-pages').slice(0, 3)).toEqual(['github-pages', '110', '108']);
    expect(table.split('\n')).toHaveLength(4);
    const { targets } = sizeTargets({ ...result(10_000, 60_000, 10_000, 600_000), targetBuilds: withHistory });
    expect(targets.filter((t) => /past view|whole history/.test(t.label)).map((t) => [t.label, t.value, t.pass])).toEqual([
      ['a first past view (index, names, the largest day) <= 300 KB gzipped', '272.0 KB', true],
      ['the whole history (365 days) <= 20 MB gzipped, in files every target takes', '10 MB in 367 files', true],
    ]);
    expect(sizeReport({ ...result(10_000, 60_000, 10_000, 600_000), targetBuilds: withHistory })).toContain(
      'The leaderboard as it stood (data/history/): files, days kept',
    );
  });

  it('puts a table per snapshot, without details and with, in the size report', () => {
    const report = sizeReport({ ...result(300, 10_000, 400, 100_000), targetBuilds: [...builds, { ...builds[1]!, details: true }] });
    expect(report).toContain('Per deploy target, without details (one build each into a fresh folder, ');
    expect(report).toContain('Per deploy target with details for every configuration (one build each into a fresh folder, ');
    expect(report).toMatch(
      /^What was left out with details for every configuration \(each build's last line\):\n- github-pages: scores\.csv and history\.csv gzipped$/m,
    );
    // The site without a target, by kind of output, against its plan: the snapshot file is counted exactly.
    expect(report).toMatch(/^\| snapshot-db +\| snapshot file +\| +1 \| +1 \| +2 MB \| +2 MB \| +1\.00 \|$/m);
    // Each kind of output with the kinds of page and file the table of kinds weighs as it.
    expect(report).toMatch(/^\| provider-page +\| provider feed, provider +\|/m);
  });
});

describe('a build for a deploy target, as a result', () => {
  const dir = tempDir('mirror-target-build-');
  const run = (code: number | null, output: string, more: Partial<ChildRun> = {}): ChildRun => ({
    code,
    signal: null,
    timedOut: false,
    ms: 2_500,
    peak: undefined,
    output,
    ...more,
  });
  const snapshotDbSeen: { files: number; bytes: number }[] = [];
  const estimate = (snapshotDb: { files: number; bytes: number }) => {
    snapshotDbSeen.push(snapshotDb);
    return undefined;
  };
  const base = { details: false, peakRssKb: 1, out: dir.path, estimate };
  beforeAll(() => {
    mkdirSync(join(dir.path, 'data'), { recursive: true });
    writeFileSync(join(dir.path, 'index.html'), 'x'.repeat(100));
    writeFileSync(join(dir.path, 'data/snapshot.db.gz'), 'y'.repeat(300));
    mkdirSync(join(dir.path, 'data/history/days'), { recursive: true });
    writeFileSync(join(dir.path, 'data/history/index.json'), 'i'.repeat(20));
    writeFileSync(join(dir.path, 'data/history/names.json'), 'n'.repeat(300));
    writeFileSync(join(dir.path, 'data/history/days/2026-06-30.json'), 'd'.repeat(5_000));
  });
  afterAll(() => dir.cleanup());

  it('is the folder measured as hosts count it, with what its last line says was left out, and its plan for the snapshot file it published', () => {
    const b = targetBuildOf({ ...base, target: 'github-pages', run: run(0, "built x\nwhat github-pages's limits leave out: cards of 10 models\n") });
    expect(b).toMatchObject({
      outcome: 'built',
      ms: 2_500,
      measured: {
        files: 5,
        bytes: 5_720,
        largestFolder: { path: 'data/history', entries: 3 },
        largestFile: { path: 'data/history/days/2026-06-30.json', bytes: 5_000 },
      },
      leftOut: 'cards of 10 models',
      over: [],
    });
    expect(snapshotDbSeen.at(-1)).toEqual({ files: 1, bytes: 300 });
    // Its history files: the index, the names and the days, gzipped as a visitor downloads them.
    expect(b.history).toMatchObject({ files: 3, days: 1, bytes: 20 + 300 + 5_000 });
    expect(b.history!.firstView.max).toBe(b.history!.indexGzip + b.history!.namesGzip + b.history!.dayGzip.max);
    expect(targetBuildOf({ ...base, target: 'netlify', run: run(0, "netlify's limits leave nothing out") }).leftOut).toBe('nothing');
  });

  it('without a target, fits every target whose limits it is within', () => {
    expect(targetBuildOf({ ...base, target: 'none', run: run(0, 'fits ...') }).fits).toEqual([...DEPLOY_TARGETS]);
  });

  it('is refused when the build says before rendering that the site does not fit, and failed on any other end', () => {
    const refusal = 'error: the site does not fit Vercel (Hobby), even with only what every target keeps: files 16,000 of 14,250';
    expect(targetBuildOf({ ...base, target: 'vercel-hobby', run: run(1, `snapshot-db 0.10 s\n${refusal}\n`) })).toMatchObject({
      outcome: 'refused',
      why: refusal,
    });
    expect(targetBuildOf({ ...base, target: 'netlify', run: run(1, 'error: the build failed: boom') })).toMatchObject({
      outcome: 'failed',
      why: 'error: the build failed: boom',
    });
    // A site that does not fit as a render measured it, planned again: a failure after rendering, not a refusal before it.
    const measured =
      'error: the site does not fit GitHub Pages, even with only what every target keeps as this build measured it: whole site 1,200 MB of 950 MB';
    const replan = 're-plan for github-pages: the site as first planned is over its limits (whole site 1,300 MB of 1,000 MB); …';
    expect(targetBuildOf({ ...base, target: 'github-pages', run: run(1, `render 1.00 s\n${replan}\n${measured}\n`) })).toMatchObject({
      outcome: 'failed',
      why: measured,
      replanned: replan,
    });
    expect(targetBuildOf({ ...base, target: 'netlify', run: run(null, '', { timedOut: true, ms: 60_000 }) })).toMatchObject({
      outcome: 'failed',
      why: 'no exit within the time limit (killed after 60 s)',
    });
  });
});

describe("/rank/'s split of a change's time", () => {
  // A change at 1,000 (ms since the epoch): the worker starts at 1,010, ranks and posts by 1,100; the page hears it at 1,120 and draws by 1,150; the frame at 1,160.
  const worker = [
    { name: 'fetch', at: 1010, duration: 5 },
    { name: 'read', at: 1015, duration: 20 },
    { name: 'decode', at: 1035, duration: 5 },
    { name: 'files', at: 1010, duration: 30 },
    { name: 'assemble', at: 1040, duration: 10 },
    { name: 'rank', at: 1050, duration: 30 },
    { name: 'rows', at: 1080, duration: 10 },
    { name: 'engine', at: 1010, duration: 85 },
    { name: 'post', at: 1095, duration: 5 },
  ];
  const page = [
    { name: 'received', at: 1120, duration: 0 },
    { name: 'weights', at: 1140, duration: 4 },
    { name: 'rows', at: 1150, duration: 0 },
  ];
  it('puts each part of the time to the rows in its place, and the parts add up to it', () => {
    const split = splitOf(1000, 160, page, worker)!;
    expect(split).toEqual({
      before: 10,
      files: 30,
      read: 20,
      decode: 5,
      assemble: 10,
      rank: 30,
      rows: 10,
      post: 5,
      deliver: 20,
      draw: 30,
      frame: 10,
      weights: 4,
    });
    const { read: _r, decode: _d, weights: _w, ...parts } = split;
    // What the engine's own span leaves out of its parts (readWeights, the summary) is the rest.
    expect(Object.values(parts).reduce((a, b) => a + b, 0)).toBe(160 - (85 - 30 - 10 - 30 - 10));
    expect(splitLine(split)).toBe(
      "before the worker 10, files 30 (reading 20, decoding 5 summed over them), assembling 10, ranking 30, rows 10, posting 5, to the page 20, drawing 30 (the weights' fields 4), to the frame 10",
    );
  });
  it('says nothing where a mark is missing (a page without them, or rows from the page itself)', () => {
    expect(splitOf(1000, 160, page.slice(1), worker)).toBeUndefined();
    expect(splitOf(1000, 160, page, worker.slice(0, -1))).toBeUndefined();
  });
  it('times the ranges to the rows drawn with them, not to the sentences the page writes frames later', () => {
    // The ranges worker is handed the ranking at 1,100, resamples until 1,400 and posts by 1,405; the page hears them at 1,410,
    // draws the rows with them at 1,440 (when it says they are made), its sentences at 1,500, and the frame after the rows is at 1,450.
    const ranges = [
      { name: 'started', at: 1100, duration: 0 },
      { name: 'resample', at: 1150, duration: 250 },
      { name: 'post', at: 1400, duration: 5 },
    ];
    const heard = [...page, { name: 'ranges', at: 1405, duration: 5 }, { name: 'rows', at: 1440, duration: 0 }, { name: 'drawn', at: 1500, duration: 0 }];
    const split = rangesSplitOf(1000, 450, heard, ranges)!;
    expect(split).toEqual({ before: 100, files: 0, assemble: 0, resample: 250, post: 5, deliver: 5, draw: 30, frame: 10 });
    // A build before the `rows` mark drew its sentences with the rows: `drawn` stands for both.
    const older = [...page, { name: 'ranges', at: 1405, duration: 5 }, { name: 'drawn', at: 1440, duration: 0 }];
    expect(rangesSplitOf(1000, 450, older, ranges)).toEqual(split);
  });
});
