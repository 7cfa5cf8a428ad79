/**
 * Site search: the records the build has Pagefind index and write into dist/pagefind/ (the hostile
 * fixture), and the search box in Chromium on the bundled sample, served with the response
 * headers of `_headers` (its Content-Security-Policy included), with JavaScript and without.
 */
import { pageKindOf } from '../../src/site/plan/page-kinds.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { sharedSite } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { headersFor, parseHeadersFile } from '../helpers/hosts.ts';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';

let site: BuiltSite;

beforeAll(async () => {
  site = readSite((await sharedSite('hostile')).dist);
}, 600_000);

/** Every record of the index: Pagefind's fragments are gzipped JSON after a signature. */
function indexRecords(dist: string): { url: string; content: string; meta: { title: string; kind: string } }[] {
  const dir = join(dist, 'pagefind', 'fragment');
  return readdirSync(dir).map((file) => {
    const text = gunzipSync(readFileSync(join(dir, file))).toString('utf8');
    return JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta: { title: string; kind: string } };
  });
}

describe('the search index', () => {
  it('holds one record for every model, benchmark, tag and provider page, titled and kinded as the page is, and no other', () => {
    const records = indexRecords(site.dist);
    // The pages the table of page kinds gives a search record, each of its kind: every model, benchmark, tag and vendor page.
    const expected = new Map(
      [...site.html.keys()].flatMap((p) => {
        const kind = pageKindOf(p).search;
        return kind ? [[`/${p.replace(/index\.html$/, '')}`, kind] as const] : [];
      }),
    );
    expect(new Set(expected.values())).toEqual(new Set(['Model', 'Benchmark', 'Tag', 'Provider']));
    expect(records.length).toBe(expected.size);
    expect(new Map(records.map((r) => [r.url, r.meta.kind]))).toEqual(expected);
    for (const record of records) {
      const $ = site.html.get(`${decodeURI(record.url).slice(1)}index.html`)!;
      // The record's title is the page's heading (a tag's reads "Best at <tag>"), and its text starts with it.
      const heading = $('h1').first().text().replace(/\s+/g, ' ').trim();
      const title = record.meta.title.replace(/\s+/g, ' ').trim();
      expect(heading, record.url).toBe(record.meta.kind === 'Tag' ? `Best at ${title}` : title);
      expect(record.content.replace(/\s+/g, ' ').startsWith(title), record.url).toBe(true);
    }
  });

  it('finds every configuration by its name, family tag and tags in the record of its model, whose page lists it', () => {
    const records = indexRecords(site.dist);
    const byUrl = new Map(records.map((r) => [decodeURI(r.url), r]));
    const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
    let tagged = 0;
    const configurations = [...site.html.keys()].filter((p) => /^configurations\/[^/]+\/index\.html$/.test(p));
    expect(configurations.length).toBeGreaterThan(0);
    for (const page of configurations) {
      const $ = site.html.get(page)!;
      const modelUrl = decodeURI($('.breadcrumb a').eq(1).attr('href')!);
      const record = byUrl.get(modelUrl)!;
      expect(record, page).toBeDefined();
      const content = squash(record.content);
      expect(content, page).toContain(squash($('h1').first().text()));
      expect(content, page).toContain($('main p.meta code').first().text());
      const tags = $('main ul.tags a.tag')
        .map((_, a) => $(a).text().trim())
        .get();
      for (const tag of tags) expect(content, page).toContain(tag);
      tagged += tags.length ? 1 : 0;
      // The model's page lists the configuration.
      expect(site.html.get(`${modelUrl.slice(1)}index.html`)!(`main a[href="/${page.replace(/index\.html$/, '')}"]`).length, page).toBeGreaterThan(0);
    }
    expect(tagged).toBeGreaterThan(0);
  });

  it('indexes benchmarks by their descriptions, and no number: the index changes only when those words do', () => {
    const records = indexRecords(site.dist);
    const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
    const pageOf = (url: string) => site.html.get(`${decodeURI(url).slice(1)}index.html`)!;
    for (const record of records.filter((r) => r.meta.kind === 'Benchmark')) {
      expect(squash(record.content), record.url).toContain(squash(pageOf(record.url)('main p.lede').text()));
    }
    expect(records.filter((r) => /supraScore \d|rank \d/.test(r.content))).toEqual([]);
  });

  it('writes the index into dist/pagefind/, without Pagefind’s ready-made interfaces', () => {
    const entry = JSON.parse(site.read('pagefind/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    expect(Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0)).toBe(indexRecords(site.dist).length);
    const files = readdirSync(join(site.dist, 'pagefind'));
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'index', 'fragment']));
    expect(files.filter((f) => /-ui\.|highlight/.test(f))).toEqual([]);
  });

  it('puts a search box on every page that, without JavaScript, sends its words to the leaderboard’s filter', () => {
    for (const [page, $] of site.html) {
      if (page.startsWith('leaderboard/')) continue; // the redirect pages
      const form = $('header form[role="search"]');
      expect([form.attr('action'), form.attr('method'), form.find('input[type="search"]').attr('name')], page).toEqual(['/', 'get', 'q']);
    }
  });
});

const available = chromiumAvailable();

describe.skipIf(!available)('the search box in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;
  let dist: string;
  let modelName: string;
  let modelPath: string;
  const problems: string[] = [];

  beforeAll(async () => {
    dist = (await sharedSite('sample')).dist;
    server = await serveStatic({ dir: dist });
    browser = await launchChromium();
    const list = JSON.parse(readFileSync(join(dist, 'data/model-list.json'), 'utf8')) as { models: [string, string][] };
    [modelPath, modelName] = list.models[0]!.map(String) as [string, string];
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page served with every header `_headers` gives its path, as Netlify and Cloudflare Pages serve it. */
  async function open(path: string, javaScript = true): Promise<Page> {
    const rules = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      for (const [name, values] of headersFor(rules, new URL(route.request().url()).pathname)) headers[name] = values.join(', ');
      await route.fulfill({ response, headers });
    });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`${path}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${path}: ${e.message}`));
    await page.goto(server.url + path.replace(/^\//, ''));
    return page;
  }

  /** Closes a page's context once the requests its route still answers are let go. */
  async function close(page: Page): Promise<void> {
    await page.context().unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  }

  it('is served under the site’s Content-Security-Policy', async () => {
    const page = await open('/about/');
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    await close(page);
  });

  it('lists the model a visitor types the name of, linking to its page, within that policy', async () => {
    const page = await open('/about/');
    await page.locator('#site-q').fill(modelName);
    const first = page.locator('[data-search-list] li a').first();
    await first.waitFor({ timeout: 60_000 });
    const hrefs = await page.locator('[data-search-list] li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain(`/models/${modelPath}/`);
    expect(await page.locator('[data-search-status]').textContent()).toMatch(/match/);
    expect(problems.splice(0)).toEqual([]);
    await close(page);
  });

  it('sends the words to the leaderboard on Enter, which filters its rows by them', async () => {
    const page = await open('/about/');
    await page.locator('#site-q').fill(modelName);
    await page.locator('#site-q').press('Enter');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('q') === modelName);
    await page.waitForFunction(() => document.querySelector('[data-status]')?.textContent?.includes('filtered from'), undefined, { timeout: 60_000 });
    const names = await page.locator('tbody th.model-name > a').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.toLowerCase().includes(modelName.toLowerCase().split(' ')[0]!))).toBe(true);
    expect(problems.splice(0)).toEqual([]);
    await close(page);
  });

  it('takes the words to the leaderboard without JavaScript, which lists every model', async () => {
    const page = await open('/about/', false);
    await page.locator('#site-q').fill('anything at all');
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.locator('#site-q').press('Enter')]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('anything at all');
    expect(await page.locator('[data-leaderboard]').count()).toBe(1);
    expect(await page.locator('tbody th.model-name > a').count()).toBe(100);
    await close(page);
  });

  it('loads no script of Pagefind until a visitor uses the box', async () => {
    const page = await open('/');
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
    expect(scripts.filter((p) => p.startsWith('/pagefind/'))).toEqual([]);
    await close(page);
  });
});
