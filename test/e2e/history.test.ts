/**
 * The leaderboard as it stood, on a site built from a year of daily snapshots (the `history` fixture:
 * models coming and going across the 2026-09-17 method change), in a real Chromium and without
 * JavaScript: any day from the leaderboard's date control, with filters, search and sort; a day not
 * kept; what changed between two days; Back through each view; axe; no layout shift after the first
 * paint; phones; the month-end pages, linked and titled, drawn exactly as the script draws their day;
 * html-validate on the new pages.
 */
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedSite } from '../helpers/shared-sites.ts';
import { axeViolations, chromiumAvailable, launchChromium, countLayoutShifts, shiftedPages } from '../helpers/browser.ts';
import { browserSession, here, loaded, settled } from '../helpers/browser-session.ts';
import { validateSite } from '../helpers/html-validate.ts';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';
import { DAY_TUPLE, type HistoryIndexFile } from '../../src/site/lists/past-files.ts';

const available = chromiumAvailable();
vi.setConfig({ maxConcurrency: 3, expect: { poll: { timeout: 60_000 } } });

/** Days of the fixture (its newest snapshot is of 2026-11-16): Fresh One came on 2026-10-07, Plain Seven went after 2026-10-17, Early Bird after 2026-04-30. */
const BEFORE = '2026-10-01';
const AFTER = '2026-10-20';
const PAST = `/leaderboard/as-of/`;

let server: StaticServer;
let base: string;
let dist: string;
let browser: Browser;
let days: { date: string; generatedAt: number; page: boolean }[];

const { newContext, finish, open } = browserSession(
  () => browser,
  () => base,
);

const rowNames = (page: Page) => page.locator('[data-past] tbody th.model-name > :first-child').allTextContents();
const status = (page: Page) => page.locator('[data-status]').textContent();
const rangeList = (page: Page, title: string) => page.locator('[data-range] h3', { hasText: title }).locator('+ ul > li:not(.meta)').allTextContents();
const markup = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.outerHTML.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim());

describe.skipIf(!available)('the leaderboard as it stood, in Chromium', { concurrent: true }, () => {
  beforeAll(async () => {
    dist = (await sharedSite('history')).dist;
    server = await serveStatic({ dir: dist });
    base = server.url.replace(/\/$/, '');
    browser = await launchChromium();
    const index = (await (await fetch(`${base}/data/history/index.json`)).json()) as HistoryIndexFile;
    days = index.days.map(DAY_TUPLE.decode);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps a day file for each of the 365 days and a page for each month’s end and the oldest day', ({ expect }) => {
    expect(days).toHaveLength(365);
    expect(days.filter((d) => d.page).map((d) => d.date)).toEqual([
      '2025-11-17',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
    ]);
  });

  it('opens any day from the leaderboard’s date control, with its filters, search and sort, and each row’s rank now', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/');
    await page.fill('#lb-as-of', BEFORE);
    await page.click('form.as-of button[type=submit]');
    await page.waitForURL(`${base}${PAST}?asOf=${BEFORE}`);
    await settled(page);
    // Plain Seven was there, and is gone since; Fresh One had not come yet.
    await expect.poll(() => status(page)).toBe('Showing 1–11 of 11 models');
    const names = await rowNames(page);
    expect(names).toContain('Plain Seven');
    expect(names).not.toContain('Fresh One');
    const seven = page.locator('[data-past] tbody tr', { hasText: 'Plain Seven' });
    expect(await seven.locator('.now').textContent()).toBe('gone since');
    // Its name links nothing (its vendor, who makes today's models, still has a page).
    expect(await seven.locator('th > a').count()).toBe(0);
    expect(await page.locator('[data-when]').textContent()).toContain(BEFORE);
    expect(await page.title()).toBe(`The leaderboard on ${BEFORE} · Model Rankings Mirror`);

    // A tag that day, a vendor, a search and a sort: each drawn from that day's rows.
    await page.selectOption('#past-provider', 'Verdant Compute');
    await expect.poll(() => rowNames(page)).toEqual(['Mist X', 'Mist X Mini']);
    expect(here(page)).toBe(`${PAST}?asOf=${BEFORE}&provider=Verdant+Compute`);
    await page.selectOption('#past-provider', '');
    await page.selectOption('#past-tag', 'math');
    await expect.poll(() => status(page)).toBe('Showing 1–2 of 2 models (filtered from 11)');
    await page.selectOption('#past-tag', '');
    // Seven models of the plain-N families that day (two of them named otherwise, found by their familyTag).
    await page.fill('#past-q', 'plain');
    await expect.poll(async () => (await rowNames(page)).length).toBe(7);
    expect(await rowNames(page)).toEqual(expect.arrayContaining(['Plain One', 'Plain Seven']));
    await page.fill('#past-q', '');
    await page.locator('#past-q').blur();
    await page.locator('th[data-sort="name"] button').click();
    await expect.poll(async () => (await rowNames(page))[0]).toBe([...names].sort((a, b) => a.localeCompare(b, 'en'))[0]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    // Another day from the form: its own rows, Fresh One first.
    await page.fill('#past-as-of', AFTER);
    await expect.poll(async () => (await rowNames(page)).includes('Fresh One')).toBe(true);
    expect(await rowNames(page)).not.toContain('Plain Seven');
    await finish(context);
  });

  it('says so for a day outside the history, and links the nearest day kept', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, `${PAST}?asOf=2020-01-01`);
    expect(await page.locator('[data-notice]').textContent()).toContain('The mirror’s history starts on 2025-11-17');
    expect(await page.locator('[data-past] tbody tr').count()).toBe(0);
    await page.locator('[data-notice] a').click();
    await page.waitForURL(`${base}${PAST}?asOf=2025-11-17`);
    await settled(page);
    expect(await page.locator('[data-notice]').isHidden()).toBe(true);
    // Early Bird was there the first day, recorded without vendor or tags: said so, and matched by no vendor.
    const bird = page.locator('[data-past] tbody tr', { hasText: 'Early Bird' });
    expect(await bird.locator('td.provider').textContent()).toBe('vendor unknown');
    await finish(context);
  });

  it('opens an address of the leaderboard with a day on the page that draws it, before anything is drawn', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, `/?asOf=${AFTER}&tag=agents`);
    expect(here(page)).toBe(`${PAST}?asOf=${AFTER}&tag=agents`);
    await expect.poll(() => rowNames(page)).toEqual(['Fresh One']);
    await finish(context);
  });

  it('lists what changed between two days: the models that came and went, the largest moves and the new tag leaders', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, `${PAST}?asOf=${AFTER}&since=${BEFORE}`);
    await expect.poll(() => page.locator('[data-range] h2').textContent()).toBe(`What changed from ${BEFORE} to ${AFTER}`);
    expect((await rangeList(page, 'Came')).map((t) => t.trim().split(/\s+model rank/)[0])).toEqual(['Fresh One']);
    expect((await rangeList(page, 'Went')).map((t) => t.trim().split(/\s+\(not on/)[0])).toEqual(['Plain Seven']);
    // Fresh One took the lead: those above Plain Seven moved down a place.
    expect(await rangeList(page, 'Largest moves down')).toEqual(expect.arrayContaining([expect.stringMatching(/Quillon 3\s*▼1\s*down 1\s*model rank 1 → 2/)]));
    expect(await page.locator('[data-range] h3', { hasText: 'New leaders of a tag' }).locator('+ ul').textContent()).toMatch(/agents\s*:\s*Fresh One/);
    // Each model links to its page (Plain Seven is not on today's leaderboard: no link).
    expect(await page.locator('[data-range] a', { hasText: 'Fresh One' }).first().getAttribute('href')).toBe('/models/fresh-1/');
    await finish(context);
  });

  it('marks the method change when a range crosses it, and lists no moves across it', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, `${PAST}?asOf=${BEFORE}&since=2026-09-01`);
    await expect.poll(() => page.locator('[data-range] .method-change').textContent()).toMatch(/method changed on 2026-09-17/);
    expect(await page.locator('[data-range] h3', { hasText: 'Largest moves' }).count()).toBe(0);
    // And a day before it, against today.
    const before = await open(context, `${PAST}?asOf=2026-09-01`);
    expect(await before.locator('[data-when] .method-change').count()).toBe(1);
    expect(await before.locator('[data-past] tbody .now .movement').count()).toBe(0);
    await finish(context);
  });

  it('makes each view a history entry that Back restores', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/');
    const steps: [string, string | null][] = [[here(page), await status(page)]];
    await page.fill('#lb-as-of', AFTER);
    await page.click('form.as-of button[type=submit]');
    await page.waitForURL(`${base}${PAST}?asOf=${AFTER}`);
    await settled(page);
    await expect.poll(() => status(page)).toMatch(/^Showing 1–\d+ of \d+ models$/);
    steps.push([here(page), await status(page)]);
    await page.selectOption('#past-tag', 'reasoning');
    await expect.poll(() => here(page)).toBe(`${PAST}?asOf=${AFTER}&tag=reasoning`);
    steps.push([here(page), await status(page)]);
    await page.fill('#past-since', BEFORE);
    await expect.poll(() => here(page)).toBe(`${PAST}?asOf=${AFTER}&since=${BEFORE}&tag=reasoning`);
    await expect.poll(() => page.locator('[data-range] h2').textContent()).toContain(BEFORE);
    await page.fill('#past-as-of', '2026-11-01');
    await expect.poll(() => here(page)).toBe(`${PAST}?asOf=2026-11-01&since=${BEFORE}&tag=reasoning`);
    steps.push([`${PAST}?asOf=${AFTER}&since=${BEFORE}&tag=reasoning`, null]);
    for (const [url, line] of steps.reverse()) {
      await page.goBack();
      await expect.poll(() => here(page)).toBe(url);
      if (line !== null) await expect.poll(() => status(page)).toBe(line);
      if (url.includes('since=')) await expect.poll(() => page.locator('[data-range] h2').textContent()).toBe(`What changed from ${BEFORE} to ${AFTER}`);
      else if (url.startsWith(PAST)) expect(await page.locator('[data-range]').isHidden()).toBe(true);
    }
    await finish(context);
  });

  it('draws a month’s end with JavaScript exactly as its static page reads without it', async ({ expect }) => {
    const day = '2026-06-30';
    const withJs = await newContext();
    const drawn = await open(withJs, `${PAST}?asOf=${day}`);
    const noJs = await newContext({ javaScriptEnabled: false });
    const plain = await open(noJs, `${PAST}${day}/`);
    expect(await markup(drawn, '[data-past] tbody')).toBe(await markup(plain, '[data-past] tbody'));
    expect(await markup(drawn, '[data-when]')).toBe(await markup(plain, '[data-when]'));
    expect(await status(drawn)).toBe(await status(plain));
    await finish(withJs, noJs);
  });

  it('reads the month-end pages without JavaScript, linked from the changes and about pages, each titled with its date', async ({ expect }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const pages = days.filter((d) => d.page).map((d) => `${PAST}${d.date}/`);
    for (const from of ['/changes/', '/about/']) {
      const page = await open(context, from);
      const linked = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(linked, from).toEqual(expect.arrayContaining(pages));
    }
    for (const path of pages) {
      const page = await open(context, path);
      const date = path.split('/').at(-2)!;
      expect(await page.title()).toBe(`The leaderboard on ${date} · Model Rankings Mirror`);
      expect(await page.locator('h1').textContent()).toBe(`The leaderboard as it stood on ${date}`);
      expect(await page.locator('[data-past] tbody tr').count()).toBeGreaterThan(5);
      expect(await page.locator('form.controls').isVisible()).toBe(false);
      await page.close();
    }
    // The page drawn from the query lists them where it cannot draw.
    const shell = await open(context, PAST);
    expect(await shell.locator('.note a[href^="/leaderboard/as-of/2"]').count()).toBe(pages.length);
    await finish(context);
  });

  const VIEWS = () => [
    `${PAST}?asOf=${BEFORE}`,
    `${PAST}?asOf=${AFTER}&since=${BEFORE}`,
    `${PAST}?asOf=2020-01-01`,
    `${PAST}2026-06-30/`,
    `${PAST}?asOf=2026-09-01&since=2026-06-30`,
  ];

  it.for<'light' | 'dark'>(['light', 'dark'])(
    'passes axe-core in the %s theme on a past day, a range and a month’s end',
    { timeout: 300_000 },
    async (colorScheme, { expect }) => {
      const context = await newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
      const failures: string[] = [];
      for (const path of VIEWS()) {
        const page = await open(context, path);
        const violations = await axeViolations(page, colorScheme);
        failures.push(...violations.map((v) => `${colorScheme} ${path}: ${v}`));
        await page.close();
      }
      expect(failures).toEqual([]);
      await finish(context);
    },
  );

  it.for([1280, 390])(
    'moves nothing on screen while the script loads and draws a past day, at %i px (layout shift under 0.05)',
    { timeout: 300_000 },
    async (width, { expect }) => {
      const context = await newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
      await countLayoutShifts(context);
      expect(await shiftedPages((path) => open(context, path), [...VIEWS(), `/?asOf=${AFTER}`, '/'], width)).toEqual([]);
      await finish(context);
    },
  );

  it.for([`${PAST}2026-06-30/`, `${PAST}?asOf=${AFTER}`, '/'])(
    'shows at least three ranked rows on a phone’s first screen (390 × 844), its controls folded behind one button: %s',
    async (path, { expect }) => {
      const context = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await open(context, path);
      await loaded(page);
      const whole = await page.evaluate(
        () => [...document.querySelectorAll('main tbody tr')].filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
      expect(whole, path).toBeGreaterThanOrEqual(3);
      expect(await page.locator('form.controls').isVisible()).toBe(false);
      await page.locator('details.fold > summary', { hasText: /filters/ }).click();
      expect(await page.locator('form.controls').isVisible()).toBe(true);
      await finish(context);
    },
  );

  it('fits a past day, a range and a month’s end in a 360 px screen', async ({ expect }) => {
    const context = await newContext({ viewport: { width: 360, height: 800 } });
    const wider: string[] = [];
    for (const path of VIEWS()) {
      const page = await open(context, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) wider.push(`${path} is ${overflow} px wider than the screen`);
      await page.close();
    }
    expect(wider).toEqual([]);
    await finish(context);
  });
});

describe('the pages of the history site', () => {
  it('pass html-validate with no error', async ({ expect }) => {
    const site = await sharedSite('history');
    const report = await validateSite(site.dist);
    expect(report.problems, `${report.errors} errors`).toEqual([]);
    expect(report.pages).toBeGreaterThan(20);
  }, 900_000);
});
