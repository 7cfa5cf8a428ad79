/**
 * `/rank/` on a built site, for the benchmark: its data (rank.json, the index, and the parts under
 * data/rank/) raw and gzipped; what one weighting loads, by weighting (the index and the parts it
 * needs, src/site/evidence/rank-file.ts' partsFor, beside the page's own HTML, CSS, JavaScript,
 * fonts and icons as the browser loaded them); and in Debian's Chromium with the CPU slowed 4 times
 * (CDP `Emulation.setCPUThrottlingRate`), the time from a weight's field changing to the frame after
 * its rows are drawn, and to the frame after their likely ranges are, per change, and the longest task the page's main thread ran meanwhile (what
 * input waits for at most). Reported, never asserted: the machine's speed decides it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { FIRST_ROWS } from '../../site/lists/pagination.ts';
import { serveStatic } from '../../publish/static-server.ts';
import { namesOf, partsFor, type FileEntry, type RankFile } from '../../site/evidence/rank-file.ts';
import { readWeights, weighingOf, type WeightParams } from '../../site/evidence/weights.ts';
import { median } from './stats.ts';

/** The Chromium the measure runs, read when it runs: `CHROMIUM_PATH`, else Debian's. */
const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How much slower than this machine the CPU runs, as a mid-range phone's. */
export const CPU_SLOWDOWN = Number(process.env.RANK_SLOWDOWN ?? 4);

/** The ranking's data as a build wrote it. */
export interface RankFileSize {
  /** The index and all its parts, raw and gzip -9. */
  bytes: number;
  gzipBytes: number;
  /** The index alone, gzip -9. */
  indexGzipBytes: number;
  /** Models in the snapshot; those the part of every benchmark holds; tags' parts, and those cut by the budget. */
  models: number;
  allModels: number;
  tagParts: number;
  cutTagParts: number;
}

/** What one weighting loads of the ranking's data: the index and its parts, gzip -9, and how many models they hold. */
export interface WeighingBytes {
  weighing: string;
  parts: number;
  gzipBytes: number;
  models: number;
}

/**
 * Where a change's time to its rows went, in ms, from the page's marks and the ranking worker's
 * measures (`rank:…`, src/browser/rank-engine.ts' `timed`): `before`, from the field's change to the
 * worker starting the ranking (the page reading the weights and asking); `files`, fetching, reading
 * and decoding the data's files it needs (0 where they were kept), of which `read` and `decode` are
 * summed over the files; `assemble`, the field from them; `rank`, the passes of the references' rule;
 * `rows`, the list's rows; `post`, the worker copying its answer out; `deliver`, from then to the page
 * hearing it (the page copying it in); `draw`, from then to the first rows drawn (the page's
 * `rank:rows` mark; with a page's rows or fewer, also the sentences and the controls, which the
 * page otherwise draws two frames later); `frame`, from then to the next frame; `weights`, the
 * weights' fields written (part of draw or after it).
 */
export interface RankSplit {
  before: number;
  files: number;
  read: number;
  decode: number;
  assemble: number;
  rank: number;
  rows: number;
  post: number;
  deliver: number;
  draw: number;
  frame: number;
  weights: number;
}

/**
 * Where a change's time to its likely ranges went, in ms, from the ranges worker's measures and the
 * page's marks: `before`, from the field's change to the ranges worker starting on them: handed the
 * ranking by the ranking worker once it posted the rows, and asked by the page once it drew them;
 * `files`, `assemble` as in RankSplit, for the ranges worker's own load of the data (0 where it
 * kept it); `resample`, the ranges made (rank-ranges.ts); `post`, the worker copying them out;
 * `deliver`, from then to the page hearing them; `draw`, from then to the first rows drawn with them
 * (from the rows' arrival where they came before the rows); `frame`, to the next frame.
 */
export interface RangesSplit {
  before: number;
  files: number;
  assemble: number;
  resample: number;
  post: number;
  deliver: number;
  draw: number;
  frame: number;
}

/** One change of a weight in the browser: the weighting it asked for, the ms to the frame after its rows, then after their likely ranges, and its data's bytes; where its time went, and the longest main-thread task meanwhile. */
export interface RankChange {
  weighing: string;
  /** To the frame after its first rows (the list draws a page's rows a few a frame after the first screen's), after all of them, after their ranges. */
  ms: number;
  /** To the frame after what the page says of the rows (its sentences, legend and the weights' fields). */
  saidMs?: number;
  allMs?: number;
  rangesMs: number;
  gzipBytes: number;
  split?: RankSplit;
  rangesSplit?: RangesSplit;
  longestTaskMs?: number;
}

export interface RankPageResult extends RankFileSize {
  /** By weighting: the source's, every benchmark alike, each capability alone (the largest, and the median), two capabilities, one tripled beside the others. */
  weighings: WeighingBytes[];
  /** The page's own responses (its HTML, CSS, JavaScript, fonts, icons), gzipped: what every weighting loads besides its data. */
  pageGzipBytes: number;
  /** The changes measured, the first (which also starts the worker and fetches the index) first. */
  changes: RankChange[];
  /** The longest task on the page's main thread during the changes, in ms (CPU slowed as above). */
  longestTaskMs: number;
  /** `/rank/?w=*:2` (the source's proportions) opened: ms from the navigation to its rows drawn with their likely ranges (or with the page's word that the field's are withheld). */
  sourceProportionsMs?: number;
  /** Whether those rows showed ranges: false where the field's are withheld (a small field), as the leaderboard's are. */
  sourceProportionsRanged?: boolean;
  /** Why it was not measured in a browser, where it was not. */
  skipped?: string;
}

const gzipped = (bytes: Buffer | Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

/** The data's files in `dist`, read once: the index, and what a weighting's files weigh gzip -9. */
function rankData(dist: string) {
  const path = join(dist, 'data/rank.json');
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path);
  const index = JSON.parse(text.toString('utf8')) as RankFile;
  const entries: FileEntry[] = [...index.blocks, index.parts.all, ...index.parts.tags, index.parts.untagged].filter((e): e is FileEntry => e !== null);
  const sizes = new Map(entries.map((e) => [e.path, gzipped(readFileSync(join(dist, 'data', e.path)))]));
  const indexGz = gzipped(text);
  const { names, benchmarks } = namesOf(index);
  /** What the weighting of `params` loads: the index, its parts and their blocks, gzip -9; and the models above the parts' cut. */
  const loading = (params: Partial<WeightParams>) => {
    const loads = partsFor(index, weighingOf(readWeights({ w: '', b: '', by: '', ...params }, names).weights, benchmarks).weight);
    const files = [...index.blocks.slice(0, loads.blocks), ...loads.parts];
    return {
      files: files.length,
      gzipBytes: indexGz + files.reduce((sum, e) => sum + sizes.get(e.path)!, 0),
      models: Math.min(index.models, ...loads.parts.map((e) => e.cut)),
    };
  };
  return {
    index,
    loading,
    indexGz,
    raw: statSync(path).size + entries.reduce((sum, e) => sum + statSync(join(dist, 'data', e.path)).size, 0),
    gzip: indexGz + [...sizes.values()].reduce((a, b) => a + b, 0),
  };
}

/** The ranking's data in `dist`: its size, and what each kind of weighting loads; undefined where the build wrote none. */
export function rankFileSize(dist: string): (RankFileSize & { weighings: WeighingBytes[] }) | undefined {
  const data = rankData(dist);
  if (!data) return undefined;
  const { index, indexGz } = data;
  const loads = (weighing: string, params: Partial<WeightParams>): WeighingBytes => {
    const { files, gzipBytes, models } = data.loading(params);
    return { weighing, parts: files, gzipBytes, models };
  };
  const alone = index.tags.segment.map((t) => loads(`${t}:1`, { w: `${t}:1` })).sort((a, b) => a.gzipBytes - b.gzipBytes);
  const [a, b] = busiest(index);
  const tagParts = index.parts.tags.filter((e) => e !== null);
  return {
    bytes: data.raw,
    gzipBytes: data.gzip,
    indexGzipBytes: indexGz,
    models: index.models,
    allModels: index.parts.all.cut,
    tagParts: tagParts.length,
    cutTagParts: tagParts.filter((e) => e.cut < Math.min(index.models, index.hostModels)).length,
    weighings: [
      loads('as the source weighs', {}),
      loads('every benchmark alike', { by: 'alike' }),
      ...(alone.length > 0 ? [{ ...alone.at(-1)!, weighing: `the largest capability alone (${alone.at(-1)!.weighing})` }] : []),
      ...(alone.length > 0 ? [{ ...alone[alone.length >> 1]!, weighing: `the median capability alone (${alone[alone.length >> 1]!.weighing})` }] : []),
      ...(b ? [loads(`${a}:3,${b}:1`, { w: `${a}:3,${b}:1` })] : []),
      ...(a ? [loads(`${a}:3,*:1`, { w: `${a}:3,*:1` })] : []),
    ],
  };
}

/** The two capabilities carried by the most benchmarks: those the bench's changes weigh. */
export function busiest(index: RankFile): string[] {
  const counts = index.tags.segment.map((_, t) => index.benchmarks.tags.filter((ts) => ts.includes(t)).length);
  return counts
    .map((c, t) => [c, t] as const)
    .sort((x, y) => y[0] - x[0] || x[1] - y[1])
    .slice(0, 2)
    .map(([, t]) => index.tags.segment[t]!);
}

/** A User Timing entry, its start on the clock of the page's time origin. */
interface Timing {
  name: string;
  at: number;
  duration: number;
}

/** The `rank:` marks and measures of the page or a worker, then cleared, on one clock (ms since the epoch). */
const timingsOf = (target: Pick<Page, 'evaluate'>): Promise<Timing[]> =>
  target.evaluate(() => {
    const out = performance
      .getEntries()
      .filter((e) => e.name.startsWith('rank:'))
      .map((e) => ({ name: e.name.slice(5), at: performance.timeOrigin + e.startTime, duration: e.duration }));
    performance.clearMarks();
    performance.clearMeasures();
    return out;
  });

/** The timings of the ranking worker (`rank`) or of the ranges worker (`rank-ranges`). */
async function workerTimings(page: Page, name = 'rank'): Promise<Timing[]> {
  for (const worker of page.workers()) if ((await worker.evaluate(() => self.name).catch(() => '')) === name) return timingsOf(worker);
  return [];
}

/** The page's mark of a ranking's first rows drawn: `rank:rows`, or on a build before that mark `rank:drawn` (its rows and sentences at once). */
const rowsMark = (t: Timing) => t.name === 'rows' || t.name === 'drawn';

/** Where a change's time to its rows went (RankSplit), from the page's and the ranking worker's timings; undefined where they are not all there. */
export function splitOf(startedAt: number, ms: number, pageTimings: readonly Timing[], worker: readonly Timing[]): RankSplit | undefined {
  const one = (list: readonly Timing[], name: string) => list.find((t) => t.name === name);
  const sum = (list: readonly Timing[], name: string) => list.filter((t) => t.name === name).reduce((a, t) => a + t.duration, 0);
  const engine = one(worker, 'engine');
  const post = one(worker, 'post');
  const received = one(pageTimings, 'received');
  const drawn = received && pageTimings.find((t) => rowsMark(t) && t.at >= received.at);
  if (!engine || !post || !received || !drawn) return undefined;
  const files = one(worker, 'files')?.duration ?? 0;
  return {
    before: engine.at - startedAt,
    files,
    read: files && sum(worker, 'read'),
    decode: files && sum(worker, 'decode'),
    assemble: sum(worker, 'assemble'),
    rank: sum(worker, 'rank'),
    rows: sum(worker, 'rows'),
    post: post.duration,
    deliver: received.at - (post.at + post.duration),
    draw: drawn.at - received.at,
    frame: startedAt + ms - drawn.at,
    weights: sum(pageTimings, 'weights'),
  };
}

/** Where a change's time to its ranges went (RangesSplit); undefined where the timings are not all there. */
export function rangesSplitOf(startedAt: number, rangesMs: number, pageTimings: readonly Timing[], worker: readonly Timing[]): RangesSplit | undefined {
  const one = (list: readonly Timing[], name: string) => list.find((t) => t.name === name);
  const handed = one(worker, 'started');
  const resample = one(worker, 'resample');
  const post = one(worker, 'post');
  const heard = one(pageTimings, 'ranges');
  if (!handed || !resample || !post || !heard) return undefined;
  const heardAt = heard.at + heard.duration;
  const received = one(pageTimings, 'received');
  // Ranges heard before the rows: drawn with them.
  const from = received && received.at > heardAt ? received.at : heardAt;
  // The rows drawn again with them, when the page says their ranges are made.
  const drawn = pageTimings.find((t) => rowsMark(t) && t.at >= from);
  if (!drawn) return undefined;
  return {
    before: handed.at - startedAt,
    files: one(worker, 'files')?.duration ?? 0,
    assemble: one(worker, 'assemble')?.duration ?? 0,
    resample: resample.duration,
    post: post.duration,
    deliver: heardAt - (post.at + post.duration),
    draw: drawn.at - heardAt,
    frame: startedAt + rangesMs - drawn.at,
  };
}

/** A change's times: ms to the frame after its first rows, after what the page says of them, after all its rows, after their ranges; and when it started (ms since the epoch). */
interface Timed {
  ms: number;
  saidMs: number;
  allMs: number;
  rangesMs: number;
  startedAt: number;
}

/** How long a change may take to draw its rows and ranges before the bench gives up on it. */
const CHANGE_LIMIT_MS = 300_000;

/**
 * Changes one weight's field as a visitor does, and resolves with the ms to the frame after the rows it asks for are drawn,
 * after what the page says of them, and after their ranges are, and when it started (ms since the epoch). Fails, rather than
 * waiting on, a page that says its data could not be loaded, or a change not drawn within CHANGE_LIMIT_MS.
 */
function timedChange(page: Page, selector: string, value: string): Promise<Timed> {
  return page.evaluate(
    ([selector, value, limit]) =>
      new Promise<Timed>((resolve, reject) => {
        const root = document.querySelector<HTMLElement>('[data-rank]')!;
        const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(selector)!;
        const started = performance.now();
        const status = root.querySelector('[data-status]')!;
        const give = (why: string) => {
          watching.disconnect();
          clearTimeout(timer);
          reject(new Error(`/rank/ after ${selector} = ${value}: ${why}`));
        };
        const watching = new MutationObserver(() => {
          if (status.textContent?.includes('could not be loaded')) give(`the page says "${status.textContent}"`);
        });
        watching.observe(status, { childList: true, characterData: true, subtree: true });
        const timer = setTimeout(() => give(`not drawn with its ranges within ${limit / 1000} s`), limit);
        const done = (t: Timed) => {
          watching.disconnect();
          clearTimeout(timer);
          resolve(t);
        };
        let ms: number | undefined;
        let allMs: number | undefined;
        let rangesMs: number | undefined;
        let saidMs: number | undefined;
        let said = false;
        // Each frame from the first rows on: when what the page says of them is drawn, when the last of them is (data-drawing
        // gone), and the ranges.
        const frame = () => {
          const now = performance.now() - started;
          if (said) saidMs ??= now;
          if (root.dataset.drawing === undefined) allMs ??= now;
          if (root.dataset.ranges === 'made') rangesMs ??= now;
          // Done once the ranges are drawn in every row too.
          if (saidMs === undefined || allMs === undefined || rangesMs === undefined || root.dataset.drawing !== undefined) {
            return void requestAnimationFrame(frame);
          }
          done({ ms: ms!, saidMs, allMs, rangesMs, startedAt: performance.timeOrigin + started });
        };
        // The first rows in (`rank-rows`), then the sentences and the weights' fields (`rank-drawn`), which the page draws two
        // frames later while more rows are to come (a build before `rank-rows` drew them with the rows: its `rank-drawn` is both).
        const rowsIn = () =>
          requestAnimationFrame(() => {
            if (ms !== undefined) return;
            ms = performance.now() - started;
            frame();
          });
        root.addEventListener('rank-rows', rowsIn, { once: true });
        root.addEventListener(
          'rank-drawn',
          () => {
            said = true;
            rowsIn();
          },
          { once: true },
        );
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    [selector, value, CHANGE_LIMIT_MS] as const,
  );
}

/**
 * Opens `url` (a /rank/ address) and resolves with the ms from the navigation to its rows drawn with their likely ranges
 * (`data-ranges="made"`: drawn, or withheld on this field, as a small field's are), and whether they showed any.
 */
async function openedWithRanges(page: Page, url: string): Promise<{ ms: number; ranged: boolean }> {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-rank][data-drawn][data-ranges="made"]:not([data-drawing])'), undefined, {
    timeout: 300_000,
    polling: 50,
  });
  return page.evaluate(() => ({ ms: performance.now(), ranged: document.querySelector('td.rank .likely') !== null }));
}

/** The ranking's data on a target's build: its size (a target's plan may hold fewer models in it). */
export type RankOnTarget = RankFileSize & { target: string };

/** What the bench reports of /rank/: the page measured on the build without a target, and the data on each target's. */
export type RankResult = RankPageResult & { targets: RankOnTarget[] };

/** The ranking's data of the build for `target` in `dist`, where it wrote any. */
export const rankFileOn = (target: string, dist: string): RankOnTarget[] => {
  const size = rankFileSize(dist);
  if (!size) return [];
  const { weighings: _, ...rest } = size;
  return [{ target, ...rest }];
};

/** Measures `/rank/` of the site built in `dist`. */
export async function measureRankPage(dist: string): Promise<RankResult | undefined> {
  const size = rankFileSize(dist);
  const data = rankData(dist);
  if (!size || !data) return undefined;
  const none = { ...size, pageGzipBytes: 0, changes: [], longestTaskMs: 0, targets: [] };
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) return { ...none, skipped: `no Chromium at ${executablePath}` };
  const [a, b] = busiest(data.index);
  if (!b) return { ...none, skipped: 'fewer than two capabilities to weigh' };
  const server = await serveStatic({ dir: dist });
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'], timeout: 120_000 });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const bodies: Promise<{ url: string; bytes: number }>[] = [];
    page.on('response', (r) =>
      bodies.push(
        r.body().then(
          (body) => ({ url: r.url(), bytes: gzipped(body) }),
          () => ({ url: r.url(), bytes: 0 }),
        ),
      ),
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${server.url.replace(/\/$/, '')}/rank/`, { waitUntil: 'networkidle', timeout: 300_000 });
    // The page's script may not have run yet when the network is idle (its module evaluates after the page is laid out, which
    // the slowdown makes long): a first change made before it would time the page's own rows, which the script draws first.
    await page.waitForSelector('[data-rank][data-drawn]', { state: 'attached', timeout: 300_000 });
    const pageGzipBytes = (await Promise.all(bodies)).reduce((sum, r) => sum + r.bytes, 0);
    await page.evaluate(() => {
      const w = window as unknown as { longestTask: number; tasks: { at: number; duration: number }[] };
      w.longestTask = 0;
      w.tasks = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => {
          w.longestTask = Math.max(w.longestTask, e.duration);
          w.tasks.push({ at: performance.timeOrigin + e.startTime, duration: e.duration });
        }),
      ).observe({ type: 'longtask' });
    });
    await timingsOf(page);
    const bytesOf = (params: Partial<WeightParams>) => data.loading(params).gzipBytes;
    // As a visitor changes weights: one capability up, the others out, a second one, every benchmark alike, one capability alone, then another.
    const steps: [string, string, string, Partial<WeightParams>][] = [
      [`input[data-tag="${a}"]`, '3', `${a}:3,*:1`, { w: `${a}:3,*:1` }],
      ['input[data-rest]', '0', `${a}:3`, { w: `${a}:3` }],
      [`input[data-tag="${b}"]`, '1', `${a}:3,${b}:1`, { w: `${a}:3,${b}:1` }],
      ['[data-preset]', 'alike', 'by=alike', { by: 'alike' }],
      ['[data-preset]', `tag:${b}`, `${b}:1`, { w: `${b}:1` }],
      ['[data-preset]', `tag:${a}`, `${a}:1`, { w: `${a}:1` }],
    ];
    const changes: RankChange[] = [];
    for (const [selector, value, weighing, params] of steps) {
      await workerTimings(page);
      await workerTimings(page, 'rank-ranges');
      const { ms, saidMs, allMs, rangesMs, startedAt } = await timedChange(page, selector, value);
      const pageTimings = await timingsOf(page);
      const split = splitOf(startedAt, ms, pageTimings, await workerTimings(page));
      const rangesSplit = rangesSplitOf(startedAt, rangesMs, pageTimings, await workerTimings(page, 'rank-ranges'));
      // The long tasks are heard of after they end: the next frame's, once it is drawn.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      const tasks = await page.evaluate(() => (window as unknown as { tasks: { at: number; duration: number }[] }).tasks.splice(0));
      const longestTaskMs = Math.max(0, ...tasks.filter((t) => t.at >= startedAt).map((t) => t.duration));
      changes.push({
        weighing,
        ms,
        saidMs,
        allMs,
        rangesMs,
        gzipBytes: bytesOf(params),
        ...(split && { split }),
        ...(rangesSplit && { rangesSplit }),
        longestTaskMs,
      });
    }
    await page.waitForLoadState('networkidle');
    const longestTaskMs = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
    const opened = await openedWithRanges(page, `${server.url.replace(/\/$/, '')}/rank/?w=*:2`);
    return { ...size, pageGzipBytes, changes, longestTaskMs, sourceProportionsMs: opened.ms, sourceProportionsRanged: opened.ranged, targets: [] };
  } finally {
    await browser.close();
    await server.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const sizeOf = (r: RankFileSize) =>
  `the ranking's data ${kb(r.bytes)} raw, ${kb(r.gzipBytes)} gzip -9 in all (the index ${kb(r.indexGzipBytes)}; the part of every benchmark holds the best ${r.allModels.toLocaleString('en-US')} of ${r.models.toLocaleString('en-US')} models; ${r.tagParts} capabilities' parts, ${r.cutTagParts} of them cut by the budget)`;

/** The report's lines: the page with details, and the ranking's data on each target built with details. */
export function rankLines(r: RankResult): string[] {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const loads = r.weighings.map(
    (w) => `${w.weighing}: ${kb(w.gzipBytes + r.pageGzipBytes)} (${w.parts} part${w.parts === 1 ? '' : 's'}, ${w.models.toLocaleString('en-US')} models)`,
  );
  const rest = r.changes.slice(1).map((c) => c.ms);
  const restAll = r.changes.slice(1).map((c) => c.allMs ?? c.ms);
  const restRanges = r.changes.slice(1).map((c) => c.rangesMs);
  const page = r.skipped
    ? [`- /rank/ with details: ${sizeOf(r)}; not measured in a browser: ${r.skipped}`]
    : [
        `- /rank/ with details: ${sizeOf(r)}`,
        `- /rank/ loads for one weighting, gzipped, its page's own ${kb(r.pageGzipBytes)} included: ${loads.join('; ')}`,
        `- /rank/, a weight changed to the frame after its first rows (the first screen's ${FIRST_ROWS}), after all its rows, and after their likely ranges, CPU slowed ${CPU_SLOWDOWN}x: ${r.changes.map((c) => `${c.weighing} ${ms(c.ms)} / ${ms(c.allMs ?? c.ms)} / ${ms(c.rangesMs)}`).join(', ')} (the first starts the worker and fetches the index; median of the rest ${ms(median(rest))} / ${ms(median(restAll))} / ${ms(median(restRanges))}); the longest task on the page's main thread meanwhile ${ms(r.longestTaskMs)}`,
        ...(r.sourceProportionsMs === undefined
          ? []
          : [
              `- /rank/?w=*:2 (the source's proportions) opened, CPU slowed ${CPU_SLOWDOWN}x: its rows drawn ${r.sourceProportionsRanged === false ? 'with the word that the field’s likely ranges are withheld' : 'with their likely ranges'} ${ms(r.sourceProportionsMs)} after the navigation`,
            ]),
      ];
  const splits = r.skipped
    ? []
    : r.changes.flatMap((c) =>
        c.split
          ? [
              `${c.weighing}: ${splitLine(c.split)}${c.saidMs === undefined ? '' : `; what the page says of them ${ms(c.saidMs)} after the change`}; its longest main-thread task ${ms(c.longestTaskMs ?? 0)}`,
            ]
          : [],
      );
  const split = splits.length ? [`- /rank/, where each change's time to its rows went (CPU slowed ${CPU_SLOWDOWN}x): ${splits.join('; ')}`] : [];
  const rangesSplits = r.skipped ? [] : r.changes.flatMap((c) => (c.rangesSplit ? [`${c.weighing}: ${rangesSplitLine(c.rangesSplit)}`] : []));
  const rangesSplit = rangesSplits.length
    ? [`- /rank/, where each change's time to its ranges went (CPU slowed ${CPU_SLOWDOWN}x): ${rangesSplits.join('; ')}`]
    : [];
  return [...page, ...split, ...rangesSplit, ...r.targets.map((t) => `- /rank/ on ${t.target} with details: ${sizeOf(t)}`)];
}

/** A change's split, in the order its time passes. */
export function splitLine(s: RankSplit): string {
  const n = (x: number) => x.toFixed(0);
  const files = s.files > 0 ? `files ${n(s.files)} (reading ${n(s.read)}, decoding ${n(s.decode)} summed over them), assembling ${n(s.assemble)}, ` : '';
  return `before the worker ${n(s.before)}, ${files}ranking ${n(s.rank)}, rows ${n(s.rows)}, posting ${n(s.post)}, to the page ${n(s.deliver)}, drawing ${n(s.draw)} (the weights' fields ${n(s.weights)}), to the frame ${n(s.frame)}`;
}

/** A change's ranges split, in the order its time passes. */
export function rangesSplitLine(s: RangesSplit): string {
  const n = (x: number) => x.toFixed(0);
  const files = s.files > 0 ? `files ${n(s.files)}, assembling ${n(s.assemble)}, ` : '';
  return `to the ranges worker ${n(s.before)}, ${files}resampling ${n(s.resample)}, posting ${n(s.post)}, to the page ${n(s.deliver)}, drawing ${n(s.draw)}, to the frame ${n(s.frame)}`;
}
