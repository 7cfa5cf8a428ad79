/**
 * The one real Astro build of the fast tier: the bundled sample, built as a fresh clone builds it
 * (`npm run build` with no snapshot and no SITE_URL), checked on its parsed pages: every route of
 * the contract, the attribution and the sample notice on every page, every address it gives out,
 * the downloads as their readers read them, and html-validate over the first and the largest page
 * of each kind. The hostile, large and tight fixtures, html-validate over more pages of each kind of the
 * sample (test/e2e/html-valid.test.ts), and the browser, are the e2e tier's (test/e2e/).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOADS, csvColumns } from '../../src/site/files/data-dictionary.ts';
import { DEPLOY_TARGETS } from '../../src/site/plan/hosts.ts';
import { pageKindOf } from '../../src/site/plan/page-kinds.ts';
import { fieldCountsOf } from '../../src/site/data/field-counts.ts';
import { DEFAULT_WEIGHTS } from '../../src/site/plan/weights.ts';
import { estimateKinds } from '../../src/site/plan/estimate-site.ts';
import { fullPlan, planSite } from '../../src/site/plan/site-plan.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { validateSite } from '../helpers/html-validate.ts';
import { checkLinks } from '../helpers/link-check.ts';
import { dictReadCsvFile, pythonAvailable } from '../helpers/python.ts';
import { sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { readSite, walkPage, type BuiltSite } from '../helpers/site.ts';
import { rangesAgainstTruth } from '../../src/dev/bench/ranges-truth.ts';
import { SAMPLE_SIZE } from '../../src/dev/sample/generate.ts';

/** Where a build without SITE_URL points its links, and the attribution it credits without ATTRIBUTION_URL. */
const SITE_URL = 'http://localhost:4321/';
const ATTRIBUTION_URL = 'https://ranking.example.org/';
const python = pythonAvailable();

let sample: BuiltFixture;
let site: BuiltSite;

beforeAll(async () => {
  sample = await sharedSite('sample');
  site = readSite(sample.dist);
});

describe('the bundled sample, built as a fresh clone builds it', () => {
  it('says which snapshot it renders, that it is the sample, and which targets the result fits', () => {
    expect(sample.stdout).toMatch(/^rendering the snapshot generated \S+ \(sample\): 300 configurations, 60 benchmarks, 150 tags$/m);
    expect(sample.stdout.trim().split('\n').at(-1)).toBe('fits bucket, github-pages, cloudflare-pages, cloudflare-pages-free, netlify, vercel-hobby');
  });

  it('ends its output as it always has: the lines it printed, stage by stage, and no progress among them', () => {
    const expected = [
      /^no snapshot at \S+: loading the bundled sample \(data\/sample\/export\.json\)$/,
      /^validate +\d+\.\d\d s {2}\(300 configurations, 60 benchmarks, 150 tags, 0 warnings\)$/,
      /^store +\d+\.\d\d s {2}\(1 snapshots of history, 300 configuration details\)$/,
      /^coverage: per-benchmark scores for 300 of 300 configurations; /,
      /^written: \S+ \(generatedAt 2026-11-16T06:00:00\.000Z, 300 configurations, 60 benchmarks, 150 tags\)$/,
      /^rendering the snapshot generated 2026-11-16T06:00:00\.000Z \(sample\): 300 configurations, 60 benchmarks, 150 tags$/,
      // The fixture build is told --new-history (test/helpers/shared-sites.ts).
      /^history: not held to the published one \(--new-history\)$/,
      /^snapshot-db +\d+\.\d\d s {2}\(.* gzipped in 1 part, .* as SQLite\)$/,
      /^render +\d+\.\d\d s {2}\(Astro \d+\.\d\d s CPU, peak \d+ MB\)$/,
      /^extras +\d+\.\d\d s {2}\(\d+ cards \(\d+ rendered, 0 reused(?:, \d+ from the tests' MIRROR_TEST_CARD_CACHE)?\) in .*; search index of \d+ pages made in .*\)$/,
      /^data-api +\d+\.\d\d s {2}\(\d+ files in the manifest, .*\)$/,
      /^check +\d+\.\d\d s {2}\(\d+ pages, \d+ files, .*\)$/,
      /^built \S+\/: \d+ pages, [\d.]+ MB in [\d.]+ s(; memory peak \d+ MB, all processes at once)?$/,
      /^files [\d,]+; largest folder .*; whole site [\d,]+ MB$/,
      /^fits bucket, github-pages, cloudflare-pages, cloudflare-pages-free, netlify, vercel-hobby$/,
    ];
    const lines = sample.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => expect(line).toMatch(expected[i]!));
  });

  it("prints its progress in a pipe as plain lines on stderr: the render's phases, then a line at each tenth of its pages, the cards' likewise; no control character", () => {
    const progress = sample.stderr.split('\n').filter((l) => / at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): /.test(l));
    // eslint-disable-next-line no-control-regex
    expect(sample.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    const render = progress.filter((l) => l.startsWith('render at '));
    // The phases before the pages, each once (Astro's start is told only when it takes half a second).
    const phases = render.filter((l) => !/ pages /.test(l)).map((l) => l.replace(/^render at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): /, ''));
    expect(phases.filter((p) => p !== 'starting Astro')).toEqual(['bundling', "loading the site's data"]);
    // Each tenth of the pages once (the build's own test hook takes the 5 s between lines away: a line at each tenth).
    const pages = render.filter((l) => /: [\d,]+ of [\d,]+ pages \(\d+%\)/.test(l) && !l.includes('; ')).map((l) => /\((\d+)%\)/.exec(l)![1]);
    expect(pages.map((p) => Math.floor(Number(p) / 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(render.at(-1)).toMatch(/^render at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): (\d+) of \1 pages \(100%\), [\d,.]+ pages\/s; finishing$/);
    // The pages it counts are the pages the build's last line counts.
    const total = /of ([\d,]+) pages/.exec(render.at(-1)!)![1]!;
    expect(sample.stdout).toMatch(new RegExp(`^built \\S+: ${total.replace(/,/g, '')} pages,`, 'm'));
    // The extras after the render: each line a new tenth of the cards, or a new phase of the search index beside them.
    const extras = progress.filter((l) => l.startsWith('extras at ') && / of \d+ cards /.test(l));
    const tenth = (l: string) => Math.floor(Number(/\((\d+)%\)/.exec(l)![1]) / 10);
    const phase = (l: string) => /search index: [a-z ]+/.exec(l)?.[0];
    expect(extras.length).toBeGreaterThan(0);
    for (let i = 1; i < extras.length; i++) {
      const [before, now] = [extras[i - 1]!, extras[i]!];
      expect(tenth(now) > tenth(before) || phase(now) !== phase(before), now).toBe(true);
    }
    expect(sample.stdout).not.toMatch(/ at (?:\d+ h )?(?:\d+ min )?\d+ (?:s|min): /);
  });

  it('warns that canonical links, the sitemap and the feed point to localhost', () => {
    expect(sample.stderr).toContain('warning: SITE_URL is not set');
    expect(sample.stderr).toContain('the canonical links, the sitemap and the feed point to http://localhost:4321/');
  });

  it('builds every route of the contract, a page per model and per configuration', () => {
    const routes = ['index.html', 'leaderboard/2/index.html', '404.html', 'about/index.html', 'benchmarks/index.html', 'tags/index.html'];
    routes.push('compare/index.html', 'changes/index.html', 'changes/feed.xml', 'sitemap-index.xml', 'robots.txt');
    routes.push(...['models.json', 'benchmarks.json', 'tags.json', 'models.csv', 'scores.csv'].map((f) => `data/${f}`));
    for (const file of routes) expect(site.files, file).toContain(file);
    const models = JSON.parse(site.read('data/models.json')) as { models: { slug: string }[] };
    expect(site.files.filter((f) => /^configurations\/[^/]+\/index\.html$/.test(f))).toHaveLength(models.models.length);
    expect(site.files.filter((f) => /^models\/[^/]+\/index\.html$/.test(f)).length).toBeGreaterThan(100);
    expect(site.files.filter((f) => /^benchmarks\/[^/]+\/index\.html$/.test(f))).toHaveLength(60);
  });

  it('links every page’s footer to the attribution and says on every page that the data is the fictional sample', () => {
    const files = [...site.html.keys()];
    expect(files.length).toBeGreaterThan(800);
    for (const file of files) {
      // Each page read once, no tree built: a redirect page, the footer's links to the attribution, the banner's text.
      let redirect = false;
      let credits = 0;
      let banner = '';
      walkPage(site.read(file), {
        open: ({ name, attributes }, within) => {
          if (name === 'meta' && attributes['http-equiv'] === 'refresh') redirect = true;
          if (name === 'a' && attributes.href === ATTRIBUTION_URL && within.some((e) => e.name === 'footer')) credits++;
        },
        text: (text, within) => {
          if (within.some((e) => e.attributes.class?.split(/\s+/).includes('banner'))) banner += text;
        },
      });
      if (redirect) continue;
      expect(credits, file).toBeGreaterThan(0);
      expect(banner, file).toContain('This site shows fictional sample data');
    }
  });

  it('is planned whole for every target, so its one build is every target’s, and every address it gives out resolves', () => {
    const counts = withSnapshot(sample.snapshot, (r) => fieldCountsOf(r, 200, { files: 1, bytes: 0 }));
    for (const target of DEPLOY_TARGETS) {
      const plan = planSite(counts, DEFAULT_WEIGHTS, target);
      expect([plan.keep, plan.resultsPerPage, plan.compressedDownloads, plan.deepResults], target).toEqual([fullPlan(counts).keep, 100, false, true]);
    }
    const report = checkLinks(site, SITE_URL);
    expect(report.broken).toEqual([]);
    expect(report.checked).toBeGreaterThan(10_000);
  });

  it('makes a page of each pair of tags the plan counts, listing the benchmarks that carry both', () => {
    const counts = withSnapshot(sample.snapshot, (r) => fieldCountsOf(r, 200, { files: 1, bytes: 0 }));
    const planned = estimateKinds(counts, DEFAULT_WEIGHTS, fullPlan(counts))['tag-pair-page'].files;
    const pages = site.files.filter((f) => pageKindOf(f).name === 'tag pair');
    expect(planned).toBeGreaterThan(0);
    expect(pages).toHaveLength(planned);
    const benches = (JSON.parse(site.read('data/benchmarks.json')) as { benchmarks: { slug: string; tags: string[] }[] }).benchmarks;
    for (const page of pages) {
      const $ = site.html.get(page)!;
      const tags = $('p.lede a')
        .map((_, a) => $(a).text())
        .get();
      const listed = $('tbody th a')
        .map((_, a) => $(a).attr('href'))
        .get();
      expect(tags, page).toHaveLength(2);
      const both = benches.filter((b) => tags.every((t) => b.tags.includes(t))).map((b) => `/benchmarks/${b.slug}/`);
      expect(listed.sort(), page).toEqual(both.sort());
    }
  });

  it('ends every description on a whole word', () => {
    const benches = JSON.parse(site.read('data/benchmarks.json')) as { benchmarks: { slug: string; description: string }[] };
    let cut = 0;
    for (const b of benches.benchmarks) {
      const $ = load(readFileSync(join(sample.dist, `benchmarks/${b.slug}/index.html`), 'utf8'));
      const description = $('meta[name=description]').attr('content')!;
      expect($('meta[property="og:description"]').attr('content')).toBe(description);
      expect([...description].length, b.slug).toBeLessThanOrEqual(155);
      if (!description.endsWith('…')) continue;
      cut++;
      const kept = description.slice(0, -1);
      expect(b.description.startsWith(kept), b.slug).toBe(true);
      expect(b.description[kept.length], `${b.slug}: ${description}`).toMatch(/[\s,;:.]/);
    }
    expect(cut).toBeGreaterThan(0);
  });

  it.skipIf(!python)('has CSV downloads that Python’s csv module reads: the documented header, the attribution on every row', () => {
    for (const d of DOWNLOADS.filter((f) => f.format === 'CSV' && site.files.includes(`data/${f.file}`))) {
      const { header, rows } = dictReadCsvFile(join(sample.dist, 'data', d.file));
      expect(header, d.file).toEqual(csvColumns(d, [new Date(JSON.parse(site.read('data/snapshot.json')).generatedAt).toISOString()]));
      expect(rows.length, d.file).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.attribution)), d.file).toEqual(new Set([ATTRIBUTION_URL]));
    }
  });

  it('passes html-validate with no error on the first and the largest page of every kind (more of each kind: the e2e tier)', async () => {
    const chosen = new Map<string, { first: string; largest: string; bytes: number }>();
    for (const file of site.files.filter((f) => f.endsWith('.html'))) {
      const kind = pageKindOf(file).name;
      const bytes = statSync(join(sample.dist, file)).size;
      const seen = chosen.get(kind);
      if (!seen) chosen.set(kind, { first: file, largest: file, bytes });
      else if (bytes > seen.bytes) Object.assign(seen, { largest: file, bytes });
    }
    const files = [...new Set([...chosen.values()].flatMap((c) => [c.first, c.largest]))];
    const report = await validateSite(sample.dist, files);
    expect(report.problems, `${report.errors} errors`).toEqual([]);
    expect(report.pages).toBe(files.length);
    // Every kind of page the sample makes: the home page, leaderboard pages, models, configurations, benchmarks, tags, vendors, comparisons …
    expect(chosen.size).toBeGreaterThan(10);
  });
});

describe('the bundled sample’s likely ranges, against the truth of the field it was generated from', () => {
  it('hold the model rank each model has with every benchmark scored, read from models.json as the bench reads its fields', () => {
    // One field of 110 ranged models: the calibration measures coverage (npm run calibrate); this holds the bench's check
    // end to end, and fails where the ranges are far off (they hold 95.5 %; halved around the rank, 77.3 %).
    const check = rangesAgainstTruth(sample.dist, SAMPLE_SIZE);
    const all = check.score!.marginal.all;
    expect(all.ranges).toBe(110);
    expect(all.held / all.ranges).toBeGreaterThanOrEqual(0.8);
    expect(check.line).toMatch(/^likely ranges against the generated field’s truth \(every benchmark scored\): \d+\.\d % of 110 held \(thirds /);
  });
});
