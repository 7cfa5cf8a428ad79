/**
 * Site search: what the build marks for Pagefind and writes into dist/pagefind/ (the hostile
 * fixture), and the search box in Chromium on the bundled sample, served with the response
 * headers of `_headers` (its Content-Security-Policy included), with JavaScript and without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { sharedSite } from './helpers/shared-sites.ts';
import { readSite, type BuiltSite } from './helpers/site.ts';
import { chromiumAvailable, launchChromium } from './helpers/browser.ts';
import { headersFor, parseHeadersFile } from './helpers/hosts.ts';
import { serveStatic, type StaticServer } from '../src/publish/static-server.ts';

let site: BuiltSite;

beforeAll(async () => {
  site = readSite((await sharedSite('hostile')).dist);
}, 600_000);

const SEARCHED = /^(models|configurations|benchmarks|tags)\/[^/]+\/index\.html$/;

describe('the search index', () => {
  it('marks the main content of every model, configuration, benchmark and tag page for search, and of no other page', () => {
    for (const [page, $] of site.html) {
      const marked = $('[data-pagefind-body]');
      if (SEARCHED.test(page) && page !== 'benchmarks/index.html' && page !== 'tags/index.html') {
        expect(marked.length, page).toBe(1);
        expect(marked.is('main'), page).toBe(true);
        expect(marked.attr('data-pagefind-meta'), page).toMatch(/^kind:(Model|Configuration|Benchmark|Tag)$/);
      } else expect(marked.length, page).toBe(0);
    }
  });

  it('leaves tables of numbers and charts out of the index', () => {
    const $ = site.html.get('models/quillon-3/index.html')!;
    expect($('main [data-pagefind-ignore] table.matrix').length).toBe(1);
    expect($('main figure.linechart:not([data-pagefind-ignore])').length).toBe(0);
  });

  it('writes the index of every marked page into dist/pagefind/, without Pagefind’s ready-made interfaces', () => {
    const marked = [...site.html].filter(([, $]) => $('[data-pagefind-body]').length).length;
    const entry = JSON.parse(site.read('pagefind/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    expect(Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0)).toBe(marked);
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
    await first.waitFor({ timeout: 20_000 });
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
    await page.waitForFunction(() => document.querySelector('[data-status]')?.textContent?.includes('filtered from'), undefined, { timeout: 10_000 });
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
