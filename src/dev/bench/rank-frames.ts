/**
 * What /rank/'s long tasks are, on a built site: `node src/dev/bench/rank-frames.ts DIR [TRACE]`
 * opens DIR's /rank/ in Debian's Chromium with the CPU slowed as the bench slows it, makes the
 * bench's six changes of weight (src/dev/bench/rank-page.ts), and prints for each its frames over
 * 50 ms as the Long Animation Frames API gives them: how long, how much of it style, layout and
 * paint, and which scripts ran. With TRACE it also records a Chromium trace (devtools.timeline)
 * of the changes, writes it there, and prints the main thread's time by kind (paint, layout,
 * script, ...) over every task. `RANK_FRAMES_CSS` adds a stylesheet to the page before the
 * changes: a way to try a change of CSS on a large site without building it again. Reported, never
 * asserted: the machine's speed and load decide it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { serveStatic } from '../../publish/static-server.ts';
import type { RankFile } from '../../site/evidence/rank-file.ts';
import { busiest, CPU_SLOWDOWN } from './rank-page.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A frame over 50 ms: its start (ms from the change), length, and the parts the API names. */
interface Frame {
  at: number;
  duration: number;
  /** From the frame's rendering (style, layout, paint) on, and from its style and layout on. */
  render: number;
  styleLayout: number;
  scripts: string[];
}

/** Starts recording the page's frames over 50 ms. */
const observeFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frames50: Frame[] };
    w.frames50 = [];
    type Script = { invoker: string; sourceFunctionName: string; duration: number; forcedStyleAndLayoutDuration: number };
    type Entry = PerformanceEntry & { renderStart: number; styleAndLayoutStart: number; scripts: Script[] };
    new PerformanceObserver((list) =>
      (list.getEntries() as Entry[]).forEach((e) => {
        const end = e.startTime + e.duration;
        w.frames50.push({
          at: e.startTime,
          duration: e.duration,
          render: e.renderStart ? end - e.renderStart : 0,
          styleLayout: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map(
            (s) =>
              `${s.invoker}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''} ${Math.round(s.duration)} ms` +
              (s.forcedStyleAndLayoutDuration ? ` (forced layout ${Math.round(s.forcedStyleAndLayoutDuration)})` : ''),
          ),
        });
      }),
    ).observe({ type: 'long-animation-frame' });
  });

/** Changes a control as a visitor does and waits for the rows, all of them and their ranges, drawn. */
const change = (page: Page, selector: string, value: string) =>
  page.evaluate(
    ([selector, value]) =>
      new Promise<void>((resolve) => {
        const root = document.querySelector<HTMLElement>('[data-rank]')!;
        const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(selector)!;
        let drawn = false;
        root.addEventListener('rank-drawn', () => (drawn = true), { once: true });
        const frame = () =>
          drawn && root.dataset.drawing === undefined && root.dataset.ranges === 'made' ? void setTimeout(resolve, 300) : void requestAnimationFrame(frame);
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
        requestAnimationFrame(frame);
      }),
    [selector, value] as const,
  );

/** The main thread's time by kind of trace event over every task of a renderer's main thread, the largest first. */
function traceTotals(trace: Buffer): string {
  type Event = { ph: string; name: string; pid: number; tid: number; dur?: number; args?: { name?: string } };
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: Event[] }).traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const KINDS = ['Paint', 'Layout', 'PrePaint', 'Commit', 'Layerize', 'UpdateLayoutTree', 'FunctionCall', 'FireAnimationFrame', 'TimerFire', 'ParseHTML'];
  const totals = new Map<string, number>();
  let busy = 0;
  let long = 0;
  for (const e of events) {
    if (e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    const ms = (e.dur ?? 0) / 1000;
    if (e.name === 'RunTask') {
      busy += ms;
      if (ms > 50) long++;
    }
    const kind = e.name.includes('Intersection') ? 'intersection observers' : KINDS.includes(e.name) ? e.name : undefined;
    if (kind) totals.set(kind, (totals.get(kind) ?? 0) + ms);
  }
  const kinds = [...totals].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${ms.toFixed(0)}`);
  return `main thread busy ${busy.toFixed(0)} ms in all, ${long} tasks over 50 ms; by kind (ms): ${kinds.join(', ')}`;
}

async function main(dir: string, tracePath: string | undefined): Promise<void> {
  const server = await serveStatic({ dir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${server.url.replace(/\/$/, '')}/rank/`, { waitUntil: 'networkidle', timeout: 300_000 });
    await page.waitForSelector('[data-rank][data-drawn]', { state: 'attached' });
    if (process.env.RANK_FRAMES_CSS) await page.addStyleTag({ content: process.env.RANK_FRAMES_CSS });
    const counts = await page.evaluate(() => ({
      elements: document.querySelectorAll('*').length,
      fields: document.querySelectorAll('input[data-tag]').length,
    }));
    console.log(`/rank/: ${counts.elements} elements, ${counts.fields} capabilities' fields; CPU slowed ${CPU_SLOWDOWN}x`);
    // The bench's changes, of the two capabilities carried by the most benchmarks.
    const [a, b] = busiest(JSON.parse(readFileSync(join(dir, 'data/rank.json'), 'utf8')) as RankFile);
    const steps: [string, string, string][] = [
      [`input[data-tag="${a}"]`, '3', `${a}:3,*:1`],
      ['input[data-rest]', '0', `${a}:3`],
      [`input[data-tag="${b}"]`, '1', `${a}:3,${b}:1`],
      ['[data-preset]', 'alike', 'by=alike'],
      ['[data-preset]', `tag:${b}`, `${b}:1`],
      ['[data-preset]', `tag:${a}`, `${a}:1`],
    ];
    await observeFrames(page);
    if (tracePath) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    for (const [selector, value, weighing] of steps) {
      const started = await page.evaluate(() => performance.now());
      await change(page, selector, value);
      const frames = await page.evaluate((t0) => (window as unknown as { frames50: Frame[] }).frames50.splice(0).filter((f) => f.at >= t0), started);
      const longest = Math.max(0, ...frames.map((f) => f.duration));
      console.log(`${weighing}: ${frames.length} frames over 50 ms, the longest ${Math.round(longest)} ms`);
      for (const f of frames)
        console.log(
          `  +${Math.round(f.at - started)} ms: ${Math.round(f.duration)} ms, rendering ${Math.round(f.render)} (style and layout ${Math.round(f.styleLayout)})` +
            (f.scripts.length ? `; scripts: ${f.scripts.join('; ')}` : ''),
        );
    }
    if (tracePath) {
      const trace = await browser.stopTracing();
      writeFileSync(tracePath, trace);
      console.log(traceTotals(trace));
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

const [dir, tracePath] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node src/dev/bench/rank-frames.ts DIR [TRACE]  (DIR: a built site with /rank/, as --rank-site builds it)');
  process.exit(2);
}
await main(dir, tracePath);
