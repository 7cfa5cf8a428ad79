/**
 * The built sample site in a real Chromium: sorting, filtering and URL state on the leaderboard,
 * navigation by click, the no-JavaScript fallback, console errors and axe-core accessibility.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { preview } from 'astro';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT } from './helpers/env.ts';
import { sharedSite } from './helpers/shared-sites.ts';
import { chromiumAvailable, launchChromium } from './helpers/browser.ts';
import type { LeaderboardIndex } from '../src/site/leaderboard-index.ts';

const available = chromiumAvailable();
const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');

let server: { stop(): Promise<void> } | undefined;
let base: string;
let browser: Browser;
let index: LeaderboardIndex;
const problems: string[] = [];

/** The port the preview server really listens on (asked for port 0). */
function portOf(s: unknown): number {
  const http = (s as { server?: { address(): { port: number } | string | null } }).server;
  const address = http?.address();
  if (!address || typeof address === 'string') throw new Error('the preview server has no port');
  return address.port;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${path}: console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${path}: page error: ${e.message}`));
  const res = await page.goto(base + path);
  expect(res?.status(), path).toBeLessThan(400);
  return page;
}

const rowNames = (page: Page) => page.locator('tbody th.model-name > a').allTextContents();
const status = (page: Page) => page.locator('[data-status]').textContent();

describe.skipIf(!available)('the site in Chromium', () => {
  beforeAll(async () => {
    // The bundled sample, built the way a fresh clone builds it.
    const site = await sharedSite('sample');
    const s = await preview({ root: ROOT, outDir: site.dist, server: { host: '127.0.0.1', port: 0 }, logLevel: 'error' });
    server = s;
    base = `http://127.0.0.1:${portOf(s)}`;
    browser = await launchChromium();
    index = (await (await fetch(`${base}/data/leaderboard.json`)).json()) as LeaderboardIndex;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Every test answers for the console errors of the pages it opened.
  afterEach(() => {
    const seen = problems.splice(0);
    expect(seen).toEqual([]);
  });

  it('says it shows sample data', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/');
    await expect(page.locator('.banner').textContent()).resolves.toContain('Sample data');
    await context.close();
  });

  it('sorts by a column and keeps the sort in the URL', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/');
    const defaultFirst = (await rowNames(page))[0];
    const score = page.locator('th[data-sort="score"] button');
    await score.click();
    await expect.poll(() => page.locator('th[data-sort="score"]').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await rowNames(page))[0]).toBe(defaultFirst);
    await score.click();
    await expect.poll(() => page.locator('th[data-sort="score"]').getAttribute('aria-sort')).toBe('ascending');
    const lowest = [...index.models].sort((a, b) => a[5] - b[5] || a[0] - b[0])[0]!;
    await expect.poll(async () => (await rowNames(page))[0]).toBe(lowest[1]);
    expect(new URL(page.url()).search).toBe('?sort=score&dir=asc');
    await page.locator('th[data-sort="name"] button').click();
    await expect.poll(async () => (await rowNames(page))[0]).toBe([...index.models].map((m) => m[1]).sort((a, b) => a.localeCompare(b, 'en'))[0]);
    expect(await page.locator('th[aria-sort]').count()).toBe(1);
    await context.close();
  });

  it('filters by tag, provider and text, and the URL state round-trips', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/');
    const tagId = index.models[0]![7][0]!;
    const tag = index.tags[tagId]!;
    const provider = index.providers[index.models[0]![4]]!;
    const expected = index.models.filter((m) => m[7].includes(tagId) && index.providers[m[4]] === provider);
    await page.selectOption('#lb-tag', tag);
    await page.selectOption('#lb-provider', provider);
    await expect.poll(() => status(page)).toContain(`of ${expected.length} models (filtered from ${index.models.length})`);
    const providers = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(providers)).toEqual(new Set([provider]));
    expect(await rowNames(page)).toEqual(expected.map((m) => m[1]));

    const word = index.models[3]![1].split(' ')[0]!;
    await page.selectOption('#lb-provider', '');
    await page.selectOption('#lb-tag', '');
    await page.fill('#lb-q', word.toLowerCase());
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(word.toLowerCase());
    const found = await rowNames(page);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(index.models.length);

    // The same URL in a fresh page shows the same view, controls included.
    const shared = page.url();
    const again = await open(context, shared.slice(base.length));
    await expect.poll(() => rowNames(again)).toEqual(found);
    expect(await again.inputValue('#lb-q')).toBe(word.toLowerCase());
    await page.click('button[type=reset]');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(async () => (await rowNames(page)).length).toBe(100);
    await context.close();
  });

  it('pages through a filtered view', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/?sort=name&dir=desc&page=2');
    await expect.poll(() => status(page)).toBe(`Showing 101–${index.models.length} of ${index.models.length} models`);
    await page.locator('[data-pager] button', { hasText: '1' }).click();
    await expect.poll(() => status(page)).toBe(`Showing 1–100 of ${index.models.length} models`);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await context.close();
  });

  it('reaches a configuration page by a click', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/');
    const row = page.locator('tbody tr', { has: page.locator('details.configs') }).first();
    await row.locator('summary').click();
    const link = row.locator('details a').nth(1);
    const name = await link.textContent();
    await link.click();
    await page.waitForURL(/\/models\/[^/]+\/$/);
    expect(await page.locator('h1').textContent()).toBe(name);
    await context.close();
  });

  it('reads the whole ranking without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await open(context, '/');
    expect(await page.locator('form.controls').isVisible()).toBe(false);
    expect(await rowNames(page)).toHaveLength(100);
    await page.locator('[data-pager] a', { hasText: 'Next' }).click();
    await page.waitForURL(/\/leaderboard\/2\/$/);
    expect(await rowNames(page)).toEqual(index.models.slice(100).map((m) => m[1]));
    await context.close();
  });

  const PAGES = ['/', '/leaderboard/2/', '/benchmarks/', '/tags/', '/about/', '/changes/', '/404.html'];

  it.each(['light', 'dark'] as const)(
    'passes axe-core (WCAG 2.2 A and AA, and best practices) in the %s theme, at 1280 and 360 px',
    async (colorScheme) => {
      const slug = index.models[0]![8][0]![0];
      const tag = index.tags[0]!;
      const bench = ((await (await fetch(`${base}/data/benchmarks.json`)).json()) as { benchmarks: { slug: string }[] }).benchmarks[0]!.slug;
      for (const width of [1280, 360]) {
        const context = await browser.newContext({ colorScheme, viewport: { width, height: 800 } });
        for (const path of [...PAGES, `/models/${slug}/`, `/benchmarks/${bench}/`, `/tags/${tag}/`]) {
          const page = await open(context, path);
          await page.addScriptTag({ path: AXE });
          const violations = await page.evaluate(async () => {
            const axe = (
              window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
            ).axe;
            const result = await axe.run(document, {
              runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
              // Only violations are read: computing passes and incompletes too doubles the time.
              resultTypes: ['violations'],
            });
            return result.violations.map(
              (v) =>
                `${v.id}: ${v.nodes
                  .slice(0, 3)
                  .map((n) => n.target.join(' '))
                  .join(', ')}`,
            );
          });
          expect(violations, `${colorScheme} ${width}px ${path}`).toEqual([]);
          if (width === 360) {
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${path} is wider than the 360 px screen`).toBeLessThanOrEqual(0);
          }
          await page.close();
        }
        await context.close();
      }
    },
    180_000,
  );
});
