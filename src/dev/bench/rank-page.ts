/**
 * `/rank/` on a built site, for the benchmark: rank.json's size raw and gzipped, everything the page
 * loads gzipped (its HTML, CSS, JavaScript, fonts and icons, and rank.json, which a weight change
 * loads), and the time a re-rank takes after a weight changes, from the field's change to the next
 * frame after the rows are drawn, in Debian's Chromium with the CPU slowed 4 times (CDP
 * `Emulation.setCPUThrottlingRate`). Reported, never asserted: the machine's speed decides it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { serveStatic } from '../../publish/static-server.ts';
import type { RankFile } from '../../site/evidence/rank-file.ts';
import { median } from './stats.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How much slower than this machine the CPU runs, as a mid-range phone's. */
export const CPU_SLOWDOWN = 4;

/** rank.json as a build wrote it. */
export interface RankFileSize {
  bytes: number;
  /** gzip -9, as the budget counts it. */
  gzipBytes: number;
  /** Models it holds. */
  models: number;
}

export interface RankPageResult extends RankFileSize {
  /** Everything the page loads, each response gzipped, and how many responses. */
  pageGzipBytes: number;
  responses: number;
  /** The first change, which also fetches, parses and decodes rank.json, then the re-ranks after it, in ms. */
  firstMs: number;
  rerankMs: number[];
  /** Why it was not measured in a browser, where it was not. */
  skipped?: string;
}

const gzipped = (bytes: Buffer | Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** rank.json's size in `dist`, raw and gzipped; undefined where the build wrote none. */
export function rankFileSize(dist: string): RankFileSize | undefined {
  const path = join(dist, 'data/rank.json');
  if (!existsSync(path)) return undefined;
  const bytes = readFileSync(path);
  return { bytes: statSync(path).size, gzipBytes: gzipped(bytes), models: (JSON.parse(bytes.toString('utf8')) as RankFile).models };
}

/** Changes one weight's field as a visitor does, and resolves with the ms to the frame after the rows it asks for are drawn. */
function timedChange(page: Page, selector: string, value: string): Promise<number> {
  return page.evaluate(
    ([selector, value]) =>
      new Promise<number>((resolve) => {
        const root = document.querySelector('[data-rank]')!;
        const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(selector)!;
        const started = performance.now();
        root.addEventListener('rank-drawn', () => requestAnimationFrame(() => resolve(performance.now() - started)), { once: true });
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    [selector, value] as const,
  );
}

/** rank.json of a target's build: its size (a target's plan may hold fewer models in it). */
export type RankOnTarget = RankFileSize & { target: string };

/** What the bench reports of /rank/: the page measured on the build without a target, and rank.json on each target's. */
export type RankResult = RankPageResult & { targets: RankOnTarget[] };

/** rank.json of the build for `target` in `dist`, where it wrote one. */
export const rankFileOn = (target: string, dist: string): RankOnTarget[] => {
  const size = rankFileSize(dist);
  return size ? [{ target, ...size }] : [];
};

/** Measures `/rank/` of the site built in `dist`. */
export async function measureRankPage(dist: string): Promise<RankResult | undefined> {
  const file = rankFileSize(dist);
  if (!file) return undefined;
  const none = { ...file, pageGzipBytes: 0, responses: 0, firstMs: 0, rerankMs: [], targets: [] };
  if (!existsSync(CHROMIUM)) return { ...none, skipped: `no Chromium at ${CHROMIUM}` };
  const server = await serveStatic({ dir: dist });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'], timeout: 120_000 });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const bodies: Promise<number>[] = [];
    page.on('response', (r) => bodies.push(r.body().then(gzipped, () => 0)));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${server.url.replace(/\/$/, '')}/rank/`, { waitUntil: 'networkidle', timeout: 300_000 });
    const tags = await page.locator('input[data-tag]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).dataset.tag!));
    if (tags.length < 2) return { ...none, skipped: 'fewer than two capabilities to weigh' };
    // As a visitor changes weights: one capability up, the others out, a second one, every benchmark alike, one capability alone.
    const firstMs = await timedChange(page, `input[data-tag="${tags[0]}"]`, '3');
    const rerankMs = [
      await timedChange(page, 'input[data-rest]', '0'),
      await timedChange(page, `input[data-tag="${tags[1]}"]`, '1'),
      await timedChange(page, '[data-preset]', 'alike'),
      await timedChange(page, '[data-preset]', `tag:${tags[1]}`),
      await timedChange(page, `input[data-tag="${tags[0]}"]`, '2'),
    ];
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(bodies);
    return { ...file, pageGzipBytes: sizes.reduce((a, b) => a + b, 0), responses: sizes.length, firstMs, rerankMs, targets: [] };
  } finally {
    await browser.close();
    await server.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const sizeOf = (r: RankFileSize) => `rank.json ${kb(r.bytes)} raw, ${kb(r.gzipBytes)} gzip -9 (${r.models.toLocaleString('en-US')} models)`;

/** The report's lines: the page with details, and rank.json on each target built with details. */
export function rankLines(r: RankResult): string[] {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const page = r.skipped
    ? `- /rank/ with details: ${sizeOf(r)}; not measured in a browser: ${r.skipped}`
    : `- /rank/ with details: ${sizeOf(r)}; everything it loads ${kb(r.pageGzipBytes)} gzipped (${r.responses} responses); a re-rank after a weight changes, CPU slowed ${CPU_SLOWDOWN}x: median ${ms(median(r.rerankMs))}, at most ${ms(Math.max(...r.rerankMs))} of ${r.rerankMs.length}; the first change, fetching and decoding rank.json too, ${ms(r.firstMs)}`;
  return [page, ...r.targets.map((t) => `- /rank/ on ${t.target} with details: ${sizeOf(t)}`)];
}
