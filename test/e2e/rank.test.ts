/**
 * Rank by what you weigh (/rank/) on the built sample in a real Chromium: weights set through the
 * page's own controls give the order this file computes on its own from rank.json (a second
 * implementation of the documented method, below); a link with those weights opens the same order;
 * the presets; Back and Forward through each change; models below the coverage share listed apart; the phone’s
 * first screen of /, of the leaderboard as it stood and of /rank/ with three ranked rows, its folded
 * controls reached by keyboard; axe in both themes; no layout shift after the first paint.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedSite } from '../helpers/shared-sites.ts';
import { axeViolations, chromiumAvailable, countLayoutShifts, launchChromium, shiftedPages } from '../helpers/browser.ts';
import { browserSession, here, settled } from '../helpers/browser-session.ts';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';
import type { RankFile } from '../../src/site/evidence/rank-file.ts';
import { lighthouseScores, scoresLine } from '../../src/dev/lighthouse/run-lighthouse.ts';

const available = chromiumAvailable();
vi.setConfig({ maxConcurrency: 3, expect: { poll: { timeout: 60_000 } } });

let server: StaticServer;
let base: string;
let dist: string;
let browser: Browser;
let file: RankFile;

// ---- The method, written again from its description (/about/#rank), independently of src/site/evidence/.

const winShare = (gap: number) => 1 / (1 + Math.exp(-gap / 10));

/** Weights as a test states them: per tag segment (with '*'), per benchmark slug, every benchmark alike; undefined tags: no `w`. */
interface TestWeights {
  tags?: Record<string, number>;
  benches?: Record<string, number>;
  alike?: boolean;
}

/** Integers from steps, the first from `start`. */
function unstep(steps: number[], start: number): number[] {
  let at = start;
  return steps.map((s) => (at += s));
}

/** Each model's scores (benchmark -> mean) and each benchmark's weight, straight from the file. */
function modelsOf(f: RankFile): Map<number, number>[] {
  const models = f.models.name.map(() => new Map<number, number>());
  f.scores.forEach(([places, values], bench) => {
    const scores = f.decimals === null ? values : unstep(values, 0).map((u) => u / 10 ** f.decimals!);
    unstep(places, -1).forEach((m, k) => models[m]!.set(bench, scores[k]!));
  });
  return models;
}

function weightsOf(f: RankFile, w: TestWeights): number[] {
  const tagWeight = (segment: string) => (w.tags === undefined ? 1 : (w.tags[segment] ?? w.tags['*'] ?? 0));
  return f.benchmarks.slug.map((slug, b) => {
    const tags = f.benchmarks.tags[b]!.map((t) => f.tags.segment[t]!);
    const own = w.benches?.[slug] ?? (tags.length ? Math.max(...tags.map(tagWeight)) : tagWeight('*'));
    const effective = f.benchmarks.effectiveWeight[b]!;
    return (w.alike ? 1 : effective > 0 ? effective : 0) * own;
  });
}

interface Expected {
  ranked: number[];
  apart: number[];
  scores: number[];
  coverage: number[];
  needed: number;
}

function expectedRanking(f: RankFile, w: TestWeights, source: boolean): Expected {
  const models = modelsOf(f);
  const weight = weightsOf(f, w);
  const whole = weight.reduce((a, b) => a + b, 0);
  const coverage = models.map((m) => (whole > 0 ? [...m.keys()].reduce((a, b) => a + weight[b]!, 0) / whole : 0));
  const best = [...coverage].sort((a, b) => b - a).slice(0, 10);
  const median = best.length % 2 ? best[best.length >> 1]! : (best[best.length / 2 - 1]! + best[best.length / 2]!) / 2;
  const needed = median / 2;
  const covered = (m: number) => coverage[m]! > 0 && coverage[m]! >= needed;
  type Ref = { scores: Map<number, number>; self: number };
  const score = (refs: Ref[]) =>
    models.map((mine, m) => {
      let total = 0;
      let compared = 0;
      for (const r of refs) {
        if (r.self === m) continue;
        let won = 0;
        let weighed = 0;
        for (const b of [...mine.keys()].sort((x, y) => x - y)) {
          const theirs = r.scores.get(b);
          if (theirs === undefined || !(weight[b]! > 0)) continue;
          won += weight[b]! * winShare(mine.get(b)! - theirs);
          weighed += weight[b]!;
        }
        if (weighed > 0) {
          total += won / weighed;
          compared++;
        }
      }
      return compared ? (100 * total) / compared : Number.NaN;
    });
  const top = (values: number[], keep: (m: number) => boolean) =>
    values
      .map((v, m) => m)
      .filter((m) => keep(m) && !Number.isNaN(values[m]!))
      .sort((a, b) => values[b]! - values[a]! || a - b);
  const fromModels = (list: number[]): Ref[] => list.map((m) => ({ scores: models[m]!, self: m }));
  const api: Ref[] = f.references.map((r) => {
    const benches = unstep(r.benchmarks, -1);
    return { scores: new Map(benches.map((b, k) => [b, r.scores[k]!])), self: r.best ? r.model : -1 };
  });
  let used = f.references.map((r, i) => (r.best ? r.model : -1 - i));
  let scores = score(api);
  let rounds = 1;
  if (!source) {
    if (scores.every(Number.isNaN)) {
      const means = models.map((m) => {
        let sum = 0;
        let weighed = 0;
        for (const [b, v] of m) {
          sum += weight[b]! * v;
          weighed += weight[b]!;
        }
        return weighed > 0 ? sum / weighed : Number.NaN;
      });
      const first = top(means, covered).slice(0, 10);
      if (first.length) {
        used = first;
        scores = score(fromModels(first));
        rounds++;
      }
    }
    const same = (a: number[], b: number[]) => a.length === b.length && a.every((m) => b.includes(m));
    const seen = [used];
    for (;;) {
      const next = top(scores, covered).slice(0, 10);
      const at = seen.findIndex((s) => same(s, next));
      if (next.length === 0 || at === seen.length - 1 || rounds >= 8) break;
      used = at >= 0 ? [...new Set(seen.slice(at).flat())].sort((x, y) => x - y) : next;
      scores = score(fromModels(used));
      rounds++;
      if (at >= 0) break;
      seen.push(next);
    }
  }
  return { ranked: top(scores, covered), apart: top(scores, (m) => !covered(m)), scores, coverage, needed };
}

/** The names of the first page's rows, and what each row's rank cell says. */
const expectedRows = (e: Expected) =>
  [...e.ranked.map((m) => [file.models.name[m]!, 'ranked']), ...e.apart.map((m) => [file.models.name[m]!, 'apart'])].slice(0, 100);

// ---- The page.

const { newContext, finish, open } = browserSession(
  () => browser,
  () => base,
);
/** The rows as drawn: each model's name, and whether it is ranked or listed apart. */
const rows = (page: Page) =>
  page
    .locator('[data-rank] tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th.model-name > a')!.textContent!, tr.querySelector('td.rank .apart') ? 'apart' : 'ranked']));
/** Sets a weight's field as a visitor does: types the number and leaves the field with Enter. */
async function setWeight(page: Page, selector: string, value: string): Promise<void> {
  await page.fill(selector, value);
  await page.press(selector, 'Enter');
}
/** The two tags carried by the most benchmarks. */
const busiestTags = () => {
  const counts = file.tags.segment.map((_, t) => file.benchmarks.tags.filter((ts) => ts.includes(t)).length);
  return counts
    .map((c, t) => [c, t] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, 2)
    .map(([, t]) => file.tags.segment[t]!);
};

describe.skipIf(!available)('ranking by your weights, in Chromium', { concurrent: true }, () => {
  beforeAll(async () => {
    dist = (await sharedSite('sample')).dist;
    server = await serveStatic({ dir: dist });
    base = server.url.replace(/\/$/, '');
    browser = await launchChromium();
    file = (await (await fetch(`${base}/data/rank.json`)).json()) as RankFile;
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows, without a script’s help, the ranking as the source weighs that this file computes', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await open(context, '/rank/');
    expect(await rows(page)).toEqual(expectedRows(expectedRanking(file, {}, true)));
    await finish(context);
  });

  it('ranks by weights set through its controls as this file computes, and a link with them opens the same order', async () => {
    const [a, b] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    await setWeight(page, `input[data-tag="${a}"]`, '3');
    await expect.poll(() => here(page)).toBe(`/rank/?w=${a}:3,*:1`);
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(file, { tags: { [a!]: 3, '*': 1 } }, false)));
    await setWeight(page, 'input[data-rest]', '0');
    await expect.poll(() => here(page)).toBe(`/rank/?w=${a}:3`);
    await setWeight(page, `input[data-tag="${b}"]`, '1.5');
    const tags = [a!, b!].sort();
    const address = `/rank/?w=${tags.map((t) => `${t}:${t === a ? 3 : 1.5}`).join(',')}`;
    await expect.poll(() => here(page)).toBe(address);
    const expected = expectedRows(expectedRanking(file, { tags: { [a!]: 3, [b!]: 1.5 } }, false));
    await expect.poll(() => rows(page)).toEqual(expected);
    // The other capabilities now weigh 0, and the fields say so.
    expect(await page.inputValue('input[data-rest]')).toBe('0');
    expect(await page.inputValue('[data-preset]')).toBe('own');

    const linked = await open(context, address);
    await expect.poll(() => rows(linked)).toEqual(expected);
    expect(await linked.inputValue(`input[data-tag="${a}"]`)).toBe('3');
    await finish(context);
  });

  it('weighs one benchmark on its own from the list opened under the capabilities', async () => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    await page.locator('[data-bench-weights] > summary').click();
    const slug = file.benchmarks.slug[0]!;
    await expect.poll(() => page.locator('input[data-bench]').count()).toBe(file.benchmarks.slug.length);
    await setWeight(page, `input[data-bench="${slug}"]`, '0');
    await expect.poll(() => here(page)).toBe(`/rank/?b=${slug}:0`);
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(file, { benches: { [slug]: 0 } }, false)));
    await finish(context);
  });

  it('offers presets: one capability, every benchmark alike, and as the source weighs', async () => {
    const [a] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    const plain = await rows(page);
    await page.selectOption('[data-preset]', `tag:${a}`);
    await expect.poll(() => here(page)).toBe(`/rank/?w=${a}:1`);
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(file, { tags: { [a!]: 1 } }, false)));
    await page.selectOption('[data-preset]', 'alike');
    await expect.poll(() => here(page)).toBe('/rank/?by=alike');
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(file, { alike: true }, false)));
    expect(await page.isChecked('[data-alike]')).toBe(true);
    await page.selectOption('[data-preset]', 'source');
    await expect.poll(() => here(page)).toBe('/rank/');
    await expect.poll(() => rows(page)).toEqual(plain);
    await finish(context);
  });

  it('makes each change a history entry that Back and Forward step through, controls and rows with it', async () => {
    const [a, b] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    const steps: [string, string[][], string][] = [['/rank/', await rows(page), 'source']];
    await page.selectOption('[data-preset]', `tag:${a}`);
    await expect.poll(() => here(page)).toBe(`/rank/?w=${a}:1`);
    await settled(page);
    steps.push([here(page), await rows(page), `tag:${a}`]);
    await setWeight(page, `input[data-tag="${b}"]`, '2');
    await expect.poll(() => here(page)).toContain(`${b}:2`);
    await settled(page);
    steps.push([here(page), await rows(page), 'own']);
    await page.check('[data-alike]');
    await expect.poll(() => here(page)).toContain('by=alike');
    for (const [url, drawn, preset] of steps.reverse()) {
      await page.goBack();
      await expect.poll(() => here(page)).toBe(url);
      await expect.poll(() => rows(page)).toEqual(drawn);
      await expect.poll(() => page.inputValue('[data-preset]')).toBe(preset);
    }
    // And Forward again, through the same changes.
    for (const [url, drawn, preset] of steps.reverse().slice(1)) {
      await page.goForward();
      await expect.poll(() => here(page)).toBe(url);
      await expect.poll(() => rows(page)).toEqual(drawn);
      await expect.poll(() => page.inputValue('[data-preset]')).toBe(preset);
    }
    await finish(context);
  });

  it('lists apart, after the ranked rows and without a rank, the models whose evidence covers too little of the weight', async () => {
    const [a] = busiestTags();
    const expected = expectedRanking(file, { tags: { [a!]: 1 } }, false);
    expect(expected.apart.length).toBeGreaterThan(0);
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, `/rank/?w=${a}:1&sort=name&dir=asc`);
    const drawn = await rows(page);
    const firstApart = drawn.findIndex(([, kind]) => kind === 'apart');
    expect(firstApart).toBe(Math.min(expected.ranked.length, 100));
    expect(drawn.slice(firstApart).every(([, kind]) => kind === 'apart')).toBe(true);
    const needed = `${Math.round(expected.needed * 100)}%`;
    expect(await page.locator('[data-rank-summary]').textContent()).toContain(`${expected.apart.length} listed apart (under ${needed} of the weight covered)`);
    // Each row says how much of the weight its evidence covers.
    const m = expected.apart[0]!;
    const row = page.locator('[data-rank] tbody tr', { has: page.locator(`th a:text-is("${file.models.name[m]}")`) });
    expect(await row.locator('td.coverage').textContent()).toBe(`${Math.round(expected.coverage[m]! * 100)}%`);
    await finish(context);
  });

  it('says what an address gave that it could not use, and ranks by the rest', async () => {
    const [a] = busiestTags();
    const context = await newContext();
    const page = await open(context, `/rank/?w=${a}:1,nonsense:2,${a}x:-1&by=sideways`);
    const notes = await page.locator('[data-rank-notes]').textContent();
    expect(notes).toContain('“nonsense”: no benchmark carries this tag.');
    expect(notes).toContain('the only choice is by=alike');
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(file, { tags: { [a!]: 1 } }, false)));
    await finish(context);
  });

  it.for(['/', '/leaderboard/as-of/?asOf=2026-11-16', '/rank/', `/rank/?w=long-context:1`])(
    'shows at least three ranked rows on a phone’s first screen (390 × 844): %s',
    async (path) => {
      const context = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await open(context, path);
      await page.waitForLoadState('networkidle');
      const whole = await page.evaluate(
        () => [...document.querySelectorAll('main tbody tr')].filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
      expect(whole, path).toBeGreaterThanOrEqual(3);
      // The header is one line: the brand and the menu's button.
      const header = await page.locator('.site-header > .wrap').boundingBox();
      expect(header!.height).toBeLessThan(60);
      await finish(context);
    },
  );

  it('reaches its folded controls and the header’s menu with a keyboard on a phone', async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 } });
    const page = await open(context, '/rank/');
    const focused = () => page.evaluate(() => document.activeElement?.closest('summary, input, select, a')?.outerHTML.slice(0, 60) ?? '');
    for (let i = 0; i < 40 && !(await focused()).includes('Weights, search and filters'); i++) await page.keyboard.press('Tab');
    expect(await focused()).toContain('Weights, search and filters');
    expect(await page.locator('#rank-q').isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rank-q');
    // The summary says whether it is open, as a screen reader reads it.
    const expanded = await page.locator('[data-rank] > details.fold > summary').evaluate((s) => (s.parentElement as HTMLDetailsElement).open);
    expect(expanded).toBe(true);
    await page.locator('details.menu > summary').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Leaderboard');
    await finish(context);
  });

  it.for<'light' | 'dark'>(['light', 'dark'])(
    'passes axe-core in the %s theme, as the source weighs, by other weights, with every control open',
    async (colorScheme) => {
      const [a] = busiestTags();
      const failures: string[] = [];
      for (const [width, path, openAll] of [
        [1280, '/rank/', false],
        [1280, `/rank/?w=${a}:1,nope:1`, true],
        [390, `/rank/?by=alike`, true],
      ] as const) {
        const context = await newContext({ colorScheme, viewport: { width, height: 900 } });
        const page = await open(context, path);
        if (openAll) {
          // On a phone, the fold first; the benchmarks' list; then the header's menu, which opens over the page.
          for (const summary of ['[data-rank] > details.fold > summary', '[data-bench-weights] > summary', 'details.menu > summary'])
            if (await page.locator(summary).isVisible()) await page.click(summary);
          await expect.poll(() => page.locator('input[data-bench]').count()).toBeGreaterThan(0);
        }
        failures.push(...(await axeViolations(page, colorScheme)).map((v) => `${colorScheme} ${width} ${path}: ${v}`));
        await finish(context);
      }
      expect(failures).toEqual([]);
    },
  );

  it.for([1280, 390])('moves nothing on screen while its script starts and draws, at %i px (layout shift under 0.05)', async (width) => {
    const [a] = busiestTags();
    const context = await newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
    await countLayoutShifts(context);
    expect(await shiftedPages((path) => open(context, path), ['/rank/', `/rank/?w=${a}:1`, '/rank/?by=alike&sort=coverage&dir=desc'], width)).toEqual([]);
    await finish(context);
  });

  it('scores at least 99 in Lighthouse’s accessibility, best practices and SEO (mobile); its performance is reported', async () => {
    const [page] = await lighthouseScores(dist, ['/rank/']);
    // The performance score depends on this machine's speed and load: a figure for the report, never a bound.
    console.info(`Lighthouse (mobile) ${scoresLine(page!)}`);
    for (const category of ['accessibility', 'best-practices', 'seo'] as const)
      expect(page!.scores[category], page!.failing.join('\n')).toBeGreaterThanOrEqual(0.99);
  });
});
