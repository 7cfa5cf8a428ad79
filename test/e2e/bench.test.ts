/**
 * `npm run bench`: the real thing end to end at a tiny size (every stage a real process, a real
 * reference build), and the peak memory a measured process reports. Nothing here asserts on
 * speed; the pure parts of the report are tested in test/unit/bench-report.test.ts.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizeReport } from '../../src/dev/bench/report.ts';
import type { SizeResult } from '../../src/dev/bench/results.ts';
import { runChild } from '../../src/dev/bench/child.ts';
import { ROOT, fingerprint, runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { CHROMIUM_PATH } from '../helpers/browser.ts';
import { sharedSite } from '../helpers/shared-sites.ts';
import { busiest, measureRankPage } from '../../src/dev/bench/rank-page.ts';
import type { RankFile } from '../../src/site/evidence/rank-file.ts';

/**
 * Tiny: the stages, the reference and the build with details still each run for real, on a few dozen pages. The field has
 * 10 benchmarks and 10 tags (MIRROR_TEST_BENCH_FIELD), not the 60 and 150 of the bench's proportions below 300
 * configurations (src/dev/bench/proportions.ts, test/unit/bench-report.test.ts): nothing here reads their number, and
 * each tag is a page and a card in each of the five builds.
 */
const SIZE = 12;
const FIELD = { benches: 10, tags: 10 } as const;

describe(`npm run bench, end to end at ${SIZE} configurations`, () => {
  let run: RunResult;
  let out: { path: string; cleanup: () => void };
  const snapshotBefore = fingerprint(join(ROOT, 'data/snapshot.db'));
  const distBefore = fingerprint(join(ROOT, 'dist/index.html'));

  beforeAll(async () => {
    out = tempDir('mirror-bench-test-');
    run = await runScript(
      'bench.ts',
      ['--size', String(SIZE), '--runs', '1', '--targets', 'none,github-pages', '--json', join(out.path, 'results.json')],
      // A progress line at each tenth of the stage processes, whatever the machine's speed.
      // The tests' Chromium (its headless shell where installed) for the bench's measure of /rank/, whose times nothing here reads.
      { MIRROR_TEST_PROGRESS_EVERY_MS: '0', MIRROR_TEST_BENCH_FIELD: `${FIELD.benches},${FIELD.tags}`, CHROMIUM_PATH },
      { timeoutMs: 600_000 },
    );
  }, 660_000);
  afterAll(() => out?.cleanup());

  it('exits 0 and prints a table row with a time for every stage', () => {
    expect(run.code, run.stderr).toBe(0);
    for (const stage of ['fetch', 'validate+store', 'build', 'unchanged refresh', 'reference build']) {
      const row = run.stdout.split('\n').find((l) => l.startsWith(`| ${stage} `));
      expect(row, stage).toMatch(/^\| [a-z+ ]+\|\s+\d+\.\d\d \|\s+\d+\.\d\d–\d+\.\d\d \|\s+\d+ \|/);
    }
    expect(run.stdout).toMatch(/^\| build +\|.*\|\s+[\d,]+ \|\s+[\d.]+ \|$/m);
  });

  it('says how far it is on stderr: the stage processes run of all it runs at the size, and which one runs now', () => {
    const lines = run.stderr.split('\n').filter((l) => l.startsWith(`bench ${SIZE} at `));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines)
      expect(line).toMatch(new RegExp(`^bench ${SIZE} at (\\d+ min )?\\d+ s: \\d+ of \\d+ stage processes \\(\\d+%\\); ${SIZE} configurations: .+$`));
    // Every stage process it ran was counted: the last line is all of them.
    expect(lines.at(-1)).toMatch(new RegExp(`: (\\d+) of \\1 stage processes \\(100%\\); ${SIZE} configurations: measured$`));
    expect(run.stdout).not.toMatch(/ stage processes /);
  });

  it('prints the ratio to the reference, the page weights, PASS or FAIL per target, and the machine', () => {
    expect(run.stdout).toMatch(/^- ratio: build \/ reference build = \d+\.\d\d \(median [\d.]+ s \/ [\d.]+ s; [\d,]+ \/ [\d,]+ pages\)$/m);
    expect(run.stdout).toMatch(/^- leaderboard first page \(index\.html\): [\d.]+ KB raw, [\d.]+ KB gzip$/m);
    expect(run.stdout).toMatch(/^- (PASS|FAIL) {2}full build <= 1\.5 x the trivial reference: /m);
    expect(run.stdout).toMatch(/^- (PASS|FAIL) {2}full build <= 2 x the trivial reference \(the first step\): /m);
    expect(run.stdout).toMatch(/^- (PASS|FAIL) {2}no page ships > 20 KB gzipped JavaScript: /m);
    expect(run.stdout).toMatch(/^machine: node v\d+\.\d+\.\d+, .+, \d+ cores, [\d.]+ GiB RAM, /m);
  });

  it('measures the build with details for every configuration', () => {
    const json = JSON.parse(readFileSync(join(out.path, 'results.json'), 'utf8')) as { sizes: SizeResult[] };
    const [size] = json.sizes;
    expect(size?.details?.ms).toBeGreaterThan(0);
    expect(sizeReport(size!)).toMatch(/^- with details for every configuration \(one build, /m);
    // Its likely ranges held against the generated field's truth, or why not (at this size the gate may withhold them).
    expect(size!.ranges).toMatch(
      /^likely ranges against the generated field’s truth \(every benchmark scored\): (not checked: .+|\d+\.\d % of [\d,]+ held .+)$/,
    );
    expect(sizeReport(size!)).toContain(`- ${size!.ranges}`);
  });

  it('measures the site for each target asked for, without details and with, against its host and its plan', () => {
    const json = JSON.parse(readFileSync(join(out.path, 'results.json'), 'utf8')) as { sizes: SizeResult[] };
    const builds = json.sizes[0]!.targetBuilds!;
    expect(builds.map((b) => [b.target, b.details, b.outcome])).toEqual([
      ['none', false, 'built'],
      ['github-pages', false, 'built'],
      ['none', true, 'built'],
      ['github-pages', true, 'built'],
    ]);
    for (const b of builds) {
      expect(b.ms).toBeGreaterThan(0);
      expect(b.measured!.files).toBeGreaterThan(SIZE + FIELD.benches + FIELD.tags);
      expect(b.measured!.largestFolder.entries).toBeGreaterThan(0);
      expect(b.measured!.bytes).toBeGreaterThan(b.measured!.largestFile.bytes);
      // The snapshot file is part of every site but GitHub Pages' (built as the workflow builds it, with the file in a
      // release: STATE_URL), and the plan counts it exactly.
      expect(b.measured!.kinds['snapshot-db'].files > 0).toBe(b.target !== 'github-pages');
      expect(b.estimate!.kinds['snapshot-db']).toEqual(b.measured!.kinds['snapshot-db']);
      expect(b.over).toEqual([]);
    }
    // At a few configurations GitHub Pages' limits leave nothing out: the same files as the site without a target, but the snapshot file.
    const github = builds.filter((b) => b.target === 'github-pages');
    expect(github.map((b) => b.leftOut)).toEqual(['nothing', 'nothing']);
    expect(github.map((b) => b.measured!.files)).toEqual(
      builds.filter((b) => b.target === 'none').map((b) => b.measured!.files - b.measured!.kinds['snapshot-db'].files),
    );
    expect(builds.find((b) => b.target === 'none')!.fits).toContain('github-pages');
    for (const heading of ['Per deploy target, without details', 'Per deploy target with details for every configuration']) {
      const table = run.stdout.slice(run.stdout.indexOf(heading));
      // Files and bytes beside the first plan's estimate of them, and what was written over it.
      expect(table).toMatch(
        /^\| none +\| \(everything rendered\) +\| +[\d,]+ \| +[\d,]+ \| \S+\/ [\d,]+ +\| \S+ [\d.,]+ MB +\| +[\d.,]+ MB \| +[\d.,]+ MB \| +\d\.\d{3}; \d\.\d{3} \|.*\| fits [a-z, -]*github-pages/m,
      );
      expect(table).toMatch(/^\| github-pages +\| whole site 1,000 MB +\| +[\d,]+ \|.*\| fits +\|$/m);
    }
    expect(run.stdout).toMatch(/^- github-pages: nothing$/m);
    expect(run.stdout).toMatch(/^- PASS {2}github-pages: the first build is within GitHub Pages's limits: files /m);
    expect(run.stdout).toMatch(/^- PASS {2}github-pages with details for every configuration: the first build is within GitHub Pages's limits: /m);
    // No first build over its host's limits: the bench exits 0 (it exits 3 on one).
    expect(builds.filter((b) => b.replanned)).toEqual([]);
  });

  it('writes the same results as JSON', () => {
    const json = JSON.parse(readFileSync(join(out.path, 'results.json'), 'utf8')) as { sizes: SizeResult[] };
    const [size] = json.sizes;
    expect(size?.size).toEqual({ configurations: SIZE, ...FIELD });
    expect(size?.stages.map((s) => s.stage)).toEqual(['fetch', 'validate+store', 'build', 'unchanged refresh', 'reference build']);
    const build = size?.stages.find((s) => s.stage === 'build');
    // Every configuration, benchmark and tag has a page.
    expect(build?.pages).toBeGreaterThan(SIZE + FIELD.benches + FIELD.tags);
    expect(size?.stages.find((s) => s.stage === 'reference build')?.pages).toBe(build?.pages);
  });

  it('removes its temporary folder and leaves the repository’s snapshot and dist/ alone', () => {
    const temp = /working in (\S+)/.exec(run.stderr)?.[1];
    expect(temp).toBeDefined();
    expect(existsSync(temp!)).toBe(false);
    expect(fingerprint(join(ROOT, 'data/snapshot.db'))).toEqual(snapshotBefore);
    expect(fingerprint(join(ROOT, 'dist/index.html'))).toEqual(distBefore);
  });
});

describe('the peak a measured process reports', () => {
  const dir = tempDir();
  afterAll(() => dir.cleanup());

  it('is its own, not the memory of the larger process that started it', { timeout: 60_000 }, async () => {
    // The bench holds a whole export while it starts each stage; maxRSS carries that over exec.
    const held = Buffer.alloc(400 * 1024 * 1024, 1);
    const script = join(dir.path, 'small.mjs');
    writeFileSync(script, 'console.log("small");\n');
    const run = await runChild({ nodeArgs: [], script, args: [] }, [], {
      cwd: dir.path,
      env: { PATH: process.env.PATH },
      timeoutMs: 30_000,
      peakFile: join(dir.path, 'peak.json'),
    });
    expect(held[held.length - 1]).toBe(1);
    expect(run.code).toBe(0);
    expect(run.peak?.maxRssKb).toBeGreaterThan(10_000);
    expect(run.peak?.maxRssKb).toBeLessThan(200_000);
  });
});

describe.skipIf(!existsSync(CHROMIUM_PATH))('the bench’s measure of /rank/, on a site whose ranking data the page cannot load', () => {
  it('fails with what the page says, instead of waiting for rows that never come', { timeout: 300_000 }, async () => {
    const { dist } = await sharedSite('sample');
    const copy = tempDir('mirror-bench-broken-');
    try {
      cpSync(dist, copy.path, { recursive: true });
      const [a] = busiest(JSON.parse(readFileSync(join(copy.path, 'data/rank.json'), 'utf8')) as RankFile);
      // The part of the busiest capability cut short: the bench's second change (that capability alone) reads it.
      const part = join(copy.path, `data/rank/tags/${a}.json`);
      writeFileSync(part, readFileSync(part, 'utf8').slice(0, 100));
      // The tests' Chromium, as the bench's own run above is given it.
      process.env.CHROMIUM_PATH = CHROMIUM_PATH;
      await expect(measureRankPage(copy.path)).rejects.toThrow(/after input\[data-rest\] = 0: the page says "The data of this ranking could not be loaded/);
    } finally {
      copy.cleanup();
    }
  });
});
