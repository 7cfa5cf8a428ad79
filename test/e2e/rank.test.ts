/**
 * Rank by what you weigh (/rank/) on the built sample in a real Chromium: weights set through the
 * page's own controls give the order this file computes on its own from rank.json (a second
 * implementation of the documented method, below); a link with those weights opens the same order;
 * the presets; Back and Forward through each change; models with too little evidence for a rank listed apart;
 * proportional weights drawing the same rows; the references' rule saying where it ended, never a cycle;
 * the documented example links; the phone’s first screen of /, of the leaderboard as it stood and of
 * /rank/ with three ranked rows, its folded controls reached by keyboard; axe in both themes; no layout
 * shift after the first paint. Each test waits on one or a few rankings only: the e2e tier runs beside
 * other work, and the rule over every weighting of the sample is the system tier's (rank-site.test.ts).
 */
import { afterAll, beforeAll, describe, it, vi, type ExpectStatic } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedSite } from '../helpers/shared-sites.ts';
import { axeViolations, chromiumAvailable, countLayoutShifts, launchChromium, shiftedPages } from '../helpers/browser.ts';
import { browserSession, here, loaded, settled } from '../helpers/browser-session.ts';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';
import type { RankBlockFile, RankFile, RankPartFile } from '../../src/site/evidence/rank-file.ts';
import { lighthouseScores, scoresLine } from '../../src/dev/lighthouse/run-lighthouse.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/env.ts';
import { FIRST_ROWS } from '../../src/site/lists/pagination.ts';
import { filesUnder } from '../helpers/files.ts';

const available = chromiumAvailable();
vi.setConfig({ maxConcurrency: 3, expect: { poll: { timeout: 60_000 } } });

let server: StaticServer;
let base: string;
let dist: string;
let browser: Browser;
let file: RankFile;
let field: Field;

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

/** The sample's field as the files hold it: the index, and each model's best configuration's means (benchmark -> mean), by its place. */
interface Field {
  index: RankFile;
  best: Map<number, Map<number, number>>;
  names: Map<number, string>;
}

/** The index, the part of every benchmark and the blocks, read straight from their JSON. */
function fieldOf(index: RankFile, all: RankPartFile, blocks: RankBlockFile[]): Field {
  const names = new Map<number, string>();
  // Configurations by number: each model's together, its best first.
  const numbered: { place: number; at: number }[] = [];
  for (const block of blocks)
    block.configurations.count.forEach((n, k) => {
      names.set(block.from + k, block.models.name[k]!);
      for (let at = 0; at < n; at++) numbered.push({ place: block.from + k, at });
    });
  const best = new Map<number, Map<number, number>>();
  const benchmarks = unstep(all.benchmarks, -1);
  all.scores.forEach(([configurations, values], j) => {
    const scores = all.decimals === null ? values : unstep(values, 0).map((u) => u / 10 ** all.decimals!);
    unstep(configurations, -1).forEach((c, k) => {
      const { place, at } = numbered[c]!;
      if (at !== 0) return;
      if (!best.has(place)) best.set(place, new Map());
      best.get(place)!.set(benchmarks[j]!, scores[k]!);
    });
  });
  return { index, best, names };
}

/** Each benchmark's weight over the largest own weight (in thousandths, as an address writes them), and whether they are the source's proportions. */
function weightsOf(f: RankFile, w: TestWeights): { weight: number[]; source: boolean } {
  const tagWeight = (segment: string) => (w.tags === undefined ? 1 : (w.tags[segment] ?? w.tags['*'] ?? 0));
  const base = f.benchmarks.effectiveWeight.map((e) => (w.alike ? 1 : e > 0 ? e : 0));
  const own = f.benchmarks.slug.map((slug, b) => {
    const tags = f.benchmarks.tags[b]!.map((t) => f.tags.segment[t]!);
    return Math.round((w.benches?.[slug] ?? (tags.length ? Math.max(...tags.map(tagWeight)) : tagWeight('*'))) * 1000);
  });
  const inPlay = own.filter((_, b) => base[b]! > 0);
  const most = Math.max(0, ...inPlay);
  return {
    weight: base.map((e, b) => (most > 0 ? e * (own[b]! / most) : 0)),
    source: !w.alike && most > 0 && inPlay.every((o) => o === most),
  };
}

interface Expected {
  /** Where the references' rule ended under weights not the source's: at a fixed point, at the step, or elsewhere. */
  end: 'settled' | 'step' | 'other';
  ranked: number[];
  apart: number[];
  scores: Map<number, number>;
  coverage: Map<number, number>;
}

type Ref = { scores: Map<number, number>; self: number };

/** Every model's score against `refs` and the benchmarks it rests on (weighed, shared with a reference). */
function scored(field: Field, weight: number[], refs: Ref[]) {
  const scores = new Map<number, number>();
  const rests = new Map<number, number>();
  for (const [m, mine] of field.best) {
    let total = 0;
    let compared = 0;
    const shared = new Set<number>();
    for (const r of refs) {
      if (r.self === m) continue;
      let won = 0;
      let weighed = 0;
      for (const b of [...mine.keys()].sort((x, y) => x - y)) {
        const theirs = r.scores.get(b);
        if (theirs === undefined || !(weight[b]! > 0)) continue;
        won += weight[b]! * winShare(mine.get(b)! - theirs);
        weighed += weight[b]!;
        shared.add(b);
      }
      if (weighed > 0) {
        total += won / weighed;
        compared++;
      }
    }
    if (compared > 0) scores.set(m, (100 * total) / compared);
    rests.set(m, shared.size);
  }
  return { scores, rests };
}

function expectedRanking(field: Field, w: TestWeights): Expected {
  const { index } = field;
  const { weight, source } = weightsOf(index, w);
  const MIN = index.method.minBenchmarks;
  const byScore = (pass: ReturnType<typeof scored>, keep: (m: number) => boolean) =>
    [...pass.scores.keys()].filter(keep).sort((a, b) => pass.scores.get(b)! - pass.scores.get(a)! || a - b);
  const top = (pass: ReturnType<typeof scored>) => byScore(pass, (m) => pass.rests.get(m)! >= MIN).slice(0, index.method.references);
  const fromModels = (list: number[]): Ref[] => list.map((m) => ({ scores: field.best.get(m)!, self: m }));
  const api: Ref[] = index.references.map((r) => {
    const benches = unstep(r.benchmarks, -1);
    return { scores: new Map(benches.map((b, k) => [b, r.scores[k]!])), self: r.best ? r.model : -1 };
  });
  let final = scored(field, weight, api);
  let end: Expected['end'] = 'other';
  if (!source && weight.some((x) => x > 0)) {
    if (final.scores.size === 0) {
      const order = [...field.best.keys()].filter((m) => [...field.best.get(m)!.keys()].some((b) => weight[b]! > 0)).slice(0, index.method.references);
      if (order.length > 0) final = scored(field, weight, fromModels(order));
    }
    const first = top(final);
    if (first.length > 0) {
      const step = scored(field, weight, fromModels(first));
      const next = top(step);
      if (next.length > 0) {
        final = step;
        end = next.length === first.length && next.every((m) => first.includes(m)) ? 'settled' : 'step';
      }
    }
  }
  const whole = weight.reduce((a, b) => a + b, 0);
  const coverage = new Map([...field.best].map(([m, mine]) => [m, whole > 0 ? [...mine.keys()].reduce((a, b) => a + weight[b]!, 0) / whole : 0]));
  return {
    end,
    ranked: byScore(final, (m) => final.rests.get(m)! >= MIN),
    apart: byScore(final, (m) => final.rests.get(m)! < MIN),
    scores: final.scores,
    coverage,
  };
}

/** The names of the first page's rows, and what each row's rank cell says. */
const expectedRows = (e: Expected) =>
  [...e.ranked.map((m) => [field.names.get(m)!, 'ranked']), ...e.apart.map((m) => [field.names.get(m)!, 'apart'])].slice(0, 100);

// ---- The example links.

/** The examples in a text: /rank/ addresses with weights, each parameter given a value (not a pattern such as w=tag:3,… or w=&b=). */
const examples = (text: string) =>
  [...text.replaceAll('&amp;', '&').matchAll(/\/rank\/\?[^\s"'<>`)\]]+/g)].map((m) => m[0]).filter((link) => !link.includes('…') && !/=(&|$)/.test(link));
/** The examples of the README and the docs, read as the tests are collected. */
const DOC_LINKS = [
  ...new Set(['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].flatMap((f) => examples(readFileSync(join(ROOT, f), 'utf8')))),
];

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
/** Each row as it reads, every cell. */
const cells = (page: Page) => page.locator('[data-rank] tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText));
/** Sets a weight's field as a visitor does: types the number and leaves the field with Enter. */
async function setWeight(page: Page, selector: string, value: string): Promise<void> {
  await page.fill(selector, value);
  await page.press(selector, 'Enter');
}
/** Splits a line of CSV into its fields (RFC 4180: quoted fields may hold commas and doubled quotes). */
const csvFields = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replaceAll('""', '"') : m[1]!));

/**
 * The model pages of the models the leaderboard gives a likely range, read from its downloads (models.json): on the sample its
 * gate shows them (evidence.json's ranges.shown), and they are the very models its rule gives enough evidence for one, read
 * from its downloads too: a model's best configuration's counting scores (scores.csv) on benchmarks of positive
 * effectiveWeight that a reference other than itself (evidence.json) has a score on, at least method.minBenchmarks of them.
 */
async function leaderboardRanges(expect: ExpectStatic): Promise<Set<string>> {
  const json = async <T>(path: string) => (await (await fetch(`${base}/data/${path}`)).json()) as T;
  const models = await json<{ models: { slug: string; familyTag: string; rank: number; likelyModelRank: unknown }[] }>('models.json');
  // The sample's models all have pages, at their familyTag.
  const page = (familyTag: string) => `/models/${familyTag}/`;
  const evidence = await json<{
    method: { minBenchmarks: number; references: number };
    ranges: { shown: boolean };
    benchmarks: { slug: string[]; effectiveWeight: number[] };
    references: { slug: string; scores: (number | null)[] }[];
  }>('evidence.json');
  expect(evidence.ranges.shown).toBe(true);
  const shown = new Set(models.models.filter((c) => c.likelyModelRank !== null).map((c) => page(c.familyTag)));
  const best = new Map<string, string>();
  for (const c of [...models.models].sort((x, y) => x.rank - y.rank)) if (!best.has(c.familyTag)) best.set(c.familyTag, c.slug);
  const { slug, effectiveWeight } = evidence.benchmarks;
  const references = evidence.references
    .slice(0, evidence.method.references)
    .map((r) => ({ slug: r.slug, has: new Set(slug.filter((_, b) => r.scores[b] !== null && effectiveWeight[b]! > 0)) }));
  const [head, ...lines] = (await (await fetch(`${base}/data/scores.csv`)).text()).trim().split('\n');
  const column = (name: string) => csvFields(head!).indexOf(name);
  const [configuration, benchmark, counts] = [column('configuration'), column('benchmark'), column('counts')];
  const counting = new Map<string, Set<string>>();
  for (const line of lines) {
    const f = csvFields(line);
    if (f[counts] !== 'true') continue;
    if (!counting.has(f[configuration]!)) counting.set(f[configuration]!, new Set());
    counting.get(f[configuration]!)!.add(f[benchmark]!);
  }
  const enough = [...best].filter(([, c]) => {
    const shared = [...(counting.get(c) ?? [])].filter((b) => references.some((r) => r.slug !== c && r.has.has(b)));
    return shared.length >= evidence.method.minBenchmarks;
  });
  expect([...shown].sort()).toEqual(enough.map(([familyTag]) => page(familyTag)).sort());
  return shown;
}

/** The two tags carried by the most benchmarks. */
const busiestTags = (n = 2) => {
  const counts = file.tags.segment.map((_, t) => file.benchmarks.tags.filter((ts) => ts.includes(t)).length);
  return counts
    .map((c, t) => [c, t] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, n)
    .map(([, t]) => file.tags.segment[t]!);
};

describe.skipIf(!available)('ranking by your weights, in Chromium', { concurrent: true }, () => {
  beforeAll(async () => {
    dist = (await sharedSite('sample')).dist;
    server = await serveStatic({ dir: dist });
    base = server.url.replace(/\/$/, '');
    browser = await launchChromium();
    file = (await (await fetch(`${base}/data/rank.json`)).json()) as RankFile;
    const json = async <T>(path: string) => (await (await fetch(`${base}/data/${path}`)).json()) as T;
    field = fieldOf(file, await json<RankPartFile>(file.parts.all.path), await Promise.all(file.blocks.map((e) => json<RankBlockFile>(e.path))));
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows, without a script’s help, the ranking as the source weighs that this file computes', async ({ expect }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await open(context, '/rank/');
    expect(await rows(page)).toEqual(expectedRows(expectedRanking(field, {})));
    await finish(context);
  });

  it('ranks by weights set through its controls as this file computes, and a link with them opens the same order', async ({ expect }) => {
    const [a, b] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    await setWeight(page, `input[data-tag="${a}"]`, '3');
    await expect.poll(() => here(page)).toBe(`/rank/?w=${a}:3,*:1`);
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(field, { tags: { [a!]: 3, '*': 1 } })));
    await setWeight(page, 'input[data-rest]', '0');
    await expect.poll(() => here(page)).toBe(`/rank/?w=${a}:3`);
    await setWeight(page, `input[data-tag="${b}"]`, '1.5');
    const tags = [a!, b!].sort();
    const address = `/rank/?w=${tags.map((t) => `${t}:${t === a ? 3 : 1.5}`).join(',')}`;
    await expect.poll(() => here(page)).toBe(address);
    const expected = expectedRows(expectedRanking(field, { tags: { [a!]: 3, [b!]: 1.5 } }));
    await expect.poll(() => rows(page)).toEqual(expected);
    // The other capabilities now weigh 0, and the fields say so.
    expect(await page.inputValue('input[data-rest]')).toBe('0');
    expect(await page.inputValue('[data-preset]')).toBe('own');

    const linked = await open(context, address);
    await expect.poll(() => rows(linked)).toEqual(expected);
    expect(await linked.inputValue(`input[data-tag="${a}"]`)).toBe('3');
    await finish(context);
  });

  it.for(['*:1', '*:2', '*:0.1'])(
    'draws for %s in its worker the rows the build drew as the source weighs, scores to the last digit',
    async (w, { expect }) => {
      const context = await newContext({ viewport: { width: 1280, height: 900 } });
      const own = await cells(await open(context, '/rank/'));
      expect(own.length).toBe(100);
      const page = await context.newPage();
      const worker = page.waitForEvent('worker');
      await page.goto(`${base}/rank/?w=${w}`);
      await worker;
      await settled(page);
      expect(await cells(page)).toEqual(own);
      expect(await page.locator('[data-rank-summary]').textContent()).toContain('ranked as the source weighs');
      await finish(context);
    },
  );

  it('draws the same rows for one capability beside the others at 1 and ½ and at 5 and 2½', async ({ expect }) => {
    // No capability of the sample carries enough benchmarks to rank a model alone: one beside the others ranks some.
    const [a] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const one = await cells(await open(context, `/rank/?w=${a}:1,*:0.5`));
    expect(await cells(await open(context, `/rank/?w=${a}:5,*:2.5`))).toEqual(one);
    expect(expectedRanking(field, { tags: { [a!]: 1, '*': 0.5 } }).ranked.length).toBeGreaterThan(0);
    expect(one.length).toBeGreaterThan(0);
    await finish(context);
  });

  it.for([true, false])(
    'shows under one capability weighed a likely range under each ranked row’s rank, and says what it is of (made in a worker: %s)',
    async (moduleWorkers, { expect }) => {
      const [a] = busiestTags();
      const context = await newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      // A browser without module workers ranks and resamples in the page itself (page-ranker.ts).
      if (!moduleWorkers) await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined, configurable: true }));
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      await page.goto(`${base}/rank/?w=${a}:3,*:1`);
      await settled(page);
      const drawn = await page.locator('[data-rank] tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          rank: tr.querySelector('td.rank strong')?.textContent ?? null,
          likely: tr.querySelector('td.rank .likely')?.textContent ?? null,
          label: tr.querySelector('td.rank .likely .visually-hidden')?.textContent ?? null,
        })),
      );
      const ranked = drawn.filter((r) => r.rank !== null);
      expect(ranked.length).toBeGreaterThan(10);
      const total = expectedRanking(field, { tags: { [a!]: 3, '*': 1 } }).ranked.length;
      for (const row of ranked) {
        const [low, high] = row.likely!.replace('likely rank here ', '').split('–').map(Number);
        expect(row.label).toBe('likely rank here ');
        expect(low).toBeGreaterThanOrEqual(1);
        expect(high ?? low).toBeGreaterThanOrEqual(low!);
        expect(high ?? low).toBeLessThanOrEqual(total);
      }
      // No pending mark left, no range on a row listed apart.
      expect(drawn.filter((r) => r.rank === null).every((r) => r.likely === null)).toBe(true);
      expect(await page.locator('[data-rank-legend]').textContent()).toContain('likely range under these weights, by the leaderboard’s method');
      expect(workers.length > 0).toBe(moduleWorkers);
      // The source's weights: the page's own rows, with the leaderboard's ranges.
      await page.goto(`${base}/rank/`);
      await settled(page);
      expect(await page.locator('[data-rank-legend]').textContent()).toContain('likely model rank, the leaderboard’s own');
      await finish(context);
    },
  );

  it.for([true, false])(
    'draws under a ranking in the source’s proportions the leaderboard’s own ranges, read as published, not resampled (module workers: %s)',
    async (moduleWorkers, { expect }) => {
      const context = await newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      // A browser without module workers: the page ranks in itself (page-ranker.ts), and reads the published ranges as the worker does.
      if (!moduleWorkers) await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined, configurable: true }));
      // Every worker the page makes, by name: resampling is the ranges worker's (rank-ranges), made only when a ranking needs it.
      const workers: Promise<string>[] = [];
      page.on('worker', (w) => workers.push(w.evaluate(() => self.name).catch(() => 'gone')));
      const published: string[] = [];
      page.on('request', (r) => r.url().includes('/data/rank/ranges.json') && published.push(r.url()));
      await page.goto(`${base}/rank/?w=*:2`);
      await settled(page);
      const drawn = await page
        .locator('[data-rank] tbody tr')
        .evaluateAll((trs) =>
          trs.flatMap((tr) =>
            tr.querySelector('td.rank strong')
              ? [[tr.querySelector('th.model-name > a')!.getAttribute('href')!, tr.querySelector('td.rank .likely')?.textContent?.trim() ?? '']]
              : [],
          ),
        );
      const leaderboard = new Map<string, string>();
      for (const path of ['/', '/leaderboard/2/']) {
        const board = await open(context, path);
        const pairs = await board
          .locator('main tbody tr')
          .evaluateAll((trs) =>
            trs.map(
              (tr) => [tr.querySelector('th.model-name > a')!.getAttribute('href')!, tr.querySelector('td.rank .likely')?.textContent?.trim() ?? ''] as const,
            ),
          );
        for (const [href, likely] of pairs) leaderboard.set(href, likely);
        await board.close();
      }
      const compared = drawn.filter(([href]) => leaderboard.has(href!));
      expect(compared.length).toBeGreaterThan(50);
      for (const [href, likely] of compared) expect(likely, href).toBe(leaderboard.get(href!));
      expect(compared.filter(([, likely]) => likely !== '').length).toBeGreaterThan(50);
      expect(await page.locator('[data-rank-legend]').textContent()).toContain('likely model rank, the leaderboard’s own');
      expect(published.length).toBe(1);
      expect(await Promise.all(workers)).toEqual(moduleWorkers ? ['rank'] : []);
      await finish(context);
    },
  );

  it('says in its status line how far a ranking’s likely ranges are while they are made, and no more once they are drawn', async ({ expect }) => {
    const [a] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    // The ranges worker's answers to the page wait until the test has seen the status.
    await context.addInitScript(() => {
      const w = window as unknown as { releaseRanges: () => void };
      const held: (() => void)[] = [];
      let released = false;
      w.releaseRanges = () => {
        released = true;
        held.splice(0).forEach((hear) => hear());
      };
      const listen = Worker.prototype.addEventListener;
      Worker.prototype.addEventListener = function (this: Worker, type: string, listener: EventListenerOrEventListenerObject, ...rest: unknown[]) {
        const hear = listener as (e: MessageEvent) => void;
        const holding = (e: MessageEvent) => ((e.data as { type?: string })?.type === 'ranges' && !released ? held.push(() => hear(e)) : hear(e));
        return (listen as (...args: unknown[]) => void).call(this, type, type === 'message' ? holding : listener, ...rest);
      } as typeof Worker.prototype.addEventListener;
    });
    const page = await context.newPage();
    await page.goto(`${base}/rank/?w=${a}:3,*:1`);
    const status = page.locator('[data-rank] [data-status]');
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(/^Showing 1–\d+ of .*; likely ranges: resampling [\d,]+ models? [\d,]+ times( \(\d+ s\))?…$/);
    // In the status line, a polite live region; the seconds it counts are not read out.
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('[data-ranges-status] [aria-hidden="true"]').count()).toBe(1);
    expect(await page.locator('[data-rank]').getAttribute('data-ranges')).toBe('making');
    await page.evaluate(() => (window as unknown as { releaseRanges: () => void }).releaseRanges());
    await settled(page);
    expect(await page.locator('[data-ranges-status]').count()).toBe(0);
    expect(await status.textContent()).toMatch(/^Showing 1–\d+ of [\d,]+ models$/);
    expect(await page.locator('[data-rank] tbody td.rank .likely').count()).toBeGreaterThan(10);
    await finish(context);
  });

  it('makes a ranking’s ranges at once from the files its ranking worker hands over, reading none of them again', async ({ expect }) => {
    const [a] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const asked = new Map<string, number>();
    await context.route('**/data/rank/**', async (route) => {
      const url = route.request().url();
      asked.set(url, (asked.get(url) ?? 0) + 1);
      await route.continue();
    });
    // The page's asks for ranges, which it sends its ranges worker once it has drawn a ranking's rows, held: the ranges come without them.
    await page.addInitScript(() => {
      const w = window as unknown as { held: (() => void)[] };
      w.held = [];
      const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
      Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
        if ((args[0] as { type?: string } | undefined)?.type === 'ranges') w.held.push(() => post.apply(this, args));
        else post.apply(this, args);
      };
    });
    const held = () => page.evaluate(() => (window as unknown as { held: unknown[] }).held.length);
    await page.goto(`${base}/rank/?w=${a}:3,*:1`);
    await settled(page);
    expect(await held()).toBe(1);
    const before = await rows(page);
    expect(await page.locator('[data-rank] tbody td.rank .likely').count()).toBeGreaterThan(10);
    // A ranking of other files (a few capabilities' parts and the blocks, not the part of every benchmark): its ranges too. The
    // sample's capabilities, the busiest first, until they rank more than 10 models together.
    const [first, ...more] = busiestTags(Infinity).reduce<string[]>(
      (chosen, t) => (expectedRanking(field, { tags: Object.fromEntries(chosen.map((c) => [c, 1])) }).ranked.length > 10 ? chosen : [...chosen, t]),
      [],
    );
    await page.selectOption('[data-preset]', `tag:${first}`);
    await expect.poll(() => here(page)).toContain(`w=${first}:1`);
    for (const t of more) {
      await settled(page);
      await setWeight(page, `input[data-tag="${t}"]`, '1');
      await expect.poll(() => here(page)).toContain(`${t}:1`);
    }
    await settled(page);
    expect(await held()).toBeGreaterThanOrEqual(2);
    expect(await rows(page)).not.toEqual(before);
    expect(await page.locator('[data-rank] tbody td.rank .likely').count()).toBeGreaterThan(10);
    // Each file of the data read once, by the ranking worker.
    expect([...asked].filter(([, n]) => n > 1)).toEqual([]);
    expect(asked.size).toBeGreaterThan(2);
    await finish(context);
  });

  it('ranks as the source weighs the models the leaderboard gives a likely range, within 5%', async ({ expect }) => {
    const withRange = await leaderboardRanges(expect);
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const ranked = new Set<string>();
    for (let n = 1; ; n++) {
      const page = await open(context, `/rank/?w=*:2&page=${n}`);
      const drawn = await page
        .locator('[data-rank] tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector('th.model-name > a')!.getAttribute('href')!, tr.querySelector('td.rank .apart') ? 'apart' : 'ranked']),
        );
      for (const [href, kind] of drawn) if (kind === 'ranked') ranked.add(href!);
      if (drawn.length < 100) break;
    }
    const differ = [...ranked].filter((m) => !withRange.has(m)).length + [...withRange].filter((m) => !ranked.has(m)).length;
    expect(withRange.size).toBeGreaterThan(100);
    expect(differ / withRange.size).toBeLessThanOrEqual(0.05);
    await finish(context);
  });

  it('says where the references’ rule ended, never a cycle: a fixed point, or the one step it takes', async ({ expect }) => {
    // A few weightings this file finds settling and stopping at the step; the rule over all 219 of the sample is rank-site.test.ts'.
    // A capability alone ranks a model only if it carries enough benchmarks (none of the sample's does); tripled beside the others, any may.
    const tags = file.tags.segment.filter((_, t) => file.benchmarks.tags.filter((ts) => ts.includes(t)).length >= file.method.minBenchmarks);
    const weighings = [...tags.map((t) => ({ [t]: 1 })), ...file.tags.segment.map((t) => ({ [t]: 3, '*': 1 }))].map((tags) => ({
      tags,
      expected: expectedRanking(field, { tags }),
    }));
    const chosen = [...weighings.filter((w) => w.expected.end === 'step').slice(0, 2), ...weighings.filter((w) => w.expected.end === 'settled').slice(0, 1)];
    expect(chosen.map((w) => w.expected.end).sort()).toEqual(['settled', 'step', 'step']);
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    for (const { tags, expected } of chosen) {
      const address = `/rank/?w=${Object.entries(tags)
        .map(([t, v]) => `${t}:${v}`)
        .join(',')}`;
      const page = await open(context, address);
      const about = (await page.locator('[data-rank-about]').innerText()).replace(/\s+/g, ' ');
      expect(about, address).not.toMatch(/cycle/i);
      expect(about, address).toContain(expected.end === 'settled' ? 'who are also the 10 best against themselves' : 'the rule takes that one step and no more');
      expect(await rows(page), address).toEqual(expectedRows(expected));
      await page.close();
    }
    await finish(context);
  });

  /** Whether a page's first rows rank some model. */
  const ranksSome = async (page: Page) => (await rows(page)).some(([, kind]) => kind === 'ranked');

  // One test a link, so that no test waits on more than one ranking.
  it.for(DOC_LINKS)('opens ranked rows at the example link %s of the README and the docs', async (link, { expect }) => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    expect(await ranksSome(await open(context, link))).toBe(true);
    await finish(context);
  });

  it('opens ranked rows at every example link of /rank/ on the site, side by side', async ({ expect }) => {
    expect(DOC_LINKS.length).toBeGreaterThan(0);
    const linksIn = (files: string[]) => [...new Set(files.flatMap((f) => examples(readFileSync(join(dist, f), 'utf8'))))].sort();
    const pages = filesUnder(dist, /\.html$/);
    // Every tag's page links /rank/ with its tag weighed (109 on the sample): the system tier holds each of those links ranks some
    // model, by the module this page's worker runs (rank-site.test.ts); here the first, middle and last of them, beside every other.
    const tagLinks = linksIn(pages.filter((f) => f.startsWith('tags/')));
    expect(tagLinks.length).toBeGreaterThan(0);
    const links = [
      ...new Set([...linksIn(pages.filter((f) => !f.startsWith('tags/'))), ...[0, tagLinks.length >> 1, tagLinks.length - 1].map((i) => tagLinks[i]!)]),
    ];
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const ranked = await Promise.all(links.map(async (link) => [link, await ranksSome(await open(context, link))] as const));
    expect(ranked.filter(([, some]) => !some).map(([link]) => link)).toEqual([]);
    console.info(`${links.length} example links of /rank/ on the site opened (of ${tagLinks.length} on tags' pages, three): ${links.join(' ')}`);
    await finish(context);
  });

  it('weighs one benchmark on its own from the list opened under the capabilities', async ({ expect }) => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    await page.locator('[data-bench-weights] > summary').click();
    const slug = file.benchmarks.slug[0]!;
    await expect.poll(() => page.locator('input[data-bench]').count()).toBe(file.benchmarks.slug.length);
    await setWeight(page, `input[data-bench="${slug}"]`, '0');
    await expect.poll(() => here(page)).toBe(`/rank/?b=${slug}:0`);
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(field, { benches: { [slug]: 0 } })));
    await finish(context);
  });

  it('offers presets: one capability, every benchmark alike, and as the source weighs', async ({ expect }) => {
    const [a] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    const plain = await rows(page);
    await page.selectOption('[data-preset]', `tag:${a}`);
    await expect.poll(() => here(page)).toBe(`/rank/?w=${a}:1`);
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(field, { tags: { [a!]: 1 } })));
    await page.selectOption('[data-preset]', 'alike');
    await expect.poll(() => here(page)).toBe('/rank/?by=alike');
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(field, { alike: true })));
    expect(await page.isChecked('[data-alike]')).toBe(true);
    await page.selectOption('[data-preset]', 'source');
    await expect.poll(() => here(page)).toBe('/rank/');
    await expect.poll(() => rows(page)).toEqual(plain);
    await finish(context);
  });

  it('draws a ranking’s first rows at once and the others a few a frame, its table busy and as high as it was meanwhile', async ({ expect }) => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/');
    const before = await page.locator('[data-rank] .table-wrap').evaluate((wrap) => (wrap as HTMLElement).offsetHeight);
    const says = (p: Page) => p.locator('[data-rank-summary], [data-rank-legend], [data-rank-about]').allTextContents();
    const saidBefore = await says(page);
    // The page as it is when it says the new ranking's first rows are in, read in that same task.
    const atDraw = page.evaluate(
      () =>
        new Promise<{ rows: number; busy: string | null; drawing: boolean; minHeight: string }>((resolve) => {
          const root = document.querySelector<HTMLElement>('[data-rank]')!;
          const wrap = root.querySelector<HTMLElement>('.table-wrap')!;
          root.addEventListener(
            'rank-rows',
            () =>
              resolve({
                rows: root.querySelectorAll('tbody tr').length,
                busy: wrap.getAttribute('aria-busy'),
                drawing: 'drawing' in root.dataset,
                minHeight: wrap.style.minHeight,
              }),
            { once: true },
          );
        }),
    );
    await page.selectOption('[data-preset]', 'alike');
    const expected = expectedRows(expectedRanking(field, { alike: true }));
    expect(expected.length).toBeGreaterThan(FIRST_ROWS);
    expect(await atDraw).toEqual({ rows: FIRST_ROWS, busy: 'true', drawing: true, minHeight: `${before}px` });
    await settled(page);
    expect(await rows(page)).toEqual(expected);
    expect(await page.locator('[data-rank] .table-wrap').evaluate((wrap) => [wrap.getAttribute('aria-busy'), (wrap as HTMLElement).style.minHeight])).toEqual([
      null,
      '',
    ]);
    // What the page says of the rows, which it writes a frame or two after the first of them, is what it says when opened at their address.
    const opened = await open(context, here(page));
    expect(await says(page)).toEqual(await says(opened));
    expect(await says(page)).not.toEqual(saidBefore);
    await finish(context);
  });

  it('makes each change a history entry that Back and Forward step through, controls and rows with it', async ({ expect }) => {
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

  it('makes on Back the ranges of a ranking that a newer change overtook before they were made', async ({ expect }) => {
    const [a, b] = busiestTags();
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    // The second change made as the first one's rows start to be drawn: its ranking is asked for before the first one's ranges
    // are back, so the ranges worker, which makes only the last ranges asked for, drops them. Each ranges heard is a
    // `rank:ranges` measure: the first ranking's were dropped when B's are the only ones heard. Whether they were back before
    // the second change depends on the machine, so up to 5 tries (each a new page).
    let page: Page | undefined;
    for (let attempt = 0, dropped = false; !dropped; attempt++) {
      expect(attempt, 'the first ranking’s ranges were never overtaken in 5 tries').toBeLessThan(5);
      await page?.close();
      page = await open(context, '/rank/?w=*:1');
      await settled(page);
      const heard = () => page!.evaluate(() => performance.getEntriesByName('rank:ranges').length);
      const before = await heard();
      await page.evaluate(
        ([first, second]) =>
          new Promise<void>((resolve) => {
            const set = (tag: string, value: string) => {
              const input = document.querySelector<HTMLInputElement>(`input[data-tag="${tag}"]`)!;
              input.value = value;
              input.dispatchEvent(new Event('change', { bubbles: true }));
            };
            const drawing = new MutationObserver(() => {
              if (!document.querySelector('[data-drawing]')) return;
              drawing.disconnect();
              set(second!, '2');
              resolve();
            });
            drawing.observe(document.body, { attributes: true, attributeFilter: ['data-drawing'], subtree: true });
            set(first!, '3');
          }),
        [a!, b!],
      );
      await expect.poll(() => here(page!)).toContain(`${b}:2`);
      await settled(page);
      dropped = (await heard()) === before + 1;
    }
    // Back draws the first ranking (`rank-drawn`), then its ranges are made: wait for the draw, so that `settled` is not read
    // from the second ranking's rows, still on screen before it.
    const drawn = page!.evaluate(() => new Promise<void>((resolve) => document.addEventListener('rank-drawn', () => resolve(), { once: true, capture: true })));
    await page!.goBack();
    await drawn;
    await expect.poll(() => here(page!)).toContain(`${a}:3`);
    expect(here(page!)).not.toContain(`${b}:2`);
    // Its rows drawn again and their ranges made this time: none left waiting ("…") under a rank.
    await settled(page!);
    const likely = await page!
      .locator('[data-rank] tbody tr')
      .evaluateAll((trs) => trs.filter((tr) => tr.querySelector('td.rank strong')).map((tr) => tr.querySelector('td.rank .likely')?.textContent ?? null));
    expect(likely.length).toBeGreaterThan(10);
    expect(likely.filter((l) => !(l !== null && /^likely rank here \d+(–\d+)?$/.test(l)))).toEqual([]);
    await finish(context);
  });

  it('lists apart, after the ranked rows and without a rank, the models with too little evidence for a rank', async ({ expect }) => {
    // One capability tripled beside the others (alone, none of the sample's ranks a model), on the page where the rows listed apart begin.
    const [a] = busiestTags();
    const expected = expectedRanking(field, { tags: { [a!]: 3, '*': 1 } });
    expect(expected.apart.length).toBeGreaterThan(0);
    expect(expected.ranked.length).toBeGreaterThan(0);
    const n = Math.floor(expected.ranked.length / 100) + 1;
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, `/rank/?w=${a}:3,*:1&sort=name&dir=asc${n > 1 ? `&page=${n}` : ''}`);
    const drawn = await rows(page);
    const firstApart = drawn.findIndex(([, kind]) => kind === 'apart');
    expect(firstApart).toBe(expected.ranked.length - 100 * (n - 1));
    expect(drawn.slice(firstApart).every(([, kind]) => kind === 'apart')).toBe(true);
    expect(await page.locator('[data-rank-summary]').textContent()).toContain(`${expected.apart.length} listed apart (too little evidence for a rank)`);
    expect((await page.locator('[data-rank-about]').textContent())!.replace(/\s+/g, ' ')).toContain(
      `A model is ranked when its evidence rests on at least ${file.method.minBenchmarks} of the weighed benchmarks it shares with the references`,
    );
    // Each row says how much of the weight its evidence covers: the first listed apart, by name.
    const name = drawn[firstApart]![0]!;
    const m = expected.apart.find((k) => field.names.get(k) === name)!;
    const row = page.locator('[data-rank] tbody tr', { has: page.locator(`th a:text-is("${name}")`) });
    expect(await row.locator('td.coverage').textContent()).toBe(`${Math.round(expected.coverage.get(m)! * 100)}%`);
    await finish(context);
  });

  it('says what an address gave that it could not use, and ranks by the rest', async ({ expect }) => {
    const [a] = busiestTags();
    const context = await newContext();
    const page = await open(context, `/rank/?w=${a}:1,nonsense:2,${a}x:-1&by=sideways`);
    const notes = await page.locator('[data-rank-notes]').textContent();
    expect(notes).toContain('“nonsense”: no benchmark carries this tag.');
    expect(notes).toContain('the only choice is by=alike');
    await expect.poll(() => rows(page)).toEqual(expectedRows(expectedRanking(field, { tags: { [a!]: 1 } })));
    await finish(context);
  });

  it.for(['/', '/leaderboard/as-of/?asOf=2026-11-16', '/rank/', `/rank/?w=long-context:3,*:1`])(
    'shows at least three ranked rows on a phone’s first screen (390 × 844): %s',
    async (path, { expect }) => {
      const context = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await open(context, path);
      await loaded(page);
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

  it('reaches its folded controls and the header’s menu with a keyboard on a phone', async ({ expect }) => {
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

  it('gives assistive technology every row’s cells and every weight’s field, those scrolled out of sight too', async ({ expect }) => {
    // Chromium leaves out of its accessibility tree what `content-visibility: auto` skips: a field scrolled out of its box, a row below the screen.
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await open(context, '/rank/?by=alike');
    await page.click('[data-bench-weights] > summary');
    await expect.poll(() => page.locator('input[data-bench]').count()).toBeGreaterThan(0);
    await loaded(page);
    const drawn = await page.evaluate(() => {
      const fields = [...document.querySelectorAll<HTMLInputElement>('[data-rank] .weight-list input')];
      const outOfBox = fields.filter((input) => {
        const box = input.closest('.weight-list')!.getBoundingClientRect();
        const at = input.getBoundingClientRect();
        return at.top >= box.bottom || at.bottom <= box.top;
      });
      const rows = document.querySelectorAll('[data-rank] tbody tr');
      return {
        fields: fields.length,
        outOfBox: outOfBox.length,
        rowsBelow: [...rows].filter((tr) => tr.getBoundingClientRect().top > window.innerHeight).length,
        cells: document.querySelectorAll('[data-rank] tbody td').length,
        rowHeaders: document.querySelectorAll('[data-rank] tbody th').length,
      };
    });
    // What the test holds is there to hold: fields out of their boxes' sight and rows below the screen.
    expect(drawn.outOfBox).toBeGreaterThan(10);
    expect(drawn.rowsBelow).toBeGreaterThan(50);
    const cdp = await context.newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const exposed = (role: string) => nodes.filter((n) => !n.ignored && n.role?.value === role).length;
    expect({ fields: exposed('spinbutton'), cells: exposed('cell'), rowHeaders: exposed('rowheader') }).toEqual({
      fields: drawn.fields,
      cells: drawn.cells,
      rowHeaders: drawn.rowHeaders,
    });
    await finish(context);
  });

  // One page a test, so that no test waits on more than one axe run over a page with every benchmark's field drawn.
  it.for(
    (['light', 'dark'] as const).flatMap((colorScheme) =>
      (
        [
          [1280, 'source', false],
          [1280, 'tag', true],
          [390, 'alike', true],
        ] as const
      ).map(([width, weighing, openAll]) => ({ colorScheme, width, weighing, openAll })),
    ),
  )(
    'passes axe-core in the $colorScheme theme at $width px, weighed $weighing, every control open: $openAll',
    async ({ colorScheme, width, weighing, openAll }, { expect }) => {
      const [a] = busiestTags();
      const path = { source: '/rank/', tag: `/rank/?w=${a}:1,nope:1`, alike: '/rank/?by=alike' }[weighing];
      const context = await newContext({ colorScheme, viewport: { width, height: 900 } });
      const page = await open(context, path);
      if (openAll) {
        // On a phone, the fold first; the benchmarks' list; then the header's menu, which opens over the page.
        for (const summary of ['[data-rank] > details.fold > summary', '[data-bench-weights] > summary', 'details.menu > summary'])
          if (await page.locator(summary).isVisible()) await page.click(summary);
        await expect.poll(() => page.locator('input[data-bench]').count()).toBeGreaterThan(0);
      }
      expect(await axeViolations(page, colorScheme)).toEqual([]);
      await finish(context);
    },
  );

  it.for([1280, 390])('moves nothing on screen while its script starts and draws, at %i px (layout shift under 0.05)', async (width, { expect }) => {
    const [a] = busiestTags();
    const context = await newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
    await countLayoutShifts(context);
    expect(await shiftedPages((path) => open(context, path), ['/rank/', `/rank/?w=${a}:1`, '/rank/?by=alike&sort=coverage&dir=desc'], width)).toEqual([]);
    await finish(context);
  });

  it('scores at least 99 in Lighthouse’s accessibility, best practices and SEO (mobile)', async ({ expect }) => {
    // Its performance depends on this machine's speed and load, and its trace is most of Lighthouse's time: npm run lighthouse reports it.
    const [page] = await lighthouseScores(dist, ['/rank/'], ['accessibility', 'best-practices', 'seo']);
    console.info(`Lighthouse (mobile) ${scoresLine(page!)}`);
    for (const category of ['accessibility', 'best-practices', 'seo'] as const)
      expect(page!.scores[category], page!.failing.join('\n')).toBeGreaterThanOrEqual(0.99);
  });
});
