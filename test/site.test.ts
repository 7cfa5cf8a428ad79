/**
 * A real `astro build` of a fixture snapshot (hostile strings, unsafe slugs forced into the store,
 * a new dimension key, an empty tag, three snapshots of history), checked on the parsed `dist/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { load } from 'cheerio';
import { ROOT, fingerprint, runScript, tempDir } from './helpers/env.ts';
import { HOSTILE_ENV, sharedSite, type BuiltFixture } from './helpers/shared-sites.ts';
import { HOSTILE_DESCRIPTION, HOSTILE_NAME } from './helpers/fixture.ts';
import { fileFor, fixtureSnapshot, readSite, type BuiltSite } from './helpers/site.ts';

const ENV = HOSTILE_ENV;
const { SITE_URL, ATTRIBUTION_URL, ATTRIBUTION_NAME } = ENV;

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

  it('offers downloads that name the source and the snapshot', () => {
    const models = JSON.parse(site.read('data/models.json')) as { attribution: string; generatedAt: string; models: { slug: string }[] };
    expect(models.attribution).toContain(ATTRIBUTION_URL);
    expect(models.generatedAt).toBe('2026-11-16T06:00:00.000Z');
    expect(models.models).toHaveLength(12);
    for (const file of ['data/benchmarks.json', 'data/tags.json']) {
      const json = JSON.parse(site.read(file)) as { source: string; generatedAt: string };
      expect(json.source).toBe(ATTRIBUTION_NAME);
      expect(json.generatedAt).toBe('2026-11-16T06:00:00.000Z');
    }
    const csv = site.read('data/models.csv').split('\r\n');
    expect(csv[0]).toContain(ATTRIBUTION_URL);
    expect(csv[1]).toBe('# generatedAt 2026-11-16T06:00:00.000Z');
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
