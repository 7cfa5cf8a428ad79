/**
 * A real `astro build` of a fixture snapshot (hostile strings, unsafe slugs forced into the store,
 * a new dimension key, an empty tag, three snapshots of history, names that collide on some hosts,
 * equal and nearly equal scores, per-benchmark details for several configurations), checked on the
 * parsed `dist/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { load } from 'cheerio';
import { SaxesParser } from 'saxes';
import { ROOT, copyProject, fingerprint, runScript, tempDir } from '../helpers/env.ts';
import { HOSTILE_ENV, sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { BIDI_NAME, HOSTILE_DESCRIPTION, HOSTILE_NAME, GENERATED_AT } from '../helpers/fixture.ts';
import { fileFor, readSite, type BuiltSite } from '../helpers/site.ts';
import { dictReadCsvFile, pythonAvailable } from '../helpers/python.ts';
import { DOWNLOADS, csvColumns, flattenFields } from '../../src/site/files/data-dictionary.ts';
import { JSON_HEADER_FIELDS } from '../../src/site/files/data-dictionary/fields.ts';

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
    expect(fixture.stdout).toMatch(/rendering the snapshot generated 2026-11-16T06:00:00.000Z \(file\): 18 configurations, 6 benchmarks, 12 tags/);
  });

  it('reports the memory of all its processes at once, the Astro render and the worker both running', () => {
    const [, total] = /^built .*; memory peak (\d+) MB, all processes at once$/m.exec(fixture.stdout) ?? [];
    const [, astro] = /Astro [\d.]+ s CPU, peak (\d+) MB/.exec(fixture.stdout) ?? [];
    // The driver, Astro and the worker are each a Node process of tens of MB: their sum is well over Astro's alone.
    expect(Number(total)).toBeGreaterThan(Number(astro));
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
      'compare/index.html',
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
      'data/model-list.json',
      'sitemap-index.xml',
      'robots.txt',
      ...['quillon-3-high', 'quillon-3-low', 'mistral-x', 'mist-x-mini', 'evil', 'plain-1', 'plain-7'].map((s) => `configurations/${s}/index.html`),
      ...['quillon-3', 'mist-x', 'mist-x-mini', 'plain-1', 'twin-1'].map((m) => `models/${m}/index.html`),
      ...['quillon-3', 'mist-x'].map((m) => `data/models/${m}.json`),
      ...['prooflad', 'codebench', 'sneaky', 'visionbench'].map((s) => `benchmarks/${s}/index.html`),
      ...['code-generation', 'math', 'reasoning', 'unused-tag', 'vision'].map((t) => `tags/${t}/index.html`),
    ];
    for (const file of expected) expect(site.files, file).toContain(file);
  });

  it('writes a page per configuration and one per model (family tag), and none under the old configuration route', () => {
    expect(site.files.filter((f) => /^configurations\/[^/]+\/index\.html$/.test(f))).toHaveLength(17);
    expect(site.files.filter((f) => /^models\/[^/]+\/index\.html$/.test(f))).toHaveLength(16);
    expect(site.files).not.toContain('models/quillon-3-high/index.html');
  });

  it('gives a family tag that is not a safe path segment a derived model page', () => {
    const file = site.files.find((f) => /^models\/evil-family-[0-9a-f]{8}\/index\.html$/.test(f))!;
    expect(file).toBeDefined();
    expect(page(file)('h1').text()).toBe(HOSTILE_NAME);
    expect(page('configurations/evil/index.html')(`.breadcrumb a[href="/${file.replace('index.html', '')}"]`).length).toBe(1);
  });

  it('gives names that would collide on a case-insensitive or Windows host their own derived paths', () => {
    expect(site.files).toEqual(expect.arrayContaining(['configurations/mixed-case/index.html', 'models/mixed-case/index.html', 'tags/math/index.html']));
    for (const pattern of [/^configurations\/mixed-case-[0-9a-f]{8}\//, /^models\/mixed-case-[0-9a-f]{8}\//, /^tags\/math-[0-9a-f]{8}\//]) {
      expect(
        site.files.some((f) => pattern.test(f)),
        String(pattern),
      ).toBe(true);
    }
    for (const pattern of [/^configurations\/con-[0-9a-f]{8}\//, /^models\/con-[0-9a-f]{8}\//, /^benchmarks\/aux-[0-9a-f]{8}\//]) {
      expect(
        site.files.some((f) => pattern.test(f)),
        String(pattern),
      ).toBe(true);
    }
    const folded = site.files.map((f) => f.toLowerCase());
    expect(new Set(folded).size).toBe(folded.length);
    const reserved = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$|\.$/i;
    expect(site.files.flatMap((f) => f.split('/')).filter((segment) => reserved.test(segment))).toEqual([]);
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

  it('paints no page of the layout before its footer is parsed, so nothing above it moves as the rest arrives', () => {
    const pages = [...site.html].filter(([, $]) => $('header.site-header').length > 0);
    expect(pages.length).toBeGreaterThan(25);
    for (const [file, $] of pages) {
      const expect_ = $('head link[rel="expect"]');
      expect(expect_.attr('blocking'), file).toBe('render');
      expect(expect_.attr('href'), file).toBe('#site-footer');
      // The element it names is the page's last: the footer with the attribution.
      expect($('body > footer#site-footer').length, file).toBe(1);
      expect($('body > *').last().is('#site-footer'), file).toBe(true);
    }
  });

  it('publishes none of Astro’s own files, even when built outside the project (withastro/astro#14903)', () => {
    expect(site.files.filter((f) => /\.mjs(\.map)?$|^(data-store|settings)\.json$|^(chunks|pages)\//.test(f))).toEqual([]);
  });

  it('names its icons on every page, redirects included, so no browser asks for a missing /favicon.ico', () => {
    for (const [file, $] of site.html) {
      expect(
        $('link[rel="icon"]')
          .map((_, l) => $(l).attr('href'))
          .get(),
        file,
      ).toEqual(['/favicon.ico', '/favicon.svg']);
    }
    expect(site.files).toEqual(expect.arrayContaining(['favicon.ico', 'favicon.svg']));
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
    const $ = page('configurations/quillon-3-high/index.html');
    expect($('link[rel=canonical]').attr('href')).toBe(`${SITE_URL}configurations/quillon-3-high/`);
    expect($('meta[property="og:url"]').attr('content')).toBe(`${SITE_URL}configurations/quillon-3-high/`);
    expect($('meta[property="og:title"]').attr('content')).toBe('Quillon 3 (high)');
    expect(site.read('sitemap-0.xml')).toContain(`<loc>${SITE_URL}configurations/quillon-3-high/</loc>`);
    expect(site.read('sitemap-0.xml')).toContain(`<loc>${SITE_URL}models/quillon-3/</loc>`);
    expect(site.read('sitemap-0.xml')).not.toContain('404');
    expect(site.read('robots.txt')).toContain(`Sitemap: ${SITE_URL}sitemap-index.xml`);
  });
});

describe('untrusted strings', () => {
  /** C0 controls but tab and line breaks, DEL, C1 controls, and the noncharacters XML 1.0 forbids. */
  const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;

  it('writes no control character or code point XML forbids into any page, feed, sitemap or download', () => {
    const written = site.files.filter((f) => /\.(html|xml|json|csv|txt)$/.test(f));
    expect(written.length).toBeGreaterThan(50);
    for (const file of written) expect(FORBIDDEN.exec(site.read(file))?.[0], file).toBeUndefined();
    // The name and description that carried them are still there, cleaned.
    expect(page('benchmarks/codebench/index.html')('.lede').text()).toBe('Patches code. Rings a bell.');
  });

  it('parses every feed and sitemap with a real XML parser', () => {
    const xml = site.files.filter((f) => f.endsWith('.xml'));
    expect(xml).toEqual(expect.arrayContaining(['changes/feed.xml', 'sitemap-index.xml']));
    for (const file of xml) {
      const parser = new SaxesParser();
      parser.on('error', (e) => {
        throw new Error(`${file}: ${e.message}`);
      });
      expect(() => parser.write(site.read(file)).close(), file).not.toThrow();
    }
    // The name with a bidirectional override reaches the feed, isolated.
    expect(site.read('changes/feed.xml')).toContain('\u2068Plain \u202eSix');
  });

  it('isolates a name with a bidirectional override, so it cannot reverse the text around it', () => {
    const h1 = page('configurations/plain-6/index.html')('h1').text();
    expect(h1.startsWith('\u2068Plain \u202eSix')).toBe(true);
    expect(h1.endsWith('end\u2069')).toBe(true);
    expect(BIDI_NAME).not.toContain('\u2068');
  });

  it('escapes names and descriptions everywhere', () => {
    for (const [file, $] of site.html) {
      // The one image is a model page's own badge, from the site, with its alt text.
      $('img').each((_, img) => {
        expect($(img).attr('src'), file).toMatch(/\/models\/[\w.-]+\/badge\.svg$/);
        expect($(img).attr('alt'), file).toMatch(/: model rank =?\d+ of \d+, supraScore /);
      });
      expect($('img').length, file).toBe(/^models\/[^/]+\/index\.html$/.test(file) ? 1 : 0);
      $('script').each((_, s) => {
        // Modules, but for the classic scripts that must run before the first paint: the staleness check
        // (src/browser/stale-notice.js), on the leaderboard's first page the opening of a past day (src/browser/as-of-redirect.js),
        // and on /rank/ the hiding of its own rows until an address's weights are drawn (src/browser/rank-query.js).
        expect($(s).attr('type'), file).toBe(/\/(stale-notice|as-of-redirect|rank-query)\.[\w-]+\.js$/.test($(s).attr('src') ?? '') ? undefined : 'module');
        expect($(s).attr('src'), file).toMatch(/^\/_astro\/[\w.-]+\.js$/);
      });
    }
    // In an attribute value the markup stays text: the parsed value is the string itself.
    expect(page('benchmarks/sneaky/index.html')('meta[name=description]').attr('content')).toBe(HOSTILE_DESCRIPTION);
    expect(page('configurations/evil/index.html')('h1').text()).toBe(HOSTILE_NAME);
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
    const scores = page('configurations/quillon-3-high/index.html');
    expect(scores('a[href="https://example.org/paper"]').length).toBe(1);
    expect(scores('main').text()).toContain('javascript:alert(2)');
  });

  it('writes nothing outside dist/, whatever a slug or tag contains', () => {
    // Beside dist/ only the build's own files: its lock, and what it measured for the next plan (.dist.weights.json).
    expect(
      readdirSync(fixture.dir)
        .filter((f) => !f.endsWith('.lock'))
        .sort(),
    ).toEqual(['.dist.weights.json', 'a.json', 'b.json', 'c-details.json', 'c.json', 'dist', 'fixture.db']);
    expect(site.files.some((f) => f.includes('pwned'))).toBe(false);
    expect(existsSync(join(ROOT, 'pwned'))).toBe(false);
    // The list, the five benchmarks' pages and the list's three pre-rendered views.
    expect(site.files.filter((f) => f.startsWith('benchmarks/')).length).toBe(9);
    expect(site.files.filter((f) => f.startsWith('data/models/')).length).toBe(16);
  });

  it('neutralizes spreadsheet formulas in the CSV', () => {
    expect(site.read('data/models.csv')).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
  });
});

describe('pages', () => {
  it('ranks one row per model by its best configuration, with the configurations in place', () => {
    const $ = page('index.html');
    const rows = $('tbody tr');
    expect(rows.length).toBe(16);
    const first = rows.first();
    expect(first.find('th a').first().text()).toBe('Quillon 3');
    expect(first.find('th a').first().attr('href')).toBe('/models/quillon-3/');
    expect(
      first
        .find('details a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/configurations/quillon-3-high/', '/configurations/quillon-3-low/']);
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
    const $ = page('configurations/quillon-3-high/index.html');
    expect(
      $('main > .tags a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/tags/code-generation/', '/tags/math/', '/tags/reasoning/']);
    expect($('main a[href="/configurations/quillon-3-low/"]').length).toBeGreaterThan(0);
    expect($('main').text()).toContain('Only submissions with more upvotes than downvotes count toward supraScore: 1 of 2 submissions');
    expect($('a[href="/benchmarks/prooflad/"]').text()).toBe('ProofLadder');
  });

  it('shows how many configurations have per-benchmark scores, and a stale detail with its fetch date', () => {
    const text = (file: string) => page(file)('main').text().replace(/\s+/g, ' ');
    const coverage =
      'Per-benchmark scores for 4 of 17 configurations (1 fetched over 7 days before this snapshot, 0 over 30), fetched between 2026-11-06 and 2026-11-15.';
    expect(text('configurations/quillon-3-high/index.html')).toContain(coverage);
    expect(text('configurations/quillon-3-high/index.html')).toContain('Fetched 2026-11-06. Stale: fetched over a week before this snapshot.');
    expect(page('configurations/quillon-3-high/index.html')('main time[datetime="2026-11-06T06:00:00.000Z"]').length).toBeGreaterThan(0);
    expect(text('configurations/mistral-x/index.html')).toContain('Fetched 2026-11-15.');
    expect(text('configurations/mistral-x/index.html')).not.toContain('Stale');
    expect(text('configurations/plain-2/index.html')).toContain(coverage);
    expect(text('models/quillon-3/index.html')).toContain(coverage);
    expect(text('benchmarks/prooflad/index.html')).toContain('per-benchmark scores for 4 of 17 configurations');
    // Where the snapshot has some details, a page without any says so in its own words.
    expect(text('configurations/plain-2/index.html')).toContain('This snapshot has no per-benchmark scores for this configuration');
    expect(text('models/plain-2/index.html')).toContain('The mirror has no per-benchmark scores for this model’s configurations');
    expect(text('configurations/quillon-3-high/index.html')).not.toContain('no per-benchmark scores');
  });

  it('leads a configuration page from the leaderboard through its model, and never calls it a configuration of itself', () => {
    const $ = page('configurations/plain-2/index.html');
    expect(
      $('.breadcrumb li')
        .map((_, li) => $(li).text().trim())
        .get(),
    ).toEqual(['Leaderboard', 'Plain Two', 'Plain Two']);
    expect($('.breadcrumb a').last().attr('href')).toBe('/models/plain-2/');
    expect($('.lede').text()).not.toMatch(/configuration of\s+Plain Two/);
    expect($('.lede').text()).toContain('The only configuration of its model');
  });

  it('draws score over time as one path per series, never joined across the method change, and says the rank in words', () => {
    const $ = page('configurations/quillon-3-high/index.html');
    // Three snapshots, the first before 2026-09-17: a lone point, then a line through the two later ones.
    expect($('.linechart').length).toBe(1);
    const score = $('.linechart').first();
    expect(score.find('path.line').length).toBe(1);
    expect(score.find('path.line').attr('d')!.match(/M/g)).toHaveLength(2);
    expect(score.find('path.method').length).toBe(1);
    expect(score.find('circle, text').length).toBe(0);
    expect(score.find('figcaption').text()).toContain('2026-09-17');
    expect(score.find('figcaption').text()).toMatch(
      /^supraScore in 3 snapshots, .*\. Configuration rank in 3 snapshots, from \d+ on 2026-09-10 to \d+ on 2026-11-16; best \d+, worst \d+\./,
    );
  });

  it('shows every dimension of a benchmark, new keys included, by weight in the list', () => {
    const code = page('benchmarks/codebench/index.html');
    const dims = code('#dimensions').nextAll('.table-wrap').first();
    expect(
      dims
        .find('tbody th')
        .map((_, t) => code(t).text())
        .get(),
    ).toEqual(['relevance', 'contamination', 'discriminability', 'reproducibility', 'difficulty', 'freshness']);
    const list = page('benchmarks/index.html');
    expect(
      list('tbody th a')
        .map((_, a) => list(a).text())
        .get(),
    ).toEqual(['ProofLadder', 'Polyglot Patch', 'Vision Bench', 'Sneaky Bench', 'Aux Bench']);
  });

  it('renders the benchmarks list with its filters laid out for the script (hidden without scripting), a "showing" line, and the headers it sorts by', () => {
    const $ = page('benchmarks/index.html');
    // The form in the list's fold, which is hidden without scripting (and one button on a phone).
    const fold = $('form.controls').closest('details.fold');
    expect([fold.is('[data-needs-script]:not([hidden])'), $('[data-status]').text()]).toEqual([true, 'Showing 1–5 of 5 benchmarks']);
    expect(
      $('thead th[data-sort]')
        .map((_, th) => $(th).attr('data-sort'))
        .get(),
    ).toEqual(['name', 'weight', 'quality', 'verdict', 'agreement', 'models', 'raters']);
    expect($('template').length).toBe(0);
  });

  it('lists tags alphabetically, and a tag without rows says so', () => {
    const $ = page('tags/index.html');
    const tags = $('tbody th a')
      .map((_, a) => $(a).text())
      .get();
    expect(tags).toEqual([...tags].sort());
    expect(tags).toContain('unused-tag');
    expect(page('tags/unused-tag/index.html')('main').text()).toContain('No configuration carries this tag');
  });

  it('tells what changed, and feeds it as Atom', () => {
    const $ = page('changes/index.html');
    const text = $('main').text();
    expect(text).toContain('Plain Seven');
    expect(text).toContain('Retired One');
    expect(text).toMatch(/model rank 1 → 2/);
    const feed = load(site.read('changes/feed.xml'), { xml: true });
    expect(feed('feed > entry').length).toBe(2);
    expect(feed('feed > entry').first().find('summary').text()).toContain('Models: 6 new, 1 removed');
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
      ).toEqual(flattenFields([...(d.topFields ?? []), ...d.fields]).map((f) => f.name));
      expect(section.find('dt .type').length, d.file).toBe(flattenFields([...(d.topFields ?? []), ...d.fields]).length);
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

  it('leaves the redirect pages, the 404 page and the page drawn from the query out of the sitemap', () => {
    const sitemap = site.read('sitemap-0.xml');
    for (const path of ['leaderboard/', 'leaderboard/1/', '404', '404/', 'leaderboard/as-of/']) expect(sitemap).not.toContain(`<loc>${SITE_URL}${path}</loc>`);
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

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The cells of a table's body rows, as text. */
const cells = ($: ReturnType<typeof page>, table: Parameters<ReturnType<typeof page>>[0]) =>
  $(table)
    .find('tbody tr')
    .map((_, tr) => [
      $(tr)
        .children('th, td')
        .map((__, c) => squash($(c).text()))
        .get(),
    ])
    .get() as string[][];
const tableAfter = ($: ReturnType<typeof page>, heading: string) => $(heading).nextAll('.table-wrap').first().find('table');
const evilModel = () => site.files.find((f) => /^models\/evil-family-[0-9a-f]{8}\/index\.html$/.test(f))!.replace('index.html', '');

describe('model pages', () => {
  it("puts a model's configurations side by side with supraScore, configuration rank, benchCount and tags", () => {
    const $ = page('models/quillon-3/index.html');
    const rows = cells($, tableAfter($, '#configurations'));
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['Quillon 3 (high) best: the model’s score', '91.3', '1 of 17', '3'],
      ['Quillon 3 (low)', '84.5', '3 of 17', '3'],
    ]);
    expect(tableAfter($, '#configurations').find('thead th').eq(2).text()).toBe('Configuration rank');
    expect(tableAfter($, '#configurations').find('tbody tr').first().find('a.tag').length).toBe(3);
    expect(tableAfter($, '#configurations').find('tbody th a').first().attr('href')).toBe('/configurations/quillon-3-high/');
  });

  it('shows every configuration’s per-benchmark scores in one table, benchmarks by weight', () => {
    const $ = page('models/quillon-3/index.html');
    const table = tableAfter($, '#scores');
    expect(
      table
        .find('thead th')
        .map((_, th) => $(th).text().trim())
        .get(),
    ).toEqual(['Benchmark', 'Weight', 'Quillon 3 (high)', 'Quillon 3 (low)']);
    expect(cells($, table)).toEqual([
      ['ProofLadder', '82.5', '82.0', '70.0'],
      ['Polyglot Patch', '64.2', '61.0 not counted', 'no score'],
      ['Vision Bench', '30.0', 'no score', '55.0'],
    ]);
  });

  it("draws the model's score and model rank over time", () => {
    const $ = page('models/quillon-3/index.html');
    expect($('.linechart').length).toBe(2);
    expect($('.linechart figcaption').first().text()).toMatch(/^supraScore in 3 snapshots/);
    expect($('.linechart figcaption').last().text()).toMatch(/^Model rank in 3 snapshots, from 1 on 2026-09-10 to 1 on 2026-11-16; best 1, worst 2\./);
  });

  it('says what changed for the model recently, a row a snapshot linked to its entry, and explains the reason once', () => {
    const $ = page('models/quillon-3/index.html');
    const table = $('#recent').nextAll('.table-wrap').first().find('table');
    expect(
      table
        .find('thead th')
        .map((_, th) => $(th).text())
        .get(),
    ).toEqual(['Snapshot', 'Model rank', 'supraScore', 'Why']);
    const latest = table.find('tbody > tr').first();
    expect(latest.attr('id')).toBe(`snapshot-${GENERATED_AT}`);
    expect(latest.find('th a').attr('href')).toBe(`/changes/#snapshot-${GENERATED_AT}`);
    expect(
      latest
        .children()
        .map((_, cell) => squash($(cell).text()))
        .get()
        .slice(0, 3),
    ).toEqual(['2026-11-16', '▲1 up 1 2 → 1', '91.3']);
    expect(squash(latest.children().last().text())).toMatch(/^The field moved\. /);
    // The method change before it: a rank that does not compare, said in full.
    expect(squash(table.find('tbody > tr').eq(1).children().last().text())).toMatch(/^Not comparable: the supraScore method changed/);
    expect(squash($('#recent').nextAll('.table-wrap').first().next('p').text())).toMatch(/^The field moved: its benchCount and stored scores are unchanged/);
  });

  it('names a configuration in a recent change only where its reason is not the model’s', () => {
    const latest = page('models/quillon-3/index.html')('#recent').nextAll('.table-wrap').first().find('tbody > tr').first();
    const own = latest.find('.beneath > li');
    expect(own.map((_, li) => squash(load(li)('li').text())).get()).toEqual(['Quillon 3 (low): Its own evidence changed: benchCount 2 → 3.']);
    expect(own.find('a').attr('href')).toBe('/configurations/quillon-3-low/');
    expect(squash(latest.text())).not.toContain('Quillon 3 (high)');
  });

  it('explains the movement markers on every page that shows them', () => {
    const marked = [...site.html].filter(([, $]) => $('main .movement').not('p.legend .movement').length > 0).map(([file]) => file);
    expect(marked).toEqual(
      expect.arrayContaining(['index.html', 'models/quillon-3/index.html', 'configurations/quillon-3-high/index.html', 'changes/index.html']),
    );
    expect(marked.filter((file) => page(file)('main p.legend').length === 0)).toEqual([]);
  });

  it('says what the markers of a model’s recent changes compare with', () => {
    const $ = page('models/quillon-3/index.html');
    expect(squash($('#recent').nextAll('.legend').first().text())).toBe('Model rank against the snapshot before each one: ▲2 up 2 places, ▼1 down 1.');
  });

  it('links to the pre-rendered comparisons with the models just above and below it', () => {
    const $ = page('models/mist-x/index.html');
    expect(
      $('#compare')
        .next('ul')
        .find('a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/compare/mist-x-vs-quillon-3/', '/compare/mist-x-vs-mist-x-mini/', '/compare/?models=mist-x']);
  });
});

describe('ranks and precision', () => {
  it('gives exactly equal scores a shared model rank, shown "=8"', () => {
    const $ = page('index.html');
    const ranks = $('tbody tr')
      .map((_, tr) => [[$(tr).find('th.model-name > a').text(), $(tr).find('td.rank strong').text()]])
      .get() as [string, string][];
    expect(ranks.filter(([name]) => ['Plain Three', 'Twin One', 'Plain Four'].includes(name))).toEqual([
      ['Plain Three', '=8'],
      ['Twin One', '=8'],
      ['Plain Four', '10'],
    ]);
  });

  it('shows the digit that separates scores that would round alike', () => {
    const $ = page('index.html');
    const score = (name: string) =>
      $('tbody tr')
        .filter((_, tr) => $(tr).find('th.model-name > a').text() === name)
        .find('.score span')
        .first()
        .text();
    expect(score('Near One')).toBe('30.04');
    expect(score('Plain Two')).toBe('30.00');
    expect(score('Plain One')).toBe('40.0');
  });

  it('shows the same model rank for a model on every page', () => {
    const ranks = [
      page('index.html')('tbody tr').eq(1).find('td.rank strong').text(),
      squash(page('models/mist-x/index.html')('.figures div').eq(1).find('dd').text()).split(' ')[0],
      squash(page('configurations/mistral-x/index.html')('.figures div').eq(2).find('dd').text()).split(' ')[0],
      cells(page('tags/code-generation/index.html'), tableAfter(page('tags/code-generation/index.html'), '#carrying'))[1]![3],
      squash(page('benchmarks/prooflad/index.html')('tr.group').eq(1).find('.meta').text()),
    ];
    expect(ranks).toEqual(['2', '2', '2', '2', 'model rank 2, supraScore 88.1']);
  });
});

describe('benchmark pages', () => {
  it('lists every configuration with a score, grouped by model, with scale, source, date, votes and whether it counts', () => {
    const $ = page('benchmarks/prooflad/index.html');
    const table = tableAfter($, '#results');
    expect(
      table
        .find('tr.group a')
        .map((_, a) => $(a).text())
        .get(),
    ).toEqual(['Quillon 3', 'Mist X']);
    // The scale once, in the column's heading; a row per submission.
    expect(squash(table.find('thead th').eq(1).text())).toBe('Raw score of 0–100');
    expect(cells($, table).filter((r) => r.length > 1)[0]).toEqual(['Quillon 3 (high)', '0.82', '82.0', 'example.org', '2026-11-11', '5 up, 1 down', 'Yes']);
    expect(table.find('time').first().attr('datetime')).toBe('2026-11-11');
    expect(table.find('a[href="https://example.org/paper"]').length).toBe(1);
  });

  it('says when a score does not count, and never links a source that is not http(s)', () => {
    const $ = page('benchmarks/codebench/index.html');
    const row = tableAfter($, '#results')
      .find('tr')
      .filter((_, tr) => $(tr).find('th a').text() === 'Quillon 3 (high)');
    expect(squash(row.children('td').last().text())).toBe('No');
    expect(squash($('#results + p').text())).toContain('only one with more upvotes than downvotes counts');
    expect(squash(row.text())).toContain('javascript:alert(2) (not a web link)');
    expect(row.find('a[href^="javascript"]').length).toBe(0);
  });

  it('labels an official and an unofficial source explicitly', () => {
    expect(page('benchmarks/prooflad/index.html')('.provenance').text()).toBe('Official source');
    expect(page('benchmarks/codebench/index.html')('.provenance').text()).toBe('Unofficial source');
    expect(page('benchmarks/codebench/index.html')('main').text()).toContain('The API has not reviewed this URL');
  });

  it('says what each quality dimension means and which way is better, with its assumptions', () => {
    const $ = page('benchmarks/codebench/index.html');
    const rows = cells($, tableAfter($, '#dimensions'));
    expect(rows.find((r) => r[0] === 'contamination')![3]).toBe('lower is better (assumed)');
    expect(rows.find((r) => r[0] === 'relevance')![3]).toBe('higher is better');
    expect(rows.find((r) => r[0] === 'freshness')![3]).toBe('direction not documented');
    expect($('.assumptions').text()).toContain('The API does not say which way this rating runs');
  });

  it('states how many configurations have per-benchmark data, and how many have a score here', () => {
    const text = squash(page('benchmarks/prooflad/index.html')('#results').next('.note').text());
    expect(text).toContain('The API counts 12 models with a valid score here');
    expect(text).toContain('per-benchmark scores for 4 of 17 configurations');
    expect(text).toContain('3 configurations of 2 models have a score on this benchmark');
  });

  it('draws the weight over time', () => {
    expect(page('benchmarks/prooflad/index.html')('#weight').next('.linechart').find('figcaption').text()).toMatch(/^effectiveWeight in 3 snapshots/);
  });
});

describe('tag pages', () => {
  it('lists the models carrying a tag, one row per model, ranked by supraScore as /v1/best does', () => {
    const $ = page('tags/reasoning/index.html');
    const rows = cells($, tableAfter($, '#carrying'));
    expect(rows).toHaveLength(11);
    expect(rows.filter((r) => r[1]!.startsWith('Quillon 3'))).toHaveLength(1);
    expect(rows.slice(0, 2).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['1', '91.3', '1'],
      ['2', '50.5', '4'],
    ]);
    expect(rows.slice(5, 7).map((r) => r[0])).toEqual(['=6', '=6']);
    expect(squash($('.lede').text())).toContain('11 models (12 configurations) carry this tag');
  });

  it('ranks models measured on the tag’s benchmarks, labelled as the mirror’s own, and lists low coverage apart', () => {
    const $ = page('tags/reasoning/index.html');
    expect($('#measured').next('p').text()).toContain('The mirror’s own computation, not an API score');
    expect(cells($, $('#measured').nextAll('.table-wrap').first().find('table'))).toEqual([
      ['1', 'Quillon 3 by Quillon 3 (high) · model rank 1', '82.0', '87% 1 of 2'],
      ['2', 'Mist X by Mist X · model rank 2', '79.0', '87% 1 of 2'],
    ]);
    expect(cells($, tableAfter($, '#apart'))).toEqual([['Plain One by Plain One', '35.0', '13% 1 of 2']]);
  });

  it('shows the measured ranking of a tag whose benchmarks have scores though no configuration carries it', () => {
    const $ = page('tags/vision/index.html');
    expect($('main').text()).toContain('No configuration carries this tag');
    expect(cells($, $('#measured').nextAll('.table-wrap').first().find('table')).map((r) => r.slice(0, 3))).toEqual([
      ['1', 'Quillon 3 by Quillon 3 (low) · model rank 1', '55.0'],
      ['2', 'Mist X by Mist X · model rank 2', '40.0'],
    ]);
  });

  it('counts models and configurations on the tags list as the tag page does', () => {
    const $ = page('tags/index.html');
    expect(
      $('thead th')
        .map((_, th) => $(th).text())
        .get(),
    ).toEqual(['Tag', 'Models', 'Configurations', 'Benchmarks']);
    expect(cells($, $('table')).find((r) => r[0] === 'reasoning')).toEqual(['reasoning', '11', '12', '2']);
    expect(cells($, $('table')).find((r) => r[0] === 'math')).toEqual(['math', '2', '2', '1']);
  });

  it('links each model of a tag to its model page', () => {
    const $ = page('tags/math/index.html');
    expect(
      tableAfter($, '#carrying')
        .find('tbody th > a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/models/quillon-3/', `/${evilModel()}`]);
  });
});

describe('comparisons', () => {
  it('pre-renders a comparison of neighbours, best first, with shared benchmarks, deltas and sources', () => {
    const $ = page('compare/mist-x-vs-quillon-3/index.html');
    expect($('h1').text()).toBe('Quillon 3 vs Mist X');
    const rows = cells($, tableAfter($, '#shared'));
    expect(rows).toEqual([
      ['ProofLadder weight 82.5', '82.0 example.org accessed 2026-11-11', '79.0 −3.0 scores.example.org accessed 2026-11-06', 'Quillon 3'],
    ]);
    expect(tableAfter($, '#shared').find('a[href="https://example.org/paper"]').length).toBe(1);
  });

  it('says why the evidence cannot separate the models in a field too small to check it, and counts the shared benchmarks and who wins them', () => {
    const text = squash(page('compare/mist-x-vs-quillon-3/index.html')('#gap').next('ul').text());
    expect(text).toMatch(/Quillon 3 is [\d.]+ points of supraScore ahead of Mist X/);
    expect(text).toMatch(
      /Only \d+ of \d+ configurations have an evidence score, too few to check the mirror’s recomputation against supraScore, so it shows no likely ranges\./,
    );
    expect(text).toContain('On the 1 benchmark where each has a counting score, Quillon 3 scores higher on 1 (weight 82.5); Mist X on none.');
  });

  it('publishes one data file per model, with the attribution', () => {
    const file = JSON.parse(site.read('data/models/quillon-3.json')) as {
      attribution: string;
      model: { rank: number; segment: string };
      scores: unknown[];
      history: { rank: number[] };
    };
    expect(file.attribution).toContain(ATTRIBUTION_URL);
    expect(file.model).toMatchObject({ rank: 1, segment: 'quillon-3' });
    expect(file.scores).toHaveLength(2);
    expect(file.history.rank).toEqual([1, 2, 1]);
  });

  it('explains the comparison page without JavaScript and links the pre-rendered comparisons', () => {
    const $ = page('compare/index.html');
    expect($('[data-compare-tool]').is('[data-needs-script]')).toBe(true);
    expect($('#without-js').parent().find('a[href="/compare/mist-x-vs-quillon-3/"]').text().trim()).toBe('Quillon 3 vs Mist X');
  });
});

describe('changes', () => {
  it('gives every snapshot its own anchored entry, and the feed links to it', () => {
    const $ = page('changes/index.html');
    const feed = load(site.read('changes/feed.xml'), { xml: true });
    const links = feed('entry > link[rel=alternate]')
      .map((_, l) => feed(l).attr('href'))
      .get();
    expect(links).toEqual([`${SITE_URL}changes/#snapshot-${GENERATED_AT}`, `${SITE_URL}changes/#snapshot-${GENERATED_AT - 86_400_000}`]);
    for (const link of links) expect($(`[id="${new URL(link).hash.slice(1)}"]`).length, link).toBe(1);
  });

  it('reports moves by model rank, with the configurations beneath', () => {
    const entry = page('changes/index.html')(`#snapshot-${GENERATED_AT}`);
    const up = squash(entry.find('h3:contains("Models up")').next('ul').children('li').first().text());
    expect(up).toMatch(/^Quillon 3 ▲1 up 1 model rank 2 → 1/);
    expect(up).toContain('Quillon 3 (high) configuration rank 2 → 1');
  });

  it('says why each entry changed', () => {
    const entry = page('changes/index.html')(`#snapshot-${GENERATED_AT}`);
    const item = (name: string) =>
      squash(
        entry
          .find('.changes-list > li')
          .filter((_, li) => squash(entry.find(li).children('.change').children('a, span').first().text()) === name)
          .text(),
      );
    expect(item('Plain One')).toContain('Its own evidence changed: benchCount 3 → 4.');
    expect(item('Mist X')).toContain('The field moved');
    expect(item('Plain Three')).toContain('model rank 9 → =8');
    expect(item('Retired One')).toContain('last model rank 7');
    expect(item('Retired One')).toContain('Removed: last seen in the snapshot of 2026-11-15; kept here as a record.');
    expect(entry.find('h3:contains("New models (6)")').length).toBe(1);
  });

  it('compares nothing across the method change, and says so', () => {
    const older = page('changes/index.html')(`#snapshot-${GENERATED_AT - 86_400_000}`);
    expect(older.find('.note').text()).toContain('The supraScore method changed between these snapshots');
    expect(older.find('h3:contains("Models up")').length).toBe(0);
  });
});

describe('the publishing guard', () => {
  it('keeps the previous dist/ when a build fails halfway', async () => {
    const db = join(dir.path, 'broken.db');
    copyFileSync(fixture.snapshot, db);
    // A copy of the good site stands for the previous dist/.
    cpSync(fixture.dist, join(dir.path, 'dist'), { recursive: true });
    const copy = new Database(db);
    copy.prepare(`UPDATE benches SET dimensions = '{not json' WHERE slug = 'prooflad'`).run();
    copy.close();
    const out = join(dir.path, 'dist');
    const before = fingerprint(join(out, 'index.html'));
    // The stub's pages are written before the publish step reads the broken row (a real render failing is in
    // publish-disk.test.ts); in a copy of the project, whose build lock no other test file's build holds.
    const r = await runScript('../test/helpers/stub-build.ts', ['--snapshot', db, '--out', out], ENV, {
      cwd: copyProject(join(dir.path, 'project')),
      timeoutMs: 120_000,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('dist/ is untouched');
    expect(fingerprint(join(out, 'index.html'))).toEqual(before);
    // The half-written build beside dist/ is gone too.
    expect(readdirSync(dir.path).filter((f) => f.includes('.build-'))).toEqual([]);
  }, 180_000);
});
