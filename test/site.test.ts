/**
 * A real `astro build` of a fixture snapshot (hostile strings, unsafe slugs forced into the store,
 * a new dimension key, an empty tag, three snapshots of history), checked on the parsed `dist/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { load } from 'cheerio';
import { ROOT, fingerprint, runScript, tempDir } from './helpers/env.ts';
import { HOSTILE_ENV, sharedSite, type BuiltFixture } from './helpers/shared-sites.ts';
import { HOSTILE_DESCRIPTION, HOSTILE_NAME } from './helpers/fixture.ts';
import { fileFor, fixtureSnapshot, readSite, type BuiltSite } from './helpers/site.ts';
import { dictReadCsvFile, pythonAvailable } from './helpers/python.ts';
import { DOWNLOADS, JSON_HEADER_FIELDS, csvColumns } from '../src/site/data-dictionary.ts';

const ENV = HOSTILE_ENV;
const { SITE_URL, ATTRIBUTION_URL, ATTRIBUTION_NAME } = ENV;
const python = pythonAvailable();

let fixture: BuiltFixture;
let site: BuiltSite;
/** A folder of this file's own, for the builds that must fail. */
let dir: { path: string; cleanup: () => void };

beforeAll(async () => {
  fixture = await sharedSite('hostile');
  site = readSite(fixture.dist);
  dir = tempDir();
}, 600_000);

afterAll(() => dir?.cleanup());

const page = (file: string) => {
  const $ = site.html.get(file);
  if (!$) throw new Error(`no page ${file}`);
  return $;
};

describe('routes', () => {
  it('prints which snapshot it renders', () => {
    expect(fixture.stdout).toMatch(/rendering the snapshot generated 2026-11-16T06:00:00.000Z \(file\): 13 configurations, 4 benchmarks, 11 tags/);
  });

  it('builds every route of the contract', () => {
    const expected = [
      'index.html',
      '404.html',
      'about/index.html',
      'benchmarks/index.html',
      'tags/index.html',
      'changes/index.html',
      'changes/feed.xml',
      'data/models.json',
      'data/benchmarks.json',
      'data/tags.json',
      'data/models.csv',
      'data/scores.csv',
      'data/history.csv',
      'data/README.txt',
      'data/index.html',
      'leaderboard/index.html',
      'leaderboard/1/index.html',
      '_redirects',
      'sitemap-index.xml',
      'robots.txt',
      ...['quillon-3-high', 'quillon-3-low', 'mistral-x', 'mist-x-mini', 'evil', 'plain-1', 'plain-7'].map((s) => `models/${s}/index.html`),
      ...['prooflad', 'codebench', 'sneaky'].map((s) => `benchmarks/${s}/index.html`),
      ...['code-generation', 'math', 'reasoning', 'unused-tag', 'vision'].map((t) => `tags/${t}/index.html`),
    ];
    for (const file of expected) expect(site.files, file).toContain(file);
    expect(site.files.filter((f) => /^models\/[^/]+\/index\.html$/.test(f))).toHaveLength(12);
  });

  it('puts the attribution link and the snapshot date in the footer of every page', () => {
    expect(site.html.size).toBeGreaterThan(25);
    for (const [file, $] of site.html) {
      const link = $('footer a').filter((_, a) => $(a).attr('href') === ATTRIBUTION_URL);
      expect(link.length, file).toBe(1);
      expect(link.text(), file).toBe(ATTRIBUTION_NAME);
      expect($('footer time').attr('datetime'), file).toBe('2026-11-16T06:00:00.000Z');
    }
  });

  it('resolves every internal link, asset and fragment to a built file', () => {
    const base = new URL(SITE_URL);
    let checked = 0;
    for (const [file, $] of site.html) {
      const from = new URL(`/${file.replace(/index\.html$/, '')}`, base);
      $('a[href], link[href], script[src]').each((_, el) => {
        const raw = $(el).attr('href') ?? $(el).attr('src')!;
        const url = new URL(raw, from);
        if (url.origin !== base.origin) return;
        const target = fileFor(url.pathname);
        expect(site.files, `${file} -> ${raw}`).toContain(target);
        if (url.hash && target.endsWith('.html')) {
          expect(page(target)(`[id="${url.hash.slice(1)}"]`).length, `${file} -> ${raw}`).toBe(1);
        }
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('has canonical and OpenGraph URLs, a sitemap and robots.txt on SITE_URL', () => {
    const $ = page('models/quillon-3-high/index.html');
    expect($('link[rel=canonical]').attr('href')).toBe(`${SITE_URL}models/quillon-3-high/`);
    expect($('meta[property="og:url"]').attr('content')).toBe(`${SITE_URL}models/quillon-3-high/`);
    expect($('meta[property="og:title"]').attr('content')).toBe('Quillon 3 (high)');
    expect(site.read('sitemap-0.xml')).toContain(`<loc>${SITE_URL}models/quillon-3-high/</loc>`);
    expect(site.read('sitemap-0.xml')).not.toContain('404');
    expect(site.read('robots.txt')).toContain(`Sitemap: ${SITE_URL}sitemap-index.xml`);
  });
});

describe('untrusted strings', () => {
  it('escapes names and descriptions everywhere', () => {
    for (const [file, $] of site.html) {
      expect($('img').length, file).toBe(0);
      $('script').each((_, s) => {
        expect($(s).attr('type'), file).toBe('module');
        expect($(s).attr('src'), file).toMatch(/^\/_astro\/[\w.-]+\.js$/);
      });
    }
    // In an attribute value the markup stays text: the parsed value is the string itself.
    expect(page('benchmarks/sneaky/index.html')('meta[name=description]').attr('content')).toBe(HOSTILE_DESCRIPTION);
    expect(page('models/evil/index.html')('h1').text()).toBe(HOSTILE_NAME);
    expect(page('index.html')('th.model-name a').filter((_, a) => page('index.html')(a).text() === HOSTILE_NAME).length).toBe(1);
    expect(page('benchmarks/sneaky/index.html')('.lede').text()).toBe(HOSTILE_DESCRIPTION);
  });

  it('turns only http(s) URLs into links', () => {
    for (const [file, $] of site.html) {
      $('[href], [src], [action]').each((_, el) => {
        for (const name of ['href', 'src', 'action']) {
          expect($(el).attr(name) ?? '', file).not.toMatch(/^\s*(javascript|data|vbscript):/i);
        }
      });
    }
    expect(page('benchmarks/sneaky/index.html')('main').text()).toContain('javascript:alert(1)');
    const scores = page('models/quillon-3-high/index.html');
    expect(scores('a[href="https://example.org/paper"]').length).toBe(1);
    expect(scores('main').text()).toContain('javascript:alert(2)');
  });

  it('writes nothing outside dist/, whatever a slug or tag contains', () => {
    expect(
      readdirSync(fixture.dir)
        .filter((f) => !f.endsWith('.lock'))
        .sort(),
    ).toEqual(['a.json', 'b.json', 'c-details.json', 'c.json', 'dist', 'fixture.db']);
    expect(site.files.some((f) => f.includes('pwned'))).toBe(false);
    expect(existsSync(join(ROOT, 'pwned'))).toBe(false);
    expect(site.files.filter((f) => f.startsWith('benchmarks/')).length).toBe(4);
  });

  it('neutralizes spreadsheet formulas in the CSV', () => {
    expect(site.read('data/models.csv')).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
  });
});

describe('pages', () => {
  it('ranks one row per model by its best configuration, with the configurations in place', () => {
    const $ = page('index.html');
    const rows = $('tbody tr');
    expect(rows.length).toBe(11);
    const first = rows.first();
    expect(first.find('th a').first().text()).toBe('Quillon 3');
    expect(
      first
        .find('details a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/models/quillon-3-high/', '/models/quillon-3-low/']);
    expect(
      $('thead th')
        .map((_, th) => $(th).text().trim())
        .get(),
    ).toEqual(['Rank', 'Model', 'Provider', 'supraScore', 'Benchmarks', 'Tags']);
    expect($('thead th[scope=col][aria-sort]').length).toBe(1);
    expect(rows.eq(1).find('.movement.down').text()).toContain('down 1 since the previous snapshot');
    expect(
      $('form.controls label')
        .map((_, l) => $(l).text())
        .get(),
    ).toEqual(['Search', 'Tag', 'Provider']);
  });

  it('shows a configuration with its tags, siblings, history and scores', () => {
    const $ = page('models/quillon-3-high/index.html');
    expect(
      $('.tags a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/tags/code-generation/', '/tags/math/', '/tags/reasoning/']);
    expect($('main a[href="/models/quillon-3-low/"]').length).toBeGreaterThan(0);
    expect($('main').text()).toContain('Only submissions with more upvotes than downvotes count toward supraScore: 1 of 2 submissions');
    expect($('a[href="/benchmarks/prooflad/"]').text()).toBe('ProofLadder');
    // Three snapshots, the first before the method change: one line joins the two later ones only.
    expect($('svg.chart circle').length).toBe(3);
    expect($('svg.chart path.line').length).toBe(1);
    expect($('svg.chart line.method').length).toBe(1);
    expect($('figcaption').text()).toContain('2026-09-17');
  });

  it('shows how many configurations have per-benchmark scores, and a stale detail with its fetch date', () => {
    const text = (file: string) => page(file)('main').text().replace(/\s+/g, ' ');
    const coverage = 'Per-benchmark scores for 2 of 12 configurations, fetched between 2026-11-06 and 2026-11-15.';
    expect(text('models/quillon-3-high/index.html')).toContain(coverage);
    expect(text('models/quillon-3-high/index.html')).toContain('Fetched 2026-11-06. Stale: over a week before this snapshot. Only submissions');
    expect(page('models/quillon-3-high/index.html')('main time[datetime="2026-11-06T06:00:00.000Z"]').length).toBeGreaterThan(0);
    expect(text('models/mistral-x/index.html')).toContain('Fetched 2026-11-15. Only submissions');
    expect(text('models/mistral-x/index.html')).not.toContain('Stale');
    expect(text('models/plain-1/index.html')).toContain(coverage);
    expect(text('models/plain-1/index.html')).toContain('the mirror fetches them a few each day');
  });

  it('shows every dimension of a benchmark, new keys included, and "official" only when it is', () => {
    const code = page('benchmarks/codebench/index.html');
    expect(
      code('svg.chart text.label')
        .map((_, t) => code(t).text())
        .get(),
    ).toEqual(['relevance', 'contamination', 'discriminability', 'reproducibility', 'difficulty', 'freshness']);
    expect(code('.official').length).toBe(0);
    expect(page('benchmarks/prooflad/index.html')('.official').length).toBeGreaterThan(0);
    const list = page('benchmarks/index.html');
    expect(
      list('tbody th a')
        .map((_, a) => list(a).text())
        .get(),
    ).toEqual(['ProofLadder', 'Polyglot Patch', 'Sneaky Bench']);
  });

  it('lists tags alphabetically, and a tag without rows says so', () => {
    const $ = page('tags/index.html');
    const tags = $('tbody th a')
      .map((_, a) => $(a).text())
      .get();
    expect(tags).toEqual([...tags].sort());
    expect(tags).toContain('unused-tag');
    expect(page('tags/unused-tag/index.html')('main').text()).toContain('No configuration carries this tag');
    const math = page('tags/math/index.html');
    expect(
      math('tbody th a')
        .map((_, a) => math(a).attr('href'))
        .get(),
    ).toEqual(['/models/quillon-3-high/', '/models/evil/']);
    expect(math('main a[href="/benchmarks/prooflad/"]').length).toBe(1);
  });

  it('tells what changed, and feeds it as Atom', () => {
    const $ = page('changes/index.html');
    const text = $('main').text();
    expect(text).toContain('Plain Seven');
    expect(text).toContain('Retired One');
    expect(text).toMatch(/#1 → #2/);
    const feed = load(site.read('changes/feed.xml'), { xml: true });
    expect(feed('feed > entry').length).toBe(2);
    expect(feed('feed > entry').first().find('summary').text()).toContain('1 new, 1 removed');
    expect(feed('feed > entry').last().find('summary').text()).toContain('not comparable');
  });

  it('explains the data on /about/', () => {
    const text = page('about/index.html')('main').text();
    for (const words of ['relative to the current field', '2026-09-17', 'not comparable', '2026-11-16', 'Only benchmark submissions with more upvotes']) {
      expect(text).toContain(words);
    }
    expect(page('about/index.html')('#sample').length).toBe(0);
  });

  it('shows what the movement markers mean, and since which snapshot', () => {
    const legend = page('index.html')('.legend').text().replace(/\s+/g, ' ');
    expect(legend).toContain('Model rank since the snapshot of 2026-11-15');
    for (const key of ['▲2 up 2 places', '▼1 down 1', '– unchanged', 'new: not in that snapshot']) expect(legend).toContain(key);
  });
});

describe('downloads', () => {
  /** The three snapshots of the fixture's history, oldest first. */
  const SNAPSHOTS = ['2026-09-10T00:00:00.000Z', '2026-11-15T06:00:00.000Z', '2026-11-16T06:00:00.000Z'];
  const CSV_FILES = DOWNLOADS.filter((d) => d.format === 'CSV');
  const JSON_FILES = DOWNLOADS.filter((d) => d.format === 'JSON');
  const csv = (file: string) => dictReadCsvFile(join(site.dist, 'data', file));

  it.skipIf(!python)('reads every CSV with Python’s csv module: its documented header first, the attribution on every row', () => {
    for (const d of CSV_FILES) {
      const { header, rows } = csv(d.file);
      expect(header, d.file).toEqual(csvColumns(d, SNAPSHOTS));
      expect(rows.length, d.file).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.attribution)), d.file).toEqual(new Set([ATTRIBUTION_URL]));
    }
  });

  it('parses every JSON file, each with the attribution and the snapshot’s time beside its documented records', () => {
    for (const d of JSON_FILES) {
      const json = JSON.parse(site.read(`data/${d.file}`)) as Record<string, unknown>;
      expect(Object.keys(json).sort(), d.file).toEqual(
        [...JSON_HEADER_FIELDS, ...(d.topFields ?? [])]
          .map((f) => f.name)
          .concat(d.listKey!)
          .sort(),
      );
      expect([json.source, json.sourceUrl, json.generatedAt], d.file).toEqual([ATTRIBUTION_NAME, ATTRIBUTION_URL, '2026-11-16T06:00:00.000Z']);
      expect(json.attribution, d.file).toContain(ATTRIBUTION_URL);
      const first = (json[d.listKey!] as unknown[])[0];
      const keys = Array.isArray(first) ? first.map((_, i) => i) : Object.keys(first as object);
      expect(keys.length, d.file).toBe(d.fields.length);
      if (!Array.isArray(first)) expect(keys.sort(), d.file).toEqual(d.fields.map((f) => f.name).sort());
    }
  });

  it('describes every field of every file on the data page, with its type', () => {
    const $ = page('data/index.html');
    for (const d of DOWNLOADS) {
      const section = $(`section:has(h2[id="${d.file.replace('.', '-')}"])`);
      expect(
        section
          .find('dt code')
          .map((_, c) => $(c).text())
          .get(),
        d.file,
      ).toEqual([...(d.topFields ?? []), ...d.fields].map((f) => f.name));
      expect(section.find('dt .type').length, d.file).toBe((d.topFields ?? []).length + d.fields.length);
      expect(section.find(`h2 a[href="/data/${d.file}"]`).length, d.file).toBe(1);
    }
  });

  it.skipIf(!python)('lists each per-benchmark score with its scale, source and whether it counts', () => {
    const rows = csv('scores.csv').rows.filter((r) => r.configuration === 'quillon-3-high');
    expect(rows.map((r) => [r.benchmark, r.rawScore, r.scaleMin, r.scaleMax, r.normalizedScore, r.sourceUrl, r.upvotes, r.downvotes, r.counts])).toEqual([
      ['prooflad', '0.82', '0', '100', '82', 'https://example.org/paper', '5', '1', 'true'],
      ['codebench', '61', '0', '100', '61', 'javascript:alert(2)', '1', '3', 'false'],
    ]);
  });

  it.skipIf(!python)('holds each configuration’s rank and score in each snapshot of history, oldest first', () => {
    const { rows } = csv('history.csv');
    const row = (slug: string) => rows.find((r) => r.configuration === slug)!;
    expect(SNAPSHOTS.map((at) => [row('quillon-3-high')[`rank_${at}`], row('quillon-3-high')[`supraScore_${at}`]])).toEqual([
      ['1', '91.25'],
      ['2', '91.25'],
      ['1', '91.25'],
    ]);
    // Gone since the second snapshot: kept as a record, empty where it was not ranked.
    expect(SNAPSHOTS.map((at) => row('retired-1')[`rank_${at}`])).toEqual(['', '8', '']);
  });

  it('says beside the files whom to credit and where every field is described', () => {
    const readme = site.read('data/README.txt');
    for (const words of [ATTRIBUTION_NAME, ATTRIBUTION_URL, `${SITE_URL}data/`, '2026-11-16T06:00:00.000Z', ...DOWNLOADS.map((d) => d.file)]) {
      expect(readme).toContain(words);
    }
  });
});

describe('addresses', () => {
  it('sends /leaderboard/ and /leaderboard/1/ to page 1 with a refresh and a canonical link', () => {
    for (const file of ['leaderboard/index.html', 'leaderboard/1/index.html']) {
      const $ = page(file);
      expect($('meta[http-equiv="refresh"]').attr('content'), file).toBe('0; url=/');
      expect($('link[rel=canonical]').attr('href'), file).toBe(SITE_URL);
    }
  });

  it('tells hosts that read _redirects to send them to page 1', () => {
    const rules = site
      .read('_redirects')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(/\s+/));
    expect(rules).toEqual([
      ['/leaderboard/', '/', '301'],
      ['/leaderboard/1/', '/', '301'],
    ]);
  });

  it('leaves the redirect pages and the 404 page out of the sitemap', () => {
    const sitemap = site.read('sitemap-0.xml');
    for (const path of ['leaderboard/', 'leaderboard/1/', '404']) expect(sitemap).not.toContain(`<loc>${SITE_URL}${path}`);
    expect(sitemap).toContain(`<loc>${SITE_URL}</loc>`);
  });

  it('gives the 404 page no canonical or OpenGraph address, and every other page one', () => {
    for (const [file, $] of site.html) {
      const expected = file === '404.html' ? 0 : 1;
      expect($('link[rel=canonical]').length, file).toBe(expected);
      const redirect = $('meta[http-equiv="refresh"]').length > 0;
      if (!redirect) expect($('meta[property="og:url"]').length, file).toBe(expected);
    }
  });

  it('builds with SITE_URL without a warning about it', () => {
    expect(fixture.stderr).not.toContain('SITE_URL');
  });
});

describe('a build without SITE_URL (the bundled sample)', () => {
  let sample: BuiltFixture;
  beforeAll(async () => {
    sample = await sharedSite('sample');
  }, 600_000);

  it('warns that canonical links, the sitemap and the feed point to localhost', () => {
    expect(sample.stderr).toContain('warning: SITE_URL is not set');
    expect(sample.stderr).toContain('the canonical links, the sitemap and the feed point to http://localhost:4321/');
  });

  it('ends every description on a whole word', () => {
    const benches = JSON.parse(readFileSync(join(sample.dist, 'data/benchmarks.json'), 'utf8')) as { benchmarks: { slug: string; description: string }[] };
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
});

describe('the publishing guard', () => {
  it('keeps the previous dist/ when a build fails halfway', async () => {
    mkdirSync(join(dir.path, 'broken'));
    const db = await fixtureSnapshot(join(dir.path, 'broken'));
    // A copy of the good site stands for the previous dist/.
    cpSync(fixture.dist, join(dir.path, 'dist'), { recursive: true });
    const copy = new Database(db);
    copy.prepare(`UPDATE benches SET dimensions = '{not json' WHERE slug = 'prooflad'`).run();
    copy.close();
    const out = join(dir.path, 'dist');
    const before = fingerprint(join(out, 'index.html'));
    const r = await runScript('build.ts', ['--snapshot', db, '--out', out], ENV);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('dist/ is untouched');
    expect(fingerprint(join(out, 'index.html'))).toEqual(before);
    // The half-written build beside dist/ is gone too.
    expect(readdirSync(dir.path).filter((f) => f.includes('.build-'))).toEqual([]);
  }, 300_000);
});
