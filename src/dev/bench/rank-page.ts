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
import { serveStatic } from '../../publish/static-server.ts';
import { namesOf, partsFor, type FileEntry, type RankFile } from '../../site/evidence/rank-file.ts';
import { readWeights, weighingOf, type WeightParams } from '../../site/evidence/weights.ts';
import { median } from './stats.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** One change of a weight in the browser: the weighting it asked for, the ms to the frame after its rows, then after their likely ranges, and its data's bytes. */
export interface RankChange {
  weighing: string;
  ms: number;
  rangesMs: number;
  gzipBytes: number;
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

/** The two capabilities carried by the most benchmarks. */
function busiest(index: RankFile): string[] {
  const counts = index.tags.segment.map((_, t) => index.benchmarks.tags.filter((ts) => ts.includes(t)).length);
  return counts
    .map((c, t) => [c, t] as const)
    .sort((x, y) => y[0] - x[0] || x[1] - y[1])
    .slice(0, 2)
    .map(([, t]) => index.tags.segment[t]!);
}

/** Changes one weight's field as a visitor does, and resolves with the ms to the frame after the rows it asks for are drawn, and to the frame after their ranges are. */
function timedChange(page: Page, selector: string, value: string): Promise<{ ms: number; rangesMs: number }> {
  return page.evaluate(
    ([selector, value]) =>
      new Promise<{ ms: number; rangesMs: number }>((resolve) => {
        const root = document.querySelector<HTMLElement>('[data-rank]')!;
        const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(selector)!;
        const started = performance.now();
        let ms: number | undefined;
        const drawn = () =>
          requestAnimationFrame(() => {
            ms ??= performance.now() - started;
            if (root.dataset.ranges !== 'made') return;
            root.removeEventListener('rank-drawn', drawn);
            resolve({ ms, rangesMs: performance.now() - started });
          });
        root.addEventListener('rank-drawn', drawn);
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    [selector, value] as const,
  );
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
  if (!existsSync(CHROMIUM)) return { ...none, skipped: `no Chromium at ${CHROMIUM}` };
  const [a, b] = busiest(data.index);
  if (!b) return { ...none, skipped: 'fewer than two capabilities to weigh' };
  const server = await serveStatic({ dir: dist });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'], timeout: 120_000 });
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
    const pageGzipBytes = (await Promise.all(bodies)).reduce((sum, r) => sum + r.bytes, 0);
    await page.evaluate(() => {
      const w = window as unknown as { longestTask: number };
      w.longestTask = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.longestTask = Math.max(w.longestTask, e.duration)))).observe({ type: 'longtask' });
    });
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
    for (const [selector, value, weighing, params] of steps)
      changes.push({ weighing, ...(await timedChange(page, selector, value)), gzipBytes: bytesOf(params) });
    await page.waitForLoadState('networkidle');
    const longestTaskMs = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
    return { ...size, pageGzipBytes, changes, longestTaskMs, targets: [] };
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
  const restRanges = r.changes.slice(1).map((c) => c.rangesMs);
  const page = r.skipped
    ? [`- /rank/ with details: ${sizeOf(r)}; not measured in a browser: ${r.skipped}`]
    : [
        `- /rank/ with details: ${sizeOf(r)}`,
        `- /rank/ loads for one weighting, gzipped, its page's own ${kb(r.pageGzipBytes)} included: ${loads.join('; ')}`,
        `- /rank/, a weight changed to the frame after its rows, and after their likely ranges, CPU slowed ${CPU_SLOWDOWN}x: ${r.changes.map((c) => `${c.weighing} ${ms(c.ms)} / ${ms(c.rangesMs)}`).join(', ')} (the first starts the worker and fetches the index; median of the rest ${ms(median(rest))} / ${ms(median(restRanges))}); the longest task on the page's main thread meanwhile ${ms(r.longestTaskMs)}`,
      ];
  return [...page, ...r.targets.map((t) => `- /rank/ on ${t.target} with details: ${sizeOf(t)}`)];
}
