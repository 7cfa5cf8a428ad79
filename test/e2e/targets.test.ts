/**
 * A build for each deploy target, on a real build of the tight site (the sample for GitHub Pages
 * with model pages for the best 40 models only and its downloads gzipped), link-checked (the sample
 * as every target builds it: test/system/sample-site.test.ts); a model without a page
 * reachable from the leaderboard and drawn by the comparison page from its group's gzipped data file.
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';
import type { LeaderboardIndex } from '../../src/site/lists/leaderboard.ts';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { checkLinks } from '../helpers/link-check.ts';
import { sharedSite, TIGHT, type BuiltFixture } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';
import { fingerprint, runScript, tempDir } from '../helpers/env.ts';

const SITE_URL = 'http://localhost:4321/';
let tight: BuiltFixture;
let tightSite: BuiltSite;
let index: LeaderboardIndex;

beforeAll(async () => {
  tight = await sharedSite('tight');
  tightSite = readSite(tight.dist);
  index = JSON.parse(tightSite.read('data/leaderboard.json')) as LeaderboardIndex;
});

const segmentOf = (i: number) => index.models[i]![10];
const lastLines = (out: string, n: number) => out.trim().split('\n').slice(-n);

describe('the tight site: what a host leaves out', () => {
  it('gives out no address of anything it left out: links, feeds, the sitemap, the search index, _redirects', () => {
    const report = checkLinks(tightSite, SITE_URL);
    expect(report.broken).toEqual([]);
    expect(report.checked).toBeGreaterThan(5_000);
  });

  it('makes pages for the best 40 models only, with their configurations, feeds and badges, and none for the others', () => {
    const models = tightSite.files.filter((f) => /^models\/[^/]+\/index\.html$/.test(f));
    expect(models.sort()).toEqual(
      index.models
        .slice(0, TIGHT.modelPages)
        .map((m) => `models/${m[10]}/index.html`)
        .sort(),
    );
    expect(tightSite.files.filter((f) => /^models\/[^/]+\/(feed\.xml|badge\.svg)$/.test(f))).toHaveLength(2 * TIGHT.modelPages);
    const configurations = index.models.slice(0, TIGHT.modelPages).reduce((n, m) => n + m[8].length, 0);
    expect(tightSite.files.filter((f) => /^configurations\/[^/]+\/index\.html$/.test(f))).toHaveLength(configurations);
    expect(index.kept).toEqual({ modelPages: TIGHT.modelPages, configurationPages: TIGHT.modelPages });
  });

  it('links a model without a page to its row on the leaderboard, where its configurations are listed', () => {
    const tail = TIGHT.modelPages + 72; // on the leaderboard's second page
    const segment = segmentOf(tail);
    const tag = index.tags[index.models[tail]![7][0]!]!;
    const $tag = tightSite.html.get(`tags/${tag}/index.html`)!;
    const href = $tag(`a:contains("${index.models[tail]![1]}")`).first().attr('href');
    expect(href).toBe(`/leaderboard/2/#m-${segment}`);
    const $row = tightSite.html.get('leaderboard/2/index.html')!(`tr#m-${segment}`);
    expect($row.length).toBe(1);
    // Its name opens the comparison page, which draws it alone from its data file.
    expect($row.find('.model-name > a').attr('href')).toBe(`/compare/?models=${segment}`);
    // The best 40 keep their pages.
    expect(tightSite.html.get('index.html')!(`tr#m-${segmentOf(0)} .model-name > a`).attr('href')).toBe(`/models/${segmentOf(0)}/`);
  });

  it('keeps the snapshot file out of the site, in the release STATE_URL names, and links its parts there from the data page', () => {
    expect(tightSite.files.filter((f) => /^data\/snapshot.*\.gz/.test(f))).toEqual([]);
    const manifest = JSON.parse(tightSite.read('data/manifest.json')) as { snapshotDb: { url: string; parts: string[] } };
    expect(manifest.snapshotDb.url).toBe(TIGHT.stateUrl);
    const beside = join(tight.dist, '..', 'dist-state');
    expect(readdirSync(beside).sort()).toEqual(['manifest.json', ...manifest.snapshotDb.parts].sort());
    const $ = tightSite.html.get('data/index.html')!;
    const section = $('section[aria-labelledby="snapshot-db"]');
    expect(
      section
        .find('.parts a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(manifest.snapshotDb.parts.map((p) => `${TIGHT.stateUrl}${p}`));
    expect(section.find(`a[href="${TIGHT.stateUrl}manifest.json"]`).text()).toBe('manifest.json');
    expect(section.text()).toContain('published beside the site rather than in it');
  });

  it('gzips scores.csv, history.csv and the models’ data files, in groups, and says so where the downloads are', () => {
    expect(tightSite.files).toContain('data/scores.csv.gz');
    expect(tightSite.files).toContain('data/history.csv.gz');
    expect(tightSite.files).not.toContain('data/scores.csv');
    expect(tightSite.files.filter((f) => f.startsWith('data/models/'))).toEqual([]);
    const groups = tightSite.files.filter((f) => /^data\/model-groups\/\d+\.json\.gz$/.test(f));
    expect(groups).toHaveLength(Math.ceil(index.models.length / 100));
    const csv = gunzipSync(readFileSync(join(tight.dist, 'data/scores.csv.gz'))).toString('utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^configuration,benchmark,/);
    const group = JSON.parse(gunzipSync(readFileSync(join(tight.dist, groups[0]!))).toString('utf8')) as {
      attribution: string;
      models: { model: { segment: string } }[];
    };
    expect(group.attribution).toContain('Please keep this attribution');
    expect(group.models.map((m) => m.model.segment)).toEqual(index.models.slice(0, 100).map((m) => m[10]));
    const list = JSON.parse(tightSite.read('data/model-list.json')) as { models: [string, string, string, number, string][] };
    expect(list.models[TIGHT.modelPages + 72]![4]).toBe('model-groups/2.json.gz');
    const manifest = JSON.parse(tightSite.read('data/manifest.json')) as { files: { path: string; schema: string | null }[] };
    expect(manifest.files.find((f) => f.path === 'scores.csv.gz')?.schema).toBe('scores.csv.schema.json');
    expect(manifest.files.find((f) => f.path === 'model-groups/1.json.gz')?.schema).toBe('model-group.schema.json');
    expect(tightSite.html.get('data/index.html')!('main').text()).toContain('published gzipped (scores.csv.gz, history.csv.gz');
    expect(tightSite.read('data/README.txt')).toContain('scores.csv.gz:');
  });

  it('tells visitors on the about page what the host’s limits leave out, and where everything is', () => {
    const text = tightSite.html.get('about/index.html')!('#host + p').text().replace(/\s+/g, ' ');
    expect(text).toContain('This site is built for GitHub Pages, within its limits (whole site 1,000 MB).');
    expect(text).toContain('model pages only for the 40 best of 177 models');
    expect(text).toContain('the downloads, which hold everything');
  });

  it('lists in the sitemap and the search index only the pages it made', () => {
    const sitemap = tightSite.read('sitemap-0.xml');
    expect(sitemap).toContain(`/models/${segmentOf(0)}/`);
    expect(sitemap).not.toContain(`/models/${segmentOf(TIGHT.modelPages)}/`);
    const records = tightSite.files.filter((f) => f.startsWith('pagefind/fragment/'));
    // The best models' pages, every benchmark's and tag's, and every provider's.
    const providers = tightSite.files.filter((f) => /^providers\/[^/]+\/index\.html$/.test(f)).length;
    expect(records).toHaveLength(TIGHT.modelPages + 60 + 150 + providers);
  });

  it('ends its build with the target, its limits, the figures hosts count and what it left out', () => {
    const [figures, leftOut] = lastLines(tight.stdout, 2);
    expect(figures).toMatch(
      /^target github-pages \(GitHub Pages: whole site 1,000 MB\): files [\d,]+; largest folder \S+\/ [\d,]+ entries; largest file \S+ [\d.]+ MB; whole site [\d.]+ MB$/,
    );
    expect(leftOut).toBe(
      "what github-pages's limits leave out: model pages only for the 40 best of 177 models; configuration pages only for those of the 40 best models (76 of 300); " +
        'pre-rendered comparisons only for the 40 best of 177 models; model feeds only for the 40 best of 177 models; rank badges only for the 40 best of 177 models; ' +
        'link-preview cards only for the 40 best of 177 models; scores.csv, history.csv, the models’ data files, the days of history and the ranking’s blocks and parts gzipped (.gz)',
    );
  });
});

describe.skipIf(!chromiumAvailable() && process.env.CI !== 'true')('the comparison page, for a model without a page', () => {
  let server: StaticServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await serveStatic({ dir: tight.dist });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('draws it alone from its group’s gzipped data file: its standing and its per-benchmark scores with their sources', async () => {
    const tail = TIGHT.modelPages + 72;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}compare/?models=${segmentOf(tail)}`);
    await page.waitForSelector('[data-compare-output] [data-comparison]');
    expect(await page.textContent('[data-compare-status]')).toBe('Showing one model: add another to compare.');
    const standing = await page.$$eval('[data-compare-output] #standing + .table-wrap tbody tr', (rows) =>
      rows.map((r) => r.querySelector('th a')?.textContent),
    );
    expect(standing).toEqual([index.models[tail]![1]]);
    expect(await page.$$eval('[data-compare-output] a[rel~="external"]', (links) => links.length)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a build that cannot fit its target', () => {
  const dir = tempDir();
  afterAll(() => dir.cleanup());

  it('refuses before rendering, naming the limit, when even what every target keeps is over it; the previous site stays', async () => {
    // The tight site as the previous build, and what it measured: its downloads a million times heavier than they were.
    const out = join(dir.path, 'dist');
    cpSync(tight.dist, out, { recursive: true });
    const stamp = fingerprint(join(out, 'data/snapshot.json'));
    writeFileSync(join(dir.path, '.dist.weights.json'), JSON.stringify({ scale: { downloads: 1_000_000 } }));
    const r = await runScript('build.ts', ['--snapshot', tight.snapshot, '--out', out, '--target', 'vercel-hobby'], {});
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^error: the site does not fit Vercel \(Hobby\), even with only what every target keeps: whole site [\d,]+ MB of 95 MB/m);
    expect(r.stdout).not.toMatch(/^render /m);
    expect(fingerprint(join(out, 'data/snapshot.json'))).toEqual(stamp);
    expect(readdirSync(dir.path).filter((f) => f.includes('.build-'))).toEqual([]);
  });

  it('refuses a target it does not know, from the flag or the environment, as a usage error', async () => {
    const out = join(dir.path, 'never');
    const flag = await runScript('build.ts', ['--snapshot', tight.snapshot, '--out', out, '--target', 'geocities'], {});
    expect([flag.code, flag.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --target must be one of bucket, github-pages, cloudflare-pages, cloudflare-pages-free, netlify, vercel-hobby, got "geocities" — leave it unset to render everything and see which targets the site fits',
    ]);
    const env = await runScript('build.ts', ['--snapshot', tight.snapshot, '--out', out], { DEPLOY_TARGET: 'geocities' });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('error: DEPLOY_TARGET must be one of');
    expect(existsSync(out)).toBe(false);
  });
});
