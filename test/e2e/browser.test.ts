/**
 * The built sample site in a real Chromium, served as a static host serves it: the leaderboard's
 * filters, sort, pages and Back with JavaScript and without, rows drawn by the script against the
 * static ones, a visitor's tasks (best model for a tag, a model and its configuration, a comparison,
 * a benchmark's results and their sources, what changed and why), the likely ranks (ranges and tie
 * marks on the leaderboard, a model's range and what it rests on, a comparison's verdicts, Holm's
 * correction over three models), console errors, axe-core accessibility, layout shift, and phones
 * (360 and 390 px). What changed is read on the hostile fixture, which
 * has history.
 */
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedSite } from '../helpers/shared-sites.ts';
import { axeViolations, chromiumAvailable, launchChromium, countLayoutShifts, shiftedPages } from '../helpers/browser.ts';
import { browserSession, here } from '../helpers/browser-session.ts';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';
import type { LeaderboardIndex } from '../../src/site/lists/leaderboard.ts';
import type { BenchmarkIndex, IndexBench } from '../../src/site/lists/benchmarks.ts';

const available = chromiumAvailable();
// Tests run at once, a few at a time; on two busy cores a script's answer can take seconds, so a polled expectation waits up to a minute, and a test the e2e project's five (hang guards, not speed bounds).
vi.setConfig({ maxConcurrency: 4, expect: { poll: { timeout: 60_000 } } });

let server: StaticServer;
/** The hostile fixture: three snapshots, so its configuration pages draw a history chart. */
let hostileServer: StaticServer;
let base: string;
/** The hostile fixture: three snapshots of history. */
let historyBase: string;
let browser: Browser;
let index: LeaderboardIndex;
let benchIndex: BenchmarkIndex;
let benchSlug: string;
/** The pre-rendered comparison of the first model with a neighbour. */
let pairPath: string;
/** The page of the first model whose rank rests on benchmarks it could lose ("What its rank rests on"). */
let restingPath: string;

const { newContext, finish, open } = browserSession(
  () => browser,
  () => base,
);

/** Runs `fn` on each item, at most `limit` at once. */
async function eachAtMost<T>(limit: number, items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const rowNames = (page: Page) => page.locator('tbody th.model-name > a').allTextContents();
const status = (page: Page) => page.locator('[data-status]').textContent();
const heading = (page: Page) => page.locator('h1').textContent();
const benchNames = (page: Page) => page.locator('tbody th > a').allTextContents();
/** The benchmarks in weight order, sorted by a column of the index (ties in weight order), as names. */
const benchesBy = (column: 1 | 5 | 7 | 8 | 9, dir: 1 | -1, keep: (b: IndexBench) => boolean = () => true) =>
  benchIndex.benchmarks
    .filter(keep)
    .sort((a, b) => dir * (column === 1 ? a[1].localeCompare(b[1], 'en') : (a[column] as number) - (b[column] as number)) || a[0] - b[0])
    .map((b) => b[1]);
/** Markup with the white space between tags removed: the server's compressed HTML and the DOM's own serialisation then compare. */
const markup = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.outerHTML.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim());

// The tests run at once, each in browser contexts of its own, in one browser.
describe.skipIf(!available)('the site in Chromium', { concurrent: true }, () => {
  beforeAll(async () => {
    // The bundled sample, built the way a fresh clone builds it.
    const site = await sharedSite('sample');
    server = await serveStatic({ dir: site.dist });
    hostileServer = await serveStatic({ dir: (await sharedSite('hostile')).dist });
    base = server.url.replace(/\/$/, '');
    historyBase = hostileServer.url.replace(/\/$/, '');
    browser = await launchChromium();
    index = (await (await fetch(`${base}/data/leaderboard.json`)).json()) as LeaderboardIndex;
    benchIndex = (await (await fetch(`${base}/data/benchmark-list.json`)).json()) as BenchmarkIndex;
    benchSlug = ((await (await fetch(`${base}/data/benchmarks.json`)).json()) as { benchmarks: { slug: string }[] }).benchmarks[0]!.slug;
    pairPath = /href="(\/compare\/[^"?]+-vs-[^"]+\/)"/.exec(await (await fetch(`${base}/models/${index.models[0]![10]}/`)).text())![1]!;
    for (const m of index.models) {
      const file = (await (await fetch(`${base}/data/models/${m[10]}.json`)).json()) as { restsOn?: unknown[] };
      if (!file.restsOn?.length) continue;
      restingPath = `/models/${m[10]}/`;
      break;
    }
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await hostileServer?.close();
  });

  it('says it shows sample data', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/');
    await expect(page.locator('.banner').textContent()).resolves.toContain('Sample data');
    await finish(context);
  });

  it('sorts by a column and keeps the sort in the URL', async ({ expect }) => {
    const context = await newContext();
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
    expect(here(page)).toBe('/?sort=score&dir=asc');
    await page.locator('th[data-sort="name"] button').click();
    await expect.poll(async () => (await rowNames(page))[0]).toBe([...index.models].map((m) => m[1]).sort((a, b) => a.localeCompare(b, 'en'))[0]);
    expect(await page.locator('th[aria-sort]').count()).toBe(1);
    await finish(context);
  });

  it('filters by tag, provider and text, and the URL state round-trips', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/');
    const tagId = index.models[0]![7][0]!;
    const tag = index.tags[tagId]!;
    const provider = index.providers[index.models[0]![4]]!;
    const expected = index.models.filter((m) => m[7].includes(tagId) && index.providers[m[4]] === provider);
    await page.selectOption('#lb-tag', tag);
    await page.selectOption('#lb-provider', provider);
    await expect.poll(() => status(page)).toContain(`of ${expected.length} model${expected.length === 1 ? '' : 's'} (filtered from ${index.models.length})`);
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
    const again = await open(context, here(page));
    await expect.poll(() => rowNames(again)).toEqual(found);
    expect(await again.inputValue('#lb-q')).toBe(word.toLowerCase());
    await page.click('button[type=reset]');
    await expect.poll(() => here(page)).toBe('/');
    await expect.poll(async () => (await rowNames(page)).length).toBe(100);
    await finish(context);
  });

  it('draws page 2 with JavaScript exactly as the static page 2 reads without it', async ({ expect }) => {
    const withJs = await newContext();
    const drawn = await open(withJs, '/?page=2');
    await expect.poll(() => here(drawn)).toBe('/leaderboard/2/');
    const noJs = await newContext({ javaScriptEnabled: false });
    const plain = await open(noJs, '/leaderboard/2/');
    expect(await markup(drawn, 'tbody')).toBe(await markup(plain, 'tbody'));
    expect(await markup(drawn, '[data-pager]')).toBe(await markup(plain, '[data-pager]'));
    expect([await heading(drawn), await status(drawn), await drawn.title()]).toEqual([await heading(plain), await status(plain), await plain.title()]);
    await finish(withJs);
    await finish(noJs);
  });

  it('starts a new sort of a later page at page 1, with the heading, the "showing" line and the URL agreeing', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/leaderboard/2/');
    await page.locator('th[data-sort="name"] button').click();
    await expect.poll(() => here(page)).toBe('/?sort=name&dir=asc');
    expect([await heading(page), await status(page)]).toEqual(['Who is best overall', `Showing 1–100 of ${index.models.length} models`]);
    const rows = await rowNames(page);
    const reopened = await open(context, here(page));
    expect(await rowNames(reopened)).toEqual(rows);
    await finish(context);
  });

  it('reopens a shared URL of a sorted, filtered later page on the same rows', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/');
    await page.locator('th[data-sort="name"] button').click();
    await page.locator('th[data-sort="name"] button').click();
    await expect.poll(() => here(page)).toBe('/?sort=name&dir=desc');
    await page.locator('[data-pager] a[rel=next]').click();
    await expect.poll(() => here(page)).toBe('/?sort=name&dir=desc&page=2');
    expect([await heading(page), await status(page)]).toEqual([
      'Leaderboard, page 2 of 2',
      `Showing 101–${index.models.length} of ${index.models.length} models`,
    ]);
    const rows = await rowNames(page);
    const shared = await open(await newContext(), here(page));
    expect(await rowNames(shared)).toEqual(rows);
    expect(await heading(shared)).toBe('Leaderboard, page 2 of 2');
    await finish(shared.context());
    await finish(context);
  });

  it('makes each change a history entry that Back undoes', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/');
    const provider = index.providers[0]!;
    const steps: [string, string | null, string][] = [];
    const record = async () => steps.push([here(page), await status(page), (await rowNames(page))[0]!]);
    await record();
    await page.locator('[data-pager] a', { hasText: '2' }).click();
    await expect.poll(() => here(page)).toBe('/leaderboard/2/');
    await record();
    await page.locator('th[data-sort="name"] button').click();
    await expect.poll(() => here(page)).toBe('/?sort=name&dir=asc');
    await record();
    await page.selectOption('#lb-provider', provider);
    await expect.poll(() => here(page)).toBe(`/?provider=${encodeURIComponent(provider).replace(/%20/g, '+')}&sort=name&dir=asc`);
    for (const [url, line, first] of steps.reverse()) {
      await page.goBack();
      await expect.poll(() => here(page)).toBe(url);
      await expect.poll(() => status(page)).toBe(line);
      expect((await rowNames(page))[0]).toBe(first);
      expect(await page.inputValue('#lb-provider')).toBe('');
    }
    await finish(context);
  });

  it('pages with real links that say where they go', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/?sort=name&dir=desc&page=2');
    await expect.poll(() => status(page)).toBe(`Showing 101–${index.models.length} of ${index.models.length} models`);
    const first = page.locator('[data-pager] a', { hasText: '1' });
    expect(await first.getAttribute('href')).toBe('/?sort=name&dir=desc');
    await first.click();
    await expect.poll(() => status(page)).toBe(`Showing 1–100 of ${index.models.length} models`);
    expect(here(page)).toBe('/?sort=name&dir=desc');
    await finish(context);
  });

  it('shows a tag that the lists do not hold as an active filter, and removes it', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/?tag=retired-tag');
    expect(await status(page)).toBe('No model matches these filters.');
    expect(await page.inputValue('#lb-tag')).toBe('retired-tag');
    const chip = page.locator('[data-chips] li');
    expect(await chip.textContent()).toContain('Tag: retired-tag (not in this snapshot)');
    await chip.getByRole('button', { name: 'Remove the filter Tag: retired-tag (not in this snapshot)' }).click();
    await expect.poll(() => here(page)).toBe('/');
    expect(await rowNames(page)).toHaveLength(100);
    expect(await page.locator('[data-chips]').isHidden()).toBe(true);
    await finish(context);
  });

  it('finds models by their tags: “coding” finds those tagged code-something', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/?q=coding');
    const codeTags = new Set(index.tags.flatMap((t, i) => (t.split('-').some((w) => w.startsWith('cod')) ? [i] : [])));
    const expected = index.models.filter((m) => m[7].some((t) => codeTags.has(t))).map((m) => m[1]);
    expect(expected.length).toBeGreaterThan(0);
    expect(await rowNames(page)).toEqual(expected);
    await finish(context);
  });

  it('reaches a configuration page by a click', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/');
    const row = page.locator('tbody tr', { has: page.locator('details.configs') }).first();
    await row.locator('summary').click();
    const link = row.locator('details a').nth(1);
    const name = await link.textContent();
    await link.click();
    await page.waitForURL(/\/configurations\/[^/]+\/$/);
    expect(await page.locator('h1').textContent()).toBe(name);
    await finish(context);
  });

  it('reads the whole ranking without JavaScript, page by page, and Back returns', async ({ expect }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await open(context, '/');
    expect(await page.locator('form.controls').isVisible()).toBe(false);
    expect(await rowNames(page)).toHaveLength(100);
    await page.locator('[data-pager] a', { hasText: 'Next' }).click();
    await page.waitForURL(/\/leaderboard\/2\/$/);
    expect(await rowNames(page)).toEqual(index.models.slice(100).map((m) => m[1]));
    await page.goBack();
    await page.waitForURL(`${base}/`);
    expect(await rowNames(page)).toEqual(index.models.slice(0, 100).map((m) => m[1]));
    await finish(context);
  });

  it('opens a path without its trailing slash, and the old addresses of page 1, as a static host does', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/about');
    expect(here(page)).toBe('/about/');
    for (const old of ['/leaderboard/', '/leaderboard/1/', '/leaderboard']) {
      await page.goto(base + old);
      await page.waitForURL(`${base}/`);
      expect(await heading(page), old).toBe('Who is best overall');
    }
    await finish(context);
  });

  it('sorts the benchmarks list by a column, either way, and keeps the sort in the URL', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/benchmarks/');
    const quality = page.locator('th[data-sort="quality"] button');
    await quality.click();
    await expect.poll(() => here(page)).toBe('/benchmarks/?sort=quality&dir=desc');
    expect(await benchNames(page)).toEqual(benchesBy(7, -1));
    expect(await page.locator('th[data-sort="quality"]').getAttribute('aria-sort')).toBe('descending');
    await quality.click();
    await expect.poll(() => here(page)).toBe('/benchmarks/?sort=quality&dir=asc');
    expect(await benchNames(page)).toEqual(benchesBy(7, 1));
    await page.locator('th[data-sort="name"] button').click();
    await expect.poll(() => here(page)).toBe('/benchmarks/?sort=name&dir=asc');
    expect(await benchNames(page)).toEqual(benchesBy(1, 1));
    expect([await page.locator('th[aria-sort]').count(), await page.locator('caption').textContent()]).toEqual([1, 'Benchmarks sorted by name, A to Z']);
    await finish(context);
  });

  it('filters the benchmarks list to official sources and a tag, the rows, the "showing" line and the active filters agreeing', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/benchmarks/');
    const official = benchIndex.benchmarks.filter((b) => b[4]);
    const tagId = official.find((b) => b[10].length)![10][0]!;
    const tag = benchIndex.tags[tagId]!;
    const expected = benchesBy(5, -1, (b) => b[4] && b[10].includes(tagId));
    await page.check('#bl-official');
    await expect.poll(() => benchNames(page)).toEqual(benchesBy(5, -1, (b) => b[4]));
    await page.selectOption('#bl-tag', tag);
    await expect.poll(() => benchNames(page)).toEqual(expected);
    const total = benchIndex.benchmarks.length;
    expect(await status(page)).toBe(`Showing 1–${expected.length} of ${expected.length} benchmark${expected.length === 1 ? '' : 's'} (filtered from ${total})`);
    expect(await page.locator('tbody th .official').count()).toBe(expected.length);
    expect(here(page)).toBe(`/benchmarks/?official=1&tag=${tag}`);
    expect(await page.locator('[data-chips] li span').allTextContents()).toEqual(['Official sources only', `Tag: ${tag}`]);
    await page.getByRole('button', { name: 'Remove the filter Official sources only' }).click();
    await expect.poll(() => here(page)).toBe(`/benchmarks/?tag=${tag}`);
    expect([await page.isChecked('#bl-official'), await benchNames(page)]).toEqual([false, benchesBy(5, -1, (b) => b[10].includes(tagId))]);
    await finish(context);
  });

  it('finds benchmarks by their tags: “coding” finds those tagged code-something', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/benchmarks/');
    await page.fill('#bl-q', 'coding');
    await expect.poll(() => here(page)).toBe('/benchmarks/?q=coding');
    const codeTags = new Set(benchIndex.tags.flatMap((t, i) => (t.split('-').some((w) => w.startsWith('cod')) ? [i] : [])));
    const expected = benchesBy(5, -1, (b) => b[10].some((t) => codeTags.has(t)));
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => benchNames(page)).toEqual(expected);
    await finish(context);
  });

  it.for<[string, () => string]>([
    ['sample', () => base],
    ['hostile', () => historyBase],
  ])('draws the rows of a sorted view of the %s benchmarks from the same markup as the static rows', async ([, origin], { expect }) => {
    const withJs = await newContext();
    const drawn = await open(withJs, '/benchmarks/?sort=name&dir=asc', origin());
    const noJs = await newContext({ javaScriptEnabled: false });
    const plain = await open(noJs, '/benchmarks/', origin());
    const rows = (page: Page) =>
      page
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector('th a')!.textContent!, tr.outerHTML.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim()] as const),
        );
    const byName = (await rows(plain)).sort((a, b) => a[0].localeCompare(b[0], 'en'));
    expect(await rows(drawn)).toEqual(byName);
    await finish(withJs);
    await finish(noJs);
  });

  it('draws page 2 of a longer benchmarks list with JavaScript exactly as the static page 2 reads without it', async ({ expect }) => {
    const large = await serveStatic({ dir: (await sharedSite('large')).dist });
    const origin = large.url.replace(/\/$/, '');
    try {
      const withJs = await newContext();
      const drawn = await open(withJs, '/benchmarks/?page=2', origin);
      await expect.poll(() => here(drawn)).toBe('/benchmarks/page/2/');
      const noJs = await newContext({ javaScriptEnabled: false });
      const plain = await open(noJs, '/benchmarks/page/2/', origin);
      expect(await markup(drawn, 'tbody')).toBe(await markup(plain, 'tbody'));
      expect(await markup(drawn, '[data-pager]')).toBe(await markup(plain, '[data-pager]'));
      expect([await heading(drawn), await status(drawn), await drawn.title()]).toEqual([await heading(plain), await status(plain), await plain.title()]);
      await finish(withJs);
      await finish(noJs);
    } finally {
      await large.close();
    }
  }, 600_000);

  it('makes each change of the benchmarks list a history entry that Back undoes', async ({ expect }) => {
    const context = await newContext();
    const page = await open(context, '/benchmarks/');
    const steps: [string, string | null, string, boolean][] = [];
    const record = async () => steps.push([here(page), await status(page), (await benchNames(page))[0]!, await page.isChecked('#bl-official')]);
    await record();
    await page.locator('th[data-sort="raters"] button').click();
    await expect.poll(() => here(page)).toBe('/benchmarks/?sort=raters&dir=desc');
    await record();
    await page.check('#bl-official');
    await expect.poll(() => here(page)).toBe('/benchmarks/?official=1&sort=raters&dir=desc');
    await record();
    await page.selectOption('#bl-tag', benchIndex.tags[benchIndex.benchmarks.find((b) => b[4] && b[10].length)![10][0]!]!);
    await expect.poll(() => new URL(page.url()).searchParams.has('tag')).toBe(true);
    for (const [url, line, first, checked] of steps.reverse()) {
      await page.goBack();
      await expect.poll(() => here(page)).toBe(url);
      await expect.poll(() => status(page)).toBe(line);
      expect([(await benchNames(page))[0], await page.isChecked('#bl-official'), await page.inputValue('#bl-tag')]).toEqual([first, checked, '']);
    }
    await finish(context);
  });

  it('lists every benchmark by weight without JavaScript, whatever filters the URL names', async ({ expect }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await open(context, '/benchmarks/?official=1&tag=retired-tag&sort=name&dir=asc&q=x');
    expect(await page.locator('form.controls').isVisible()).toBe(false);
    expect(await benchNames(page)).toEqual(benchesBy(5, -1));
    expect(await status(page)).toBe(`Showing 1–${benchIndex.benchmarks.length} of ${benchIndex.benchmarks.length} benchmarks`);
    await finish(context);
  });

  /** The benchmarks in weight order with a verdict, sorted by agreement (a benchmark compared with none last) or by weight, as names. */
  const benchesByAgreement = (keep: (b: IndexBench) => boolean = () => true) =>
    benchIndex.benchmarks
      .filter(keep)
      .sort((a, b) => (b[14] ?? -2) - (a[14] ?? -2) || a[0] - b[0])
      .map((b) => b[1]);
  const separates = (b: IndexBench) => b[11] === 'separates';

  it('filters the benchmarks list to those that still separate the leaders and sorts it by agreement through its controls, each a view Back undoes', async ({
    expect,
  }) => {
    const context = await newContext();
    const page = await open(context, '/benchmarks/');
    await page.selectOption('#bl-verdict', 'separates');
    // The view a pre-rendered view shows is written as its address.
    await expect.poll(() => here(page)).toBe('/benchmarks/view/separates/');
    await expect.poll(() => benchNames(page)).toEqual(benchesBy(5, -1, separates));
    expect(await heading(page)).toBe('Benchmarks that still separate the leaders');
    expect(await page.locator('[data-chips] li span').allTextContents()).toEqual(['Leaders: separates']);
    expect(new Set(await page.locator('tbody td.verdict-cell .verdict').allTextContents())).toEqual(new Set(['separates']));
    await page.locator('th[data-sort="agreement"] button').click();
    await expect.poll(() => here(page)).toBe('/benchmarks/?verdict=separates&sort=agreement&dir=desc');
    await expect.poll(() => benchNames(page)).toEqual(benchesByAgreement(separates));
    await page.goBack();
    await expect.poll(() => here(page)).toBe('/benchmarks/view/separates/');
    await expect.poll(() => benchNames(page)).toEqual(benchesBy(5, -1, separates));
    await finish(context);
  });

  it('offers the list filtered to those that still separate the leaders, and sorted by verdict and by agreement, as pages that read without JavaScript', async ({
    expect,
  }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const list = await open(context, '/benchmarks/');
    const views = await list.locator('.views a[href^="/benchmarks/view/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(views).toEqual(['/benchmarks/view/separates/', '/benchmarks/view/by-verdict/', '/benchmarks/view/by-agreement/']);
    const separating = await open(context, '/benchmarks/view/separates/');
    expect(await benchNames(separating)).toEqual(benchesBy(5, -1, separates));
    const n = benchIndex.benchmarks.filter(separates).length;
    expect(await status(separating)).toBe(`Showing 1–${n} of ${n} benchmarks (filtered from ${benchIndex.benchmarks.length})`);
    const byAgreement = await open(context, '/benchmarks/view/by-agreement/');
    expect(await benchNames(byAgreement)).toEqual(benchesByAgreement());
    expect(await byAgreement.locator('th[data-sort="agreement"]').getAttribute('aria-sort')).toBe('descending');
    const byVerdict = await open(context, '/benchmarks/view/by-verdict/');
    const verdicts = await byVerdict.locator('tbody td.verdict-cell .verdict').allTextContents();
    expect(verdicts).toEqual(verdicts.toSorted((a, b) => ['separates', 'saturated', 'too few'].indexOf(a) - ['separates', 'saturated', 'too few'].indexOf(b)));
    await finish(context);
  });

  it('draws a benchmark’s best score over time as a step chart with a dot per new best, and reads its text alternative without JavaScript', async ({
    expect,
  }) => {
    const file = (await (await fetch(`${base}/data/benchmarks.json`)).json()) as { benchmarks: { slug: string; stateOfTheArt: { score: number }[] }[] };
    const steps = file.benchmarks.find((b) => b.slug === benchSlug)!.stateOfTheArt;
    expect(steps.length).toBeGreaterThan(1);
    for (const javaScriptEnabled of [true, false]) {
      const context = await newContext({ javaScriptEnabled });
      const page = await open(context, `/benchmarks/${benchSlug}/`);
      const chart = page.locator('figure.stepchart');
      const box = await chart.locator('svg path.line:not(.dots)').boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      expect(box!.height).toBeGreaterThan(10);
      expect((await chart.locator('svg path.dots').getAttribute('d'))!.match(/M/g)).toHaveLength(steps.length);
      expect(await chart.locator('ol.steps li').count()).toBe(Math.min(10, steps.length));
      // The figure's caption is its text alternative: the first and latest best, in words.
      const caption = await chart.locator('figcaption').textContent();
      expect(caption).toMatch(
        new RegExp(
          `^The best counting normalized score here, a step at each of its ${steps.length} new bests: first ${steps[0]!.score.toFixed(1)} by .+, accessed \\d{4}-\\d{2}-\\d{2}; the latest ${steps.at(-1)!.score.toFixed(1)} by .+, accessed \\d{4}-\\d{2}-\\d{2}\\.$`,
        ),
      );
      expect(await chart.locator('svg').getAttribute('aria-hidden')).toBe('true');
      expect(await page.locator('[data-verdict]').isVisible()).toBe(true);
      await finish(context);
    }
  });

  /** Every page type of the sample site, and two views the script draws. */
  const pages = () => [
    '/',
    '/leaderboard/2/',
    '/benchmarks/',
    `/benchmarks/${benchSlug}/`,
    '/tags/',
    `/tags/${index.tags[0]}/`,
    `/models/${index.models[0]![10]}/`,
    `/configurations/${index.models[0]![8][0]![3]}/`,
    '/changes/',
    '/compare/',
    '/about/',
    '/data/',
    '/404.html',
  ];
  const DRAWN = [
    '/?page=2',
    '/?tag=retired-tag&sort=name&dir=desc&q=x',
    '/benchmarks/?official=1&tag=retired-tag&sort=name&dir=desc&q=x',
    '/benchmarks/?sort=quality&dir=asc',
  ];
  /** Lists whose key column (the score, the weight) must never leave the screen. */
  const KEY_COLUMN_PAGES = ['/', '/leaderboard/2/', '/benchmarks/'];

  /** The first tag a model carries with measured models, as a visitor would pick one. */
  async function tagWithBoth(page: Page): Promise<string> {
    for (const href of await page.locator('main tbody th a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      const html = await (await fetch(base + href)).text();
      if (html.includes('Among these') && html.includes('Measured rank')) return href;
    }
    throw new Error('no tag with both rankings');
  }

  it.for([true, false])('finds the best model for a tag and its measured capability (JavaScript %s)', async (javaScriptEnabled, { expect }) => {
    const context = await newContext({ javaScriptEnabled });
    const page = await open(context, '/tags/');
    const href = await tagWithBoth(page);
    await page.locator(`main a[href="${href}"]`).click();
    await page.waitForURL(base + href);
    const best = page.locator('#carrying ~ .table-wrap tbody tr').first();
    expect((await best.locator('td').first().textContent())!.trim()).toMatch(/^=?1$/);
    const measured = page.locator('#measured ~ .table-wrap tbody tr').first();
    expect((await measured.locator('td').first().textContent())!.trim()).toMatch(/^=?1$/);
    expect((await measured.locator('td').nth(2).textContent())!.trim()).toMatch(/^\d+%/);
    expect(await page.locator('#measured + p').textContent()).toContain('not an API score');
    await finish(context);
  });

  it.for([true, false])("opens a model's page and one of its configurations (JavaScript %s)", async (javaScriptEnabled, { expect }) => {
    const context = await newContext({ javaScriptEnabled });
    const page = await open(context, '/');
    const model = index.models.slice(0, 100).find((m) => m[8].length > 1)!;
    await page.locator(`th.model-name > a[href="/models/${model[10]}/"]`).click();
    await page.waitForURL(`${base}/models/${model[10]}/`);
    expect(await page.locator('h1').textContent()).toBe(model[1]);
    expect(await page.locator('#configurations + .table-wrap tbody tr').count()).toBe(model[8].length);
    const second = model[8][1]!;
    await page.locator(`#configurations + .table-wrap a[href="/configurations/${second[3]}/"]`).click();
    await page.waitForURL(`${base}/configurations/${second[3]}/`);
    expect(await page.locator('h1').textContent()).toBe(second[1]);
    expect(await page.locator('.breadcrumb a').allTextContents()).toEqual(['Leaderboard', model[1]]);
    await finish(context);
  });

  it.for([true, false])(
    'shows the likely ranks in the same words on the leaderboard (ranges and tie marks), a model’s page (its range and what it rests on) and a comparison (the verdict), with the method a link away (JavaScript %s)',
    async (javaScriptEnabled, { expect }) => {
      // The sample's supraScore is computed from the scores it carries (src/dev/sample/), so the gate shows the ranges
      // (test/system/evidence.test.ts withholds them on a field whose supraScore is unrelated to its scores).
      const formatLikely = ([low, high]: [number, number]) => (low === high ? String(low) : `${low}–${high}`);
      const shown = index.models.slice(0, 100);
      const context = await newContext({ javaScriptEnabled });
      const page = await open(context, '/');
      const legend = page.locator('p.legend', { hasText: 'likely range' });
      const sentence = (await legend.textContent())!.replace(/\s+/g, ' ').trim();
      expect(sentence).toBe(
        'In grey under each rank, its likely range: meant to hold, 9 times in 10, the model rank it would have with every benchmark scored. ' +
          '≈ marks a model the evidence cannot tell from the one ranked just above it, with the whole table at once. ' +
          'Both are the mirror’s computation, not the API’s, checked on simulated fields.',
      );
      expect(sentence).not.toContain('no likely ranges');
      expect(await legend.locator('a').first().getAttribute('href')).toBe('/about/#evidence-ranges');
      const ranged = shown.filter((m) => m[13] !== null);
      expect(ranged.length).toBeGreaterThan(50);
      expect(await page.locator('tbody .rank .likely').allTextContents()).toEqual(ranged.map((m) => `likely model rank ${formatLikely(m[13]!)}`));
      const tied = shown.filter((m) => m[14] === 1).length;
      expect(tied).toBeGreaterThan(0);
      expect(await page.locator('tbody .rank .tied').count()).toBe(tied);
      const mark = page.locator('tbody .rank .tied').first();
      expect(await mark.getAttribute('title')).toBe('The evidence cannot tell it from the model ranked just above it');
      expect(await mark.locator('.visually-hidden').textContent()).toBe('tied with the model above');
      if (javaScriptEnabled) {
        // Rows the script draws carry the same ranges and marks, by the index.
        await page.locator('th[data-sort="name"] button').click();
        const byName = [...index.models].sort((x, y) => x[1].localeCompare(y[1], 'en') || x[0] - y[0]).slice(0, 100);
        await expect.poll(() => page.locator('tbody tr').first().locator('th.model-name > a').textContent()).toBe(byName[0]![1]);
        expect(await page.locator('tbody .rank .likely').allTextContents()).toEqual(
          byName.filter((m) => m[13] !== null).map((m) => `likely model rank ${formatLikely(m[13]!)}`),
        );
        expect(await page.locator('tbody .rank .tied').count()).toBe(byName.filter((m) => m[14] === 1).length);
      }

      // A model whose rank rests on benchmarks it could lose: its range in its figures and words, and the table of them.
      const modelPage = await open(context, restingPath);
      const resting = index.models.find((m) => restingPath === `/models/${m[10]}/`)!;
      const range = formatLikely(resting[13]!);
      expect((await modelPage.locator('dl.figures div', { hasText: 'Likely model rank' }).textContent())!.replace(/\s+/g, ' ')).toContain(
        `Likely model rank ${range}`,
      );
      expect((await modelPage.locator('p.evidence').textContent())!.replace(/\s+/g, ' ').trim()).toMatch(
        new RegExp(
          `^Likely model rank ${range}: meant to hold, 9 times in 10, the model rank it would have with every benchmark scored\\. With the whole table at once it ranks `,
        ),
      );
      expect(await modelPage.locator('#rests-on').textContent()).toBe('What its rank rests on');
      const file = (await (await fetch(`${base}/data/models/${resting[10]}.json`)).json()) as { restsOn: { benchName: string; modelRank: number }[] };
      expect(await modelPage.locator('#rests-on + p + section tbody th').allTextContents()).toEqual(file.restsOn.map((r) => r.benchName));
      expect((await modelPage.locator('#rests-on + p + section tbody td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(
        file.restsOn.map((r) => `${r.modelRank} ${r.modelRank < resting[0] ? 'up' : 'down'} from ${resting[0]}`),
      );
      await modelPage.locator('p.evidence a').click();
      await modelPage.waitForURL(`${base}/about/#evidence`);
      expect(await modelPage.locator('#evidence-agreement + dl').textContent()).toMatch(/Rank correlation\s*0\.9\d/);

      // The pre-rendered comparison of the first model with its neighbour: the resamples' verdict, one test on the page.
      const compare = await open(context, pairPath);
      await expect
        .poll(async () => (await compare.locator('#gap + ul').textContent())!.replace(/\s+/g, ' '))
        .toMatch(/The evidence (separates them|does not separate them): .+? \(a one-sided test at 5 ?%\)\./);
      expect(await compare.locator('#gap + ul').textContent()).not.toContain('Holm');
      expect(await compare.locator('#gap ~ p.meta a').getAttribute('href')).toBe('/about/#evidence');
      await finish(context);
    },
  );

  it('gives a comparison of three models the Holm-corrected verdicts: a neighbour not separated, a model far below separated', async ({ expect }) => {
    const context = await newContext();
    const ranged = index.models.filter((m) => m[13] !== null);
    const [a, b] = ranged;
    // Far enough below that no likely range reaches it: the evidence separates them even over two comparisons.
    const far = ranged.find((m) => m[13]![0] > a![13]![1] + 20)!;
    const page = await open(context, `/compare/?models=${a![10]},${b![10]},${far[10]}`);
    const standing = page.locator('#standing + .table-wrap tbody th > a');
    await expect.poll(() => standing.allTextContents()).toEqual([a![1], b![1], far[1]]);
    const gap = (await page.locator('#gap + ul').textContent())!.replace(/\s+/g, ' ');
    const holm = 'a one-sided test at 5%, with Holm’s correction over the 2 comparisons on this page';
    expect(gap).toContain(`The evidence does not separate them: other draws of the benchmarks could put ${b![1]} above ${a![1]} (${holm}).`);
    expect(gap).toContain(`The evidence separates them: ${a![1]} is above ${far[1]} by more than other draws of the benchmarks would move them (${holm}).`);
    await finish(context);
  });

  it('compares two models with JavaScript, adds a third, and goes back', async ({ expect }) => {
    const context = await newContext();
    const [a, b, c] = index.models;
    const page = await open(context, `/compare/?models=${a![10]},${b![10]}`);
    const standing = page.locator('#standing + .table-wrap tbody th > a');
    await expect.poll(() => standing.allTextContents()).toEqual([a![1], b![1]]);
    expect(await page.locator('#gap + ul').textContent()).toMatch(/The evidence (separates them|does not separate them)/);
    // The pre-rendered comparison's parts: one supraScore chart, the model ranks in its caption.
    expect(await page.locator('.linechart figcaption').textContent()).toContain(`${a![1]}: model rank`);
    const shared = page.locator('#shared ~ .table-wrap tbody tr');
    if ((await shared.count()) > 0) expect(await shared.first().locator('td a[rel~="external"]').count()).toBe(2);
    await page.fill('#compare-model', c![1]);
    await page.click('[data-compare-tool] button[type=submit]');
    await expect.poll(() => standing.allTextContents()).toEqual([a![1], b![1], c![1]]);
    expect(new URL(page.url()).searchParams.get('models')).toBe(`${a![10]},${b![10]},${c![10]}`);
    await page.goBack();
    await expect.poll(() => standing.allTextContents()).toEqual([a![1], b![1]]);
    await finish(context);
  });

  it('compares a model with its neighbour without JavaScript', async ({ expect }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const [a, b] = index.models;
    const page = await open(context, `/models/${b![10]}/`);
    await page.locator('#compare + ul a', { hasText: a![1] }).first().click();
    await page.waitForURL(/\/compare\/[^/?]+-vs-[^/?]+\/$/);
    expect(await page.locator('#standing + .table-wrap tbody th > a').allTextContents()).toEqual([a![1], b![1]]);
    expect(await page.locator('#gap + ul').textContent()).toMatch(/The evidence (separates them|does not separate them)/);
    const compare = await open(context, '/compare/');
    expect(await compare.locator('[data-compare-tool]').isVisible()).toBe(false);
    expect(await compare.locator('#without-js').isVisible()).toBe(true);
    await finish(context);
  });

  it.for([true, false])('opens a benchmark, reads its results and follows a score to its source (JavaScript %s)', async (javaScriptEnabled, { expect }) => {
    const context = await newContext({ javaScriptEnabled });
    // The sources are third-party sites: the browser gets a stand-in page instead of the network.
    await context.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>source</title><p>the source</p>' }),
    );
    const page = await open(context, '/benchmarks/');
    await page.locator('main tbody th a').first().click();
    await page.waitForURL(/\/benchmarks\/[^/]+\/$/);
    const rows = page.locator('#results ~ .table-wrap tbody tr:not(.group)');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await page.locator('#results + .note').textContent()).toMatch(/per-benchmark scores for \d+ of \d+ configurations/);
    const source = rows.first().locator('a[rel~="external"]');
    const href = (await source.getAttribute('href'))!;
    expect(href).toMatch(/^https?:\/\//);
    await source.click();
    await page.waitForURL(href);
    expect(await page.locator('p').textContent()).toBe('the source');
    await finish(context);
  });

  it.for([true, false])('reads what changed since the last snapshot and why (JavaScript %s)', async (javaScriptEnabled, { expect }) => {
    const context = await newContext({ javaScriptEnabled });
    const page = await open(context, '/', historyBase);
    await page.locator('.site-nav a', { hasText: 'Changes' }).click();
    await page.waitForURL(`${historyBase}/changes/`);
    const latest = page.locator('.snapshot-entry').first();
    expect(await latest.getAttribute('id')).toMatch(/^snapshot-\d+$/);
    const up = latest.locator('h3', { hasText: 'Models up' }).locator('+ ul > li').first();
    expect(await up.textContent()).toMatch(/model rank \d+ → \d+/);
    expect((await up.locator('.why').first().textContent())!.trim()).toMatch(/^Why: /);
    await up.locator('a').first().click();
    await page.waitForURL(/\/models\/[^/]+\/$/);
    expect(await page.locator('#recent ~ .table-wrap tbody > tr').count()).toBeGreaterThan(0);
    await finish(context);
  });

  /** Each page type once, where its fixture shows most of it (history: the hostile fixture), and the views the scripts draw. */
  const pageTypes = (): (readonly [origin: string, path: string])[] => [
    ...[
      '/',
      '/?tag=retired-tag&sort=name&dir=desc&q=x',
      '/benchmarks/',
      '/benchmarks/?official=1&tag=retired-tag&sort=name&dir=desc&q=x',
      '/benchmarks/view/separates/',
      '/benchmarks/?verdict=saturated&sort=agreement&dir=desc',
      `/benchmarks/${benchSlug}/`,
      '/tags/',
      `/tags/${index.tags[0]}/`,
      '/compare/',
      `/compare/?models=${index.models[0]![10]},${index.models[1]![10]}`,
      pairPath,
      '/about/',
      '/data/',
      '/404.html',
      // A model and a configuration with a likely rank and an evidence score (the hostile fixture's too few to show them),
      // and a model whose rank rests on benchmarks it could lose.
      `/models/${index.models[0]![10]}/`,
      restingPath,
      `/configurations/${index.models[0]![8][0]![3]}/`,
      // The vendor of the best model: its page lists its models with the leaderboard's rows.
      `/providers/${index.providerSegments[index.models[0]![4]]}/`,
    ].map((p) => [base, p] as const),
    ...['/changes/', '/models/quillon-3/', '/configurations/quillon-3-high/'].map((p) => [historyBase, p] as const),
  ];
  /** Pages open at once in one test: with the other tests running beside it, enough to keep two cores busy. */
  const AT_ONCE = 2;

  it.for<'light' | 'dark'>(['light', 'dark'])(
    'passes axe-core (WCAG 2.2 A and AA, and best practices) in the %s theme, on each page type and the views the scripts draw',
    { timeout: 300_000 },
    async (colorScheme, { expect }) => {
      const context = await newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
      const failures: string[] = [];
      await eachAtMost(AT_ONCE, pageTypes(), async ([origin, path]) => {
        const page = await open(context, path, origin);
        const violations = await axeViolations(page, colorScheme);
        failures.push(...violations.map((v) => `${colorScheme} ${path}: ${v}`));
        await page.close();
      });
      expect(failures).toEqual([]);
      await finish(context);
    },
  );

  it('fits every page type and drawn view in a 360 px screen', async ({ expect }) => {
    const context = await newContext({ viewport: { width: 360, height: 800 } });
    const wider: string[] = [];
    await eachAtMost(AT_ONCE, [...pageTypes(), ...DRAWN.map((p) => [base, p] as const)], async ([origin, path]) => {
      const page = await open(context, path, origin);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) wider.push(`${path} is ${overflow} px wider than the screen`);
      await page.close();
    });
    expect(wider).toEqual([]);
    await finish(context);
  }, 300_000);

  it.for([360, 390])(
    'keeps each table’s key column in view at %i px, or shows that the table scrolls and keeps its row header',
    { timeout: 300_000 },
    async (width, { expect }) => {
      const context = await newContext({ viewport: { width, height: 800 } });
      await eachAtMost(AT_ONCE, pages(), async (path) => {
        const page = await open(context, path);
        const tables = await page.locator('.table-wrap').evaluateAll((wraps) =>
          wraps.map((wrap) => {
            const box = wrap.getBoundingClientRect();
            const header = wrap.querySelector('tbody th[scope="row"]');
            return {
              scrolls: wrap.scrollWidth > wrap.clientWidth,
              sticky: header ? getComputedStyle(header).position === 'sticky' : false,
              shaded: getComputedStyle(wrap).backgroundImage.includes('radial-gradient'),
              // The columns a visitor came for: the score on the leaderboard, the weight on the benchmarks list.
              keyVisible: [...wrap.querySelectorAll('thead th')]
                .filter((th) => /^(supraScore|Weight)/.test(th.textContent?.trim() ?? ''))
                .every((th) => th.getBoundingClientRect().right <= box.right + 0.5),
            };
          }),
        );
        for (const t of tables) {
          if (KEY_COLUMN_PAGES.includes(path)) expect(t.keyVisible, `${path} at ${width} px`).toBe(true);
          if (t.scrolls) expect([t.sticky, t.shaded], `${path} at ${width} px scrolls`).toEqual([true, true]);
        }
        await page.close();
      });
      await finish(context);
    },
  );

  it.for([360, 390])('draws chart text at least 12 px tall at %i px', { timeout: 60_000 }, async (width, { expect }) => {
    const context = await newContext({ viewport: { width, height: 800 } });
    // Charts need history: the hostile fixture has three snapshots. Their labels are HTML beside the drawing.
    for (const path of ['/configurations/quillon-3-high/', '/models/quillon-3/']) {
      const page = await open(context, path, historyBase);
      const sizes = await page
        .locator('.linechart .yaxis li, .linechart .xaxis span')
        .evaluateAll((labels) => labels.map((l) => parseFloat(getComputedStyle(l).fontSize)));
      expect(sizes.length, path).toBeGreaterThan(0);
      expect(Math.min(...sizes), path).toBeGreaterThanOrEqual(12);
    }
    await finish(context);
  });

  it('makes every control and link outside a sentence a tap target of at least 24 × 24 px at 360 px', async ({ expect }) => {
    const context = await newContext({ viewport: { width: 360, height: 800 } });
    await eachAtMost(AT_ONCE, [...pages(), DRAWN[1]!, DRAWN[2]!], async (path) => {
      const page = await open(context, path);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a[href], button, summary, select, input')]
          // WCAG 2.5.8 excepts a link inside a sentence, whose size the line of text sets.
          .filter((el) => el.getClientRects().length > 0 && !el.closest('p'))
          .map((el) => [el, el.getBoundingClientRect()] as const)
          .filter(([, r]) => r.width < 24 || r.height < 24)
          .map(([el, r]) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 20)}" ${Math.round(r.width)}×${Math.round(r.height)}`),
      );
      expect(small, path).toEqual([]);
      await page.close();
    });
    await finish(context);
  }, 300_000);

  it.for<[string, () => string]>([
    ['sample', () => base],
    ['hostile', () => historyBase],
  ])('draws a comparison in the page exactly as the pre-rendered comparison of the same models, on the %s site', async ([, origin], { expect }) => {
    // A model whose name must be escaped, where the site has one: its page links to the comparisons with its neighbours.
    const list = ((await (await fetch(`${origin()}/data/model-list.json`)).json()) as { models: [string, string][] }).models;
    const model = list.find(([, name]) => /[<>&"]/.test(name)) ?? list[0]!;
    const modelPage = await (await fetch(`${origin()}/models/${model[0]}/`)).text();
    const pair = /href="(\/compare\/[^"?]+-vs-[^"]+\/)"/.exec(modelPage)![1]!;
    const plain = await newContext({ javaScriptEnabled: false });
    const prerendered = await open(plain, pair, origin());
    const models = await prerendered
      .locator('[data-comparison] #standing + .table-wrap tbody th > a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('/')[2]!));
    const withJs = await newContext();
    const drawn = await open(withJs, `/compare/?models=${models.join(',')}`, origin());
    const comparison = (page: Page) => markup(page, '[data-comparison]');
    expect(await comparison(drawn)).toBe(await comparison(prerendered));
    // The parts the two must agree on, named: a row per model and per shared benchmark, the gap, the chart's lines and caption.
    expect(await drawn.locator('[data-comparison] #standing + .table-wrap tbody tr').count()).toBe(2);
    expect(await drawn.locator('[data-comparison] .linechart .plot path.line').count()).toBe(2);
    await finish(plain, withJs);
  });

  it.for([1280, 390])(
    'moves nothing on screen while the scripts start and draw, at %i px (layout shift under 0.05)',
    { timeout: 300_000 },
    async (width, { expect }) => {
      const context = await newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
      // Every layout shift from the navigation on: a script that draws after the first paint and moves what is on screen adds to it.
      await countLayoutShifts(context);
      const scripted = [
        '/',
        '/benchmarks/',
        '/benchmarks/view/separates/',
        // The step chart of a benchmark's best score: laid out by its box from the first paint.
        `/benchmarks/${benchSlug}/`,
        `/compare/?models=${index.models[0]![10]},${index.models[1]![10]}`,
        '/compare/',
        `/models/${index.models[0]![10]}/`,
        // Its likely range and what its rank rests on.
        restingPath,
        // Three models: the verdicts with Holm's correction.
        `/compare/?models=${index.models[0]![10]},${index.models[1]![10]},${index.models[40]![10]}`,
        '/about/',
      ];
      expect(await shiftedPages((path) => open(context, path), scripted, width, AT_ONCE)).toEqual([]);
      await finish(context);
    },
  );
});
