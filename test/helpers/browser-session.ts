/**
 * A browser test's pages: contexts that collect their pages' console errors, pages opened on a
 * served site and waited on until the scripts have drawn what the address asks for (a list's view,
 * a comparison). The browser tests of test/e2e/ use them.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** Waits until the scripts have drawn what the address asks for: they say 'Loading…' (and how far) until then, /rank/ marks its ranges `data-ranges="making"` until they are drawn, and a list drawing its rows in steps says `data-drawing`. */
export const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      ![...document.querySelectorAll('[data-status], [data-compare-status]')].some((s) => s.textContent?.startsWith('Loading…')) &&
      !document.querySelector('[data-ranges="making"], [data-drawing]'),
    undefined,
    {
      polling: 100,
      timeout: 60_000,
    },
  );

/**
 * Waits until the page has everything it asked for as it loaded (its stylesheets, its scripts and
 * their imports, its images and fonts) and has laid out the last of it: the load event, the fonts,
 * then two frames. With `settled` (what `open` waits for) a page's scripts have drawn too. Not
 * Playwright's 'networkidle' (500 ms without a request, which Playwright's docs discourage): in one
 * fresh-clone CI run it never came for a page that had loaded and drawn, and failed the run.
 */
export async function loaded(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** The page's address from its path on. */
export const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Contexts of `browser()` whose pages' console errors a test answers for, and pages opened on the site at `base()`. */
export function browserSession(browser: () => Browser, base: () => string) {
  const problems = new WeakMap<BrowserContext, string[]>();
  return {
    async newContext(options?: BrowserContextOptions): Promise<BrowserContext> {
      const context = await browser().newContext(options);
      problems.set(context, []);
      return context;
    },
    /** Closes a test's contexts: the test answers for the console errors of the pages it opened. */
    async finish(...contexts: BrowserContext[]): Promise<void> {
      const seen = contexts.flatMap((c) => problems.get(c) ?? []);
      await Promise.all(contexts.map((c) => c.close()));
      expect(seen).toEqual([]);
    },
    /** A page of `context` at `path` of the site (or of the site at `origin`), once the scripts have drawn it. */
    async open(context: BrowserContext, path: string, origin = base()): Promise<Page> {
      const page = await context.newPage();
      const seen = problems.get(context)!;
      page.on('console', (m) => {
        if (m.type() === 'error') seen.push(`${path}: console error: ${m.text()} (${m.location().url || 'no URL'})`);
      });
      page.on('pageerror', (e) => seen.push(`${path}: page error: ${e.message}`));
      const res = await page.goto(origin + path);
      expect(res?.status(), path).toBeLessThan(400);
      await settled(page);
      return page;
    },
  };
}
